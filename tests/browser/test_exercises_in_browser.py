"""Exercises (<grundy-exercise>) and the play widget's Explain button, in Chromium: a wrong
then a right winning move (feedback, the number of winning moves), progress kept across a
reload, teacher mode, export and import, the P/N table with its rules, and the engine's
move in the Explain panel; at 1280 x 900 and at 390 x 844 with touch, English and Japanese,
light and dark (screenshots in artifacts/screenshots/exercises/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from widgetkit import AXE, LOAD_MS, STEP_MS, wait_turn

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots" / "exercises"
VIEWS = [("en", "light", False), ("ja", "dark", True)]
IDS = ["desktop-en-light", "phone-ja-dark"]


def page_url(widget_server, lang, page):
    return widget_server + ("ja/" if lang == "ja" else "") + page + "/"


def open_exercise(watched, widget_server, widget_site, lang, scheme, phone, page, selector):
    """A fresh page on the lesson, the exercise scrolled into view and its engine started."""
    w = watched(scheme, phone)
    w.page.goto(page_url(widget_server, lang, page))
    ex = w.page.locator(f"grundy-exercise{selector}").first
    ex.scroll_into_view_if_needed()
    w.page.wait_for_function("el => el.dataset.ready === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    ex.locator(".gx-question").click()
    return w, ex


def shot(locator, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


def feedback(page, ex, before=None):
    """The feedback after an attempt (waits for a new one when `before` is given)."""
    page.wait_for_function(
        "([el, before]) => { const f = el.querySelector('.gx-feedback');"
        " return f.dataset.result && f.textContent !== before; }",
        arg=[ex.element_handle(), before], timeout=LOAD_MS)
    box = ex.locator(".gx-feedback")
    return box.get_attribute("data-result"), box.inner_text()


def assert_progress(page, words):
    """The lesson's progress panel says `words` when the reader scrolls to it (off-screen,
    the browser may skip rendering it, and it has no text then)."""
    panel = page.locator(".gx-progress").first
    panel.scroll_into_view_if_needed()
    expect(panel).to_contain_text(words, timeout=STEP_MS)


# The cells after the first row are set by the same button's click() in one call: a
# click per cell through Playwright is a round trip each (64 cells, twice, were a minute).
FILL = """(el, [want, start]) => [...el.querySelectorAll("td.gx-cell")].slice(start).forEach((cell) => {
  for (let i = 0; i < 3 && cell.dataset.value !== want[cell.dataset.pos]; i++) cell.querySelector("button").click();
})"""


def fill_cells(ex, want, press, by_hand=8):
    """Answer every cell of a P/N table: want[pos] ("P" or "N") for each cell's data-pos
    ("0,0,0"); the first `by_hand` cells by the reader's clicks or taps (press)."""
    cells = ex.locator("td.gx-cell")
    for i in range(by_hand):
        cell = cells.nth(i)
        while cell.get_attribute("data-value") != want[cell.get_attribute("data-pos")]:
            press(cell)
    ex.evaluate(FILL, [want, by_hand])
    wrong = ex.evaluate("(el, want) => [...el.querySelectorAll('td.gx-cell')]"
                        ".filter((c) => c.dataset.value !== want[c.dataset.pos]).length", want)
    assert wrong == 0


# Resolves once the element has kept its place for three frames (at most two seconds).
STEADY = """async (el) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let last = "";
  for (let same = 0, n = 0; same < 3 && n < 120; n++) {
    await frame();
    const r = el.getBoundingClientRect(), now = `${r.top} ${r.left}`;
    same = now === last ? same + 1 : 0;
    last = now;
  }
}"""


def choose_rule(rules, name, verdict):
    """Choose the rule labelled `name` in the rules' box (its radio button must end up
    checked: a click that lands elsewhere fails here) and wait for the verdict's words.
    The box is scrolled to and left to settle first: blocks above it laid out only when
    scrolled to (content-visibility) can move it between the click's aim and the click
    (the button stayed unchecked once on a reloaded phone page in a full run)."""
    rules.scroll_into_view_if_needed()
    rules.evaluate(STEADY)
    rules.locator("label", has_text=name).first.locator("input").check()
    expect(rules.locator(".gx-verdict")).to_contain_text(verdict, timeout=STEP_MS)


