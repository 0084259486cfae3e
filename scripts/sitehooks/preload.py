"""A page with widgets asks for their modules and first data from its head.

widgets.js imports a widget's module once the page is painted, and each module's imports
are found only once it has arrived: five round trips one after the other (about 1.5 s on
a phone's network) before the first <grundy-play> could even ask for its first moves.
The head of a page with widgets lists, as ``<link rel="modulepreload">``, every module
its widgets import (read from the modules' static ``import ... from`` lines; on a page
with a game, those of the play widget only: the first move first; on the assign page,
where a student's link shows its tasks and plays its games, those of the assignment and
of the play widget), and, as
``<link rel="preload" as="fetch" crossorigin>``, its first play widget's build-time
answers (``data-answers``) and the game catalogue (``data-catalogue``): all of them are
fetched in parallel while the page is parsed and painted, and the widgets start from them.
The play widget's module is moreover an `async` module script of the head: it defines
<grundy-play> as soon as it has arrived, not once the whole page is parsed and the
deferred scripts before it have run (on a slow phone, the long lesson's parse and
Material's bundle: 0.4-0.6 s later); a widget the parser connects before its children
waits for them (parsed.js).

The links are root-absolute under site_url's path (``links.make_relative`` then makes
them relative to the page, as every other link).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import urlsplit

# the module defining each custom element (widgets.js imports it when the element is there)
MODULES = {
    "grundy-play": "assets/widgets/grundy-play.js",
    "grundy-table": "assets/widgets/grundy-table.js",
    "grundy-nimsum": "assets/widgets/grundy-nimsum.js",
    "grundy-pviewer": "assets/widgets/grundy-pviewer.js",
    "grundy-discover": "assets/widgets/grundy-discover.js",
    "grundy-assignment": "assets/classroom/grundy-assignment.js",
}
ENTRY = "assets/widgets/widgets.js"  # every page's script: its own imports come first
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;"']*?\bfrom\s*["'](\.{1,2}/[^"']+)["']|^\s*import\s*["'](\.{1,2}/[^"']+)["']""",
                    re.MULTILINE)
ELEMENT = re.compile(r"<(grundy-[a-z]+)\b")
PLAY_DATA = re.compile(r"<grundy-play\b[^>]*?\sdata-answers='([^']+)'[^>]*?\sdata-catalogue='([^']+)'")


def imports(docs_dir: Path, module: str) -> list[str]:
    """The modules `module` (a path under docs_dir) imports statically, itself first."""
    found, todo = [], [module]
    while todo:
        path = todo.pop(0)
        if path in found:
            continue
        found.append(path)
        text = (docs_dir / path).read_text(encoding="utf-8")
        for m in IMPORT.finditer(text):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), m[1] or m[2])))
    return found


def head_links(html: str, docs_dir: Path, site_url: str) -> str:
    """The preload links for the widgets of the page `html` ("" without widgets)."""
    tags = [tag for tag in dict.fromkeys(ELEMENT.findall(html)) if tag in MODULES]
    if not tags:
        return ""
    if "grundy-assignment" in tags:  # a student's tasks, and the play widget of a game among them
        tags = ["grundy-assignment", "grundy-play"]
    elif "grundy-play" in tags:  # the first move first: the other widgets' modules come after
        tags = ["grundy-play"]
    prefix = urlsplit(site_url or "").path.rstrip("/") + "/"
    modules = imports(docs_dir, ENTRY)[1:]
    for tag in tags:
        modules += [m for m in imports(docs_dir, MODULES[tag]) if m not in modules]
    links = [f'<link rel="modulepreload" href="{prefix}{m}">' for m in modules]
    if "grundy-play" in tags:  # runs as soon as it is there, while the page is still parsed
        links.append(f'<script type="module" async src="{prefix}{MODULES["grundy-play"]}"></script>')
    play = PLAY_DATA.search(html)
    if play:  # already relative to the page
        links += [f'<link rel="preload" as="fetch" crossorigin href="{url}">' for url in play.groups()]
    return "\n".join(links) + "\n"


START = '<script id="material-start">'


def add_links(html: str, docs_dir: Path, site_url: str) -> str:
    """`html` with the preload links of its widgets at the end of its head, before the
    script that writes the head's links out in full (partials/material-start.html)."""
    links = head_links(html, docs_dir, site_url)
    if not links:
        return html
    end = START if START in html else "</head>"
    return html.replace(end, links + end, 1)
