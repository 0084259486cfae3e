"""The classroom without a server (issue #27) in Chromium: a teacher makes an assignment
(docs/assign.md), a student opens its link in another browser, solves four tasks (a winning
move, a Grundy value, a P/N table, a game won against the computer) and hands in; the QR
code of the hand-in and of the printed sheet decodes (zxing-cpp) to the results link; the
teacher's results page (docs/results.md) reads the code, pasted and from that link, shows
the right table with every answer re-checked by the engine, and rejects a tampered code with
a clear message. On a desktop and on a phone; on the desktop, the assignment also opens and
works offline once the service worker holds the site (the same worker serves a phone).

CLASS_URL=http://127.0.0.1:8794/chocolate-games/ runs it on a site you serve yourself."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from bench.browser import save_for_offline
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
    assert page.locator("grundy-assignment h2").inner_text() == "Wythoff homework"
    assert not page.locator("grundy-assign").is_visible()  # the teacher's form is not shown
    assert page.locator("grundy-assignment .cr-task-box").count() == 4
    find = page.locator("grundy-assignment grundy-exercise[data-kind='find-move']")
    page.wait_for_selector(f"grundy-assignment .gx-moves option[value='{win_to}']", state="attached", timeout=LOAD_MS)
    find.locator(".gx-moves").select_option(win_to)
    find.locator(".gx-check").click()
    page.wait_for_function("document.querySelector(\"grundy-exercise[data-kind='find-move']\").dataset.solved === 'true'",
                           timeout=LOAD_MS)
    value = page.locator("grundy-assignment grundy-exercise[data-kind='grundy-value']")
    value.locator(".gx-value").fill("99")  # a wrong answer first, then the right one
    value.locator(".gx-check").click()
    page.wait_for_selector("grundy-exercise[data-kind='grundy-value'] .gx-feedback[data-result='wrong']", timeout=LOAD_MS)
    value.locator(".gx-value").fill(str(state(VALUE)["grundy"]))
    value.locator(".gx-check").click()
    page.wait_for_function("document.querySelector(\"grundy-exercise[data-kind='grundy-value']\").dataset.solved === 'true'",
                           timeout=LOAD_MS)
    fill_table(page)
    win_game(page)
    page.click("grundy-assignment .cr-handin-button")
    assert page.locator("grundy-assignment .cr-handin .cr-error").inner_text().strip()  # no name yet
    page.fill("grundy-assignment .cr-name", "Ada")
    page.click("grundy-assignment .cr-handin-button")
    code = page.locator("grundy-assignment .cr-code").input_value().strip()
    assert code.startswith("v1.")
    sheet = page.locator("grundy-assignment .cr-sheet")
    assert "Ada" in sheet.inner_text() and "4 of 4" in sheet.inner_text()
    return code


def fill_table(page):
    """Every cell of the P/N table, clicked to its letter (a blank cell: P, then N)."""
    table = page.locator("grundy-assignment grundy-exercise[data-kind='pn-table']")
    for pos, letter in table_truth().items():
        for _ in range("PN".index(letter) + 1):
            table.locator(f".gx-static td.gx-cell[data-pos='{pos}'] .gx-cellbtn").click()
    table.locator(".gx-check").click()
    page.wait_for_function("document.querySelector(\"grundy-exercise[data-kind='pn-table']\").dataset.solved === 'true'",
                           timeout=LOAD_MS)


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
    first, second, third, fourth = (cells.nth(i).inner_text() for i in range(4))
    assert "✓" in first and "{" + win_to.replace(",", ", ") + "}" in first and "1" in first
    assert "✓" in second and "attempts 2" in second and str(state(VALUE)["grundy"]) in second
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
    student = new_page(**DEVICES[device], fresh=True,  # another browser than the teacher's
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
    assert "checksum does not match" in teacher.locator("grundy-results .cr-messages").inner_text()
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
