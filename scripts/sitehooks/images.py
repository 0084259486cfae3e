"""Images far down a page load lazily.

The browser's preload scanner fetches every ``<img>`` of a page as it parses it, so a
lesson's figures far below the first screen were downloaded while the first screen was
still being painted (on a phone's network they delay its largest paint). An image in a
block of the article from the sixth on (the blocks that ``site.css`` lays out only near
the screen) gets ``loading="lazy"``; the first five blocks' images, and the page's first
image wherever it is, load at once.
"""

from __future__ import annotations

from html.parser import HTMLParser

EAGER_BLOCKS = 5
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}


class _ImageFinder(HTMLParser):
    """Records the offset of each <img> tag in a top-level block from EAGER_BLOCKS on."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        # getpos() counts lines by "\n" alone (str.splitlines would also split at U+2028)
        self.line_starts = [0] + [at + 1 for at, char in enumerate(html) if char == "\n"]
        self.depth, self.blocks, self.images, self.lazy = 0, 0, 0, []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        if self.depth == 0:
            self.blocks += 1
        if tag == "img":
            self.images += 1
            if self.blocks > EAGER_BLOCKS and self.images > 1 and "loading" not in dict(attrs):
                line, col = self.getpos()
                self.lazy.append(self.line_starts[line - 1] + col)
        if tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.depth -= 1

    def handle_endtag(self, tag):
        if tag not in VOID:
            self.depth = max(0, self.depth - 1)


def lazy_below_fold(html: str) -> str:
    """The page's content HTML with loading="lazy" on images from its sixth block on."""
    for at in reversed(_ImageFinder(html).lazy):
        html = f'{html[:at]}<img loading="lazy"{html[at + 4:]}'
    return html
