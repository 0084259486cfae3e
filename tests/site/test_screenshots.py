"""Screenshots of every page in headless Chromium (desktop 1280 px and phone 390 px,
light and dark) into artifacts/screenshots/, served under the sub-path. Also checks that
no page asks for anything from another origin. Run alone with:
    .venv/bin/python -m pytest tests/site/test_screenshots.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.browser import show_everything
from sitehtml import html_pages, page_url

ROOT = Path(__file__).resolve().parents[2]
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
    for path in pages:
        page.goto(page_url(built_site, path, served_site), wait_until="load")
        page.wait_for_timeout(200)
        show_everything(page)   # blocks and figures far down, or they would be blank
        page.screenshot(path=OUT / f"{_shot_name(built_site, path)}-{device}-{scheme}.png", full_page=True)
    measurements.append(f"screenshots {device}/{scheme}: {len(pages)} pages -> {OUT.relative_to(ROOT)}")
    if page.console_errors:
        measurements.append(f"console errors ({device}/{scheme}): " + " | ".join(page.console_errors[:5]))
    assert not page.foreign_requests, "\n".join(page.foreign_requests)
