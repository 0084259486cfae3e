"""Small HTML builders shared by the generators (raw HTML keeps Markdown out of the way)."""

from __future__ import annotations

import csv
import io
from html import escape

from .strings import text


def csv_text(header: list[str], rows) -> str:
    """CSV text (LF line ends) with `header` and `rows`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def download(ctx, relpath: str, data: str) -> str:
    """A paragraph with a link to the CSV `data`, stored as site/generated/`relpath`."""
    url = ctx.asset(relpath, data)
    return (f'<p class="grundy-download"><a href="{escape(url)}" download>'
            f'{escape(text("csv.link", ctx.lang))}</a></p>')


def cell(tag: str, value, cls: str = "", attrs: str = "") -> str:
    """One table cell."""
    klass = f' class="{cls}"' if cls else ""
    return f"<{tag}{klass}{attrs}>{escape(str(value))}</{tag}>"


def axes(free) -> tuple[str, str]:
    """(down, across): how every grid of the site reads over two free coordinates, the
    lessons' tables and their exercises alike: y down when it is one of them (a board's
    rows, as the papers draw them), else the first down and the second across."""
    down = "y" if "y" in free else free[0]
    return down, next(c for c in free if c != down)


def grid(corner: str, cols: list, rows: list, cells) -> str:
    """A table with a header row `cols`, a header column `rows`, and `cells(r, c)` -> td HTML.

    The <table> has no class, so Material styles it like a Markdown table.
    """
    head = cell("th", corner, attrs=' scope="col"') + "".join(
        cell("th", c, attrs=' scope="col"') for c in cols)
    body = "\n".join(
        "<tr>" + cell("th", r, attrs=' scope="row"') + "".join(cells(r, c) for c in cols) + "</tr>"
        for r in rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def block(cls: str, *parts: str, caption: str = "", attrs: str = "") -> str:
    """A <div> of class `cls` holding a caption paragraph and `parts`."""
    cap = f'<p class="grundy-caption">{escape(caption)}</p>\n' if caption else ""
    inner = "\n".join(p for p in parts if p)
    return f'<div class="{cls}"{attrs}>\n{cap}{inner}\n</div>'


def figure(body: str, caption: str, cls: str) -> str:
    """A <figure> with `body` (an <img> or <svg>) and a caption."""
    return (f'<figure class="{cls}">\n{body}\n'
            f"<figcaption>{escape(caption)}</figcaption>\n</figure>")
