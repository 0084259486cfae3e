"""Screenshots in headless Chromium into artifacts/screenshots/, served under the sub-path,
with the widgets' engine running: a sample of every kind of page (pagechecks.SAMPLE) on a
desktop in the dark scheme (a page takes 3-4 s on two shared cores), from page to page
by following links as a reader does. The same sample on a
desktop in the light scheme and on a phone in the dark, and every page on a phone in the
light scheme, are taken with axe's checks in tests/browser/test_pages_a11y*.py. Also checks
that no page logs an error (console, uncaught exception, HTTP) or asks for anything from
another origin. Every page: GRUNDY_SCREENSHOTS=all.
Run alone with:
    .venv/bin/python -m pytest tests/site/test_screenshots.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from bench.browser import show_everything
from sitehtml import html_pages

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from pagechecks import ENGINE_SETTLED, SAMPLE, SHOTS, arrive, page_errors, shot_name  # noqa: E402
from widgetkit import COUNT_SWAPS, LOAD_MS, settled  # noqa: E402

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize(("device", "scheme"), [("desktop", "dark")])
def test_screenshots(built_site, served_site, new_page, device, scheme, measurements):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(viewport=VIEWPORTS[device], color_scheme=scheme, is_mobile=device == "phone")
    page.add_init_script(COUNT_SWAPS)  # from page to page by links (pagechecks.arrive)
    pages = sorted((p.relative_to(built_site).as_posix().removesuffix("index.html")
                    for p in html_pages(built_site) if p.name == "index.html"),
                   key=lambda rel: (rel.startswith("ja/"), rel))
    if os.environ.get("GRUNDY_SCREENSHOTS") != "all":
        pages = [rel for rel in pages if rel in SAMPLE]
    errors = []
    for rel in pages:
        arrive(page, served_site + rel, served_site)
        page.wait_for_function(ENGINE_SETTLED, timeout=LOAD_MS, polling=100)  # the widgets' engine answers
        show_everything(page)   # blocks and figures far down, or they would be blank
        settled(page)
        page.screenshot(path=SHOTS / f"{shot_name(rel)}-{device}-{scheme}.png", full_page=True)
        errors += page_errors(page, rel)
    measurements.append(f"screenshots {device}/{scheme}: {len(pages)} pages -> {SHOTS.relative_to(ROOT)}")
    assert not errors, "\n".join(errors)
    assert not page.foreign_requests, "\n".join(page.foreign_requests)
