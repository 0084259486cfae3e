"""What the play widget says: misère play speaks misère (no normal-play formula passed off as
a misère one), the turn sentence uses the board's words, hints list winning moves first with
positions kept on one line, the static fallback gives no answer away, and a Japanese sum
names its parts' parameters in Japanese."""

from __future__ import annotations

import json
import re

import pytest

from test_input import inject
from widgetkit import STEP_MS, new_game, wait_turn

NORMAL_FORMULA = re.compile(r"formula|Bouton|theorem|公式|ブートン|定理")


def hints_on(page, root):
    root.locator(".gw-hints").check()
    page.wait_for_selector("grundy-play .gw-hints-table tbody tr", timeout=STEP_MS)


def shown_text(root):
    """Everything the widget shows about the position: status, info line, hints, log."""
    return root.evaluate("""el => ['.gw-status', '.gw-info-line', '.gw-hintlist', '.gw-log']
        .map(s => el.querySelector(s).innerText).join('\\n')""")


@pytest.mark.parametrize("lang, misere_words, normal_value", [
    ("en", "misère N-position", "Grundy value in normal play 0"),
    ("ja", "ミゼールの N 局面", "正規形でのグランディ数 0"),
])
def test_misere_speaks_misere(booted, lang, misere_words, normal_value):
    """The rectangular {1, 1} in misère play: a misère N-position; the normal-play Grundy
    value is labelled as such and no normal-play formula is shown, in the info line, the
    hints' header or anywhere else; the same game in normal play names its formula."""
    w, root = booted("play", lang)
    page = w.page
    wait_turn(page, root)
    game = inject(page, "play", lang=lang, game="rect", params="{}", start="1 1", misere="true")
    wait_turn(page, game)
    hints_on(page, game)
    info = game.locator(".gw-info-line").inner_text()
    assert misere_words in info and normal_value in info, info
    assert not NORMAL_FORMULA.search(shown_text(game)), shown_text(game)
    header = game.locator(".gw-hints-table thead").inner_text()
    assert ("normal play" in header or "正規形" in header) and ("misère" in header or "ミゼール" in header)
    w.screenshot(f"play-misere-{lang}", game)
    game.locator(".gw-misere").uncheck()
    page.wait_for_function("el => !/ミゼール|misère/.test(el.querySelector('.gw-info-line').innerText)",
                           arg=game.element_handle(), timeout=STEP_MS)
    assert NORMAL_FORMULA.search(game.locator(".gw-info-line").inner_text())


def test_pass_claims_no_formula(booted):
    """With the pass still available no formula is claimed (the pass changes the game); once
    it is used, the game is Nim again and Bouton's theorem is named."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    game = inject(page, "play", lang="en", game="nim", params="{}", start="3 5", **{"pass": "true"})
    wait_turn(page, game)
    hints_on(page, game)
    assert not NORMAL_FORMULA.search(game.locator(".gw-info-line").inner_text())
    game.locator(".gw-pass").click()
    wait_turn(page, game, 2)
    if game.get_attribute("data-pass") == "false" and game.get_attribute("data-turn") == "you":
        assert "Bouton" in game.locator(".gw-info-line").inner_text()


@pytest.mark.parametrize("game, params, start, words", [
    ("nim", {}, "3 5 7", "take a counter"),
    ("wythoff", {}, "7 5", "move the piece to a square"),
    ("chocolate", {"k": 3}, "10 5 5", "cut the bar along a groove"),
])
def test_turn_sentence_in_the_boards_words(booted, game, params, start, words):
    """No talk of cuts on a board of counters or squares; on a phone the sentence speaks of taps."""
    for phone in (False, True):
        w, root = booted("play", phone=phone)
        page = w.page
        wait_turn(page, root)
        new_game(page, root, game, start, params=params)
        status = root.locator(".gw-status").inner_text()
        assert words in status, status
        assert ("Tap" in status) == phone and ("click" in status) != phone, status
        if game != "chocolate":
            assert "cut" not in status and "groove" not in status


def test_hints_winning_first_positions_unbroken(booted):
    """On a phone: the hints list the winning moves first, one row per move fitting the width
    (only a move's words may wrap, its position and values stay on one line), and no position
    breaks across lines (in the hints, the log and the status line)."""
    w, root = booted("play", "ja", phone=True)
    page = w.page
    wait_turn(page, root)
    new_game(page, root, "chocolate", "10 5 5", params={"k": 3})
    hints_on(page, root)
    outcomes = root.locator(".gw-hints-table tbody tr").evaluate_all("rows => rows.map(r => r.className)")
    assert outcomes[0] == "gw-p" and outcomes == sorted(outcomes, key=lambda c: c != "gw-p")
    lines = root.locator(".gw-hints-table tbody td").evaluate_all("""cells => cells.map(c => {
        const walk = document.createTreeWalker(c, NodeFilter.SHOW_TEXT), bottoms = new Set();
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const range = document.createRange(); range.selectNodeContents(n);
            for (const q of range.getClientRects()) if (q.width > 0) bottoms.add(Math.round(q.bottom));
        }
        return bottoms.size; })""")
    assert max(lines[1::4] + lines[2::4] + lines[3::4]) == 1, lines  # only a move's words may wrap
    assert root.locator(".gw-hintlist").evaluate("el => el.scrollWidth <= el.clientWidth")
    root.locator(".gw-hintmove").first.click()
    wait_turn(page, root, 2)
    broken = root.evaluate("""el => [...el.querySelectorAll('.gw-pos')].filter(p =>
        p.getClientRects().length > 1).map(p => p.textContent)""")
    assert root.locator(".gw-pos").count() >= 3 and not broken, broken
    w.screenshot("phone-hints-ja", root)


def test_static_fallback_gives_nothing_away(chromium, widget_urls):
    """Without JavaScript: the start's picture, no outcome, no winning move marked, and the
    note that the game needs JavaScript; with JavaScript that note is not shown."""
    context = chromium.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        for lang in ("en", "ja"):
            page.goto(widget_urls[("play", lang)])
            for play in page.locator("grundy-play").all():
                html = play.inner_html()
                assert "<svg" in html and play.locator(".grundy-widget-static").is_visible()
                assert not re.search(r"[PN]-position|[PN] 局面|data-hint|winning|後手必勝|先手必勝", html)
    finally:
        context.close()


def test_japanese_sum_names_parameters_in_japanese(booted):
    """A sum of games on a Japanese page names each part's parameters in Japanese
    (「ニム (山の数 = 1)」, not "heaps = 1"), as the game selector shows them."""
    w, root = booted("play", "ja")
    page = w.page
    wait_turn(page, root)
    components = [{"game": "chocolate", "params": {"k": 3}}, {"game": "nim", "params": {"heaps": 1}}]
    game = inject(page, "play", lang="ja", game="sum", params=json.dumps({"components": components}),
                  start="2 1 3 | 4")
    wait_turn(page, game)
    parts = game.locator(".gw-sum-parts").inner_text()
    print("PARTS", parts)
    assert "山の数 = 1" in parts and "heaps" not in parts, parts
