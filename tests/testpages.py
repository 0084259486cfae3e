"""The pages tests open (page_factory, for tests/conftest.py's new_page and
tests/browser/conftest.py's Watched pages), each recording what it did that it should not
have: requests to other origins, console errors, uncaught exceptions and HTTP errors
(guarded_page)."""

from __future__ import annotations

from urllib.parse import urlparse

from playwright.sync_api import Error, Page


def _local(url: str, origin: str | None) -> bool:
    """A request that stays in the browser, or goes to 127.0.0.1 (to `origin`, if given)."""
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about"):
        return True
    return parsed.hostname == "127.0.0.1" if origin is None else f"{parsed.scheme}://{parsed.netloc}" == origin


def guarded_page(page, own_context: bool, origin: str | None = None):
    """The page, recording requests to other origins (than 127.0.0.1, or than `origin`
    when given) in page.foreign_requests (its context's, its service worker's among them,
    if the context is its own), and console errors, uncaught exceptions and HTTP errors in
    page.console_errors."""
    page.foreign_requests = []
    page.console_errors = []
    (page.context if own_context else page).on(
        "request", lambda r: None if _local(r.url, origin) else page.foreign_requests.append(r.url))
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.console_errors.append(f"uncaught: {e}"))
    page.on("response", lambda r: page.console_errors.append(f"HTTP {r.status} {r.url}") if r.status >= 400 else None)
    return kept_in_front(page)


def kept_in_front(page):
    """The page, made its window's active tab whenever it navigates. A context's pages are
    tabs of one window, and a tab that navigates while another is active is throttled
    although it says it is visible: its animation frames, which Playwright's waits and its
    stability checks before a click count on, come once a second instead of 60 times."""

    def to_front(frame):
        if frame == page.main_frame and not page.is_closed():
            try:
                page.bring_to_front()
            except Error:
                pass  # (closed meanwhile)

    page.on("framenavigated", to_front)
    return page


def page_factory(browser, warm, opened: list, origin: str | None = None, others=None):
    """``new_page(fresh=False, another=False, **context_options) -> Page`` (guarded_page,
    watching for requests to other origins than `origin` if given): in a warm context
    (`warm`, a tests/conftest.py WarmContexts; with another=True, `others`, the warm
    contexts of another reader's browser, whose storage is not the test's other pages'),
    or in a fresh one when asked for, when there is no warm one, or when the service worker
    is allowed (installing it downloads the whole site, 34 MB, which only the offline tests
    need; blocked otherwise). Requests are watched, not routed: routing would turn the
    browser's cache off, which every later page of a visit uses. What to close after the
    test is appended to `opened` (close_opened)."""

    def new_page(fresh=False, another=False, **context_options):
        context_options = {"service_workers": "block", **context_options}
        contexts = others if another else warm
        if contexts and not fresh and context_options["service_workers"] == "block":
            page = contexts.new_page(**context_options)
            opened.append(page)
            return guarded_page(page, own_context=False, origin=origin)
        context = browser.new_context(**context_options)
        opened.append(context)
        return guarded_page(context.new_page(), own_context=True, origin=origin)

    return new_page


def close_opened(opened: list) -> None:
    """Close what page_factory opened: the fresh contexts, and every page of the warm ones
    (the new tabs a test opened among them)."""
    for thing in opened:
        for page in thing.context.pages if isinstance(thing, Page) else [thing]:
            page.close()
