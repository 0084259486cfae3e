"""Chocolate bars: the rectangular bar, the triangular chocolate and step chocolates.

Every groove of a bar is a legal cut, so each groove is drawn as the move it makes:
a thick invisible hit line, a dark groove (class "cut") and a thin shine beside it."""

from math import sqrt

from ._base import PALETTE, U, drawer, el, points
from ._polygons import clip_rows, inset

ROW = U * sqrt(3) / 2    # height of one row of the triangular lattice
MARGIN = U * 0.6
FACES = 900              # bars with more pieces than this are drawn flat
BIG = 30 * U             # bars at least this long get a ring around the bitter part


def _cut(moves, move, p, q):
    """One cut line from p to q as a clickable move."""
    width = 0.14 * U
    hint = moves.hint(move)
    dx, dy = q[0] - p[0], q[1] - p[1]
    norm = (dx * dx + dy * dy) ** 0.5 or 1.0
    ox, oy = -dy / norm * width * 0.6, dx / norm * width * 0.6
    if ox + oy < 0:       # shine on the lower-right side of the groove
        ox, oy = -ox, -oy
    line = dict(x1=float(p[0]), y1=float(p[1]), x2=float(q[0]), y2=float(q[1]))
    parts = []
    if moves.interactive:
        parts.append(el("line", class_="hit", stroke="#000", stroke_opacity="0",
                        stroke_width=f"{0.62 * U:.1f}", stroke_linecap="round", **line))
    if hint is None:
        parts.append(el("line", class_="shine", stroke=PALETTE["shine"],
                        stroke_width=f"{width * 0.5:.2f}",
                        x1=p[0] + ox, y1=p[1] + oy, x2=q[0] + ox, y2=q[1] + oy))
        parts.append(el("line", class_="cut", stroke=PALETTE["groove"],
                        stroke_width=f"{width:.2f}", **line))
    else:                 # P (good move) bold green, N thinner red
        parts.append(el("line", class_="cut", stroke=PALETTE[hint],
                        stroke_width=f"{width * (1.8 if hint == 'P' else 0.9):.2f}",
                        stroke_opacity="1" if hint == "P" else "0.75", **line))
    return moves.wrap(move, "".join(parts))


def _bar(outline, cuts, bitter, pieces):
    """The chocolate: body, raised pieces, bitter part, the cuts, then the rim."""
    pts = points(outline)
    return "".join([
        el("polygon", class_="bar", points=pts, fill=PALETTE["choc"]),
        _faces(pieces),
        _bitter(bitter),
        *sorted(cuts, key=lambda cut: 'class="move hint-P"' in cut),  # good moves on top
        el("polygon", class_="rim", points=pts, fill="none", stroke=PALETTE["choc_edge"],
           stroke_width=f"{0.1 * U:.1f}", stroke_linejoin="round", pointer_events="none"),
        _locator(outline, bitter),
    ])


def _faces(pieces):
    """A raised face on each piece (a convex polygon) of a bar that is not too large."""
    if len(pieces) > FACES:
        return ""
    d = ""
    for piece in pieces:
        face = inset(piece, 0.15 * U)
        if face:
            d += "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in face) + "Z"
    return el("path", class_="faces", d=d, fill=PALETTE["face"], stroke=PALETTE["face_edge"],
              stroke_width=f"{0.05 * U:.2f}", stroke_linejoin="round") if d else ""


def _locator(outline, bitter):
    """On a large bar the bitter part is tiny: ring it so the eye finds it."""
    extent = _extent(outline)
    if extent < BIG:
        return ""
    cx, cy = _centre(bitter)
    r, w = extent / 40, extent / 300
    return (el("circle", class_="locator", cx=cx, cy=cy, r=r, fill="none", stroke="#ffffff",
               stroke_width=f"{w * 2.2:.1f}", pointer_events="none")
            + el("circle", cx=cx, cy=cy, r=r, fill="none", stroke=PALETTE["bitter"],
                 stroke_width=f"{w:.1f}", pointer_events="none"))


