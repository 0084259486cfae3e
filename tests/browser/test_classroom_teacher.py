"""The teacher's side of the classroom (issue 49, item 7), as a teacher preparing a class
finds it: the first "Add the task" shows the engine's load at once beside the button (its
files held back here, as on a slow network) and adds the task once it has loaded, a second
click adding nothing; a failed load offers Try again, which adds the task; a task already in
the list is refused, saying which task it repeats; the results of five tasks fit a desktop
without a sideways scroll, and on a phone the table scrolls with the names kept in view; a
wrong P/N table shows which cells are wrong, by the engine's own table. English on a
desktop, Japanese on a phone."""

from __future__ import annotations

import pytest

from test_classroom import (DEVICES, FIND, LOAD_MS, PLAY, SCREENSHOTS, TABLE, VALUE, add_task, assignment,  # noqa: F401
                            base, read_codes, result_v3, state, table_truth)
from test_first_moves import ENGINE_FILES

WIDE = {"viewport": {"width": 1280, "height": 800}}
PLACES = [("en", "desktop"), ("ja", "phone")]
WORDS = {"en": {"loading": "Loading", "added": "Task 1 added", "same": "already in the list, as task 1",
                "wrong": "2 wrong: {0, 1}, {2, 2}; 1 blank", "cell": "wrong"},
         "ja": {"loading": "読み込", "added": "課題 1 を加えました", "same": "すでに課題 1 としてリストにあります",
                "wrong": "誤り 2 マス: {0, 1}, {2, 2}、空欄 1 マス", "cell": "誤り"}}
HAND_IN = 1_795_000_000


def open_form(page, base, lang):
    page.goto(f"{base}{'ja/' if lang == 'ja' else ''}assign/")
    page.wait_for_selector("grundy-assign .cr-add", timeout=LOAD_MS)
    page.select_option("grundy-assign .gw-game", "wythoff")
    page.select_option("grundy-assign .cr-kind", "find-move")
    page.fill("grundy-assign .cr-pos", " ".join(map(str, FIND)))


def tasks(page) -> int:
    return page.locator("grundy-assign .cr-task").count()


@pytest.mark.browser
@pytest.mark.parametrize("lang,device", PLACES)
def test_first_task_shows_the_engine_loading(new_page, base, lang, device):
    """The engine's files held back: a moment after the click the load's progress is beside
    the button (a live status with a progress bar), the button says it is busy and a second
    click adds nothing; once the files come, the task is added, once, and the status goes."""
    page = new_page(fresh=True, **DEVICES[device])  # its own routes and an empty cache
    held, released = [], []
    for pattern in ENGINE_FILES:  # held back until released (as on a slow network)
        page.context.route(pattern, lambda route: route.continue_() if released else held.append(route))
    open_form(page, base, lang)
    page.evaluate("""() => { window.__said = []; const box = document.querySelector('grundy-assign .cr-engine-box');
        new MutationObserver(() => window.__said.push(box.textContent)).observe(box, { subtree: true, childList: true, characterData: true }); }""")
    page.evaluate("""() => addEventListener('click', () => { window.__atClick =  // (after the button's own handlers)
        Boolean(document.querySelector("grundy-assign .cr-engine-box .cr-engine[role='status']")); }, { once: true })""")
    page.click("grundy-assign .cr-add")
    assert page.evaluate("window.__atClick") is True  # at once: in the click's own task, whatever the machine's load
    status = page.locator("grundy-assign .cr-engine-box .cr-engine[role='status']")
    assert WORDS[lang]["loading"] in status.text_content()
    assert status.locator("progress").count() == 1
    assert page.locator("grundy-assign .cr-add").get_attribute("aria-disabled") == "true"
    page.click("grundy-assign .cr-add", force=True)  # impatient: a second click while it waits
    page.screenshot(path=str(SCREENSHOTS / f"teacher-engine-loading-{lang}-{device}.png"), full_page=False)
    assert tasks(page) == 0
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_function("document.querySelectorAll('grundy-assign .cr-task').length === 1", timeout=LOAD_MS)
    page.wait_for_selector("grundy-assign .cr-engine-box:empty", state="attached", timeout=LOAD_MS)
    assert WORDS[lang]["added"] in page.locator("grundy-assign .cr-said").text_content()
    assert page.locator("grundy-assign .cr-add").get_attribute("aria-disabled") is None
    assert tasks(page) == 1  # the second click added nothing
    assert any("MB" in said for said in page.evaluate("window.__said")), page.evaluate("window.__said")
    assert not page.console_errors, page.console_errors


