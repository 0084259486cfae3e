"""The play widget as a game site (#26), in Chromium on a desktop and a phone: the levels
listed, a level-1 game beaten with perfect moves, two players on one device, the game kept
in the page's address (reopened in a new tab and offline), an invalid link, and the Review
with "Try again from here".

PLAY_URL (an address serving a site built for it) replaces the Pages build for a run by
hand; the tests otherwise use the session's site (tests/conftest.py)."""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from bench.browser import save_for_offline
from widgetkit import LOAD_MS, STEP_MS, press_move, wait_turn

PAGE = "triangular-chocolate/"  # one play widget: the triangular chocolate (k = 3) from {10, 5, 5}
TWO_WIDGETS = "misere/"         # two play widgets
PHONE = [pytest.param(False, id="desktop"), pytest.param(True, id="phone")]


@pytest.fixture(scope="module")
def widget_server(request):
    """PLAY_URL if given, else the Pages build (tests/browser/conftest.py)."""
    return os.environ.get("PLAY_URL") or request.getfixturevalue("pages_url")


def open_play(watched, base, path=PAGE, phone=False, query="", service_workers="block"):
    w = watched(phone=phone, service_workers=service_workers)
    w.page.goto(base + path + query)
    root = w.page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    wait_turn(w.page, root)
    return w, root


def open_kept(booted, path=PAGE, phone=False):
    """A fresh play widget on a page kept for the module (conftest.py's `booted`)."""
    w, root = booted("play", phone=phone, path=path)
    wait_turn(w.page, root)
    return w, root


def state(page, root):
    """The engine's state of the widget's position (its game, misère, pass)."""
    return page.evaluate("""el => grundyEngine.request({op: 'state', lang: 'en', game: el.setup.game,
        params: el.setup.params, pos: el.dataset.pos.split(',').map(Number), misere: el.setup.misere,
        ...(el.current.pass ? {pass: true} : {})})""", root.element_handle())


def best(moves):
    """A perfect move: the fastest win (a P-target of least remoteness), else the longest resistance."""
    wins = [m for m in moves if m["outcome"] == "P"]
    if wins:
        return min(wins, key=lambda m: m["remoteness"])
    return max(moves, key=lambda m: m["remoteness"])


def slowest(moves):
    """A move that keeps the game long (greatest remoteness)."""
    return max(moves, key=lambda m: m["remoteness"])


def move_to(page, root, target):
    made = press_move(page, root, ",".join(map(str, target)))
    wait_turn(page, root, made)
    return made


def choose_level(page, root, level):
    root.evaluate("el => { delete el.dataset.turn; }")
    root.locator(".gw-level").select_option(level)
    page.wait_for_function("([el, level]) => el.dataset.level === level && el.dataset.turn",
                           arg=[root.element_handle(), level], timeout=STEP_MS)
    wait_turn(page, root)


@pytest.mark.parametrize("phone", PHONE)
def test_levels_listed(booted, phone):
    w, root = open_kept(booted, phone=phone)
    options = root.locator(".gw-level option").evaluate_all("os => os.map(o => [o.value, o.textContent])")
    names = [name for name, _ in options]
    assert names == ["1", "3", "5", "7", "perfect", "two-coordinates", "two"], names
    texts = dict(options)
    assert "finds a win 3 moves ahead" in texts["3"]
    assert texts["two"] == "Two players"
    assert "x ⊕ y ⊕ z" not in texts["two-coordinates"]  # a bot's rule is told after the game
    assert root.get_attribute("data-level") == "perfect"
    choose_level(w.page, root, "5")
    assert re.search(r"won \d+ % of \d+ games against Level 7", root.locator(".gw-level-note").inner_text())
    if not phone:  # two wins against a level move the suggestion up; it is marked
        root.evaluate("el => { el.levelChoice.record('5', true); el.levelChoice.record('5', true); }")
        assert root.locator(".gw-level option[value='7']").inner_text().endswith("(suggested)")
        assert "suggested" not in root.locator(".gw-level option[value='5']").inner_text()
        suggested = "() => JSON.parse(localStorage.getItem('grundy-play-suggested')).level"
        assert w.page.evaluate(suggested) == "7"
        # wins against easier levels and losses against a harder one say nothing about it
        root.evaluate("el => { el.levelChoice.record('5', true); el.levelChoice.record('3', true); }")
        assert w.page.evaluate(suggested) == "7"
        root.evaluate("el => { el.levelChoice.record('perfect', false); el.levelChoice.record('perfect', false); }")
        assert w.page.evaluate(suggested) == "7"
        root.evaluate("el => { el.levelChoice.record('7', true); el.levelChoice.record('perfect', true);"
                      " el.levelChoice.select.value = 'perfect'; el.levelChoice.describe(); }")
        assert w.page.evaluate(suggested) == "perfect"  # two wins in a row at it or above
        assert "two wins in a row at this level or a harder one" in root.locator(".gw-level-note").inner_text()
    if phone:
        for selector in (".gw-level", ".gw-copylink", ".gw-lab", ".gw-new"):
            assert root.locator(selector).bounding_box()["height"] >= 44, selector
        width = w.page.evaluate("() => document.documentElement.clientWidth")
        assert root.locator(".gw-level").bounding_box()["width"] <= width
    root.locator(".gw-controls").first.scroll_into_view_if_needed()
    w.screenshot(f"play-levels-{'phone' if phone else 'desktop'}")  # the window: blocks off it are not painted


