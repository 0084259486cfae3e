"""The P-position viewer at its largest size in Chromium: x, z <= 128 draws for k = 3 and
k = 2 with the table's progress shown, and Cancel stops the work (the worker is replaced)
and leaves the widget usable.

Timings are printed (run with -s to see them), never asserted.
"""

from __future__ import annotations

import time

import grundy
from widgetkit import LOAD_MS, engine_answered, open_widget

TOP = 128
PROGRESS = "el => { const bar = el.querySelector('.gw-busy:not([hidden]) progress'); " \
           "return !!bar && !bar.hidden && bar.value > 0; }"


def label_for(k, top):
    return f"/{k}⌋ with coordinates ≤ {top},"


def show(root, k, top):
    root.locator(".gw-k").fill(str(k))
    root.locator(".gw-max").fill(str(top))
    root.locator(".gw-show").click()


def ready(page, root):
    """The viewer's first drawing (the engine's build-time answer), then the engine loaded
    as a reader loads it: by asking for another picture."""
    page.wait_for_selector("grundy-pviewer canvas.gw-cloud", timeout=LOAD_MS)
    show(root, 3, 16)
    wait_drawn(page, root, 3, 16)
    page.wait_for_function("el => el.dataset.engine === 'ready'", arg=root.element_handle(), timeout=LOAD_MS)


def wait_drawn(page, root, k, top):
    page.wait_for_function("([el, part]) => (el.querySelector('canvas.gw-cloud')"
                           " ?.getAttribute('aria-label') || '').includes(part)",
                           arg=[root.element_handle(), label_for(k, top)], timeout=LOAD_MS)
    return root.locator("canvas.gw-cloud").get_attribute("aria-label")


def test_pviewer_draws_128_with_progress(watched, widget_urls):
    w, root = open_widget(watched, widget_urls, "pviewer")
    page = w.page
    ready(page, root)
    root.locator(".gw-max").fill(str(TOP + 1))  # the field's range ends at TOP
    root.locator(".gw-show").click()
    assert str(TOP) in root.locator(".gw-field:has(.gw-max) .gw-field-error").inner_text()
    for k in (3, 2):
        start = time.perf_counter()
        show(root, k, TOP)
        page.wait_for_function(PROGRESS, arg=root.element_handle(), timeout=LOAD_MS)
        seen = time.perf_counter() - start
        if k == 2:
            w.screenshot("pviewer-progress", root)
        label = wait_drawn(page, root, k, TOP)
        took = time.perf_counter() - start
        n = len(grundy.game("chocolate", k=k).table(TOP).p_positions())
        assert label.startswith(f"{n} P-positions"), label
        assert root.locator(".gw-busy").is_hidden()
        print(f"\npviewer k = {k}, x, z <= {TOP}: {n} P-positions drawn {took:.1f} s after the click "
              f"(progress shown after {seen:.1f} s)")
    w.screenshot("pviewer-k2-128", root)


def test_pviewer_cancel_stops_and_stays_usable(watched, widget_urls):
    w, root = open_widget(watched, widget_urls, "pviewer")
    page = w.page
    ready(page, root)
    show(root, 2, TOP)
    page.wait_for_function(PROGRESS, arg=root.element_handle(), timeout=LOAD_MS)
    root.locator(".gw-busy .gw-cancel").click()
    assert root.locator(".gw-busy").is_hidden()
    assert root.locator(".gw-message").inner_text() == "Cancelled."
    start = time.perf_counter()
    page.wait_for_function("el => el.dataset.engine === 'ready'", arg=root.element_handle(),
                           timeout=LOAD_MS)
    print(f"\nafter Cancel, a fresh engine was ready in {time.perf_counter() - start:.1f} s")
    show(root, 3, 40)
    label = wait_drawn(page, root, 3, 40)
    assert label.startswith(f"{len(grundy.game('chocolate', k=3).table(40).p_positions())} P-positions")
    engine_answered(page)  # every request answered or dropped: the cancelled table never replaces the picture
    assert label_for(3, 40) in root.locator("canvas.gw-cloud").get_attribute("aria-label")
