"""Generators `table`, `ppositions` and `nimsum`: HTML tables from the engine, with CSV."""

from __future__ import annotations

from functools import reduce
from html import escape
from operator import xor

from . import cache
from .args import Args, coord_name, game_label, position_text
from .markup import axes, block, cell, csv_text, download, grid
from .strings import count, text

MAX_LIST_ROWS = 400  # a table of more than two free coordinates is listed row by row


def _slug(game, *extra) -> str:
    params = "-".join(f"{k}{v}" for k, v in sorted(game.params.items()))
    safe = "".join(ch if ch.isalnum() else "_" for ch in params)
    return "-".join(str(p) for p in (game.name, safe, *extra) if p != "")


def _nim_sum(pos: tuple) -> int:
    return reduce(xor, pos, 0)


def _formula(game, pos, a: Args):
    f = game.formula(pos)
    if f is None:
        raise a.error(f"{game.name} has no formula at {position_text(pos)}")
    return f


def _disagrees(game, t, pos, a: Args) -> bool:
    """Whether the engine's value differs from the formula (only P/N for an outcome formula)."""
    f = _formula(game, pos, a)
    if f.kind == "outcome":
        return (t[pos] == 0) != (f.value == 0)
    return t[pos] != f.value


def _misere_flag(a: Args) -> bool:
    return a.choice("misere", ("false", "true"), "false") == "true"


def _layout(game, positions, fixed: dict, cells, lang: str) -> str:
    """A grid (rows and columns as `axes` says) or, beyond two free coordinates, a list."""
    free = [c for c in game.coords if c not in fixed]
    if len(free) == 2:
        row_c, col_c = axes(free)

        def at(r, c):
            full = dict(fixed, **{row_c: r, col_c: c})
            return tuple(full[n] for n in game.coords)

        def used(c):
            return sorted({p[game.coords.index(c)] for p in positions})

        corner = f"{coord_name(game, row_c, lang)} \\ {coord_name(game, col_c, lang)}"
        return grid(corner, used(col_c), used(row_c), lambda r, c: cells(at(r, c)))
    head = "".join(cell("th", coord_name(game, c, lang) if c != "G" else c, attrs=' scope="col"')
                   for c in (*game.coords, "G"))
    rows = "\n".join("<tr>" + "".join(cell("td", c) for c in p) + cells(p) + "</tr>" for p in positions)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>"


