"""The student's side of an assignment link (issue #49, items 4 and 5) in Chromium.

The page is the student's: with #a= in the address, the document's title and the h1 are the
assignment's ("Assignment" / 「課題」 without one), the teacher's introduction, "How it works"
and the form are hidden (also from the accessibility tree and the table of contents), and a
line says what to do; the plain address is the teacher's page again, also when instant
navigation follows a link there or away. One count of the tasks solved: the progress line,
the hand-in and the printed answer sheet say the same "k of n" after tasks of every kind
were solved (the lessons' progress too, a game won counted). Practice or test, chosen in the
form (practice unless told; a link made before the choice is practice): a test shows no
hints, Explain, answer or game controls, a wrong answer is only "not right" (not "here no
move wins"), a P/N table's wrong cells are not marked, and the answers appear once handed
in; the results page says the mode. Practice is as before. English and Japanese, on a phone
and a desktop.

CLASS_URL=http://127.0.0.1:8742/chocolate-games/ runs it on a site you serve yourself."""

from __future__ import annotations

import base64
import json

import pytest

from tests.browser.test_classroom import (DEVICES, FIND, LOAD_MS, OLD, PLAY, SCREENSHOTS, TABLE, VALUE, assignment,
                                          assignment_link, base, fill_table, state, table_truth, win_game)

__all__ = ["base"]  # the fixture, shared with test_classroom.py

COLD = (1, 2)  # a P-position of Wythoff's game: no move wins from it
TITLES = {"en": ("Make an assignment", "Assignment", "How it works", "Not right."),
          "ja": ("課題を作る", "課題", "しくみ", "正しくありません。")}


def prefix(lang):
    return "ja/" if lang == "ja" else ""


def as_test(compact):
    """The compact assignment as a test (the link's optional "m")."""
    return {**compact, "m": "test"}


def open_link(page, link, n):
    page.goto(link)
    page.wait_for_function(f"document.querySelectorAll('grundy-assignment .cr-task-box').length === {n}",
                           timeout=LOAD_MS)


def h1(page):
    return page.locator(".md-content h1").first.text_content().replace("¶", "").strip()  # (its permalink)


def decode(page, base, code):
    """codec.js's decodeAssignment of `code`, in the page."""
    return page.evaluate("([url, code]) => import(url).then((m) => m.decodeAssignment(code))",
                         [f"{base}assets/classroom/codec.js", code])


def check_teacher_page(page, lang):
    teacher, _, how, _ = TITLES[lang]
    page.wait_for_selector("grundy-assign .cr-make", timeout=LOAD_MS)
    assert h1(page) == teacher and page.title().startswith(f"{teacher} - ")
    assert page.get_by_role("heading", name=how).count() == 1
    assert page.locator(".cr-teacher").first.is_visible()
    assert not page.locator("grundy-assignment").is_visible()


def check_student_page(page, lang, title):
    _, _, how, _ = TITLES[lang]
    page.wait_for_function(f"document.title.startsWith({json.dumps(title + ' - ')})", timeout=LOAD_MS)
    assert h1(page) == title
    assert page.get_by_role("heading", name=how).count() == 0  # not in the accessibility tree
    assert page.locator(".cr-teacher").count() == 2
    assert all(page.locator(".cr-teacher").nth(i).get_attribute("hidden") is not None for i in range(2))
    assert not page.locator("grundy-assign").is_visible()
    assert page.locator(".md-nav--secondary a:visible").count() == 0  # the table of contents ("How it works" only)
    assert page.locator("grundy-assignment .cr-todo").is_visible()
    assert page.locator("grundy-assignment .cr-mode-line").is_visible()


