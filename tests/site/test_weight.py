"""Lesson pages stay light: the HTML plus the images it shows itself (not the shared
theme, KaTeX, Pyodide or widget code) weigh under 1 MB, and what a page needs for its
first paint (HTML, CSS, blocking scripts, eager images; never the search index) stays
under 500 kB gzip."""

from __future__ import annotations

import gzip
import re

from sitehtml import parse_page, resolve

LIMIT = 1_000_000
BASE = "http://site.invalid/chocolate-games/"
SHARED = ("assets/",)


def test_lesson_pages_weigh_under_one_megabyte(built_site, measurements):
    heavy = []
    sizes = []
    for path in sorted(built_site.rglob("index.html")):
        info = parse_page(path)
        total = path.stat().st_size
        own = set()
        for ref in info.refs:
            if ref.where.startswith(("img[", "source[", "object[", "embed[")):
                target, _ = resolve(built_site, BASE, path, ref.url)
                if target and target.is_file() and not target.relative_to(built_site).as_posix().startswith(SHARED):
                    own.add(target)
        total += sum(t.stat().st_size for t in own)
        name = path.relative_to(built_site).as_posix()
        sizes.append((total, name))
        if total >= LIMIT:
            heavy.append(f"{name}: {total:,} bytes")
    largest = ", ".join(f"{name} {size / 1000:.0f} kB" for size, name in sorted(sizes)[-3:])
    measurements.append(f"page weight (HTML + own images), largest: {largest}")
    assert not heavy, "\n".join(heavy)


FIRST_PAINT_LIMIT = 500_000


def first_paint_files(site, path) -> set:
    """The files a page needs before its first paint: the HTML, its stylesheets, its
    blocking scripts (not module/async/defer) and its images not marked loading=lazy."""
    html = path.read_text(encoding="utf-8")
    urls = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    for tag in re.findall(r"<script\b[^>]*>", html):
        src = re.search(r'\bsrc="([^"]+)"', tag)
        if src and not re.search(r'\b(async|defer)\b|type="module"', tag):
            urls.append(src[1])
    for tag in re.findall(r"<img\b[^>]*>", html):
        src = re.search(r'\bsrc="([^"]+)"', tag)
        if src and 'loading="lazy"' not in tag:
            urls.append(src[1])
    files = {path}
    for url in urls:
        target, _ = resolve(site, BASE, path, url)
        if target and target.is_file():
            files.add(target)
    return files


def test_first_paint_stays_under_500_kb_gzip(built_site, measurements):
    heavy, sizes = [], []
    for path in sorted(built_site.rglob("index.html")):
        files = first_paint_files(built_site, path)
        total = sum(len(gzip.compress(f.read_bytes())) for f in files)
        name = path.relative_to(built_site).as_posix()
        sizes.append((total, name))
        assert not [f for f in files if "search_index" in f.name]
        if total >= FIRST_PAINT_LIMIT:
            heavy.append(f"{name}: {total:,} bytes gzip")
    largest = ", ".join(f"{name} {size / 1000:.0f} kB" for size, name in sorted(sizes)[-3:])
    measurements.append(f"first paint (HTML, CSS, blocking scripts, eager images; gzip), largest: {largest}")
    assert not heavy, "\n".join(heavy)
