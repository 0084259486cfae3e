"""Journeys across pages under Material's instant navigation, on the Pages build (site_url
set: its sitemap lists the pages, so instant navigation is on), at 1280 x 900 and on a
390 x 844 touch phone:
- the Lab opened first (a shared lab/#code=… link), a lesson, Back: the Lab is whole again;
  a lesson's "Open in the Lab" brings its example, and the address stays lab/#code=…;
- a runaway loop left in the Lab: the next lesson's play widget and exercises still work;
  Back and Forward to that lesson: its widget plays again; an exercise solved on one page
  is still solved when the reader comes back to it;
- the address after a page swap is the new page's (no heading anchor of the page before);
  a link to a heading on another page (by keyboard) and a table of contents' link land on
  the heading; the language switch then opens the same page in the other language;
- Japanese search: a second search answers, 石取り finds its lessons, and a result with an
  anchor lands on it;
- the widget in use, 120 px below the window's top: a link away, Back, Forward and Back,
  the language switch (a full load, the game going along) and Back: it comes back at
  120 px, in the state the reader left it (the same game and moves), and "New game" then
  starts from the lesson's start; a table widget likewise; the progress panel names each
  lesson by its own title (and an assignment's exercise by the classroom's title);
- a shared game's link in a new tab: the game is replayed and shown below the header; a
  link to a heading of that page lands on it without loading the page again (the game kept);
- on the Lab reached by instant navigation, its own "Open in the Lab" loads the example.
English on a desktop, Japanese on a phone where a journey is run once per device.
Screenshots of the Lab after coming back: artifacts/screenshots/journeys/."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from widgetkit import ADDRESS_WRITES, COUNT_SWAPS, POLL_MS, follow, swap

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots" / "journeys"
LOAD_MS = 120_000  # Pyodide on two shared cores
STEP_MS = 30_000
DEVICES = {"desktop": {"viewport": {"width": 1280, "height": 900}},
           "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}
SHARED = "print('shared by a link')\n"
LANG = {"desktop": "", "phone": "ja/"}  # the edition a journey run once per device reads
TOP = 120  # where the reader keeps the widget in use (px below the window's top)
HEADER = 48  # Material's header, over the page's top
ANCHOR_TOP = 68  # where a heading an anchor names lands (Material's :target scroll margin, 3.4rem)
# Wythoff's lesson, its first game: the reader moved to (0, 5), the computer took all: over.
SHARED_GAME = "wythoff/?play=wythoff&start=9.5&moves=0.5,0.0&seed=1"
PLAYABLE = "el => el.dataset.turn === 'you' || el.dataset.turn === 'over'"
# The element's top (px below the window's top) once it has not moved for `frames` animation
# frames running: more than place.js holds a place for (SETTLE_FRAMES, 20), so nothing holds
# it there any more. A predicate for wait_for_function (polled at every frame).
STEADY = """([el, frames]) => { const s = el.__steady || (el.__steady = {top: NaN, still: 0});
    const top = el.getBoundingClientRect().top;
    s.still = Math.abs(top - s.top) < 0.5 ? s.still + 1 : 0;
    s.top = top;
    return s.still >= frames && {top}; }"""
# Material has written the page's scroll offset into its history entry (place.js adds the place)
OFFSET_WRITTEN = "() => history.state !== null && history.state.y === scrollY"
# the results of the query starting with `start` are shown (their links highlight its words)
ANSWERED = """start => [...document.querySelectorAll('.md-search-result__item a')]
    .some(a => (new URL(a.href).searchParams.get('h') || '').includes(start))"""


@pytest.fixture
def base(request) -> str:
    """The Pages build's address, ending in /chocolate-games/ (NAV_URL: a build served elsewhere)."""
    return os.environ.get("NAV_URL") or request.getfixturevalue("pages_url")


@pytest.fixture(params=list(DEVICES))
def reader(request, new_page):
    """A fresh page on `device` that counts Material's page swaps (window.__swaps)."""
    page = new_page(**DEVICES[request.param])
    page.device = request.param
    page.add_init_script(COUNT_SWAPS)
    page.add_init_script(ADDRESS_WRITES)
    return page


