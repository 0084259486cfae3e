"""Build-time generators behind the ```grundy directive (called by scripts/sitehooks/fence.py).

`render(name, args, ctx)` returns raw HTML for the page language `ctx.lang` (the
```grundy fence of scripts/sitehooks/fence.py keeps it away from the Markdown parser).
`ctx` also gives `page_src`, the page's `title`, `asset(relpath, data) -> url` and `cache_dir`.
"""

from __future__ import annotations

from pathlib import Path

from . import exercise_markup
from . import levels
from . import classroom_data, discover_markup, examples, figures, frontier, pictures, proofs, references, research_data, tables, theorems, verify_report, widgets_markup
from .args import SitegenError
from .exercises import answer

GENERATORS = {
    "table": tables.table,
    "exercise": exercise_markup.exercise,
    "ppositions": tables.ppositions,
    "nimsum": tables.nimsum,
    "figure": figures.figure,
    "picture": pictures.picture,
    "verify": verify_report.verify,
    "proofs": proofs.proofs,
    "widget": widgets_markup.widget,
    "answer": answer,
    "pyexample": examples.pyexample,
    "data": research_data.data,
    "references": references.references,
    "levels": levels.table,
    "theorems": theorems.theorems,
    "discover": discover_markup.discover,
    "discovered": discover_markup.discovered,
    "classroom": classroom_data.classroom,
    "frontier": frontier.frontier,
}

__all__ = ["GENERATORS", "SitegenError", "prefetch", "render"]


def prefetch(cache_dir) -> None:
    """Start the build's long computations (the brute-force checks, the machine proofs,
    the research data sets) in worker processes, unless kept in `cache_dir` or under way:
    at the build's start (scripts/hooks.py), so that the pages render meanwhile. Not at
    each render: a test rendering a directive on a cache of its own started them all,
    minutes of CPU, and its process could not end before them."""
    Path(cache_dir).mkdir(parents=True, exist_ok=True)
    verify_report.prefetch(cache_dir)
    proofs.prefetch(cache_dir)
    research_data.prefetch(cache_dir)


def render(name: str, args: dict[str, str], ctx) -> str:
    """The output of generator `name` for `args` in the page language `ctx.lang`."""
    if ctx.lang not in ("en", "ja"):
        raise SitegenError(f"grundy {name}: unknown page language {ctx.lang!r}")
    try:
        generator = GENERATORS[name]
    except KeyError:
        raise SitegenError(f"unknown grundy generator {name!r} (known: {', '.join(GENERATORS)})") from None
    return generator(args, ctx).strip()
