"""Directives written at the build's end. A generator whose output waits for the machine
proofs (proofs.py) writes a placeholder while they are under way, and the build goes on
with the next pages (the proofs take minutes on a fresh build); `fill`, at the build's
end, writes the outputs in place of their placeholders, in the pages and in the search
index (as plain text). Only in the build: a context with `deferred` (sitehooks.page)."""

from __future__ import annotations

import functools
import json
import re
from html import unescape
from pathlib import Path
from typing import Callable

_LATER: dict[str, Callable[[], str]] = {}  # placeholder -> its output, made once
PLACEHOLDER = "grundydeferred{}later"


def later(ctx, make: Callable[[], str], waiting: bool) -> str:
    """make()'s HTML, or, in the build while `waiting`, a placeholder for it."""
    if not (waiting and getattr(ctx, "deferred", False)):
        return make()
    placeholder = PLACEHOLDER.format(len(_LATER))
    _LATER[placeholder] = functools.cache(make)
    return f"<div>{placeholder}</div>"  # (a block, as the outputs are)


def fill(site_dir: str, finish: Callable[[str], str]) -> None:
    """Write every output deferred so far (passed through `finish`, as the page's content
    was) in place of its placeholder, in the site's pages and search index. All of them
    each time: with mkdocs-static-i18n, a language's build ends before the search index
    of every language is written."""
    if not _LATER:
        return
    html = {p: finish(make()) for p, make in _LATER.items()}
    found = re.compile("|".join(map(re.escape, html)))
    search = Path(site_dir) / "search" / "search_index.json"
    for path in [*Path(site_dir).rglob("*.html"), search]:
        page = path.read_text(encoding="utf-8") if path.is_file() else ""
        if not found.search(page):
            continue
        if path == search:
            text = {p: json.dumps(" ".join(unescape(re.sub(r"<[^>]+>", " ", h)).split()), ensure_ascii=False)[1:-1]
                    for p, h in html.items()}
            page = found.sub(lambda m: text[m.group()], page)
        else:
            page = re.sub(f"<div>({found.pattern})</div>", lambda m: html[m.group(1)], page)
        path.write_text(page, encoding="utf-8")
