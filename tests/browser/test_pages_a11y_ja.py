"""Every Japanese page on a phone, and the sample of every kind of page in the dark scheme:
axe-core finds no serious or critical violation (test_pages_a11y.py explains the method
and runs the English pages and the desktop)."""

from __future__ import annotations

from test_pages_a11y import PHONE, SAMPLE, site_pages, violations


def test_axe_every_japanese_page_on_a_phone(built_site, served_site, new_page):
    pages = [rel for rel in site_pages(built_site) if rel.startswith("ja/")]
    assert "ja/" in pages and "ja/lab/" in pages
    bad = violations(new_page(color_scheme="light", **PHONE), served_site, pages)
    assert not bad, "\n".join(bad)


def test_axe_sample_on_a_phone_in_the_dark(built_site, served_site, new_page):
    bad = violations(new_page(color_scheme="dark", **PHONE), served_site, list(SAMPLE))
    assert not bad, "\n".join(bad)
