"""The site served under a sub-path (/chocolate-games/ on 127.0.0.1): every page and
every file it references (HTML, then CSS url()s) answers 200."""

from __future__ import annotations

import urllib.request
from concurrent.futures import ThreadPoolExecutor
from urllib.error import HTTPError
from urllib.parse import urldefrag, urljoin

from sitehtml import css_urls, html_pages, is_other_origin, page_url, parse_html

SKIPPED_SCHEMES = ("mailto:", "javascript:", "data:", "blob:", "tel:", "#")


def _status(url: str) -> tuple[str, int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return url, response.status, response.read()
    except HTTPError as exc:
        return url, exc.code, b""


def test_every_page_and_asset_is_served_under_the_subpath(built_site, served_site):
    pages = [page_url(built_site, p, served_site) for p in html_pages(built_site)]
    seen: set[str] = set(pages)
    queue = list(pages)
    failures = []
    with ThreadPoolExecutor(max_workers=8) as pool:
        while queue:
            batch, queue = queue, []
            for url, status, body in pool.map(_status, batch):
                if status != 200:
                    failures.append(f"{status} {url}")
                    continue
                if url.endswith("/") or url.endswith(".html"):
                    refs = [r.url for r in parse_html(body.decode("utf-8", "replace")).refs]
                elif url.endswith(".css"):
                    refs = css_urls(body.decode("utf-8", "replace"))
                else:
                    continue
                for ref in refs:
                    ref = ref.strip()
                    if not ref or ref.startswith(SKIPPED_SCHEMES) or is_other_origin(ref):
                        continue
                    target = urldefrag(urljoin(url, ref))[0]
                    if target.startswith(served_site) and target not in seen:
                        seen.add(target)
                        queue.append(target)
    assert not failures, "\n".join(sorted(failures)[:50])
    assert len(seen) > len(pages)

