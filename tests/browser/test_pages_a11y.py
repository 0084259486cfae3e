"""Every built page, English and Japanese, on a phone (390 x 844, touch): axe-core finds no
serious or critical violation (the checks Lighthouse's accessibility score is made of).
The desktop layout (1280 x 800, sidebars shown) and the dark scheme are checked on a sample
that holds every kind of page: the same markup, other colours and layout. axe takes 4-19 s
a page on two shared cores (a lesson has thousands of elements, most of them KaTeX's), so
the English pages run here and the Japanese ones in test_pages_a11y_ja.py, side by side.
The widgets' Python runtime is not loaded (their static pictures are checked here;
test_widgets.py checks the running widgets). Every block is laid out first, as the
reader's scrolling does (off-screen blocks are skipped until then, and axe would measure
colours on blocks that are not drawn). Run alone with:
    .venv/bin/python -m pytest tests/browser/test_pages_a11y.py tests/browser/test_pages_a11y_ja.py
"""

from __future__ import annotations

from pathlib import Path

from bench.browser import RENDER_ALL
from widgetkit import AXE

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# one page of each kind: home, lessons with widgets and exercises (both languages), the Lab,
# the data page, the API reference, the classroom pages, the worksheet, a missing address
SAMPLE = ("", "triangular-chocolate/", "ja/sierpinski/", "chomp/", "lab/", "ja/lab/", "data/",
          "api/", "assign/", "results/", "ja/worksheet/", "no/such/page/")
SEVERE = ("serious", "critical")
# The Lab's editor (CodeMirror) scrolls inside an element whose content is a contenteditable
# textbox, reached by Tab; axe does not count it as focusable content.
FALSE_POSITIVES = {"scrollable-region-focusable": ".cm-scroller"}
RUN_AXE = """async (ignore) => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.map((v) => ({id: v.id, impact: v.impact,
    where: v.nodes.map((n) => n.target.join(" ")).filter((t) => !(ignore[v.id] && t.endsWith(ignore[v.id])))}))
    .filter((v) => v.where.length);
}"""


def site_pages(site: Path) -> list[str]:
    """Every page of the built site (paths relative to its root, "" for the home page), and a
    missing address (the 404 page)."""
    return sorted(p.relative_to(site).as_posix().removesuffix("index.html")
                  for p in site.rglob("index.html") if "assets" not in p.parts) + ["no/such/page/"]


def violations(page, served_site: str, pages: list[str]) -> list[str]:
    """axe's serious and critical findings on each of `pages` (relative to served_site)."""
    page.route("**/vendor/pyodide/**", lambda route: route.abort())
    bad = []
    for rel in pages:
        page.goto(served_site + rel, wait_until="load")
        page.add_style_tag(content=RENDER_ALL)
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        bad += [f"{rel}: {v['impact']} {v['id']} at {v['where'][:3]}"
                for v in page.evaluate(RUN_AXE, FALSE_POSITIVES) if v["impact"] in SEVERE]
    return bad


def test_axe_every_english_page_on_a_phone(built_site, served_site, new_page):
    pages = [rel for rel in site_pages(built_site) if not rel.startswith("ja/")]
    assert "" in pages and "lab/" in pages and "no/such/page/" in pages
    bad = violations(new_page(color_scheme="light", **PHONE), served_site, pages)
    assert not bad, "\n".join(bad)


def test_axe_sample_on_a_desktop(built_site, served_site, new_page):
    assert all(rel in site_pages(built_site) for rel in SAMPLE)
    bad = violations(new_page(color_scheme="light", **DESKTOP), served_site, list(SAMPLE))
    assert not bad, "\n".join(bad)
