"""Generator `figure`: matplotlib figures of the P-positions and Grundy values, cached on disk.

The games a figure may show come from the registry: the classes whose `figures` name the
figure's kind, with the parameters it fixes (e.g. `figures = {"heatmap": {}}`)."""

from __future__ import annotations

import io
import json
import math
from html import escape

import grundy
import matplotlib
from grundy.registry import find_game, games

matplotlib.use("Agg")
from matplotlib.figure import Figure  # noqa: E402  (after choosing the backend)
from PIL import Image  # noqa: E402  (installed with matplotlib)

from . import cache  # noqa: E402
from .args import Args, game_label  # noqa: E402
from .markup import figure as figure_html  # noqa: E402
from .strings import text  # noqa: E402

DPI = 100        # CSS pixels per inch of figure size
# Every label uses STYLE's font.size (14 pt = 19 CSS px at full size): at most about 1.7 times
# narrower on a 390 px phone, labels stay at least 11 px (tests/browser/test_phone_layout.py).
SCALE = 2    # files are drawn at twice the CSS size (point clouds are heavy as SVG)
PALETTE = 64     # colours kept (small files, no visible loss)
INK = "#5c2e0e"  # chocolate brown points on a white card (readable in light and dark themes)
STYLE = {
    "font.family": "DejaVu Sans", "font.size": 14, "axes.edgecolor": "#888888",
    "axes.labelcolor": "#222222", "xtick.color": "#444444", "ytick.color": "#444444",
    "axes.grid": True, "grid.color": "#e4e4e4", "grid.linewidth": 0.6,
}


def _p_positions(game, limit: int) -> list[tuple]:
    return sorted(cache.table(game, limit).p_positions())


def _game(opts: dict):
    """The game a figure shows: opts' game= with those of opts that are its parameters."""
    cls = find_game(opts["game"])
    return grundy.game(cls.name, **{p.name: opts[p.name] for p in cls.params if p.name in opts})


def _new(width: float = 5.2, height: float = 5.2) -> Figure:
    return Figure(figsize=(width, height), dpi=DPI, facecolor="white", layout="constrained")


def _scatter3d(points, rotated: bool) -> Figure:
    fig = _new(5.8, 2.9) if rotated else _new(5.6, 4.7)
    ax = fig.add_subplot(projection="3d", proj_type="ortho" if rotated else "persp")
    xs, ys, zs = zip(*points)
    # plot axes: x, z horizontal, y (the height of the bar) vertical
    ax.scatter(xs, zs, ys, s=6 if rotated else 5, c=INK, depthshade=not rotated, linewidths=0)
    ax.set_zlabel("y")
    ax.set_box_aspect((2, 2, 1), zoom=1.6 if rotated else 1.1)
    if rotated:  # look along the line x = z: the screen shows ((x - z)/sqrt 2, y), the projection
        ax.view_init(elev=0, azim=-135)
        ax.set_xticks([])
        ax.set_yticks([])
        for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
            axis.set_pane_color((1, 1, 1, 0))
    else:
        ax.view_init(elev=22, azim=-58)
        ax.set_xlabel("x", labelpad=14)  # clear of the large tick labels
        ax.set_ylabel("z", labelpad=14)
    ax.set_facecolor("white")
    return fig


def _plane(points, xlabel: str, ylabel: str, size: float = 7, marker: str = "o") -> Figure:
    fig = _new()
    ax = fig.add_subplot()
    xs, ys = zip(*points)
    ax.scatter(xs, ys, s=size, c=INK, marker=marker, linewidths=0)
    ax.set_aspect("equal")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_axisbelow(True)
    return fig


def _pp3d(opts) -> tuple[Figure, int]:
    pts = [p for p in _p_positions(_game(opts), 60) if p[1] <= 30]
    return _scatter3d(pts, rotated=opts.get("rotated", False)), len(pts)


def _and_triangle(opts) -> tuple[Figure, int]:
    pts = [(x, y) for x in range(64) for y in range(64) if x & y == 0]
    fig = _plane(pts, "x", "y", size=10, marker="s")
    return fig, len(pts)


def _gasket(opts) -> tuple[Figure, int]:
    scale = math.sqrt(2) if opts.get("scaled") else 1
    pts = _p_positions(_game(opts), 40)
    label = "(z − x) / √2" if opts.get("scaled") else "z − x"
    return _plane([(y, (z - x) / scale) for x, y, z in pts], "y", label), len(pts)


def _projection(opts) -> tuple[Figure, int]:
    pts = _p_positions(_game(opts), opts["max"])
    fig = _plane([(y, (z - x) / math.sqrt(2)) for x, y, z in pts], "y", "(z − x) / √2")
    return fig, len(pts)


def _heatmap(opts) -> tuple[Figure, int]:
    limit = opts["max"]
    t = cache.table(_game(opts), limit)
    grid = [[t[(x, y)] for x in range(limit + 1)] for y in range(limit + 1)]
    fig = _new(5.8, 5.0)
    ax = fig.add_subplot()
    im = ax.imshow(grid, cmap="viridis", interpolation="nearest", origin="upper")
    zeros = [(x, y) for y, row in enumerate(grid) for x, g in enumerate(row) if g == 0]
    px, py = zip(*zeros)
    ax.scatter(px, py, s=7, c="white", edgecolors="black", linewidths=0.4)
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.xaxis.set_label_position("top")
    ax.xaxis.tick_top()
    ax.grid(False)
    fig.colorbar(im, ax=ax, shrink=0.8, label="G(x, y)")
    return fig, len(zeros)


