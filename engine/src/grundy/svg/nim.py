"""Nim: each heap a stack of counters; a counter is the move that leaves
exactly the counters below it."""

from ._base import PALETTE, U, drawer, el

GAP = 0.5 * U


def nim_title(game, pos, lang):
    """"Nim (3, 5, 7)": heaps are written as a tuple."""
    return f"{game.title.get(lang)} ({', '.join(map(str, pos))})"


@drawer("nim", title=nim_title)
def heaps(game, pos, moves):
    """Stacks of counters side by side, heap sizes written underneath."""
    tall = max(pos, default=0)
    # counters get flatter for tall heaps so the picture stays readable
    ch = U * (0.8 if tall <= 12 else 0.55 if tall <= 30 else 0.35)
    width = 1.2 * U
    body = []
    by_counter = {}
    for move in game.moves(pos):
        i = next(j for j, (a, b) in enumerate(zip(pos, move.to)) if b < a)
        by_counter[(i, move.to[i])] = move
    for i, h in enumerate(pos):
        cx = i * (width + GAP) + width / 2
        for j in range(h):
            cy = -(j + 0.5) * ch
            move = by_counter.get((i, j))
            fill = moves.colour(move, PALETTE["counter"]) if move else PALETTE["counter"]
            disc = el("ellipse", class_="counter", cx=cx, cy=cy, rx=width / 2 - 1,
                      ry=ch / 2 - 0.8, fill=fill, stroke=PALETTE["counter_edge"],
                      stroke_width="1.2")
            body.append(moves.wrap(move, disc) if move else disc)
        body.append(el("text", str(h), x=cx, y=0.75 * U, text_anchor="middle",
                       fill="currentColor", font_size=f"{0.5 * U:.0f}",
                       font_family="sans-serif"))
    w = max(len(pos), 1) * (width + GAP) - GAP
    top = max(tall, 1) * ch
    return (-GAP, -top - GAP, w + 2 * GAP, top + GAP + U), "".join(body)
