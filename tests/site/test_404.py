"""The 404 page, served as GitHub Pages does (site/404.html for any missing address):
English, styled at any depth, its language links going to the home pages. A local build has
no site_url, so its 404 page links from the root; test_deploy.py checks a build under a
sub-path (site_url set as the Pages workflow sets it)."""

from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path

import pytest

from sitehtml import parse_page

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
SUBPATH = "/"  # no site_url in a local build


class _PagesHandler(http.server.SimpleHTTPRequestHandler):
    """Like GitHub Pages: a missing file answers 404 with the site's 404.html."""

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def pages_site(built_site):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_PagesHandler, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}{SUBPATH}"
    server.shutdown()
    server.server_close()


def test_404_is_english_and_links_to_the_home_pages(built_site):
    html = (built_site / "404.html").read_text(encoding="utf-8")
    assert parse_page(built_site / "404.html").lang == "en"
    switcher = dict((lang, href) for href, lang in re.findall(r'<a href="([^"]*)" hreflang="(\w+)"', html))
    assert switcher == {"en": SUBPATH, "ja": SUBPATH + "ja/"}
    assert not (built_site / "ja" / "404.html").exists()


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_404_page_in_the_browser(pages_site, new_page, device):
    options = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True} \
        if device == "phone" else {"viewport": {"width": 1280, "height": 800}}
    page = new_page(**options)
    response = page.goto(pages_site + "ryuoh/no/such/page/", wait_until="load")
    assert response.status == 404
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").first.inner_text() == "404 - Not found"
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / f"404-{device}.png", full_page=True)
    switcher = page.locator("a.md-select__link[hreflang=ja]")
    assert switcher.evaluate("a => a.href") == pages_site + "ja/"
    page.goto(switcher.evaluate("a => a.href"), wait_until="load")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert not page.foreign_requests
    assert not [e for e in page.console_errors if "404" not in e], page.console_errors
