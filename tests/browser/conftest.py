"""Fixtures for the widget tests: the Pages build (tests/conftest.py: built by pages.yml's
build step, served at its own address), the pages that hold each widget, and Chromium."""

from __future__ import annotations

import functools
import re
import sys
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from testpages import close_opened, page_factory  # noqa: E402  (tests/, on the path)
from pagechecks import arrive, edition  # noqa: E402  (tests/browser, on the path)
from widgetkit import COUNT_SWAPS, drop_if_failed  # noqa: E402

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
    """A page that records console errors, HTTP errors and requests to other origins
    (tests/testpages.py), in a warm context (tests/conftest.py WarmContexts:
    storage cleared, the browser's cache kept) when given one, else in a fresh context. Its
    service worker is blocked unless asked for (service_workers="allow", always a fresh
    context): installing it downloads the whole site (34 MB), which only the offline tests
    need."""

    def __init__(self, browser, origin, color_scheme="light", phone=False, service_workers="block", warm=None):
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        self.opened = []
        self.page = page_factory(browser, warm, self.opened, origin)(
            viewport=size, color_scheme=color_scheme, has_touch=phone, is_mobile=phone, service_workers=service_workers)
        self.context = self.page.context
        self.errors, self.foreign = self.page.console_errors, self.page.foreign_requests

    def close(self):
        """Close the page's context if it is its own, else the pages the test opened in it."""
        close_opened(self.opened)

    def screenshot(self, name, locator=None):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (locator or self.page).screenshot(path=str(SCREENSHOTS / f"{name}.png"))

    def check_clean(self):
        assert not self.foreign, f"requests to other origins: {self.foreign[:5]}"
        assert not self.errors, f"console errors: {self.errors[:5]}"


# A fresh copy of a widget in place of the page's first one: the address's query and
# the reader's stored choices (levels) are cleared as for a first visit.
RENEW = """([kind, html]) => {
    history.replaceState(null, "", location.pathname);
    localStorage.clear(); sessionStorage.clear();
    document.querySelectorAll('.gw-injected').forEach((el) => el.remove());
    const template = document.createElement('template');
    template.innerHTML = html;
    document.querySelector('grundy-' + kind).replaceWith(template.content.firstElementChild);
    window.scrollTo(0, 0);
}"""


class SharedPages:
    """Pages kept open for a test module, one per (language, scheme, phone): each test gets a
    fresh widget on one of them, served by the engine that booted once for the module, as
    every widget of a reader's visit shares one engine. A test on another page of the same
    language follows a link there (Material's instant navigation keeps the engine). The
    pages are opened in contexts kept for the session (`warm`: the engine's files cached
    and compiled by the modules before, the storage cleared). A page is dropped after a
    failed test."""

    def __init__(self, browser, base, warm):
        self.browser, self.base, self.origin, self.warm = browser, base, _origin(base), warm
        self.pages = {}

    @staticmethod
    @functools.cache
    def markup(url, kind):
        """The page's first <grundy-KIND> element as the server sends it."""
        with urllib.request.urlopen(url, timeout=60) as response:
            html = response.read().decode("utf-8")
        return re.search(rf"<grundy-{kind}\b.*?</grundy-{kind}>", html, re.S).group(0)

    def widget(self, url, kind, color_scheme, phone):
        """(Watched page, locator of a fresh <grundy-KIND>) on the kept page for url's language."""
        key = (edition(url, self.base), color_scheme, phone)
        w = self.pages.get(key)
        fresh = w is None
        if fresh:
            w = self.pages[key] = Watched(self.browser, self.origin, color_scheme, phone, warm=self.warm)
            w.page.add_init_script(COUNT_SWAPS)
        w.page.mouse.move(0, 0)  # off the last test's controls (no hover colours)
        arrive(w.page, url, self.base)
        if not fresh:
            w.page.evaluate(RENEW, [kind, self.markup(url, kind)])
        root = w.page.locator(f"grundy-{kind}").first
        root.scroll_into_view_if_needed()
        return w, root

    def close(self):
        for w in self.pages.values():
            w.close()


@pytest.fixture(scope="module")
def shared_pages(chromium, widget_server, kept_contexts):
    pages = SharedPages(chromium, widget_server, kept_contexts)
    yield pages
    pages.close()


@pytest.fixture
def booted(request, shared_pages, widget_server):
    """Factory ``booted(kind, lang="en", color_scheme="light", phone=False, path=None) ->
    (Watched, root)``: a fresh widget on a page kept for the module (SharedPages), the first
    page holding that widget or the page at `path`. Each page used is checked for errors and
    requests to other origins at the end of the test."""
    used = []

    def make(kind, lang="en", color_scheme="light", phone=False, path=None):
        url = widget_server + path if path else request.getfixturevalue("widget_urls")[(kind, lang)]
        w, root = shared_pages.widget(url, kind, color_scheme, phone)
        w.errors.clear()
        w.foreign.clear()
        used.append(w)
        return w, root

    yield make
    try:
        for w in used:
            w.check_clean()
    except AssertionError:
        request.node.failed_phase = "teardown"
        raise
    finally:
        drop_if_failed(request, shared_pages.pages, used)


def _origin(url):
    return "{0.scheme}://{0.netloc}".format(urlsplit(url))


@pytest.fixture
def watched(chromium, widget_server, warm_contexts):
    """Factory of Watched pages, in warm contexts unless fresh=True; each is checked for
    errors at the end."""
    origin = _origin(widget_server)
    made = []

    def make(color_scheme="light", phone=False, service_workers="block", fresh=False):
        """phone: 390 x 844, touch, mobile; else a 1280 x 900 desktop."""
        w = Watched(chromium, origin, color_scheme, phone, service_workers, None if fresh else warm_contexts)
        made.append(w)
        return w

    yield make
    try:
        for w in made:
            w.check_clean()
    finally:
        for w in made:
            w.close()
