"""Serve a built site the way GitHub Pages does, for the speed measurements and tests.

The site is served under a sub-path (/chocolate-games/) on 127.0.0.1 with gzip for text
and WebAssembly, ``Cache-Control: max-age=600``, ETag / If-None-Match (304), and the
usual content types. A local build has no site_url, so its sitemap.xml holds relative
addresses; they are served made absolute (as a deployed build has them), which Material's
instant navigation needs to know the site's pages.

    python bench/serve.py [SITE_DIR] [--port 8000]     (a preview: Ctrl-C to stop)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import re
import threading
from functools import lru_cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

SUBPATH = "/chocolate-games/"
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
ADDRESS = re.compile(r'(<loc>|href=")([^<"]*)')


@lru_cache(maxsize=512)
def _body(path: Path, mtime: float, gz: bool) -> bytes:
    data = path.read_bytes()
    return gzip.compress(data, 6, mtime=0) if gz else data


def absolute_sitemap(data: bytes, url: str) -> bytes:
    """sitemap.xml with every relative address made absolute against its own URL."""
    return ADDRESS.sub(lambda m: m[1] + urljoin(url, m[2]), data.decode()).encode()


class _Handler(BaseHTTPRequestHandler):
    site: Path

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.do_GET(head=True)

    def do_GET(self, head=False):
        path = self._file()
        if path is None:
            self.send_error(404)
            return
        if path.is_dir():  # like GitHub Pages: /dir -> /dir/
            self.send_response(301)
            self.send_header("Location", urlsplit(self.path).path + "/")
            self.end_headers()
            return
        gz = path.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", "")
        body = _body(path, path.stat().st_mtime, gz)
        if path.name == "sitemap.xml":
            host = self.headers.get("Host", "127.0.0.1")
            body = absolute_sitemap(_body(path, path.stat().st_mtime, False), f"http://{host}{self.path}")
            gz = False
        etag = '"%s"' % hashlib.md5(body).hexdigest()
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", f"max-age={MAX_AGE}")
            self.end_headers()
            return
        self.send_response(200)
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
        if url == SUBPATH.rstrip("/"):
            return self.site  # a redirect to SUBPATH
        if not url.startswith(SUBPATH):
            return None
        path = (self.site / url[len(SUBPATH):]).resolve()
        if not path.is_relative_to(self.site):
            return None
        if path.is_dir() and url.endswith("/"):
            path = path / "index.html"
        return path if path.exists() else None


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # closed connections while a test ends are not errors


class SiteServer:
    """``with SiteServer(site) as base_url:`` serves site/ at base_url in a thread."""

    def __init__(self, site: Path, port: int = 0):
        handler = type("Handler", (_Handler,), {"site": Path(site).resolve()})
        self.server = _Server(("127.0.0.1", port), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{SUBPATH}"

    def __enter__(self) -> str:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self.url

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=str(Path(__file__).resolve().parent.parent / "site"))
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    with SiteServer(Path(args.site), args.port) as url:
        print(f"serving {args.site} at {url} (Ctrl-C to stop)")
        threading.Event().wait()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
