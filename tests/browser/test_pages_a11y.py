"""Every English page on a phone (390 x 844, touch, light), in one visit each: the phone
layout, axe-core (no serious or critical finding) and a screenshot (pagechecks.py holds the
checks and the method). The desktop layout (1280 x 800, sidebars shown) gets axe and a
screenshot on a sample that holds every kind of page, with the widgets' engine running. The Japanese
pages run in test_pages_a11y_ja.py, side by side with these. The buttons keep their contrast
when hovered or focused, in both schemes. Run alone with:
    .venv/bin/python -m pytest tests/browser/test_pages_a11y.py tests/browser/test_pages_a11y_ja.py
"""

from __future__ import annotations

import pytest

from pagechecks import DESKTOP, ENGINE_SETTLED, arrive, phone_pass, sample_pass, site_pages
from widgetkit import COUNT_SWAPS, LOAD_MS, wait_turn

BUTTONS = ".md-typeset .md-button"
# Each shown, enabled button's contrast: its text on its own background (opaque when hovered
# or focused: Material paints it in the accent colour), by WCAG's formula; 0 if the background
# is not opaque. The buttons are hovered by the caller (DevTools' forced state); focused here.
CONTRASTS = """([selector, focus]) => {
  const rgba = (c) => { const [r, g, b, a = 1] = c.match(/[\\d.]+/g).map(Number); return [r, g, b, a]; };
  const lum = (c) => c.map((v) => v / 255).map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (el) => {
    const s = getComputedStyle(el), bg = rgba(s.backgroundColor), fg = rgba(s.color);
    if (bg[3] < 1) return 0;
    const text = fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3]));
    const [hi, lo] = [lum(text), lum(bg.slice(0, 3))].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  return [...document.querySelectorAll(selector)].filter((el) => el.checkVisibility() && !el.disabled).map((el) => {
    if (focus) el.focus();
    const r = ratio(el);
    if (focus) el.blur();
    return [el.textContent.trim(), r];
  });
}"""
NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; }"


def test_every_english_page_on_a_phone(built_site, served_site, new_page, measurements):
    assert {"", "lab/", "no/such/page/"} <= set(site_pages(built_site))
    phone_pass(built_site, served_site, new_page, measurements, japanese=False)


def test_sample_on_a_desktop(built_site, served_site, new_page):
    sample_pass(built_site, served_site, new_page, "desktop-light", color_scheme="light", **DESKTOP)


def test_the_lab_is_settled_only_once_set_up(served_site, new_page):
    """ENGINE_SETTLED, the wait before a page's buttons are measured, holds on the Lab's
    page only once lab.js has set the Lab up. Reached by a link (instant navigation), the
    page is swapped in before its module runs: under load the module came after the wait,
    and its buttons, measured unhovered, read 0.00:1."""
    page = new_page(fresh=True, **DESKTOP)
    page.add_init_script(COUNT_SWAPS)
    held, released = [], []
    page.route("**/assets/lab/lab.js", lambda route: route.continue_() if released else held.append(route))
    arrive(page, served_site + "triangular-chocolate/", served_site)
    arrive(page, served_site + "lab/", served_site)
    assert page.evaluate(ENGINE_SETTLED) is False, "settled before the Lab was set up"
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_function(ENGINE_SETTLED, timeout=LOAD_MS, polling=100)
    assert page.locator("[data-lab] [data-share]").count() == 1


def test_links_are_followed_once_instant_navigation_can_take_them(served_site, new_page):
    """COUNT_SWAPS says the page can count swaps only once Material has the sitemap, which
    its link clicks wait for: a link clicked before loads the page in full (a fresh context
    on a busy machine: the Lab test above timed out so, waiting for a swap)."""
    page = new_page(fresh=True, **DESKTOP)
    page.add_init_script(COUNT_SWAPS)
    held = []
    page.route("**/sitemap.xml", lambda route: held.append(route))
    with page.expect_request("**/sitemap.xml"):
        page.goto(served_site + "triangular-chocolate/", wait_until="load")
    page.evaluate("() => new Promise((done) => setTimeout(() => setTimeout(done)))")  # (COUNT_SWAPS's own wait)
    assert page.evaluate("window.__swaps") is None, "ready to follow links before Material has the sitemap"
    for route in held:
        route.continue_()
    arrive(page, served_site + "lab/", served_site)
    assert page.evaluate("window.__swaps") == 2


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_buttons_keep_their_contrast_when_hovered_or_focused(served_site, new_page, scheme):
    """Every button of a lesson's widgets, the Lab and the classroom, hovered and focused
    (Material paints it in the accent colour): its text keeps 4.5:1."""
    page = new_page(color_scheme=scheme, **DESKTOP)
    page.add_init_script(COUNT_SWAPS)  # from page to page by links: the engine boots once
    bad = []
    for rel in ("triangular-chocolate/", "lab/", "results/"):
        arrive(page, served_site + rel, served_site)
        page.wait_for_function(ENGINE_SETTLED, timeout=LOAD_MS, polling=100)
        if rel == "results/":  # its buttons exist once its module has run (later under load)
            page.wait_for_selector("grundy-results .cr-clear", timeout=LOAD_MS)
        page.add_style_tag(content=NO_TRANSITIONS)
        for widget in page.locator("grundy-play").all():  # (a play widget starts when scrolled to)
            widget.scroll_into_view_if_needed()
            wait_turn(page, widget)
        devtools = page.context.new_cdp_session(page)
        devtools.send("DOM.enable")
        devtools.send("CSS.enable")
        document = devtools.send("DOM.getDocument")["root"]["nodeId"]
        buttons = devtools.send("DOM.querySelectorAll", {"nodeId": document, "selector": BUTTONS})["nodeIds"]
        for state in ("hovered", "focused"):
            for node in buttons:
                devtools.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": ["hover"] if state == "hovered" else []})
            shown = page.evaluate(CONTRASTS, [BUTTONS, state == "focused"])
            assert shown, f"/{rel}: no button"
            bad += [f"/{rel} {state} {text!r}: {ratio:.2f}:1" for text, ratio in shown if ratio < 4.5]
        devtools.detach()
    assert not bad, "\n".join(bad)
