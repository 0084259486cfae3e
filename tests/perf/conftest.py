"""Fixtures for the speed and offline tests: the Pages build (tests/conftest.py), served
as GitHub Pages serves it; a copy of it served on its own, as a new deployment."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.serve import SiteServer  # noqa: E402


@pytest.fixture(scope="session")
def site_dir(built_site) -> Path:
    return built_site


@pytest.fixture(scope="session")
def site_url(pages_url):
    """Base URL (…/chocolate-games/) of the Pages build, served with gzip and max-age=600."""
    return pages_url


@pytest.fixture
def site_copy(site_dir, tmp_path):
    """A copy of site/ served on its own: (directory, base URL), for a new deployment."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    with SiteServer(copy, "http://127.0.0.1:0/chocolate-games/") as url:
        yield copy, url


@pytest.fixture
def fresh_context(browser):
    """Factory of fresh browser contexts (new profiles), closed after the test."""
    contexts = []

    def make(**options):
        context = browser.new_context(viewport={"width": 1100, "height": 900}, **options)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