@pytest.mark.browser
@pytest.mark.parametrize("lang,device", [("en", "desktop"), ("ja", "phone")])
def test_the_page_is_the_students(new_page, base, lang, device):
    """The teacher's page without #a=; with it, the student's (titled or not); instant
    navigation to the link and back to the plain address by links."""
    page = new_page(**DEVICES[device])
    page.goto(f"{base}{prefix(lang)}assign/")
    check_teacher_page(page, lang)
    titled = assignment_link(base, assignment("Wythoff week 3", [["grundy-value", "wythoff", {}, list(VALUE)]]), lang)
    open_link(page, titled, 1)
    check_student_page(page, lang, "Wythoff week 3")
    assert "practice" in page.locator("grundy-assignment .cr-mode-line").get_attribute("data-mode")
    untitled = assignment_link(base, assignment("", [["grundy-value", "wythoff", {}, list(VALUE)]]), lang)
    other = new_page(**DEVICES[device], another=True)
    open_link(other, untitled, 1)
    check_student_page(other, lang, TITLES[lang][1])
    # Links followed (Material's instant navigation): from another page to the assignment,
    # then to the plain address, which is the teacher's page again.
    other.goto(f"{base}{prefix(lang)}")
    follow = ("(href) => { const a = document.createElement('a'); a.href = href; a.id = 'cr-test-link';"
              " a.textContent = 'go'; document.querySelector('article').prepend(a); }")
    other.evaluate(follow, titled)
    other.evaluate("window.crSamePage = true")  # gone if a page loads: the links are followed in place
    other.click("#cr-test-link")
    other.wait_for_function("document.querySelectorAll('grundy-assignment .cr-task-box').length === 1", timeout=LOAD_MS)
    check_student_page(other, lang, "Wythoff week 3")
    assert other.evaluate("window.crSamePage") is True
    other.evaluate(follow, f"{base}{prefix(lang)}assign/")
    other.click("#cr-test-link")
    other.wait_for_function("!location.hash", timeout=LOAD_MS)
    check_teacher_page(other, lang)  # (loaded again as the teacher's: the tab forgets the assignment)
    other.reload()  # and it stays the teacher's
    check_teacher_page(other, lang)
    for p in (page, other):
        assert not p.console_errors, p.console_errors
        assert not p.foreign_requests, p.foreign_requests


FIRST_PAINT = """window.__teacherShown = null;
new MutationObserver((_, mo) => {
  const part = document.querySelector('.cr-teacher');
  if (!part) return;
  window.__teacherShown = getComputedStyle(part).display !== 'none';
  mo.disconnect();
}).observe(document, { subtree: true, childList: true });"""


@pytest.mark.browser
def test_the_teacher_text_is_hidden_from_the_first_paint(new_page, base):
    """Opened by the student's link, the teacher's introduction is hidden as soon as it is
    parsed (assign.md's first script and site.css), not only once the module has run; the
    plain address shows it."""
    page = new_page(**DEVICES["phone"])
    page.add_init_script(FIRST_PAINT)
    page.goto(f"{base}ja/assign/")
    page.wait_for_function("window.__teacherShown !== null")
    assert page.evaluate("window.__teacherShown") is True
    link = assignment_link(base, assignment("", [["grundy-value", "wythoff", {}, list(VALUE)]]), "ja")
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function("window.__teacherShown !== null")
    assert page.evaluate("window.__teacherShown") is False


def counts(page):
    """The "k of n" of the progress line, the hand-in and the answer sheet."""
    return [page.locator(f"grundy-assignment {s}").text_content().strip()
            for s in (".cr-progress-text", ".cr-handin-count", ".cr-sheet-count")]


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_one_count_everywhere(new_page, base, lang):
    """A task of every kind solved (a game won too) and one left: the progress line, the
    hand-in, the printed sheet and the lessons' progress all say 4 of 5."""
    win_to = ",".join(map(str, [m["to"] for m in state(FIND)["moves"] if m["outcome"] == "P"][0]))
    compact = assignment("Counted", [["find-move", "wythoff", {}, list(FIND)], ["grundy-value", "wythoff", {}, list(VALUE)],
                                     ["grundy-value", "wythoff", {}, [4, 4]], ["pn-table", "wythoff", {}, [], TABLE],
                                     ["play", "wythoff", {}, list(PLAY), "perfect"]])
    page = new_page(**DEVICES["phone"])
    open_link(page, assignment_link(base, compact, lang), 5)
    assert page.locator("grundy-assignment .cr-progress-text").text_content().strip() == (
        "0 of 5 tasks solved" if lang == "en" else "5 問中 0 問正解")
    find = page.locator("grundy-assignment grundy-exercise[data-kind='find-move']")
    find.scroll_into_view_if_needed()
    find.locator(f".gx-static .move[data-to='{win_to}']").wait_for(state="attached", timeout=LOAD_MS)
    find.locator(f".gx-static .move[data-to='{win_to}']").focus()
    page.keyboard.press("Enter")
    value = page.locator("grundy-assignment grundy-exercise[data-kind='grundy-value']").first
    value.locator(".gx-value").fill(str(state(VALUE)["grundy"]))
    value.locator(".gx-value").press("Enter")
    fill_table(page)
    win_game(page)
    expected = "4 of 5 tasks solved" if lang == "en" else "5 問中 4 問正解"
    page.wait_for_function(f"document.querySelector('grundy-assignment .cr-progress-text').textContent.trim() === '{expected}'",
                           timeout=LOAD_MS)
    page.fill("grundy-assignment .cr-name", "Ada")
    page.click("grundy-assignment .cr-handin-button")
    assert counts(page) == [expected] * 3
    code = page.locator("grundy-assignment .cr-code").input_value().strip()
    lessons = page.evaluate("JSON.parse(localStorage.getItem('grundy-exercises')).lessons")
    mine = [v for k, v in lessons.items() if k.startswith("assign-")]
    assert len(mine) == 1 and mine[0]["total"] == 5  # the lessons' progress: the game is a task too
    assert sum(1 for e in mine[0]["exercises"].values() if e["solved"]) == 4
    page.goto(f"{base}{prefix(lang)}results/#r={code}")  # handed in: the teacher's count agrees
    page.wait_for_function("document.querySelectorAll(\"grundy-results .cr-verdict[data-ok='true']\").length === 4",
                           timeout=LOAD_MS)
    assert page.locator("grundy-results .cr-total").first.text_content().startswith("4 / 5")
    assert not page.console_errors, page.console_errors


