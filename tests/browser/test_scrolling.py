"""Scrolling through lessons on a phone loads no engine: every widget draws from the
engine's build-time answers and every exercise checks answers from them; the engine
(Pyodide, megabytes) loads when the reader asks for something only it can answer, with its
loader shown.

Not timed: the bytes of a lesson's first minute are scripts/bench_network.py's."""

from __future__ import annotations

import re

from widgetkit import COUNT_SWAPS, LOAD_MS, STEP_MS, follow

# the engine's files: Pyodide's runtime, its standard library and lock file, the memory
# snapshot, the engine's wheel and its index
ENGINE_FILE = re.compile(r"/vendor/(pyodide|wheels)/|\.whl$|\.snapshot\.gz$|python_stdlib\.zip$")

# Down the whole page a screen at a time, as a thumb does (a touch that starts a scroll
# lands on whatever is under it: a pointerdown on each widget and exercise passed), then
# until every widget and exercise that asks for its build-time answers has them.
SCROLL_THROUGH = """async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight * 0.8) {
        scrollTo(0, y);
        await frame();
        await pause(150);
        for (const el of document.querySelectorAll('grundy-exercise, .grundy-widget')) {
            const box = el.getBoundingClientRect();
            if (box.bottom > 0 && box.top < innerHeight) {
                el.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, pointerType: 'touch'}));
            }
        }
    }
}"""
# Every widget past its static picture (its first drawing; a discover widget's is its
# build-time result), every find-move exercise with its moves listed.
ALL_DRAWN = """() => [...document.querySelectorAll('grundy-play, grundy-table, grundy-nimsum, grundy-pviewer')]
        .every((el) => el.dataset.ready && !el.querySelector('.gw-fallback'))
    && [...document.querySelectorAll('grundy-exercise[data-kind=find-move]')]
        .every((el) => el.querySelector('select.gx-moves')?.options.length > 1)"""


def scroll_through(page):
    page.evaluate(SCROLL_THROUGH)
    page.wait_for_function(ALL_DRAWN, timeout=STEP_MS)


def test_scrolling_through_lessons_loads_no_engine(watched, widget_server):
    """On a phone, a fresh profile: the triangular-chocolate lesson (a game, exercises of
    every kind) and then, by a link, the impartial-games page (its nim-sum widget) scrolled
    from top to bottom request no file of the engine; the exercises check answers without
    it; the nim-sum widget asked for another sum loads it, showing its loader."""
    w = watched(phone=True, fresh=True)
    page = w.page
    engine_files = []
    page.on("request", lambda r: engine_files.append(r.url) if ENGINE_FILE.search(r.url) else None)
    page.add_init_script(COUNT_SWAPS)  # (follow: the next page by a link, instant navigation)
    page.goto(widget_server + "triangular-chocolate/", wait_until="load")
    scroll_through(page)
    # the exercises check answers from the engine's build-time answers
    find = page.locator("grundy-exercise[data-kind=find-move]").first
    find.locator("select.gx-moves").select_option(index=1)
    find.locator(".gx-check").click()
    page.wait_for_function("el => el.querySelector('.gx-feedback').dataset.result", arg=find.element_handle(),
                           timeout=STEP_MS)
    find.locator(".gx-hint").click()
    page.wait_for_function("el => el.querySelector('.gx-hints li')", arg=find.element_handle(), timeout=STEP_MS)
    value = page.locator("grundy-exercise[data-kind=grundy-value]").first
    value.locator(".gx-value").fill("0")
    value.locator(".gx-check").click()
    page.wait_for_function("el => el.querySelector('.gx-feedback').dataset.result", arg=value.element_handle(),
                           timeout=STEP_MS)
    find.evaluate("el => scrollTo(0, el.getBoundingClientRect().top + scrollY - 60)")  # (taller than the screen)
    w.screenshot("scrolled-exercise-no-engine")

    follow(page, "../impartial-games/")
    scroll_through(page)
    nimsum = page.locator("grundy-nimsum").first
    assert nimsum.get_attribute("data-total") == "0"
    nimsum.scroll_into_view_if_needed()
    w.screenshot("scrolled-nimsum-no-engine", nimsum)
    assert not engine_files, f"the engine was loaded by scrolling: {engine_files[:5]}"
    assert page.evaluate("() => window.grundyEngine.status") == "idle"

    # the reader asks for another sum: the engine loads, its loader shown, and answers
    nimsum.locator(".gw-heaps").fill("1 2")
    page.wait_for_selector("grundy-nimsum .gw-loader:not([hidden]) progress", timeout=LOAD_MS)
    w.screenshot("scrolled-nimsum-engine-loading", nimsum)
    page.wait_for_function("el => el.dataset.total === '3'", arg=nimsum.element_handle(), timeout=LOAD_MS)
    assert nimsum.locator(".gw-loader").is_hidden()
    assert engine_files
