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
from .lesson_widgets import play_widgets
from .widgets_markup import _first_moves

def lesson_starts() -> list[tuple]:
    """(game, params, pos) of the pages' play widgets in normal play (docs/*.md `widget
    type=play` without misere= or pass=: an assignment's game has neither), the parameters
    as the form writes them (the game's values: {"k": 3}, {} for rect)."""
    out = []
    for args in play_widgets():
        if "true" in (args.get("misere"), args.get("pass")):
            continue
        a = Args("classroom", {k: v for k, v in args.items() if k != "type"})
        game = a.game()
        out.append((game.name, game.params, list(a.position("start", game))))
    return out


def _compact(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def suggested_starts(games: list[dict]) -> list[tuple]:
    """(game, params, pos) of each game's default start (its parameters' defaults, as the
    teacher's form fills them in), then the lessons' (lesson_starts), without repeats."""
    out = []
    for entry in games:
        params = {p["name"]: p["default"] for p in entry["params"] if p["default"] is not None}
        out.append((entry["name"], params, list(entry["start"])))
    for start in lesson_starts():
        if start not in out:
            out.append(start)
    return out


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
