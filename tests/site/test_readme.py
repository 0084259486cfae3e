"""The README reads in minutes: at most 120 lines, its first screen gives the two commands
(build, test), and every file it links to or names as a command exists; what it says of
.ci/run is what .ci/run runs. Detail belongs in ARCHITECTURE.md or the site's pages."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
MOST_LINES = 120
FIRST_SCREEN = 40
COMMANDS = ("bash scripts/build.sh", "bash scripts/test.sh")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def lines() -> list[str]:
    return README.read_text(encoding="utf-8").splitlines()


def test_at_most_120_lines():
    assert len(lines()) <= MOST_LINES, f"README.md has {len(lines())} lines: move detail to ARCHITECTURE.md or the site"


def test_the_two_commands_on_the_first_screen():
    first = "\n".join(lines()[:FIRST_SCREEN])
    missing = [command for command in COMMANDS if command not in first]
    assert not missing, f"not in README.md's first {FIRST_SCREEN} lines: {missing}"
    for command in COMMANDS:
        assert (ROOT / command.split()[1]).is_file(), command


def test_every_linked_file_exists():
    text = README.read_text(encoding="utf-8")
    links = [target for target in LINK.findall(text) if "://" not in target]
    assert links, "README.md links to no file of the repository"
    missing = [target for target in links if not (ROOT / target).exists()]
    assert not missing, f"README.md links to missing files: {missing}"


def test_what_ci_runs_is_what_the_readme_says():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    text = README.read_text(encoding="utf-8")
    said = text[text.index("`.ci/run`"):].split("\n\n")[0]  # from the README's words on .ci/run
    for step in ("bash scripts/setup.sh --system-packages", "bash scripts/test.sh"):
        assert step in ci and step in said, step
