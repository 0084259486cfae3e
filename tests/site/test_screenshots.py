"""Screenshots in headless Chromium into artifacts/screenshots/, served under the sub-path:
every page on a phone (390 px, light), and a sample of every kind of page on a desktop
(1280 px) and in the dark scheme (the sample of test_pages_a11y.py; a page takes 3-4 s on
two shared cores). Also checks that no page asks for anything from another origin. Every
page in every scheme and size: GRUNDY_SCREENSHOTS=all. Run alone with:
    .venv/bin/python -m pytest tests/site/test_screenshots.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from bench.browser import show_everything
from sitehtml import html_pages, page_url

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from test_pages_a11y import SAMPLE  # noqa: E402

OUT = ROOT / "artifacts" / "screenshots"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")


def _shot_name(site: Path, path: Path) -> str:
    rel = path.relative_to(site).as_posix().removesuffix("index.html").strip("/")
    return rel.replace("/", "_") or "home"


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("device", VIEWPORTS)
def test_screenshots(built_site, served_site, new_page, device, scheme, measurements):
    OUT.mkdir(parents=True, exist_ok=True)
    page = new_page(viewport=VIEWPORTS[device], color_scheme=scheme, is_mobile=device == "phone")
    pages = [p for p in html_pages(built_site) if p.name == "index.html"]
    if (device, scheme) != ("phone", "light") and os.environ.get("GRUNDY_SCREENSHOTS") != "all":
        pages = [p for p in pages if p.relative_to(built_site).as_posix().removesuffix("index.html") in SAMPLE]
    for path in pages:
        page.goto(page_url(built_site, path, served_site), wait_until="load")
        page.wait_for_timeout(200)
        show_everything(page)   # blocks and figures far down, or they would be blank
        page.screenshot(path=OUT / f"{_shot_name(built_site, path)}-{device}-{scheme}.png", full_page=True)
    measurements.append(f"screenshots {device}/{scheme}: {len(pages)} pages -> {OUT.relative_to(ROOT)}")
    if page.console_errors:
        measurements.append(f"console errors ({device}/{scheme}): " + " | ".join(page.console_errors[:5]))
    assert not page.foreign_requests, "\n".join(page.foreign_requests)
