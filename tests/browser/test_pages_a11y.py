"""Every English page on a phone (390 x 844, touch, light), in one visit each: the phone
layout, axe-core (no serious or critical finding) and a screenshot (pagechecks.py holds the
checks and the method). The desktop layout (1280 x 800, sidebars shown) gets axe and a
screenshot on a sample that holds every kind of page, with the widgets' engine running. The Japanese
pages run in test_pages_a11y_ja.py, side by side with these. Run alone with:
    .venv/bin/python -m pytest tests/browser/test_pages_a11y.py tests/browser/test_pages_a11y_ja.py
"""

from __future__ import annotations

from pagechecks import DESKTOP, phone_pass, sample_pass, site_pages


def test_every_english_page_on_a_phone(built_site, served_site, new_page, measurements):
    assert {"", "lab/", "no/such/page/"} <= set(site_pages(built_site))
    phone_pass(built_site, served_site, new_page, measurements, japanese=False)


def test_sample_on_a_desktop(built_site, served_site, new_page):
    sample_pass(built_site, served_site, new_page, "desktop-light", color_scheme="light", **DESKTOP)
