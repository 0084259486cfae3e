"""A fresh clone passes: every system command a test or the build runs is installed by
scripts/setup.sh, from the one list scripts/system-packages.txt, which .ci/run and the
Pages workflow use too (no other apt-get install)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIST = ROOT / "scripts" / "system-packages.txt"
CALL = re.compile(r'(?:subprocess\.(?:run|Popen|check_output|call)\(\s*\[|shutil\.which\()\s*"([\w.+-]+)"')
CHROMIUM = re.compile(r'^CHROMIUM = "/usr/bin/(\w+)"', re.M)
# Commands a test runs only when present, skipping without them (not installed by set-up).
OPTIONAL = {"gcc": "tests/engine/test_backends.py: the benchmark's C baseline, skipped without gcc"}
# Run by the shell scripts, which this test does not parse: the command, and where.
BY_SHELL = {"npm": "scripts/setup.sh", "node": "scripts/build.sh", "python3": "scripts/setup.sh"}
# Not commands: the Japanese pages' screenshots and PDFs need a Japanese font.
FONTS = {"ja"}


def packages() -> dict[str, tuple[str, list[str]]]:
    """scripts/system-packages.txt: package -> (kind of check, its arguments)."""
    rows = {}
    for line in LIST.read_text(encoding="utf-8").splitlines():
        words = line.split("#")[0].split()
        if words:
            rows[words[0]] = (words[1], words[2:])
    return rows


def commands_run() -> dict[str, str]:
    """Every command the tests, the benchmarks and the build's Python scripts run: command -> a file."""
    found = {}
    for path in [*ROOT.glob("tests/**/*.py"), *ROOT.glob("scripts/**/*.py"), *ROOT.glob("bench/**/*.py")]:
        text = path.read_text(encoding="utf-8")
        for name in CALL.findall(text) + CHROMIUM.findall(text):
            found.setdefault(name, str(path.relative_to(ROOT)))
    return found


def test_the_list_is_well_formed():
    kinds = {kind for kind, _ in packages().values()}
    assert kinds <= {"command", "python", "file", "font"}, kinds
    assert all(args for _, args in packages().values())


def test_every_command_a_test_runs_is_installed_by_setup():
    provided = {c for kind, args in packages().values() if kind == "command" for c in args}
    needed = {**commands_run(), **BY_SHELL}
    assert {"chromium", "pdftotext", "pdftoppm", "node"} <= needed.keys()  # the scan finds them
    for command, where in BY_SHELL.items():
        assert re.search(rf"(^|\s){command}\s", (ROOT / where).read_text(encoding="utf-8"), re.M), where
    missing = {c: where for c, where in needed.items()
               if c not in provided and c not in OPTIONAL and c != "bash"}
    assert not missing, f"add these commands' packages to scripts/system-packages.txt: {missing}"
    fonts = {args[0] for kind, args in packages().values() if kind == "font"}
    assert FONTS <= fonts


def test_one_list_for_setup_ci_and_pages():
    setup = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
    assert "scripts/system-packages.txt" in setup and "apt-get install" in setup
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    pages = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    for text in (ci, pages):
        assert "bash scripts/setup.sh --system-packages" in text
    others = [ROOT / ".ci" / "run", *ROOT.glob(".github/workflows/*.yml"), *ROOT.glob("scripts/*.sh")]
    assert [p.name for p in others if "apt-get install" in p.read_text(encoding="utf-8")] == ["setup.sh"]
