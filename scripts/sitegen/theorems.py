"""Generator `theorems`: the cases a game's theorems cover, as the engine holds them.

    theorems game=NAME [its params]

A list, in the page's language, of the game's theorems (`type(game).theorems`): where each
holds (its condition) and what it says there (`Theorem.says`). The Explain panel argues from exactly these; any other position
is computed from the rules. A page that says which cases are solved shows this list
instead of typing it.
"""

from __future__ import annotations

from html import escape

from .args import Args
from .strings import japanese_spacing, notation, text


def theorems(args: dict[str, str], ctx) -> str:
    """Arguments: game= a registered game, and optionally its parameters."""
    a = Args("theorems", args)
    g = a.game()
    a.done()
    cls = type(g)
    if not cls.theorems:
        raise a.error(f"{cls.name} has no theorems")

    def shown(phrase: str) -> str:
        phrase = notation(phrase)
        return escape(japanese_spacing(phrase) if ctx.lang == "ja" else phrase)

    pos = g.default_start
    items = "\n".join(
        f"<li><strong>{shown(t.condition.get(ctx.lang))}</strong>: "
        f"{shown(t.says(g, pos).get(ctx.lang))}</li>" for t in cls.theorems)
    return f"<p>{escape(text('theorems.intro', ctx.lang))}</p>\n<ul>\n{items}\n</ul>"
