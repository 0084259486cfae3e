"""The 404 page, served as GitHub Pages serves it (site/404.html for any missing address,
by bench/serve.py): English, styled at any depth of a missing address under the site's
sub-path, its language links going to the home pages, its links root-absolute under
the site's path (each names a file of the site)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from bench.serve import PAGES_URL
from sitehtml import parse_page

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
SUBPATH = urlsplit(PAGES_URL).path


def test_404_is_english_and_links_to_the_home_pages(built_site):
    html = (built_site / "404.html").read_text(encoding="utf-8")
    assert parse_page(built_site / "404.html").lang == "en"
    switcher = dict((lang, href) for href, lang in re.findall(r'<a href="([^"]*)" hreflang="(\w+)"', html))
    assert switcher == {"en": SUBPATH, "ja": SUBPATH + "ja/"}
    assert not (built_site / "ja" / "404.html").exists()


def test_404_links_name_files_under_the_sites_path(built_site):
    local = [urlsplit(ref.url).path for ref in parse_page(built_site / "404.html").refs
             if ref.url and not ref.url.startswith("#") and not urlsplit(ref.url).scheme]
    wrong = [path for path in local if not (path.startswith(SUBPATH) and names_a_file(built_site, path[len(SUBPATH):]))]
    assert len(local) > 10 and not wrong, wrong


def names_a_file(site: Path, rel: str) -> bool:
    target = site / rel
    return target.is_file() or (target / "index.html").is_file()


@pytest.mark.parametrize("device, depth", [("desktop", "ryuoh/no/such/page/"), ("phone", "nothing-here")])
def test_404_page_in_the_browser(pages_url, new_page, device, depth):
    options = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True} \
        if device == "phone" else {"viewport": {"width": 1280, "height": 800}}
    page = new_page(**options)
    response = page.goto(pages_url + depth, wait_until="load")
    assert response.status == 404
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").first.inner_text() == "404 - Not found"
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"404-{device}.png", full_page=True)
    switcher = page.locator("a.md-select__link[hreflang=ja]")
    assert switcher.evaluate("a => a.href") == pages_url + "ja/"
    page.goto(switcher.evaluate("a => a.href"), wait_until="load")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert not page.foreign_requests
    assert not [e for e in page.console_errors if "404" not in e], page.console_errors
