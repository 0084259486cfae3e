"""Shared fixtures for every suite: the site as GitHub Pages publishes it, served at the
address it was built for, and headless Chromium (Debian's /usr/bin/chromium driven by
Playwright).

One artifact: site/ is built by scripts/pages_build.py, which runs the build step of
.github/workflows/pages.yml with MKDOCS_SITE_URL = PAGES_URL (GRUNDY_PAGES_URL, default
http://127.0.0.1:8737/chocolate-games/), and it is served at that address by
bench/serve.py with nothing rewritten (gzip, 404.html for missing addresses).

Fixtures:
- ``built_site`` (session) -> Path of site/; builds it when it was not built for PAGES_URL.
- ``pages_url`` (session) -> PAGES_URL, serving site/ (an address that already serves this
  very site, from another process of the same run, is used as it is).
- ``browser`` (session) -> a Playwright Browser (headless Chromium, sandbox off).
- ``new_page`` -> factory ``new_page(fresh=False, another=False, **context_options) -> Page``,
  each page in a context kept for the options (``warm_contexts``: the site's storage
  cleared, the browser's cache kept; another=True: ``other_contexts``, another reader's
  browser), or a fresh one (fresh=True, or ``service_workers="allow"``; the service worker
  is blocked otherwise).
  Requests to any origin other than 127.0.0.1 are recorded in ``page.foreign_requests``;
  console errors and uncaught exceptions in ``page.console_errors``, and so are HTTP
  responses >= 400 ("HTTP 404 <url>"). Pages (and fresh contexts) are closed after the test.
- ``module_page`` (module) -> the same factory, for pages kept across a module's tests (warm
  contexts of the module's own).
- ``kept_contexts`` (session) -> WarmContexts of their own for the widget tests' kept pages.
- ``mkdocs_build`` (session) -> ``build_site(site_dir)``: a strict mkdocs build into site_dir.
- ``measurements`` -> a list; append strings to print them in the pytest summary.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.browser import CHROMIUM, launch_without_omnibox  # noqa: E402
from bench.serve import PAGES_URL, SiteServer, built_for  # noqa: E402
from testpages import close_opened, page_factory  # noqa: E402  (tests/, on the path)

SITE = Path(os.environ.get("SITE_DIR") or ROOT / "site")  # the build.sh variable: where the site is built
SUBPATH = urlparse(PAGES_URL).path

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
    if built_for(SITE) != PAGES_URL or not (SITE / "sw.js").is_file():
        proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "pages_build.py"), PAGES_URL],
                              cwd=ROOT, capture_output=True, text=True)
        if proc.returncode != 0:
            pytest.fail(f"scripts/pages_build.py {PAGES_URL} failed:\n{proc.stderr[-4000:]}")
    return SITE


def _serves(url: str, site: Path) -> bool:
    """Whether url already serves this very site (its service worker, byte for byte). A
    server busy with the other test process may take long to answer: three tries, 30 s each."""
    for _ in range(3):
        try:
            with urllib.request.urlopen(url + "sw.js", timeout=30) as response:
                return response.read() == (site / "sw.js").read_bytes()
        except urllib.error.HTTPError:
            return False
        except ConnectionRefusedError:
            return False  # nothing listens there: the fixture starts its own server
        except OSError:
            time.sleep(2)
    return False


@pytest.fixture(scope="session")
def pages_url(built_site) -> str:
    if _serves(PAGES_URL, built_site):
        yield PAGES_URL
        return
    try:
        server = SiteServer(built_site, PAGES_URL)
    except OSError as error:
        pytest.fail(f"cannot serve the site at {PAGES_URL} ({error}): another server holds the port;"
                    " set GRUNDY_PAGES_URL to another address")
    with server as url:
        yield url


@pytest.fixture(scope="session")
def served_site(pages_url) -> str:
    """The Pages build's address (the name older tests use)."""
    return pages_url


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: run scripts/setup.sh (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch_without_omnibox(pw)
        yield browser
        browser.close()


class EngineSnapshot:
    """The engine's memory snapshot for the site at PAGES_URL, as its worker keeps it in
    Cache Storage after a start without one (docs/assets/widgets/grundy-worker.js): made
    once per test process, in a context of its own, then put in each warm context, its
    bytes fetched from a server of the process's own (a new context's putting cost 3.4
    core-s with them sent as base64 through Playwright's protocol; 0.9 over HTTP)."""

    CACHE = "grundy-engine-snapshots"
    # Start the engine, wait until its worker has kept a snapshot (at most 3 minutes):
    # [its address, base64 of its bytes]
    MAKE = """async ([client, name]) => {
      const { engine } = await import(client);
      engine.start();
      for (let i = 0; i < 1800 && !engine.kept && engine.status !== "failed"; i++)
        await new Promise((r) => setTimeout(r, 100));
      if (!engine.kept || engine.kept.error)
        throw new Error(`no snapshot kept: ${engine.status} ${engine.error} ${engine.kept?.error ?? ""}`);
      const cache = await caches.open(name);
      const [request] = await cache.keys();
      const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
      let text = "";
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return [request.url, btoa(text)];
    }"""
    PUT = """async ([name, url, source]) => {
      const bytes = await (await fetch(source)).arrayBuffer();
      await (await caches.open(name)).put(url, new Response(bytes, { headers: { "Content-Type": "application/gzip" } }));
    }"""
    # a page of the site's origin with nothing to run, for the calls above
    BLANK = PAGES_URL + "assets/vendor/wheels/grundy.json"
    _made: dict = {}

    def __init__(self, url: str, data: bytes):
        self.url = url
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _bytes_handler(data))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.source = "http://127.0.0.1:%d/snapshot" % self.server.server_port

    @classmethod
    def of(cls, browser) -> "EngineSnapshot":
        """The snapshot of this process (made at the first call)."""
        if browser not in cls._made:
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            page.goto(cls.BLANK)
            url, text = page.evaluate(cls.MAKE, [PAGES_URL + "assets/widgets/engine-client.js", cls.CACHE])
            context.close()
            cls._made[browser] = cls(url, base64.b64decode(text))
        return cls._made[browser]

    def put(self, context) -> None:
        """Keep the snapshot in `context`'s Cache Storage."""
        page = context.new_page()
        page.goto(self.BLANK)
        page.evaluate(self.PUT, [self.CACHE, self.url, self.source])
        page.close()


