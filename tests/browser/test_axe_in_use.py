"""axe-core after use on the kinds of page whose widgets test_a11y_use does not already
check in use (issue 48): the P-position viewer's pages (the whole page, once it has been
turned, redrawn and its table unfolded), the Lab (after a run), the worksheet (after a new
sheet) and the Discover page (after a check), in English on a light desktop and in Japanese on a dark phone. Each page
is also checked for errors and requests to other origins (the watched fixture)."""

from __future__ import annotations

import pytest

from pagechecks import axe_after_use
from widgetkit import LOAD_MS


def use_pviewer(page):
    viewer = page.locator("grundy-pviewer").first
    viewer.scroll_into_view_if_needed()
    page.wait_for_selector("grundy-pviewer canvas.gw-cloud[aria-label]", timeout=LOAD_MS)
    viewer.locator(".gw-quarter").click()
    label = viewer.locator("canvas.gw-cloud").get_attribute("aria-label")
    viewer.locator(".gw-max").fill("40")
    viewer.locator(".gw-show").click()
    page.wait_for_function("([el, old]) => el.getAttribute('aria-label') !== old",
                           arg=[viewer.locator("canvas.gw-cloud").element_handle(), label], timeout=LOAD_MS)
    viewer.locator(".gw-points summary").click()
    page.wait_for_selector("grundy-pviewer .gw-points tbody tr", timeout=LOAD_MS)


def use_lab(page):
    page.wait_for_selector("[data-lab][data-engine='ready'][data-editor]", timeout=LOAD_MS)
    page.evaluate("text => window.grundyLab.editor.setCode(text)",
                  "import grundy\nprint(grundy.game('nim', heaps=3).table(3).p_positions()[:3])\n")
    page.click("[data-run]")
    page.wait_for_selector("[data-output][data-state='ok']", timeout=LOAD_MS)


def use_worksheet(page):
    page.wait_for_selector("grundy-worksheet[data-state='ready']", timeout=LOAD_MS)
    page.fill("input[name='seed']", "7")
    page.click(".ws-form button[type='submit']")
    page.wait_for_selector("grundy-worksheet[data-state='ready'][data-seed='7']", timeout=LOAD_MS)


def use_discover(page):
    widget = page.locator("grundy-discover").first
    widget.scroll_into_view_if_needed()
    widget.locator(".gw-test").wait_for(timeout=LOAD_MS)
    widget.locator(".gw-guess").fill("x ^ y ^ z == 0")
    widget.locator(".gw-test").click()
    page.wait_for_selector("grundy-discover .gw-guess-result:not(:empty)", timeout=LOAD_MS)


USES = {"other-inequalities/": use_pviewer, "sierpinski/": use_pviewer, "lab/": use_lab,
        "worksheet/": use_worksheet, "discover/": use_discover}


@pytest.mark.parametrize("lang,scheme", [("en", "light"), ("ja", "dark")])
@pytest.mark.parametrize("rel", list(USES))
def test_axe_after_use(watched, widget_server, rel, lang, scheme):
    """English on a light desktop, Japanese on a dark phone."""
    w = watched(color_scheme=scheme, phone=lang == "ja")
    page = w.page
    page.goto(widget_server + ("ja/" if lang == "ja" else "") + rel)
    USES[rel](page)
    assert not axe_after_use(page, f"{lang}/{rel} {scheme}")
