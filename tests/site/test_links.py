"""Every internal link and anchor resolves; images are described; nothing loads from elsewhere."""

from __future__ import annotations

import pytest

from sitehtml import JS_REMOTE_LOAD, css_urls, html_pages, is_other_origin, parse_page, resolve

BASE = "http://site.invalid/chocolate-games/"
SKIPPED_SCHEMES = ("mailto:", "javascript:", "data:", "blob:", "tel:")
APP_STATE = ("code=",)  # the Lab's #code=<source> is the page's state, not an anchor


@pytest.fixture(scope="module")
def pages(built_site):
    return {path: parse_page(path) for path in html_pages(built_site)}


def test_site_has_pages(pages):
    assert len(pages) >= 20


def test_internal_links_and_anchors_resolve(built_site, pages):
    broken = []
    ids_cache = {path: info.ids for path, info in pages.items()}
    for path, info in pages.items():
        for ref in info.refs:
            url = ref.url.strip()
            if not url or url.startswith(SKIPPED_SCHEMES) or is_other_origin(url):
                continue
            target, fragment = resolve(built_site, BASE, path, url)
            name = path.relative_to(built_site)
            if url.startswith("/") and path.name == "404.html":
                continue  # under the site's path: test_404.py checks them
            if url.startswith("/"):
                broken.append(f"{name}: {ref.where} {url} is root-absolute (breaks under another sub-path)")
            elif target is None:
                broken.append(f"{name}: {ref.where} {url} leaves the site's sub-path")
            elif not target.is_file():
                broken.append(f"{name}: {ref.where} {url} -> missing {target.relative_to(built_site)}")
            elif fragment and target.suffix == ".html" and not fragment.startswith(APP_STATE):
                ids = ids_cache.get(target)
                if ids is None:
                    ids = ids_cache[target] = parse_page(target).ids
                if fragment not in ids:
                    broken.append(f"{name}: {ref.where} {url} -> no anchor #{fragment}")
    assert not broken, "\n".join(broken[:50])


def test_images_have_alt_text(built_site, pages):
    missing = [
        f"{path.relative_to(built_site)}: <img src={img.get('src')}>"
        for path, info in pages.items()
        for img in info.imgs
        if not img.get("alt", "").strip()
    ]
    assert not missing, "\n".join(missing[:50])


def test_inline_svg_images_have_titles(built_site, pages):
    missing = [
        f"{path.relative_to(built_site)}: {info.svgs_without_title} <svg role=img> without <title>"
        for path, info in pages.items()
        if info.svgs_without_title
    ]
    assert not missing, "\n".join(missing)


def test_html_loads_nothing_from_other_origins(built_site, pages):
    foreign = [
        f"{path.relative_to(built_site)}: {ref.where} {ref.url}"
        for path, info in pages.items()
        for ref in info.refs
        if ref.loads and is_other_origin(ref.url.strip())
    ]
    assert not foreign, "\n".join(foreign[:50])


def test_css_loads_nothing_from_other_origins(built_site):
    foreign = [
        f"{css.relative_to(built_site)}: {url}"
        for css in built_site.rglob("*.css")
        for url in css_urls(css.read_text(encoding="utf-8", errors="replace"))
        if is_other_origin(url)
    ]
    assert not foreign, "\n".join(foreign)


def test_js_loads_nothing_from_other_origins(built_site):
    foreign = [
        f"{js.relative_to(built_site)}: {match.group(0)}"
        for pattern in ("*.js", "*.mjs")
        for js in built_site.rglob(pattern)
        for match in JS_REMOTE_LOAD.finditer(js.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not foreign, "\n".join(foreign)
