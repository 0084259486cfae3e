"""Fixtures for the widget tests: a site served on 127.0.0.1 under a sub-path, and Chromium.

The site is the built one (`site/`, from scripts/build.sh) when it holds every widget
type in English and Japanese; otherwise (or with GRUNDY_WIDGET_SITE=own) a small
Material site with one page per widget is built into a temp dir from docs/assets/widgets,
node_modules/pyodide and a freshly built engine wheel. GRUNDY_WIDGET_SITE=built forces
the built site, GRUNDY_WIDGET_SITE=DIR uses the site built in DIR.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.serve import absolute_sitemap  # noqa: E402
SUBPATH = "chocolate-games"
WIDGET_TYPES = ("play", "table", "nimsum", "pviewer")
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
SCREENSHOTS = ROOT / "artifacts" / "screenshots" / "widgets"



# ---------------------------------------------------------------- the site

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


def built_site_ready() -> bool:
    site = ROOT / "site"
    if not (site / "assets" / "vendor" / "wheels" / "grundy.json").is_file():
        return False
    pages = widget_pages(site)
    return all((kind, lang) in pages for kind in WIDGET_TYPES for lang in ("en", "ja"))


def build_wheel(out: Path) -> Path:
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out),
                    str(ROOT / "engine")], check=True, capture_output=True)
    return next(out.glob("grundy-*-py3-none-any.whl"))


def fallback(game, params, start, lang):
    """The static picture, as the directive would put it inside the widget."""
    import grundy
    from grundy import svg

    g = grundy.game(game, **params)
    return svg.draw(g, tuple(int(c) for c in start.split()), lang=lang)


def widget_div(kind, lang, game="chocolate", params=None, start="10 5 5"):
    """The custom element as widgets_markup.py writes it (inside a <div>: raw HTML for Markdown)."""
    params = params or {}
    inner = fallback(game, params, start, lang) if kind == "play" else (
        "<p>Static table</p>" if lang == "en" else "<p>静的な表</p>")
    return (f'<div>\n<grundy-{kind} class="grundy-widget" data-game="{game}" '
            f"data-params='{json.dumps(params)}' data-start=\"{start}\" data-lang=\"{lang}\">"
            f"\n{inner}\n</grundy-{kind}>\n</div>\n")


OWN_PAGES = {
    "index.md": ("en", "# Widgets\n\nStatic text before the widget.\n\n[Board games](board.md)\n\n"
                 + widget_div("play", "en") + "\n## Nim-sum\n\n" + widget_div("nimsum", "en", start="3 5 6")),
    "explore.md": ("en", "# Explore\n\n" + widget_div("table", "en", params={"k": 3})
                   + "\n## P-positions\n\n" + widget_div("pviewer", "en", params={"k": 3})),
    "board.md": ("en", "# Ryuoh\n\n" + widget_div("play", "en", game="ryuoh", params={"p": 3}, start="7 5")),
    "ja/index.md": ("ja", "# ウィジェット\n\n" + widget_div("play", "ja")
                    + "\n## ニム和\n\n" + widget_div("nimsum", "ja", start="3 5 6")),
    "ja/explore.md": ("ja", "# 探索\n\n" + widget_div("table", "ja", params={"k": 3})
                      + "\n## 後手必勝局面\n\n" + widget_div("pviewer", "ja", params={"k": 3})),
}


def build_own_site(tmp: Path, base_url: str) -> Path:
    """A small Material site (instant navigation on) with every widget, built by mkdocs.

    Instant navigation only works when site_url is the very URL the site is served at."""
    docs = tmp / "docs"
    shutil.copytree(ROOT / "docs" / "assets" / "widgets", docs / "assets" / "widgets")
    for name in PYODIDE_FILES:
        target = docs / "assets" / "vendor" / "pyodide" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, target)
    wheels = docs / "assets" / "vendor" / "wheels"
    wheel = build_wheel(wheels)
    (wheels / "grundy.json").write_text(json.dumps({"wheel": wheel.name}))
    for rel, (lang, text) in OWN_PAGES.items():
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text(text, encoding="utf-8")
    (tmp / "mkdocs.yml").write_text(f"""site_name: Widget test
site_url: {base_url}
theme:
  name: material
  font: false
  features: [navigation.instant]
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
extra_css: [assets/widgets/widgets.css]
extra_javascript:
  - path: assets/widgets/widgets.js
    type: module
nav: [index.md, explore.md, board.md, ja/index.md, ja/explore.md]
markdown_extensions: [md_in_html]
""", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(tmp / "mkdocs.yml")],
                   check=True, capture_output=True, cwd=tmp)
    return tmp / "site"


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}

    def log_message(self, *args):
        pass

    def do_GET(self):
        """sitemap.xml with absolute addresses, as a deployed build has them: Material's
        instant navigation needs them (a local build's are relative; see bench/serve.py)."""
        path = Path(self.translate_path(self.path))
        if path.name != "sitemap.xml" or not path.is_file():
            return super().do_GET()
        body = absolute_sitemap(path.read_bytes(), f"http://{self.headers['Host']}{self.path}")
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """Pages closed mid-download (a test ends while Pyodide loads) are not errors."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def _widget_httpd(tmp_path_factory):
    """An HTTP server on 127.0.0.1 (not yet serving) and the directory it serves."""
    root = tmp_path_factory.mktemp("serve")
    server = _Server(("127.0.0.1", 0), functools.partial(_Handler, directory=str(root)))
    yield server, root
    server.server_close()


@pytest.fixture(scope="session")
def widget_server(_widget_httpd):
    """Base URL (ending in /chocolate-games/) of the site, served under that sub-path."""
    server, _ = _widget_httpd
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/{SUBPATH}/"
    server.shutdown()


@pytest.fixture(scope="session")
def widget_site(_widget_httpd, tmp_path_factory) -> Path:
    """The directory of the site the widget tests run against (linked under the sub-path)."""
    server, root = _widget_httpd
    mode = os.environ.get("GRUNDY_WIDGET_SITE", "auto")
    if mode not in ("auto", "built", "own"):
        site = Path(mode).resolve()  # a site built elsewhere, e.g. mkdocs build -d DIR
    elif mode == "built" or (mode == "auto" and built_site_ready()):
        site = ROOT / "site"
    else:
        base_url = f"http://127.0.0.1:{server.server_address[1]}/{SUBPATH}/"
        site = build_own_site(tmp_path_factory.mktemp("widget-site"), base_url)
    (root / SUBPATH).symlink_to(site, target_is_directory=True)
    return site


@pytest.fixture(scope="session")
def widget_urls(widget_site, widget_server) -> dict:
    """{(widget type, lang): absolute URL of a page holding that widget}."""
    pages = widget_pages(widget_site)
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
