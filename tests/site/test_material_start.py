"""Material's start restyles nothing it need not: the root already carries the classes its
bundle adds and the head's links their full addresses (docs/overrides/partials/
material-start.html), the bundle adds no color-scheme meta and wraps no table, the tables
being wrapped at build time (scripts/sitehooks/material_js.py, tables.py), and the page's
colour scheme still follows the palette (assets/stylesheets/site.css)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from sitehooks import material_js, tables  # noqa: E402

ROOT_SCHEME = "getComputedStyle(document.documentElement).colorScheme"
# The root's classes and the head's link addresses when the page is parsed, before the
# deferred scripts run.
WHEN_PARSED = """document.addEventListener("readystatechange", () => {
  if (document.readyState !== "interactive") return;
  window.__parsedClasses = document.documentElement.className;
  window.__parsedLinks = [...document.head.querySelectorAll("link[href]")].map((l) => l.getAttribute("href"));
});"""


ORIGINALS = "".join(original + ";" for _, original, _ in material_js.PATCHES)
PATCHED = "".join(patched + ";" for _, _, patched in material_js.PATCHES)


def test_patch_makes_each_change_once():
    assert material_js.patch_text(ORIGINALS) == PATCHED
    assert material_js.patch_text(PATCHED) == PATCHED     # mkdocs-static-i18n builds twice


def test_patch_stops_the_build_on_another_bundle(tmp_path):
    bundle = tmp_path / "assets" / "javascripts" / "bundle.0123abcd.min.js"
    bundle.parent.mkdir(parents=True)
    bundle.write_text(material_js.PATCHES[0][1], encoding="utf-8")   # one text of two
    with pytest.raises(material_js.PatchError, match="tables it wraps.*mkdocs-material upgraded"):
        material_js.patch_bundle(str(tmp_path))


def test_built_bundle_is_patched(built_site):
    (bundle,) = (built_site / "assets" / "javascripts").glob("bundle.*.min.js")
    text = bundle.read_text(encoding="utf-8")
    for _, original, patched in material_js.PATCHES:
        assert patched in text and original not in text


def test_tables_without_a_class_are_wrapped():
    wrapped = tables.wrap('<p>a</p><table><tr><td><table class="x"><tr><td>1</td></tr></table>'
                          '</td></tr></table><table>\n</table>')
    assert wrapped == (f'<p>a</p>{tables.OPEN}<table><tr><td><table class="x"><tr><td>1</td></tr>'
                       f'</table></td></tr></table>{tables.CLOSE}{tables.OPEN}<table>\n</table>{tables.CLOSE}')


def test_tables_are_wrapped_once_in_the_browser(served_site, new_page):
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.goto(served_site + "triangular-chocolate/", wait_until="load")
    counts = page.evaluate("""() => ({
      tables: document.querySelectorAll(".md-content table:not([class])").length,
      wrapped: document.querySelectorAll(".md-content .md-typeset__scrollwrap > .md-typeset__table > table").length,
      twice: document.querySelectorAll(".md-typeset__scrollwrap .md-typeset__scrollwrap").length})""")
    assert counts["tables"] >= 5 and counts == {**counts, "wrapped": counts["tables"], "twice": 0}
    page.locator("a.md-footer__link--next").click()       # instant navigation: the next lesson
    page.wait_for_url("**/sierpinski/")
    assert page.evaluate("document.querySelectorAll('.md-typeset__scrollwrap .md-typeset__scrollwrap').length") == 0


@pytest.mark.parametrize("path", ["", "ja/triangular-chocolate/"])
def test_root_and_links_are_ready_before_the_bundle(served_site, new_page, path):
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.add_init_script(WHEN_PARSED)
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(served_site + path, wait_until="load")
    assert page.evaluate("window.__parsedClasses").split() == ["js", "js-focus-visible"]
    links = page.evaluate("window.__parsedLinks")
    assert any(".css" in link for link in links)
    assert all(link.startswith(served_site) for link in links), links
    assert len(requests) == len(set(requests)), "a link was fetched twice"
    assert page.evaluate("document.documentElement.hasAttribute('data-js-focus-visible')")
    assert page.locator('head meta[name="color-scheme"]').count() == 0
    assert not page.console_errors


@pytest.mark.parametrize("preferred", ["light", "dark"])
def test_page_colour_scheme_follows_the_palette(served_site, new_page, preferred):
    page = new_page(color_scheme=preferred)
    page.goto(served_site + "ja/", wait_until="load")
    scheme = {"light": "normal", "dark": "dark"}
    assert page.evaluate(ROOT_SCHEME) == scheme[preferred]
    other = "dark" if preferred == "light" else "light"
    page.locator("label.md-header__button:visible[for^='__palette']").click()
    page.wait_for_function(f"{ROOT_SCHEME} === {scheme[other]!r}")
    page.reload(wait_until="load")                # the choice is kept across pages
    assert page.evaluate(ROOT_SCHEME) == scheme[other]
