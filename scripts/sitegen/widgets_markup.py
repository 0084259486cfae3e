"""Generator `widget`: the placeholder the widget script takes over, with a static fallback."""

from __future__ import annotations

import json
from functools import reduce
from html import escape
from operator import xor

from . import figures, tables
from .args import Args, position_text
from .pictures import picture_html
from .strings import text

KINDS = ("play", "table", "nimsum", "pviewer")
# arguments passed through to the widget script as data-* attributes
PASSED = ("start", "max", "misere")


def _outcome(game, pos, lang: str, misere: bool) -> str:
    """One sentence: who wins from `pos`, in normal or in misère play."""
    if misere:
        key = "outcome.misere." + game.outcome(pos, misere=True)
        return f"<p>{escape(text(key, lang, pos=position_text(pos)))}</p>"
    g = game.grundy(pos)
    key = "outcome.P" if g == 0 else "outcome.N"
    return f"<p>{escape(text(key, lang, pos=position_text(pos), g=g))}</p>"


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


def widget(args: dict[str, str], ctx) -> str:
    """Arguments: type=play|table|nimsum|pviewer, game, params (k, p, f, heaps, sides),
    start, max, misere (passed to the widget script as data-* attributes).

    The static fallback: play = the picture of the start and its outcome; table = the
    Grundy table (max, default 10; the P-positions for three coordinates); nimsum = the
    heaps in binary; pviewer = the projection of the P-positions.
    """
    a = Args("widget", args)
    kind = a.choice("type", KINDS)
    lang = ctx.lang
    data = {"widget": kind}
    if kind != "nimsum":
        game = a.game("chocolate")
        data.update(game=game.name, params=json.dumps(game.params, ensure_ascii=False))
    data.update({key: a.get(key) for key in PASSED if a.has(key)})
    a.done()
    if kind == "nimsum":
        fallback = _nimsum_fallback(_heaps(a, data.setdefault("start", "3 5 6")), lang)
    elif kind == "play":
        if "start" not in data:
            raise a.error("a play widget needs start=")
        pos = a.parse_position("start", data["start"], game)
        misere = data.get("misere") == "true"
        fallback = picture_html(game, pos, "", lang) + "\n" + _outcome(game, pos, lang, misere)
    elif kind == "table":  # two coordinates: the table; more: the list of P-positions
        generator = tables.table if len(game.coords) == 2 else tables.ppositions
        fallback = generator({"game": game.name, "max": data.get("max", "10"),
                              **{k: str(v) for k, v in game.params.items()}}, ctx)
    else:
        fallback = figures.figure({"name": "projection", "k": str(game.params.get("k", 3))}, ctx)
    data["lang"] = lang
    attrs = "".join(f" data-{k}='{escape(str(v))}'" for k, v in data.items())
    note = text("widget.static", lang, kind=text(f"widget.kind.{kind}", lang))
    return (f'<div class="grundy-widget"{attrs}>\n{fallback}\n'
            f'<p class="grundy-widget-static">{escape(note)}</p>\n</div>')