# ---------------------------------------------------------------- helpers

def footer(page, which: str) -> None:
    """Follow the footer's link to the previous or next page as a reader does: scrolled to,
    then clicked once it stays put (the blocks laid out as they come near move it; a click
    while it moves may land beside it, and no page comes)."""
    link = page.locator(f"a.md-footer__link--{which}")
    link.scroll_into_view_if_needed()
    steady_top(page, link)
    swap(page, link.click)


def footer_without_anchor(page, which: str) -> str:
    """Follow the footer's link from a page whose address has an anchor: once the next page's
    address is written, no address written after it carries an anchor or another path (the
    page left writes into the next page's entry while it loads, and at the swap, when its
    tracking stops: instant.js drops those writes); the address reached. (ADDRESS_WRITES
    records every write.)"""
    left = page.url.split("#")[0]
    written = page.evaluate("() => window.__addresses.length")
    footer(page, which)
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")
    addresses = page.evaluate("n => window.__addresses.slice(n)", written)
    reached = next((i for i, a in enumerate(addresses) if a.split("#")[0] != left), None)
    assert reached is not None, addresses
    assert addresses[reached:] == [page.url] * (len(addresses) - reached) and "#" not in page.url, addresses
    return page.url


def steady_top(page, element, frames: int = 30) -> float:
    """The element's top once it stays put (STEADY)."""
    element.evaluate("el => { delete el.__steady; }")
    return page.wait_for_function(STEADY, arg=[element.element_handle(), frames], timeout=STEP_MS).json_value()["top"]


def landed(page, anchor: str) -> float:
    """The heading's offset (heading_offset) once it stays put."""
    steady_top(page, page.locator(f"[id='{anchor}']"))
    return heading_offset(page, anchor)


def heading_offset(page, anchor: str) -> float:
    """The heading's distance below where a full load puts it (its scroll margin as :target,
    ANCHOR_TOP: a link within the page sets no :target), or 0 when the page's end keeps it
    lower but in view."""
    return page.evaluate("""([id, anchorTop]) => { const el = document.getElementById(id);
        const top = el.getBoundingClientRect().top - (parseFloat(getComputedStyle(el).scrollMarginTop) || anchorTop);
        const end = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
        return end && top > 0 && top < innerHeight - 40 ? 0 : top; }""", [anchor, ANCHOR_TOP])


def lab_code(page) -> str:
    page.wait_for_selector("[data-lab][data-mounted][data-editor]", timeout=LOAD_MS)
    return page.evaluate("window.grundyLab.editor.getCode()")


def assert_lab_whole(page, name: str) -> None:
    lab = page.locator("[data-lab]")
    page.wait_for_selector("[data-lab][data-editor] .lab-editor > *", timeout=LOAD_MS)
    for control in ("[data-run]", "[data-stop]", "[data-share]", "[data-examples]"):
        assert lab.locator(control).count() == 1, control
    lab.locator("[data-run]").scroll_into_view_if_needed()
    assert lab.locator("[data-run]").is_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{page.device}.png"))


def wait_playable(page, widget) -> None:
    widget.scroll_into_view_if_needed()
    page.wait_for_function(PLAYABLE, arg=widget.element_handle(), timeout=LOAD_MS)


def play_a_move(page, widget) -> None:
    moves = int(widget.get_attribute("data-moves") or 0)
    widget.locator(".gw-board .move").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"el => Number(el.dataset.moves) > {moves} && ({PLAYABLE})(el)",
                           arg=widget.element_handle(), timeout=LOAD_MS)


