"""Material's JavaScript bundle without its color-scheme meta (a patch of the built file).

As it starts, Material's palette component appends ``<meta name="color-scheme">`` to the
head and then fills it in from the header's colour scheme. The browser restyles the whole
page for each of the two (about 100 ms on a phone, 400 ms at Lighthouse's 4x slowdown).
The patch leaves the element out of the document; the root's colour scheme follows the
palette in the site's stylesheet instead (``:root:has(> [data-md-color-scheme=slate])``
in assets/stylesheets/site.css), which restyles nothing at load. mkdocs-material is
pinned (requirements.txt): a build whose bundle lacks the patched text stops here.
"""

from __future__ import annotations

from pathlib import Path

ORIGINAL = 'let o=x("meta",{name:"color-scheme"});document.head.appendChild(o);'
PATCHED = 'let o=x("meta",{name:"color-scheme"});'


class PatchError(RuntimeError):
    """Material's bundle does not hold the text the patch replaces."""


def patch_bundle(site_dir: str) -> None:
    """Patch site_dir's Material bundle in place (again: no change)."""
    for bundle in Path(site_dir, "assets", "javascripts").glob("bundle.*.min.js"):
        text = bundle.read_text(encoding="utf-8")
        if text.count(ORIGINAL) == 1:
            bundle.write_text(text.replace(ORIGINAL, PATCHED), encoding="utf-8")
        elif ORIGINAL in text or PATCHED not in text:
            raise PatchError(f"{bundle.name}: the color-scheme meta of Material's palette "
                             "is not where this patch expects it (was mkdocs-material upgraded?)")
