"""Generator `widget`: the custom element the widget script takes over, with a static fallback.

`widget type=play|table|nimsum|pviewer game=... params... start=...` becomes
`<grundy-play class="grundy-widget" data-game data-params='{json}' data-start data-lang>`
(and <grundy-table>, <grundy-nimsum>, <grundy-pviewer>) around the static picture.
Play widgets also take `misere=true`, `pass=true` (one pass allowed, a Pass button) and
sums: `game=sum parts="chocolate k=3 | nim heaps=1 | wythoff" start="10 5 5 | 6 | 3 5"`
(data-params = {"components": [{"game", "params"}, ...]}).

Every widget draws first from answers the engine wrote at build time (data-answers: a
play widget's first moves, play_data.py; the first table, nim-sum or P-positions of the
others, written.py) and builds its controls from the build-time game catalogue
(data-catalogue): the engine loads only when the reader asks for more.
"""

from __future__ import annotations

import json
import shlex
from functools import reduce
from html import escape
from operator import xor

import grundy
from grundy import webapi

from . import cache, figures, play_data, tables, written
from .args import Args
from .pictures import picture_html
from .strings import text

KINDS = ("play", "table", "nimsum", "pviewer")
FLAGS = ("misere", "pass")  # play options, passed on as data-misere / data-pass = "true"
# The first drawing's size where the directive gives no max= (the widgets then offer
# others): the table explorer's default by the number of coordinates (DEFAULT_MAX of
# grundy-table.js), the P-position viewer's 31.
FIRST_MAX = {"table": lambda game: {1: 30, 2: 20, 3: 12, 4: 6}.get(len(game.coords), 6),
             "pviewer": lambda game: 31}


def _nimsum_fallback(heaps: list[int], lang: str) -> str:
    """The heaps and their nim-sum in binary, one row each."""
    total = reduce(xor, heaps, 0)
    width = max(1, *(v.bit_length() for v in heaps))
    rows = [(str(h), h) for h in heaps] + [(f"{text('nimsum.total', lang)} = {total}", total)]
    body = "\n".join(f'<tr><th scope="row">{escape(label)}</th><td><code>{v:0{width}b}</code></td></tr>'
                     for label, v in rows)
    return f"<table>\n<tbody>\n{body}\n</tbody>\n</table>"


def _heaps(a: Args, raw: str) -> list[int]:
    try:
        heaps = [int(h) for h in raw.replace(",", " ").split()]
    except ValueError:
        raise a.error(f"start={raw!r}: heaps are whole numbers") from None
    if not heaps or min(heaps) < 0:
        raise a.error(f"start={raw!r}: give one or more heaps >= 0")
    return heaps


def _flag(a: Args, key: str) -> bool:
    return a.choice(key, ("true", "false"), "false") == "true"


def _sum_parts(a: Args) -> list:
    """The component games of `parts="chocolate k=3 | nim heaps=1 | wythoff"`."""
    games = []
    for part in a.get("parts").split("|"):
        words = shlex.split(part)
        if not words:
            raise a.error("parts: an empty component (write parts=\"chocolate k=3 | nim heaps=1\")")
        args = dict(word.split("=", 1) if "=" in word else (word, "") for word in words[1:])
        sub = Args(a.generator, {"game": words[0], **args})
        games.append(sub.game())
        try:
            sub.done()
        except ValueError:
            raise a.error(f"parts: {part.strip()!r} has an unknown parameter") from None
    return games


def _sum_start(a: Args, raw: str, games: list) -> tuple:
    """`start="10 5 5 | 6 | 3 5"`: one position per component, validated, concatenated."""
    chunks = raw.split("|")
    if len(chunks) != len(games):
        raise a.error(f"start={raw!r}: give {len(games)} positions separated by |")
    return tuple(c for game, chunk in zip(games, chunks) for c in a.parse_position("start", chunk, game))


def _first_moves(ctx, data: dict, pos: tuple, flags: dict) -> str:
    """The URL of the widget's first moves answered by the engine (play_data), naming the
    rest of its game (`rest`: a file beside it, or null); both cached on disk."""
    args = (data["game"], data["params"], list(pos), ctx.lang, flags["misere"], flags["pass"])
    name = cache.key("first-moves", *args)
    folder = ctx.cache_dir / "first-moves"
    path, rest_path = folder / f"{name}.json", folder / f"{name}-rest.json"
    if not path.exists():
        rest = play_data.rest_of_game(*args)
        if rest:
            cache.store(rest_path, json.dumps(rest, ensure_ascii=False, separators=(",", ":")))
        first = {**play_data.first_moves(*args), "rest": f"{name}-rest.json" if rest else None}
        cache.store(path, json.dumps(first, ensure_ascii=False, separators=(",", ":")))
    if rest_path.exists():
        ctx.asset(f"play/{name}-rest.json", rest_path.read_bytes())
    return ctx.asset(f"play/{name}.json", path.read_bytes())


