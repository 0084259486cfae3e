"""Page weight: what each page of the built site needs for its first paint stays under
500 kB of gzip. Counted per page: the HTML, its stylesheets, its classic scripts (module
scripts run after the first paint: the widgets, the exercises, the app) and every
stylesheet font the page uses (KaTeX's, for the families its typeset math names; the site
itself uses the system's fonts). The search index and the Python runtime load later, on
demand."""

from __future__ import annotations

import gzip
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from bench.serve import built_for

LIMIT = 500 * 1024
TAG = re.compile(r"<(link|script)\b([^>]*)>", re.I)
FACE = re.compile(r"@font-face\{([^}]*)\}")
FAMILY_RULE = re.compile(r"([^{}]+)\{[^{}]*?font(?:-family)?:[^;}]*?(KaTeX_\w+)")


def attribute(tag: str, name: str) -> str | None:
    found = re.search(rf'\b{name}="([^"]*)"', tag)
    return found and found[1]


@lru_cache(maxsize=None)
def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6))


@lru_cache(maxsize=None)
def fonts_of(stylesheet: Path) -> tuple[dict[str, list[Path]], dict[str, set[str]]]:
    """A stylesheet's fonts: ({family: [font files]}, {family: {classes of elements using it}})."""
    css = stylesheet.read_text(encoding="utf-8")
    files: dict[str, list[Path]] = {}
    for face in FACE.findall(css):
        family = re.search(r"font-family:\s*[\"']?([\w -]+)", face)[1]
        for url in re.findall(r"url\(([^)]+)\)", face):
            files.setdefault(family, []).append((stylesheet.parent / url).resolve())
    classes: dict[str, set[str]] = {}
    for selectors, family in FAMILY_RULE.findall(css):
        for selector in selectors.split(","):  # the last class names the element that uses it
            names = re.findall(r"\.([\w-]+)", selector)
            classes.setdefault(family, set()).update(names[-1:])
    return files, classes


def first_paint(page: Path, site: Path, root: str = "/") -> dict[str, int]:
    """{file name: gzip bytes} of what `page` of `site` (served at the path `root`) needs for its
    first paint."""
    html = page.read_text(encoding="utf-8")
    used = set(re.findall(r'class="([^"]*)"', html))
    used_classes = {name for value in used for name in value.split()}
    parts = {page.name: gzip_size(page)}
    for match in TAG.finditer(html):
        kind, tag = match[1].lower(), match[2]
        href = attribute(tag, "href") if kind == "link" else attribute(tag, "src")
        blocking = (attribute(tag, "rel") == "stylesheet" if kind == "link"
                    else href and 'type="module"' not in tag and not re.search(r"\b(async|defer)\b", tag))
        if not blocking or "://" in href:
            continue
        if href.startswith("/"):  # the 404 page's addresses are absolute
            base, href = site, href.removeprefix(root)
        else:
            base = page.parent
        path = (base / href.split("?")[0].lstrip("/")).resolve()
        parts[path.name] = gzip_size(path)
        if kind == "link":
            files, classes = fonts_of(path)
            for family, names in classes.items():
                if names & used_classes:
                    parts.update((font.name, gzip_size(font)) for font in files.get(family, []))
    return parts


def test_first_paint_of_every_page_is_under_500_kb(site_dir, measurements):
    root = urlsplit(built_for(site_dir) or "/").path
    weights = {page.relative_to(site_dir).as_posix(): first_paint(page, site_dir, root)
               for page in sorted(site_dir.rglob("*.html"))}
    totals = {name: sum(parts.values()) for name, parts in weights.items()}
    heaviest = max(totals, key=totals.get)
    measurements.append(f"first paint, gzip: heaviest {heaviest} {totals[heaviest] / 1024:.0f} kB "
                        f"({', '.join(f'{n} {b / 1024:.0f}' for n, b in weights[heaviest].items())}); "
                        f"median page {sorted(totals.values())[len(totals) // 2] / 1024:.0f} kB")
    over = {name: f"{total / 1024:.0f} kB" for name, total in totals.items() if total > LIMIT}
    assert not over, f"pages over {LIMIT // 1024} kB of gzip for their first paint: {over}"
