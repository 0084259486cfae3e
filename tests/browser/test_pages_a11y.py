"""Every built page, English and Japanese, on a phone (390 x 844, touch) and a desktop
(1280 x 800), light and dark: axe-core finds no serious or critical violation (the checks
Lighthouse's accessibility score is made of). The widgets' Python runtime is not loaded
(their static pictures are checked here; test_widgets.py checks the running widgets).
Every block is laid out first, as the reader's scrolling does (off-screen blocks are
skipped until then, and axe would measure colours on blocks that are not drawn).
Run alone with:
    .venv/bin/python -m pytest tests/browser/test_pages_a11y.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.browser import RENDER_ALL
from widgetkit import AXE

DEVICES = {"phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
           "desktop": {"viewport": {"width": 1280, "height": 800}}}
SCHEMES = {"phone": ("light", "dark"), "desktop": ("light",)}
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
    """Every page of the built site (paths relative to its root, "" for the home page)."""
    return sorted(p.relative_to(site).as_posix().removesuffix("index.html")
                  for p in site.rglob("index.html") if "assets" not in p.parts)


@pytest.mark.parametrize(("device", "scheme"), [(d, s) for d in DEVICES for s in SCHEMES[d]])
def test_axe_finds_no_serious_violation_on_any_page(built_site, served_site, new_page,
                                                    device, scheme):
    page = new_page(color_scheme=scheme, **DEVICES[device])
    page.route("**/vendor/pyodide/**", lambda route: route.abort())
    urls = [served_site + rel for rel in site_pages(built_site)] + [served_site + "no/such/page/"]  # the 404 page
    assert served_site + "ja/" in urls
    bad = []
    for url in urls:
        page.goto(url, wait_until="load")
        page.add_style_tag(content=RENDER_ALL)
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        bad += [f"{url.removeprefix(served_site)}: {v['impact']} {v['id']} at {v['where'][:3]}"
                for v in page.evaluate(RUN_AXE, FALSE_POSITIVES) if v["impact"] in SEVERE]
    assert not bad, "\n".join(bad)
