"""Every English page on a phone (390 x 844, touch, light), in one visit each: the phone
layout, axe-core (no serious or critical finding) and a screenshot (pagechecks.py holds the
checks and the method). The desktop layout (1280 x 800, sidebars shown) gets axe on a
sample that holds every kind of page: the same markup in another layout. The Japanese
pages run in test_pages_a11y_ja.py, side by side with these. Run alone with:
    .venv/bin/python -m pytest tests/browser/test_pages_a11y.py tests/browser/test_pages_a11y_ja.py
"""

from __future__ import annotations

from pagechecks import DESKTOP, PHONE, SAMPLE, check_pages, site_pages


def phone_pass(built_site, served_site, new_page, measurements, japanese: bool) -> None:
    """Every page of one language on a phone: layout, screenshot and axe, failures listed."""
    pages = [rel for rel in site_pages(built_site) if rel.startswith("ja/") == japanese]
    page = new_page(color_scheme="light", **PHONE)
    bad, label_px = check_pages(page, served_site, pages, layout=True, shots="phone-light")
    measurements.append(f"phone pages ({'ja' if japanese else 'en'}): {len(pages)} pages, smallest figure "
                        f"label {min(label_px, default=0):.1f}px, screenshots in artifacts/screenshots/")
    assert not bad, "\n".join(bad)
    assert not page.foreign_requests, "\n".join(page.foreign_requests)


def test_every_english_page_on_a_phone(built_site, served_site, new_page, measurements):
    assert {"", "lab/", "no/such/page/"} <= set(site_pages(built_site))
    phone_pass(built_site, served_site, new_page, measurements, japanese=False)


def test_axe_sample_on_a_desktop(built_site, served_site, new_page):
    assert all(rel in site_pages(built_site) for rel in SAMPLE)
    bad, _ = check_pages(new_page(color_scheme="light", **DESKTOP), served_site, list(SAMPLE))
    assert not bad, "\n".join(bad)
