"""The prose of built pages: the article's text as a reader sees it, without code or math.

``article_text(html)`` returns the text of the page's <article> with one line per block
(paragraph, list item, table cell, heading, caption, summary, ...), inline elements joined
as rendered; code (<code>, <pre>), typeset math (KaTeX), scripts, styles and SVG drawings
and the output of code examples are replaced by a placeholder ``MARK``, so that the words around them stay apart. Alternative
texts (alt, title, aria-label) of the article's elements are added as lines of their own.

``site_dir(request)``: the built site to read: $WORDING_SITE if set (a build of your own,
e.g. mkdocs build -d /tmp/x-site), else the suite's ``built_site`` fixture.
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

MARK = "\u2022"  # stands for code or math in the extracted text
SKIP = {"code", "pre", "script", "style", "svg", "math", "template"}
SKIP_CLASSES = {"katex", "pyexample-output"}  # typeset math; what a code example printed
BLOCK = {"p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "div", "tr", "br",
         "figcaption", "dt", "dd", "summary", "details", "blockquote", "table", "ul", "ol",
         "figure", "section", "label", "button", "option", "select"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}
ALT_ATTRS = ("alt", "title", "aria-label")


class _Article(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0          # open elements inside <article> (0: outside)
        self.skip = 0           # open elements of a skipped subtree
        self.out: list[str] = []
        self.alts: list[str] = []

    def _skipped(self, tag: str, attrs: dict) -> bool:
        return tag in SKIP or bool(SKIP_CLASSES & set(attrs.get("class", "").split()))

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if not self.depth:
            if tag == "article":
                self.depth = 1
            return
        if self.skip:
            if tag not in VOID:
                self.skip += 1
            return
        if tag not in VOID:
            self.depth += 1
        self.alts += [a[k] for k in ALT_ATTRS if a.get(k)]
        if self._skipped(tag, a):
            self.out.append(MARK)
            if tag not in VOID:
                self.skip = 1
        elif tag in BLOCK:
            self.out.append("\n")

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if not self.depth or tag in VOID:
            return
        if self.skip:
            self.skip -= 1
            if self.skip:
                return
        self.depth -= 1
        if tag in BLOCK:
            self.out.append("\n")

    def handle_data(self, data):
        if self.depth and not self.skip:
            self.out.append(data.replace("\n", " "))  # a line break in the source shows as a space


def article_text(html: str) -> str:
    """The article's prose (see the module's docstring): lines, whitespace runs made one space."""
    parser = _Article()
    parser.feed(html)
    parser.close()
    text = "".join(parser.out) + "\n" + "\n".join(parser.alts)
    lines = (re.sub(r"[ \t\r\f\v]+", " ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def site_dir(request) -> Path:
    """$WORDING_SITE when set, else the built site of the suite (fixture ``built_site``)."""
    own = os.environ.get("WORDING_SITE")
    return Path(own) if own else request.getfixturevalue("built_site")


def pages(site: Path) -> list[Path]:
    """Every built HTML page that has an article (the lessons, About, API, ...)."""
    return sorted(p for p in site.rglob("*.html") if "<article" in p.read_text(encoding="utf-8"))


def lang_of(site: Path, page: Path) -> str:
    """'ja' for the Japanese pages (under ja/), else 'en'."""
    return "ja" if page.relative_to(site).parts[0] == "ja" else "en"
