"""A half-played game comes back (issue 49): a lesson opened again the usual way (the menu,
a bookmark, the next day: no game in its address) offers the reader's unfinished game, which
continues where it was left; a finished game, or a new one played instead, is not offered."""

from __future__ import annotations

import random

import pytest

from pagechecks import PHONE
from widgetkit import play_to_end, wait_turn

WORDS = {"en": ("You left a game here (2 moves played", "Continue it"),
         "ja": ("このページに途中のゲームがあります (2 手まで", "続きから遊ぶ")}


def one_move(page, root) -> None:
    """The reader plays the move that takes the least (the game goes on) by keyboard, and
    the computer answers."""
    moves = int(root.get_attribute("data-moves"))
    root.evaluate("""el => [...el.querySelectorAll('.gw-board .move')].map((m) => [m, m.dataset.to.split(',')
        .reduce((s, c) => s + Number(c), 0)]).sort((a, b) => b[1] - a[1])[0][0].focus()""")
    page.keyboard.press("Enter")
    wait_turn(page, root, moves + 2)
    assert root.get_attribute("data-turn") == "you"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_half_played_game_comes_back(served_site, new_page, lang):
    note, go = WORDS[lang]
    lesson = served_site + ("ja/" if lang == "ja" else "") + "triangular-chocolate/"
    page = new_page(**PHONE)
    page.goto(lesson)
    root = page.locator("grundy-play").first
    wait_turn(page, root)
    assert root.locator(".gw-resume").is_hidden()  # nothing kept yet
    one_move(page, root)
    left = root.get_attribute("data-pos"), root.get_attribute("data-moves")
    assert left[1] == "2"

    page.goto(lesson)  # again, without the game in the address
    root = page.locator("grundy-play").first
    wait_turn(page, root)
    assert root.get_attribute("data-moves") == "0"  # a new game starts, as before
    offer = root.locator(".gw-resume")
    assert offer.is_visible() and note in offer.text_content(), offer.text_content()  # (innerText: "" off screen)
    offer.get_by_role("button", name=go).click()
    page.wait_for_function("([el, pos, n]) => el.dataset.pos === pos && el.dataset.moves === n",
                           arg=[root.element_handle(), *left], timeout=30_000)
    assert offer.is_hidden() and "play=" in page.url

    play_to_end(page, root, random.Random(1))  # a finished game is not offered
    page.goto(lesson)
    root = page.locator("grundy-play").first
    wait_turn(page, root)
    assert root.locator(".gw-resume").is_hidden()


def test_a_new_game_played_replaces_the_one_kept(served_site, new_page):
    lesson = served_site + "ryuoh/"
    page = new_page(**PHONE)
    page.goto(lesson)
    root = page.locator("grundy-play").first
    wait_turn(page, root)
    one_move(page, root)
    page.goto(lesson)
    root = page.locator("grundy-play").first
    wait_turn(page, root)
    assert root.locator(".gw-resume").is_visible()
    one_move(page, root)  # the reader plays the new game instead: the offer goes, this game is kept
    assert root.locator(".gw-resume").is_hidden()
    kept = root.get_attribute("data-pos")
    page.goto(lesson)
    root = page.locator("grundy-play").first
    wait_turn(page, root)
    root.locator(".gw-resume-go").click()
    page.wait_for_function("([el, pos]) => el.dataset.pos === pos", arg=[root.element_handle(), kept],
                           timeout=30_000)