def test_levels_japanese(booted):
    w, root = open_kept(booted, path="ja/" + PAGE)
    texts = root.locator(".gw-level option").all_text_contents()
    assert "二人で対戦" in texts and any("3 手先までの勝ちを見つける" in t for t in texts)


def test_level_one_is_beatable(booted):
    """The computer (level 1) starts from an N-position; perfect moves beat it."""
    w, root = open_kept(booted)
    root.locator(".gw-first").select_option("computer")
    choose_level(w.page, root, "1")
    assert root.get_attribute("data-moves") == "1"  # the computer has moved
    while wait_turn(w.page, root) != "over":
        move_to(w.page, root, best(state(w.page, root)["moves"])["to"])
    assert root.get_attribute("data-winner") == "you"
    assert "seed=" in w.page.url and "level=1" in w.page.url and "first=computer" in w.page.url


def test_bot_rule_after_the_game(booted):
    """Against a bot, its (wrong) rule is told once the game is over."""
    w, root = open_kept(booted)
    choose_level(w.page, root, "two-coordinates")
    assert root.locator(".gw-botnote").is_hidden()
    while wait_turn(w.page, root) != "over":
        move_to(w.page, root, best(state(w.page, root)["moves"])["to"])
    note = root.locator(".gw-botnote").inner_text()
    assert "G = y ⊕ z" in note and "refutes that rule only if" in note
    lab = unquote(root.locator(".gw-lab").get_attribute("href"))
    assert re.search(r"/lab/#code=import grundy\n", lab) and 'grundy.game("chocolate", k=3)' in lab


def test_two_players(booted):
    w, root = open_kept(booted)
    choose_level(w.page, root, "two")
    assert root.get_attribute("data-player") == "1"
    assert root.locator(".gw-first").is_disabled()
    for player in ("2", "1", "2"):
        move_to(w.page, root, slowest(state(w.page, root)["moves"])["to"])
        assert root.get_attribute("data-turn") == "you"
        assert root.get_attribute("data-player") == player
    assert root.locator(".gw-log li strong").all_text_contents()[:2] == ["Player 1", "Player 2"]
    assert "Player 2:" in root.locator(".gw-status").inner_text()
    root.locator(".gw-undo").click()
    w.page.wait_for_function("el => el.dataset.moves === '2' && el.dataset.player === '1'",
                             arg=root.element_handle(), timeout=STEP_MS)
    while wait_turn(w.page, root) != "over":
        move_to(w.page, root, state(w.page, root)["moves"][0]["to"])
    assert root.get_attribute("data-winner") in ("p1", "p2")
    assert root.get_attribute("data-turn") == "over"
    assert "level=two" in w.page.url


def test_link_new_tab_and_offline(watched, widget_server):
    w, root = open_play(watched, widget_server, service_workers="allow")
    save_for_offline(w.page)
    for _ in range(2):
        move_to(w.page, root, best(state(w.page, root)["moves"])["to"])
        wait_turn(w.page, root, int(root.get_attribute("data-moves")))
    pos, moves = root.get_attribute("data-pos"), root.get_attribute("data-moves")
    assert moves == "4"  # two moves each
    query = parse_qs(urlsplit(w.page.url).query)
    assert query["play"] == ["chocolate"] and query["k"] == ["3"] and query["start"] == ["10.5.5"]
    assert len(query["moves"][0].split(",")) == 4 and query["moves"][0].endswith(pos.replace(",", "."))
    url = w.page.url
    for offline in (False, True):
        w.context.set_offline(offline)
        try:
            page = w.context.new_page()
            page.goto(url)
            other = page.locator("grundy-play").first
            page.wait_for_function("([el, moves]) => el.dataset.moves === moves && el.dataset.turn === 'you'",
                                   arg=[other.element_handle(), moves], timeout=LOAD_MS)
            assert other.get_attribute("data-pos") == pos
            assert other.locator(".gw-log li").count() == 4
            assert other.locator(".gw-link-error").is_hidden()
            page.close()
        finally:
            w.context.set_offline(False)


