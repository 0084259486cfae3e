"""Generator `classroom`: what the classroom's pages (assign/) show before the engine loads,
answered by the engine at build time.

An assignment link opened on a phone shows its tasks at once, and its play tasks play
their first moves at once when their start is one of the suggested starts below: the
page reads this data (docs/assets/classroom/data.js) instead of waiting for Pyodide
(megabytes). The output is one `<div class="cr-data" hidden data-json="…">` (not a JSON
<script>: Material's instant navigation runs a page's scripts again as JavaScript) and a
preload of the catalogue. The JSON:

- `catalogue`: the URL of the game catalogue (the `games` operation, the play widgets' file);
- `players`: every computer player, `[{name, title: {en, ja}}]` (`levels` without a game);
- `levels`: the players each game offers, `{game: [name]}` (`levels` of the game: a bot
  plays only its own games, whatever their parameters);
- `starts`: the suggested starts of a play task, `[{game, params, pos, answers}]`, with
  `answers` the URL of its first moves (play_data.py, normal play: an assignment's game
  has no misère or pass): each game's default start with its parameters' defaults (what
  the teacher's form proposes) and the starts of the lessons' play widgets in normal play.
"""

from __future__ import annotations

import json
from html import escape

from grundy import webapi

from .args import Args
from .widgets_markup import _first_moves

# The lessons' play widgets in normal play (docs/*.md `widget type=play`), as the form
# writes a game's parameters; every game's default start is added from the catalogue.
LESSON_STARTS = [
    ("chocolate", {"k": 1}, [3, 4, 2]), ("chocolate", {"k": 2}, [6, 3, 4]),
    ("rect", {}, [3, 6, 2]), ("step", {"f": "t//4"}, [3, 13]), ("step3", {"f": "t//2"}, [4, 4, 9]),
    ("wythoff", {}, [9, 5]), ("ryuoh", {"p": 3}, [7, 4]),
]


def _compact(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def suggested_starts(games: list[dict]) -> list[tuple]:
    """(game, params, pos) of each game's default start (its parameters' defaults, as the
    teacher's form fills them in), then LESSON_STARTS, without repeats."""
    out = []
    for entry in games:
        params = {p["name"]: p["default"] for p in entry["params"] if p["default"] is not None}
        out.append((entry["name"], params, list(entry["start"])))
    return out + [s for s in LESSON_STARTS if s not in out]


def classroom(args: dict[str, str], ctx) -> str:
    """No arguments: the classroom's build-time data for the page's language (see the
    module's docstring)."""
    Args("classroom", args).done()
    games = webapi.handle({"op": "games"})
    catalogue = ctx.asset("play/games.json", _compact(games))  # the play widgets' file
    players = [{"name": p["name"], "title": p["title"]} for p in webapi.handle({"op": "levels"})["levels"]]
    levels = {entry["name"]: [p["name"] for p in webapi.handle({"op": "levels", "game": entry["name"]})["levels"]]
              for entry in games["games"]}
    no_flags = {"misere": False, "pass": False}
    starts = [{"game": game, "params": params, "pos": pos,
               "answers": _first_moves(ctx, {"game": game, "params": params}, pos, no_flags)}
              for game, params, pos in suggested_starts(games["games"])]
    data = _compact({"catalogue": catalogue, "players": players, "levels": levels, "starts": starts})
    # the catalogue is the first thing both elements fetch: asked for with the page
    return (f'<link rel="preload" href="{escape(catalogue)}" as="fetch" crossorigin="anonymous">\n'
            f'<div class="cr-data" hidden data-json="{escape(data)}"></div>')
