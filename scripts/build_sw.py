"""Make the service worker of a built site: SITE/sw.js becomes scripts/service-worker.js
(Workbox's precaching) bundled by esbuild, with its precache manifest in place of
self.__WB_MANIFEST: every file of the site but source maps, sitemaps and sw.js itself,
each {url, revision: the start of its SHA-256, size: the bytes downloading it costs}, and
a page (an index.html) its <title> too, for the worker's offline page (the pages saved). A
new deployment changes the manifest, so readers who saved the site are offered the update.

The size is what GitHub Pages sends: the file gzipped (level 6) for the types it
compresses (text, JSON, SVG, WebAssembly, TrueType: bench/serve.py's COMPRESSED, the list
the local server and the benchmarks use), the file itself otherwise (images, WOFF2 fonts,
zips, the wheel). Pages' own compression level is not published: the sizes are estimates
within a few per cent.
Run by scripts/build.sh after mkdocs; without it sw.js (docs/sw.js) saves nothing.

Usage: python scripts/build_sw.py [SITE_DIR]   (default: site)
"""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.serve import COMPRESSED  # noqa: E402  (the types GitHub Pages sends gzipped)

HASH_CHARS = 16
SOURCE = ROOT / "scripts" / "service-worker.js"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
PLACEHOLDER = "self.__WB_MANIFEST"
# Not in the offline copy: the worker itself, the search engines' sitemaps, source maps, and
# the frontier's data files (downloads for researchers, megabytes: docs/frontier.md).
SKIP = {"sw.js", "sitemap.xml", "sitemap.xml.gz"}
SKIP_UNDER = ("generated/frontier/",)
TITLE = re.compile(rb"<title>(.*?)</title>", re.S)  # the head's: the first


def download_size(path: Path, data: bytes) -> int:
    """The bytes GitHub Pages sends for a file: its gzip for a type it compresses."""
    return len(gzip.compress(data, 6, mtime=0)) if path.suffix in COMPRESSED else len(data)


def page_title(url: str, data: bytes) -> str | None:
    """The <title> of a page of the site (an index.html outside assets/), else None."""
    if url.rpartition("/")[2] != "index.html" or url.startswith("assets/"):
        return None
    found = TITLE.search(data)
    return html.unescape(found[1].decode("utf-8")).strip() if found else None


def manifest(site: Path) -> list[dict]:
    """[{url relative to the site, revision: HASH_CHARS hex digits of its SHA-256, size:
    the bytes downloading it costs, and for a page its title}]."""
    entries = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        url = path.relative_to(site).as_posix()
        if url in SKIP or url.endswith(".map") or url.startswith(SKIP_UNDER) and not url.endswith(".svg"):
            continue
        data = path.read_bytes()
        entry = {"url": url, "revision": hashlib.sha256(data).hexdigest()[:HASH_CHARS],
                 "size": download_size(path, data)}
        title = page_title(url, data)
        if title:
            entry["title"] = title
        entries.append(entry)
    return entries


def bundle() -> str:
    """scripts/service-worker.js and the Workbox modules it imports, as one minified script."""
    result = subprocess.run(
        [str(ESBUILD), str(SOURCE), "--bundle", "--minify", "--format=iife", "--target=es2020",
         '--define:process.env.NODE_ENV="production"', "--log-level=error"],
        capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"build_sw.py: esbuild failed: {result.stderr.strip().splitlines()[0] if result.stderr else ''}")
    return result.stdout


def fill(script: str, entries: list[dict]) -> str:
    """The bundled worker with its manifest; exits if the placeholder is not there once."""
    if script.count(PLACEHOLDER) != 1:
        sys.exit(f"build_sw.py: the bundled worker does not name {PLACEHOLDER} once")
    return script.replace(PLACEHOLDER, json.dumps(entries, separators=(",", ":")))


def main() -> None:
    site = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "site")
    if not (site / "index.html").is_file():
        sys.exit(f"build_sw.py: no built site in {site} (build it first)")
    entries = manifest(site)
    worker = site / "sw.js"
    worker.write_text(fill(bundle(), entries), encoding="utf-8")
    size = sum(entry["size"] for entry in entries)
    print(f"build_sw.py: {worker} ({worker.stat().st_size / 1000:.0f} kB) offers an offline copy of "
          f"{len(entries)} files ({size / 1e6:.1f} MB to download)")


if __name__ == "__main__":
    main()
