"""Shared helpers for the engine tests."""

import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def read_seed_table(n: int) -> dict[tuple[int, int], int]:
    """Seed 001 table n as {(x, y): value} (the CSV has one row per y, one column per x)."""
    rows = [line.split(",") for line in (DATA / f"seed001_table{n}.csv").read_text().splitlines()
            if not line.startswith("#")]
    xs = [int(c) for c in rows[0][1:]]
    return {(x, int(r[0])): int(v) for r in rows[1:] for x, v in zip(xs, r[1:])}


@pytest.fixture
def cli():
    """Run `python -m grundy ARGS` and return the CompletedProcess (text mode)."""

    def run(*args, check=False):
        return subprocess.run([sys.executable, "-m", "grundy", *map(str, args)],
                              capture_output=True, text=True, timeout=120, check=check)

    return run
