"""Exercise answers (```grundy answer blocks): the built pages show what the engine says,
and the winning moves agree with a search of the rules written in the tests
(tests/engine/rules.py), independent of the engine."""

from __future__ import annotations

import html
import re
import shlex
import sys
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

sys.path.insert(0, str(ROOT / "tests" / "engine"))

from rules import Rules  # noqa: E402
from sitegen import exercises  # noqa: E402
from sitegen.args import SitegenError  # noqa: E402

DOCS = ROOT / "docs"
BLOCK = re.compile(r"^( *)```grundy\n\1(answer [^\n]*)\n\1```", re.M)


class Ctx:
    def __init__(self, lang: str):
        self.lang = lang


def _blocks():
    """(source page, arguments) of every answer block in the lessons."""
    for src in sorted(DOCS.glob("*.md")):
        for m in BLOCK.finditer(src.read_text(encoding="utf-8")):
            words = shlex.split(m.group(2))[1:]
            yield src, dict(w.split("=", 1) for w in words)


def _built(site: Path, src: Path) -> Path:
    name = src.name.removesuffix(".md")
    lang = "ja" if name.endswith(".ja") else "en"
    name = name.removesuffix(".ja")
    base = site / "ja" if lang == "ja" else site
    return base / ("" if name == "index" else name) / "index.html"


def _text(fragment: str) -> str:
    """Visible text of an HTML fragment, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


BLOCKS = list(_blocks())


def test_there_are_answer_blocks_in_both_languages():
    pages = {src.name for src, _ in BLOCKS}
    assert any(p.endswith(".ja.md") for p in pages) and any(not p.endswith(".ja.md") for p in pages)


@pytest.mark.parametrize("src,args", BLOCKS, ids=[f"{s.name}:{a.get('pos', a.get('max'))}" for s, a in BLOCKS])
def test_built_page_shows_the_engines_answer(built_site, src, args):
    lang = "ja" if src.name.endswith(".ja.md") else "en"
    expected = _text(exercises.answer(dict(args), Ctx(lang)))
    page = _text(_built(built_site, src).read_text(encoding="utf-8"))
    assert expected in page


def _shown_targets(fragment: str, heap: bool, passing: bool) -> set:
    """The states (position, Nim heap, pass left) the answer's winning moves lead to, read
    from its lines "… → {4, 3, 5}" (" + a Nim heap of 10" with a heap); a move keeps the
    pass, the pass ("pass … → {…}") uses it."""
    out = set()
    for line in re.findall(r"<li>(.*?)</li>", fragment):
        text = _text(line)
        m = re.search(r"→ \{([\d, ]+)\}(?: \+ a Nim heap of (\d+))?$", text)
        assert m, text
        pos = tuple(int(c) for c in m.group(1).split(", "))
        out.add((pos, int(m.group(2)) if heap else 0, int(passing and not text.startswith("pass"))))
    return out


@pytest.mark.parametrize("src,args", [(s, a) for s, a in BLOCKS if a["ask"] == "winning-moves"
                                      and not s.name.endswith(".ja.md")])
def test_winning_moves_are_exactly_the_rules_winning_moves(src, args):
    """Every winning move shown, and only those, by a search of the game's moves written from
    its rules in the tests (tests/engine/rules.py, not the engine's move generator), in
    normal or misère play, with the pass or a Nim heap beside it."""
    params = {k: v for k, v in args.items() if k in ("k", "p", "f", "heaps")}
    passing = args.get("pass") == "true"
    start = (tuple(int(c) for c in args["pos"].split()), int(args.get("heap", 0)), int(passing))
    wins = Rules(args["game"], params).winning(start, misere=args.get("misere") == "true")
    shown = _shown_targets(exercises.answer(dict(args), Ctx("en")), "heap" in args, passing)
    assert shown == wins


def _with_pass(game, pos) -> int:
    """The Grundy value of `pos` with the pass still available (the engine's, which the
    answers use)."""
    return grundy.with_pass(game).grundy((*pos, 1))


def test_pass_values_match_small_cases_by_hand():
    """One pass left in the whole game: an empty heap is a P-position (no moves, so no pass);
    a heap of 1 an N-position (take it: the opponent cannot pass from the empty heap);
    heaps {1, 1} an N-position (pass: the opponent faces plain {1, 1}, a P-position);
    heaps {1, 2} a P-position (every move or the pass leaves the opponent a win)."""
    nim1, nim2 = grundy.game("nim", heaps=1), grundy.game("nim", heaps=2)
    assert _with_pass(nim1, (0,)) == 0
    assert _with_pass(nim1, (1,)) != 0
    assert _with_pass(nim2, (1, 1)) != 0
    assert _with_pass(nim2, (1, 2)) == 0


def test_two_heap_nim_with_a_pass_matches_the_proved_rule():
    """The pass lesson proves: with the pass available, P-positions are {0, 0} and {2m - 1, 2m}."""
    nim2 = grundy.game("nim", heaps=2)
    for a in range(21):
        for b in range(21):
            rule = (a, b) == (0, 0) or (min(a, b) % 2 == 1 and max(a, b) == min(a, b) + 1)
            assert (_with_pass(nim2, (a, b)) == 0) == rule, (a, b)


def test_misere_nim_matches_the_proved_rule():
    """The misère lesson proves the classical rule; the engine's misère search agrees."""
    nim3 = grundy.game("nim", heaps=3)
    for pos in ((a, b, c) for a in range(8) for b in range(8) for c in range(8)):
        big = max(pos) >= 2
        rule = (pos[0] ^ pos[1] ^ pos[2]) == 0 if big else sum(pos) % 2 == 1
        assert (nim3.outcome(pos, misere=True) == "P") == rule, pos


def test_wythoff_rows_quoted_in_the_lesson_are_additively_periodic():
    """Rows x = 1 and x = 2 have period 3 (and x = 3 period 6 from y = 8), for y <= 60."""
    t = grundy.game("wythoff").table(60)
    for x, period, start in ((1, 3, 0), (2, 3, 0), (3, 6, 8)):
        assert all(t[(x, y + period)] == t[(x, y)] + period for y in range(start, 61 - period))


@pytest.mark.parametrize("args", [
    {"ask": "winning-moves", "game": "nim", "heaps": "2"},                       # no pos=
    {"ask": "grundy", "game": "nim", "heaps": "2", "pos": "1 2", "misere": "true"},
    {"ask": "ppositions", "game": "nim", "heaps": "2", "misere": "true"},
    {"ask": "outcome", "game": "nim", "heaps": "2", "pos": "1 2", "pass": "true", "misere": "true"},
    {"ask": "who", "game": "nim", "heaps": "2", "pos": "1 2"},
    {"ask": "outcome", "game": "chocolate", "k": "3", "pos": "1 5 1"},          # 3y > x + z
])
def test_bad_directives_fail_with_one_line(args):
    with pytest.raises(SitegenError) as e:
        exercises.answer(args, Ctx("en"))
    assert "\n" not in str(e.value) and str(e.value).startswith("grundy answer:")
