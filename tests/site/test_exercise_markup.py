"""Generator `exercise`: the <grundy-exercise> element and its static version, whose
answers are the engine's (every winning move, the Grundy value, the P/N table)."""

from __future__ import annotations

import json
import re
import sys
from html import unescape
from pathlib import Path
from types import SimpleNamespace

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import sitegen  # noqa: E402
from sitegen.exercise_markup import exercise, table_positions  # noqa: E402

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def render(lang, **args):
    ctx = SimpleNamespace(lang=lang, page_src="misere.ja.md" if lang == "ja" else "misere.md",
                          title="Misère play", cache_dir=ROOT / ".cache" / "sitegen",
                          asset=lambda relpath, data: "../generated/" + relpath)
    assert sitegen.GENERATORS["exercise"] is exercise
    return exercise({k: str(v) for k, v in args.items()}, ctx)


def attrs(html):
    tag = re.search(r"<grundy-exercise ([^>]*)>", html)[1]
    return {k: unescape(v) for k, v in re.findall(r'data-([\w-]+)="([^"]*)"', tag)}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game,params,pos,misere", [
    ("chocolate", {"k": 3}, "5 2 2", False), ("chocolate", {"k": 3}, "6 3 5", False),
    ("nim", {}, "3 4 5", True), ("wythoff", {}, "4 9", False)])
def test_find_move_lists_every_winning_move(lang, game, params, pos, misere):
    html = render(lang, kind="find-move", game=game, pos=pos, misere=str(misere).lower(), **params)
    data = attrs(html)
    assert data["kind"] == "find-move" and data["pos"] == pos and data["lesson"] == "misere"
    assert data["lesson-title"] == "Misère play"  # the progress panel's title, from the page
    assert json.loads(data["params"]) == params and data["lang"] == lang
    assert ("misere" in data) == misere
    g = grundy.game(game, **params)
    start = tuple(map(int, pos.split()))
    wins = [m for m in g.moves(start) if g.outcome(m.to, misere) == "P"]
    answer = html.split('<details class="gx-answer">')[1]
    assert answer.count("<li>") == len(wins)
    for m in wins:
        assert m.describe(lang) in unescape(answer)
    assert bool(JAPANESE.search(answer)) == (lang == "ja")
    assert html.count("<svg") == 1 and html.strip().endswith("</grundy-exercise>\n</div>")


def test_same_exercise_same_id_in_both_languages():
    en = attrs(render("en", kind="grundy-value", game="ryuoh", p=3, pos="5 7"))
    ja = attrs(render("ja", kind="grundy-value", game="ryuoh", p=3, pos="5 7"))
    assert en["id"] == ja["id"] and en["lesson"] == ja["lesson"]
    assert en["id"] != attrs(render("en", kind="grundy-value", game="ryuoh", p=3, pos="5 6"))["id"]