def _bytes_handler(data: bytes):
    """A request handler that answers every GET with `data`, to any origin (CORS)."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    return Handler


class WarmContexts:
    """Browser contexts kept for a test process, one per set of options: a page opened in
    one starts with the storage of every origin the context has seen cleared, as on a first
    visit, and finds the browser's cache as the earlier pages left it, as on a reader's
    later visit: the engine's WebAssembly compiled once, and the engine's memory snapshot
    that the browser keeps after its first start (Cache Storage, which holds nothing else
    with the service worker blocked: docs/assets/widgets/grundy-worker.js), so that a later
    page's engine restores it instead of starting Python and copying its memory again
    (tests/browser/test_engine_snapshot.py tests both starts, in a fresh context). A page
    for another browser (another reader) of the same test needs contexts of its own
    (other_contexts: new_page(another=True)): pages of one context share the site's storage.
    A context starts with the snapshot kept (EngineSnapshot), as after a reader's earlier
    visit: a test page closed before its worker had kept one left the next page's engine
    to start Python again (51 of 85 starts in six files, 6 s of CPU each instead of 1)."""

    STORAGE = "cookies,local_storage,indexeddb,service_workers,file_systems"  # not cache_storage

    def __init__(self, browser):
        self.browser, self.contexts, self.origins = browser, {}, {}

    def new_page(self, **context_options):
        key = json.dumps(context_options, sort_keys=True)
        if key not in self.contexts:
            context = self.contexts[key] = self.browser.new_context(**context_options)
            seen = self.origins[key] = set()
            context.on("request", lambda r: seen.add("{0.scheme}://{0.netloc}".format(urlparse(r.url))))
            EngineSnapshot.of(self.browser).put(context)
        context = self.contexts[key]
        context.clear_permissions()  # (a test may have granted some, the clipboard's)
        page = context.new_page()
        session = context.new_cdp_session(page)
        for origin in self.origins[key]:
            if origin.startswith("http"):
                session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": self.STORAGE})
        session.detach()
        return page

    def close(self):
        for context in self.contexts.values():
            context.close()

    @classmethod
    def kept(cls, browser):
        """A session fixture's body: the contexts, closed at the end."""
        contexts = cls(browser)
        yield contexts
        contexts.close()


@pytest.fixture(scope="session")
def warm_contexts(browser, pages_url):
    yield from WarmContexts.kept(browser)


@pytest.fixture(scope="session")
def kept_contexts(browser, pages_url):
    """WarmContexts of their own for the pages kept across a module's tests
    (tests/browser/conftest.py SharedPages): the cache warm from one module to the next,
    the storage apart from the pages of the tests (those share a context's storage)."""
    yield from WarmContexts.kept(browser)


@pytest.fixture(scope="session")
def other_contexts(browser, pages_url):
    """WarmContexts of another reader's browser (new_page(another=True)): the storage apart
    from the test's other pages, the cache warm from one test to the next."""
    yield from WarmContexts.kept(browser)