@pytest.mark.browser
def test_failed_load_offers_try_again(new_page, base):
    """The engine's files refused: the failure and Try again beside the button, no error on
    the position (it is not the position's fault); Try again loads it and adds the task."""
    page = new_page(fresh=True, **DEVICES["desktop"])
    for pattern in ENGINE_FILES:
        page.context.route(pattern, lambda route: route.abort())
    open_form(page, base, "en")
    page.click("grundy-assign .cr-add")
    page.wait_for_selector("grundy-assign .cr-engine-box .gw-retry", timeout=LOAD_MS)
    assert "could not be loaded" in page.locator("grundy-assign .cr-engine-box").text_content()
    assert page.locator("grundy-assign .cr-pos").get_attribute("aria-invalid") is None
    assert tasks(page) == 0
    for pattern in ENGINE_FILES:
        page.context.unroute(pattern)
    page.click("grundy-assign .cr-engine-box .gw-retry")
    page.wait_for_function("document.querySelectorAll('grundy-assign .cr-task').length === 1", timeout=LOAD_MS)
    page.wait_for_selector("grundy-assign .cr-engine-box:empty", state="attached", timeout=LOAD_MS)
    page.console_errors.clear()  # the refused files are logged by the browser


@pytest.mark.browser
@pytest.mark.parametrize("lang,device", PLACES)
def test_same_task_refused(new_page, base, lang, device):
    """A task already in the list, written otherwise ("7, 9" for 7 9), is refused next to the
    button, saying which task it is, the list's task marked and the form kept; another
    position is then added. The same for a P/N table with the same bound."""
    page = new_page(**DEVICES[device])
    open_form(page, base, lang)
    add_task(page, "find-move", FIND)
    add_task(page, "grundy-value", VALUE)
    page.select_option("grundy-assign .cr-kind", "find-move")
    page.fill("grundy-assign .cr-pos", "%d, %d" % FIND)
    page.click("grundy-assign .cr-add")
    note = page.locator("grundy-assign .cr-same[role='alert']")
    note.wait_for()
    assert WORDS[lang]["same"] in note.text_content()
    assert tasks(page) == 2
    assert page.locator("grundy-assign .cr-pos").input_value() == "%d, %d" % FIND  # nothing lost
    assert page.locator("grundy-assign .cr-task").nth(0).evaluate("li => li.classList.contains('cr-task-same')")
    page.screenshot(path=str(SCREENSHOTS / f"teacher-same-task-{lang}-{device}.png"), full_page=False)
    add_task(page, "find-move", (FIND[0], FIND[1] - 1))  # another position: added, the note gone
    assert not note.is_visible() and tasks(page) == 3
    assert page.locator("grundy-assign .cr-task-same").count() == 0
    add_task(page, "pn-table", TABLE)
    page.fill("grundy-assign .cr-max", str(TABLE))
    page.click("grundy-assign .cr-add")
    note.wait_for()
    assert WORDS[lang]["same"].replace("1", "4") in note.text_content()
    assert tasks(page) == 4
    assert not page.console_errors, page.console_errors


# ---- the results page -------------------------------------------------------------------

FIVE = assignment("Wythoff: five tasks", [["find-move", "wythoff", {}, list(FIND)],
                                          ["grundy-value", "wythoff", {}, list(VALUE)],
                                          ["pn-table", "wythoff", {}, [], TABLE],
                                          ["play", "wythoff", {}, list(PLAY), "perfect"],
                                          ["grundy-value", "wythoff", {}, [4, 6]]])
NAMES = {"en": ["Aiko Tanaka", "Benjamin Okonkwo-Smith", "Chloé Dubois", "Dmitri Ivanovich Petrov", "Emma", "Farid"],
         "ja": ["田中 愛子", "佐藤 健太郎", "鈴木 花", "高橋 大輔", "伊藤 さくら", "渡辺 翔"]}
WRONG = ("0,1", "2,2")  # the cells a student gets wrong (flipped)
BLANK = "1,0"           # and one left blank


def wrong_table() -> str:
    """The table's letters (positions in lexicographic order) with WRONG flipped and BLANK blank."""
    truth = table_truth()
    flip = {"P": "N", "N": "P"}
    return "".join("-" if k == BLANK else flip[truth[k]] if k in WRONG else truth[k] for k in sorted(truth))


def class_codes(lang) -> list[str]:
    """Six students' codes of FIVE: right, wrong and unanswered tasks, long answers."""
    truth = table_truth()
    right_table = "".join(truth[k] for k in sorted(truth))
    win = ",".join(map(str, next(m["to"] for m in state(FIND)["moves"] if m["outcome"] == "P")))
    g, g2 = (str(state(p)["grundy"]) for p in (VALUE, (4, 6)))
    rows = [[[win, 1, 0, 0, 1], [g, 1, 0, 0, 1], [right_table, 1, 0, 0, 1], ["0.1>0.0", 1, 0, 0, 1], [g2, 2, 1, 0, 1]],
            [["none", 3, 2, 0, 0], ["7", 2, 1, 0, 0], [wrong_table(), 2, 0, 0, 1], ["", 0, 0, 0, 0], ["", 0, 0, 0, 0]]]
    return [result_v3(name, FIVE, rows[i % 2], HAND_IN + i) for i, name in enumerate(NAMES[lang])]


