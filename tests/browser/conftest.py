"""Fixtures for the widget tests: the Pages build (tests/conftest.py: built by pages.yml's
build step, served at its own address), the pages that hold each widget, and Chromium."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

WIDGET_TYPES = ("play", "table", "nimsum", "pviewer")
SCREENSHOTS = ROOT / "artifacts" / "screenshots" / "widgets"


def widget_pages(site: Path) -> dict:
    """{(widget type, "en"|"ja"): page path relative to the site} for the first page of each."""
    found = {}
    for html in sorted(site.rglob("*.html"), key=lambda p: (len(p.parts), str(p))):
        rel = html.relative_to(site).as_posix()
        text = html.read_text(encoding="utf-8", errors="replace")
        lang = "ja" if rel.startswith("ja/") or 'lang="ja"' in text[:400] else "en"
        for kind in re.findall(r"<grundy-(\w+) ", text):
            found.setdefault((kind, lang), rel)
    return found


@pytest.fixture(scope="session")
def widget_server(pages_url) -> str:
    """Base URL (ending in /chocolate-games/) of the Pages build."""
    return pages_url


@pytest.fixture(scope="session")
def widget_site(built_site) -> Path:
    """The directory of the site the widget tests run against."""
    return built_site


@pytest.fixture(scope="session")
def widget_urls(widget_site, widget_server) -> dict:
    """{(widget type, lang): absolute URL of a page holding that widget}."""
    pages = widget_pages(widget_site)
    assert all((kind, lang) in pages for kind in WIDGET_TYPES for lang in ("en", "ja")), pages
    return {key: widget_server + re.sub(r"index\.html$", "", rel) for key, rel in pages.items()}


# ---------------------------------------------------------------- the browser

@pytest.fixture(scope="session")
def chromium(browser):
    """The session's one Chromium (tests/conftest.py): one Playwright per test run."""
    return browser


class Watched:
    """A page in a fresh context that records console errors and requests to other origins."""

    def __init__(self, browser, origin, color_scheme="light", phone=False):
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        self.context = browser.new_context(viewport=size, color_scheme=color_scheme,
                                           has_touch=phone, is_mobile=phone)
        self.page = self.context.new_page()
        self.errors, self.foreign = [], []
        self.origin = origin
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", self._request)

    def _request(self, request):
        parts = urlsplit(request.url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(request.url)

    def screenshot(self, name, locator=None):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (locator or self.page).screenshot(path=str(SCREENSHOTS / f"{name}.png"))

    def check_clean(self):
        assert not self.foreign, f"requests to other origins: {self.foreign[:5]}"
        assert not self.errors, f"console errors: {self.errors[:5]}"


@pytest.fixture
def watched(chromium, widget_server):
    """Factory of Watched pages (fresh profiles); each is checked for errors at the end."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(widget_server))
    made = []

    def make(color_scheme="light", phone=False):
        """phone: 390 x 844, touch, mobile; else a 1280 x 900 desktop."""
        w = Watched(chromium, origin, color_scheme, phone)
        made.append(w)
        return w

    yield make
    try:
        for w in made:
            w.check_clean()
    finally:
        for w in made:
            w.context.close()
