"""Japanese pages: no stray spaces from line breaks, and Japanese UI strings.

Markdown turns a line break into a space, which shows between Japanese characters
("おらず、 式は"). A Markdown preprocessor running right after pymdownx.superfences (so
fenced code is already set aside) joins such lines on Japanese pages.
"""

from __future__ import annotations

import re

from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from . import page

CJK = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60"
# a line ends in Japanese, perhaps closed by emphasis or a link; the next starts in Japanese,
# perhaps opened by emphasis; after Japanese punctuation no space belongs, whatever follows
CJK_END = re.compile(f"[{CJK}](?:\\*{{1,2}}|\\]\\([^)\\s]*\\))?$")
CJK_START = re.compile(f"^[ \t]*(?:\\*{{1,2}}(?! ))?[{CJK}]")
PUNCTUATION_END = re.compile("[、。，．：；！？「」『』（）]$")
# a list item, heading, table, quote, admonition, HTML, fence, display math, definition or
# a block Markdown set aside (its placeholder starts with STX)
BLOCK_START = re.compile(r"^[ \t]*(?:[-*+] |\d+\. |#|\||>|!!!|\?\?\?|<|```|\$\$|:|\x02)")
PRIORITY = 24  # after superfences' fenced_code_block (25), before html_block (20)


def joins(previous: str, line: str) -> bool:
    """Whether `line` continues the Japanese sentence of `previous` with no space between."""
    if previous.lstrip().startswith("#") or not line.strip() or BLOCK_START.match(line):
        return False
    return bool(PUNCTUATION_END.search(previous) or (CJK_END.search(previous) and CJK_START.match(line)))


def join_lines(lines: list[str]) -> list[str]:
    """Join each line that continues a Japanese sentence to the previous one (headings and
    block starts excepted)."""
    out: list[str] = []
    for line in lines:
        if out and out[-1].strip() and joins(out[-1], line):
            out[-1] += line.lstrip()
        else:
            out.append(line)
    return out


class _JoinLines(Preprocessor):
    def run(self, lines):
        current = page.current()
        return join_lines(lines) if current and current.ctx.lang == "ja" else lines


class JapaneseLines(Extension):
    """The Markdown extension that joins Japanese line breaks on Japanese pages."""

    def extendMarkdown(self, md):
        md.preprocessors.register(_JoinLines(md), "grundy_japanese_lines", PRIORITY)


def register(config) -> None:
    """Add the extension to mkdocs' Markdown extensions (once)."""
    if not any(isinstance(e, JapaneseLines) for e in config.markdown_extensions):
        config.markdown_extensions.append(JapaneseLines())


def translate_ui(html: str, src_uri: str) -> str:
    """Japanese titles for the toc extension's permalinks (its option is one string)."""
    if page.page_lang(src_uri) == "ja":
        html = html.replace('title="Permanent link"', 'title="この見出しへのリンク"')
    return html