def open_exercise(page, selector="grundy-exercise"):
    """The first exercise matching `selector`, opened, once the engine has listed its moves."""
    ex = page.locator(selector).first
    ex.scroll_into_view_if_needed()
    page.wait_for_function("el => el.dataset.ready === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    ex.locator(".gx-question").click()
    page.wait_for_function("el => el.querySelector('select.gx-moves')?.options.length > 1",
                           arg=ex.element_handle(), timeout=LOAD_MS)
    return ex


def search(page, query: str, press_key: bool = True):
    """Type `query` in the search (with a key released at the end, or not: as an input
    method or a paste enters it); the visible result links."""
    button = page.locator("label.md-header__button[for=__search]")  # phones only
    if button.is_visible() and not page.is_checked("#__search"):
        button.click()
    page.click(".md-search__input")
    page.fill(".md-search__input", query)
    if press_key:
        page.press(".md-search__input", "End")
    page.wait_for_function(ANSWERED, arg=query[:2], timeout=LOAD_MS)
    return page.locator(".md-search-result__item a:visible")


def put_at(page, widget, top: float = TOP) -> None:
    """Scroll so that the widget's top is `top` px below the window's top (the reader's place)."""
    widget.evaluate("(el, top) => scrollBy({top: el.getBoundingClientRect().top - top, behavior: 'instant'})", top)
    page.wait_for_function(OFFSET_WRITTEN, timeout=STEP_MS)  # with the place (place.js)
    assert abs(widget.evaluate("el => el.getBoundingClientRect().top") - top) <= 2


def game_of(widget) -> dict:
    """What the play widget shows: its position, moves played and whose turn."""
    return widget.evaluate("el => ({pos: el.dataset.pos, moves: el.dataset.moves, turn: el.dataset.turn})")


def came_back(page, widget, top: float = TOP, ready: str = PLAYABLE) -> float:
    """Wait until the widget (ready) is back `top` px below the window's top; its top once it
    stays put (wherever it is after STEP_MS)."""
    where = "el => el.getBoundingClientRect().top"
    try:
        page.wait_for_function(f"([el, top]) => ({ready})(el) && Math.abs(({where})(el) - top) <= 2",
                               arg=[widget.element_handle(), top], timeout=STEP_MS, polling=POLL_MS)
    except PlaywrightTimeout:
        pass
    return steady_top(page, widget)  # settled: nothing moves it any more


def lesson_titles(page) -> dict:
    """The progress kept in the browser: lesson -> {language: its title in the panel}."""
    return page.evaluate("""() => Object.fromEntries(Object.entries(
        JSON.parse(localStorage.getItem('grundy-exercises') || '{}').lessons || {}).map(([k, v]) => [k, v.titles]))""")


def page_title(page) -> str:
    return page.title().split(" - ")[0]


def clean(page) -> None:
    assert not page.foreign_requests, page.foreign_requests[:5]
    errors = [e for e in page.console_errors if "preload" not in e]
    assert not errors, errors[:5]


# ---------------------------------------------------------------- the Lab and the widgets

# Once the page's engine has kept its memory snapshot, if its start makes one (at most 90 s).
SNAPSHOT_KEPT = """async (client) => {
  const { engine } = await import(client);
  for (let i = 0; i < 900 && engine.boot?.keeps && !engine.kept; i++) await new Promise((r) => setTimeout(r, 100));
}"""


def test_the_lab_first_then_lessons_and_back(reader, base):
    page = reader
    page.goto(base + "lab/#code=" + quote(SHARED, safe=""))
    assert lab_code(page) == SHARED
    # (its engine ready first, and the memory snapshot it keeps after a start without one
    # kept: Python's start, then the snapshot's copy and gzip, seconds of CPU, held a busy
    # machine's page swap past its limit in some full runs)
    page.wait_for_selector("[data-lab][data-engine='ready']", timeout=LOAD_MS)
    page.evaluate(SNAPSHOT_KEPT, base + "assets/widgets/engine-client.js")
    footer(page, "prev")  # a lesson, by the page's own link
    assert "/lab/" not in page.url
    swap(page, page.go_back)
    assert page.url.startswith(base + "lab/")
    assert_lab_whole(page, "lab-after-back")

    follow(page, "../open-problems/")  # "Open in the Lab" from a lesson's "In Python"
    link = page.locator("#in-python ~ .pyexample a.pyexample-lab").first
    expected = link.evaluate("a => decodeURIComponent(a.hash.slice('#code='.length))")
    page.locator("#in-python").evaluate("h => h.scrollIntoView()")  # its heading under the header
    # Material's anchor tracking has seen it (its write of the address, 250 ms later, may come
    # after the click below: instant.js must then keep it out of the Lab's address)
    page.wait_for_function("() => document.querySelector('.md-sidebar--secondary .md-nav__link--active')"
                           "?.hash === '#in-python'", timeout=STEP_MS)
    swap(page, link.click)
    assert lab_code(page) == expected
    assert page.url.startswith(base + "lab/#code="), page.url
    assert_lab_whole(page, "lab-open-in-the-lab")

    # On the Lab itself (reached by instant navigation), its examples' "Open in the Lab".
    page.evaluate("text => window.grundyLab.editor.setCode(text)", SHARED)
    own = page.locator(".pyexample a.pyexample-lab").last
    example = own.evaluate("a => decodeURIComponent(a.hash.slice('#code='.length))")
    own.click()
    page.wait_for_function("code => window.grundyLab.editor.getCode() === code", arg=example, timeout=STEP_MS)
    assert 0 <= steady_top(page, page.locator("[data-lab]")) <= HEADER + 40

    # A runaway loop, left running: the next lesson's widgets still work.
    page.wait_for_selector("[data-lab][data-engine='ready']", timeout=LOAD_MS)
    page.evaluate("text => window.grundyLab.editor.setCode(text)", "print('looping')\nwhile True:\n    pass\n")
    page.click("[data-run]")
    page.wait_for_function("document.querySelector('[data-output]').textContent.includes('looping')",
                           timeout=LOAD_MS)
    follow(page, "../triangular-chocolate/")
    assert page.url == base + "triangular-chocolate/"
    widget = page.locator("grundy-play").first
    wait_playable(page, widget)
    play_a_move(page, widget)
    open_exercise(page, "grundy-exercise[data-kind=find-move]")

    # Back and Forward: the lesson's widget plays again.
    footer(page, "next")
    swap(page, page.go_back)
    assert page.url.startswith(base + "triangular-chocolate/")
    wait_playable(page, page.locator("grundy-play").first)
    swap(page, page.go_forward)
    swap(page, page.go_back)
    wait_playable(page, page.locator("grundy-play").first)

    # An exercise solved on one page is still solved when the reader comes back.
    follow(page, "../wythoff/")
    ex = open_exercise(page, "grundy-exercise[data-kind=find-move]")
    ex.locator("select.gx-moves").select_option("7,4")
    ex.locator(".gx-check").click()
    page.wait_for_function("el => el.dataset.solved === 'true'", arg=ex.element_handle(), timeout=LOAD_MS)
    footer(page, "prev")
    swap(page, page.go_back)
    ex = page.locator("grundy-exercise[data-kind=find-move]").first
    ex.scroll_into_view_if_needed()
    page.wait_for_function("el => el.dataset.solved === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    follow(page, "../lab/")  # the Lab after the lessons
    assert_lab_whole(page, "lab-after-lessons")
    assert page.evaluate("window.grundyEngine.restarts") >= 1  # the loop was stopped on leaving
    clean(page)


# ---------------------------------------------------------------- the reader's place

def test_back_forward_and_the_language_switch_keep_the_widget_in_use(reader, base, measurements):
    page = reader
    lang, other = ("ja", "en") if LANG[page.device] else ("en", "ja")
    page.goto(base + LANG[page.device] + "wythoff/")
    widget = page.locator("grundy-play").first
    wait_playable(page, widget)
    start = widget.get_attribute("data-pos")
    play_a_move(page, widget)
    left = game_of(widget)
    wythoff = page_title(page)
    put_at(page, widget)

    follow(page, "../ryuoh/")  # a link away, to a lesson with exercises
    ex = page.locator("grundy-exercise").first
    page.wait_for_function("el => el.dataset.ready === 'true'", arg=ex.element_handle(), timeout=STEP_MS)
    titles = lesson_titles(page)
    assert titles["ryuoh"] == {lang: page_title(page)} and titles["wythoff"] == {lang: wythoff}, titles
    assert page_title(page) in page.locator(".gx-progress .gx-lessons").first.text_content()
    # the classroom's contract: an exercise's data-lesson-title names its lesson in the panel
    assigned = page.evaluate("""() => { const ex = document.createElement('grundy-exercise');
        Object.assign(ex.dataset, {kind: 'grundy-value', game: 'wythoff', params: '{}', pos: '1 2',
                                   lesson: 'assignment-journey', lessonTitle: 'Homework 1', id: 't0'});
        ex.innerHTML = '<div class="gx-static"><p class="gx-question">?</p><details class="gx-answer"></details></div>';
        document.querySelector('.md-content article').append(ex);
        ex.remove();
        document.querySelector('.gx-progress[data-lesson="assignment-journey"]').remove();
        return JSON.parse(localStorage.getItem('grundy-exercises')).lessons['assignment-journey'].titles; }""")
    assert list(assigned.values()) == ["Homework 1"], assigned

    swap(page, page.go_back)  # the widget in use where the reader left it, as they left it
    widget = page.locator("grundy-play").first
    back = came_back(page, widget)
    measurements.append(f"journeys [{page.device}, {lang}]: the play widget left at {TOP} px, "
                        f"after Back at {back:.0f} px")
    assert abs(back - TOP) <= 2 and game_of(widget) == left, (back, game_of(widget), left)
    assert lesson_titles(page)["wythoff"] == {lang: wythoff}
    swap(page, page.go_forward)
    assert page.url.startswith(base + LANG[page.device] + "ryuoh/")
    swap(page, page.go_back)
    widget = page.locator("grundy-play").first
    assert abs(came_back(page, widget) - TOP) <= 2 and game_of(widget) == left

    # "New game" starts from the lesson's start, not from where the game came back.
    widget.locator(".gw-new").click()
    page.wait_for_function("([el, start]) => el.dataset.moves === '0' && el.dataset.pos === start",
                           arg=[widget.element_handle(), start], timeout=STEP_MS)
    play_a_move(page, widget)
    left, game = game_of(widget), urlsplit(page.url).query
    put_at(page, widget)

    # The language switch (a full load) takes this game along; Back (a full load) returns.
    switch = page.locator(f".md-select__link[hreflang={other}]").first
    page.evaluate("a => a.click()", switch.element_handle())
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=other, timeout=STEP_MS)
    widget = page.locator("grundy-play").first
    page.wait_for_function(PLAYABLE, arg=widget.element_handle(), timeout=LOAD_MS)
    assert urlsplit(page.url).query == game and game_of(widget) == left, (page.url, game, game_of(widget))
    assert HEADER <= came_back(page, widget, top=64) <= HEADER + 40  # under the header
    page.go_back()
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang, timeout=STEP_MS)
    widget = page.locator("grundy-play").first
    back = came_back(page, widget)
    measurements.append(f"journeys [{page.device}, {lang}]: after the language switch and Back at {back:.0f} px")
    assert abs(back - TOP) <= 2 and game_of(widget) == left, (back, game_of(widget), left)
    clean(page)


