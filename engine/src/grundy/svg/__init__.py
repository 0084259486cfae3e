"""SVG pictures of positions, for the static pages and the play widgets.

`draw(game, pos)` returns one standalone <svg> string (standard library only, so it
runs in Pyodide too). Every legal move is one element with class="move" and
data-to="c1,c2,..." (the position after it); with interactive=True those elements
are also focusable buttons labelled with the move's description."""

from . import boards, chocolates, nim
from ._base import Moves, root

__all__ = ["draw", "title"]

_DRAWERS = {
    "nim": nim.heaps,
    "rect": chocolates.rect,
    "chocolate": chocolates.triangle,
    "step": chocolates.step,
    "step3": chocolates.step,
    "wythoff": boards.board,
    "ryuoh": boards.board,
}

_NAMES = {
    "nim": ("Nim", "ニム"),
    "rect": ("Rectangular chocolate", "長方形のチョコレート"),
    "chocolate": ("Triangular chocolate", "三角チョコレート"),
    "step": ("Step chocolate", "階段チョコレート"),
    "step3": ("Step chocolate with a bar", "棒つき階段チョコレート"),
    "wythoff": ("Wythoff's game", "ワイソフのゲーム"),
    "ryuoh": ("Ryuoh Nim", "龍王ニム"),
}


def title(game, pos, lang="en"):
    """A one-line description of the position, e.g. "Triangular chocolate {10, 5, 5}"."""
    ja = lang == "ja"
    name = _NAMES.get(game.name, (game.name, game.name))[ja]
    params = game.params
    if game.name in ("wythoff", "ryuoh"):
        where = f"({pos[0]}, {pos[1]})"
        if game.name == "ryuoh" and params.get("p", 3) != 3:
            name = (f"一般化された龍王ニム（p = {params['p']}）" if ja
                    else f"Generalized Ryuoh Nim (p = {params['p']})")
        if game.name == "wythoff":
            return f"{name}：クイーンは {where}" if ja else f"{name}: the queen at {where}"
        return f"{name}：龍王は {where}" if ja else f"{name}: the Dragon King at {where}"
    coords = ", ".join(str(c) for c in pos)
    text = f"{name} ({coords})" if game.name == "nim" else f"{name} {{{coords}}}"
    extra = ""
    if game.name == "chocolate" and params.get("k", 3) != 3:
        extra = f"k = {params['k']}"
    elif game.name in ("step", "step3") and "f" in params:
        extra = f"f(t) = {params['f']}"
    if extra:
        text += f"（{extra}）" if ja else f" ({extra})"
    return text


def draw(game, pos, *, lang="en", interactive=False, hints=None):
    """The position `pos` of `game` as an SVG string.

    hints maps a target "c1,c2,..." to "P" or "N": that move is coloured (P, a good
    move, green; N red) and gets the class hint-P / hint-N."""
    pos = tuple(game.validate(pos))
    drawer = _DRAWERS.get(game.name)
    if drawer is None:
        raise ValueError(f"no picture for the game {game.name!r}")
    box, body = drawer(game, pos, Moves(lang, interactive, hints))
    return root(game.name, title(game, pos, lang), box, body, interactive=interactive)
