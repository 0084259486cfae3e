"""The Chomp lesson's play widget, on a desktop and on a phone: a square is previewed (it and
everything above it and to its right shaded), then eaten; the keyboard plays too; the
computer replies with a legal move. CHOMP_URL (a served build, ending in /chocolate-games/)
runs it against that build instead of the session's own."""

from __future__ import annotations

import os

import pytest

import grundy

from widgetkit import STEP_MS, wait_turn

CHOMP = grundy.game("chomp")


@pytest.fixture(scope="module")
def widget_server(request):
    """CHOMP_URL when set (no site is built then), else the session's served build."""
    return os.environ.get("CHOMP_URL") or request.getfixturevalue("pages_url")


@pytest.fixture
def pages(booted):
    """Factory of a fresh play widget on the Chomp lesson (tests/browser/conftest.py's
    `booted`: the page is kept for the module), waiting for the reader."""
    def make(phone=False):
        w, root = booted("play", phone=phone, path="chomp/")
        wait_turn(w.page, root)
        return w, root
    return make


def position(root):
    """The position the board shows: its moves' targets are those of exactly one position."""
    tos = root.evaluate("el => [...el.querySelectorAll('.gw-board .move')].map(m => m.dataset.to)")
    return {tuple(int(c) for c in t.split(",")) for t in tos}


def centre(root, to):
    box = root.locator(f".gw-board .move[data-to='{to}'] rect.hit").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def selected(root):
    return root.evaluate("el => el.querySelector('.gw-board .move.gw-selected')?.dataset.to || null")


def shaded(root):
    """The preview's shading of the eaten corner is on the board."""
    return root.evaluate("el => !!el.querySelector('.gw-board .gw-eaten-area, .gw-board .gw-eaten')")


def played(page, root, moves):
    """Wait until `moves` moves are made (the reader's and the computer's reply) or the game
    is over; the widget's turn then ("you" or "over")."""
    page.wait_for_function("([el, n]) => el.dataset.turn === 'over' || Number(el.dataset.moves) >= n",
                           arg=[root.element_handle(), moves], timeout=STEP_MS)
    return wait_turn(page, root)


def targets(pos):
    return {tuple(t) for t in CHOMP.targets(tuple(pos))}


def start(root):
    """The starting position, read off the board: the lesson's {5, 3, 3}."""
    assert position(root) == targets((5, 3, 3))
    return (5, 3, 3)


@pytest.mark.parametrize("phone", [True, False], ids=["390px", "1280px"])
def test_a_square_is_previewed_then_eaten_and_the_computer_replies(pages, phone):
    w, root = pages(phone=phone)
    page = w.page
    pos = start(root)
    assert root.locator(".gw-board .move").count() == sum(pos) - 1  # every square but the poison
    to = "5,1,1"  # the square (1, 1): rows 1 and 2 keep only their first square
    root.locator(".gw-board").scroll_into_view_if_needed()
    x, y = centre(root, to)
    if phone:
        page.touchscreen.tap(x, y)  # the first tap previews
        assert selected(root) == to and shaded(root)
        assert root.get_attribute("data-moves") == "0"
        w.screenshot("chomp-preview-390", root.locator(".gw-board"))
        page.touchscreen.tap(x, y)  # the second eats
    else:
        page.mouse.move(x, y)  # hovering previews, a click eats
        assert selected(root) == to and shaded(root)
        w.screenshot("chomp-preview-1280", root.locator(".gw-board"))
        page.mouse.click(x, y)
    turn = played(page, root, 2)
    log = root.locator(".gw-log li")
    assert log.first.inner_text().endswith("{5, 1, 1}")
    assert log.count() == 2 and log.last.inner_text().startswith("Computer")
    after = tuple(int(c) for c in log.last.inner_text().split("{")[1].rstrip("}").split(","))
    assert after in targets((5, 1, 1))  # the computer's reply is legal, and shown
    assert position(root) == targets(after) or turn == "over"
    w.screenshot(f"chomp-reply-{'390' if phone else '1280'}")


def test_keyboard_play_to_the_end(pages):
    """Home, End and Enter: every move of the reader and of the computer is legal, until one side
    is left with the poison."""
    w, root = pages()
    page = w.page
    pos = start(root)
    root.locator(".gw-board .move").first.focus()
    for _ in range(30):
        if root.get_attribute("data-turn") == "over":
            break
        moves = int(root.get_attribute("data-moves"))
        here = page.evaluate("() => document.activeElement.dataset.to")
        page.keyboard.press("End")  # the last move (the arrows go to the nearest move that way)
        to = page.evaluate("() => document.activeElement.dataset.to")
        if to == here:
            page.keyboard.press("Home")
            to = page.evaluate("() => document.activeElement.dataset.to")
        assert selected(root) == to  # a focused square is previewed
        page.keyboard.press("Enter")
        played(page, root, moves + 2)
        eaten = tuple(int(c) for c in to.split(","))
        assert eaten in targets(pos)
        pos = eaten
        if root.get_attribute("data-turn") != "over":
            now = [p for p in targets(pos) if targets(p) == position(root)]
            assert now, "the computer's reply is a legal move"
            pos = now[0]
            root.locator(".gw-board .move").first.focus()
    assert root.get_attribute("data-turn") == "over"
    assert root.get_attribute("data-winner") in ("you", "computer")
