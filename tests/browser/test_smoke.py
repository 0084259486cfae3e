"""The Pages workflow's smoke test (scripts/smoke.py) passes on the tested build."""

from __future__ import annotations

import sys

from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import smoke  # noqa: E402


def test_smoke_test_passes_on_the_pages_build(built_site, pages_url, browser, measurements):
    lines = smoke.smoke(built_site, pages_url, browser)
    measurements.extend(f"smoke.py: {line}" for line in lines)
    assert len(lines) == 4
