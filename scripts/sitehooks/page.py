"""The page being rendered: what the generators know about it, and its source lines.

mkdocs renders one page at a time (``on_page_markdown``, then the Markdown conversion,
then ``on_page_content``); ``begin`` and ``end`` bracket that, and the fence formatter and
the Japanese line joiner ask ``current()`` which page they are working on.
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from . import assets

CACHE_DIR = Path(__file__).resolve().parents[2] / ".cache" / "sitegen"


def page_lang(src_uri: str) -> str:
    """"ja" for ``*.ja.md`` (mkdocs-static-i18n's suffix structure), else "en"."""
    return "ja" if src_uri.endswith(".ja.md") else "en"


class GenContext:
    """What a generator knows about its page.

    - ``lang``: "en" or "ja"; ``page_src``: the source path in docs/, e.g. "ryuoh.ja.md";
      ``title``: the page's title (its <title> before " - " and the site's name).
    - ``asset(relpath, data) -> url``: stores ``data`` (bytes or str) as
      site/generated/<relpath> and returns its URL relative to the page (for raw HTML).
    - ``cache_dir``: ``.cache/sitegen/`` (created) for expensive results.
    - ``deferred``: a generator may write a placeholder, filled at the build's end
      (sitegen.deferred).
    """

    deferred = True

    def __init__(self, page, config, files):
        self.page_src = page.file.src_uri
        self.lang = page_lang(self.page_src)
        self.cache_dir = CACHE_DIR
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self._page_dir = posixpath.dirname(page.file.dest_uri) or "."
        self._config = config
        self._files = files
        self._page = page

    @property
    def title(self) -> str:
        """The page's title, as Material writes it into <title> (nav, front matter or h1)."""
        return self._page.title or ""

    def asset(self, relpath: str, data: bytes | str) -> str:
        """Store ``data`` as site/generated/<relpath>; return its URL relative to the page."""
        return assets.register(self._config, self._files, relpath, data, self._page_dir)


class PageSource:
    """The page's Markdown as the converter gets it, numbered as in the source file."""

    def __init__(self, markdown: str, source: str, ctx: GenContext):
        self.ctx = ctx
        self.lines = markdown.split("\n")
        # mkdocs removed the front matter (and blank lines after it) from the source.
        self.offset = max(source.count("\n") - markdown.count("\n"), 0)
        self._cursor = 0

    def line_of(self, body: str) -> int:
        """The source line number of the next fenced block whose body is ``body``.

        Blocks are looked for in order, from the one after the previous match; the
        number is that of the body's first line (1-based, front matter counted).
        """
        want = [line.strip() for line in body.strip("\n").split("\n")]
        for i in range(self._cursor, len(self.lines) - len(want)):
            if "grundy" in self.lines[i] and [l.strip() for l in self.lines[i + 1 : i + 1 + len(want)]] == want:
                self._cursor = i + 1 + len(want)
                return self.offset + i + 2
        return self.offset + 1


_current: PageSource | None = None


def begin(markdown: str, page, config, files) -> None:
    """Start rendering ``page`` (its Markdown after front matter is ``markdown``)."""
    global _current
    source = page.file.content_string if page.file.abs_src_path else markdown
    _current = PageSource(markdown, source, GenContext(page, config, files))


def end() -> None:
    """The page's Markdown is converted."""
    global _current
    _current = None


def current() -> PageSource | None:
    """The page being converted, or None outside a page."""
    return _current
