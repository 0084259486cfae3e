"""The worksheet page (docs/worksheet.md, <grundy-worksheet>) in Chromium: the answer key
agrees with the engine, the seed in the address decides the sheet, the form writes the
address, axe finds no serious violation on the drawn sheet, and the printed PDF (A4 and
Letter, English and Japanese) has the worksheet's pages then the key's, without the site's
chrome or the form. The first pages are saved as PNG (pdftoppm) in
artifacts/screenshots/worksheet/ to be looked at.
Run on a build of your own with WS_URL=http://127.0.0.1:8795/chocolate-games/ (served)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

import grundy
from widgetkit import AXE

ROOT = Path(__file__).resolve().parents[2]
PICTURES = ROOT / "artifacts" / "screenshots" / "worksheet"
LOAD_MS = 120_000  # Pyodide on two shared cores
DESKTOP = {"viewport": {"width": 1100, "height": 900}}
CHOCOLATE = "?game=chocolate&k=3&n=6&seed=42"
NIM = "lesson=impartial-games&n=12&seed=3"
WORDS = {"en": {"sheet": "Worksheet:", "table": "2. A table to fill", "key": "Answer key:",
                "chrome": ("The Lab", "How to use it", "Make the worksheet")},
         "ja": {"sheet": "演習プリント:", "table": "2. 表を埋める", "key": "解答:",
                "chrome": ("ラボ", "使い方", "プリントを作る")}}


@pytest.fixture(scope="module")
def base(request) -> str:
    """The site's address: $WS_URL (a served build of your own) or the suite's Pages build."""
    return os.environ.get("WS_URL") or request.getfixturevalue("pages_url")


def open_sheet(new_page, base, query, lang="en"):
    """A fresh page on the worksheet, once it is drawn."""
    page = new_page(**DESKTOP)
    page.goto(base + ("ja/" if lang == "ja" else "") + "worksheet/" + query)
    page.wait_for_selector("grundy-worksheet[data-state='ready']", timeout=LOAD_MS)
    return page


def positions(page) -> list[dict]:
    """The positions to analyse, as their data attributes give them."""
    return page.eval_on_selector_all(".ws-item", """items => items.map(li => ({
        game: li.dataset.game, params: JSON.parse(li.dataset.params), pos: li.dataset.pos}))""")


def key(page) -> list[dict]:
    return page.eval_on_selector_all(".ws-key-item", """items => items.map(li => ({
        pos: li.dataset.pos, outcome: li.dataset.outcome, grundy: li.dataset.grundy,
        moves: li.dataset.moves, text: li.textContent}))""")


def coords(text: str) -> tuple:
    return tuple(int(c) for c in text.split())


def check_key(page, lang="en") -> int:
    """Every key entry is the engine's: outcome, Grundy value, every winning move (a teacher
    marks any of them right) and how many there are; the filled table's P and N are the
    engine's at every square. Returns the most winning moves of one entry."""
    shown, answers = positions(page), key(page)
    most = 0
    assert shown and [a["pos"] for a in answers] == [s["pos"] for s in shown]
    for item, answer in zip(shown, answers):
        game, pos = grundy.game(item["game"], **item["params"]), coords(item["pos"])
        value = game.grundy(pos)
        outcome = "P" if value == 0 else "N"
        assert (answer["outcome"], int(answer["grundy"])) == (outcome, value), (item, answer)
        words = {"en": f"{outcome}-position, Grundy value {value}", "ja": f"{outcome} 局面、グランディ数 {value}"}
        assert words[lang] in answer["text"], answer
        wins = [m.to for m in game.moves(pos) if game.grundy(m.to) == 0]
        assert sorted(coords(m) for m in answer["moves"].split(";") if m) == sorted(wins), answer
        for move in wins:
            assert "{" + ", ".join(map(str, move)) + "}" in answer["text"], answer
        if len(wins) > 1:
            assert {"en": f"{len(wins)} winning moves", "ja": f"勝つ手は {len(wins)} 通り"}[lang] in answer["text"]
        most = max(most, len(wins))
    grid = page.eval_on_selector("table[data-grid='key']", """t => ({
        free: t.dataset.free.split(' ').map(Number), fixed: JSON.parse(t.dataset.fixed),
        cells: [...t.querySelectorAll('td[data-cell]')].map(td => [td.dataset.cell, td.textContent]),
        none: t.querySelectorAll('td.ws-none').length})""")
    game = grundy.game(shown[0]["game"], **shown[0]["params"])
    assert len(grid["cells"]) + grid["none"] == 64 and len(grid["cells"]) > 20
    for cell, text in grid["cells"]:
        pos = list(grid["fixed"])
        for index, value in zip(grid["free"], coords(cell)):
            pos[index] = value
        assert text == ("P" if game.grundy(tuple(pos)) == 0 else "N"), (pos, text)
    assert page.eval_on_selector_all("table[data-grid='blank'] td", "tds => tds.every(td => !td.textContent)")
    return most


