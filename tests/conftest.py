"""Shared fixtures for every suite: the built site, the site served under a sub-path,
and headless Chromium (Debian's /usr/bin/chromium driven by Playwright).

Fixtures:
- ``built_site`` (session) -> Path of site/; builds it (strict) when site/index.html is missing.
- ``served_site`` (session) -> base URL ``http://127.0.0.1:PORT/chocolate-games/``: a temporary
  directory where site/ is mounted at /chocolate-games/, served by http.server.
- ``browser`` (session) -> a Playwright Browser (headless Chromium, sandbox off).
- ``new_page`` -> factory ``new_page(**context_options) -> Page``, each page in a fresh
  context (fresh profile). Requests to any origin other than 127.0.0.1 are aborted and
  recorded in ``page.foreign_requests``; console errors and uncaught exceptions are
  recorded in ``page.console_errors``, and so are HTTP responses >= 400 ("HTTP 404 <url>"). Contexts are closed after the test.
- ``mkdocs_build`` (session) -> ``build_site(site_dir)``: a strict mkdocs build into site_dir.
- ``measurements`` (session) -> a list; append strings to print them in the pytest summary.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
SUBPATH = "/chocolate-games/"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

_MEASUREMENTS: list[str] = []


def build_site(site_dir: Path = SITE) -> subprocess.CompletedProcess:
    """Run the strict mkdocs build into site_dir; returns the finished process."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "--strict", "--site-dir", str(site_dir)],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )


@pytest.fixture(scope="session")
def mkdocs_build():
    """The function ``build_site(site_dir) -> CompletedProcess`` (strict mkdocs build)."""
    return build_site


@pytest.fixture(scope="session")
def built_site() -> Path:
    if not (SITE / "index.html").is_file():
        proc = build_site()
        if proc.returncode != 0:
            pytest.fail(f"mkdocs build --strict failed:\n{proc.stderr[-4000:]}")
    return SITE


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".woff2": "font/woff2",
        ".csv": "text/csv; charset=utf-8",
    }

    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


@pytest.fixture(scope="session")
def served_site(built_site):
    with tempfile.TemporaryDirectory() as root:
        os.symlink(built_site, Path(root) / SUBPATH.strip("/"))
        handler = functools.partial(_QuietHandler, directory=root)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_port}{SUBPATH}"
        finally:
            server.shutdown()
            server.server_close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: run scripts/setup.sh (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def _is_local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob", "about") or parsed.hostname == "127.0.0.1"


@pytest.fixture
def new_page(browser):
    contexts = []

    def factory(**context_options):
        context = browser.new_context(**context_options)
        contexts.append(context)
        page = context.new_page()
        page.foreign_requests = []
        page.console_errors = []

        def guard(route):
            if _is_local(route.request.url):
                route.continue_()
            else:
                page.foreign_requests.append(route.request.url)
                route.abort()

        context.route("**/*", guard)
        context.on("request", lambda r: None if _is_local(r.url) else page.foreign_requests.append(r.url))
        page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: page.console_errors.append(f"uncaught: {e}"))
        page.on("response", lambda r: page.console_errors.append(f"HTTP {r.status} {r.url}") if r.status >= 400 else None)
        return page

    yield factory
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def measurements() -> list[str]:
    return _MEASUREMENTS


def pytest_terminal_summary(terminalreporter):
    if _MEASUREMENTS:
        terminalreporter.section("measurements")
        for line in _MEASUREMENTS:
            terminalreporter.write_line(line)

