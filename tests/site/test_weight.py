"""Lesson pages stay light: the HTML plus the images it shows itself (not the shared
theme, KaTeX, Pyodide or widget code) weigh under 1 MB."""

from __future__ import annotations

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
