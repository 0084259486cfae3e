"""The classroom without a server (issues #27, #37) in Chromium: a teacher makes an assignment
(docs/assign.md; the form's draft survives a reload), a student opens its link in another
browser, solves four tasks (a winning move by Enter on the board then a wrong try, a Grundy
value by Enter after a wrong one, its answer then shown, a P/N table, a game won against the
computer) and hands in; the QR code of the hand-in and of the printed sheet decodes
(zxing-cpp) to the results link; the teacher's results page (docs/results.md) reads the
code, pasted and from that link, shows the evidence with every answer re-checked by the
engine, and refuses a damaged code. On a desktop and on a phone; on the desktop, the
assignment also opens and works offline once the service worker holds the site.

Then what a class and a mischievous student do: the assignment survives scrolling (Material
rewrites the address), reloading, Back, a copied address and a lost address (English on a
desktop, Japanese on a phone), with teacher mode refused; forged, edited, damaged, cut-short,
old-version and wrapped codes read on the results page (only verified answers count; English
and Japanese); a class of 40 re-checked, sorted and exported as CSV; clearing undone after a
reload; an assignment whose result is too long for one QR code still handed in (and the form
refusing a 101st task); codes no honest page makes (rows that are not lists, negative counts,
a formula for a name, a bot that missed an immediate win, thousands of tasks, a huge wrapped
code, an easier assignment under the same title, a capitalised checksum, a code cut with "…").

CLASS_URL=http://127.0.0.1:8794/chocolate-games/ runs it on a site you serve yourself."""

from __future__ import annotations

import base64
import csv
import io
import json
import os
import warnings
from pathlib import Path

import pytest
import zxingcpp
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect
from PIL import Image