def test_grundy_value_and_pass():
    html = render("en", kind="grundy-value", game="ryuoh", p=3, pos="5 7")
    assert f"= {grundy.game('ryuoh', p=3).grundy((5, 7))}." in html
    passing = render("en", kind="find-move", game="nim", pos="3 4 5", **{"pass": "true"})
    assert attrs(passing)["pass"] == "true" and attrs(passing)["pos"] == "3 4 5"
    g = grundy.with_pass(grundy.game("nim"))
    wins = [m for m in g.moves((3, 4, 5, 1)) if g.outcome(m.to) == "P"]
    assert passing.split("gx-answer")[1].count("<li>") == len(wins)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pn_table_blank_and_answer(lang):
    html = render(lang, kind="pn-table", game="chocolate", k=3, max=6)
    question, answer = html.split('<details class="gx-answer">')
    g = grundy.game("chocolate", k=3)
    cells = re.findall(r'data-pos="([\d,]+)"', question)
    positions = table_positions(g, 6)
    assert sorted(cells) == sorted(",".join(map(str, p)) for p in positions)
    assert all(p[0] + p[2] <= 6 for p in positions)
    assert answer.count('class="gx-P"') == sum(g.grundy(p) == 0 for p in positions)
    assert answer.count('class="gx-N"') == sum(g.grundy(p) != 0 for p in positions)
    assert question.count("<table>") == 3  # y = 0, 1, 2
    square = render(lang, kind="pn-table", game="wythoff", max=5)
    assert square.count("<table>") == 2 and len(re.findall("gx-cell", square)) == 36


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("mode", ["misere", "pass", "heap"])
def test_pn_table_in_misere_play_with_a_pass_or_a_heap(lang, mode):
    """The answer cells carry their positions and say what the engine says for the game in
    misère play, with the pass still available, or next to a Nim heap of 2."""
    extra = {"misere": {"misere": "true"}, "pass": {"pass": "true"}, "heap": {"heap": 2}}[mode]
    html = render(lang, kind="pn-table", game="nim", heaps=2, max=4, rules="h1 == h2", **extra)
    nim = grundy.game("nim", heaps=2)
    judge = {"misere": lambda p: nim.outcome(p, misere=True),
             "pass": lambda p: "P" if grundy.with_pass(nim).grundy((*p, 1)) == 0 else "N",
             "heap": lambda p: "P" if p[0] ^ p[1] == 2 else "N"}[mode]
    question, answer = html.split('<details class="gx-answer">')
    cells = dict(re.findall(r'data-pos="(\d+,\d+)">([PN])<', answer))
    assert len(cells) == 25 == len(re.findall("gx-cell", question))
    assert all(shown == judge(tuple(map(int, p.split(",")))) for p, shown in cells.items())
    data = attrs(html)
    assert {k: data.get(k) for k in extra} == {k: str(v) for k, v in extra.items()}
    rule = json.loads(data["rules"])[0]  # h1 == h2: right for the heap only if it were 0
    bad = tuple(rule["counterexample"])
    assert not rule["holds"] and rule["truth"] == judge(bad) != rule["says"]
    word = {"misere": ("misère", "ミゼール"), "pass": ("pass", "パス"), "heap": ("heap of 2", "山 2 個")}[mode]
    assert word[lang == "ja"] in question


@pytest.mark.parametrize("args,message", [
    ({"kind": "guess"}, "kind must be one of"),
    ({"kind": "pn-table", "game": "nim", "heaps": 2, "max": 99}, "max must be between"),
    ({"kind": "pn-table", "game": "nim", "heaps": 2, "misere": "true", "heap": 1}, "misere= alone"),
    ({"kind": "pn-table", "game": "nim", "heaps": 2, "misere": "true", "pass": "true"}, "misere= alone"),
    ({"kind": "find-move", "game": "nim", "pos": "1 2", "heap": 1}, "unknown argument"),
    ({"kind": "grundy-value", "game": "nim", "pos": "1 2", "misere": "true"}, "no misere="),
    ({"kind": "find-move", "game": "chocolate", "pos": "1 5 1"}, "over its bound"),
    ({"kind": "find-move", "game": "nim", "pos": "1 2", "color": "red"}, "unknown argument"),
])
def test_bad_directives_say_why(args, message):
    with pytest.raises(sitegen.SitegenError, match=message):
        render("en", **args)


@pytest.mark.parametrize("lang, shown", [
    ("en", "(x + y) mod 3 = 0 and ⌊x/3⌋ = ⌊y/3⌋ or x ⊕ y ≥ 1"),
    ("ja", "(x + y) mod 3 = 0 かつ ⌊x/3⌋ = ⌊y/3⌋ または x ⊕ y ≥ 1"),
])
def test_rules_are_shown_in_the_sites_notation(lang, shown):
    """A candidate rule reaches the reader as mathematics, not as Python."""
    from sitegen.exercise_markup import rule_text

    assert rule_text("(x + y) % 3 == 0 and x // 3 == y // 3 or x ^ y >= 1", lang) == shown
