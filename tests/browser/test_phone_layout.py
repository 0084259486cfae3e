"""The phone layout beyond the checks every page gets (pagechecks.py, run by
test_pages_a11y.py): tables and code blocks laid out late still scroll by keyboard, the
exercises wait at about their height, printing lays out every block, the engine's loading
does not shift the page, focus outlines show in dark mode, and the running widgets'
controls fit a phone. Run alone with:
    .venv/bin/python -m pytest tests/browser/test_phone_layout.py
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench import browser
from pagechecks import INPUT_FONT, PHONE, TARGET, open_laid_out
from widgetkit import COUNT_SWAPS

@pytest.fixture
def phone(new_page):
    """A phone page; the widgets' Python runtime is not loaded (layout only, much faster)."""
    def make(scheme="light"):
        page = new_page(color_scheme=scheme, **PHONE)
        page.route("**/vendor/pyodide/**", lambda route: route.abort())
        return page
    return make


# (a widget's own tables are its to lay out: drawn from its build-time answers as it comes near)
SCROLL_STATES = """() => [...document.querySelectorAll('.md-content .md-typeset__scrollwrap')].map((el) =>
  ({ shown: el.checkVisibility() && !el.closest('.grundy-widget'), wide: el.scrollWidth > el.clientWidth + 1,
     tabindex: el.getAttribute('tabindex'), lazy: getComputedStyle(el).contentVisibility === 'auto' }))"""


@pytest.mark.parametrize("rel", ["step-chocolate/", "ja/triangular-chocolate/"])
def test_tables_laid_out_late_scroll_by_keyboard(served_site, phone, rel):
    """Tables far down a lesson are laid out only when scrolled near: until then each is
    focusable (it may scroll sideways); once shown, only those that scroll sideways are."""
    page = phone()
    page.goto(served_site + rel, wait_until="load")
    states = [s for s in page.evaluate(SCROLL_STATES) if s["shown"]]  # (not those in closed tabs)
    assert any(s["lazy"] for s in states) and all(s["tabindex"] == "0" for s in states if s["lazy"])
    tables = page.locator(".md-content .md-typeset__scrollwrap")
    for i in range(tables.count()):
        if not page.evaluate(SCROLL_STATES)[i]["shown"]:
            continue
        tables.nth(i).scroll_into_view_if_needed()
        settled = f"() => {{ const s = ({SCROLL_STATES})()[{i}]; return s.tabindex === (s.wide ? '0' : null); }}"
        try:  # the tabindex follows the layout within a frame or two (more on a loaded machine)
            page.wait_for_function(settled, timeout=5_000)
        except PlaywrightTimeout:
            pass
        state = page.evaluate(SCROLL_STATES)[i]
        assert state["tabindex"] == ("0" if state["wide"] else None), (i, state)


PLACEHOLDERS = """() => [...document.querySelectorAll('.md-content__inner > .grundy-exercise-box > *')].map((el) => ({
  own: getComputedStyle(el).contentVisibility === 'auto' ? getComputedStyle(el).containIntrinsicHeight : null,
  inside: [...el.querySelectorAll('*')].filter((d) => getComputedStyle(d).contentVisibility === 'auto')
    .map((d) => getComputedStyle(d).containIntrinsicHeight) }))"""


def test_exercises_wait_at_about_their_height(served_site, phone):
    """An exercise not yet laid out stands in at 880 px (they are 500-1,900 px tall), so its
    buttons do not overlap the next blocks; blocks inside it keep the usual 160 px."""
    page = phone()
    page.goto(served_site + "wythoff/", wait_until="load")
    boxes = page.evaluate(PLACEHOLDERS)
    own = [b["own"] for b in boxes if b["own"]]
    inside = [h for b in boxes for h in b["inside"]]
    assert own and inside and set(own) == {"auto 880px"} and set(inside) == {"auto 160px"}, boxes


def test_printing_lays_out_every_block(served_site, new_page):
    """A printed lesson has every block, not the placeholders of those not yet laid out:
    as many pages as when every block is laid out first."""
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto(served_site + "sierpinski/", wait_until="load")

    def pages():
        return len(re.findall(rb"/Type\s*/Page[^s]", page.pdf()))

    printed = pages()
    page.add_style_tag(content=browser.RENDER_ALL)
    assert printed == pages() > 5


