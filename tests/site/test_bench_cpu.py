"""scripts/bench_cpu.py: a command's CPU time by kind of process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import bench_cpu  # noqa: E402

BUSY = "import time\nt = time.process_time()\nwhile time.process_time() - t < 1: pass"


def test_a_command_is_counted_by_kind():
    spent, wall, code = bench_cpu.sample([sys.executable, "-c", BUSY])
    assert code == 0 and wall >= 1
    assert spent["Python: pytest, builds"] >= 0.6  # (its last 0.3 s may be lost)


def test_kinds_of_chromium_processes():
    assert bench_cpu.kind("/usr/lib/chromium/chromium --type=renderer --top-chrome-webui") == \
        "Chromium: the address bar's popup"
    assert bench_cpu.kind("/usr/lib/chromium/chromium --type=renderer --lang=en") == "Chromium: renderers"
    assert bench_cpu.kind("/usr/lib/chromium/chromium --headless --no-sandbox") == "Chromium: browser process"
    assert bench_cpu.kind("/usr/bin/mona -q proof.mona") == "MONA"
    assert bench_cpu.kind(".venv/bin/python -m pytest tests/engine/test_prove_mona.py") == "Python: pytest, builds"


def test_a_command_too_short_to_be_seen():
    assert bench_cpu.main(["true"]) == 0


def test_a_command_that_cannot_run_is_one_line():
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_cpu.py"), "--", "/no/such/command"],
                         capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().count("\n") == 0 and "cannot run /no/such/command" in run.stderr
