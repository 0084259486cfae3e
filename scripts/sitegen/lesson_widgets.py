"""The play widgets of the site's pages, read from their sources (docs/*.md, the English
editions: the Japanese ones play the same games): what the computer players are
calibrated on (levels.py) and the starts the teacher's form suggests (classroom_data.py)."""

from __future__ import annotations

import shlex
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"


def play_widgets() -> list[dict[str, str]]:
    """The arguments of every ```grundy widget type=play directive but sums of games, page
    by page in the order of the files' names."""
    found = []
    for path in sorted(DOCS.glob("*.md")):
        if path.name.endswith(".ja.md"):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for line, body in zip(lines, lines[1:]):
            words = shlex.split(body.strip()) if line.strip() == "```grundy" else []
            if words and words[0] == "widget":
                args = dict(word.split("=", 1) for word in words[1:] if "=" in word)
                if args.get("type") == "play" and args.get("game") != "sum":
                    found.append(args)
    return found
