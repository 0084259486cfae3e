"""Chomp: the bar as a staircase of rows, the poisoned square at the bottom left (row 0,
column 0), rows stacked upwards. Every square but the poison is the move that eats it
with everything above it and to its right: a clickable cell (class "move", data-to the
position after it, `data-eats="up-right"` so that the play widget shades that corner of
the bar in its preview)."""

from ..games.chomp import eaten_square, shape
from ._base import PALETTE, U, drawer, el
from .chocolates import FACES, _bar, _box, _square

LABELS_UP_TO = 16  # rows and columns are numbered on bars at most this long


def _outline(rows):
    """The staircase around the rows (row i from y = -i U up to -(i + 1) U)."""
    pts = [(0.0, 0.0)]
    for i, r in enumerate(rows):
        pts += [(r * U, -i * U), (r * U, -(i + 1) * U)]
    return pts + [(0.0, -len(rows) * U)]


def _cell(moves, move, i, j):
    """Square (i, j) as the move that eats it: a hit area (coloured by a hint) and a dot
    shown on hover."""
    hint = moves.hint(move)
    x, y = j * U, -(i + 1) * U
    return moves.wrap(move, el(
        "rect", class_="hit", x=x, y=y, width=U, height=U, fill=moves.colour(move, "#000"),
        fill_opacity="0.45" if hint else "0") + el(
        "circle", class_="dot", cx=x + U / 2, cy=y + U / 2, r=U * (0.2 if hint else 0.16),
        fill=moves.colour(move, PALETTE["hover"]), fill_opacity="0.9" if hint else "0"),
        data_eats="up-right")


def _labels(rows):
    """Row numbers on the left, column numbers below (small bars only)."""
    size = 0.42 * U
    text = "".join(el("text", str(i), x=-0.35 * U, y=-(i + 0.5) * U + 0.35 * size,
                      text_anchor="end") for i in range(len(rows)))
    text += "".join(el("text", str(j), x=(j + 0.5) * U, y=0.55 * U + 0.35 * size,
                       text_anchor="middle") for j in range(rows[0]))
    return el("g", text, class_="labels", fill="currentColor", font_size=f"{size:.1f}",
              font_family="sans-serif", fill_opacity="0.75")


@drawer("chomp")
def chomp(game, pos, moves):
    """The rows of pos (eaten rows, of length 0, are not drawn), each square a move."""
    rows = shape(pos)
    outline = _outline(rows)
    cells = [_cell(moves, move, *eaten_square(pos, move.to)) for move in game.moves(pos)]
    pieces = [_square(j, -(i + 1)) for i, r in enumerate(rows) for j in range(r)
              if (i, j) != (0, 0)] if sum(rows) <= FACES else []
    body = _bar(outline, cells, _square(0, -1), pieces)
    x, y, w, h = _box(outline)
    if max(rows[0], len(rows)) > LABELS_UP_TO:
        return (x, y, w, h), body
    return (x - 0.5 * U, y, w + 0.5 * U, h + 0.6 * U), body + _labels(rows)
