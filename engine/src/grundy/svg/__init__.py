"""SVG pictures of positions, for the static pages and the play widgets.

`draw(game, pos)` returns one standalone <svg> string (standard library only, so it
runs in Pyodide too). Every legal move is one element with class="move" and
data-to="c1,c2,..." (the position after it); with interactive=True those elements
are also focusable buttons labelled with the move's description.

Each game registers its drawer with `@drawer("name")` (see _base.py); a game without
one is drawn as its list of moves (svg/generic.py); a sum of games is drawn as its
components side by side, a game with a pass as the game itself (data-to then carries the
pass coordinate too). Anything that is not a game raises grundy.GameError."""

from ..budget import require_drawing
from ..core import GameError
from ..text import Text
from ..passing import PassGame
from ..sums import SumGame
from ..core import Game
from . import boards, chocolates, nim  # noqa: F401  (register the drawers)
from ._base import DRAWERS, TITLES, U, Moves, drawer, el, root
from .generic import moves_list

__all__ = ["draw", "drawer", "title"]

GAP = 1.0 * U  # between the components of a sum


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


def _body(game, pos, moves):
    """(viewBox, body) of one game's drawing, or GameError when it has no drawer."""
    if isinstance(game, PassGame):
        flag, lift = pos[-1], moves.lift
        inner = Moves(moves.lang, moves.interactive, moves.hints,
                      lambda to: lift((*to, flag)))
        return _body(game.inner, pos[:-1], inner)
    if isinstance(game, SumGame):
        return _side_by_side(game, pos, moves)
    return DRAWERS.get(game.name, moves_list)(game, pos, moves)


def _side_by_side(game, pos, moves):
    """The components of a sum in a row, centred vertically, "+" between them;
    data-to = the flat position after the move."""
    drawn = []
    for i, (g, part) in enumerate(zip(game.games, game.split(pos))):
        lift = (lambda i: lambda to: moves.lift(game._lift(pos, i, to)))(i)
        drawn.append(_body(g, part, Moves(moves.lang, moves.interactive, moves.hints, lift)))
    height = max(max(box[3] for box, _ in drawn), U)
    parts, x = [], 0.0
    for i, ((bx, by, bw, bh), body) in enumerate(drawn):
        if i:
            parts.append(el("text", "+", x=x - GAP / 2, y=height / 2 + 0.3 * U, text_anchor="middle",
                            fill="currentColor", font_size=f"{U:.0f}", font_family="sans-serif"))
        parts.append(el("g", body, transform=f"translate({x - bx:.2f},{(height - bh) / 2 - by:.2f})",
                        class_="component", data_component=str(i)))
        x += bw + GAP
    return (0.0, 0.0, max(x - GAP, U), height), "".join(parts)


def draw(game, pos, *, lang="en", interactive=False, hints=None):
    """The position `pos` of `game` as an SVG string.

    hints maps a target "c1,c2,..." to "P" or "N": that move is coloured (P, a good
    move, green; N red) and gets the class hint-P / hint-N."""
    if not isinstance(game, Game):
        raise GameError(f"cannot draw {game!r}: not a game", "ゲームではないので描けません。")
    pos = tuple(game.validate(pos))
    require_drawing(game.move_bound(pos) + (max(pos, default=0) + 1) ** 2,
                    title(game, pos, lang) if len(pos) <= 8 else game.label().get(lang))
    box, body = _body(game, pos, Moves(lang, interactive, hints))
    return root(game.name, title(game, pos, lang), box, body, interactive=interactive)
