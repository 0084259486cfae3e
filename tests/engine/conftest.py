"""Shared helpers for the engine tests."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def known(name: str) -> list[tuple[dict, tuple, dict]]:
    """The known values of one game (tests/engine/data/NAME.json): [(params, pos, entry)]."""
    data = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert data["game"] == name
    return [(e["params"], tuple(e["pos"]), e) for e in data["values"]]


def known_cases() -> list[tuple[str, dict, tuple]]:
    """(name, params, pos) for every registered game and every parameter set of its data
    file: the first known position of those parameters that has a move."""
    import grundy
    from grundy.registry import games

    out = []
    for cls in games():
        seen = []
        for params, pos, _ in known(cls.name):
            if params not in seen and grundy.game(cls.name, **params).moves(pos):
                seen.append(params)
                out.append((cls.name, params, pos))
    return out


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
