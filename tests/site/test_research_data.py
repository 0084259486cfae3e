"""The research data (scripts/sitegen/research_data.py, docs/data.md): the CSV files hold
what the engine computes, with the documented columns and bounds, and the data page
prints the bounds of its checks in both languages."""

from __future__ import annotations

import csv
import random
import re
from collections import defaultdict

import sys
from pathlib import Path

import pytest

import grundy

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from sitegen import research_data  # noqa: E402

FILES = {
    "chocolate-p-normal.csv": ["k", "x", "y", "z"],
    "chocolate-p-misere.csv": ["k", "x", "y", "z"],
    "step-grundy.csv": ["f", "y", "z", "grundy"],
    "ryuoh-grundy.csv": ["p", "x", "y", "grundy"],
}
SMALL = 30  # bound of the pure-Python comparisons


def read(built_site, name):
    with open(built_site / "generated" / "data" / name, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def by_first(rows, convert=int):
    """{first column: [rest of the row as ints]}."""
    out = defaultdict(list)
    for first, *rest in rows:
        out[convert(first)].append(tuple(map(int, rest)))
    return out


@pytest.mark.parametrize("name", FILES)
def test_columns_as_documented(built_site, name):
    header, rows = read(built_site, name)
    assert header == FILES[name]
    assert rows and all(len(r) == len(header) for r in rows)
    page = (built_site / "data" / "index.html").read_text(encoding="utf-8")
    assert f"generated/data/{name}" in page
    for column in header:
        assert f"<code>{column}</code>" in page


@pytest.mark.parametrize("play", ["normal", "misere"])
def test_chocolate_p_positions_are_the_engines(built_site, play):
    _, rows = read(built_site, f"chocolate-p-{play}.csv")
    found = by_first(rows)
    assert sorted(found) == list(range(1, 13))
    for k, positions in found.items():
        assert positions == sorted(positions)
        assert max(max(x, z) for x, _, z in positions) == 128  # the stated bound is reached
        assert all(x <= 128 and y <= 128 and z <= 128 for x, y, z in positions)
        t = grundy.game("chocolate", k=k).table(SMALL, backend="python")
        expected = t.p_positions() if play == "normal" else t.misere_p_positions()
        small = [p for p in positions if max(p) <= SMALL]
        assert small == sorted(expected), f"k = {k}"


def test_one_chocolate_table_in_full(built_site):
    _, rows = read(built_site, "chocolate-p-normal.csv")
    assert by_first(rows)[5] == sorted(grundy.game("chocolate", k=5).table(128).p_positions())


def test_step_grundy_values_are_the_engines(built_site):
    _, rows = read(built_site, "step-grundy.csv")
    found = by_first(rows, convert=str)
    assert list(found) == list(research_data.STEP_F)
    rng = random.Random(7)
    for f, values in found.items():
        g = grundy.game("step", f=f)
        assert {(y, z) for y, z, _ in values} == set(g.table(128))
        for y, z, value in rng.sample(values, min(150, len(values))):
            assert g.grundy((y, z)) == value, (f, y, z)


def test_ryuoh_grundy_values_are_the_engines(built_site):
    _, rows = read(built_site, "ryuoh-grundy.csv")
    found = by_first(rows)
    assert sorted(found) == list(range(1, 9))
    for p, values in found.items():
        g = grundy.game("ryuoh", p=p)
        assert len(values) == 65 * 65
        small = g.table(SMALL, backend="python")
        for x, y, value in values:
            if max(x, y) <= SMALL:
                assert small[(x, y)] == value
            assert g.formula((x, y)).value == value


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_data_page_states_its_bounds(built_site, lang):
    page = (built_site / ("ja/" if lang == "ja" else "") / "data" / "index.html").read_text(encoding="utf-8")
    page = page.replace("\xa0", " ")  # positions are set with no-break spaces
    checks = re.search(r'<div class="grundy-table grundy-data-checks"[^>]*data-bound="256".*?</table>', page, re.S)
    assert checks, "the checks table with its bound"
    assert "x, z ≤ 256" in checks[0]
    rows = re.findall(r"<tr><td>(\d+)</td>(.*?)</tr>", checks[0])
    assert [int(k) for k, _ in rows] == [3, 5, 7, 9, 11, 13, 15]
    for k, rest in rows:  # k = 4m + 3: no counterexample; k = 4m + 1: one, at the verify page's place
        assert ("{" in rest) == (int(k) % 4 == 1), k
    assert "{2, 1, 3}" in checks[0]
    assert "x, z ≤ 128" in page and "x, y ≤ 64" in page and "z ≤ 128" in page
    if lang == "ja":
        assert "ダウンロード" in page and "Download" not in checks[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_even_k_table_is_the_engines(built_site, lang):
    """The even-k table: for each k, the rule holds on every x, z <= the bound shown (checked
    again with the pure-Python backend where the bound is at most 40), and the failure shown
    is a P-position with the nim-sum shown."""
    page = (built_site / ("ja/" if lang == "ja" else "") / "other-inequalities" / "index.html").read_text(encoding="utf-8")
    table = re.search(r'<div class="grundy-table grundy-data-even"[^>]*>.*?</table>', page.replace("\xa0", " "), re.S)
    assert table, "the even-k table on the lesson"
    rows = re.findall(r"<tr><td>(\d+)</td><td>[\d,]+</td><td>[\d,]+</td><td>(\d+)</td><td>\{(\d+), (\d+), (\d+)\}</td>"
                      r"<td>(\d+)</td><td>P</td></tr>", table[0])
    assert [int(r[0]) for r in rows] == list(range(2, 17, 2))
    for k, holds, *first, nim in map(lambda r: tuple(map(int, r)), rows):
        first = tuple(first)
        assert grundy.game("chocolate", k=k).grundy(first) == 0 and first[0] ^ first[1] ^ first[2] == nim != 0
        assert max(first[0], first[2]) == holds + 1
        if holds <= 40:
            t = grundy.game("chocolate", k=k).table(holds, backend="python")
            assert all((v == 0) == (x ^ y ^ z == 0) for (x, y, z), v in t.items())