def test_the_key_is_the_engines_and_the_form_writes_the_address(new_page, base):
    page = open_sheet(new_page, base, CHOCOLATE)
    assert len(positions(page)) == 6 and len(page.query_selector_all(".ws-item svg")) == 6
    check_key(page)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""async () => (await axe.run("grundy-worksheet", {resultTypes: ["violations"]}))
        .violations.filter(v => ["serious", "critical"].includes(v.impact))
        .map(v => v.id + " at " + v.nodes.map(n => n.target.join(" ")).slice(0, 3))""")
    assert not found, found
    page.select_option("select[name='lesson']", "wythoff")
    page.fill("input[name='seed']", "7")
    page.fill("input[name='n']", "4")
    page.click(".ws-form button[type='submit']")
    page.wait_for_selector("grundy-worksheet[data-state='ready'][data-seed='7']", timeout=LOAD_MS)
    assert page.url.endswith("worksheet/?lesson=wythoff&n=4&seed=7")
    assert {item["game"] for item in positions(page)} == {"wythoff"} and len(positions(page)) == 4
    check_key(page)
    page.goto(page.url.replace("lesson=wythoff&n=4&seed=7", NIM))  # Nim: often several winning moves
    page.wait_for_selector("grundy-worksheet[data-state='ready'][data-seed='3']", timeout=LOAD_MS)
    assert check_key(page) >= 2
    assert not page.console_errors and not page.foreign_requests


# The first form's buttons as they are shown: their min-height, or "unstyled" when the
# worksheet's stylesheet has not applied yet.
FIRST_BUTTONS = """new MutationObserver((_, observer) => {
  const button = document.querySelector(".ws-buttons .md-button");
  if (!button) return;
  const styled = [...document.styleSheets].some((s) => s.ownerNode?.id === "ws-styles");
  window.__firstButtons = styled ? getComputedStyle(button).minHeight : "unstyled";
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });"""


def test_the_form_shows_only_once_styled(new_page, base):
    """On a phone, the form never shows before its stylesheet (its buttons 44 px tall),
    however late the stylesheet arrives."""
    page = new_page(fresh=True, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.add_init_script(FIRST_BUTTONS)
    page.route("**/worksheet.css", lambda route: (time.sleep(1.5), route.continue_()))
    page.goto(base + "ja/worksheet/")
    page.wait_for_selector("grundy-worksheet[data-state='ready']", timeout=LOAD_MS)
    assert page.evaluate("window.__firstButtons") == "44px"


def test_the_seed_decides_the_sheet(new_page, base):
    page = open_sheet(new_page, base, "?lesson=ryuoh&seed=5")
    first = positions(page)
    page.reload()
    page.wait_for_selector("grundy-worksheet[data-state='ready']", timeout=LOAD_MS)
    assert positions(page) == first
    page.goto(page.url.replace("seed=5", "seed=6"))
    page.wait_for_selector("grundy-worksheet[data-state='ready'][data-seed='6']", timeout=LOAD_MS)
    assert positions(page) != first
    page.goto(page.url.split("?")[0])  # no seed: one is chosen and written in the address
    page.wait_for_selector("grundy-worksheet[data-state='ready']", timeout=LOAD_MS)
    assert re.search(r"[?&]seed=\d+", page.url) and positions(page)


def pdf_pages(path: Path) -> list[str]:
    """The text of each page of a PDF (poppler's pdftotext; a form feed ends each page)."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_printed_worksheet(new_page, base, lang, tmp_path):
    if not shutil.which("pdftotext"):
        pytest.fail("pdftotext not found: run bash scripts/setup.sh as root (poppler-utils)")
    page = open_sheet(new_page, base, CHOCOLATE, lang)
    check_key(page, lang)
    words = WORDS[lang]
    PICTURES.mkdir(parents=True, exist_ok=True)
    for paper in ("A4", "Letter"):
        pdf = tmp_path / f"{paper}.pdf"
        page.pdf(path=str(pdf), format=paper)
        pages = pdf_pages(pdf)
        assert len(pages) == 3, [p[:80] for p in pages]  # positions, the table, the key
        sheet, table, answers = pages
        assert words["sheet"] in sheet and "{" in sheet and words["table"] not in sheet
        assert words["table"] in table and words["key"] not in table
        assert words["key"] in answers
        for chrome in words["chrome"]:
            assert chrome not in "".join(pages), chrome
        prefix = PICTURES / f"{lang}-{paper}"
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-l", "3", str(pdf), str(prefix)], check=True)
        assert len(list(PICTURES.glob(f"{lang}-{paper}-*.png"))) == 3
    assert not page.console_errors and not page.foreign_requests
