"""What the first screen does not need waits: figures far down a page load lazily
(scripts/sitehooks/images.py), and the exercises' modules are fetched once the page has
loaded and been painted (docs/assets/widgets/painted.js), so that a phone's network and
main thread serve the first paint alone; the widgets and exercises still come to life,
and every figure is there when the reader scrolls to it or prints. A page with a game
asks for its play widget's modules and first moves from its head
(scripts/sitehooks/preload.py), no other widget's."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from bench.browser import LOAD_IMAGES  # noqa: E402
from sitehooks import images  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LATE_MODULES = ("exercise-element.js", "panel.js")
HEAD_MODULES = ("painted.js", "grundy-play.js", "widget-base.js", "answers.js", "engine-client.js")


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


def test_exercise_modules_wait_the_play_widgets_come_with_the_page(served_site, new_page):
    """The exercises' modules wait for the load and the first paint; the play widget's
    modules and first moves are asked for by the head (no other widget's module: none on
    this page), and the widget uses them (each fetched once)."""
    page = new_page(**PHONE)
    page.goto(served_site + "triangular-chocolate/")
    page.evaluate("Promise.all(['grundy-play', 'grundy-exercise'].map((n) => customElements.whenDefined(n)))")
    page.locator("grundy-play").scroll_into_view_if_needed()
    page.wait_for_function("document.querySelector('grundy-play').dataset.turn")
    timings = page.evaluate("""() => {
      const load = performance.getEntriesByType("navigation")[0].loadEventStart;
      const paint = performance.getEntriesByType("paint")[0].startTime;
      const all = performance.getEntriesByType("resource").map((r) => [r.name.split("/").pop(), r.startTime]);
      return { load, paint, starts: Object.fromEntries(all), names: all.map(([name]) => name) };
    }""")
    ready = max(timings["load"], timings["paint"])
    for name in LATE_MODULES:
        assert timings["starts"][name] >= ready, (name, timings)
    for name in HEAD_MODULES:
        assert timings["starts"][name] < timings["load"], (name, timings)
    answers = page.locator("grundy-play").get_attribute("data-answers").split("/").pop()
    assert timings["starts"][answers] < timings["load"], timings
    for name in (answers, "games.json", "grundy-play.js"):
        assert timings["names"].count(name) == 1, (name, timings["names"])
    assert not [name for name in timings["names"] if name.startswith(("grundy-table", "grundy-nimsum"))]


def test_pages_with_a_game_preload_its_modules_and_first_moves(built_site):
    """Every page with a play widget, in both languages: its head's preloads are files of
    the site (relative to the page, under any sub-path), its first widget's answers among them."""
    pages = [p for p in sorted(built_site.rglob("index.html")) if "<grundy-play" in p.read_text(encoding="utf-8")]
    assert len(pages) >= 20
    for path in pages:
        html = path.read_text(encoding="utf-8")
        head = html.split("</head>")[0]
        modules = re.findall(r'<link rel="modulepreload" href="([^"]+)">', head)
        fetched = re.findall(r'<link rel="preload" as="fetch" crossorigin href="([^"]+)">', head)
        assert any(m.endswith("assets/widgets/grundy-play.js") for m in modules), path
        first = re.search(r"<grundy-play\b[^>]*\sdata-answers='([^']+)'", html)[1]
        assert fetched[0] == first, path
        for url in modules + fetched:
            assert not url.startswith(("/", "http")), (path, url)
            assert (path.parent / url).resolve().is_file(), (path, url)


def test_the_widgets_entry_runs_before_materials_bundle(built_site):
    """Every page: the widgets' entry module is the first of the body's scripts (a game's
    first move waits for no other), once; Material's bundle and the others come after, deferred."""
    for path in (built_site / "index.html", built_site / "ja/triangular-chocolate/index.html",
                 built_site / "assign/index.html"):
        html = path.read_text(encoding="utf-8")
        scripts = re.findall(r'<script src="([^"]+)"([^>]*)>', html.split("</head>")[1])
        names = [src.split("/")[-1] for src, _ in scripts]
        assert names.count("widgets.js") == 1, (path, names)
        first = names.index("widgets.js")
        assert first < names.index("search-index.js") < [n.startswith("bundle.") for n in names].index(True), names
        assert all("defer" in attrs or "module" in attrs for _, attrs in scripts[first:]), (path, scripts)
