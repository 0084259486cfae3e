"""Seed 001 tables 1-4 (Ryuoh Nim p = 3 and p = 4, 0 <= x, y <= 12) reproduced exactly."""

import pytest

import grundy
from grundy.reference import reference_grundy

from conftest import read_seed_table


@pytest.mark.parametrize("n, p", [(1, 3), (2, 3), (3, 4), (4, 4)])
def test_seed_001_tables(n, p):
    seed = read_seed_table(n)
    assert len(seed) == 13 * 13
    g = grundy.game("ryuoh", p=p)
    table = g.table(12)
    memo = {}
    for (x, y), value in seed.items():
        assert table[(x, y)] == value
        assert reference_grundy(g, (x, y), memo) == value
        assert g.formula((x, y)).value == value