TEST_TASKS = [["find-move", "wythoff", {}, list(COLD)], ["grundy-value", "wythoff", {}, list(VALUE)],
              ["pn-table", "wythoff", {}, [], TABLE], ["play", "wythoff", {}, list(PLAY), "perfect"]]


def wrong_tries(page):
    """A wrong move where none wins, a wrong value, a P/N table with a wrong cell: the
    feedback of each."""
    find = page.locator("grundy-assignment grundy-exercise[data-kind='find-move']")
    find.scroll_into_view_if_needed()
    find.locator(".gx-moves option:not([value=''])").first.wait_for(state="attached", timeout=LOAD_MS)
    find.locator(".gx-moves").select_option(index=1)
    find.locator(".gx-check").click()
    page.wait_for_selector("grundy-exercise[data-kind='find-move'] .gx-feedback[data-result='wrong']", timeout=LOAD_MS)
    value = page.locator("grundy-assignment grundy-exercise[data-kind='grundy-value']")
    value.locator(".gx-value").fill("99")
    value.locator(".gx-value").press("Enter")
    page.wait_for_selector("grundy-exercise[data-kind='grundy-value'] .gx-feedback[data-result='wrong']", timeout=LOAD_MS)
    table = page.locator("grundy-assignment grundy-exercise[data-kind='pn-table']")
    table.wait_for(timeout=LOAD_MS)
    table.locator(".gx-static td.gx-cell[data-pos='0,0'] .gx-cellbtn").click()  # (0, 0) is P: N is wrong
    table.locator(".gx-static td.gx-cell[data-pos='0,0'] .gx-cellbtn").click()
    table.locator(".gx-check").click()
    page.wait_for_selector("grundy-exercise[data-kind='pn-table'] .gx-feedback[data-result='wrong']", timeout=LOAD_MS)
    return [page.locator(f"grundy-exercise[data-kind='{k}'] .gx-feedback").text_content().strip()
            for k in ("find-move", "grundy-value", "pn-table")]