from bench.browser import save_for_offline
from widgetkit import ADDRESS_WRITES
from grundy import webapi

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots" / "classroom"
LOAD_MS = 120_000  # the engine (Pyodide) on two shared cores
DEVICES = {"desktop": {"viewport": {"width": 1100, "height": 900}},
           "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}
FIND = (7, 9)   # find a winning move in Wythoff's game
VALUE = (2, 3)  # the Grundy value in Wythoff's game
TABLE = 2       # a P/N table of Wythoff's game up to 2
PLAY = (0, 1)   # win against the computer: the move to (0, 0) ends the game
# A link made before P/N tables were added (the same version, v1): it must still open.
OLD = "v1.eyJ0IjoiT2xkIiwiZCI6IiIsImsiOltbImZpbmQtbW92ZSIsInd5dGhvZmYiLHt9LFs3LDldXSxbInBsYXkiLCJ3eXRob2ZmIix7fSxbMCwxXSwicGVyZmVjdCJdXX0"


@pytest.fixture
def base(request) -> str:
    return os.environ.get("CLASS_URL") or request.getfixturevalue("pages_url")


def state(pos):
    return webapi.op_state({"game": "wythoff", "params": {}, "pos": list(pos)})


# ---- codes as docs/assets/classroom/codec.js writes them (to forge and damage them) ----------

def b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def fnv(text: str) -> str:
    h = 0x811C9DC5
    for b in text.encode():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return f"{h:08x}"


def dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def assignment(title, tasks):
    """The compact assignment (as in #a=v1.…) of tasks [kind, game, params, pos, extra?]."""
    return {"t": title, "d": "", "k": tasks}


def assignment_link(base, compact, lang="en") -> str:
    return f"{base}{'ja/' if lang == 'ja' else ''}assign/#a=v1.{b64(dumps(compact))}"


def signed(version, data) -> str:
    body = b64(dumps(data))
    return f"{version}.{body}.{fnv(f'{version}.{body}')}"


def result_v2(name, compact, rows) -> str:
    """rows: [answer, attempts, hints, flags (1 shown, 2 teacher), claimed]."""
    return signed("v2", {"n": name, "a": compact, "r": rows})


def result_v3(name, compact, rows, time) -> str:
    """As result_v2, with the time of the hand-in (seconds since 1970)."""
    return signed("v3", {"n": name, "a": compact, "r": rows, "t": time})


def result_v1(name, compact, rows) -> str:
    """rows: [solved, attempts, hints, answer] (the first version's codes)."""
    return signed("v1", {"n": name, "a": f"v1.{b64(dumps(compact))}", "r": rows})


def table_truth():
    """The P/N letters of the table's cells, by the engine: {"x,y": "P" or "N"}."""
    rows = webapi.op_table({"game": "wythoff", "params": {}, "max": TABLE})["rows"]
    return {f"{r[0]},{r[1]}": "P" if r[2] == 0 else "N" for r in rows}


def add_task(page, kind, pos):
    page.select_option("grundy-assign .gw-game", "wythoff")
    page.select_option("grundy-assign .cr-kind", kind)
    if kind == "pn-table":
        page.fill("grundy-assign .cr-max", str(pos))
    else:
        page.fill("grundy-assign .cr-pos", " ".join(map(str, pos)))
    count = page.locator("grundy-assign .cr-task").count()
    page.click("grundy-assign .cr-add")
    page.wait_for_function(f"document.querySelectorAll('grundy-assign .cr-task').length === {count + 1}",
                           timeout=LOAD_MS)


def make_assignment(page, base) -> str:
    page.goto(base + "assign/")
    page.wait_for_selector("grundy-assign .cr-make", timeout=LOAD_MS)
    page.fill("grundy-assign .cr-title", "Wythoff homework")
    page.click("grundy-assign .cr-make")
    assert page.locator("grundy-assign .cr-error").inner_text().strip()  # no task yet: said so
    add_task(page, "find-move", FIND)
    add_task(page, "grundy-value", VALUE)
    add_task(page, "pn-table", TABLE)
    page.reload()  # the draft survives
    page.wait_for_selector("grundy-assign .cr-make", timeout=LOAD_MS)
    assert page.locator("grundy-assign .cr-task").count() == 3
    assert page.locator("grundy-assign .cr-title").input_value() == "Wythoff homework"
    assert page.locator("grundy-assign .cr-fit").get_attribute("data-fits") == "true"
    page.select_option("grundy-assign .gw-game", "wythoff")
    page.select_option("grundy-assign .cr-kind", "play")
    page.wait_for_selector("grundy-assign .cr-level option[value='perfect']", state="attached", timeout=LOAD_MS)
    add_task(page, "play", PLAY)
    page.click("grundy-assign .cr-make")
    link = page.locator("grundy-assign .cr-link").input_value()
    assert "#a=v1." in link
    old = page.evaluate("code => import(new URL('../assets/classroom/codec.js', location.href).href)"
                        ".then((m) => m.decodeAssignment(code))", OLD)
    assert old["title"] == "Old" and [t["kind"] for t in old["tasks"]] == ["find-move", "play"]
    assert old["tasks"][1]["level"] == "perfect" and "max" not in old["tasks"][1]
    return link


def solve_and_hand_in(page, link, win_to) -> str:
    page.goto(link)
    page.wait_for_selector("grundy-assignment .cr-task-box", timeout=LOAD_MS)
    assert page.locator(".md-content h1").inner_text() == "Wythoff homework"  # the page is the student's
    assert not page.locator("grundy-assign").is_visible()  # the teacher's form is not shown
    assert page.locator("grundy-assignment .cr-task-box").count() == 4
    page.wait_for_function(  # the P/N table's once the engine has listed its positions
        "document.querySelectorAll(\"grundy-assignment grundy-exercise[data-lesson-title='Wythoff homework']\").length === 3",
        timeout=LOAD_MS)
    find = page.locator("grundy-assignment grundy-exercise[data-kind='find-move']")
    find.scroll_into_view_if_needed()  # as the student does: its board is drawn near the viewport
    find.locator(f".gx-static .move[data-to='{win_to}']").wait_for(state="attached", timeout=LOAD_MS)
    find.locator(f".gx-static .move[data-to='{win_to}']").focus()
    page.keyboard.press("Enter")  # Enter on the board: the right move
    page.wait_for_function("document.querySelector(\"grundy-exercise[data-kind='find-move']\").dataset.solved === 'true'",
                           timeout=LOAD_MS)
    find.locator(".gx-none").click()  # then a wrong try, which must not replace it
    page.wait_for_selector("grundy-exercise[data-kind='find-move'] .gx-feedback[data-result='wrong']", timeout=LOAD_MS)
    value = page.locator("grundy-assignment grundy-exercise[data-kind='grundy-value']")
    value.locator(".gx-value").fill("99")  # a wrong answer first, then the right one, by Enter
    value.locator(".gx-value").press("Enter")
    page.wait_for_selector("grundy-exercise[data-kind='grundy-value'] .gx-feedback[data-result='wrong']", timeout=LOAD_MS)
    value.locator(".gx-value").fill(str(state(VALUE)["grundy"]))
    value.locator(".gx-value").press("Enter")
    page.wait_for_function("document.querySelector(\"grundy-exercise[data-kind='grundy-value']\").dataset.solved === 'true'",
                           timeout=LOAD_MS)
    value.locator(".gx-show").click()  # the answer shown: recorded
    fill_table(page)
    win_game(page)
    page.click("grundy-assignment .cr-handin-button")
    assert page.locator("grundy-assignment .cr-handin .cr-error").inner_text().strip()  # no name yet
    page.fill("grundy-assignment .cr-name", "Ada")
    page.click("grundy-assignment .cr-handin-button")
    code = page.locator("grundy-assignment .cr-code").input_value().strip()
    assert code.startswith("v3.")  # with the time of the hand-in
    sheet = page.locator("grundy-assignment .cr-sheet")
    assert "Ada" in sheet.inner_text() and "4 of 4" in sheet.inner_text()
    return code


# The letter each cell of an exercise's P/N table shows ("" blank): {"x,y": letter}
SHOWN = """el => Object.fromEntries([...el.querySelectorAll('.gx-static td.gx-cell')]
  .map((td) => [td.dataset.pos, td.dataset.value || '']))"""
CYCLE = ("", "P", "N")  # a click moves a cell on by one


def fill_table(page):
    """Every cell of the P/N table clicked to its letter, then checked. As a reader does,
    the cells are looked at after the clicks and clicked again where they do not show
    their letter: a click can be lost when the table moves between the press and the
    release (the tasks above it still answering: the engine starts with the first of
    them), and Playwright retries only a press that misses. (Once in a full run the
    table was never solved and its 120 s wait said no more: the cause is not known, this
    is the likeliest.) A second round is reported as a warning, a click lost."""
    table = page.locator("grundy-assignment grundy-exercise[data-kind='pn-table']")
    truth = table_truth()
    for round_ in range(3):
        shown = table.evaluate(SHOWN)
        todo = {pos: (CYCLE.index(letter) - CYCLE.index(shown.get(pos, ""))) % len(CYCLE)
                for pos, letter in truth.items()}
        if round_ and any(todo.values()):
            warnings.warn(f"P/N table: cells still to click after round {round_}: {todo}")
        for pos, clicks in todo.items():
            for _ in range(clicks):
                table.locator(f".gx-static td.gx-cell[data-pos='{pos}'] .gx-cellbtn").click()
    assert table.evaluate(SHOWN) == truth
    table.locator(".gx-check").click()
    expect(table.locator(".gx-feedback")).to_have_attribute("data-result", "right")
    expect(table).to_have_attribute("data-solved", "true")


def win_game(page):
    """From PLAY against the perfect opponent: the student's move to (0, 0) wins at once."""
    game = page.locator("grundy-assignment grundy-play[data-level='perfect'][data-turn='you']")
    game.wait_for(timeout=LOAD_MS)
    game.locator(".move[data-to='0,0']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("grundy-assignment grundy-play[data-winner='you']", timeout=LOAD_MS)
    page.wait_for_selector("grundy-assignment .cr-won:not([hidden])", timeout=LOAD_MS)


def qr_link(page, svg, name) -> str:
    """The text of the QR code drawn by `svg` (a locator), read from the full page's
    screenshot clipped to it (kept as `name`; an element's own screenshot is misplaced on
    the emulated phone)."""
    box = svg.evaluate("e => { const r = e.getBoundingClientRect();"
                       " return {x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height}; }")
    shot = page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, clip=box)
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
    assert len(found) == 1 and found[0].format == zxingcpp.BarcodeFormat.QRCode
    return found[0].text


def check_qr(page, base, code, device) -> str:
    """The hand-in's QR code and the printed sheet's hold the results link with the code."""
    link = page.locator("grundy-assignment .cr-result-link").get_attribute("href")
    assert link == base + "results/#r=" + code
    assert qr_link(page, page.locator("grundy-assignment .cr-handed > .cr-qr svg"), f"qr-{device}") == link
    page.emulate_media(media="print")
    assert qr_link(page, page.locator("grundy-assignment .cr-sheet .cr-qr svg"), f"qr-print-{device}") == link
    page.emulate_media(media="screen")
    return link


def check_offline(page, link):
    """Once the student has saved the site for offline use, the assignment opens offline
    with the student's progress, and its engine answers."""
    save_for_offline(page)
    page.context.set_offline(True)
    try:
        again = page.context.new_page()
        again.goto(link)
        again.wait_for_selector("grundy-assignment grundy-exercise[data-kind='pn-table'][data-solved='true']",
                                timeout=LOAD_MS)
        again.locator("grundy-assignment grundy-exercise[data-kind='find-move']").scroll_into_view_if_needed()
        again.wait_for_selector("grundy-assignment .gx-moves option[value]:not([value=''])", state="attached",
                                timeout=LOAD_MS)
        assert again.evaluate("navigator.onLine") is False
    finally:
        page.context.set_offline(False)


def check_table(page, win_to):
    row = page.locator("grundy-results tr[data-student='Ada']")
    row.wait_for(timeout=LOAD_MS)
    cells = row.locator("td[data-task]")
    assert cells.count() == 4
    page.wait_for_function("document.querySelectorAll(\"grundy-results .cr-verdict[data-ok='true']\").length === 4",
                           timeout=LOAD_MS)
    assert row.locator(".cr-total").inner_text().startswith("4 / 4")
    first, second, third, fourth = (cells.nth(i).inner_text() for i in range(4))
    assert "✓" in first and "{" + win_to.replace(",", ", ") + "}" in first and "attempts 2" in first
    assert "✓" in second and "attempts 2" in second and str(state(VALUE)["grundy"]) in second
    assert "answer shown" in second and "answer shown" not in first
    truth = table_truth()
    assert "✓" in third and "".join(truth[k] for k in sorted(truth)) in third
    assert "✓" in fourth and "{0, 1} → {0, 0}" in fourth


@pytest.mark.browser
@pytest.mark.parametrize("device", DEVICES)
def test_assignment_round_trip(new_page, base, device):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    win_to = ",".join(map(str, [m["to"] for m in state(FIND)["moves"] if m["outcome"] == "P"][0]))
    teacher = new_page(**DEVICES[device])
    link = make_assignment(teacher, base)
    teacher.screenshot(path=str(SCREENSHOTS / f"assign-{device}.png"), full_page=True)

    offline = device == "desktop"
    student = new_page(**DEVICES[device], another=True,  # another browser than the teacher's
                       service_workers="allow" if offline else "block")
    code = solve_and_hand_in(student, link, win_to)
    student.screenshot(path=str(SCREENSHOTS / f"assignment-{device}.png"), full_page=True)
    # (wider content would make a phone's browser lay the page out wider and zoom it out)
    wide = student.evaluate("document.documentElement.scrollWidth") - DEVICES[device]["viewport"]["width"]
    assert wide <= 0, f"the handed-in assignment is {wide} px wider than the screen"
    results_link = check_qr(student, base, code, device)
    if offline:
        check_offline(student, link)

    teacher.goto(base + "results/")
    teacher.wait_for_selector("grundy-results .cr-read", timeout=LOAD_MS)
    i = len(code) // 2  # one character of the body changed: the checksum no longer matches
    tampered = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
    teacher.fill("grundy-results .cr-paste", tampered)
    teacher.click("grundy-results .cr-read")
    assert "does not match its checksum" in teacher.locator("grundy-results .cr-messages").inner_text()
    assert teacher.locator("grundy-results tr[data-student]").count() == 0
    teacher.fill("grundy-results .cr-paste", code)
    teacher.click("grundy-results .cr-read")
    check_table(teacher, win_to)
    teacher.screenshot(path=str(SCREENSHOTS / f"results-{device}.png"), full_page=True)

    other = new_page(**DEVICES[device])  # the link the QR code holds
    other.goto(results_link)
    check_table(other, win_to)
    for page in (teacher, student, other):
        # Chromium's own message when the service worker's script fetch is cut off by the next
        # navigation (seen once, on a loaded machine); app.js catches it and the next page
        # load registers the worker again.
        errors = [e for e in page.console_errors if "error occurred when fetching the script" not in e]
        assert not errors, errors
        assert not page.foreign_requests, page.foreign_requests


# ---- the assignment stays; what a class and a mischievous student do ---------------------

SURVIVE = assignment("Stay", [["grundy-value", "wythoff", {}, list(VALUE)], ["find-move", "wythoff", {}, list(FIND)]])


def wait_tasks(page, n):
    page.wait_for_function(f"document.querySelectorAll('grundy-assignment .cr-task-box').length === {n}", timeout=LOAD_MS)
    assert not page.locator("grundy-assign").is_visible()


@pytest.mark.browser
def test_assignment_stays_when_its_page_is_drawn_again(new_page, base):
    """The address's fragment changed by hand (a heading's anchor): instant navigation may
    draw the same page anew, its elements replaced while the address has no #a=. The tab
    keeps the assignment: a reload shows it, not the teacher's form (it showed the form,
    now and then, in test_assignment_stays_in_the_address)."""
    page = new_page(**DEVICES["desktop"])
    page.goto(assignment_link(base, SURVIVE, "en"))
    wait_tasks(page, 2)
    page.evaluate("""() => { location.hash = '#how-it-works';
        for (const name of ['grundy-assign', 'grundy-assignment'])
            document.querySelector(name).replaceWith(document.createElement(name)); }""")
    page.reload()
    wait_tasks(page, 2)


def scrolled_until_written(page, y):
    """Scroll (a wheel turn, then to y) until Material's tracking writes the address, as it
    does once a scroll stops (the heading's anchor; none at the top): the addresses written.
    Tracking skips the first scroll after it starts again (its subscription is renewed
    whenever the address changes), so a scroll may be skipped: then the page is scrolled
    half-way and again, at most five times."""
    start = page.evaluate("window.__addresses.length")
    for _ in range(5):
        page.mouse.wheel(0, 400)
        page.evaluate(f"window.scrollTo(0, {y})")
        try:
            page.wait_for_function("n => window.__addresses.length > n", arg=start, timeout=5_000)
            return page.evaluate("n => window.__addresses.slice(n)", start)
        except PlaywrightTimeout:
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    pytest.fail("five scrolls wrote no address")


@pytest.mark.browser
@pytest.mark.parametrize("lang,device", [("en", "desktop"), ("ja", "phone")])
def test_assignment_stays_in_the_address(new_page, base, lang, device):
    """Scrolled (Material's navigation.tracking rewrites the address), reloaded, copied into
    another browser, left by a link and come Back to, its address lost and reloaded: the
    student's assignment is there each time; teacher mode is refused and recorded."""
    link = assignment_link(base, SURVIVE, lang)
    page = new_page(**DEVICES[device])
    page.add_init_script(ADDRESS_WRITES)
    page.goto(link)
    wait_tasks(page, 2)
    code = link.split("#a=")[1]
    for y in ("document.documentElement.scrollHeight", "0"):  # a real scroll, down and back up
        written = scrolled_until_written(page, y)
        assert all(address.endswith(f"#a={code}") for address in written), written
        assert page.evaluate("location.hash") == f"#a={code}"
    page.evaluate("localStorage.setItem('grundy-teacher', '1')")  # teacher mode switched on on a lesson
    page.reload()
    wait_tasks(page, 2)
    assert page.evaluate("localStorage.getItem('grundy-teacher')") == "0"  # off before any answer is shown
    assert not page.locator("grundy-assignment .gx-teacher").is_visible()
    assert not page.locator("grundy-assignment .gx-answer").first.is_visible()
    page.evaluate("import(new URL('../exercises/progress.js', document.querySelector(\"script[src*='grundy-assignment.js']\").src)"
                  ".href).then((m) => { m.progress.teacher = true; })")  # switched on from the console: recorded
    page.wait_for_function("localStorage.getItem('grundy-teacher') === '0'", timeout=LOAD_MS)
    stored = page.evaluate("JSON.parse(localStorage.getItem('grundy-classroom'))")
    assert all(stored[k]["tasks"][i]["teacher"] for k in stored for i in ("0", "1"))
    copied = page.evaluate("location.href")
    other = new_page(**DEVICES[device], another=True)  # the address copied to another browser
    other.goto(copied)
    wait_tasks(other, 2)
    page.evaluate("(href) => { const a = document.createElement('a'); a.href = href; a.id = 'cr-away';"  # (the page's own
                  " a.textContent = 'results'; document.querySelector('article').prepend(a); }",  # links are the teacher's)
                  f"{base}{'ja/' if lang == 'ja' else ''}results/")
    page.click("#cr-away")  # away by a link (instant navigation)
    page.wait_for_function("!location.pathname.endsWith('/assign/')", timeout=LOAD_MS)
    page.go_back()
    wait_tasks(page, 2)
    assert page.evaluate("location.hash") == f"#a={code}"
    page.evaluate("history.replaceState(null, '', location.pathname); location.hash = '#how-it-works'")
    page.reload()  # an address that lost the assignment: this tab had it open
    wait_tasks(page, 2)
    assert page.evaluate("location.hash") == f"#a={code}"
    other_lang = "en" if lang == "ja" else "ja"  # the language switcher keeps the assignment
    switch = page.locator(f".md-select__link[hreflang='{other_lang}']").get_attribute("href")
    assert switch.endswith(f"assign/#a={code}") and ("/ja/" in switch) == (other_lang == "ja"), switch
    page.screenshot(path=str(SCREENSHOTS / f"stays-{lang}-{device}.png"), full_page=False)


START = (2, 4)  # a play task against the perfect opponent, for honest and forged games
FORGED_GAME = "2.4>0.4>0.1>0.0"  # the student's mistake, then the perfect opponent "missing" a win


def honest_game(start):
    """The student's fastest win against the perfect opponent, as the code writes it."""
    path, pos = [start], start
    while True:
        pos = tuple(next(m["to"] for m in state(pos)["moves"] if m["outcome"] == "P"))
        path.append(pos)
        if state(pos)["over"]:
            return ">".join(".".join(map(str, p)) for p in path)
        reply = webapi.handle({"op": "reply", "game": "wythoff", "params": {}, "pos": list(pos), "level": "perfect", "seed": 1})
        pos = tuple(reply["move"]["to"])
        path.append(pos)


def read_codes(page, text):
    page.fill("grundy-results .cr-paste", text)
    page.click("grundy-results .cr-read")


@pytest.mark.browser
@pytest.mark.parametrize("lang,device", [("en", "desktop"), ("ja", "phone")])
def test_forged_and_damaged_codes(new_page, base, lang, device):
    """Only what the engine verifies counts; a refused code says why, in words that accuse
    nobody; codes wrapped over lines are read; old codes are read."""
    task = ["play", "wythoff", {}, list(START), "perfect"]
    value = ["grundy-value", "wythoff", {}, list(VALUE)]
    compact = assignment("Forgeries", [value, task])
    g = str(state(VALUE)["grundy"])
    honest = result_v2("Honest", compact, [[g, 1, 0, 0, 1], [honest_game(START), 1, 0, 0, 1]])
    codes = {
        "Honest": honest,
        "Claims": result_v2("Claims", compact, [["", 0, 0, 0, 1], ["", 0, 0, 0, 1]]),  # solved, no evidence
        "Forger": result_v2("Forger", compact, [["99", 1, 0, 0, 1], [FORGED_GAME, 1, 0, 0, 1]]),
        "Old": result_v1("Old", compact, [[1, 2, 0, g], [1, 3, 0, "2.4"]]),  # v1: right; a claim
    }
    changed = result_v2("Changed", compact, [[g, 1, 0, 0, 1], ["", 0, 0, 0, 1]])
    changed = changed[:-8] + fnv("something else")  # edited after it was made: it still reads
    head, body, _ = honest.split(".")
    damaged = f"{head}.{body[:40]}{body[45:]}.{honest[-8:]}"  # characters lost in copying
    cut = honest[:-12]
    newer = signed("v9", {"n": "Future", "a": compact, "r": []})
    wrapped = f"Honest's code:\n  {honest[:50]}\n  {honest[50:120]}\r\n\t{honest[120:]}  thanks!"
    page = new_page(**DEVICES[device])
    page.goto(f"{base}{'ja/' if lang == 'ja' else ''}results/")
    page.wait_for_selector("grundy-results .cr-read", timeout=LOAD_MS)
    read_codes(page, "\n".join([wrapped, codes["Claims"], codes["Forger"], codes["Old"], changed, damaged, cut, newer]))
    problems = page.locator("grundy-results .cr-messages .cr-error").all_inner_texts()
    assert len(problems) == 4, problems
    words = {"en": ["changed after it was made", "damaged", "cut short", "newer version"],
             "ja": ["作られた後に", "壊れています", "途中で切れています", "新しい版"]}[lang]
    for problem, word in zip(problems, words):
        assert word in problem, problems
    assert page.locator("grundy-results tr[data-student]").count() == 4
    page.wait_for_selector("grundy-results .cr-check-status:not(:empty)", timeout=LOAD_MS)
    page.wait_for_function("!document.querySelector('grundy-results .cr-table td[data-state=\"checking\"]')", timeout=LOAD_MS)
    states = {name: page.locator(f"grundy-results tr[data-student='{name}'] td[data-task]").evaluate_all(
        "cells => cells.map((c) => c.dataset.state)") for name in codes}
    assert states == {"Honest": ["verified", "verified"], "Claims": ["unverified", "unverified"],
                      "Forger": ["unverified", "unverified"], "Old": ["verified", "unverified"]}, states
    totals = {name: page.locator(f"grundy-results tr[data-student='{name}'] .cr-total").get_attribute("data-verified")
              for name in codes}
    assert totals == {"Honest": "2", "Claims": "0", "Forger": "0", "Old": "1"}, totals
    page.select_option("grundy-results .cr-sort", "solved")
    order = page.locator("grundy-results tr[data-student]").evaluate_all("rows => rows.map((r) => r.dataset.student)")
    assert order[:2] == ["Honest", "Old"], order  # the forgers are not first
    page.screenshot(path=str(SCREENSHOTS / f"results-forged-{lang}-{device}.png"), full_page=True)
    assert not page.console_errors, page.console_errors


def answers_for(s, truth, win_to):
    """Student s of the class: some right, some wrong, some claims without evidence."""
    table = "".join(truth[k] for k in sorted(truth))
    flipped = ("N" if table[0] == "P" else "P") + table[1:]
    g = str(state(VALUE)["grundy"])
    return [[win_to if s % 2 == 0 else "none", 1, 0, 0, 1],
            [g if s % 3 else "7", 2, 1, 0, 1],
            [table if s % 5 else flipped, 1, 0, 1 if s % 7 == 0 else 0, 1],
            ["0.1>0.0" if s % 4 else "", 1, 0, 0, 1]]


@pytest.mark.browser
def test_class_of_forty(new_page, base):
    """40 codes pasted at once: each total is what the engine verified (as computed here);
    sorting and the CSV agree; clearing is undone after a reload."""
    truth = table_truth()
    win_to = ",".join(map(str, [m["to"] for m in state(FIND)["moves"] if m["outcome"] == "P"][0]))
    compact = assignment("Class", [["find-move", "wythoff", {}, list(FIND)], ["grundy-value", "wythoff", {}, list(VALUE)],
                                   ["pn-table", "wythoff", {}, [], TABLE], ["play", "wythoff", {}, list(PLAY), "perfect"]])
    rows = {f"Student {s:02d}": answers_for(s, truth, win_to) for s in range(40)}
    expected = {name: sum([s % 2 == 0, s % 3 != 0, s % 5 != 0, s % 4 != 0]) for s, name in enumerate(rows)}
    page = new_page(**DEVICES["desktop"])
    page.goto(base + "results/")
    page.wait_for_selector("grundy-results .cr-read", timeout=LOAD_MS)
    read_codes(page, "\n\n".join(result_v2(name, compact, r) for name, r in rows.items()))
    page.wait_for_function("document.querySelectorAll('grundy-results tr[data-student]').length === 40", timeout=LOAD_MS)
    page.wait_for_function("!document.querySelector('grundy-results .cr-table td[data-state=\"checking\"]')", timeout=LOAD_MS)
    totals = dict(page.locator("grundy-results tr[data-student]").evaluate_all(
        "rows => rows.map((r) => [r.dataset.student, Number(r.querySelector('.cr-total').dataset.verified)])"))
    assert totals == expected
    page.select_option("grundy-results .cr-sort", "solved")
    order = page.locator("grundy-results tr[data-student]").evaluate_all("rows => rows.map((r) => r.dataset.student)")
    assert order == sorted(expected, key=lambda n: (-expected[n], n))
    with page.expect_download() as download:
        page.click("grundy-results .cr-csv")
    table = list(csv.DictReader(line for line in Path(download.value.path()).read_text().splitlines()
                                if not line.startswith("#")))
    verified = {}
    for line in table:
        verified[line["student"]] = verified.get(line["student"], 0) + int(line["verified"])
    assert verified == expected
    assert {line["answer shown"] for line in table if line["task"] == "3"} == {"0", "1"}
    page.click("grundy-results .cr-clear")
    assert page.locator("grundy-results tr[data-student]").count() == 0
    page.reload()
    page.wait_for_selector("grundy-results .cr-undo:not([hidden])", timeout=LOAD_MS)
    page.click("grundy-results .cr-undo")
    page.wait_for_function("document.querySelectorAll('grundy-results tr[data-student]').length === 40", timeout=LOAD_MS)
    read_codes(page, result_v2("Student 01", compact, answers_for(0, truth, win_to)))  # handed in again
    page.wait_for_function("document.querySelectorAll('grundy-results tr[data-student]').length === 41", timeout=LOAD_MS)
    assert page.locator("grundy-results tr[data-student='Student 01'] .cr-same-name").count() == 2
    assert not page.console_errors, page.console_errors


@pytest.mark.browser
def test_long_assignment_hands_in(new_page, base):
    """45 tasks: the form says a result may not fit one QR code; the student still gets the
    code and the link, and a note to copy it instead of a QR code."""
    tasks = [["find-move", "wythoff", {}, [x, y]] for x in range(9) for y in range(5)]
    compact = assignment("Long", tasks)
    page = new_page(**DEVICES["phone"])
    page.goto(base + "assign/")
    page.evaluate("draft => localStorage.setItem('grundy-classroom-draft', JSON.stringify(draft))",
                  {"title": "Long", "due": "", "tasks": [{"kind": k, "game": g, "params": p, "pos": pos, "level": ""}
                                                         for k, g, p, pos in tasks]})
    page.reload()
    page.wait_for_selector("grundy-assign .cr-fit[data-fits='false']", timeout=LOAD_MS)
    assert page.locator("grundy-assign .cr-task").count() == 45
    page.screenshot(path=str(SCREENSHOTS / "assign-long-phone.png"), full_page=False)
    page.goto(assignment_link(base, compact))
    wait_tasks(page, 45)
    page.fill("grundy-assignment .cr-name", "Ada")
    page.click("grundy-assignment .cr-handin-button")
    code = page.locator("grundy-assignment .cr-code").input_value()
    assert code.startswith("v3.") and len(base + "results/#r=" + code) > 2331
    assert page.locator("grundy-assignment .cr-handed > .cr-qr-none").is_visible()
    assert page.locator("grundy-assignment .cr-handed > .cr-qr").count() == 0
    assert page.locator("grundy-assignment .cr-result-link").get_attribute("href").endswith(code)
    page.locator("grundy-assignment .cr-handed").screenshot(path=str(SCREENSHOTS / "handin-long-phone.png"))
    page.goto(base + "assign/")  # a teacher's form of 100 tasks takes no more
    page.evaluate("task => localStorage.setItem('grundy-classroom-draft', JSON.stringify({title: '', due: '', tasks: Array(100).fill(task)}))",
                  {"kind": "find-move", "game": "wythoff", "params": {}, "pos": [1, 1], "level": ""})
    page.reload()
    page.wait_for_selector("grundy-assign .cr-add", timeout=LOAD_MS)
    page.click("grundy-assign .cr-add")
    page.wait_for_selector("grundy-assign .cr-error:has-text('100 tasks at most')", timeout=LOAD_MS)
    assert page.locator("grundy-assign .cr-task").count() == 100
    assert not page.console_errors, page.console_errors


@pytest.mark.browser
def test_mischievous_codes(new_page, base):
    """Codes no honest page makes: rows that are not lists (the other codes of the paste are
    still read), negative and fractional counts (shown as 0), a name a spreadsheet would run
    as a formula (the CSV quotes it with an apostrophe), a bot that 'missed' an immediate win
    (not counted), thousands of tasks (refused), a huge code wrapped over thousands of lines."""
    compact = assignment("Mischief", [["grundy-value", "wythoff", {}, list(VALUE)], ["play", "nim", {}, [3, 1, 0], "equal-heaps"]])
    g = str(state(VALUE)["grundy"])
    codes = {
        "Counts": result_v2("Counts", compact, [[g, -5, 1.5, 0, 1], ["", 0, 0, 0, 0]]),
        "=HYPERLINK(\"x\")": result_v2("=HYPERLINK(\"x\")", compact, [[g, 1, 0, 0, 1], ["", 0, 0, 0, 0]]),
        "Blunder": result_v2("Blunder", compact, [["", 0, 0, 0, 0], ["3.1.0>3.0.0>1.0.0>0.0.0", 1, 0, 0, 1]]),
        "Long" * 20_000: result_v2("Long" * 20_000, compact, [[g, 1, 0, 0, 1], ["", 0, 0, 0, 0]]),
    }
    rows_not_lists = result_v2("Rows", compact, [5, None])
    thousands = result_v2("Thousands", assignment("Big", [["grundy-value", "wythoff", {}, [1, 1]]] * 3000), [["0", 1, 0, 0, 1]] * 3000)
    long = codes.pop("Long" * 20_000)
    wrapped = "\n".join(long[i:i + 76] for i in range(0, len(long), 76))
    page = new_page(**DEVICES["desktop"])
    page.goto(base + "results/")
    page.wait_for_selector("grundy-results .cr-read", timeout=LOAD_MS)
    page.eval_on_selector("grundy-results .cr-paste", "(box, text) => { box.value = text; }",  # fill() types too slowly
                          "\n".join([rows_not_lists, *codes.values(), thousands, wrapped]))
    page.click("grundy-results .cr-read")
    problems = page.locator("grundy-results .cr-messages .cr-error").all_inner_texts()
    assert len(problems) == 2 and "not a result code" in problems[0] and "assignment" in problems[1], problems
    page.wait_for_function("document.querySelectorAll('grundy-results tr[data-student]').length === 4", timeout=LOAD_MS)
    page.wait_for_function("!document.querySelector('grundy-results .cr-table td[data-state=\"checking\"]')", timeout=LOAD_MS)
    counts = page.locator("grundy-results tr[data-student='Counts'] td[data-task='0'] .cr-counts").inner_text()
    assert counts == "attempts 0 · hints 0", counts
    assert page.locator("grundy-results tr[data-student='Blunder'] td[data-task='1']").get_attribute("data-state") == "unverified"
    assert page.locator("grundy-results tr[data-student='Blunder'] .cr-total").get_attribute("data-verified") == "0"
    with page.expect_download() as download:
        page.click("grundy-results .cr-csv")
    table = list(csv.DictReader(line for line in Path(download.value.path()).read_text().splitlines() if not line.startswith("#")))
    assert {line["student"] for line in table} >= {"'=HYPERLINK(\"x\")", "Counts", "Blunder"}
    # an easier assignment under the same title: its own table, said to be another assignment
    easy = assignment("Mischief", [["grundy-value", "wythoff", {}, [0, 0]], ["play", "nim", {}, [1, 0, 0], "equal-heaps"]])
    read_codes(page, result_v2("Sly", easy, [["0", 1, 0, 0, 1], ["1.0.0>0.0.0", 1, 0, 0, 1]]))
    page.wait_for_function("document.querySelectorAll('grundy-results .cr-same-title').length === 2", timeout=LOAD_MS)
    page.wait_for_function("[...document.querySelectorAll('grundy-results .cr-task-list li')].some((li) => li.textContent.includes('“Equal heaps”'))", timeout=LOAD_MS)
    with page.expect_download() as download:
        page.click("grundy-results .cr-csv")
    ids = {line["student"]: line["assignment id"] for line in csv.DictReader(
        line for line in Path(download.value.path()).read_text().splitlines() if not line.startswith("#"))}
    assert ids["Sly"] != ids["Counts"], ids
    # the same code with its checksum in capitals is the same code; one shortened by a chat ("…") is cut short
    read_codes(page, f"{codes['Counts'][:-8]}{codes['Counts'][-8:].upper()}\n{codes['Blunder'][:40]}…")
    assert "cut short" in page.locator("grundy-results .cr-messages .cr-error").inner_text()
    assert page.locator("grundy-results tr[data-student='Counts']").count() == 1
    assert not page.console_errors, page.console_errors


@pytest.mark.browser
def test_unwinnable_task_refused(new_page, base):
    """Win against the perfect computer from a P-position, moving first: no student can,
    so the form refuses the task with a message next to the position; an N-position is added."""
    page = new_page(**DEVICES["desktop"])
    page.goto(base + "assign/")
    page.wait_for_selector("grundy-assign .cr-add", timeout=LOAD_MS)
    page.select_option("grundy-assign .gw-game", "wythoff")
    page.select_option("grundy-assign .cr-kind", "play")
    page.wait_for_selector("grundy-assign .cr-level option[value='perfect']", state="attached", timeout=LOAD_MS)
    assert page.locator("grundy-assign .cr-level").input_value() == "perfect"
    lost = (1, 2)
    assert state(lost)["outcome"] == "P" and state(PLAY)["outcome"] == "N"
    page.fill("grundy-assign .cr-pos", " ".join(map(str, lost)))
    page.click("grundy-assign .cr-add")
    error = page.locator("grundy-assign .cr-pos ~ .gw-field-error")
    error.wait_for(timeout=LOAD_MS)
    assert "P-position" in error.inner_text() and "no student can win" in error.inner_text()
    assert page.locator("grundy-assign .cr-pos").get_attribute("aria-invalid") == "true"
    assert page.locator("grundy-assign .cr-task").count() == 0
    add_task(page, "play", PLAY)
    assert not error.is_visible()
    assert not page.console_errors, page.console_errors


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_newest_hand_in_marked(new_page, base, lang):
    """A student who hands in twice: each row says when, the newer one is marked and comes
    first, the CSV has the times; a code made before the time was recorded (v2) is read and
    its name only counted."""
    compact = assignment("Twice", [["grundy-value", "wythoff", {}, list(VALUE)]])
    g = str(state(VALUE)["grundy"])
    older, newer = 1_795_000_000, 1_795_003_600  # an hour apart
    codes = [result_v3("Ada", compact, [["9", 1, 0, 0, 0]], older),
             result_v3("Ada", compact, [[g, 2, 0, 0, 1]], newer),
             result_v2("Bo", compact, [[g, 1, 0, 0, 1]]), result_v2("Bo", compact, [["9", 1, 0, 0, 0]])]
    page = new_page(**DEVICES["desktop"])
    page.goto(f"{base}{'ja/' if lang == 'ja' else ''}results/")
    page.wait_for_selector("grundy-results .cr-read", timeout=LOAD_MS)
    read_codes(page, "\n".join(codes))
    page.wait_for_function("document.querySelectorAll('grundy-results tr[data-student]').length === 4", timeout=LOAD_MS)
    ada = page.locator("grundy-results tr[data-student='Ada']")
    assert [ada.nth(i).get_attribute("data-newest") for i in range(2)] == ["true", "false"]  # the newest first
    assert ada.nth(0).locator(".cr-newest").count() == 1 and ada.nth(1).locator(".cr-newest").count() == 0
    words = {"en": ("handed in", "the newest of 2", "an older hand-in"), "ja": ("提出:", "最新", "古い提出")}[lang]
    first, second = ada.nth(0).locator("th").inner_text(), ada.nth(1).locator("th").inner_text()
    assert words[0] in first and words[1] in first and words[2] in second, (first, second)
    bo = page.locator("grundy-results tr[data-student='Bo']")
    assert bo.nth(0).get_attribute("data-newest") == "false" and bo.nth(0).locator(".cr-time").count() == 0
    assert bo.nth(0).locator(".cr-same-name").inner_text() == {"en": "2 codes under this name", "ja": "この名前のコードが 2 件あります"}[lang]
    page.wait_for_function("!document.querySelector('grundy-results .cr-table td[data-state=\"checking\"]')", timeout=LOAD_MS)
    with page.expect_download() as download:
        page.click("grundy-results .cr-csv")
    table = list(csv.DictReader(line for line in Path(download.value.path()).read_text().splitlines()
                                if not line.startswith("#")))
    times = {(line["student"], line["handed in"], line["verified"]) for line in table}
    assert times == {("Ada", "2026-11-18T11:06:40.000Z", "0"), ("Ada", "2026-11-18T12:06:40.000Z", "1"),
                     ("Bo", "", "1"), ("Bo", "", "0")}, times
    assert not page.console_errors, page.console_errors
