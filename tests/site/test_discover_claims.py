"""What the Discover page (docs/discover.md) says about how the site's formulas were found:
for which p the engine finds Ryuoh Nim's formula is the engine's own result, written at
build time (the directive `discovered`), not a claim for every p; the opening tells how
Ryuoh Nim's formula was found as its paper does, and cites it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from sitegen import discover_markup  # noqa: E402

SENTENCE = re.compile(r'<p class="gw-discovered">(.*?)</p>', re.S)
VALUES = re.compile(r"p = ((?:\d+(?:, | and )?)+)")  # "p = 1, 2, 3 and 4" (Japanese: "p = 1, 2, 3, 4")


def values(text: str) -> list[int]:
    return [int(v) for v in re.findall(r"\d+", text)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ryuoh_formula_found_for_the_p_the_engine_says(built_site, lang):
    html = (built_site / ("ja/" if lang == "ja" else "") / "discover" / "index.html").read_text(encoding="utf-8")
    proved = html[html.index('id="how-the-formulas-were-proved"'):]
    item = proved[proved.index("ryuoh/#the-theorem"):]
    sentences = SENTENCE.findall(item[:item.index("</li>")])
    assert len(sentences) == 1, "the Ryuoh item says for which p the engine finds the formula"
    groups = list(VALUES.finditer(sentences[0]))  # the p it finds the formula for, then the others
    hits, misses = values(groups[0].group(1)), values(groups[1].group(1)) if len(groups) > 1 else []
    assert hits and 1 in hits and sorted(hits + misses) == list(range(1, 6)), (hits, misses)
    assert grundy.discover(grundy.game("ryuoh", p=1), max=10).theorem is not None  # (p = 1: fast)
    if misses:  # no reason is claimed for them (the grammar divides by p too: not a reason)
        assert "divide" not in sentences[0] and "割る" not in sentences[0], sentences[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_opening_cites_the_paper(built_site, lang):
    html = (built_site / ("ja/" if lang == "ja" else "") / "discover" / "index.html").read_text(encoding="utf-8")
    opening = html[html.index("<h1"):html.index("<h2")]
    assert "#ref-R1" in opening or ">[R1]<" in opening, "the opening says where the story comes from"
    assert "Mathematica" in opening


class _Ctx:
    lang = "en"

    def __init__(self, cache_dir):
        self.cache_dir = cache_dir


def test_discovered_sentence(tmp_path):
    """The generator on small tables: p = 1 and 2 (the formula is x ⊕ y) found, and kept."""
    html = discover_markup.discovered({"game": "ryuoh", "param": "p", "from": "1", "to": "2", "max": "6"},
                                      _Ctx(tmp_path))
    assert "the engine finds a formula that agrees with this theorem for p = 1 and 2." in html
    assert "none" not in html and list((tmp_path / "discovered").glob("*.json"))


def test_discovered_sentence_names_the_misses(tmp_path, monkeypatch):
    """A value the search misses is named, with no reason claimed for it (Japanese too)."""
    monkeypatch.setattr(discover_markup, "_agrees", lambda name, param, value, limit, cache_dir: value != 2)
    args = {"game": "ryuoh", "param": "p", "from": "1", "to": "3", "max": "6"}
    html = discover_markup.discovered(args, _Ctx(tmp_path))
    assert "for p = 1 and 3, and none for p = 2 on these tables." in html, html
    ctx = _Ctx(tmp_path)
    ctx.lang = "ja"
    html = discover_markup.discovered(args, ctx)
    assert "p = 1, 3 のときです。p = 2 では、この表では見つけられません。" in html, html
