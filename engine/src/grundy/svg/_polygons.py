"""Small convex-polygon helpers for the raised faces of the triangular chocolate."""


def clip_rows(poly, lo, hi):
    """The part of a convex polygon [(x, s), ...] with lo <= s <= hi."""
    for keep_above, bound in ((True, lo), (False, hi)):
        out = []
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            p_in = p[1] >= bound if keep_above else p[1] <= bound
            q_in = q[1] >= bound if keep_above else q[1] <= bound
            if p_in:
                out.append(p)
            if p_in != q_in:
                t = (bound - p[1]) / (q[1] - p[1])
                out.append((p[0] + t * (q[0] - p[0]), bound))
        poly = out
        if not poly:
            return []
    return poly


def _area2(poly):
    """Twice the signed area."""
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1]))


def inset(poly, d):
    """A convex polygon shrunk by distance d on every side, or [] if it vanishes."""
    pts = []
    for p in poly:                       # drop repeated corners
        if not pts or abs(p[0] - pts[-1][0]) + abs(p[1] - pts[-1][1]) > 1e-6:
            pts.append(p)
    if len(pts) > 1 and abs(pts[0][0] - pts[-1][0]) + abs(pts[0][1] - pts[-1][1]) <= 1e-6:
        pts.pop()
    area = _area2(pts) if len(pts) >= 3 else 0.0
    if abs(area) < 1e-9:
        return []
    sign = 1 if area > 0 else -1
    lines = []                           # each edge moved inwards: point and direction
    for p, q in zip(pts, pts[1:] + pts[:1]):
        dx, dy = q[0] - p[0], q[1] - p[1]
        n = (dx * dx + dy * dy) ** 0.5
        nx, ny = -dy / n * sign, dx / n * sign
        lines.append(((p[0] + nx * d, p[1] + ny * d), (dx, dy)))
    out = []
    for (p1, d1), (p2, d2) in zip(lines[-1:] + lines[:-1], lines):
        den = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(den) < 1e-9:
            return []
        t = ((p2[0] - p1[0]) * d2[1] - (p2[1] - p1[1]) * d2[0]) / den
        out.append((p1[0] + t * d1[0], p1[1] + t * d1[1]))
    for (_, (dx, dy)), p, q in zip(lines, out, out[1:] + out[:1]):
        if (q[0] - p[0]) * dx + (q[1] - p[1]) * dy <= 0:   # an edge turned round
            return []
    return out
