"""The picture of a game without its own drawer: the position, then one button per move
(its description), so that every game can be shown and played."""

from ._base import PALETTE, U, el, esc

ROW = 1.1 * U
WIDTH = 12 * U


def moves_list(game, pos, moves):
    """The position as text above a column of move buttons (data-to as everywhere)."""
    body = [el("text", esc("{" + ", ".join(map(str, pos)) + "}"), x=0, y=0.7 * U,
               fill="currentColor", font_size=f"{0.6 * U:.0f}", font_family="sans-serif")]
    for i, move in enumerate(game.moves(pos)):
        y = (i + 1) * ROW
        face = el("rect", x=0, y=y, width=WIDTH, height=ROW - 0.15 * U, rx=0.2 * U,
                  fill=moves.colour(move, PALETTE["wood"]), class_="hit")
        label = el("text", esc(move.describe(moves.lang)), x=0.3 * U, y=y + 0.65 * U,
                   fill="#000", font_size=f"{0.45 * U:.0f}", font_family="sans-serif")
        body.append(moves.wrap(move, face + label))
    count = len(body)
    return (-0.2 * U, -0.2 * U, WIDTH + 0.4 * U, count * ROW + 0.4 * U), "".join(body)
