"""Discovery exercises (issue #12): every lesson that states a theorem about P-positions or
Grundy values asks the reader to fill in a P/N table BEFORE the statement (compute,
conjecture, prove), in both languages, and the built tables' answers are the engine's."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

import grundy

DOCS = Path(__file__).resolve().parents[2] / "docs"
FENCE = re.compile(r"^```grundy\n(exercise kind=pn-table [^\n]*)\n```", re.M)

# page -> the statements (English, Japanese), in page order, each of which needs a
# discovery table between the previous statement and itself.
STATEMENTS = {
    "impartial-games": [("Theorem (Bouton", "定理（Bouton"), ("Theorem (Sprague", "定理（Sprague")],
    "chocolate-and-nim": [("Theorem (rectangular bars are Nim)", "定理（長方形のチョコレートはニムである）")],
    "triangular-chocolate": [("Theorem 2.1) — proved", "定理 2.1）— 証明済み"),
                             ("It does **not** say", "だとは言って**いません**")],
    "other-inequalities": [("Theorem (Miyadera, Ogasa, Inoue", "定理（宮寺・小笠・井上"),
                           ('!!! warning "A conjecture', '!!! warning "予想です')],
    "step-chocolate": [("Theorems 2.2 and 2.3)", "定理 2.2 と 2.3）")],
    "misere": [("Theorem (misère Nim", "定理（ミゼールのニム")],
    "wythoff": [("Theorem (Wythoff, 1907)", "定理（Wythoff, 1907）"),
                ("table game=wythoff max=12", "table game=wythoff max=12")],
    "ryuoh": [("table game=ryuoh p=3 max=12", "table game=ryuoh p=3 max=12")],
    "pass": [("answer game=nim heaps=2 max=10 pass=true", "answer game=nim heaps=2 max=10 pass=true")],
}


def _source(page: str, lang: str) -> str:
    return (DOCS / f"{page}{'.ja' if lang == 'ja' else ''}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("page", sorted(STATEMENTS))
def test_a_discovery_table_comes_before_each_theorem(page, lang):
    text = _source(page, lang)
    tables = [m.start() for m in FENCE.finditer(text)]
    previous = 0
    for statement in STATEMENTS[page]:
        at = text.find(statement[lang == "ja"])
        assert at > previous, (page, lang, statement)
        assert any(previous < t < at for t in tables), f"{page} ({lang}): no P/N table before {statement[0]!r}"
        previous = at


@pytest.mark.parametrize("page", sorted(STATEMENTS))
def test_both_languages_ask_the_same_tables(page):
    """Same directives, so the same exercise ids: progress is shared by the two languages."""
    assert [m[1] for m in FENCE.finditer(_source(page, "en"))] == \
        [m[1] for m in FENCE.finditer(_source(page, "ja"))]


def _judge(data: dict):
    """P/N of a cell as the engine says, by a route of its own: misère search, the pass
    game's Grundy value, or the Sprague-Grundy nim-sum with the heap."""
    params = json.loads(data["params"])
    game = grundy.game(data["game"], **params)
    if data.get("misere") == "true":
        return lambda pos: game.outcome(pos, misere=True)
    if data.get("pass") == "true":
        passing = grundy.with_pass(game)
        return lambda pos: "P" if passing.grundy((*pos, 1)) == 0 else "N"
    heap = int(data.get("heap", 0))
    return lambda pos: "P" if game.grundy(pos) ^ heap == 0 else "N"


def _built_tables(site: Path):
    for page in sorted(STATEMENTS):
        for lang, path in (("en", site / page / "index.html"), ("ja", site / "ja" / page / "index.html")):
            html = path.read_text(encoding="utf-8")
            for m in re.finditer(r'<grundy-exercise ([^>]*data-kind="pn-table"[^>]*)>(.*?)</grundy-exercise>', html, re.S):
                data = {k: unescape(v) for k, v in re.findall(r'data-([\w-]+)="([^"]*)"', m[1])}
                yield page, lang, data, m[2]


def test_built_tables_answer_as_the_engine(built_site):
    seen = set()
    for page, lang, data, body in _built_tables(built_site):
        seen.add((page, lang))
        question, answer = body.split('<details class="gx-answer">')
        blanks = re.findall(r'<td class="gx-cell" data-pos="([\d,]+)">', question)
        cells = dict(re.findall(r'<td class="gx-[PN]" data-pos="([\d,]+)">([PN])</td>', answer))
        assert blanks and sorted(blanks) == sorted(cells), (page, lang)
        judge = _judge(data)
        for pos, shown in cells.items():
            assert shown == judge(tuple(map(int, pos.split(",")))), (page, lang, data, pos)
        assert data["lesson"] == page and data["lang"] == lang
    assert seen == {(p, lang) for p in STATEMENTS for lang in ("en", "ja")}
