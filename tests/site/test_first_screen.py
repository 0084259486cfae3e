"""What the first screen does not need waits: figures far down a page load lazily
(scripts/sitehooks/images.py), and the widgets' and exercises' modules are fetched once
the page has loaded and been painted (docs/assets/widgets/painted.js), so that a phone's
network and main thread serve the first paint alone; the widgets and exercises still
come to life, and every figure is there when the reader scrolls to it or prints."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from bench.browser import LOAD_IMAGES  # noqa: E402
from sitehooks import images  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LATE_MODULES = ("engine-client.js", "grundy-play.js", "grundy-table.js", "exercise-element.js",
                "panel.js")


def test_images_from_the_sixth_block_on_are_lazy():
    blocks = [f"<p>{i}</p>" for i in range(4)]
    html = "".join(blocks) + (
        '<figure><img src="a.webp"></figure>\n<p>x<br/>y</p><svg><path d="M0"/></svg>\n'
        '<figure>\n<img src="b.webp" alt="b"></figure><p><img src="c.webp" loading="eager"/></p>')
    out = images.lazy_below_fold(html)
    assert '<figure><img src="a.webp">' in out                     # the fifth block
    assert '<img loading="lazy" src="b.webp" alt="b">' in out
    assert '<img src="c.webp" loading="eager"/>' in out             # an explicit choice kept
    assert out.count("<img") == 3
    late = "".join(blocks * 2) + '<p><img src="first.webp"></p><p><img src="next.webp"></p>'
    assert images.lazy_below_fold(late).endswith(
        '<p><img src="first.webp"></p><p><img loading="lazy" src="next.webp"></p>')  # the first stays


def test_built_lessons_load_only_their_first_figure_at_once(built_site):
    for page in ("sierpinski/index.html", "ja/sierpinski/index.html"):
        tags = re.findall(r"<img\b[^>]*>", (built_site / page).read_text(encoding="utf-8"))
        assert len(tags) == 6
        assert 'loading="lazy"' not in tags[0]
        assert all('loading="lazy"' in tag for tag in tags[1:])


def test_lazy_figures_load_when_scrolled_to(served_site, new_page):
    page = new_page(**PHONE)
    page.goto(served_site + "sierpinski/")
    assert page.evaluate("[...document.images].filter((i) => i.complete).length") < 6
    for index in range(6):
        page.locator("article img").nth(index).scroll_into_view_if_needed()
    page.wait_for_function("[...document.images].every((i) => i.complete && i.naturalWidth > 0)")


def test_printing_includes_the_lazy_figures(served_site, new_page):
    """Chromium fetches lazy images for printing: a lesson printed at once has as many
    images as one printed after every figure was loaded."""

    def printed_images(load_first):
        page = new_page(viewport={"width": 1280, "height": 900})
        page.goto(served_site + "sierpinski/", wait_until="load")
        if load_first:
            page.evaluate(LOAD_IMAGES)
        else:
            assert not page.evaluate("[...document.images].every((i) => i.complete)")
        return len(re.findall(rb"/Subtype\s*/Image", page.pdf()))

    assert printed_images(False) == printed_images(True) >= 6


def test_widget_modules_wait_for_the_load_and_the_first_paint(served_site, new_page):
    page = new_page(**PHONE)
    page.goto(served_site + "triangular-chocolate/")
    page.evaluate("Promise.all(['grundy-play', 'grundy-exercise'].map((n) => customElements.whenDefined(n)))")
    timings = page.evaluate("""() => {
      const load = performance.getEntriesByType("navigation")[0].loadEventStart;
      const paint = performance.getEntriesByType("paint")[0].startTime;
      const starts = Object.fromEntries(performance.getEntriesByType("resource")
        .map((r) => [r.name.split("/").pop(), r.startTime]));
      return { load, paint, starts };
    }""")
    ready = max(timings["load"], timings["paint"])
    for name in LATE_MODULES:
        assert timings["starts"][name] >= ready, (name, timings)
    assert page.locator("grundy-play").count() >= 1