def table(args: dict[str, str], ctx) -> str:
    """Grundy values (or a formula's values, or misère outcomes) of a game, as a grid.

    Arguments: game, params (k, p, f, heaps, sides), max (default 12),
    source=engine|formula, mark=xor|formula (cells that differ from the nim-sum of the
    coordinates / from the formula), misere=true (P/N in misère play instead), and for
    games with more than two coordinates a fixed value for each extra one (e.g. y=2).
    """
    a = Args("table", args)
    game = a.game()
    limit = a.integer("max", 12, hi=64)
    source = a.choice("source", ("engine", "formula"), "engine")
    mark = a.choice("mark", ("none", "xor", "formula"), "none")
    misere = _misere_flag(a)
    fixed = {c: a.integer(c, hi=limit) for c in game.coords if a.has(c)}
    if "pass" in game.coords:  # pass=true: the positions where the pass is still available
        fixed.setdefault("pass", 1)
    a.done()
    if misere and (source, mark) != ("engine", "none"):
        raise a.error("misere=true shows outcomes: it takes no source= or mark=")
    t = cache.table(game, limit)
    positions = [p for p in t if all(p[game.coords.index(c)] == v for c, v in fixed.items())]
    if len(fixed) + 2 < len(game.coords) and len(positions) > MAX_LIST_ROWS:
        raise a.error(f"{len(positions)} rows: fix all but two coordinates (e.g. y=1)")
    if not positions:
        raise a.error("no positions in range")

    if misere:
        value = {p: t.misere(p) for p in positions}
    elif source == "formula":
        value = {p: _formula(game, p, a).value for p in positions}
    else:
        value = {p: t[p] for p in positions}
    is_p = {p: v in (0, "P") for p, v in value.items()}
    marked = {p for p in positions if (t[p] != _nim_sum(p) if mark == "xor" else
                                       mark == "formula" and _disagrees(game, t, p, a))}

    def td(pos) -> str:
        if pos not in value:
            return '<td class="gt-void"></td>'
        classes = " ".join(c for c, on in (("gt-p", is_p[pos]), ("gt-miss", pos in marked)) if on)
        return cell("td", value[pos], classes)

    lang = ctx.lang
    label = game_label(game, lang)
    sep = "、" if lang == "ja" else ", "
    rng = text("table.range", lang, coords=sep.join(coord_name(game, c, lang) for c in game.coords if c not in fixed),
               max=limit)
    rng += "".join(sep + text("table.fixed", lang, name=coord_name(game, c, lang), value=v) for c, v in fixed.items())
    if misere:
        caption = text("table.misere", lang, game=label, range=rng)
        legend = [text("table.legend.misere", lang)]
    elif source == "formula":
        expr = (_formula(game, positions[-1], a).expression or "G").replace(" ^ ", " ⊕ ")
        caption = text("table.formula", lang, game=label, expr=expr, range=rng)
        legend = [text("table.legend.p.formula", lang)]
    else:
        caption = text("table.engine", lang, game=label, range=rng)
        legend = [text("table.legend.p", lang)]
    if mark != "none":
        legend.append(text(f"table.legend.{mark}", lang, n=len(marked), total=len(positions),
                           xor=" ⊕ ".join(game.coords)))
    body = _layout(game, positions, fixed, td, lang)
    if "gt-void" in body:
        legend.append(text("table.legend.void", lang))

    header = [*game.coords, "grundy"]
    extra = {"formula": lambda p: _formula(game, p, a).value, "nim_sum": _nim_sum, "misere": t.misere}
    wanted = [k for k, on in (("formula", "formula" in (source, mark)), ("nim_sum", mark == "xor"),
                              ("misere", misere)) if on]
    rows = [[*p, t[p], *(extra[k](p) for k in wanted)] for p in positions]
    slug = _slug(game, f"max{limit}", *(f"{c}{v}" for c, v in fixed.items()), source, mark,
                 "misere" if misere else "")
    csv_link = download(ctx, f"tables/{slug}.csv", csv_text(header + wanted, rows))
    return block("grundy-table", body,
                 f'<p class="grundy-legend">{escape(("" if ctx.lang == "ja" else " ").join(legend))}</p>', csv_link, caption=caption)


def ppositions(args: dict[str, str], ctx) -> str:
    """The P-positions with all coordinates <= max, the first `show` listed, all in a CSV.

    Arguments: game (default chocolate), params, max (default 20), show (default 40),
    misere=true (the P-positions of misère play).
    """
    a = Args("ppositions", args)
    game = a.game("chocolate")
    limit = a.integer("max", 20, hi=128)
    show = a.integer("show", 40, hi=1000)
    misere = _misere_flag(a)
    a.done()
    t = cache.table(game, limit)
    pps = sorted(t.misere_p_positions() if misere else t.p_positions())
    lang = ctx.lang
    label = game_label(game, lang)
    summary = text("pp.misere" if misere else "pp.summary", lang, game=label,
                   Game=label[:1].upper() + label[1:], n=f"{len(pps):,}",
                   pps=count(len(pps), "P-position", "P-positions"),
                   range=text("table.range", lang, coords=", ".join(game.coords), max=limit))
    items = ", ".join(position_text(p) for p in pps[:show])
    more = " " + text("pp.more", lang, n=f"{len(pps) - show:,}") if len(pps) > show else ""
    listing = f'<p class="grundy-plist"><code>{escape(items)}</code>{escape(more)}</p>'
    slug = _slug(game, f"max{limit}", "misere" if misere else "")
    csv_link = download(ctx, f"ppositions/{slug}.csv", csv_text(list(game.coords), pps))
    return block("grundy-ppositions", f"<p>{escape(summary)}</p>", listing, csv_link)


def nimsum(args: dict[str, str], ctx) -> str:
    """The nim-sum table a ^ b for 0 <= a, b <= max (default 15)."""
    a = Args("nimsum", args)
    limit = a.integer("max", 15, hi=64)
    a.done()
    values = range(limit + 1)
    body = grid("a \\ b", list(values), list(values),
                lambda r, c: cell("td", r ^ c, "gt-p" if r == c else ""))
    csv_link = download(ctx, f"tables/nimsum-max{limit}.csv",
                        csv_text(["a", "b", "nim_sum"], [[r, c, r ^ c] for r in values for c in values]))
    legend = f'<p class="grundy-legend">{escape(text("nimsum.legend", ctx.lang))}</p>'
    return block("grundy-table", body, legend, csv_link,
                 caption=text("nimsum.caption", ctx.lang, max=limit))
