"""Every reader, without sight or mouse (issue 48): the widgets used as a blind student
and a keyboard-only user would, on the site as Pages builds it.

What a screen reader would say is recorded by a MutationObserver on the page's live
regions (aria-live, role status, alert or log): the text each change adds (RECORD), which
is what a screen reader announces of a polite region that is not atomic. The
accessibility tree of each widget in use is kept in artifacts/a11y/ (Playwright's ARIA
snapshot) and the lines a reader needs are asserted in it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from widgetkit import POLL_MS, STEP_MS, wait_turn

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOTS = ROOT / "artifacts" / "a11y"

# What the live regions announce, in order: window.__said (install it with RECORD).
RECORD = """() => {
  if (window.__said) { window.__said.length = 0; return; }
  const said = window.__said = [];
  const LIVE = '[aria-live], [role=status], [role=alert], [role=log]';
  new MutationObserver((records) => {
    for (const r of records) {
      const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const region = node?.closest(LIVE);
      if (!region || region.getAttribute('aria-live') === 'off') continue;
      const text = (region.getAttribute('aria-atomic') === 'true' ? region.textContent
        : r.type === 'characterData' ? r.target.textContent
        : [...r.addedNodes].map((n) => n.textContent).join('')).trim();
      if (text) said.push(text);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def said(page) -> list[str]:
    return page.evaluate("() => [...window.__said]")


def snapshot(locator, name: str) -> str:
    """The element's accessibility tree (ARIA snapshot), kept in artifacts/a11y/NAME.yml."""
    tree = locator.aria_snapshot()
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    (SNAPSHOTS / f"{name}.yml").write_text(tree + "\n", encoding="utf-8")
    return tree


def focused(page) -> dict:
    """The focused element: its data-to, class, tag and centre."""
    return page.evaluate("""() => { const e = document.activeElement; const r = e.getBoundingClientRect();
        return { to: e.getAttribute('data-to'), cls: e.getAttribute('class') || '', tag: e.tagName,
                 label: e.getAttribute('aria-label'), x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 }; }""")


# ---------------------------------------------------------------- the board


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_board_one_tab_stop_arrow_keys_and_names(booted, lang):
    """The board is one Tab stop: Tab from the control before it reaches one move, the next
    Tab leaves the board for the typed-move field; the arrow keys move across the picture
    (Right to a move further right, Down to one further down); every move's name says
    where it leads, in words."""
    w, root = booted("play", lang)
    page = w.page
    wait_turn(page, root)
    moves = root.locator(".gw-board .move")
    assert moves.count() > 3
    assert root.locator(".gw-board .move[tabindex='0']").count() == 1
    to_words = ", to {" if lang == "en" else " へ"
    for label, to in moves.evaluate_all("els => els.map(e => [e.getAttribute('aria-label'), e.dataset.to])"):
        assert "{" + to.replace(",", ", ") + "}" in label and to_words in label, label
    root.locator(".gw-restart").focus()
    page.keyboard.press("Tab")
    start = focused(page)
    assert start["to"] and "move" in start["cls"], start
    for key, axis, sign in (("ArrowRight", "x", 1), ("ArrowDown", "y", 1), ("ArrowLeft", "x", -1), ("ArrowUp", "y", -1)):
        before = focused(page)
        page.keyboard.press(key)
        after = focused(page)
        if after["to"] != before["to"]:
            assert (after[axis] - before[axis]) * sign > 0, (key, before, after)
    page.keyboard.press("End")
    assert focused(page)["to"] == moves.last.get_attribute("data-to")
    assert root.locator(".gw-board .move[tabindex='0']").count() == 1
    page.keyboard.press("Tab")
    assert "gw-typed-input" in focused(page)["cls"], focused(page)
    page.keyboard.press("Shift+Tab")
    assert focused(page)["to"] == moves.last.get_attribute("data-to")  # back where the reader left it
    tree = snapshot(root, f"play-board-{lang}")
    assert re.search(r'button "[^"]+' + re.escape(to_words), tree), tree


def play_by_keyboard(page, root, rng) -> int:
    """Play random moves with the arrow keys and Enter until the game is over; returns the
    number of the reader's moves."""
    mine = 0
    for _ in range(100):
        if wait_turn(page, root) == "over":
            return mine
        page.wait_for_function("() => document.activeElement?.closest('.gw-board .move')", timeout=STEP_MS,
                               polling=POLL_MS)
        for _ in range(rng.randrange(4)):
            page.keyboard.press(rng.choice(["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"]))
        n = int(root.get_attribute("data-moves"))
        page.keyboard.press("Enter")
        page.wait_for_function("([el, n]) => Number(el.dataset.moves) > n", arg=[root.element_handle(), n],
                               timeout=STEP_MS, polling=POLL_MS)
        mine += 1
    raise AssertionError("the game did not end")


def computer_moves(root) -> int:
    return root.locator(".gw-log li.gw-by-computer").count()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_whole_game_by_keyboard_announced_once(booted, lang):
    """A whole game by keyboard: each of the computer's replies is announced once, in words
    (where it leads as a position, no arrow), the result once, and how to move (which names
    the keys) once, not at every turn."""
    w, root = booted("play", lang)
    page = w.page
    wait_turn(page, root)
    page.evaluate(RECORD)
    root.locator(".gw-restart").focus()
    page.keyboard.press("Tab")
    play_by_keyboard(page, root, random.Random(3))
    log = said(page)
    played = "The computer played:" if lang == "en" else "コンピュータの手:"
    replies = [s for s in log if played in s]
    assert len(replies) == computer_moves(root), log
    assert len(set(replies)) == len(replies) or len(replies) < 2, log
    assert all("→" not in s for s in replies), replies
    result = ("You win", "The computer wins") if lang == "en" else ("あなたの勝ち", "コンピュータの勝ち")
    assert sum(any(r in s for r in result) for s in log) == 1, log
    keys = "arrow keys" if lang == "en" else "矢印キー"
    assert sum(keys in s for s in log) <= 1, log
    assert keys in root.locator(".gw-status").inner_text() or root.get_attribute("data-turn") == "over"
    snapshot(root, f"play-over-{lang}")


def type_in(page, root, text: str) -> str:
    """Type `text` into the typed-move field and press Enter; returns what the field's live
    region shows then."""
    field = root.locator(".gw-typed-input")
    field.fill(text)
    field.press("Enter")
    return root.locator(".gw-typed-output").inner_text()


@pytest.mark.parametrize("lang, commands", [("en", ("position", "moves", "game")), ("ja", ("局面", "手", "棋譜"))])
def test_whole_game_by_typed_moves(booted, lang, commands):
    """A whole game by typed moves: the commands read the position, the legal moves with
    where each leads, and the game so far; a move typed as the position it leads to, or as
    some of its words, is played; a move that is not legal gets its message (and
    aria-invalid) as a tap would get none; every reply announced once."""
    w, root = booted("play", lang)
    page = w.page
    wait_turn(page, root)
    page.evaluate(RECORD)
    position, moves_cmd, game = commands
    pos = root.get_attribute("data-pos")
    assert "{" + pos.replace(",", ", ") + "}" in type_in(page, root, position)
    listed = type_in(page, root, moves_cmd)
    n = root.locator(".gw-board .move").count()
    assert len(re.findall(r"\{[\d, ]*\}", listed)) == n, listed
    bad = type_in(page, root, "99 99 99")
    assert "99 99 99" in bad and root.locator(".gw-typed-input").get_attribute("aria-invalid") == "true", bad
    assert root.get_attribute("data-moves") == "0"
    rng = random.Random(5)
    typed = 0
    while wait_turn(page, root) != "over":
        words = root.locator(".gw-board .move").evaluate_all("els => els.map(e => [e.dataset.to, e.getAttribute('aria-label')])")
        to, label = rng.choice(words)
        count = int(root.get_attribute("data-moves"))
        # the first move by its words (all of them, before ", to {"), the others by the position
        type_in(page, root, re.split(r", to \{|、\{", label)[0] if typed == 0 else to.replace(",", " "))
        page.wait_for_function("([el, n]) => Number(el.dataset.moves) > n", arg=[root.element_handle(), count],
                               timeout=STEP_MS, polling=POLL_MS)
        typed += 1
    history = type_in(page, root, game)
    assert history.count("\n") >= int(root.get_attribute("data-moves")), history
    over = type_in(page, root, "1 1 1")
    assert over and root.locator(".gw-typed-input").get_attribute("aria-invalid") == "true"
    played = "The computer played:" if lang == "en" else "コンピュータの手:"
    assert len([s for s in said(page) if played in s]) == computer_moves(root), said(page)
    snapshot(root, f"play-typed-{lang}")