# Two frames drawn, then the tasks queued by then (a PerformanceObserver's entries) run.
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r))))"
CODE_BLOCKS = """() => [...document.querySelectorAll('.md-content pre > code')].map((code) =>
  ({ copy: !!code.parentElement.querySelector('.md-code__button'), tabindex: code.getAttribute('tabindex'),
     lazy: getComputedStyle(code.parentElement).contentVisibility === 'auto',
     wide: code.scrollWidth > code.clientWidth + 1 }))"""


def test_code_blocks_set_up_when_they_come_into_view(served_site, phone):
    """Material sets up a code block (its copy button) only once it is near the screen
    (content.lazy: the API page's 60 blocks no longer each force a layout at load), and
    blocks far down are laid out only then (content-visibility on their <pre>), focusable
    meanwhile; the reader finds the button on every block scrolled to, and wide ones
    stay focusable."""
    page = phone()
    page.goto(served_site + "api/", wait_until="load")
    page.wait_for_function(f"() => ({CODE_BLOCKS})().some((b, i) => b.copy && i === 0)")  # Material looked at the screen
    blocks = page.evaluate(CODE_BLOCKS)
    assert len(blocks) > 20 and not blocks[-1]["copy"], "blocks far down are set up at load"
    assert blocks[-1]["lazy"] and blocks[-1]["tabindex"] == "0", blocks[-1]
    for i in (len(blocks) // 2, len(blocks) - 1):
        page.locator(".md-content pre > code").nth(i).scroll_into_view_if_needed()
        page.wait_for_function(f"() => ({CODE_BLOCKS})()[{i}].copy")
        page.evaluate(FRAMES)  # scrollers.js measures the block once it is laid out
        state = page.evaluate(CODE_BLOCKS)[i]
        assert state["tabindex"] == ("0" if state["wide"] else None), (i, state)


@pytest.mark.parametrize("size", [PHONE, {"viewport": {"width": 1280, "height": 900}}], ids=["phone", "desktop"])
def test_engine_loading_does_not_shift_the_page(served_site, new_page, size):
    """While the engine loads (on demand: the reader leaves the play widget's build-time
    answers), its progress lies over the top of the board: the board and the text below
    it stay where they are."""
    page = new_page(**size)
    waiting = []
    page.route("**/vendor/pyodide/**", lambda route: waiting.append(route))  # answered at the end
    page.add_init_script(browser.LAYOUT_SHIFTS)
    page.goto(served_site, wait_until="load")
    widget = page.locator(".grundy-widget").first
    page.wait_for_function("el => el.dataset.turn === 'you'", arg=widget.element_handle())
    board = "el => el.querySelector('.gw-board').getBoundingClientRect().top - el.getBoundingClientRect().top"
    before = widget.evaluate(board)  # (the click may scroll the page: within the widget)
    page.evaluate("() => { window.__shifts.length = 0; }")
    widget.locator(".gw-random").click()  # beyond the answers: the engine loads
    page.wait_for_selector(".gw-loader.gw-overlay:not([hidden]) progress")
    page.evaluate(FRAMES)  # the page with the loader drawn, its layout shifts reported
    loader, box = widget.locator(".gw-loader").bounding_box(), widget.bounding_box()
    assert widget.evaluate(board) == before
    assert loader["y"] >= box["y"] and loader["y"] + loader["height"] <= box["y"] + box["height"]
    shifts = [s for s in page.evaluate("__shifts") if any("gw-" in c for c in s["sources"])]
    assert not shifts, shifts
    for route in waiting:
        route.abort()


def test_focus_outline_visible_in_dark_mode(built_site, served_site, phone):
    """Tabbing through a lesson in dark mode: every focused element draws an outline."""
    page = phone("dark")
    faint = []
    for rel in ("", "triangular-chocolate/", "ja/wythoff/"):
        open_laid_out(page, served_site + rel)
        for _ in range(25):
            page.keyboard.press("Tab")
            seen = page.evaluate("""() => {
              const el = document.activeElement;
              if (!el || el === document.body) return null;
              const s = getComputedStyle(el);
              const ring = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
              return { ring, color: s.outlineColor, what: (el.textContent || el.tagName).trim().slice(0, 30) };
            }""")
            if seen and not seen["ring"]:
                faint.append(f"/{rel}: no focus outline on {seen['what']!r}")
    assert not faint, "\n".join(faint)


WIDGET_CONTROLS = """([target, inputFont, components]) => {
  const bad = [];
  const inside = components.split(",").map((c) => `${c.trim()} :is(input, select, textarea, button)`).join(", ");
  for (const el of document.querySelectorAll(inside)) {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    if (!r.height || !el.checkVisibility()) continue;
    const what = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    if (el.matches("input:not([type=checkbox]):not([type=radio]), select, textarea") && parseFloat(s.fontSize) < inputFont)
      bad.push(`${what}: text ${s.fontSize}`);
    const hit = el.matches("[type=checkbox], [type=radio]") && el.closest("label") ? el.closest("label") : el;
    if (hit.getBoundingClientRect().height < target - 0.5)
      bad.push(`${what}: ${Math.round(hit.getBoundingClientRect().height)}px tall`);
  }
  const scrolled = (el) => {  // inside a box that scrolls sideways itself (a wide table)
    for (let a = el.parentElement; a && !a.matches(components); a = a.parentElement)
      if (/auto|scroll/.test(getComputedStyle(a).overflowX)) return true;
    return false;
  };
  for (const el of document.querySelectorAll(components.split(",").map((c) => `${c.trim()} *`).join(", ")))
    if (el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !scrolled(el))
      bad.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}: wider than the screen`);
  return bad;
}"""


# Text inside the widgets (labels, captions, the board's SVG text) as rendered, in px.
WIDGET_TEXT = """(only) => {
  const small = [];
  for (const el of document.querySelectorAll(".grundy-widget :is(label, th, td, caption, p, span, li, text, output)")) {
    if (Boolean(el.closest("svg.grundy-sum")) !== (only === "sum")) continue;
    if (!el.checkVisibility() || ![...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim())) continue;
    const size = parseFloat(getComputedStyle(el).fontSize) * (el instanceof SVGElement ? el.getScreenCTM().a : 1);
    if (size < 11 - 0.05) small.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} `
                                     + `"${el.textContent.trim().slice(0, 20)}": ${size.toFixed(1)}px`);
  }
  return small;
}"""
# Pages holding every widget kind: nim-sum, play (a sum of games, Nim), table, Ryuoh board,
# P-positions, the formula search.
WIDGET_PAGES = ("impartial-games/", "ryuoh/", "other-inequalities/", "discover/")


def test_widget_controls_fit_a_phone(widget_site, widget_server, watched, measurements):
    """Every widget kind, once the engine has loaded and its controls are built, in English
    and Japanese: every control at least 44 px tall with 16 px text, nothing wider than the
    screen (but inside a box that scrolls sideways), and every text (labels, captions, the
    board's SVG labels) at least 11 px as rendered."""
    page = watched(phone=True).page  # the engine loads (the widget tests' server and browser)
    page.add_init_script(COUNT_SWAPS)  # from page to page by links: one engine per language
    bad, kinds, controls, sums = [], set(), 0, []
    for rel in [prefix + path for prefix in ("", "ja/") for path in WIDGET_PAGES]:
        open_laid_out(page, widget_server + rel, widget_server)
        for i in range(page.locator(".grundy-widget").count()):
            widget = page.locator(".grundy-widget").nth(i)
            widget.scroll_into_view_if_needed()
            for attempt in range(2):  # a load that failed on a loaded machine: Try again once
                if attempt:
                    widget.locator(".gw-retry").click()
                # the engine starts on demand (a play widget's first moves need none): start it
                page.wait_for_function("i => { const el = document.querySelectorAll('.grundy-widget')[i];"
                                       " if (window.grundyEngine?.status === 'idle') window.grundyEngine.start();"
                                       " return el.dataset.engine === 'failed' || el.dataset.engine === 'ready'"
                                       " && el.querySelector('form')"
                                       " && (el.localName !== 'grundy-play' || el.dataset.turn); }",
                                       arg=i, timeout=180_000)
                if widget.get_attribute("data-engine") == "ready":
                    break
            assert widget.get_attribute("data-engine") == "ready", f"/{rel}: the engine did not load"
            if widget.evaluate("el => el.localName") == "grundy-play":
                widget.locator(".gw-hints").check()
                widget.locator(".gw-hints-table").wait_for(timeout=30_000)
            kinds.add(widget.evaluate("el => el.localName"))
            controls += widget.locator("input, select, button").count()
        found = page.evaluate(WIDGET_CONTROLS, [TARGET, INPUT_FONT, ".grundy-widget"]) + page.evaluate(WIDGET_TEXT, "")
        sums += page.evaluate(WIDGET_TEXT, "sum")
        bad += [f"/{rel}: {line}" for line in found]
    assert kinds == {f"grundy-{kind}" for kind in ("play", "table", "nimsum", "pviewer", "discover")}
    measurements.append(f"phone widgets: {controls} controls of every widget kind measured; "
                        f"{len(sums)} labels of a sum's board under 11 px (test_sum_board_labels_on_a_phone)")
    assert not bad, "\n".join(dict.fromkeys(bad))


def test_sum_board_labels_on_a_phone(widget_site, widget_server, watched):
    """The sum of games' board on a phone: its labels at least 11 px as rendered."""
    page = watched(phone=True).page
    open_laid_out(page, widget_server + "impartial-games/")
    widget = page.locator("grundy-play[data-game=sum]").first
    widget.scroll_into_view_if_needed()
    page.wait_for_function("el => el.dataset.turn", arg=widget.element_handle(), timeout=180_000)
    small = page.evaluate(WIDGET_TEXT, "sum")
    assert not small, "\n".join(small)


FIELD_LABELS = """() => [...document.querySelectorAll('.grundy-widget .gw-field > label')].filter((l) => l.checkVisibility())
  .map((l) => ({ text: l.textContent, height: l.getBoundingClientRect().height, font: parseFloat(getComputedStyle(l).fontSize) }))"""


@pytest.mark.parametrize("rel", ["ja/triangular-chocolate/", "triangular-chocolate/"])
def test_field_labels_stand_on_one_line(served_site, phone, rel):
    """The play widget's labels on a phone are one line each, 対戦相手 (the opponent) too:
    the select beside it shrinks instead of the label breaking after every character."""
    page = phone()
    page.goto(served_site + rel, wait_until="load")
    widget = page.locator("grundy-play").first
    widget.scroll_into_view_if_needed()
    widget.locator(".gw-level-field label").wait_for(timeout=60_000)
    labels = page.evaluate(FIELD_LABELS)
    assert {"対戦相手" if rel.startswith("ja/") else "Opponent"} <= {label["text"] for label in labels}, labels
    tall = [label for label in labels if label["height"] >= 2 * label["font"]]
    assert not tall, tall


BOARD_ON_SCREEN = """el => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  el.scrollIntoView({ block: 'start' });
  window.scrollBy(0, el.querySelector('.gw-status').getBoundingClientRect().top - header - 8);
  const status = el.querySelector('.gw-status').getBoundingClientRect();
  const board = el.querySelector('.gw-board svg').getBoundingClientRect();
  return { header, status: [status.top, status.bottom], board: [board.top, board.bottom], height: innerHeight };
}"""


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("rel", ["ja/chocolate-and-nim/", "wythoff/", "ja/chomp/", "ryuoh/",
                                 "ja/triangular-chocolate/", "impartial-games/"])
def test_the_board_comes_first_and_whole(served_site, new_page, rel, orientation):
    """A game's status, then its whole board, on one phone screen once the widget is at the top
    (issue 49: the settings stacked 600 px above the board; a landscape board never fitted):
    the settings come after the board."""
    size = PHONE["viewport"]
    viewport = size if orientation == "portrait" else {"width": size["height"], "height": size["width"]}
    page = new_page(**{**PHONE, "viewport": viewport})
    page.goto(served_site + rel)
    root = page.locator("grundy-play").first
    page.wait_for_function("el => el.dataset.turn === 'you'", arg=root.element_handle(), timeout=60_000)
    at = root.evaluate(BOARD_ON_SCREEN)
    assert at["header"] <= at["status"][0] <= at["status"][1] <= at["board"][0], at
    assert at["board"][1] <= at["height"], (rel, orientation, at)
    assert root.evaluate("el => el.querySelector('.gw-board').compareDocumentPosition("
                         "el.querySelector('form.gw-controls:not(.gw-typed)')) & Node.DOCUMENT_POSITION_FOLLOWING")