def catalogue(ctx) -> str:
    """The URL of the engine's game catalogue (the `games` operation), written once per build."""
    return ctx.asset("play/games.json", json.dumps(webapi.handle({"op": "games"}),
                                                   ensure_ascii=False, separators=(",", ":")))


def _play(a: Args, game_name: str, lang: str) -> tuple[dict, str]:
    """The data-* attributes and the static fallback of a play widget."""
    flags = {key: _flag(a, key) for key in FLAGS}
    if game_name == "sum":
        a.get("game")
        parts = _sum_parts(a)
        raw = a.get("start")
        pos = _sum_start(a, raw, parts)
        try:
            game = grundy.SumGame(parts)
        except grundy.GameError as e:
            raise a.error(f"parts: {e}") from None
        params = {"components": [{"game": g.name, "params": g.params} for g in parts]}
        picture, i = [], 0
        for g in parts:
            n = len(g.coords)
            picture.append(picture_html(g, pos[i:i + n], "", lang))
            i += n
        picture = '<div class="grundy-sum-pictures">\n' + "\n".join(picture) + "\n</div>"
    else:
        game = a.game("chocolate")
        params = game.params
        raw = a.get("start", "")
        if not raw:
            raise a.error("a play widget needs start=")
        pos = a.parse_position("start", raw, game)
        picture = picture_html(game, pos, "", lang)
    data = {"game": game_name if game_name == "sum" else game.name, "params": params, "start": raw}
    data.update({key: "true" for key, on in flags.items() if on})
    # Only the start's picture: the lessons ask the reader who wins and how (a puzzle).
    return data, picture, pos, flags


def widget(args: dict[str, str], ctx) -> str:
    """Arguments: type=play|table|nimsum|pviewer, game, params (k, p, f, heaps, sides),
    start, max; play also misere=true, pass=true and game=sum with parts=.

    The static fallback: play = the picture of the start (no outcome, no winning move:
    every play widget sits under a "can you win?" question); table = the
    Grundy table (max, default 10; the P-positions for three coordinates); nimsum = the
    heaps in binary; pviewer = the projection of the P-positions.
    """
    a = Args("widget", args)
    kind = a.choice("type", KINDS)
    lang = ctx.lang
    if kind == "play":
        data, fallback, pos, flags = _play(a, args.get("game", "chocolate"), lang)
        a.done()
        data["answers"] = _first_moves(ctx, data, pos, flags)
    elif kind == "nimsum":
        data = {"start": a.get("start", "3 5 6")}
        a.done()
        heaps = _heaps(a, data["start"])
        fallback = _nimsum_fallback(heaps, lang)
        first = {"op": "nimsum", "heaps": " ".join(map(str, heaps))}
    else:
        game = a.game("chocolate")
        given = a.has("max")
        size = a.integer("max", FIRST_MAX[kind](game), 1, 199)
        static_max = str(size) if given else "10"  # the table's static fallback
        a.done()
        data = {"game": game.name, "params": game.params, "max": size}
        if kind == "table":  # two coordinates: the table; more: the list of P-positions
            generator = tables.table if len(game.coords) == 2 else tables.ppositions
            fallback = generator({"game": game.name, "max": static_max,
                                  **{k: str(v) for k, v in game.params.items()}}, ctx)
            first = {"op": "table", "game": game.name, "params": game.params, "max": size,
                     "compare": "formula", "flat": True}
        else:
            fallback = figures.figure({"name": "projection", "k": str(game.params.get("k", 3))}, ctx)
            first = {"op": "ppositions", "k": game.params.get("k", 3), "max": size}
    if kind != "play":  # the first drawing: the engine's build-time answer (written.py)
        request = {"lang": lang, **first}
        data["answers"] = written.asset(ctx, "widgets", request, lambda: written.written([request]))
    if kind != "nimsum":  # the controls, built without the engine
        data["catalogue"] = catalogue(ctx)
    if "params" in data:
        data["params"] = json.dumps(data["params"], ensure_ascii=False)
    data["lang"] = lang
    attrs = "".join(f" data-{k}='{escape(str(v))}'" for k, v in data.items())
    note = text("widget.static", lang, kind=text(f"widget.kind.{kind}", lang))
    tag = f"grundy-{kind}"
    # inside a <div>: Markdown would put a lone custom element in a paragraph, which the
    # HTML parser closes at the fallback's first <figure>, leaving it outside the element
    return (f'<div class="grundy-widget-box">\n<{tag} class="grundy-widget"{attrs}>\n{fallback}\n'
            f'<p class="grundy-widget-static">{escape(note)}</p>\n</{tag}>\n</div>')
