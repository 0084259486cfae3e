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

from pagechecks import axe_after_use
from widgetkit import AXE, LOAD_MS, POLL_MS, STEP_MS, wait_drawn, wait_turn

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
    """The focused element: its data-to, class, tag and centre, the centre measured from its
    table's or picture's corner (focusing it may scroll the page or the table)."""
    return page.evaluate("""() => { const e = document.activeElement; const r = e.getBoundingClientRect();
        const o = (e.closest('table, svg') || document.documentElement).getBoundingClientRect();
        return { to: e.getAttribute('data-to'), cls: e.getAttribute('class') || '', tag: e.tagName,
                 label: e.getAttribute('aria-label'), x: (r.left + r.right) / 2 - o.left,
                 y: (r.top + r.bottom) / 2 - o.top }; }""")


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
    root.locator(".gw-options input").first.focus()  # the first control after the board
    page.keyboard.press("Shift+Tab")
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
    assert "gw-hints" in focused(page)["cls"], focused(page)  # the board is one Tab stop: then its options
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


@pytest.mark.parametrize("lang,scheme", [("en", "light"), ("ja", "light"), ("en", "dark")])
def test_whole_game_by_keyboard_announced_once(booted, lang, scheme):
    """A whole game by keyboard: each of the computer's replies is announced once, in words
    (where it leads as a position, no arrow), the result once, and how to move (which names
    the keys) once, not at every turn; axe finds nothing serious after it, in the dark
    scheme too."""
    w, root = booted("play", lang, color_scheme=scheme)
    page = w.page
    wait_turn(page, root)
    page.evaluate(RECORD)
    root.locator(".gw-options input").first.focus()  # the first control after the board
    page.keyboard.press("Shift+Tab")
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
    snapshot(root, f"play-over-{lang}-{scheme}")
    assert not axe_after_use(page, f"play {lang} {scheme}")