def test_a_shared_game_and_a_table_come_back_where_they_were(reader, base, measurements):
    page = reader
    page.goto(base + LANG[page.device] + SHARED_GAME)  # a game's link opened in a new tab
    widget = page.locator("grundy-play").first
    top = came_back(page, widget, top=64, ready="el => el.dataset.turn === 'over'")
    measurements.append(f"journeys [{page.device}]: a shared game's widget at {top:.0f} px (header {HEADER} px)")
    assert HEADER <= top <= HEADER + 40 and game_of(widget)["moves"] == "2"
    # A link to a heading of this page (a permalink, the table of contents): the page is not
    # loaded again, the game and its address stay, the heading lands under the header.
    swaps, address = page.evaluate("window.__swaps"), page.url
    heading = page.locator(".md-content h2[id]").first
    heading.locator("a.headerlink").evaluate("a => a.click()")
    assert page.url == address.split("#")[0] + "#" + heading.get_attribute("id")
    assert abs(came_back(page, heading, top=ANCHOR_TOP, ready="el => true") - ANCHOR_TOP) <= 2
    assert page.evaluate("window.__swaps") == swaps and game_of(widget)["moves"] == "2"
    widget.locator(".gw-new").click()  # from the lesson's start, not the finished board
    page.wait_for_function("el => el.dataset.moves === '0' && el.dataset.pos === '9,5' && el.dataset.turn === 'you'",
                           arg=widget.element_handle(), timeout=STEP_MS)

    follow(page, "../step-chocolate/")
    table = page.locator("grundy-table").first
    table.scroll_into_view_if_needed()
    page.wait_for_function("el => el.dataset.drawn", arg=table.element_handle(), timeout=LOAD_MS)
    put_at(page, table)
    follow(page, "../chomp/")
    swap(page, page.go_back)
    back = came_back(page, page.locator("grundy-table").first, ready="el => el.dataset.drawn")
    measurements.append(f"journeys [{page.device}]: the step-chocolate table left at {TOP} px, after Back at {back:.0f} px")
    assert abs(back - TOP) <= 2, back
    clean(page)


