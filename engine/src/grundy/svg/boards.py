"""Boards: Wythoff's game (a queen) and Ryuoh Nim (a Dragon King), goal at top left."""

from math import cos, pi, sin

from ._base import PALETTE, U, drawer, el, points


def _label_step(n):
    """Label every square on small boards, every 5th or 10th on large ones."""
    return 1 if n <= 16 else 5 if n <= 40 else 10


def _queen(cx, cy):
    """A crown-shaped queen centred on (cx, cy)."""
    s = U / 24
    spikes = [(-8, 6), (-9, -5), (-4.5, 1), (0, -8), (4.5, 1), (9, -5), (8, 6)]
    crown = [(cx + a * s, cy + b * s) for a, b in spikes]
    balls = "".join(el("circle", cx=cx + a * s, cy=cy + b * s, r=1.7 * s)
                    for a, b in spikes[1:6:2] + [spikes[3]])
    base = el("rect", x=cx - 8.5 * s, y=cy + 6 * s, width=17 * s, height=3.2 * s, rx=1.2 * s)
    return el("g", el("polygon", points=points(crown)) + balls + base, class_="piece",
              fill="#2b2b33", stroke="#f4f1ea", stroke_width=f"{0.9 * s:.2f}",
              stroke_linejoin="round")


def _dragon(cx, cy):
    """A shogi piece with 龍 (the Dragon King) centred on (cx, cy)."""
    s = U / 24
    shape = [(0, -10.5), (7.5, -7), (9.5, 10), (-9.5, 10), (-7.5, -7)]
    piece = el("polygon", points=points([(cx + a * s, cy + b * s) for a, b in shape]),
               fill="#f7e6bb", stroke="#5a4020", stroke_width=f"{1.1 * s:.2f}",
               stroke_linejoin="round")
    glyph = el("text", "龍", x=cx, y=cy + 5.2 * s, text_anchor="middle",
               font_size=f"{12.5 * s:.1f}", font_weight="bold", fill="#b3261e",
               font_family="'Hiragino Mincho ProN','Yu Mincho','Noto Serif CJK JP',serif")
    return el("g", piece + glyph, class_="piece")


def board_title(game, pos, lang):
    """"Wythoff's game: the queen at (x, y)", "Ryuoh Nim: the Dragon King at (x, y)"."""
    ja = lang == "ja"
    name = game.title.get(lang)
    if game.name == "ryuoh" and game.p != 3:
        name = (f"一般化された龍王ニム（p = {game.p}）" if ja
                else f"Generalized Ryuoh Nim (p = {game.p})")
    where = f"({pos[0]}, {pos[1]})"
    piece = "クイーン" if game.name == "wythoff" else "龍王"
    if ja:
        return f"{name}：{piece}は {where}"
    return f"{name}: the {'queen' if game.name == 'wythoff' else 'Dragon King'} at {where}"


@drawer("wythoff", "ryuoh", title=board_title)
def board(game, pos, moves):
    """The board with the goal (0, 0), the piece at pos = (x, y) and its targets."""
    x, y = pos
    n = max(x, y) + 2
    side = n * U
    step = _label_step(n)
    size = 0.42 * U * max(1.0, n / 18)     # labels stay legible on large boards
    font = f"{size:.1f}"
    grid = "".join(f"M{i * U:.1f},0V{side:.1f}M0,{i * U:.1f}H{side:.1f}" for i in range(1, n))
    body = [
        el("rect", class_="board", x=0, y=0, width=side, height=side,
           fill=PALETTE["wood"], stroke=PALETTE["wood_line"], stroke_width=f"{0.08 * U:.1f}"),
        el("rect", class_="goal", x=0, y=0, width=U, height=U, fill=PALETTE["goal"]),
        el("path", class_="grid", d=grid, stroke=PALETTE["wood_line"],
           stroke_width=f"{0.04 * U:.2f}", fill="none"),
        el("path", class_="goal-mark", fill="#ffffff", fill_opacity="0.85",
           d=_star(U / 2, U / 2, U * 0.32)),
    ]
    labels = "".join(
        el("text", str(i), x=(i + 0.5) * U, y=-0.6 * size, text_anchor="middle")
        + el("text", str(i), x=-0.7 * size, y=(i + 0.5) * U + 0.35 * size, text_anchor="end")
        for i in range(0, n, step))
    body.append(el("g", labels, class_="labels", fill="currentColor", font_size=font,
                   font_family="sans-serif", fill_opacity="0.75"))
    targets = []
    for move in game.moves(pos):
        c, r = move.to
        hint = moves.hint(move)
        parts = [el("rect", class_="hit", x=c * U, y=r * U, width=U, height=U,
                    fill=moves.colour(move, "#000"),
                    fill_opacity="0.45" if hint else "0")]
        parts.append(el("circle", class_="dot", cx=(c + 0.5) * U, cy=(r + 0.5) * U,
                        r=U * (0.2 if hint else 0.16), fill=moves.colour(move, PALETTE["target"]),
                        fill_opacity="0.9" if hint else "0.6"))
        targets.append(moves.wrap(move, "".join(parts)))
    piece = (_queen if game.name == "wythoff" else _dragon)((x + 0.5) * U, (y + 0.5) * U)
    body += targets + [piece]
    left = size * (1.3 if n <= 10 else 2.1)
    return (-left, -2 * size, side + left + 0.3 * U, side + 2 * size + 0.3 * U), "".join(body)


def _star(cx, cy, r):
    """A five-pointed star path."""
    pts = []
    for i in range(10):
        a = -pi / 2 + i * pi / 5
        rr = r if i % 2 == 0 else r * 0.42
        pts.append((cx + rr * cos(a), cy + rr * sin(a)))
    return "M" + "L".join(f"{px:.2f},{py:.2f}" for px, py in pts) + "Z"
