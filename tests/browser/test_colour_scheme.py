"""The reader's colour scheme from the first paint (docs/overrides/main.html, block
header): a dark-mode reader's page is dark before Material's deferred bundle runs, with no
colour fading from the light scheme, and a scheme the reader chose with the toggle wins
over the device's. Recorded by an init script when the article first appears."""

from __future__ import annotations

import pytest

# body's scheme when the article is parsed, and whether a link's colour is still moving
# (a transition) once the page is parsed
FIRST = """window.__first = null;
new MutationObserver((_, mo) => {
  if (!document.querySelector('.md-content')) return;
  window.__first = document.body.getAttribute('data-md-color-scheme');
  mo.disconnect();
}).observe(document, { subtree: true, childList: true });
document.addEventListener('DOMContentLoaded', () => {
  const a = document.querySelector('.md-content .md-typeset a[href]:not(.headerlink)');
  window.__moving = a ? a.getAnimations().length : -1;
});"""

# what the toggle stores (Material's __md_set("__palette", ...)) for the light scheme
CHOSE_LIGHT = """localStorage.setItem(new URL('..', location).pathname + '.__palette', JSON.stringify(
  { index: 0, color: { media: '(prefers-color-scheme: light)', scheme: 'default', primary: 'custom', accent: 'custom' } }));"""


@pytest.mark.parametrize("device,chose,rel,expected", [
    ("dark", False, "glossary/", "slate"),
    ("dark", False, "ja/chocolate-and-nim/", "slate"),
    ("light", False, "glossary/", "default"),
    ("dark", True, "glossary/", "default"),
])
def test_the_first_paint_has_the_readers_scheme(watched, widget_server, device, chose, rel, expected):
    w = watched(color_scheme=device, fresh=True)
    page = w.page
    if chose:
        page.goto(widget_server + "glossary/")
        page.evaluate(CHOSE_LIGHT)
    page.add_init_script(FIRST)
    page.goto(widget_server + rel)
    page.wait_for_function("() => window.__moving !== undefined")
    assert page.evaluate("() => window.__first") == expected
    assert page.evaluate("() => window.__moving") == 0
    assert page.evaluate("() => document.body.getAttribute('data-md-color-scheme')") == expected
