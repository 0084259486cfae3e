"""Generators `table`, `ppositions` and `nimsum`: HTML tables from the engine, with CSV."""

from __future__ import annotations

from functools import reduce
from html import escape
from operator import xor

from . import cache
from .args import Args, game_label, position_text
from .markup import block, cell, csv_text, download, grid
from .strings import text

MAX_LIST_ROWS = 400  # a table of more than two free coordinates is listed row by row


def _slug(game, *extra) -> str:
    params = "-".join(f"{k}{v}" for k, v in sorted(game.params.items()))
    safe = "".join(ch if ch.isalnum() else "_" for ch in params)
    return "-".join(str(p) for p in (game.name, safe, *extra) if p != "")


def _nim_sum(pos: tuple) -> int:
    return reduce(xor, pos, 0)


def _formula_value(game, pos, a: Args) -> int:
    f = game.formula(pos)
    if f is None:
        raise a.error(f"{game.name} has no formula at {position_text(pos)}")
    return f.value


def _disagrees(game, t, pos, a: Args) -> bool:
    """Whether the engine's value differs from the formula (only P/N for an outcome formula)."""
    f = game.formula(pos)
    if f is None:
        raise a.error(f"{game.name} has no formula at {position_text(pos)}")
    if f.kind == "outcome":
        return (t[pos] == 0) != (f.value == 0)
    return t[pos] != f.value


def _expression(game, pos) -> str:
    f = game.formula(pos)
    return f.expression if f is not None and f.expression else "G"


def table(args: dict[str, str], ctx) -> str:
    """Grundy values (or a formula's values) of a 2-coordinate game or slice, as a grid.

    Arguments: game, params (k, p, f), max (default 12), source=engine|formula,
    mark=xor|formula (cells that differ from the nim-sum / the formula), and for games
    with more than two coordinates a fixed value for each extra one (e.g. y=2).
    """
    a = Args("table", args)
    game = a.game()
    limit = a.integer("max", 12, hi=64)
    source = a.choice("source", ("engine", "formula"), "engine")
    mark = a.choice("mark", ("none", "xor", "formula"), "none")
    fixed = {c: a.integer(c, hi=limit) for c in game.coords if a.has(c)}
    a.done()
    t = cache.table(game, limit)
    positions = [p for p in t if all(p[game.coords.index(c)] == v for c, v in fixed.items())]
    if not positions:
        raise a.error("no positions in range")

    value = {p: (t[p] if source == "engine" else _formula_value(game, p, a)) for p in positions}
    if mark == "xor":
        marked = {p for p in positions if t[p] != _nim_sum(p)}
    elif mark == "formula":
        marked = {p for p in positions if _disagrees(game, t, p, a)}
    else:
        marked = set()

    lang = ctx.lang
    free = [c for c in game.coords if c not in fixed]
    rng = text("table.range", lang, coords=", ".join(free), max=limit)
    if fixed:
        rng += ", " + ", ".join(text("table.fixed", lang, name=c, value=v) for c, v in fixed.items())
    caption = (text("table.engine", lang, game=game_label(game, lang), range=rng) if source == "engine"
               else text("table.formula", lang, game=game_label(game, lang),
                         expr=_expression(game, positions[-1]), range=rng))

    def td(pos) -> str:
        if pos not in value:
            return '<td class="gt-void"></td>'
        classes = " ".join(c for c, on in (("gt-p", value[pos] == 0), ("gt-miss", pos in marked)) if on)
        return cell("td", value[pos], classes)

    if len(free) == 2:
        row_c = "y" if "y" in free else free[1]
        col_c = next(c for c in free if c != row_c)

        def at(r, c):
            full = dict(fixed, **{row_c: r, col_c: c})
            return tuple(full[n] for n in game.coords)

        used = lambda c: sorted({p[game.coords.index(c)] for p in positions})  # noqa: E731
        body = grid(f"{row_c} \\ {col_c}", used(col_c), used(row_c), lambda r, c: td(at(r, c)))
    else:
        if len(positions) > MAX_LIST_ROWS:
            raise a.error(f"{len(positions)} rows: fix all but two coordinates (e.g. y=1)")
        head = "".join(cell("th", c, attrs=' scope="col"') for c in (*game.coords, "G"))
        rows = "\n".join("<tr>" + "".join(cell("td", c) for c in p) + td(p) + "</tr>"
                         for p in positions)
        body = f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>"

    legend = [text("table.legend.p" if source == "engine" else "table.legend.p.formula", lang)]
    if mark != "none":
        legend.append(text(f"table.legend.{mark}", lang, n=len(marked), total=len(positions),
                           xor=" ⊕ ".join(game.coords)))
    if len(positions) < (limit + 1) ** len(free):
        legend.append(text("table.legend.void", lang))

    header = [*game.coords, "grundy"]
    if source == "formula" or mark == "formula":
        header.append("formula")
    if mark == "xor":
        header.append("nim_sum")
    rows = [[*p, t[p], *([_formula_value(game, p, a)] if "formula" in header else []),
             *([_nim_sum(p)] if mark == "xor" else [])] for p in positions]
    fixed_slug = "-".join(f"{c}{v}" for c, v in fixed.items())
    csv_link = download(ctx, f"tables/{_slug(game, 'max' + str(limit), fixed_slug, source, mark)}.csv",
                        csv_text(header, rows))
    return block("grundy-table", body, f'<p class="grundy-legend">{escape(" ".join(legend))}</p>',
                 csv_link, caption=caption)


def ppositions(args: dict[str, str], ctx) -> str:
    """The P-positions with all coordinates <= max, the first `show` listed, all in a CSV.

    Arguments: game (default chocolate), params, max (default 20), show (default 40).
    """
    a = Args("ppositions", args)
    game = a.game("chocolate")
    limit = a.integer("max", 20, hi=128)
    show = a.integer("show", 40, hi=1000)
    a.done()
    pps = sorted(cache.table(game, limit).p_positions())
    lang = ctx.lang
    label = game_label(game, lang)
    summary = text("pp.summary", lang, game=label, Game=label[:1].upper() + label[1:], n=f"{len(pps):,}",
                   range=text("table.range", lang, coords=", ".join(game.coords), max=limit))
    items = ", ".join(position_text(p) for p in pps[:show])
    more = text("pp.more", lang, n=f"{len(pps) - show:,}") if len(pps) > show else ""
    listing = f'<p class="grundy-plist"><code>{escape(items)}</code>{escape(" " + more if more else "")}</p>'
    csv_link = download(ctx, f"ppositions/{_slug(game, 'max' + str(limit))}.csv",
                        csv_text(list(game.coords), pps))
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
