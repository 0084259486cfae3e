"""SVG pictures of positions, for the static pages and the play widgets.

`draw(game, pos)` returns one standalone <svg> string (standard library only, so it
runs in Pyodide too). Every legal move is one element with class="move" and
data-to="c1,c2,..." (the position after it); with interactive=True those elements
are also focusable buttons labelled with the move's description.

Each game registers its drawer with `@drawer("name")` (see _base.py) in a module of
this package (every one is imported); a game without
one is drawn as its list of moves (svg/generic.py); a sum of games is drawn as its
components side by side, a game with a pass as the game itself (data-to then carries the
pass coordinate too). Anything that is not a game raises grundy.GameError."""

from ..budget import require_drawing
from ..core import GameError
from ..text import Text
from ..passing import PassGame
from ..sums import SumGame
from ..core import Game
from ..plugins import import_all
from ._base import DRAWERS, TITLES, U, Moves, drawer, el, root
from .generic import moves_list

__all__ = ["draw", "drawer", "title"]

import_all(__name__, __path__)  # every drawer module registers its drawers

GAP = 1.0 * U  # between the components of a sum
STACK_ZOOM = 2.5  # a stacked sum widens a narrow board at most this much


def _shown_params(game):
    """The parameters a title shows: formulas always, numbers when not the default."""
    return [p for p in type(game).params if p.default is not None and p.name in game.params
            and (p.kind == "expr" or game.params[p.name] != p.default)]


def title(game, pos, lang="en"):
    """A one-line description of the position, e.g. "Triangular chocolate {10, 5, 5}"."""
    if isinstance(game, PassGame):
        used = Text("the pass is used", "パスは使用済み") if not pos[-1] else \
            Text("the pass is available", "パスが使える")
        return f"{title(game.inner, pos[:-1], lang)}{'、' if lang == 'ja' else ', '}{used.get(lang)}"
    if isinstance(game, SumGame):
        return " + ".join(title(g, part, lang) for g, part in zip(game.games, game.split(pos)))
    if game.name in TITLES:
        return TITLES[game.name](game, pos, lang)
    coords = ", ".join(str(c) for c in pos)
    text = f"{game.title.get(lang)} {{{coords}}}"
    extra = ", ".join(f"{p.label.get(lang)} = {game.params[p.name]}" for p in _shown_params(game))
    if extra:
        text += f"（{extra}）" if lang == "ja" else f" ({extra})"
    return text


def _body(game, pos, moves, stacked=False):
    """(viewBox, body) of one game's drawing, or GameError when it has no drawer."""
    if isinstance(game, PassGame):
        flag, lift = pos[-1], moves.lift
        inner = Moves(moves.lang, moves.interactive, moves.hints,
                      lambda to: lift((*to, flag)))
        return _body(game.inner, pos[:-1], inner, stacked)
    if isinstance(game, SumGame):
        return _arranged(game, pos, moves, stacked)
    return DRAWERS.get(game.name, moves_list)(game, pos, moves)


def _arranged(game, pos, moves, stacked):
    """The components of a sum in a row, or, stacked (for a narrow screen), in a column
    with each board widened towards the widest (at most STACK_ZOOM times), so that its
    labels stay legible; "+" between them; data-to = the flat position after the move."""
    drawn = []
    for i, (g, part) in enumerate(zip(game.games, game.split(pos))):
        lift = (lambda i: lambda to: moves.lift(game.lift(pos, i, to)))(i)
        drawn.append(_body(g, part, Moves(moves.lang, moves.interactive, moves.hints, lift)))
    across = max(max((box[2] if stacked else box[3]) for box, _ in drawn), U)
    parts, at = [], 0.0
    for i, ((bx, by, bw, bh), body) in enumerate(drawn):
        if i:
            x, y = (across / 2, at - GAP / 2 + 0.3 * U) if stacked else (at - GAP / 2, across / 2 + 0.3 * U)
            parts.append(el("text", "+", x=x, y=y, text_anchor="middle", fill="currentColor",
                            font_size=f"{U:.0f}", font_family="sans-serif"))
        zoom = min(across / bw, STACK_ZOOM) if stacked and bw else 1.0
        dx, dy = ((across - bw * zoom) / 2, at) if stacked else (at, (across - bh) / 2)
        parts.append(el("g", body, transform=f"translate({dx:.2f},{dy:.2f}) scale({zoom:.3f}) "
                                             f"translate({-bx:.2f},{-by:.2f})",
                        class_="component", data_component=str(i)))
        at += (bh * zoom if stacked else bw) + GAP
    length = max(at - GAP, U)
    box = (0.0, 0.0, across, length) if stacked else (0.0, 0.0, length, across)
    return box, "".join(parts)


def draw(game, pos, *, lang="en", interactive=False, hints=None, stacked=False):
    """The position `pos` of `game` as an SVG string (a sum's components in a column when
    `stacked`, for a narrow screen, else in a row).

    hints maps a target "c1,c2,..." to "P" or "N": that move is coloured (P, a good
    move, green; N red) and gets the class hint-P / hint-N."""
    if not isinstance(game, Game):
        raise GameError(f"cannot draw {game!r}: not a game", "ゲームではないので描けません。")
    pos = tuple(game.validate(pos))
    require_drawing(game.move_bound(pos) + (max(pos, default=0) + 1) ** 2,
                    title(game, pos, lang) if len(pos) <= 8 else game.label().get(lang))
    box, body = _body(game, pos, Moves(lang, interactive, hints), stacked)
    return root(game.name, title(game, pos, lang), box, body, interactive=interactive)
