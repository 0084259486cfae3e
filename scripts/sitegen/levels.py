"""Generator `levels` and the calibration of the computer players (grundy.levels).

`starts()` are the lessons' start positions: every registered game's `default_start`
(default parameters) and the start of every play widget of docs/*.md (misère and pass
included), each whose remoteness search costs at most START_STEPS steps. Sums are left
out: their remoteness is beyond the browser's budget, where the players see one move ahead
only. `grundy.levels.calibrate(starts())` plays each level against the next from them.

`python scripts/sitegen/levels.py` stores that calibration in the engine
(engine/src/grundy/levels.json, read by `grundy.levels.CALIBRATION`, which the JSON
facade's `levels` op gives the widgets); `--check` exits 1 when the stored one is stale.
The directive ```` ```grundy levels ```` renders the table of the players with their
descriptions and win rates, computed again at build time, and fails the build when the
stored calibration differs (the widgets would show other numbers than the page).
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from html import escape
from pathlib import Path

if __package__ in (None, ""):  # run as a script: python scripts/sitegen/levels.py
    sys.path[:0] = [str(Path(__file__).resolve().parents[1]),
                    str(Path(__file__).resolve().parents[2] / "engine" / "src")]
    __package__ = "sitegen"

import grundy  # noqa: E402
from grundy import levels  # noqa: E402
from grundy.budget import reference_cost  # noqa: E402
from grundy.registry import games  # noqa: E402
from grundy.text import Text  # noqa: E402

from .args import Args  # noqa: E402
from .lesson_widgets import play_widgets  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
STORED = ROOT / "engine" / "src" / "grundy" / "levels.json"
START_STEPS = 300_000  # the most costly start's remoteness search (steps, grundy.budget)

HEAD = Text("| Player | How it plays | Against | Win rate (games) |\n| --- | --- | --- | --- |",
            "| 相手 | 指し方 | 対戦相手 | 勝率 (対局数) |\n| --- | --- | --- | --- |")
NOTE = Text("Win rates measured by the engine at build time, from {starts} start positions of "
            "the lessons; each player moves first in half of the games.",
            "勝率はビルド時にエンジンで測ったものです。レッスンの {starts} 個の開始局面から対局し、"
            "先手と後手を半分ずつ受け持ちます。")


def _widget_start(args: dict) -> tuple:
    """(label, game, start, misère) of one play widget."""
    a = Args("levels", {k: v for k, v in args.items() if k not in ("type", "misere")})
    game = a.game("chocolate")
    raw = a.get("start")
    inner = [int(c) for c in raw.replace(",", " ").split()]
    start = game.validate(inner + [1] if "pass" in game.coords_for((*inner, 1)) else inner)
    misere = args.get("misere") == "true"
    return _label(game, start, misere), game, start, misere


def _label(game, start, misere) -> str:
    """"chocolate k=3 5 2 2 misère", "nim 1 2 3 pass" (the pass still available)."""
    params = "".join(f" {k}={v}" for k, v in game.params.items())
    passing = "pass" in game.coords_for(start)
    shown = " ".join(map(str, start[:-1] if passing else start))
    return f"{game.name}{params} {shown}{' pass' if passing else ''}{' misère' if misere else ''}"


def starts() -> list[tuple]:
    """[(label, game, start, misère)] without repeats, defaults first, then the lessons'
    widgets in the order of the files' names; only the starts cheap enough to search."""
    found = []
    for cls in games():
        g = grundy.game(cls.name)
        found.append((_label(g, g.validate(cls.default_start), False), g,
                      g.validate(cls.default_start), False))
    found.extend(_widget_start(args) for args in play_widgets())
    out, seen = [], set()
    for start in found:
        _, game, pos, _ = start
        if start[0] not in seen and reference_cost(pos, game.move_bound(pos))[0] <= START_STEPS:
            seen.add(start[0])
            out.append(start)
    return out


@lru_cache(maxsize=1)
def measured() -> dict:
    """The calibration computed now, from the lessons' starts."""
    return levels.calibrate(starts())


def _rate(entry: dict | None, lang: str) -> tuple[str, str]:
    if not entry or entry["win_rate"] is None:
        return "", ""
    against = levels.PLAYERS[entry["against"]].title.get(lang)
    return against, f"{entry['win_rate']:.0%} ({entry['wins']} / {entry['games']})"


def table(args: dict, ctx) -> str:
    """The directive `levels` (no arguments): the players, how they play, and the win rate
    of each against the next level (a bot: against level 1), in the page's language."""
    Args("levels", args).done()
    fresh = measured()
    if fresh != levels.CALIBRATION:
        raise Args("levels", {}).error(
            "the stored calibration (engine/src/grundy/levels.json) is stale: run "
            "python scripts/sitegen/levels.py")
    lang = ctx.lang
    rows = [HEAD.get(lang)]
    for p in levels.PLAYERS.values():
        against, rate = _rate(fresh["rates"].get(p.name), lang)
        cells = (p.title.get(lang), p.description.get(lang), against, rate)
        rows.append("| " + " | ".join(escape(c).replace("|", "\\|") for c in cells) + " |")
    note = NOTE.format(starts=len(fresh["starts"])).get(lang)
    return "\n".join(rows) + f"\n\n{escape(note)}\n"


def main(argv: list[str]) -> int:
    """Write the calibration to engine/src/grundy/levels.json; with --check, compare."""
    text = json.dumps(measured(), ensure_ascii=False, indent=1) + "\n"
    if argv == ["--check"]:
        same = STORED.exists() and json.loads(STORED.read_text(encoding="utf-8")) == measured()
        print("levels.json is up to date" if same else "levels.json is stale: run "
              "python scripts/sitegen/levels.py", file=sys.stderr)
        return 0 if same else 1
    if argv:
        print("usage: python scripts/sitegen/levels.py [--check]", file=sys.stderr)
        return 2
    STORED.write_text(text, encoding="utf-8")
    print(f"wrote {STORED.relative_to(ROOT)}: {len(measured()['starts'])} starts")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
