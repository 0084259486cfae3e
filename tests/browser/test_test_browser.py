"""The tests' own Chromium (tests/conftest.py browser, bench/browser.py): no address bar's
popup beside every page, and every feature Playwright turns off still off; the tests'
pages (tests/testpages.py) draw their frames at the normal rate when another page of
their context was opened after them; another reader's pages keep their storage apart."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.browser import OMNIBOX_POPUP  # noqa: E402


def test_no_address_bar_popup_and_playwrights_features_kept(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto("chrome://version")
        switches = page.locator("#command_line").inner_text().split()
        cdp = browser.new_browser_cdp_session()
        targets = cdp.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        cdp.detach()
    finally:
        context.close()
    popups = [t["url"] for t in targets if "omnibox" in t["url"]]
    assert not popups, popups
    # Playwright's list, then ours: the last one given is the one in effect
    playwrights, ours = [set(s.split("=", 1)[1].split(",")) for s in switches if s.startswith("--disable-features=")]
    assert {"PaintHolding", "AimEnabled"} <= playwrights and playwrights | set(OMNIBOX_POPUP) == ours


# Ten animation frames, in ms: about 170 at 60 per second; about 9,000 in a throttled tab.
TEN_FRAMES = """() => new Promise((done) => { const t0 = performance.now(); let n = 0;
  const frame = () => (++n < 10 ? requestAnimationFrame(frame) : done(performance.now() - t0));
  requestAnimationFrame(frame); })"""


def test_a_page_that_navigates_behind_another_is_not_throttled(new_page, pages_url):
    """A context's pages are tabs of one window; a tab that navigates while another is the
    active one got its frames once a second (not every time: three tries)."""
    for _ in range(3):
        first = new_page()
        first.goto(pages_url + "explorer/")
        second = new_page()
        second.goto(pages_url + "data/")
        first.goto(pages_url + "sierpinski/")
        assert first.evaluate(TEN_FRAMES) < 2000 and second.evaluate(TEN_FRAMES) < 2000
        first.close()
        second.close()


def test_another_readers_page_has_its_own_storage_and_a_warm_cache(new_page, pages_url):
    """new_page(another=True), another reader's browser: it does not see what the test's
    own page stored, and (a context kept for the run) its later pages find its cache."""
    url = pages_url + "glossary/"
    mine = new_page()
    mine.goto(url)
    mine.evaluate("localStorage.setItem('grundy-test-reader', 'mine')")
    other = new_page(another=True)
    assert other.context != mine.context
    other.goto(url)
    assert other.evaluate("localStorage.getItem('grundy-test-reader')") is None
    later = new_page(another=True)
    assert later.context == other.context
    later.goto(url)
    cached = later.evaluate("performance.getEntriesByType('resource').filter((e) => e.transferSize === 0"
                            " && e.decodedBodySize > 0).length")
    assert cached > 0
    assert mine.evaluate("localStorage.getItem('grundy-test-reader')") == "mine"


def test_a_warm_contexts_first_engine_starts_from_the_kept_snapshot(new_page, pages_url):
    """A warm context is a reader's later visit from its start: its first page's engine
    restores the memory snapshot the browser keeps (tests/conftest.py EngineSnapshot)
    instead of starting Python and making one (6 s of CPU instead of 1; a test page closed
    before its worker had kept one left every later page of its context to do the same)."""
    page = new_page(viewport={"width": 1001, "height": 701})  # options of no other test: a new context
    page.goto(pages_url + "glossary/")
    start = page.evaluate("""async (client) => { const { engine } = await import(client); engine.start();
        while (engine.status === "loading") await new Promise((r) => setTimeout(r, 100));
        return engine.boot?.start; }""", pages_url + "assets/widgets/engine-client.js")
    assert start == "snapshot"
