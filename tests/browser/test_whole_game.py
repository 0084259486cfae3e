"""A whole game against the computer without the engine: a play widget plays from the
answers the engine wrote at build time (scripts/sitegen/play_data.py: the first file,
then the rest of the game fetched at the reader's first move) to the game's end, on a
lesson and on an assignment link's suggested start, on a desktop and on a phone; a new
game, Undo and "Try again from here" stay in the data. The engine's files are blocked
throughout, and none of them is even asked for (the data hold the whole game: nothing
warms the engine up).

Not timed: the network numbers are scripts/bench_whole_game.py's."""

from __future__ import annotations

import pytest
from test_first_moves import ENGINE_FILES, assignment_url
from widgetkit import STEP_MS, press_move, wait_turn

LESSON = "triangular-chocolate/"  # {10, 5, 5}: its game needs both files
TASK = ["play", "chocolate", {"k": 3}, [10, 5, 5], "perfect"]


def blocked_page(watched, phone):
    """A fresh page with every file of the engine blocked; the URLs asked for, listed."""
    w = watched(phone=phone, fresh=True)
    w.asked = []
    for pattern in ENGINE_FILES:
        w.context.route(pattern, lambda route: (w.asked.append(route.request.url), route.abort()))
    return w


def moves_of(root, winning=False) -> list[str]:
    """The board's moves (data-to) in the order listed; winning: only those to a P-position."""
    return root.evaluate("(el, winning) => el.state.moves.filter((m) => !winning || m.outcome === 'P')"
                         ".filter((m) => (m.kind || 'move') === 'move').map((m) => m.to.join(','))", winning)


def a_long_move(root) -> str:
    """The move that takes the least (the game then lasts)."""
    return max(moves_of(root), key=lambda t: sum(int(c) for c in t.split(",")))


def play_to_the_end(page, root, choose=a_long_move) -> int:
    """The reader plays choose(root) until the game is over; the number of moves."""
    for _ in range(60):
        if wait_turn(page, root, timeout=STEP_MS) == "over":
            return int(root.get_attribute("data-moves"))
        assert not root.locator(".gw-loader").is_visible(), root.locator(".gw-loader").inner_text()
        press_move(page, root, choose(root))
    raise AssertionError("the game did not end in 60 moves")


def check_no_engine(w, root):
    """The game was played from the data: no engine loader shown, no engine file asked for."""
    assert not root.locator(".gw-loader").is_visible()
    assert root.get_attribute("data-turn") in ("you", "over")
    assert not w.asked, f"the engine was asked for: {w.asked[:3]}"


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_lessons_whole_game_without_the_engine(watched, widget_server, phone):
    """The triangular-chocolate lesson's game to its end (the reader's longest moves), then
    Try again from the first mistake with the winning moves to the end, Undo, and a new game."""
    w = blocked_page(watched, phone)
    page = w.page
    page.goto(widget_server + LESSON)
    root = page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    moves = play_to_the_end(page, root)
    assert moves > 6, "a game beyond the first file's plies"
    assert root.get_attribute("data-winner") == "computer"
    w.screenshot("whole-game-engine-blocked", root)
    # Try again from the first mistake: the winning moves from there win the game
    root.locator(".gw-review .gw-tryagain").first.click()
    assert root.get_attribute("data-retry") == "on"
    play_to_the_end(page, root, lambda r: moves_of(r, winning=True)[0])
    assert root.get_attribute("data-winner") == "you"
    # Undo takes back the reader's last move and the computer's answer
    before = int(root.get_attribute("data-moves"))
    root.locator(".gw-undo").click()
    assert wait_turn(page, root, timeout=STEP_MS) == "you"
    assert int(root.get_attribute("data-moves")) < before
    press_move(page, root, moves_of(root)[-1])
    assert wait_turn(page, root, timeout=STEP_MS) in ("you", "over")
    # a new game from the same start, the computer first
    root.locator(".gw-first").select_option("computer")
    root.locator(".gw-new").click()
    page.wait_for_function("el => el.dataset.moves === '1' && el.dataset.turn === 'you'",
                           arg=root.element_handle(), timeout=STEP_MS)
    press_move(page, root, a_long_move(root))
    assert wait_turn(page, root, moves=3, timeout=STEP_MS) == "you"
    check_no_engine(w, root)


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_an_assignments_whole_game_without_the_engine(watched, widget_server, phone):
    """A student's assignment link, its play task from a suggested start, played to its end
    (the winning moves: the computer resists longest)."""
    w = blocked_page(watched, phone)
    page = w.page
    page.goto(assignment_url(widget_server, [TASK]))
    root = page.locator("grundy-assignment grundy-play").first
    page.wait_for_selector("grundy-assignment grundy-play[data-level='perfect'][data-turn='you']", timeout=STEP_MS)
    assert play_to_the_end(page, root, lambda r: moves_of(r, winning=True)[0]) > 6
    assert root.get_attribute("data-winner") == "you"
    w.screenshot("assignment-whole-game", root)
    check_no_engine(w, root)