# ---------------------------------------------------------------- addresses and anchors

def test_addresses_anchors_and_the_language_switch(reader, base):
    page = reader
    page.goto(base + "triangular-chocolate/")
    page.wait_for_function("() => window.__swaps !== undefined", timeout=STEP_MS)  # Material has started
    for _ in range(3):  # the reader scrolls: Material's tracking writes "#…" into the address
        page.mouse.wheel(0, 4000)  # (again if a loaded machine had not laid the page out yet)
        try:
            page.wait_for_function("() => location.hash !== ''", timeout=STEP_MS // 3, polling=POLL_MS)
            break
        except PlaywrightTimeout:
            pass
    assert page.evaluate("location.hash"), "scrolling wrote no heading's anchor into the address"
    assert footer_without_anchor(page, "next") == base + "sierpinski/", "the address carries the page before's anchor"

    follow(page, "../glossary/")
    link = page.locator("a[href$='impartial-games/#the-nim-sum']").first
    link.scroll_into_view_if_needed()
    link.focus()
    swap(page, lambda: page.keyboard.press("Enter"))
    assert abs(landed(page, "the-nim-sum")) <= 2  # once the blocks around it are laid out
    assert page.url == base + "impartial-games/#the-nim-sum"

    if page.device == "desktop":  # the table of contents (in the drawer on a phone)
        toc = page.locator(".md-sidebar--secondary a.md-nav__link[href$='#nim-and-boutons-theorem']")
        toc.click()
        assert abs(landed(page, "nim-and-boutons-theorem")) <= 2
        assert page.url == base + "impartial-games/#nim-and-boutons-theorem"
    assert "#" not in footer_without_anchor(page, "next")
    here = page.url

    switch = page.locator(".md-select__link[hreflang=ja]").first
    assert switch.get_attribute("href") == here.replace(base, base + "ja/")
    page.evaluate("a => a.click()", switch.element_handle())
    page.wait_for_function("() => document.documentElement.lang === 'ja'", timeout=STEP_MS)
    assert page.url == here.replace(base, base + "ja/")
    clean(page)


def test_japanese_search_and_a_result_with_an_anchor(reader, base):
    page = reader
    page.goto(base + "ja/")
    assert search(page, "グランディ数").count() >= 3
    links = search(page, "石取り", press_key=False)  # a second search, entered without a key
    hrefs = links.evaluate_all("els => els.map(a => a.href)")
    pages = {h.split("?")[0] for h in hrefs}
    for lesson in ("impartial-games", "triangular-chocolate", "open-problems"):
        assert base + f"ja/{lesson}/" in pages, hrefs
    anchored = next(h for h in hrefs if "#references" in h)
    swap(page, lambda: page.locator(f".md-search-result__item a[href='{anchored}']").first.click())
    assert abs(landed(page, "references")) <= 2
    assert page.url == anchored
    clean(page)