HELP = ["grundy-assignment .gx-hint", "grundy-assignment .gx-show", "grundy-assignment .gx-explain",
        "grundy-assignment .gw-hints", "grundy-assignment .gw-undo", "grundy-assignment .gw-game",
        "grundy-assignment .gw-new", "grundy-assignment .gw-level-field", "grundy-assignment .gw-lab"]


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_test_gives_nothing_away(new_page, base, lang):
    """Chosen in the form (practice unless told) and written in the link; the student's page
    says so at the top, offers no help, answers a wrong try with "not right" only, and shows
    the answers once handed in; the result code and the results page carry the mode."""
    page = new_page(**DEVICES["phone"])
    draft = {"title": "Quiz", "due": "", "tasks": [{"kind": "grundy-value", "game": "wythoff", "params": {},
                                                    "pos": list(VALUE), "level": ""}]}
    page.goto(f"{base}{prefix(lang)}assign/")
    page.evaluate("d => localStorage.setItem('grundy-classroom-draft', JSON.stringify(d))", draft)
    page.reload()
    page.wait_for_selector("grundy-assign .cr-make", timeout=LOAD_MS)
    mode = page.locator("grundy-assign fieldset.cr-mode")
    assert mode.locator("legend").text_content().strip() == {"en": "Practice or test", "ja": "練習かテストか"}[lang]
    assert page.locator("grundy-assign .cr-mode-practice").is_checked()  # practice unless told
    page.click("grundy-assign .cr-make")
    practice = page.locator("grundy-assign .cr-link").input_value().split("#a=")[1]
    assert decode(page, base, practice)["mode"] == "practice"
    assert "m" not in json.loads(base64.urlsafe_b64decode(practice[3:] + "==="))  # as links before the modes
    page.locator("grundy-assign .cr-mode-test").check()
    page.click("grundy-assign .cr-make")
    made = page.locator("grundy-assign .cr-link").input_value().split("#a=")[1]
    assert decode(page, base, made)["mode"] == "test"
    old = decode(page, base, OLD)  # a link made before the modes: practice
    assert old["mode"] == "practice" and old["title"] == "Old" and len(old["tasks"]) == 2

    student = new_page(**DEVICES["phone"], another=True)
    open_link(student, assignment_link(base, as_test(assignment("Quiz", TEST_TASKS)), lang), 4)
    line = student.locator("grundy-assignment .cr-mode-line")
    assert line.get_attribute("data-mode") == "test"
    assert line.text_content().startswith({"en": "Test:", "ja": "テスト:"}[lang])
    assert line.evaluate("(e) => e === e.parentElement.firstElementChild")  # at the top
    student.wait_for_selector("grundy-assignment grundy-play[data-locked][data-turn='you']", timeout=LOAD_MS)
    student.wait_for_selector("grundy-assignment grundy-exercise[data-kind='pn-table']", timeout=LOAD_MS)
    for selector in HELP:
        assert student.locator(selector).count() == 0, selector
    said = wrong_tries(student)
    assert said == [TITLES[lang][3]] * 3, said  # no "here no move wins", no cells counted
    assert student.locator("grundy-assignment .gx-wrong").count() == 0  # the table's wrong cell not marked
    assert student.locator("grundy-assignment .gx-answer:visible").count() == 0
    student.screenshot(path=str(SCREENSHOTS / f"test-mode-{lang}-phone.png"), full_page=True)
    student.screenshot(path=str(SCREENSHOTS / f"test-mode-top-{lang}-phone.png"))
    win_game(student)
    assert student.locator("grundy-assignment .gw-reviewbox:visible").count() == 0  # no mistakes marked
    student.fill("grundy-assignment .cr-name", "Ada")
    student.click("grundy-assignment .cr-handin-button")
    student.wait_for_function("document.querySelectorAll('grundy-assignment .gx-answer:not([hidden])[open]').length === 3",
                              timeout=LOAD_MS)
    student.wait_for_function(  # the find-move's answer: no move wins, from the engine
        "document.querySelector(\"grundy-exercise[data-kind='find-move'] .gx-answer\").textContent.includes("
        f"{json.dumps({'en': 'no winning move', 'ja': '勝つ手はない'}[lang])})", timeout=LOAD_MS)
    code = student.locator("grundy-assignment .cr-code").input_value().strip()
    assert ({"en": "Mode: test", "ja": "形式: テスト"}[lang]
            in student.locator("grundy-assignment .cr-sheet-summary").text_content())
    student.screenshot(path=str(SCREENSHOTS / f"test-mode-handed-in-{lang}-phone.png"), full_page=True)
    student.reload()  # handed in: the answers stay shown
    student.wait_for_function("document.querySelectorAll('grundy-assignment .gx-answer:not([hidden])[open]').length === 3",
                              timeout=LOAD_MS)

    page.goto(f"{base}{prefix(lang)}results/#r={code}")
    page.wait_for_selector("grundy-results .cr-mode-of", timeout=LOAD_MS)
    assert page.locator("grundy-results .cr-mode-of").text_content() == {"en": "Mode: test", "ja": "形式: テスト"}[lang]
    assert page.locator("grundy-results .cr-mode-of").get_attribute("data-mode") == "test"
    for p in (page, student):
        assert not p.console_errors, p.console_errors
        assert not p.foreign_requests, p.foreign_requests


