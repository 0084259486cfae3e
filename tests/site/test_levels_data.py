"""The computer players' calibration stored in the engine is what the site's generator
measures now (scripts/sitegen/levels.py)."""

import sys
from pathlib import Path

from grundy import levels

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from sitegen import levels as sitegen_levels  # noqa: E402


def test_stored_calibration_is_current():
    """engine/src/grundy/levels.json is what the players give now from the lessons' starts
    (else: python scripts/sitegen/levels.py)."""
    assert sitegen_levels.measured() == levels.CALIBRATION, \
        "stale engine/src/grundy/levels.json: run python scripts/sitegen/levels.py"
    assert len(levels.CALIBRATION["starts"]) >= 10
    rates = levels.CALIBRATION["rates"]
    assert rates["1"]["win_rate"] < 0.5 and rates["7"]["win_rate"] < 0.5  # each level loses to the next
