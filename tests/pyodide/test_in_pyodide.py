"""The engine inside Pyodide (Python 3.14 in WebAssembly) under Node: its wheel installs,
imports, passes tests/pyodide/engine_checks.py and the engine's own pytest suite."""

import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_in_pyodide.mjs")


def test_engine_in_pyodide(tmp_path):
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path),
                    str(ROOT / "engine")], check=True, capture_output=True)
    wheel = next(tmp_path.glob("grundy-*-py3-none-any.whl"))
    run = subprocess.run(["node", str(RUNNER), str(wheel), sysconfig.get_paths()["purelib"], "5"],
                         capture_output=True, text=True, timeout=1200, cwd=ROOT)
    print(run.stdout[-4000:], run.stderr[-2000:])
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    assert "RESULT" in run.stdout and "Python 3.14" in run.stdout