def wait_moves(page, ex):
    page.wait_for_function("el => el.querySelector('select.gx-moves').options.length > 1",
                           arg=ex.element_handle(), timeout=LOAD_MS)


@pytest.mark.parametrize("lang,scheme,phone", VIEWS, ids=IDS)
def test_find_move_wrong_then_right_and_progress(watched, widget_server, widget_site, lang, scheme, phone):
    w, ex = open_exercise(watched, widget_server, widget_site, lang, scheme, phone, "wythoff",
                          "[data-kind=find-move]")
    page = w.page
    assert ex.get_attribute("data-pos") == "7 9"
    wait_moves(page, ex)
    assert ex.locator(".gx-show").is_disabled()
    assert not ex.locator(".gx-answer").is_visible()  # the answer opens after an attempt
    ex.locator("select.gx-moves").select_option("6,9")
    ex.locator(".gx-check").click()
    result, text = feedback(page, ex)
    assert result == "wrong"
    assert ("Not a winning move" if lang == "en" else "勝つ手ではありません") in text
    assert "{6, 9}" in text and not ex.locator(".gx-show").is_disabled()
    ex.locator("select.gx-moves").select_option("7,4")
    ex.locator(".gx-check").click()
    result, text = feedback(page, ex, text)
    assert result == "right"
    assert ("2 winning moves" in text and "found 1" in text) if lang == "en" else \
        ("2 通り" in text and "1 通り見つけました" in text)
    assert ex.locator(".gx-badge").is_visible()
    shot(ex, f"find-move-{lang}-{scheme}{'-phone' if phone else ''}")

    page.reload()
    ex = page.locator("grundy-exercise[data-kind=find-move]").first
    page.wait_for_function("el => el.dataset.ready === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    assert ex.get_attribute("data-solved") == "true"
    assert_progress(page, "1 of 4" if lang == "en" else "4 問中 1 問")
    ex.scroll_into_view_if_needed()
    ex.locator(".gx-question").click()
    wait_moves(page, ex)
    assert ex.locator(".gx-chip").count() == 1  # the move found before the reload
    if not phone:  # pick the other winning move on the board itself
        move = ex.locator("svg .move[data-to='3,5']").first
        move.evaluate("el => el.scrollIntoView({block: 'center'})")  # clear of the sticky header
        box = move.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert ex.locator("select.gx-moves").input_value() == "3,5"
        ex.locator(".gx-check").click()
        result, text = feedback(page, ex)
        assert result == "right" and "You have found all 2" in text


@pytest.mark.parametrize("lang,scheme,phone", VIEWS, ids=IDS)
def test_no_winning_move_hints_and_teacher_mode(watched, widget_server, widget_site, lang, scheme, phone):
    w, ex = open_exercise(watched, widget_server, widget_site, lang, scheme, phone,
                          "chocolate-and-nim", "[data-game=nim]")
    page = w.page
    wait_moves(page, ex)
    ex.locator(".gx-hint").click()
    page.wait_for_function("el => el.querySelectorAll('.gx-hints li').length === 1",
                           arg=ex.element_handle(), timeout=STEP_MS)
    assert ex.locator(".gx-hints table.gx-binary").count() == 1  # the heaps in binary
    ex.locator(".gx-none").click()
    result, text = feedback(page, ex)
    assert result == "right" and "{1, 2, 3}" in text
    answers = page.locator("grundy-exercise .gx-answer")
    assert answers.count() == 3 and not answers.nth(0).is_visible()
    page.locator(".gx-teacher input").check()
    for i in range(answers.count()):
        assert answers.nth(i).is_visible() and answers.nth(i).get_attribute("open") is not None
    shot(page.locator(".gx-progress").first, f"progress-{lang}-{scheme}{'-phone' if phone else ''}")
    shot(ex, f"no-move-{lang}-{scheme}{'-phone' if phone else ''}")


def test_export_and_import(watched, widget_server, widget_site, tmp_path):
    w, ex = open_exercise(watched, widget_server, widget_site, "en", "light", False,
                          "chocolate-and-nim", "[data-game=rect]")
    page = w.page
    lesson, key = ex.get_attribute("data-lesson"), ex.get_attribute("data-id")
    with page.expect_download() as download:
        page.locator(".gx-export").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["format"] == "grundy-exercises/1" and exported["lessons"][lesson]["total"] == 3
    exported["lessons"][lesson]["exercises"][key] = {"solved": True, "attempts": 1, "hints": 0, "found": []}
    bad, good = tmp_path / "bad.json", tmp_path / "progress.json"
    bad.write_text('{"hello": 1}')
    good.write_text(json.dumps(exported))
    page.locator(".gx-progress input[type=file]").set_input_files(str(bad))
    page.wait_for_function("() => document.querySelector('.gx-progress .gx-note').textContent", timeout=STEP_MS)
    assert "not a progress file" in page.locator(".gx-progress .gx-note").inner_text()
    page.locator(".gx-progress input[type=file]").set_input_files(str(good))
    page.wait_for_function("el => el.dataset.solved === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    assert_progress(page, "1 of 3")


@pytest.mark.parametrize("lang,scheme,phone", VIEWS, ids=IDS)
def test_pn_table_and_rules(watched, widget_server, widget_site, lang, scheme, phone):
    w, ex = open_exercise(watched, widget_server, widget_site, lang, scheme, phone,
                          "triangular-chocolate", "[data-kind=pn-table]")
    page = w.page
    table = page.evaluate("() => grundyEngine.request({op: 'table', game: 'chocolate', params: {k: 3}, max: 6})")
    truth = {",".join(map(str, r[:3])): r[3] == 0 for r in table["rows"]}
    cells = ex.locator("td.gx-cell")
    first = cells.nth(0).get_attribute("data-pos")
    cells.nth(0).locator("button").click()  # P
    cells.nth(0).locator("button").click()  # N: wrong, {0, 0, 0} is a P-position
    ex.locator(".gx-check").click()
    result, text = feedback(page, ex)
    assert first == "0,0,0" and result == "wrong" and "1" in text
    assert cells.nth(0).get_attribute("class").split().count("gx-wrong") == 1
    fill_cells(ex, {pos: "P" if p else "N" for pos, p in truth.items()},
               (lambda c: c.locator("button").tap()) if phone else (lambda c: c.locator("button").click()))
    ex.locator(".gx-check").click()
    result, text = feedback(page, ex, text)
    assert result == "right" and str(cells.count()) in text
    rules = ex.locator(".gx-rules")
    assert rules.is_visible()
    choose_rule(rules, "x ⊕ y ⊕ z = 0", "30")
    choose_rule(rules, "x = z", "{2, 1, 2}")
    shot(ex, f"pn-table-{lang}-{scheme}{'-phone' if phone else ''}")


@pytest.mark.parametrize("lang,scheme,phone", VIEWS, ids=IDS)
def test_explain_panel_shows_the_engines_move(watched, widget_server, widget_site, lang, scheme, phone):
    w = watched(scheme, phone)
    page = w.page
    page.goto(page_url(widget_server, lang, "triangular-chocolate"))
    play = page.locator("grundy-play").first
    play.scroll_into_view_if_needed()
    assert wait_turn(page, play) == "you"
    pos = [int(c) for c in play.get_attribute("data-pos").split(",")]
    state = page.evaluate("pos => grundyEngine.request({op: 'state', game: 'chocolate', params: {k: 3}, pos})", pos)
    button = play.locator("button.gx-explain")
    button.scroll_into_view_if_needed()
    (button.tap if phone else button.click)()
    body = play.locator(".gx-explain-body")
    page.wait_for_function("el => el.dataset.move !== undefined", arg=body.element_handle(), timeout=LOAD_MS)
    assert body.get_attribute("data-move") == ",".join(map(str, state["winning"]))
    assert body.get_attribute("data-kind") == "theorem"
    assert body.locator("table.gx-binary").count() == 1
    assert ("The winning move" if lang == "en" else "勝つ手") in body.inner_text()
    shot(play.locator(".gx-explain-box"), f"explain-{lang}-{scheme}{'-phone' if phone else ''}")
    play.locator(".gw-board .move").first.focus()  # a move by the reader empties the panel
    page.keyboard.press("Enter")
    page.wait_for_function("el => el.hidden", arg=play.locator(".gx-explain-panel").element_handle(),
                           timeout=STEP_MS)


def test_axe_no_serious_violations(watched, widget_server, widget_site):
    """Every kind of exercise and the progress panel, after the engine has answered."""
    w, ex = open_exercise(watched, widget_server, widget_site, "en", "light", False,
                          "triangular-chocolate", "[data-kind=find-move]")
    page = w.page
    wait_moves(page, ex)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("""async () => {
        const r = await axe.run({include: [['grundy-exercise'], ['.gx-progress']]},
                                {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,
                                      where: v.nodes.slice(0, 2).map(n => n.target.join(' '))}));
    }""")
    assert not [v for v in result if v["impact"] in ("serious", "critical")], result


@pytest.mark.parametrize("lang,scheme,phone", VIEWS, ids=IDS)
def test_discovery_table_in_misere_play(watched, widget_server, widget_site, lang, scheme, phone):
    """The misère Nim discovery table (before the theorem): wrong cells marked, the hints
    (misère's own first hint), solved, kept across a reload, then the rules."""
    import grundy

    w, ex = open_exercise(watched, widget_server, widget_site, lang, scheme, phone, "misere",
                          "[data-kind=pn-table]")
    page = w.page
    assert ex.get_attribute("data-misere") == "true"
    nim = grundy.game("nim", heaps=3)
    cells = ex.locator("td.gx-cell")
    assert cells.count() == 64
    press = (lambda c: c.locator("button").tap()) if phone else (lambda c: c.locator("button").click())
    first = cells.nth(0)
    assert first.get_attribute("data-pos") == "0,0,0"
    press(first)  # P: wrong, in misère play the empty position is an N-position
    ex.locator(".gx-check").click()
    result, text = feedback(page, ex)
    assert result == "wrong" and ("63" in text) and "gx-wrong" in first.get_attribute("class")
    ex.locator(".gx-hint").click()
    page.wait_for_function("el => el.querySelectorAll('.gx-hints li').length === 1",
                           arg=ex.element_handle(), timeout=STEP_MS)
    assert ("misère" if lang == "en" else "ミゼール") in ex.locator(".gx-hints li").first.inner_text()
    assert ex.locator(".gx-hint").inner_text().endswith("3")  # "Hint 2 of 3"
    positions = ex.evaluate("el => [...el.querySelectorAll('td.gx-cell')].map((c) => c.dataset.pos)")
    fill_cells(ex, {pos: nim.outcome(tuple(map(int, pos.split(","))), misere=True) for pos in positions}, press)
    ex.locator(".gx-check").click()
    result, text = feedback(page, ex, text)
    assert result == "right" and "64" in text and ex.locator(".gx-badge").is_visible()
    page.reload()
    ex = page.locator("grundy-exercise[data-kind=pn-table]").first
    page.wait_for_function("el => el.dataset.ready === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    assert ex.get_attribute("data-solved") == "true"
    assert ex.locator("td.gx-cell[data-value='N']").count() == 64 - ex.locator("td.gx-cell[data-value='P']").count()
    assert_progress(page, "1 of" if lang == "en" else "問中 1 問")
    rules = ex.locator(".gx-rules")
    assert rules.is_visible()
    choose_rule(rules, "h1 ⊕ h2 ⊕ h3 = 0", "{0, 0, 0}")
    ex.scroll_into_view_if_needed()
    shot(ex, f"discovery-misere-{lang}-{scheme}{'-phone' if phone else ''}")
