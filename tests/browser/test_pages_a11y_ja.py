"""Every Japanese page on a phone (layout, axe, screenshot: test_pages_a11y.py), and axe and
a screenshot on the sample of every kind of page in the dark scheme, the engine running."""

from __future__ import annotations

from pagechecks import PHONE, phone_pass, sample_pass, site_pages


def test_every_japanese_page_on_a_phone(built_site, served_site, new_page, measurements):
    assert {"ja/", "ja/lab/"} <= set(site_pages(built_site))
    phone_pass(built_site, served_site, new_page, measurements, japanese=True)


def test_sample_on_a_phone_in_the_dark(built_site, served_site, new_page):
    sample_pass(built_site, served_site, new_page, "phone-dark", color_scheme="dark", **PHONE)
