"""Fixtures for the speed and offline tests: the built site (scripts/build.sh, with its
service worker filled in) served like GitHub Pages by bench/serve.py."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.serve import SiteServer  # noqa: E402


def deployable(site: Path) -> bool:
    """Built by scripts/build.sh: sw.js holds the site's file list."""
    worker = site / "sw.js"
    return worker.is_file() and 'const VERSION = "dev";' not in worker.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def site_dir() -> Path:
    site = ROOT / "site"
    if not deployable(site):
        pytest.fail("site/ is not built with its service worker: run bash scripts/build.sh")
    return site


@pytest.fixture(scope="session")
def site_url(site_dir):
    """Base URL (…/chocolate-games/) of site/, served with gzip and max-age=600."""
    with SiteServer(site_dir) as url:
        yield url


@pytest.fixture
def site_copy(site_dir, tmp_path):
    """A copy of site/ served on its own: (directory, base URL), for a new deployment."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    with SiteServer(copy) as url:
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
