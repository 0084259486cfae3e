"""One boot per visit: Material's instant navigation swaps the next lesson in place, the
engine's worker (and its Python) is kept, the math is typeset again, and a change of
language loads the page in full. Prints the timings (no timing asserts)."""

from __future__ import annotations

from bench import browser


def test_the_next_lesson_reuses_the_engine(fresh_context, site_url, measurements):
    context = fresh_context()
    runtime = []
    context.on("request", lambda r: r.url.endswith("pyodide.asm.wasm") and not r.service_worker
               and runtime.append(r.url))
    first = browser.first_visit(context, site_url)
    page = first["page"]
    browser.start_engine(page)  # the reader plays past the first moves' answers
    following = browser.follow_next(page)
    assert following["instant"], "the next lesson was a full page load"
    assert len(runtime) == 1, f"the Python runtime was loaded {len(runtime)} times"
    assert page.evaluate("""() => [...document.querySelectorAll('.arithmatex')]
        .every(el => el.querySelector('.katex'))""")
    measurements.append(f"first visit: first paint {first['fcp']:.0f} ms, home page's game playable "
                        f"{first['playable']:.0f} ms; next lesson shown {following['swapped']:.0f} ms and its "
                        f"game playable {following['playable']:.0f} ms after the click, "
                        f"{following['after_scroll']:.0f} ms after it is scrolled into view")


def test_language_switch_after_a_page_swap(fresh_context, site_url):
    page = fresh_context().new_page()
    page.goto(site_url)
    following = browser.follow_next(page, games_only=False)
    assert following["instant"]
    path = page.evaluate("() => location.pathname")
    link = page.locator(".md-select__link[hreflang='ja']")
    assert link.get_attribute("href").endswith(path.replace("/chocolate-games/", "/chocolate-games/ja/"))
    link.evaluate("a => a.click()")
    # loaded in full: a new document, in Japanese
    page.wait_for_function("() => document.documentElement.lang === 'ja' && window.__sameDocument === undefined")


def test_the_next_lessons_game_starts_before_the_reader_scrolls(fresh_context, site_url):
    """With the engine running, a play widget on the next page starts as soon as it is
    attached (its first request is cheap), far below the screen."""
    page = fresh_context().new_page()
    page.goto(site_url)
    page.wait_for_function(browser.PLAYABLE, timeout=browser.LOAD_MS)
    browser.start_engine(page)
    browser.follow_next(page, scroll=False)
    far = page.evaluate(f"""() => [...document.querySelectorAll("{browser.PLAY}")]
        .map(el => el.getBoundingClientRect().top - innerHeight)""")
    assert max(far) > 200, f"the game was near the screen anyway ({far})"
