"""Tables wrapped at build time as Material's bundle would wrap them at load.

Material puts each table without a class in ``div.md-typeset__scrollwrap >
div.md-typeset__table`` (its scrolling box) when the page starts; replacing the tables
then restyled the whole article. Wrapped here, the page is laid out once in its final
shape, and the patched bundle leaves wrapped tables alone (``sitehooks.material_js``).
"""

from __future__ import annotations

import re

TAG = re.compile(r"<table\b[^>]*>|</table>")
OPEN = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
CLOSE = "</div></div>"


def wrap(html: str) -> str:
    """html with each table that has no class attribute wrapped (nested tables too)."""
    out, plain, pos = [], [], 0
    for match in TAG.finditer(html):
        tag = match.group(0)
        out.append(html[pos:match.start()])
        if tag == "</table>":
            out.append(tag + (CLOSE if plain and plain.pop() else ""))
        else:
            plain.append(re.search(r"\sclass\s*=", tag) is None)
            out.append((OPEN if plain[-1] else "") + tag)
        pos = match.end()
    out.append(html[pos:])
    return "".join(out)
