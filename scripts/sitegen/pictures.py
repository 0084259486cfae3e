"""Generator `picture`: the engine's own SVG drawing of a position, with a caption."""

from __future__ import annotations

import grundy.svg

from .args import Args, game_label, position_text
from .markup import figure
from .strings import notation, text


def picture_html(game, pos: tuple, caption: str, lang: str) -> str:
    """The <figure> with the SVG of `pos` (the default caption names the game and position)."""
    caption = notation(caption) or text("picture.caption", lang, pos=position_text(pos),
                                        game=game_label(game, lang))
    return figure(grundy.svg.draw(game, pos, lang=lang), caption, "grundy-picture")


def picture(args: dict[str, str], ctx) -> str:
    """Arguments: game, params (k, p, f, heaps, sides), pos="10 5 5", caption=, caption_ja= (optional)."""
    a = Args("picture", args)
    game = a.game()
    pos = a.position("pos", game)
    caption = a.get("caption", "")
    caption_ja = a.get("caption_ja", "")
    a.done()
    return picture_html(game, pos, (caption_ja or caption) if ctx.lang == "ja" else caption, ctx.lang)
