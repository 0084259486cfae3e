"""Plots as small SVG files: axes with round ticks, point clouds merged into one path per
colour (points that fall on the same pixel drawn once, neighbours on a row joined), step
lines, and a legend. Self-contained: no fonts or scripts fetched, a white card in both
colour schemes."""

from __future__ import annotations

import math
from html import escape

# 600 px wide with 22 px labels: on a 390 px phone (about 358 px shown) the labels stay
# above 11 px, as the site's other figures (tests/browser/pagechecks.py).
WIDTH, HEIGHT = 600, 420
LEFT, RIGHT, TOP, BOTTOM = 84, 34, 44, 60
COLOURS = ("#5c2e0e", "#1f6fb4", "#c0392b", "#2e8b57", "#8e44ad")  # chocolate first
FONT = 'font-family="DejaVu Sans, Arial, sans-serif" font-size="22"'


def ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round values (1, 2 or 5 times a power of ten apart) covering [lo, hi]."""
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step) * step
    return [first + i * step for i in range(int((hi - first) / step + 1e-9) + 1)]


def _label(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


class Plot:
    """One plot: data ranges `xs`, `ys` (lo, hi) mapped onto the plot area."""

    def __init__(self, xs: tuple[float, float], ys: tuple[float, float], xlabel: str,
                 ylabel: str, title: str):
        self.xs, self.ys, self.parts = xs, ys, []
        self.xlabel, self.ylabel, self.title, self.legend = xlabel, ylabel, title, []

    def x(self, v: float) -> float:
        lo, hi = self.xs
        return LEFT + (v - lo) / ((hi - lo) or 1) * (WIDTH - LEFT - RIGHT)

    def y(self, v: float) -> float:
        lo, hi = self.ys
        return HEIGHT - BOTTOM - (v - lo) / ((hi - lo) or 1) * (HEIGHT - TOP - BOTTOM)

    def dots(self, points, colour: str, label: str = "", size: int = 2) -> None:
        """Points as squares of `size` px on a grid of that size: one per occupied cell,
        each row's neighbouring cells joined into one rectangle."""
        cells = sorted({(round(self.y(py) / size), round(self.x(px) / size)) for px, py in points})
        path, run = [], None
        for row, col in cells + [(None, None)]:
            if run and row == run[0] and col == run[2] + 1:
                run[2] = col
                continue
            if run:
                r, start, end = run
                path.append(f"M{start * size} {r * size}h{(end - start + 1) * size}v{size}"
                            f"h-{(end - start + 1) * size}z")
            run = [row, col, col]
        self.parts.append(f'<path fill="{colour}" d="{"".join(path)}"/>')
        if label:
            self.legend.append((colour, label))

    def steps(self, points, colour: str, label: str = "") -> None:
        """A step line through points sorted by x (one y per x)."""
        path, last = [], None
        for px, py in sorted(points):
            x, y = round(self.x(px), 1), round(self.y(py), 1)
            if last is None:
                path.append(f"M{x} {y}")
            elif y != last:
                path.append(f"H{x}V{y}")
            last = y
        if points:
            path.append(f"H{round(self.x(max(points)[0]), 1)}")
        self.parts.append(f'<path fill="none" stroke="{colour}" stroke-width="1.6" '
                          f'd="{"".join(path)}"/>')
        if label:
            self.legend.append((colour, label))

    def svg(self) -> str:
        """The whole file."""
        right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
               f'width="{WIDTH}" height="{HEIGHT}" role="img">',
               f"<title>{escape(self.title)}</title>",
               f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>']
        grid, labels = [], []
        for v in ticks(*self.xs):
            x = round(self.x(v), 1)
            grid.append(f"M{x} {TOP}V{bottom}")
            labels.append(f'<text x="{x}" y="{bottom + 24}" text-anchor="middle">{_label(v)}</text>')
        for v in ticks(*self.ys):
            y = round(self.y(v), 1)
            grid.append(f"M{LEFT} {y}H{right}")
            labels.append(f'<text x="{LEFT - 8}" y="{y + 7}" text-anchor="end">{_label(v)}</text>')
        out.append(f'<path stroke="#e4e4e4" stroke-width="1" d="{"".join(grid)}"/>')
        out.extend(self.parts)
        out.append(f'<path fill="none" stroke="#888" d="M{LEFT} {TOP}V{bottom}H{right}"/>')
        out.append(f'<g {FONT} fill="#222">')
        out.extend(labels)
        out.append(f'<text x="{(LEFT + right) / 2}" y="{HEIGHT - 8}" text-anchor="middle">'
                   f"{escape(self.xlabel)}</text>")
        out.append(f'<text transform="translate(22 {(TOP + bottom) / 2}) rotate(-90)" '
                   f'text-anchor="middle">{escape(self.ylabel)}</text>')
        x = LEFT
        for colour, label in self.legend:
            out.append(f'<rect x="{x}" y="12" width="16" height="16" fill="{colour}"/>'
                       f'<text x="{x + 22}" y="27">{escape(label)}</text>')
            x += 40 + 11 * len(label)
        out.append("</g></svg>")
        return "\n".join(out) + "\n"