def _bitter(outline):
    """The bitter part: grey, with a light cross at its centre."""
    cx, cy = _centre(outline)
    r = U * 0.16
    mark = (f"M{cx - r:.2f},{cy - r:.2f}l{2 * r:.2f},{2 * r:.2f}"
            f"m{-2 * r:.2f},0l{2 * r:.2f},{-2 * r:.2f}")
    return (el("polygon", class_="bitter", points=points(outline), fill=PALETTE["bitter"],
               stroke=PALETTE["choc_edge"], stroke_width=f"{0.06 * U:.2f}",
               stroke_linejoin="round")
            + el("path", class_="bitter-mark", d=mark, stroke=PALETTE["bitter_mark"],
                 stroke_width=f"{0.07 * U:.2f}", stroke_linecap="round", fill="none"))


def _changed(pos, to, follower=None):
    """Index of the coordinate a cut decreased (the cut's family). A cut may also
    lower the coordinate `follower` (y) as a consequence: that one is not the cut."""
    lowered = [i for i, (a, b) in enumerate(zip(pos, to)) if b < a]
    if len(lowered) > 1:
        lowered.remove(follower)
    if len(lowered) != 1:
        raise ValueError(f"not a cut: {pos} -> {to}")
    return lowered[0]


def _square(x, y):
    """The unit square with top-left corner (x, y), in drawing units."""
    return [(x * U, y * U), ((x + 1) * U, y * U), ((x + 1) * U, (y + 1) * U), (x * U, (y + 1) * U)]


def _centre(outline):
    """The mean of a polygon's corners."""
    return (sum(x for x, _ in outline) / len(outline),
            sum(y for _, y in outline) / len(outline))


def _extent(outline):
    """The longer side of an outline's bounding box."""
    return max(max(p[i] for p in outline) - min(p[i] for p in outline) for i in (0, 1))


def _box(outline):
    """The viewBox around an outline, with a margin (room for the locator ring)."""
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    extent = _extent(outline)
    m = MARGIN if extent < BIG else extent / 40 * 1.2
    return (min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m)


@drawer("rect")
def rect(game, pos, moves):
    """The rectangular bar; pos has 2 to 4 coordinates (see ARCHITECTURE.md)."""
    sides = {2: ("right", "up"), 3: ("left", "up", "right"),
             4: ("left", "up", "right", "down")}[len(pos)]
    n = dict.fromkeys(("left", "up", "right", "down"), 0) | dict(zip(sides, pos))
    cols, rows = n["left"] + 1 + n["right"], n["down"] + 1 + n["up"]
    bx, by = n["left"] * U, n["up"] * U          # top-left of the bitter square
    w, h = cols * U, rows * U
    cuts = []
    for move in game.moves(pos):
        i = _changed(pos, move.to)
        side, v = sides[i], move.to[i]
        if side == "right":
            x = bx + (1 + v) * U
            p, q = (x, 0), (x, h)
        elif side == "left":
            x = bx - v * U
            p, q = (x, 0), (x, h)
        elif side == "up":
            y = by - v * U
            p, q = (0, y), (w, y)
        else:
            y = by + (1 + v) * U
            p, q = (0, y), (w, y)
        cuts.append(_cut(moves, move, p, q))
    bitter = _square(n["left"], n["up"])
    outline = [(0, 0), (w, 0), (w, h), (0, h)]
    pieces = [_square(c, r) for c in range(cols) for r in range(rows)
              if (c, r) != (n["left"], n["up"])] if cols * rows <= FACES else []
    return _box(outline), _bar(outline, cuts, bitter, pieces)