@pytest.mark.browser
def test_practice_as_before(new_page, base):
    """The same tasks for practice: hints, the answer, Explain and the game's controls are
    there, and a wrong try where no move wins says so."""
    page = new_page(**DEVICES["phone"])
    open_link(page, assignment_link(base, assignment("Drill", TEST_TASKS)), 4)
    assert page.locator("grundy-assignment .cr-mode-line").get_attribute("data-mode") == "practice"
    page.wait_for_selector("grundy-assignment grundy-play[data-turn='you']", timeout=LOAD_MS)
    page.wait_for_selector("grundy-assignment grundy-exercise[data-kind='pn-table']", timeout=LOAD_MS)
    for selector in HELP:
        assert page.locator(selector).count() >= 1, selector
    said = wrong_tries(page)
    assert "no move wins" in said[0] and "Try again, or take a hint" in said[1] and "wrong" in said[2].lower(), said
    assert page.locator("grundy-assignment .gx-wrong").count() == 1
    assert page.locator("grundy-assignment grundy-play[data-locked]").count() == 0
    assert not page.console_errors, page.console_errors


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_test_game_ends_without_its_rule(new_page, base, lang):
    """A test's game against a bot, once over, does not show the bot's rule: the rule of "Nim
    on two coordinates" states the triangular chocolate's P-positions (x ⊕ y ⊕ z = 0), the
    answer to the test's other tasks; nor a level suggested, which a test cannot choose.
    The same game for practice shows the rule (as before)."""
    task = ["play", "chocolate", {"k": 3}, [1, 0, 0], "two-coordinates"]  # the move to {0, 0, 0} wins at once
    for compact, shown in ((as_test(assignment("Quiz", [task])), False), (assignment("Drill", [task]), True)):
        page = new_page(**DEVICES["phone"], another=True)
        open_link(page, assignment_link(base, compact, lang), 1)
        game = page.locator("grundy-assignment grundy-play[data-level='two-coordinates'][data-turn='you']")
        game.wait_for(timeout=LOAD_MS)
        game.locator(".move[data-to='0,0,0']").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("grundy-assignment grundy-play[data-winner='you']", timeout=LOAD_MS)
        note = page.locator("grundy-assignment .gw-botnote")
        assert note.is_visible() is shown, note.text_content()
        if not shown:
            assert page.locator("grundy-assignment grundy-play").get_by_text("⊕").count() == 0
            status = page.locator("grundy-assignment grundy-play .gw-status").text_content()
            assert "Perfect" not in status and "完全" not in status, status  # no level suggested
        assert page.locator("grundy-assignment .cr-won").is_visible()  # the game is won all the same
        assert not page.console_errors, page.console_errors
        page.close()  # (the next reader's page shares its context: nothing written after its storage is cleared)


@pytest.mark.browser
def test_a_test_handed_in_is_closed(new_page, base):
    """Once a test is handed in its answers are shown: what the student does then is not
    recorded, so a second hand-in (a name mistyped) gives the same results as the first, the
    wrong answer still wrong and no task flagged "answer shown" (the student handed in
    before seeing any)."""
    page = new_page(**DEVICES["phone"])
    open_link(page, assignment_link(base, as_test(assignment("Quiz", [["grundy-value", "wythoff", {}, list(VALUE)]]))), 1)
    value = page.locator("grundy-assignment grundy-exercise[data-kind='grundy-value']")
    value.locator(".gx-value").fill("99")
    value.locator(".gx-value").press("Enter")
    page.wait_for_selector("grundy-exercise .gx-feedback[data-result='wrong']", timeout=LOAD_MS)
    page.fill("grundy-assignment .cr-name", "Ada")
    page.click("grundy-assignment .cr-handin-button")
    first = page.locator("grundy-assignment .cr-code").input_value().strip()
    page.wait_for_selector("grundy-assignment .gx-answer:not([hidden])[open]", timeout=LOAD_MS)
    value.locator(".gx-value").fill(str(state(VALUE)["grundy"]))  # the answer now in view
    value.locator(".gx-value").press("Enter")
    page.wait_for_selector("grundy-exercise .gx-feedback[data-result='right']", timeout=LOAD_MS)
    page.fill("grundy-assignment .cr-name", "Ada L.")
    page.click("grundy-assignment .cr-handin-button")
    page.wait_for_function(f"document.querySelector('grundy-assignment .cr-code').value.trim() !== {json.dumps(first)}",
                           timeout=LOAD_MS)
    second = page.locator("grundy-assignment .cr-code").input_value().strip()
    read = [page.evaluate("([url, code]) => import(url).then((m) => m.decodeResult(code))",
                          [f"{base}assets/classroom/codec.js", code]) for code in (first, second)]
    assert read[1]["name"] == "Ada L."
    assert read[0]["results"] == read[1]["results"], read
    assert read[1]["results"][0]["solved"] is False and read[1]["results"][0]["shown"] is False
    assert "1 of 1" not in page.locator("grundy-assignment .cr-progress-text").text_content()
    assert not page.console_errors, page.console_errors
