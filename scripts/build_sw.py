"""Fill in the service worker of a built site: SITE/sw.js becomes docs/sw.js with the list
of every file of the site with its content hash, and a version derived from that list, so
that each deployment has its own cache and readers are offered the update.
Run by scripts/build.sh after mkdocs; without it sw.js caches nothing.

Usage: python scripts/build_sw.py [SITE_DIR]   (default: site)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HASH_CHARS = 16
SOURCE = ROOT / "docs" / "sw.js"
# Not precached: the worker itself, the error page, the sitemaps (search engines' files).
SKIP = {"sw.js", "404.html", "sitemap.xml", "sitemap.xml.gz"}


def file_hashes(site: Path) -> dict[str, str]:
    """{path relative to the site, with "/": first HASH_CHARS hex digits of its SHA-256}."""
    hashes = {}
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel in SKIP:
            continue
        hashes[rel] = hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_CHARS]
    return hashes


def fill(source: str, files: dict[str, str]) -> str:
    """The worker's source with VERSION and FILES set; exits if either line is missing."""
    listing = json.dumps(files, separators=(",", ":"))
    version = hashlib.sha256(listing.encode()).hexdigest()[:12]
    lines = {'const VERSION = "dev";': f'const VERSION = "{version}";',
             "const FILES = {};": f"const FILES = {listing};"}
    for old, new in lines.items():
        if source.count(old) != 1:
            sys.exit(f"build_sw.py: sw.js has no line {old!r} (docs/sw.js changed?)")
        source = source.replace(old, new)
    return source


def main() -> None:
    site = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "site")
    if not (site / "index.html").is_file():
        sys.exit(f"build_sw.py: no built site in {site} (build it first)")
    worker = site / "sw.js"
    files = file_hashes(site)
    worker.write_text(fill(SOURCE.read_text(encoding="utf-8"), files), encoding="utf-8")
    size = sum((site / rel).stat().st_size for rel in files) / 2**20
    print(f"build_sw.py: {worker} precaches {len(files)} files ({size:.1f} MiB)")


if __name__ == "__main__":
    main()
