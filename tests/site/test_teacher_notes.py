"""Every lesson has teacher notes (issue #27, item 5): in both languages, exactly one folded
block (a <details> titled "For teachers" / "先生へ") that gives the time the lesson takes, what
students find hard and questions to ask in class.

Run on a build of your own with TEACHER_SITE=/tmp/x-site.
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import grundy

LESSONS = ("impartial-games", "chocolate-and-nim", "triangular-chocolate", "sierpinski",
           "other-inequalities", "step-chocolate", "chomp", "wythoff", "ryuoh", "misere", "pass")
TITLE = {"en": "For teachers", "ja": "先生へ"}
PARTS = {
    "en": ("Time.", "What students find hard.", "Questions to ask"),
    "ja": ("時間の目安", "生徒がつまずきやすい点", "授業での問いかけ"),
}


@pytest.fixture(scope="module")
def site(request) -> Path:
    own = os.environ.get("TEACHER_SITE")
    return Path(own) if own else request.getfixturevalue("built_site")


class _Details(HTMLParser):
    """The top-level <details> blocks of a page: [(summary text, text of the block)]."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks: list[list[str]] = []
        self._depth = 0
        self._in_summary = False

    def handle_starttag(self, tag, attrs):
        if tag == "details":
            self._depth += 1
            if self._depth == 1:
                self.blocks.append(["", ""])
        elif tag == "summary" and self._depth == 1:
            self._in_summary = True

    def handle_endtag(self, tag):
        if tag == "details" and self._depth:
            self._depth -= 1
        elif tag == "summary":
            self._in_summary = False

    def handle_data(self, data):
        if self._depth:
            self.blocks[-1][0 if self._in_summary else 1] += data


def teacher_blocks(html: str, lang: str) -> list[str]:
    """The texts of the folded blocks titled with the teacher-notes title of `lang`."""
    parser = _Details()
    parser.feed(html)
    return [text for summary, text in parser.blocks if summary.strip() == TITLE[lang]]


def _page(site: Path, lesson: str, lang: str) -> Path:
    return site / ("ja" if lang == "ja" else "") / lesson / "index.html"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("lesson", LESSONS)
def test_one_folded_block_with_three_parts(site, lesson, lang):
    html = _page(site, lesson, lang).read_text(encoding="utf-8")
    blocks = teacher_blocks(html, lang)
    assert len(blocks) == 1, f"{lang}/{lesson}: {len(blocks)} teacher-notes blocks"
    text = re.sub(r"\s+", " ", blocks[0])
    missing = [part for part in PARTS[lang] if part not in text]
    assert not missing, f"{lang}/{lesson}: the teacher notes lack {missing}"
    # a folded block: <details> without the open attribute
    assert re.search(rf'<details class="note">\s*<summary>{TITLE[lang]}</summary>', html), lesson


def test_questions_are_listed(site):
    """Each block asks at least three numbered questions."""
    for lesson in LESSONS:
        for lang in TITLE:
            html = _page(site, lesson, lang).read_text(encoding="utf-8")
            start = html.index(f"<summary>{TITLE[lang]}</summary>")
            block = html[start:html.index("</details>", start)]
            ol = re.search(r"<ol>(.*?)</ol>", block, re.S)
            assert ol and 3 <= ol.group(1).count("<li>") <= 5, f"{lang}/{lesson}"


# The teacher notes' answers that name winning moves (page, the claim as written in the
# Markdown of both languages' pages: its positions, the game of the page's widget, the start,
# the winning moves claimed): the engine must find exactly these, and the page must still
# say them (issue #38: claims that can be computed are checked).
CLAIMS = [
    ("chocolate-and-nim", r"\{2, 2\}", ("rect", {"sides": 2}), (4, 2), {(2, 2)}),
    ("chocolate-and-nim", r"\{3, 1, 2\}", ("rect", {"sides": 3}), (3, 6, 2), {(3, 1, 2)}),
    ("chomp", r"\{5, 3, 2\}", ("chomp", {}), (5, 3, 3), {(5, 3, 2)}),
    ("chomp", r"\{4, 2, 2\}", ("chomp", {}), (4, 4, 4), {(4, 2, 2)}),
    ("other-inequalities", r"\{3, 3, 2\}", ("chocolate", {"k": 1}), (3, 4, 2), {(3, 3, 2)}),
    ("other-inequalities", r"\{6, 3, 3\}", ("chocolate", {"k": 2}), (6, 3, 4),
     {(5, 3, 4), (6, 2, 4), (6, 3, 3)}),
    ("ryuoh", "(5, 4)", ("ryuoh", {"p": 3}), (7, 4), {(5, 4)}),
    ("ryuoh", "(6, 6)", ("ryuoh", {"p": 3}), (7, 7), {(6, 6)}),
    ("step-chocolate", r"\{4, 3, 7\}", ("step3", {"f": "t//2"}), (4, 4, 9), {(4, 3, 7)}),
    ("triangular-chocolate", r"\{3, 1, 2\}", ("chocolate", {"k": 3}), (5, 2, 2), {(3, 1, 2)}),
    ("wythoff", "(3, 5)", ("wythoff", {}), (9, 5), {(3, 5)}),
]


@pytest.mark.parametrize("page, said, game, start, moves", CLAIMS)
def test_named_winning_moves_are_the_engines(page, said, game, start, moves):
    g = grundy.game(game[0], **game[1])
    found = {m.to for m in g.moves(start) if g.grundy(m.to) == 0}
    assert found == moves, (page, start, found)
    docs = Path(__file__).resolve().parents[2] / "docs"
    for name in (f"{page}.md", f"{page}.ja.md"):
        note = (docs / name).read_text(encoding="utf-8").split("\n## ")[0]  # up to the first section
        assert said in note, (name, said)
        if len(moves) == 1 and name.endswith(".md") and not name.endswith(".ja.md"):
            assert re.search(re.escape(said) + r"\$?[^.]{0,40}the only winning move", note), (name, said)
