"""Serve a built site the way GitHub Pages does, for the speed measurements and tests.

The site is served at its address's path (a sub-path such as /chocolate-games/, or the
root) on 127.0.0.1 with gzip for text and WebAssembly, ``Cache-Control: max-age=600``,
ETag / If-None-Match (304), the usual content types, and the site's 404.html (status 404)
for a missing address. Nothing is rewritten: a site built for this address
(scripts/pages_build.py) is served as GitHub Pages serves it.

    python bench/serve.py [SITE_DIR] [--url http://127.0.0.1:8000/chocolate-games/ | --port P]
    (default: the address the site was built for, from its sitemap)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import re
import threading
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

SUBPATH = "/chocolate-games/"
# The address the tests build the site for and serve it at (scripts/test.sh sets it).
PAGES_URL = os.environ.get("GRUNDY_PAGES_URL", f"http://127.0.0.1:8737{SUBPATH}")
MAX_AGE = 600
TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript",
    ".mjs": "text/javascript", ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml", ".xml": "application/xml", ".txt": "text/plain; charset=utf-8",
    ".csv": "text/csv; charset=utf-8", ".wasm": "application/wasm", ".zip": "application/zip",
    ".whl": "application/zip", ".png": "image/png", ".webp": "image/webp", ".woff2": "font/woff2", ".woff": "font/woff",
    ".ttf": "font/ttf", ".gz": "application/gzip", ".ico": "image/x-icon",
}
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".xml", ".txt",
              ".csv", ".wasm", ".ttf")


@lru_cache(maxsize=512)
def _body(path: Path, mtime: float, gz: bool) -> bytes:
    data = path.read_bytes()
    return gzip.compress(data, 6, mtime=0) if gz else data


class _Handler(BaseHTTPRequestHandler):
    site: Path
    root: str  # the site's path on the host, "/" or "/sub/"

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.do_GET(head=True)

    def do_GET(self, head=False):
        path, status = self._file(), 200
        if path is None:
            path, status = self.site / "404.html", 404
            if not path.is_file():
                self.send_error(404)
                return
        if path.is_dir():  # like GitHub Pages: /dir -> /dir/
            self.send_response(301)
            self.send_header("Location", urlsplit(self.path).path + "/")
            self.end_headers()
            return
        gz = path.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", "")
        body = _body(path, path.stat().st_mtime, gz)
        etag = '"%s"' % hashlib.md5(body).hexdigest()
        if status == 200 and self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", f"max-age={MAX_AGE}")
            self.end_headers()
            return
        self.send_response(status)
        self.send_header("Content-Type", TYPES.get(path.suffix, "application/octet-stream"))
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", f"max-age={MAX_AGE}")
        self.send_header("ETag", etag)
        if gz:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        if not head:
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the page was closed mid-download

    def _file(self) -> Path | None:
        """The file (or directory, for a redirect) a request asks for, or None."""
        url = unquote(urlsplit(self.path).path)
        if url == self.root.rstrip("/"):
            return self.site  # a redirect to the root
        if not url.startswith(self.root):
            return None
        path = (self.site / url[len(self.root):]).resolve()
        if not path.is_relative_to(self.site):
            return None
        if path.is_dir() and url.endswith("/"):
            path = path / "index.html"
        return path if path.exists() else None


def built_for(site: Path) -> str | None:
    """The address a site was built for (its sitemap's first page), or None (no site_url)."""
    sitemap = Path(site) / "sitemap.xml"
    loc = re.search(r"<loc>([^<]*)</loc>", sitemap.read_text(encoding="utf-8")) if sitemap.is_file() else None
    return loc.group(1) if loc and loc.group(1).startswith("http") else None


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # closed connections while a test ends are not errors


class SiteServer:
    """``with SiteServer(site, url) as base_url:`` serves site/ at base_url in a thread.

    url: an address on 127.0.0.1 (its port and path); default: the one the site was built
    for, else a free port and /chocolate-games/."""

    def __init__(self, site: Path, url: str | None = None):
        parts = urlsplit(url or built_for(site) or f"http://127.0.0.1:0{SUBPATH}")
        if parts.hostname != "127.0.0.1" or not parts.path.endswith("/"):
            raise ValueError(f"not an address on 127.0.0.1 ending in '/': {url}")
        handler = type("Handler", (_Handler,), {"site": Path(site).resolve(), "root": parts.path})
        self.server = _Server(("127.0.0.1", parts.port or 80), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{parts.path}"

    def __enter__(self) -> str:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self.url

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=str(Path(__file__).resolve().parent.parent / "site"))
    parser.add_argument("--url", help="default: the address the site was built for")
    parser.add_argument("--port", type=int, help=f"short for --url http://127.0.0.1:PORT{SUBPATH}")
    args = parser.parse_args()
    url = f"http://127.0.0.1:{args.port}{SUBPATH}" if args.port else args.url
    with SiteServer(Path(args.site), url) as url:
        print(f"serving {args.site} at {url} (Ctrl-C to stop)")
        threading.Event().wait()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
