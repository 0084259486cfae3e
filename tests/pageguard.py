"""What a test page did that it should not have: requests to other origins, console
errors, uncaught exceptions and HTTP errors (guarded_page, for tests/conftest.py's pages
and tests/browser/conftest.py's Watched pages)."""

from __future__ import annotations

from urllib.parse import urlparse


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
    return page