def test_forced_colours_keep_the_preview_and_the_focus(booted):
    """In forced colours (Windows' high contrast), where the page's own colours are replaced,
    the previewed move's groove and the focused move's outline take the system's Highlight."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    page.emulate_media(forced_colors="active")
    try:
        highlight = page.evaluate("""() => { const d = document.createElement('div');
            d.style.color = 'Highlight'; document.body.append(d);
            const c = getComputedStyle(d).color; d.remove(); return c; }""")
        root.locator(".gw-options input").first.focus()
        page.keyboard.press("Shift+Tab")  # to the board: its focused move is previewed
        move = root.locator(".gw-board .move.gw-selected")
        assert move.count() == 1 and move.evaluate("e => e === document.activeElement")
        assert move.locator(".cut").first.evaluate("e => getComputedStyle(e).stroke") == highlight
        assert move.evaluate("e => getComputedStyle(e).outlineColor") == highlight
    finally:
        page.emulate_media(forced_colors="none")


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


# ---------------------------------------------------------------- exercises


def open_page(watched, widget_server, rel: str, phone=False):
    w = watched(phone=phone)
    w.page.goto(widget_server + rel, wait_until="load")
    return w


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pn_table_by_keyboard_wrong_cells_exposed(watched, widget_server, lang):
    """A P/N table filled and checked by keyboard: one Tab stop, the arrow keys move across
    the table; after Check every wrong cell is aria-invalid with a name saying wrong, every
    right one says right, and the feedback announced lists the wrong cells."""
    w = open_page(watched, widget_server, ("ja/" if lang == "ja" else "") + "chocolate-and-nim/")
    page = w.page
    ex = page.locator("grundy-exercise[data-kind='pn-table']").first
    ex.scroll_into_view_if_needed()
    page.wait_for_function("el => el.dataset.ready === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    page.evaluate(RECORD)
    cells = ex.locator(".gx-cellbtn")
    n = cells.count()
    assert n > 4 and ex.locator(".gx-cellbtn[tabindex='0']").count() == 1
    cells.first.focus()
    start = focused(page)
    page.keyboard.press("ArrowRight")
    right = focused(page)
    assert right["x"] > start["x"] and abs(right["y"] - start["y"]) < 2, (start, right)
    page.keyboard.press("ArrowDown")
    assert focused(page)["y"] > right["y"]
    assert ex.locator(".gx-cellbtn[tabindex='0']").count() == 1
    page.keyboard.press("End")
    assert focused(page)["label"] == cells.last.get_attribute("aria-label")
    for i in range(n):  # every cell P: Enter on each
        cells.nth(i).focus()
        page.keyboard.press("Enter")
    assert ex.locator("td.gx-cell[data-value='P']").count() == n
    ex.locator(".gx-check").click()
    page.wait_for_function("el => el.querySelector('.gx-feedback').textContent", arg=ex.element_handle(),
                           timeout=STEP_MS)
    truth = dict(ex.locator(".gx-answer td[data-pos]").evaluate_all(
        "els => els.map(e => [e.dataset.pos, e.textContent.trim()])"))
    wrong_word, right_word = ("wrong", "right") if lang == "en" else ("誤り", "正解")
    wrong = []
    for pos, value, label, invalid in ex.locator("td.gx-cell").evaluate_all("""els => els.map(td => [td.dataset.pos,
            td.dataset.value, td.firstChild.getAttribute('aria-label'), td.firstChild.getAttribute('aria-invalid')])"""):
        if not value:
            assert invalid is None and wrong_word not in label and right_word not in label, label
        elif value != truth[pos]:
            wrong.append(pos)
            assert invalid == "true" and label.endswith(wrong_word), label
        else:
            assert invalid is None and label.endswith(right_word), label
    assert wrong, "every cell P: the N cells are wrong"
    feedback = [s for s in said(page) if "{" + wrong[0].replace(",", ", ") + "}" in s]
    assert feedback and all("{" + p.replace(",", ", ") + "}" in feedback[-1] for p in wrong), said(page)
    snapshot(ex, f"pn-table-checked-{lang}")
    assert not axe_after_use(page, f"pn-table {lang}")


def test_pn_table_every_cell_reached_by_keys(watched, widget_server):
    """A P/N table of three coordinates is one table per value of the middle one: from the
    cell Tab reaches, the arrow keys, Home and End reach every cell of every table (Right
    past a table's last column goes on to the next table)."""
    w = open_page(watched, widget_server, "chocolate-and-nim/")
    ex = w.page.locator("grundy-exercise[data-kind='pn-table']").first
    ex.scroll_into_view_if_needed()
    w.page.wait_for_function("el => el.dataset.ready === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    assert ex.locator("table:has(.gx-cellbtn)").count() > 2
    reached, total = ex.evaluate("""el => {
        const buttons = [...el.querySelectorAll('.gx-cellbtn')];
        const seen = new Set([el.querySelector(".gx-cellbtn[tabindex='0']")]);
        const todo = [...seen];
        while (todo.length) {
          const from = todo.pop();
          for (const key of ['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'Home', 'End']) {
            from.focus();
            from.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
            const to = document.activeElement;
            if (buttons.includes(to) && !seen.has(to)) { seen.add(to); todo.push(to); }
          }
        }
        return [seen.size, buttons.length];
    }""")
    assert reached == total


# ---------------------------------------------------------------- the classroom


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_classroom_announced_named_and_focused(watched, widget_server, lang):
    """The teacher's form announces a refused position, a task added and the finished link,
    whose named box takes the focus; its fieldsets have legends. The student's hand-in is
    announced and puts the focus on the named result-code box. axe finds nothing serious
    on either page once used."""
    prefix = "ja/" if lang == "ja" else ""
    w = open_page(watched, widget_server, prefix + "assign/")
    page = w.page
    form = page.locator("grundy-assign")
    page.wait_for_selector("grundy-assign .cr-add", timeout=STEP_MS)
    page.evaluate(RECORD)
    # every group of fields named: the task, the assignment, practice or test
    assert form.locator("fieldset").count() == form.locator("fieldset > legend").count() == 3
    good = form.locator(".cr-pos").input_value()
    form.locator(".cr-pos").fill("1 2 x")
    form.locator(".cr-add").click()
    page.wait_for_function("() => document.querySelector('grundy-assign .gw-field-error:not([hidden])')",
                           timeout=STEP_MS)
    assert form.locator(".gw-field-error:not([hidden])").get_attribute("role") == "alert"
    form.locator(".cr-pos").fill(good)
    form.locator(".cr-add").click()
    page.wait_for_function("() => document.querySelector('grundy-assign .cr-said').textContent", timeout=LOAD_MS)
    added = "Task 1 added" if lang == "en" else "課題 1 を加えました"
    assert any(added in s for s in said(page)), said(page)
    form.locator(".cr-make").click()
    page.wait_for_function("() => document.activeElement?.classList.contains('cr-link')", timeout=STEP_MS)
    link = form.locator(".cr-link")
    assert link.evaluate("e => e.labels.length") == 1
    assert any(("link is ready" if lang == "en" else "リンクができました") in s for s in said(page)), said(page)
    snapshot(form, f"assign-made-{lang}")
    assert not axe_after_use(page, f"assign {lang}")
    href = link.input_value()
    page.goto("about:blank")
    page.goto(href, wait_until="load")
    page.wait_for_selector(".cr-handin-button", timeout=LOAD_MS)
    page.evaluate(RECORD)
    page.locator(".cr-name").fill("Ada")
    page.locator(".cr-handin-button").click()
    page.wait_for_function("() => document.activeElement?.classList.contains('cr-code')", timeout=STEP_MS)
    assert page.locator(".cr-code").evaluate("e => e.labels.length") == 1
    assert any(("Handed in" if lang == "en" else "提出しました") in s for s in said(page)), said(page)
    snapshot(page.locator(".cr-handin"), f"handed-in-{lang}")
    assert not axe_after_use(page, f"assignment {lang}")


# ---------------------------------------------------------------- tools


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tools_announce_their_answers(booted, lang):
    """The nim-sum's verdict, the table explorer's counts and the Discover page's verdicts
    and errors are announced as they change (a bad formula clears the previous verdict);
    axe finds nothing serious once they are used."""
    w, root = booted("nimsum", lang)
    page = w.page
    page.wait_for_selector("grundy-nimsum .gw-nimsum-table", timeout=LOAD_MS)
    page.evaluate(RECORD)
    root.locator(".gw-heaps").fill("1 2 4")
    root.locator(".gw-show").click()
    page.wait_for_function("el => el.dataset.total === '7'", arg=root.element_handle(), timeout=LOAD_MS)
    verdict = "The nim-sum is 7" if lang == "en" else "ニム和は 7"
    assert any(verdict in s for s in said(page)), said(page)
    assert not axe_after_use(page, f"nimsum {lang}")
    w, root = booted("table", lang)
    page.wait_for_selector("grundy-table .gw-counts:not(:empty)", timeout=LOAD_MS)
    page.evaluate(RECORD)
    size = root.locator("input.gw-number").first
    size.fill(str(int(size.input_value()) - 1))
    size.press("Enter")
    page.wait_for_function("() => window.__said.length > 0", timeout=LOAD_MS)
    assert not axe_after_use(page, f"table {lang}")


# ---------------------------------------------------------------- layout


@pytest.mark.parametrize("rel", ["", "triangular-chocolate/", "assign/", "ja/", "ja/triangular-chocolate/", "ja/assign/"])
def test_reflow_at_320_px(watched, widget_server, rel):
    """At 320 px wide (WCAG 1.4.10), the page does not scroll sideways once its widgets are
    drawn; what is wider than the page (the elements named on failure) scrolls in its own box."""
    w = watched()
    page = w.page
    page.set_viewport_size({"width": 320, "height": 700})
    page.goto(widget_server + rel, wait_until="load")
    page.wait_for_function("() => [...document.querySelectorAll('grundy-play, grundy-assign')].every("
                           "(e) => e.querySelector('.gw-board svg, .cr-add'))", timeout=LOAD_MS, polling=POLL_MS)
    wide = page.evaluate("""() => { const W = document.documentElement.clientWidth;
        return [document.documentElement.scrollWidth - W, [...document.querySelectorAll('.md-content *')]
          .filter((e) => e.getBoundingClientRect().right > W + 0.5 && !e.closest('.md-typeset__scrollwrap, .katex-display, .gw-scroll, pre'))
          .slice(0, 5).map((e) => e.tagName + '.' + (e.className.baseVal ?? e.className))]; }""")
    assert wide[0] <= 0, wide


def test_focus_never_under_the_header(watched, widget_server):
    """Each control of the triangular chocolate's page, reached from below it (as Shift+Tab
    reaches it), is scrolled clear of the sticky header (WCAG 2.4.11), on a phone."""
    w = watched(phone=True)
    page = w.page
    page.goto(widget_server + "triangular-chocolate/", wait_until="load")
    page.wait_for_selector("grundy-play .gw-board svg", timeout=LOAD_MS)
    hidden = page.evaluate("""async () => {
        const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
        const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
        const bad = [];
        for (const e of document.querySelectorAll('.md-content :is(.grundy-widget, grundy-exercise)'
                                                   + ' :is(button, input, select, [tabindex="0"])')) {
          const box = e.getBoundingClientRect();
          if (e.disabled || !box.height || box.height > 200) continue;
          window.scrollTo(0, box.bottom + scrollY + 1);  // just above the window
          await frame();
          e.focus();
          await frame();
          const r = e.getBoundingClientRect();
          if (document.activeElement === e && r.top < header - 1) bad.push([e.className.baseVal ?? e.className, r.top]);
        }
        return bad;
    }""")
    assert not hidden, hidden


# The control Tab reaches just before (or after) the element: focused by a script, so that
# the next key press moves the focus by the keyboard.
FOCUS_BESIDE = """(el, after) => {
  const tabbable = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]')]
    .filter((c) => c.tabIndex >= 0 && !c.disabled && c.checkVisibility() && !el.contains(c));
  const beside = after ? tabbable.find((c) => el.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)
    : tabbable.filter((c) => el.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_PRECEDING).at(-1);
  beside.focus();
}"""
# Where the focus is: in the widget's build-time content, in the widget, in view below the
# sticky header and shown as the keyboard's; its place among the controls Tab reaches in
# the widget's drawing (its first and last: [index, count]).
FOCUS_IN = """(el) => {
  const f = document.activeElement;
  const controls = [...el.querySelectorAll('.gw-table-output :is(a[href], button, input, select, textarea, summary, [tabindex])')]
    .filter((c) => c.tabIndex >= 0 && !c.disabled && c.checkVisibility());
  const r = f.getBoundingClientRect(), header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return { tag: f.tagName, fallback: Boolean(f.closest('.gw-fallback')), inside: el.contains(f),
           drawn: [controls.indexOf(f), controls.length], ring: f.matches(':focus-visible'),
           inView: r.top >= header - 1 && r.bottom <= innerHeight + 1 };
}"""


@pytest.mark.parametrize("lang, phone", [("en", False), ("ja", True)])
def test_tabbing_into_a_widget_before_it_starts_keeps_the_focus(watched, widget_server, lang, phone):
    """A reader who tabs into a Grundy table widget's build-time table before the widget has
    drawn its own (its first answers on their way) stays in the widget once it has: on the
    first control of its drawing, or on the last when coming back from below with
    Shift+Tab, in view under the header. A press of the mouse or a finger on that table,
    once tabbed into, leaves the focus to the press."""
    page = watched(phone=phone).page
    held = []
    page.route("**/generated/widgets/*.json", lambda route: held.append(route))
    url = widget_server + ("ja/" if lang == "ja" else "") + "wythoff/"
    for how in ("Tab", "Shift+Tab", "press"):
        held.clear()
        page.goto(url, wait_until="load")
        root = page.locator("grundy-table").first
        page.wait_for_function("el => el.dataset.ready", arg=root.element_handle(), timeout=LOAD_MS)  # (its script there)
        root.evaluate(FOCUS_BESIDE, how == "Shift+Tab")
        page.keyboard.press("Shift+Tab" if how == "Shift+Tab" else "Tab")
        assert page.evaluate(FOCUS_IN, root.element_handle())["fallback"], how  # (the widget not drawn yet)
        if how == "press":
            table = root.locator("table").first
            table.tap() if phone else table.click()
        for route in held:
            route.continue_()
        wait_drawn(page, root)
        focus = page.evaluate(FOCUS_IN, root.element_handle())
        if how == "press":
            assert focus["tag"] == "BODY", focus
        else:
            at, count = focus["drawn"]
            assert count and at == (0 if how == "Tab" else count - 1), (how, focus)
            assert focus["ring"] and focus["inView"], (how, focus)


def test_tabbing_into_a_widget_before_its_script_keeps_the_focus(watched, widget_server):
    """A reader who tabs into a Grundy table widget's build-time content before the
    widget's scripts have arrived (a slow network, a busy phone) keeps the focus there
    when the widget starts, and it then moves to the first control of the drawing, in
    view, shown as the keyboard's."""
    page = watched().page
    held = []  # the widget's scripts, until the Tab

    def hold(route):
        (held.append if held is not None else lambda r: r.continue_())(route)

    page.route("**/assets/widgets/*.js", hold)
    page.goto(widget_server + "wythoff/", wait_until="commit")
    root = page.locator("grundy-table").first
    root.locator(".grundy-download a").wait_for(state="attached", timeout=LOAD_MS)  # (parsed)
    root.evaluate(FOCUS_BESIDE, False)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS_IN, root.element_handle())["inside"]  # (its build-time content)
    assert not root.evaluate("el => el.dataset.ready")  # (its script not there yet)
    scripts, held = held, None
    for route in scripts:
        route.continue_()
    wait_drawn(page, root)
    focus = page.evaluate(FOCUS_IN, root.element_handle())
    at, count = focus["drawn"]
    assert count and at == 0, focus
    assert focus["ring"] and focus["inView"], focus


# Focuses the element before the browser has laid it out, then waits until it has.
FOCUS_UNLAID = """async (el) => {
  const box = el.tagName === 'CODE' ? el.parentElement : el;
  const laidOut = new Promise((done) => box.addEventListener('contentvisibilityautostatechange',
    (event) => { if (!event.skipped) done(); }));
  el.focus();
  await laidOut;
  await new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 100));
  return document.activeElement === el;
}"""


def test_a_table_reached_before_it_is_laid_out_keeps_the_focus(watched, widget_server):
    """A table's box far down a lesson is a Tab stop until the browser has laid it out (it
    might scroll sideways: scrollers.js). Reached then, it keeps the focus once laid out
    and found narrow (the focus fell to the page's body), and stays a Tab stop after the
    focus has left it only if it scrolls sideways."""
    page = watched().page
    page.goto(widget_server + "wythoff/", wait_until="load")
    box = page.locator(".md-content .md-typeset__scrollwrap[tabindex='0']:not(.grundy-widget *)").last.element_handle()
    assert box.evaluate("el => el.getBoundingClientRect().top > 2 * innerHeight")  # (not laid out yet)
    assert box.evaluate(FOCUS_UNLAID)
    box.evaluate("el => el.blur()")  # (in view: Tab could take the page to where it is not laid out again)
    page.wait_for_function("el => el.hasAttribute('tabindex') === el.scrollWidth > el.clientWidth + 1",
                           arg=box, timeout=STEP_MS)


def test_targets_on_a_phone(booted):
    """On a 390 px phone, every control of the play widget is at least 24 x 24 px (WCAG
    2.5.8), or a checkbox in a label that is; the board's moves, closer than that on the
    triangular chocolate, have the list of moves as full-width buttons of 44 px."""
    w, root = booted("play", phone=True, path="triangular-chocolate/")
    page = w.page
    wait_turn(page, root)
    small = root.evaluate("""el => [...el.querySelectorAll('button, input, select, summary, a[href]')]
        .filter((e) => e.getClientRects().length && !e.closest('[hidden]'))
        .map((e) => { const r = (e.type === 'checkbox' ? e.closest('label') || e : e).getBoundingClientRect();
                      return [e.className || e.tagName, Math.round(r.width), Math.round(r.height)]; })
        .filter(([, w, h]) => w < 24 || h < 24)""")
    assert not small, small
    root.locator(".gw-movelist summary").click()
    heights = root.locator(".gw-listmove").evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44, heights


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pviewer_points_as_a_table(booted, lang):
    """The P-position viewer's canvas has its data as a table: unfolded, one row per point
    the canvas's label counts."""
    w, root = booted("pviewer", lang)
    page = w.page
    page.wait_for_selector("grundy-pviewer canvas.gw-cloud[aria-label]", timeout=LOAD_MS)
    label = root.locator("canvas.gw-cloud").get_attribute("aria-label")
    n = int(next(g for g in re.search(r"^(\d+) P-position|P 局面 (\d+) 個", label).groups() if g))
    root.locator(".gw-points summary").click()
    page.wait_for_selector("grundy-pviewer .gw-points tbody tr", timeout=STEP_MS)
    assert root.locator(".gw-points tbody tr").count() == n
    assert root.locator(".gw-points th").all_inner_texts() == ["x", "y", "z"]
    if not page.evaluate("() => typeof axe === 'object'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = root.evaluate("""async (el) => (await axe.run(el, {resultTypes: ['violations']})).violations
        .filter((v) => ['serious', 'critical'].includes(v.impact)).map((v) => v.id)""")
    assert not found, found