def test_link_names_the_widget(watched, widget_server):
    """Two play widgets on a page: the link belongs to the one played last (w=2)."""
    w = watched()
    w.page.goto(widget_server + TWO_WIDGETS)
    second = w.page.locator("grundy-play").nth(1)
    second.scroll_into_view_if_needed()
    wait_turn(w.page, second)
    move_to(w.page, second, best(state(w.page, second)["moves"])["to"])
    assert "w=2" in w.page.url and "misere=1" in w.page.url
    page = w.context.new_page()
    page.goto(w.page.url)
    again = page.locator("grundy-play").nth(1)
    page.wait_for_function("el => el.dataset.moves >= '1' && el.dataset.turn === 'you'",
                           arg=again.element_handle(), timeout=LOAD_MS)
    assert again.get_attribute("data-pos") == second.get_attribute("data-pos")


@pytest.mark.parametrize("query, words", [
    ("?play=chocolate&k=3&start=10.5.5&moves=1.1.1", "move 1, to {1, 1, 1}, is not a legal move from {10, 5, 5}"),
    ("?play=nosuch&start=1.2", "Unknown game “nosuch”"),
    ("?play=chocolate&k=3&start=10.x", "the start “10.x”"),
    ("?play=chocolate&k=3&start=10.5.5&level=9x", "no level “9x”"),
])
def test_invalid_link(watched, widget_server, query, words):
    w, root = open_play(watched, widget_server, query=query)
    note = root.locator(".gw-link-error")
    # its text, not innerText: the page may have moved the widget off screen as it laid out
    # the blocks above, where content-visibility skips it (site.css) and innerText is ""
    assert note.is_visible() and words in note.text_content(), note.text_content()
    assert "default game is shown" in note.text_content()
    assert root.get_attribute("data-pos") == "10,5,5" and root.get_attribute("data-moves") == "0"


@pytest.mark.parametrize("phone", PHONE)
def test_review_and_try_again(booted, phone):
    """Two players: player 1 gives the win away at once; the Review marks it, and "Try
    again" takes only a winning move."""
    w, root = open_kept(booted, phone=phone)
    w.context.grant_permissions(["clipboard-read", "clipboard-write"])
    choose_level(w.page, root, "two")
    first = state(w.page, root)
    losing = next(m for m in first["moves"] if m["outcome"] == "N")
    move_to(w.page, root, losing["to"])
    while wait_turn(w.page, root) != "over":
        move_to(w.page, root, best(state(w.page, root)["moves"])["to"])
    review = root.locator(".gw-review")
    assert review.is_visible()
    assert root.locator(".gw-review-table tbody tr").count() == int(root.get_attribute("data-moves"))
    mistake = root.locator(".gw-review-table tr.gw-mistake").first
    assert mistake.get_attribute("data-move") == "1"
    assert re.fullmatch(r"N, \d+", mistake.locator(".gw-review-from").inner_text().strip())
    assert re.fullmatch(r"N, \d+", mistake.locator(".gw-review-to").inner_text().strip())
    root.locator(".gw-copyrecord").click()
    w.page.wait_for_function("el => !el.querySelector('.gw-message').hidden", arg=root.element_handle())
    if not phone:
        record = w.page.evaluate("() => navigator.clipboard.readText()")
        assert "1. Player 1:" in record and "Mistake" in record and "play=chocolate" in record
    review.scroll_into_view_if_needed()
    w.screenshot(f"play-review-{'phone' if phone else 'desktop'}")
    mistake.locator(".gw-tryagain").click()
    w.page.wait_for_function("el => el.dataset.moves === '0' && el.dataset.turn === 'you'",
                             arg=root.element_handle(), timeout=STEP_MS)
    assert root.get_attribute("data-retry") == "on" and review.is_hidden()
    press_move(w.page, root, ",".join(map(str, losing["to"])))
    w.page.wait_for_function("el => el.dataset.retry === 'wrong'", arg=root.element_handle(), timeout=STEP_MS)
    assert root.get_attribute("data-moves") == "0"
    wins = [m for m in first["moves"] if m["outcome"] == "P"]
    move_to(w.page, root, wins[0]["to"])
    assert root.get_attribute("data-retry") == "right"
    status = root.locator(".gw-status").inner_text()
    assert f"There were {len(wins)} winning moves" in status or "the only winning move" in status
