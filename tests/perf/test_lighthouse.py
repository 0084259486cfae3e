"""Lighthouse (bench/lighthouse.py: mobile preset) on a sample of pages that covers every
kind of page: accessibility, best practices and SEO at least 0.95 in one run each.

Performance is a timing (Lighthouse slows the machine's own timings down to simulate a
phone), so it is not asserted here: `scripts/bench_browser.py --lighthouse` prints it,
and the benchmarks page records it. axe checks every page (tests/browser/test_pages_a11y.py).
"""

from __future__ import annotations

import pytest

from bench import lighthouse

CATEGORIES = ("accessibility", "best-practices", "seo")
MINIMUM = 0.95
# A lesson with widgets, a Japanese lesson, the Lab, the data page, the API reference, and
# the 404 page (by its own address: Lighthouse does not score a page that answers 404).
# The home page is a lesson's kind of page without widgets; axe checks it with every page.
PAGES = ("triangular-chocolate/", "ja/sierpinski/", "lab/", "data/", "api/", "404.html")


@pytest.fixture(scope="module")
def reports(site_url) -> dict[str, dict]:
    """Lighthouse's scores of every page in PAGES (one process, one Chromium)."""
    return lighthouse.run_many([site_url + path for path in PAGES], CATEGORIES)


@pytest.mark.parametrize("path", PAGES)
def test_lighthouse_scores(reports, site_url, path, measurements):
    scores = reports[site_url + path]
    every = " ".join(f"{name} {scores[name]:.2f}" for name in CATEGORIES)
    measurements.append(f"lighthouse /{path}: {every} (benchmark index {scores['benchmark']:.0f})")
    low = [name for name in CATEGORIES if scores[name] < MINIMUM]
    assert not low, f"/{path}: below {MINIMUM} in {low}: {every}"
