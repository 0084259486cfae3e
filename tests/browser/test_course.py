"""A course a newcomer can follow, measured on a 390 x 844 phone: how many screens a reader
scrolls before the first game and before the first exercise of each lesson, in both
languages (printed in the run's summary); the first lesson's game comes on its first two
screens, and a P/N table says how to fill it before its grids."""

from __future__ import annotations

import re

import pytest

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
FIRST_LESSON = "impartial-games/"

# Each lesson's distance from the page's top, in screens, to its first game and exercise.
SCREENS = """() => {
  const screens = (sel) => { const el = document.querySelector(sel);
    return el ? (el.getBoundingClientRect().top + scrollY) / innerHeight : null; };
  return { game: screens('grundy-play'), exercise: screens('grundy-exercise') };
}"""


def lessons(built_site) -> list[str]:
    """The lessons in the course's order: the pages of the nav that hold a game."""
    nav = (built_site / "index.html").read_text(encoding="utf-8")
    paths = dict.fromkeys(re.findall(r'<a href="([a-z-]+/)" class="md-nav__link', nav))
    return [p for p in paths if "<grundy-play" in (built_site / p / "index.html").read_text(encoding="utf-8")]


@pytest.mark.parametrize("edition", ["", "ja/"], ids=["en", "ja"])
def test_screens_to_the_first_game_and_exercise(new_page, served_site, built_site, measurements, edition):
    page = new_page(**PHONE)
    found = {}
    for path in lessons(built_site):
        page.goto(served_site + edition + path, wait_until="load")
        page.wait_for_function("document.fonts.status === 'loaded'")
        found[path] = page.evaluate(SCREENS)
    for path, at in found.items():
        shown = {k: "none" if v is None else f"{v:.1f}" for k, v in at.items()}
        measurements.append(f"course {edition or 'en/'}{path}: first game {shown['game']} screens, "
                            f"first exercise {shown['exercise']} screens")
    assert FIRST_LESSON in found and found[FIRST_LESSON]["game"] < 2, found.get(FIRST_LESSON)


def test_a_pn_table_says_how_before_its_grids(new_page, served_site):
    """The instruction of the first lesson's P/N table stands above its first grid."""
    page = new_page(**PHONE)
    page.goto(served_site + FIRST_LESSON, wait_until="load")
    exercise = page.locator("grundy-exercise:has(.gx-static td.gx-cell)").first
    help_text = exercise.locator("p.gx-help")
    help_text.wait_for(timeout=60_000)
    assert help_text.evaluate("""p => !!(p.compareDocumentPosition(
        p.closest('grundy-exercise').querySelector('td.gx-cell')) & Node.DOCUMENT_POSITION_FOLLOWING)""")
