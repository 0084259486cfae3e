"""The Discover page lets the reader try first (issue 49): the engine's table comes first,
its values those of an independent brute force; the reader's guess is asked for before
any formula of the engine is shown (neither in the text nor in the accessibility tree);
a check is announced and its counterexample marked in the table; each new check, bad
formula or search replaces the verdict before it; the engine searches only when asked.
In English and Japanese, on a desktop and a 390 x 844 phone."""

from __future__ import annotations

import json
from functools import cache

import pytest

import grundy
from grundy.discovery import check, discover

from widgetkit import LOAD_MS, POLL_MS, STEP_MS

PAGES = {"en": "discover/", "ja": "ja/discover/"}
TEXT = {"en": {"holds": "holds at all", "fails": "First counterexample", "marked": "marked in the table"},
        "ja": {"holds": "すべてで成り立ちます", "fails": "最初の反例", "marked": "表の中で印"}}
SETUPS = [("en", False), ("en", True), ("ja", True)]
# What only the engine's search shows (its formula, its near misses).
SEARCH_ONLY = ".gw-formula, .gw-near, .gw-discover-result, .gw-discover-theorem, .gw-prove-found"


# -- an independent brute force: P iff no move leads to a P-position --------------------

@cache
def chocolate_p(k: int, pos: tuple) -> bool:
    """The triangular chocolate y <= (x + z) // k (its moves as /work/shared/GAMES.md writes them)."""
    x, y, z = pos
    moves = [(u, min(y, (u + z) // k), z) for u in range(x)] + [(x, v, z) for v in range(y)] \
        + [(x, min(y, (x + w) // k), w) for w in range(z)]
    return not any(chocolate_p(k, m) for m in moves)


@cache
def wythoff_p(pos: tuple) -> bool:
    """Wythoff's game: take from one heap, or the same from both."""
    x, y = pos
    moves = [(u, y) for u in range(x)] + [(x, v) for v in range(y)] + [(x - d, y - d) for d in range(1, min(x, y) + 1)]
    return not any(wythoff_p(m) for m in moves)


# -- helpers -------------------------------------------------------------------------------

def table_drawn(w, root):
    """Wait until the widget (built: its guess field) shows its table (no busy box)."""
    w.page.wait_for_function("el => el.querySelector('.gw-guess') && el.querySelector('.gw-table-box table')"
                             " && !el.querySelector('.gw-busy:not([hidden])')",
                             arg=root.element_handle(), timeout=LOAD_MS, polling=POLL_MS)


def list_rows(root):
    """The listed positions of a table of three coordinates, with their value column."""
    return root.evaluate("""el => [...el.querySelectorAll('.gw-table-box tbody tr')].map((tr) =>
        [...tr.cells].map((td) => td.firstChild?.textContent ?? ''))""")


def grid_cells(root):
    """{(row, column): text} of a grid, with its corner."""
    data = root.evaluate("""el => { const t = el.querySelector('.gw-table-box table');
        const cols = [...t.tHead.rows[0].cells].map((c) => c.textContent);
        return {cols, rows: [...t.tBodies[0].rows].map((tr) => [...tr.cells].map((c) => c.textContent))}; }""")
    cols = data["cols"]
    cells = {(int(r[0]), int(c)): r[i + 1] for r in data["rows"] for i, c in enumerate(cols[1:])}
    return cols[0], cells


def caption_read(root) -> None:
    """The widget's accessibility tree says its table's caption as the name of the table's
    box (a region the keyboard scrolls) and of the table, not as a paragraph as well (a
    screen reader read it three times in a row)."""
    caption = root.locator(".gw-table-caption").text_content()
    lines = [line.strip(" -'").replace("''", "'") for line in root.aria_snapshot().splitlines()]
    lines = [line.split(" ")[0] for line in lines if caption in line]  # (a quoted line doubles its ')
    assert lines == ["region", "table"], lines


def no_wider_than_the_screen(w):
    width = w.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width


def open_discover(booted, lang, phone):
    w, root = booted("discover", lang, phone=phone, path=PAGES[lang])
    table_drawn(w, root)
    return w, root


# -- the tests -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang, phone", SETUPS)
def test_no_formula_of_the_engine_before_the_reader_asks(booted, lang, phone):
    """Every widget of the page, drawn: its table, an example that is not the engine's
    formula, and no formula of the engine in its text or its accessibility tree; the
    engine's formula comes with "Let the engine search"."""
    w, root = open_discover(booted, lang, phone)
    widgets = w.page.locator("grundy-discover")
    assert widgets.count() == 4
    for i in range(widgets.count()):
        widget = widgets.nth(i)
        widget.scroll_into_view_if_needed()
        table_drawn(w, widget)
        game = grundy.game(widget.get_attribute("data-game"), **json.loads(widget.get_attribute("data-params")))
        if game.name in ("wythoff", "ryuoh"):  # slow to search here; nothing of a search is shown anyway
            found = None
        else:
            found = discover(game, max=int(widget.get_attribute("data-max")),
                             target=widget.get_attribute("data-target")).formula
        assert widget.locator(SEARCH_ONLY).count() == 0
        example = widget.locator(".gw-example-formula").text_content()
        if found:
            assert found not in widget.text_content() and found not in widget.aria_snapshot()
            assert example != found
    # the first widget: the engine's search, on request only
    root.scroll_into_view_if_needed()
    found = discover(grundy.game("chocolate", k=3), max=8, target="P").formula
    search = root.locator(".gw-search")
    assert search.get_attribute("class").split().count("md-button--primary") == 0  # secondary
    search.click()
    root.locator(".gw-formula").wait_for(timeout=LOAD_MS)
    assert root.locator(".gw-formula").text_content() == found
    assert found in root.aria_snapshot()
    no_wider_than_the_screen(w)


@pytest.mark.parametrize("lang, phone", SETUPS)
def test_the_table_comes_first_with_the_engines_values(booted, lang, phone):
    """The page's table (chocolate k = 3, up to 8) lists exactly the P-positions a brute
    force finds, before the guess field (the first control after it); Wythoff's game up to
    6 is a grid of P and N, cell by cell the brute force's. Each table's caption names its
    box and the table, and is not read a third time as a paragraph (caption_read)."""
    w, root = open_discover(booted, lang, phone)
    caption_read(root)  # drawn from the build's answers
    order = root.evaluate("""el => { const box = el.querySelector('.gw-table-box');
        const after = [...el.querySelectorAll('input, select, button, textarea')]
          .filter((c) => box.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);
        return after[0]?.className; }""")
    assert "gw-guess" in order.split()
    rows = list_rows(root)
    expected = sorted((x, y, z) for x in range(9) for y in range(9) for z in range(9)
                      if 3 * y <= x + z and chocolate_p(3, (x, y, z)))
    assert sorted(tuple(map(int, r[:3])) for r in rows) == expected
    assert {r[3] for r in rows} == {"P"}
    root.scroll_into_view_if_needed()
    w.screenshot(f"discover-first-table-{lang}{'-phone' if phone else ''}", root)
    root.locator(".gw-game").select_option("wythoff")
    root.locator(".gw-max").fill("6")
    w.page.wait_for_function("el => el.querySelectorAll('.gw-table-box thead th').length === 8",
                             arg=root.element_handle(), timeout=LOAD_MS, polling=POLL_MS)
    table_drawn(w, root)
    caption_read(root)  # a table the engine drew
    corner, cells = grid_cells(root)
    assert corner == "y \\ x"
    assert cells == {(y, x): "P" if wythoff_p((x, y)) else "N" for x in range(7) for y in range(7)}
    w.screenshot(f"discover-grid-{lang}{'-phone' if phone else ''}", root)
    no_wider_than_the_screen(w)


@pytest.mark.parametrize("lang, phone", SETUPS)
def test_a_wrong_guess_then_a_right_one(booted, lang, phone):
    """A wrong guess: its first counterexample announced and marked in the table; a right
    one after it: only its verdict, the mark gone."""
    w, root = open_discover(booted, lang, phone)
    words = TEXT[lang]
    k3 = grundy.game("chocolate", k=3)
    result = root.locator(".gw-guess-result")
    assert result.get_attribute("aria-live") == "polite"
    root.locator(".gw-guess").fill("x + y == z")
    root.locator(".gw-test").click()
    result.filter(has_text=words["fails"]).wait_for(timeout=LOAD_MS)
    first = check(k3, "x + y == z", max=8, target="P").first_counterexample
    assert "{" + ", ".join(map(str, first)) + "}" in result.text_content()
    assert words["marked"] in result.text_content()
    marked = root.locator(".gw-table-box .gw-counterexample")
    assert marked.count() == 1
    assert marked.evaluate("tr => [...tr.cells].slice(0, 3).map((c) => Number(c.firstChild.textContent))") == list(first)
    assert "gt-miss" in marked.get_attribute("class")
    w.screenshot(f"discover-counterexample-{lang}{'-phone' if phone else ''}", root)
    root.locator(".gw-guess").fill("x ^ y ^ z == 0")
    root.locator(".gw-test").click()
    result.filter(has_text=words["holds"]).wait_for(timeout=STEP_MS)
    assert words["fails"] not in result.text_content()
    assert root.locator(".gw-guess-result").count() == 1
    assert root.locator(".gw-table-box .gw-counterexample, .gw-table-box .gt-miss").count() == 0
    no_wider_than_the_screen(w)


@pytest.mark.parametrize("lang, phone", SETUPS)
def test_a_bad_formula_then_a_good_one(booted, lang, phone):
    """A verdict and a search, then a bad formula: its message beside the field
    (aria-invalid, aria-describedby), the old verdict and the search's answer gone; then a
    good one: the message gone, its verdict."""
    w, root = open_discover(booted, lang, phone)
    words = TEXT[lang]
    field, result = root.locator(".gw-guess"), root.locator(".gw-guess-result")
    field.fill("x ^ y ^ z == 0")
    root.locator(".gw-test").click()
    result.filter(has_text=words["holds"]).wait_for(timeout=LOAD_MS)
    root.locator(".gw-search").click()
    root.locator(".gw-formula").wait_for(timeout=STEP_MS)
    field.fill("x ** 2 == z")
    root.locator(".gw-test").click()
    error = root.locator(".gw-guess-form .gw-field-error")
    error.wait_for(state="visible", timeout=STEP_MS)
    assert field.get_attribute("aria-invalid") == "true"
    described = field.get_attribute("aria-describedby").split()
    assert error.get_attribute("id") in described  # the message, and the example of the syntax
    assert root.locator(".gw-example").get_attribute("id") in described
    assert "x ** 2" in error.text_content()
    assert result.text_content() == "" and root.locator(".gw-discover-out").text_content() == ""
    w.screenshot(f"discover-bad-formula-{lang}{'-phone' if phone else ''}", root)
    field.fill("x ^ y == z")
    assert field.get_attribute("aria-invalid") is None and error.is_hidden()
    root.locator(".gw-test").click()
    result.filter(has_text=words["holds"]).wait_for(timeout=STEP_MS)
    assert error.is_hidden()


def test_a_search_replaces_the_verdict_before_it(booted):
    """A failed guess, then the engine's search: the guess's verdict and mark go."""
    w, root = open_discover(booted, "en", False)
    root.locator(".gw-guess").fill("x + y == z")
    root.locator(".gw-test").click()
    result = root.locator(".gw-guess-result")
    result.filter(has_text="First counterexample").wait_for(timeout=LOAD_MS)
    root.locator(".gw-search").click()
    root.locator(".gw-formula").wait_for(timeout=STEP_MS)
    assert result.text_content() == ""
    assert root.locator(".gw-table-box .gw-counterexample").count() == 0


def test_the_example_is_never_the_answer(booted):
    """The page's own guess (k = 5: x ^ y ^ z == 0, which fails there) is shown as "an
    example of the syntax, not the answer" for that game only: with k = 3 it is the
    theorem, and the example shown then is another formula, one that fails on the table."""
    w, root = booted("discover", "en", path=PAGES["en"])
    widget = w.page.locator("grundy-discover").nth(2)
    widget.scroll_into_view_if_needed()
    table_drawn(w, widget)
    assert widget.locator(".gw-example-formula").text_content() == "x ^ y ^ z == 0"
    widget.locator(".gw-k").fill("3")
    w.page.wait_for_function("el => el.querySelector('.gw-example-formula')?.textContent !== 'x ^ y ^ z == 0'"
                             " && el.querySelector('.gw-table-box table')", arg=widget.element_handle(),
                             timeout=LOAD_MS, polling=POLL_MS)
    example = widget.locator(".gw-example-formula").text_content()
    assert not check(grundy.game("chocolate", k=3), example, max=7, target="P").holds


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_guess_wrong_at_the_first_position(booted, lang):
    """A guess wrong at {0, 0, 0} holds up to nothing: no "holds up to -1"."""
    w, root = booted("discover", lang, path=PAGES[lang])
    table_drawn(w, root)
    result = root.locator(".gw-guess-result")
    root.locator(".gw-guess").fill("x + y == 3")
    root.locator(".gw-test").click()
    result.filter(has_text=TEXT[lang]["fails"]).wait_for(timeout=LOAD_MS)
    assert "{0, 0, 0}" in result.text_content()
    assert "-1" not in result.text_content()
