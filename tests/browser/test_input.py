"""The reader's hands: taps and clicks pick the nearest move, previews, keyboard focus,
sums of games, the pass, New game / Undo / Restart, field messages, clean attach/detach,
and screenshots at 390 px and 1280 px (light and dark, English and Japanese)."""

from __future__ import annotations

import math
import random
import re

import pytest
from playwright.sync_api import expect

import grundy

from widgetkit import (LOAD_MS, STEP_MS, engine_answered, groove_ends, grooves, message, new_game, open_widget,
                       play_to_end, press_move, wait_drawn, wait_message, wait_turn)


def inject(page, kind, **data):
    """A fresh <grundy-KIND> with these data-* attributes, put at the top of the page's content."""
    page.evaluate("""([kind, data]) => { const el = document.createElement('grundy-' + kind);
        el.className = 'grundy-widget gw-injected'; Object.assign(el.dataset, data);
        (document.querySelector('.md-content__inner') || document.body).prepend(el); }""", [kind, data])
    root = page.locator(f"grundy-{kind}.gw-injected").first
    root.scroll_into_view_if_needed()
    return root


def segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    s = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(p[0] - a[0] - s * dx, p[1] - a[1] - s * dy)


def selected(root):
    return root.evaluate("el => el.querySelector('.gw-board .move.gw-selected')?.dataset.to || null")


def in_board(root):
    return root.evaluate("el => el.querySelector('.gw-board').contains(document.activeElement)")


def check_taps(page, root):
    """A tap at unambiguous points along every groove previews that groove's move; returns
    the number of taps checked."""
    ends = groove_ends(root)
    box = root.locator(".gw-board").bounding_box()
    taps = 0
    for to, points in grooves(root):
        for point in points:
            others = [segment_distance(point, a, b) for t, a, b in ends if t != to]
            if others and min(others) < 4:  # where two grooves cross, either is right
                continue
            page.touchscreen.tap(*point)
            assert selected(root) == to, (to, point)
            page.touchscreen.tap(box["x"] + 3, box["y"] + 3)  # far from every groove: cancels
            taps += 1
    assert selected(root) is None  # (each cancel; the next tap would otherwise play the move)
    return taps