def open_results(page, base, lang, codes):
    page.goto(f"{base}{'ja/' if lang == 'ja' else ''}results/")
    page.wait_for_selector("grundy-results .cr-read", timeout=LOAD_MS)
    read_codes(page, "\n".join(codes))
    page.wait_for_function(f"document.querySelectorAll('grundy-results tr[data-student]').length === {len(codes)}",
                           timeout=LOAD_MS)
    page.wait_for_function("!document.querySelector('grundy-results .cr-table td[data-state=\"checking\"]')", timeout=LOAD_MS)


@pytest.mark.browser
@pytest.mark.parametrize("lang,device", PLACES)
def test_five_tasks_fit_the_page(new_page, base, lang, device):
    """Five tasks, six students: on a 1280-wide desktop every task's column is in view, with
    no sideways scroll; on a phone the page does not scroll sideways, the table does (by
    keyboard too: a named region), and the names stay in view."""
    page = new_page(**(WIDE if device == "desktop" else DEVICES[device]))
    open_results(page, base, lang, class_codes(lang))
    box = page.locator("grundy-results .cr-table-scroll")
    assert box.get_attribute("role") == "region" and box.get_attribute("aria-label")
    sizes = box.evaluate("b => ({ scroll: b.scrollWidth, client: b.clientWidth, right: b.getBoundingClientRect().right, "
                         "heads: [...b.querySelectorAll(':scope > table > thead > tr > th')].map((th) => th.getBoundingClientRect().right), "
                         "page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth })")
    assert len(sizes["heads"]) == 7, sizes
    assert sizes["page"] <= sizes["view"], sizes  # the page never scrolls sideways
    if device == "desktop":
        assert sizes["scroll"] <= sizes["client"], sizes
        assert max(sizes["heads"]) <= sizes["right"] + 1, sizes
    else:
        assert sizes["scroll"] > sizes["client"], sizes  # the table scrolls...
        box.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("document.querySelector('grundy-results .cr-table-scroll').scrollLeft > 0")
        box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
        name = page.locator("grundy-results tr[data-student] th").first
        page.wait_for_function("(b) => b.scrollLeft + b.clientWidth >= b.scrollWidth - 1", arg=box.element_handle())
        left, name_left = box.bounding_box()["x"], name.bounding_box()["x"]
        assert abs(name_left - left) < 2, (name_left, left)  # ...the names kept in view
    page.screenshot(path=str(SCREENSHOTS / f"teacher-results-five-{lang}-{device}.png"), full_page=True)
    assert not page.console_errors, page.console_errors


@pytest.mark.browser
@pytest.mark.parametrize("lang,device", PLACES)
def test_wrong_table_shows_its_wrong_cells(new_page, base, lang, device):
    """A P/N table with two cells wrong and one blank, claimed solved: the engine's table
    marks exactly those two (✗, and "wrong" for a screen reader), says which, and counts the
    blank; a right table has no grid."""
    page = new_page(**(WIDE if device == "desktop" else DEVICES[device]))
    codes = class_codes(lang)[:2]
    open_results(page, base, lang, codes)
    wrong_student = page.locator(f"grundy-results tr[data-student='{NAMES[lang][1]}'] td[data-task='2']")
    right_student = page.locator(f"grundy-results tr[data-student='{NAMES[lang][0]}'] td[data-task='2']")
    assert wrong_student.get_attribute("data-state") == "unverified"  # claimed, not counted
    grid = wrong_student.locator(".cr-wrong-cells")
    grid.wait_for(timeout=LOAD_MS)
    assert grid.locator(".cr-wrong-summary").text_content() == WORDS[lang]["wrong"]
    marked = grid.locator("td.cr-cell-wrong").evaluate_all("tds => tds.map((td) => td.dataset.pos)")
    assert sorted(marked) == sorted(WRONG)
    for pos in WRONG:
        cell = grid.locator(f"td[data-pos='{pos}']")
        assert cell.locator(".cr-x").text_content() == "✗"
        assert cell.locator(".cr-sr").text_content().strip() == WORDS[lang]["cell"]
    assert grid.locator(f"td.cr-cell-blank[data-pos='{BLANK}']").count() == 1
    assert grid.locator("td.cr-cell-right").count() == len(table_truth()) - 3
    assert grid.locator(".cr-x").count() == 2
    assert right_student.get_attribute("data-state") == "verified" and right_student.locator(".cr-wrong-cells").count() == 0
    wrong_student.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"teacher-wrong-table-{lang}-{device}.png"), full_page=False)
    assert not page.console_errors, page.console_errors
