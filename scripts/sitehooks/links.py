"""Root-absolute links under site_url's path, made relative to the page.

mkdocs-static-i18n writes the home pages' language switcher as ``/chocolate-games/ja/``;
relative links keep the site working under any sub-path.
"""

from __future__ import annotations

import posixpath
import re
from urllib.parse import urlsplit

ROOT_LINK = re.compile(r"""(\s(?:href|src)=")(/[^"]*)(")""")


def relative_link(target: str, page_url: str, prefix: str) -> str:
    """The link to root-absolute ``target`` from the page at site-relative ``page_url``."""
    if not target.startswith(prefix):
        return target
    path, sep, rest = target[len(prefix):].partition("#")
    base = page_url if page_url.endswith("/") or not page_url else posixpath.dirname(page_url) + "/"
    rel = posixpath.relpath(path or ".", base or ".")
    if path.endswith("/") or not path:
        rel = rel.rstrip("/") + "/"
    return rel + sep + rest


def make_relative(html: str, page_url: str, site_url: str) -> str:
    """``html`` with every href/src under ``site_url``'s path relative to ``page_url``."""
    prefix = urlsplit(site_url or "").path.rstrip("/") + "/"
    return ROOT_LINK.sub(lambda m: m[1] + relative_link(m[2], page_url, prefix) + m[3], html)