@pytest.mark.parametrize("game, params, start, win", [
    ("chocolate", {"k": 3}, "10 5 5", "6,3,5"),
    ("rect", {}, "4 2", "2,2"),
    ("step", {"f": "t//2"}, "4 9", None),
])
def test_taps_pick_the_nearest_groove(booted, game, params, start, win):
    """On a phone: taps along every groove preview its move; a second tap plays it. The tap at
    the middle of the winning groove of {10, 5, 5} plays {6, 3, 5} (not a cut of the top)."""
    w, root = booted("play", phone=True)
    page = w.page
    wait_turn(page, root)
    new_game(page, root, game, start, params=params)
    root.locator(".gw-board").scroll_into_view_if_needed()
    assert check_taps(page, root) >= 3 * len(grooves(root))
    w.screenshot(f"phone-preview-{game}", root.locator(".gw-board"))
    box = root.locator(".gw-board").bounding_box()
    page.touchscreen.tap(box["x"] + 3, box["y"] + 3)  # far from every groove: cancelled
    assert selected(root) is None
    to, points = grooves(root)[0]
    page.touchscreen.tap(*points[2])
    assert selected(root) == to
    root.locator(".gw-preview-text").tap()  # outside the board: cancelled too
    assert selected(root) is None
    if win is None:
        return
    to, points = next((t, p) for t, p in grooves(root) if t == win)
    middle = points[len(points) // 2]
    page.touchscreen.tap(*middle)
    assert selected(root) == win
    assert root.locator(".gw-confirm").is_visible()
    page.touchscreen.tap(*middle)
    wait_turn(page, root, 1)
    assert root.locator(".gw-log li").first.inner_text().endswith("{" + win.replace(",", ", ") + "}")


@pytest.mark.parametrize("game, params, start", [
    ("nim", {}, "3 5 7"), ("wythoff", {}, "7 5"), ("ryuoh", {"p": 3}, "7 5"),
])
def test_taps_on_cells_and_counters(booted, game, params, start):
    """On a phone: a tap on a counter or a square previews that move; a second tap plays it."""
    w, root = booted("play", phone=True)
    page = w.page
    wait_turn(page, root)
    new_game(page, root, game, start, params=params)
    root.locator(".gw-board").scroll_into_view_if_needed()
    centres = root.evaluate("""el => [...el.querySelectorAll('.gw-board .move')].map(m => {
        const r = m.querySelector('.hit, .counter').getBoundingClientRect();
        return [m.dataset.to, [(r.left + r.right) / 2, (r.top + r.bottom) / 2]]; })""")
    box = root.locator(".gw-board").bounding_box()
    for to, point in centres:
        page.touchscreen.tap(*point)
        assert selected(root) == to, (to, point)
        page.touchscreen.tap(box["x"] + 3, box["y"] + box["height"] - 3)  # far from every move
        assert selected(root) is None
    w.screenshot(f"phone-preview-{game}", root.locator(".gw-board"))
    to, point = centres[0]
    page.touchscreen.tap(*point)
    page.touchscreen.tap(*point)
    wait_turn(page, root, 1)
    assert root.locator(".gw-log li").first.inner_text().endswith("{" + to.replace(",", ", ") + "}")


def test_keyboard_game_keeps_focus_on_the_board(booted):
    """A full game by Tab, arrows and Enter: after every move focus stays on the board, and the
    live region names the computer's move."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    new_game(page, root, "chocolate", "10 5 5", params={"k": 3})
    root.locator(".gw-board .move").first.focus()
    rng = random.Random(5)
    for _ in range(40):
        if root.get_attribute("data-turn") == "over":
            break
        assert in_board(root)
        made = int(root.get_attribute("data-moves")) + 1
        for _ in range(rng.randrange(4)):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_function("([el, n]) => Number(el.dataset.moves) >= n", arg=[root.element_handle(), made],
                               timeout=STEP_MS)
        assert in_board(root)
        if wait_turn(page, root) != "over" or root.get_attribute("data-winner") == "computer":
            assert "The computer played" in root.locator(".gw-status").inner_text()
        assert in_board(root)
    assert root.get_attribute("data-turn") == "over"


def test_computer_move_is_shown_and_scale_kept(booted):
    """The computer's move is highlighted on the board, then named in the log and the live
    region; the board keeps its scale and frame for the whole game."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    new_game(page, root, "chocolate", "10 5 5", params={"k": 3})
    frame = root.evaluate("el => { const s = el.querySelector('.gw-board svg');"
                          " return [s.getAttribute('viewBox'), s.getAttribute('width')]; }")
    assert root.locator(".gw-undo").is_disabled()
    press_move(page, root, "9,4,5")
    page.wait_for_selector("grundy-play .gw-computer-move", timeout=STEP_MS)
    w.screenshot("play-computer-move-en", root.locator(".gw-board"))
    wait_turn(page, root, 2)
    assert root.locator(".gw-log li").last.inner_text().startswith("Computer")
    assert "The computer played" in root.locator(".gw-status").inner_text()
    assert root.evaluate("el => { const s = el.querySelector('.gw-board svg');"
                         " return [s.getAttribute('viewBox'), s.getAttribute('width')]; }") == frame
    assert not root.locator(".gw-undo").is_disabled()


def test_new_game_restart_and_undo(booted):
    """Many New game clicks while the engine works: the last one counts. Restart restarts the
    game being played and the controls show it again. Undo goes back to the reader's turn."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    root.locator(".gw-game").select_option("chocolate")
    for start in ["10 5 5", "9 4 3", "8 4 4", "7 2 3", "6 3 5"]:
        root.locator(".gw-start").fill(start)
        root.locator(".gw-new").click()
    page.wait_for_function("el => el.dataset.pos === '6,3,5' && el.dataset.turn === 'you'",
                           arg=root.element_handle(), timeout=STEP_MS)
    engine_answered(page)  # the earlier games' answers too: none of them replaces the last game
    assert root.get_attribute("data-pos") == "6,3,5" and root.get_attribute("data-turn") == "you"
    press_move(page, root, "5,3,5")
    wait_turn(page, root, 2)
    root.locator(".gw-game").select_option("nim")  # changed, but no New game
    root.locator(".gw-restart").click()
    page.wait_for_function("el => el.dataset.moves === '0' && el.dataset.turn === 'you'",
                           arg=root.element_handle(), timeout=STEP_MS)
    assert root.get_attribute("data-pos") == "6,3,5"
    assert root.locator(".gw-game").input_value() == "chocolate"
    assert root.locator(".gw-start").input_value() == "6 3 5"
    press_move(page, root, "5,3,5")
    wait_turn(page, root, 2)
    root.locator(".gw-undo").click()
    page.wait_for_function("el => el.dataset.moves === '0'", arg=root.element_handle(), timeout=STEP_MS)
    assert root.locator(".gw-undo").is_disabled()


def test_field_messages(booted):
    """Bad inputs: a message beside the field, in the page's language."""
    for lang, words in [("en", "at least 1"), ("ja", "1 以上")]:
        w, root = booted("play", lang)
        page = w.page
        wait_turn(page, root)
        root.locator(".gw-game").select_option("chocolate")
        root.locator(".gw-params .gw-k").fill("0")
        root.locator(".gw-new").click()
        wait_message(page, root)
        assert words in root.locator(".gw-params .gw-field-error").inner_text()
        root.locator(".gw-params .gw-k").fill("3")
        root.locator(".gw-start").fill("1 2")
        root.locator(".gw-new").click()
        wait_message(page, root)
        assert "x, y, z" in root.locator(".gw-start ~ .gw-field-error").inner_text()
        assert root.locator(".gw-params .gw-field-error").is_hidden()
        w.screenshot(f"play-field-error-{lang}", root.locator("form.gw-controls:not(.gw-typed)"))


def test_watchdog_restarts_a_stuck_engine(watched, widget_urls):
    """A request past the watchdog's limit: the worker is replaced, the widget says so beside
    its board and the next game plays (the limit is lowered through the test hook)."""
    w, root = open_widget(watched, widget_urls, "play")
    page = w.page
    wait_turn(page, root)
    page.evaluate("window.grundyEngine.watchdogMs = 1")
    root.locator(".gw-start").fill("9 4 3")
    root.locator(".gw-game").select_option("chocolate")
    root.locator(".gw-new").click()
    wait_message(page, root)
    assert "restarted" in message(root)
    page.evaluate("window.grundyEngine.watchdogMs = 20000")
    new_game(page, root, "chocolate", "6 3 5")
    assert root.get_attribute("data-pos") == "6,3,5"


def test_unknown_game_fails_loudly(booted):
    w, root = booted("play")
    wait_turn(w.page, root)
    for data, words in [({"game": "nosuch", "start": "1 2"}, "Unknown game"),
                        ({"game": "chocolate", "params": '{"q": 1}', "start": "1 1 1"}, "no parameter q"),
                        ({"game": "chocolate", "params": '{"k": 0}', "start": "1 1 1"}, "at least 1")]:
        bad = inject(w.page, "play", lang="en", **data)
        w.page.wait_for_function("el => !el.querySelector('.gw-message').hidden", arg=bad.element_handle(),
                                 timeout=STEP_MS)
        assert words in message(bad)
        assert bad.locator(".gw-board").count() == 0
        bad.evaluate("el => el.remove()")


def test_sum_of_games(booted):
    """A sum: the components side by side, each Grundy value and their nim-sum, played to the end."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    components = '{"components": [{"game": "chocolate", "params": {"k": 3}}, ' \
                 '{"game": "nim", "params": {"heaps": 1}}, {"game": "wythoff", "params": {}}]}'
    game = inject(page, "play", lang="en", game="sum", params=components, start="10 5 5 | 6 | 3 5")
    wait_turn(page, game)
    values = [grundy.game("chocolate", k=3).grundy((10, 5, 5)), 6, grundy.game("wythoff").grundy((3, 5))]
    shown = [int(v) for v in game.locator(".gw-part-grundy").all_inner_texts()]
    assert shown == values
    assert game.locator(".gw-parts-total strong").inner_text() == str(values[0] ^ values[1] ^ values[2])
    assert game.locator(".gw-start").input_value() == "10 5 5 | 6 | 3 5"
    w.screenshot("play-sum-en", game)
    play_to_end(page, game, random.Random(2))
    assert game.get_attribute("data-winner") == "computer"


def test_pass_button(booted):
    """Nim (3, 3) with one pass: the Pass button while the pass is available; the computer,
    starting, wins by passing."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    game = inject(page, "play", lang="en", game="nim", params="{}", start="3 3", **{"pass": "true"})
    wait_turn(page, game)
    assert game.locator(".gw-pass").is_visible() and game.get_attribute("data-pass") == "true"
    w.screenshot("play-pass-en", game)
    game.locator(".gw-pass").click()
    wait_turn(page, game, 2)
    assert game.locator(".gw-log li").first.inner_text() == "You pass → {3, 3}"
    assert game.locator(".gw-pass").is_hidden() and game.get_attribute("data-pass") == "false"
    game.locator(".gw-first").select_option("computer")
    game.evaluate("el => { delete el.dataset.turn; }")  # the old game's 'you' must not count
    game.locator(".gw-new").click()
    wait_turn(page, game, 1)
    expect(game.locator(".gw-log li").first).to_have_text("Computer pass → {3, 3}", timeout=STEP_MS)
    play_to_end(page, game, random.Random(4))
    assert game.get_attribute("data-winner") == "computer"


def test_attach_and_detach_release_listeners(watched, widget_urls):
    """Every widget removed from the page releases its engine listener; one put back works."""
    w, root = open_widget(watched, widget_urls, "play")
    page = w.page
    wait_turn(page, root)
    page.evaluate("""() => { const e = window.grundyEngine; window.__listeners = 0;
        const add = e.addEventListener.bind(e), remove = e.removeEventListener.bind(e);
        e.addEventListener = (...a) => { window.__listeners++; add(...a); };
        e.removeEventListener = (...a) => { window.__listeners--; remove(...a); }; }""")
    game = inject(page, "play", lang="en", game="nim", params="{}", start="1 2")
    wait_turn(page, game)
    game.evaluate("el => { const parent = el.parentNode; el.remove(); parent.prepend(el); }")
    wait_turn(page, game)
    press_move(page, game, "1,1")
    wait_turn(page, game, 2)
    game.evaluate("el => el.remove()")
    assert page.evaluate("() => window.__listeners") == 0


def test_loading_says_what_happens(watched, widget_urls):
    """While Pyodide loads: what is loading (its size once known), and a progress bar; then it goes away
    (a first visit: a fresh profile)."""
    w, root = open_widget(watched, widget_urls, "nimsum", fresh=True)
    page = w.page
    wait_drawn(page, root)  # the build-time nim-sum; the engine loads when the reader asks for another
    root.locator(".gw-heaps").fill("1 2")
    page.wait_for_selector("grundy-nimsum .gw-loader:not([hidden]) progress", timeout=LOAD_MS)
    text = root.locator(".gw-loader").inner_text()  # the stage, or the bytes once they are known
    assert text.startswith("Loading the Python engine") or re.fullmatch(
        r"Loading the engine: \d+\.\d of \d+\.\d MB", text.strip()), text
    page.wait_for_function("el => el.dataset.total === '3'", arg=root.element_handle(), timeout=LOAD_MS)
    assert root.locator(".gw-loader").is_hidden()


# every pair of (language, scheme, width) once: four pages, not eight
@pytest.mark.parametrize(("lang", "scheme", "phone"), [("en", "light", False), ("ja", "dark", False),
                                                       ("en", "dark", True), ("ja", "light", True)])
def test_play_screenshots(booted, phone, scheme, lang):
    """The play widget with a move previewed, at both widths, in both schemes and languages
    (every two of the three together)."""
    w, root = booted("play", lang, scheme, phone)
    page = w.page
    wait_turn(page, root)
    root.locator(".gw-hints").check()
    page.wait_for_selector("grundy-play .gw-hints-table tbody tr", timeout=STEP_MS)
    root.locator(".gw-board").scroll_into_view_if_needed()
    to, points = grooves(root)[0]
    if phone:
        page.touchscreen.tap(*points[2])
    else:
        page.mouse.move(*points[2])
    assert selected(root) == to
    w.screenshot(f"play-{'390' if phone else '1280'}-{scheme}-{lang}")  # the viewport: no scrolling


# An init script (a block, run as is): the state requests the page's worker is sent, as
# [id, k], and the ids of the answers it sends back.
COUNT_STATE_REQUESTS = """{ const post = Worker.prototype.postMessage; window.__states = []; window.__answered = [];
    Worker.prototype.postMessage = function (message, ...rest) {
        if (!this.__heard) {
            this.__heard = true;
            this.addEventListener('message', (e) => { if (e.data && 'response' in e.data) window.__answered.push(e.data.id); });
        }
        if (message && message.request && message.request.op === 'state') window.__states.push([message.id, message.request.params.k]);
        return post.call(this, message, ...rest); }; }"""
# The board each render shows ("Triangular chocolate {60, 5, 60} (k = 11)"), in window.__shown.
WATCH_RENDERS = """el => { window.__shown = []; new MutationObserver(() => window.__shown.push(
    el.querySelector('.gw-board svg').getAttribute('aria-label'))).observe(el, {attributeFilter: ['data-pos']}); }"""


def test_rapid_new_games_only_the_last_counts(watched, widget_urls):
    """8 rapid New game clicks, each a game needing a new misère table (a second or two each):
    the requests not yet sent are dropped, so at most the first and the last reach the engine,
    and once the engine has answered every request sent, only the last game has been shown."""
    w = watched()
    page = w.page
    page.add_init_script(COUNT_STATE_REQUESTS)
    page.goto(widget_urls[("play", "en")])
    root = page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    wait_turn(page, root)
    new_game(page, root, "chocolate", "3 1 3", params={"k": 3})
    root.locator(".gw-misere").check()
    wait_turn(page, root)
    root.evaluate("el => { delete el.dataset.turn; window.__states = []; }")
    root.evaluate(WATCH_RENDERS)
    root.evaluate("""(el) => { for (const k of [2, 5, 6, 7, 8, 9, 10, 11]) {
        el.querySelector('.gw-params .gw-k').value = String(k);
        el.querySelector('.gw-start').value = '60 5 60';
        el.querySelector('.gw-new').click(); } }""")
    page.wait_for_function("el => el.dataset.turn === 'you' && el.dataset.moves === '0' && el.dataset.pos === '60,5,60'",
                           arg=root.element_handle(), timeout=STEP_MS)
    page.wait_for_function("() => window.__states.every(([id]) => window.__answered.includes(id))", timeout=STEP_MS)
    sent = page.evaluate("window.__states.map(([, k]) => k)")
    assert sent in ([2, 11], [11]), sent
    assert page.evaluate("window.__shown") == ["Triangular chocolate {60, 5, 60} (k = 11)"]
    assert root.locator(".gw-params .gw-k").input_value() == "11"