def _no_args(a: Args) -> dict:
    return {}


def _game_args(a: Args, kind: str, hi: int | None = None, required: bool = False) -> dict:
    """game= (one of the registered games offering the figure `kind`, the first by default)
    and its whole-number parameters: those the figure fixes, the others from the directive
    (at most `hi` when given; default: the game's own, unless `required`)."""
    offering = {cls.name: vars(cls)["figures"][kind] for cls in games()
                if kind in vars(cls).get("figures", {})}
    if not offering:
        raise a.error(f"no registered game offers the figure {kind!r}")
    name = a.choice("game", tuple(offering), next(iter(offering)))
    opts = {"game": name, **offering[name]}
    for p in find_game(name).params:
        if p.kind == "int" and p.default is not None and p.name not in opts:
            top = min((m for m in (hi, p.max) if m is not None), default=10**6)
            opts[p.name] = a.integer(p.name, None if required else p.default, lo=p.min or 0, hi=top)
    return opts


def _projection_args(a: Args) -> dict:
    opts = _game_args(a, "projection", hi=9, required=True)
    # default: x, z <= 20k (at least 60), so y reaches about 40 for every k
    return {**opts, "max": a.integer("max", max(60, 20 * opts["k"]), lo=4, hi=180)}


def _heatmap_args(a: Args) -> dict:
    return {**_game_args(a, "heatmap", hi=16), "max": a.integer("max", 31, lo=4, hi=63)}


# name -> (draw function, argument reader, fixed options)
FIGURES = {
    "pp3d": (_pp3d, lambda a: _game_args(a, "pp3d"), {}),
    "pp3d-rotated": (_pp3d, lambda a: _game_args(a, "pp3d"), {"rotated": True}),
    "and-triangle": (_and_triangle, _no_args, {}),
    "gasket": (_gasket, lambda a: _game_args(a, "gasket"), {}),
    "gasket-scaled": (_gasket, lambda a: _game_args(a, "gasket"), {"scaled": True}),
    "projection": (_projection, _projection_args, {}),
    "heatmap": (_heatmap, _heatmap_args, {}),
}


def _render(name: str, opts: dict) -> tuple[bytes, dict]:
    """The image (lossless WebP of a palette image, 2x) and facts (point count, CSS size).

    Lossless WebP: the same pixels as the palette PNG, in 16-47 % fewer bytes. Effort 4
    (`method`): the twelve figures in 0.7 s of CPU; 6 made them 0.1 % smaller in 31 s."""
    draw, _, fixed = FIGURES[name]
    with matplotlib.rc_context(STYLE):
        fig, count = draw({**opts, **fixed})
        raw = io.BytesIO()
        fig.savefig(raw, format="png", dpi=DPI * SCALE, facecolor="white",
                    bbox_inches="tight", pad_inches=0.08)
    image = Image.open(raw).convert("RGB").quantize(PALETTE)
    out = io.BytesIO()
    image.save(out, format="webp", lossless=True, quality=100, method=4)
    width, height = image.size
    return out.getvalue(), {"count": count, "width": width // SCALE, "height": height // SCALE}


def _cached(name: str, opts: dict, cache_dir) -> tuple[bytes, dict]:
    """The figure's file and facts, from `cache_dir` when the code and arguments are unchanged."""
    base = cache_dir / "figures" / cache.key("figure", name, opts)
    image, meta = base.with_suffix(".webp"), base.with_suffix(".json")
    if image.exists() and meta.exists():
        return image.read_bytes(), json.loads(meta.read_text())
    data, facts = _render(name, opts)
    cache.store(image, data)
    cache.store(meta, json.dumps(facts))
    return data, facts


def figure(args: dict[str, str], ctx) -> str:
    """A figure with alt text and caption in the page language.

    Arguments: name= pp3d | pp3d-rotated | and-triangle | gasket | gasket-scaled |
    projection (k=, max=60) | heatmap (game= a game offering it, its parameters, max=31);
    the games offering each kind are those whose class names it in `figures`.
    """
    a = Args("figure", args)
    name = a.choice("name", tuple(FIGURES))
    opts = FIGURES[name][1](a)
    a.done()
    data, facts = _cached(name, opts, ctx.cache_dir)
    slug = "-".join([name, *(f"{k}{v}" for k, v in opts.items())])
    url = ctx.asset(f"figures/{slug}.webp", data)
    fields = {**opts, "count": f"{facts['count']:,}"}
    if "game" in opts:
        fields["game"] = game_label(_game(opts), ctx.lang)
    alt = text(f"fig.{name}.alt", ctx.lang, **fields)
    caption = text(f"fig.{name}.caption", ctx.lang, **fields)
    img = (f'<img src="{escape(url)}" alt="{escape(alt)}" width="{facts["width"]}" '
           f'height="{facts["height"]}">')
    return figure_html(img, caption, "grundy-figure")