@pytest.fixture
def new_page(browser, warm_contexts, other_contexts):
    opened = []
    yield page_factory(browser, warm_contexts, opened, others=other_contexts)
    close_opened(opened)


@pytest.fixture(scope="module")
def module_page(browser, pages_url):
    """new_page for pages kept across the tests of a module, in warm contexts of the
    module's own (the snapshot kept, the cache cold at its start), closed at its end."""
    contexts, opened = WarmContexts(browser), []
    yield page_factory(browser, contexts, opened)
    close_opened(opened)
    contexts.close()


@pytest.fixture
def measurements(request) -> list[str]:
    """Lines to print in the summary: carried by the test's report (so pytest-xdist's
    workers send them to the process that prints)."""
    lines: list[str] = []
    yield lines
    request.node.user_properties.extend(("measurement", line) for line in lines)


BROWSER_FIXTURES = {"browser", "new_page", "chromium", "watched", "fresh_context", "pages_url",
                    "served_site", "site_url", "widget_server"}
_TIER_SECONDS: dict[str, float] = {}
_FILE_SECONDS: dict[str, float] = {}
# The seconds each test file took in the last full run ("browser/test_lab.py": 95), written
# by that run (scripts/test.sh passes --record-durations): the order of the next runs.
DURATIONS = ROOT / "tests" / "durations.json"


def pytest_addoption(parser):
    parser.addoption("--record-durations", action="store_true",
                     help=f"write the seconds of each test file that ran to {DURATIONS.relative_to(ROOT)}")


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: runs Chromium, Node or a server (not in --quick)")
    config.addinivalue_line("markers", "slow: minutes of subprocesses (not in --quick)")


def _file(path) -> str:
    """A test file as durations.json names it: "browser/test_lab.py"."""
    path = Path(str(path))
    return f"{path.parent.name}/{path.name}"


def _recorded() -> dict[str, float]:
    try:
        return json.loads(DURATIONS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _run_order(item, recorded: dict[str, float]) -> tuple:
    """The files in the order of their recorded durations, longest first: the processes
    (pytest-xdist, one file at a time, in the order collected: scripts/test.sh passes
    --no-loadscope-reorder) then end together on the many short files, instead of one
    waiting for the other's long file. Files not recorded yet after them, browser ones first."""
    seconds = recorded.get(_file(item.fspath))
    if seconds is not None:
        return 0, -seconds
    return 1 if item.get_closest_marker("browser") else 2, 0


def pytest_collection_modifyitems(items):
    """Mark every test that needs a browser, Node or the served site (the quick tier skips
    them), and put the longest files first (durations.json)."""
    for item in items:
        folder = Path(str(item.fspath)).parent.name
        if folder in ("browser", "perf", "pyodide") or BROWSER_FIXTURES & set(item.fixturenames):
            item.add_marker(pytest.mark.browser)
    recorded = _recorded()
    items.sort(key=lambda item: _run_order(item, recorded))


def pytest_runtest_logreport(report):
    """Seconds spent per test folder and file (set-up, call and teardown); the test's measurements."""
    if report.when == "teardown":
        _MEASUREMENTS.extend(value for name, value in report.user_properties if name == "measurement")
    folder = Path(report.fspath).parent.name
    _TIER_SECONDS[folder] = _TIER_SECONDS.get(folder, 0.0) + report.duration
    _FILE_SECONDS[_file(report.fspath)] = _FILE_SECONDS.get(_file(report.fspath), 0.0) + report.duration


def pytest_sessionfinish(session):
    """With --record-durations, in the process that reports (not a pytest-xdist worker):
    the seconds of each file that ran replace their record in durations.json; files that
    no longer exist leave it."""
    if not session.config.getoption("record_durations") or hasattr(session.config, "workerinput"):
        return
    files = {**_recorded(), **{name: round(seconds) for name, seconds in _FILE_SECONDS.items()}}
    kept = {name: seconds for name, seconds in files.items() if (ROOT / "tests" / name).is_file()}
    ordered = dict(sorted(kept.items(), key=lambda kv: (-kv[1], kv[0])))
    DURATIONS.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")


def pytest_terminal_summary(terminalreporter):
    if _MEASUREMENTS:
        terminalreporter.section("measurements")
        for line in _MEASUREMENTS:
            terminalreporter.write_line(line)
    if _TIER_SECONDS:
        terminalreporter.section("time per test folder")
        for folder, seconds in sorted(_TIER_SECONDS.items(), key=lambda kv: -kv[1]):
            terminalreporter.write_line(f"tests/{folder}: {seconds:.0f} s")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep on the test item the first phase that failed (item.failed_phase), for fixtures."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and not hasattr(item, "failed_phase"):
        item.failed_phase = report.when
