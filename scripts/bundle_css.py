"""One stylesheet for the whole built site: the head's stylesheets in one file.

Every page of the built site links Material's stylesheets, the math's, the widgets' and
the site's own: eight requests before the first paint, each a round trip on a phone's
network. This joins them, in the pages' order, into
``assets/stylesheets/bundle.<hash>.css`` (``url()`` references rewritten to the bundle's
folder) and links only that from every page. The bundle link keeps ``data-gx-styles``,
the exercises' mark that their stylesheet is there (``assets/exercises/text.js``).
The 404 page links from the site's root path (the path of ``MKDOCS_SITE_URL``, as
mkdocs reads it, or ``/``); its bundle link does too.

One of Material's rules is left out: it stops every transition while the colour palette
switches, keyed on an attribute that Material sets on <body> as every page loads, so the
style of every element on the page was computed once more at load (about 0.1 s on a
phone). Without it, colours fade for a moment when the reader switches the palette.

    python scripts/bundle_css.py SITE_DIR
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

LINK = re.compile(r'[ \t]*<link rel="stylesheet" href="([^"]+)"( data-gx-styles)?>\s*\n?')
URL = re.compile(r"""url\(\s*(['"]?)([^'"()\s]+)\1\s*\)""")  # not a path with spaces
SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")
FOLDER = "assets/stylesheets"
DROPPED = ("[data-md-color-switching] *,[data-md-color-switching] :after,"
           "[data-md-color-switching] :before{transition-duration:0s!important}")


class BundleError(ValueError):
    """Pages whose stylesheets cannot share one bundle."""


def root_path() -> str:
    """The site's path on its host ("/" or "/REPO/"), from MKDOCS_SITE_URL as mkdocs reads it."""
    return urlsplit(os.environ.get("MKDOCS_SITE_URL", "")).path.rstrip("/") + "/"


def site_path(href: str, page_dir: str, root: str = "/") -> str:
    """The site-relative path of a stylesheet linked from a page in page_dir."""
    if href.startswith("/"):                 # the 404 page links from the site's root path
        if not href.startswith(root):
            raise BundleError(f"{href} is not under the site's path {root} (MKDOCS_SITE_URL)")
        return posixpath.normpath(href[len(root):])
    return posixpath.normpath(posixpath.join(page_dir, href))


def page_links(site: Path, root: str = "/") -> dict[Path, tuple[str, list[str]]]:
    """{page: (its text, the site paths of the stylesheets in its head)}."""
    pages = {}
    for html in sorted(site.rglob("*.html")):
        text = html.read_text(encoding="utf-8")
        head = text[:text.find("</head>")]
        page_dir = html.parent.relative_to(site).as_posix()
        hrefs = [site_path(href, page_dir, root) for href, _ in LINK.findall(head)]
        if hrefs:
            pages[html] = (text, hrefs)
    return pages


def common_order(lists: list[list[str]]) -> list[str]:
    """Every stylesheet once, in the order the pages link them (an error where they disagree)."""
    order: list[str] = []
    for hrefs in lists:
        for href in dict.fromkeys(hrefs):
            if href not in order:
                order.append(href)
    for hrefs in lists:
        ranks = [order.index(href) for href in dict.fromkeys(hrefs)]
        if ranks != sorted(ranks):
            raise BundleError(f"stylesheets linked in another order: {hrefs}")
    return order


def joined(site: Path, order: list[str]) -> str:
    """The stylesheets' text in one, their url()s relative to FOLDER."""
    parts = []
    for path in order:
        css = (site / path).read_text(encoding="utf-8")
        base = posixpath.dirname(path)

        def moved(match: re.Match) -> str:
            url = match.group(2)
            if url.startswith(("data:", "#", "/", "http:", "https:")):
                return match.group(0)
            return f"url({posixpath.relpath(posixpath.join(base, url), FOLDER)})"
        parts.append(f"/* {path} */\n" + SOURCE_MAP.sub("", URL.sub(moved, css)).strip())
    return "\n".join(parts) + "\n"


def bundle(site: Path, root: str = "/") -> str:
    """Write the bundle, link it from every page instead of its stylesheets; its path.

    root is the site's path on its host: the 404 page's links start with it."""
    pages = page_links(site, root)
    if not pages:
        raise BundleError(f"no page of {site} links a stylesheet")
    css = joined(site, common_order([hrefs for _, hrefs in pages.values()]))
    if DROPPED not in css:
        raise BundleError(f"Material's rule to leave out is not there: {DROPPED}")
    css = css.replace(DROPPED, "")
    name = f"{FOLDER}/bundle.{hashlib.sha256(css.encode()).hexdigest()[:10]}.css"
    (site / name).write_text(css, encoding="utf-8")
    for html, (text, _) in pages.items():
        end = text.find("</head>")
        first = LINK.search(text, 0, end)
        href = (root + name if first.group(1).startswith("/")
                else posixpath.relpath(name, html.parent.relative_to(site).as_posix()))
        head = LINK.sub("", text[first.end():end])
        html.write_text(f'{text[:first.start()]}<link rel="stylesheet" href="{href}" data-gx-styles>\n'
                        f"{head}{text[end:]}", encoding="utf-8")
    return name


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python scripts/bundle_css.py SITE_DIR", file=sys.stderr)
        return 2
    try:
        name = bundle(Path(argv[0]), root_path())
    except BundleError as error:
        print(f"bundle_css.py: {error}", file=sys.stderr)
        return 1
    print(f"bundle_css.py: {name} ({(Path(argv[0]) / name).stat().st_size // 1024} kB) in every page")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