@drawer("chocolate")
def triangle(game, pos, moves):
    """The triangular chocolate {x, y, z} with k*y <= x + z.

    Lattice unit 1, base on row 0. The bitter part is the unit triangle with base
    [0, 1]; the left edge is the 60-degree line through (-x, 0), the right edge the
    120-degree line through (1 + z, 0); they meet x + z + 1 rows up. Horizontal cut
    lines lie on rows k, 2k, ... below that apex, which gives exactly (x + z) // k of
    them for the full triangle. With y < (x + z) // k the top is the horizontal line
    on row k * (y + 1) (the cut that was made last); otherwise the bar is the full
    triangle. A left cut to u keeps min(y, (u + z) // k) of the horizontal lines,
    as in the rules: the apex comes down to row u + z + 1."""
    x, y, z = pos
    k = int(game.params.get("k", 3))
    apex = x + z + 1
    top = min(k * (y + 1), apex)

    def at(a, row):       # lattice point: a units along the base, row rows up
        return (a * U, -row * ROW)

    outline = [at(-x, 0), at(1 + z, 0), at(1 + z - top / 2, top), at(-x + top / 2, top)]
    cuts = []
    for move in game.moves(pos):
        i = _changed(pos, move.to, follower=1)
        v = move.to[i]
        if i == 0:        # 60-degree line through (-v, 0), up to the right edge or top
            end = min(top, v + z + 1)
            p, q = at(-v, 0), at(-v + end / 2, end)
        elif i == 2:      # 120-degree line through (1 + v, 0)
            end = min(top, x + v + 1)
            p, q = at(1 + v, 0), at(1 + v - end / 2, end)
        else:             # horizontal line on row k * (v + 1)
            row = k * (v + 1)
            p, q = at(-x + row / 2, row), at(1 + z - row / 2, row)
        cuts.append(_cut(moves, move, p, q))
    pieces = _triangle_pieces(x, y, z, k, top, at) if (x + 1) * (z + 1) <= FACES else []
    body = _bar(outline, cuts, [at(0, 0), at(1, 0), at(0.5, 1)], pieces)
    return _box(outline), body


def _triangle_pieces(x, y, z, k, top, at):
    """The pieces between the cut lines of the triangular chocolate, bitter part excluded.

    With p = a - row/2 (constant on 60-degree lines) and q = a + row/2 (constant on
    120-degree lines), the diagonal cuts lie on p = -1, ..., -x+1, 0 and q = 1, ..., z;
    every cell of that grid, split by the horizontal cuts, is one piece."""
    ps = list(range(-x, 1)) + [1 + z]
    qs = [-x] + list(range(1, z + 2))
    rows = [k * j for j in range(y + 1)] + [top]
    pieces = []
    for p0, p1 in zip(ps, ps[1:]):
        for q0, q1 in zip(qs, qs[1:]):
            if (p0, q1) == (0, 1):          # the bitter part
                continue
            cell = [((p + q) / 2, q - p) for p, q in ((p0, q0), (p1, q0), (p1, q1), (p0, q1))]
            for lo, hi in zip(rows, rows[1:]):
                if lo < q1 - p0 and hi > q0 - p1:
                    part = clip_rows(cell, lo, hi)
                    if len(part) >= 3:
                        pieces.append([at(a, row) for a, row in part])
    return pieces


@drawer("step", "step3")
def step(game, pos, moves):
    """Step chocolate CB(f, y, z) (pos (y, z)), or with the bar of x squares
    on the left (pos (x, y, z), game "step3"). Column i has min(y, f(i)) + 1
    squares; the heights come from the vertical cuts' targets, so f is not needed."""
    *bar, y, z = pos
    x = bar[0] if bar else 0
    heights = [0] * z + [y + 1]
    all_moves = game.moves(pos)
    for move in all_moves:
        if move.to[-1] < z:
            heights[move.to[-1]] = move.to[-2] + 1
    outline = [(-x * U, 0), ((z + 1) * U, 0)]
    for i in range(z, -1, -1):
        outline += [((i + 1) * U, -heights[i] * U), (i * U, -heights[i] * U)]
    if x:
        outline += [(0, -U), (-x * U, -U)]
    cuts = []
    for move in all_moves:
        i = _changed(pos, move.to, follower=len(pos) - 2)
        v = move.to[i]
        if i == len(pos) - 1:     # vertical cut keeping columns 0..v
            p, q = ((v + 1) * U, 0), ((v + 1) * U, -heights[v + 1] * U)
        elif i == len(pos) - 2:   # horizontal cut keeping rows 0..v
            first = next(c for c, hgt in enumerate(heights) if hgt > v + 1)
            p, q = (first * U, -(v + 1) * U), ((z + 1) * U, -(v + 1) * U)
        else:                     # the bar: keep v of its squares
            p, q = (-v * U, 0), (-v * U, -U)
        cuts.append(_cut(moves, move, p, q))
    pieces = [_square(c, -1) for c in range(-x, 0)]
    pieces += [_square(c, -1 - r) for c in range(z + 1) for r in range(heights[c])
               if (c, r) != (0, 0)]
    body = _bar(outline, cuts, _square(0, -1), pieces)
    return _box(outline), body
