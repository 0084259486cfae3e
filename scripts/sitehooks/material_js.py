"""Material's JavaScript bundle, patched in the built file where its start restyled the
whole page (each time about 30-130 ms on a phone, four times that at Lighthouse's 4x
slowdown; found with Chromium's invalidation tracking).

- Its palette component appended ``<meta name="color-scheme">`` to the head and then
  filled it in from the header's colour scheme: a restyle for each. The element is left
  out of the document; the root's colour scheme follows the palette in the site's
  stylesheet instead (``:root:has(> [data-md-color-scheme=slate])``, site.css).
- It wrapped each table without a class in ``div.md-typeset__scrollwrap >
  div.md-typeset__table``, replacing the table in the article (whose blocks' rules count
  their places). Tables are wrapped at build time now (``sitehooks.tables``) and the
  bundle leaves wrapped tables alone.

mkdocs-material is pinned (requirements.txt): a build whose bundle lacks a patched text
stops here.
"""

from __future__ import annotations

from pathlib import Path

# (what the patch is for, Material's text, the patched text)
PATCHES = (
    ("the palette's color-scheme meta",
     'let o=x("meta",{name:"color-scheme"});document.head.appendChild(o);',
     'let o=x("meta",{name:"color-scheme"});'),
    ("the tables it wraps",
     'M("table:not([class])",e)',
     'M("table:not([class]):not(.md-typeset__table > *)",e)'),
)


class PatchError(RuntimeError):
    """Material's bundle does not hold the text a patch replaces."""


def patch_text(text: str, name: str = "bundle") -> str:
    """The bundle's text with every patch made (a patched text is left as it is)."""
    for what, original, patched in PATCHES:
        if text.count(original) == 1:
            text = text.replace(original, patched)
        elif original in text or patched not in text:
            raise PatchError(f"{name}: {what} is not where the patch expects it "
                             "(was mkdocs-material upgraded?)")
    return text


def patch_bundle(site_dir: str) -> None:
    """Patch site_dir's Material bundle in place (again: no change)."""
    for bundle in Path(site_dir, "assets", "javascripts").glob("bundle.*.min.js"):
        text = bundle.read_text(encoding="utf-8")
        patched = patch_text(text, bundle.name)
        if patched != text:
            bundle.write_text(patched, encoding="utf-8")
