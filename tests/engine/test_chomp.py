"""Chomp: the engine against a brute force written from the rules on sets of squares, the
proved cases against the tables, the three-row P-positions, the command line, the JSON
facade and the drawing."""

import io
import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from itertools import product

import pytest

import grundy
from grundy import cli, svg, webapi
from grundy.explain import explain
from grundy.games.chomp import three_row_p_positions

ROWS, COLS = 4, 6


def bars(rows=ROWS, cols=COLS):
    """Every bar of at most `rows` rows and `cols` columns, as row lengths (padded with 0)."""
    for pos in product(range(cols + 1), repeat=rows):
        if pos[0] >= 1 and all(a >= b for a, b in zip(pos, pos[1:])):
            yield pos


def squares(pos):
    """The bar as the set of its squares (i, j): row i, column j, (0, 0) the poison."""
    return frozenset((i, j) for i, r in enumerate(pos) for j in range(r))


@lru_cache(maxsize=None)
def brute(bar: frozenset):
    """(Grundy value, misère outcome) from the rules: eat (i, j) != (0, 0) and every
    (i', j') with i' >= i, j' >= j; the player left with the poison alone has no move."""
    options = [frozenset(s for s in bar if not (s[0] >= i and s[1] >= j))
               for (i, j) in bar if (i, j) != (0, 0)]
    values = {brute(o)[0] for o in options}
    g = next(v for v in range(len(values) + 1) if v not in values)
    misere = "P" if options and all(brute(o)[1] == "N" for o in options) else "N"
    return g, misere


def run_cli(*args):
    out = io.StringIO()
    assert cli.run(list(map(str, args)), out) == 0
    return out.getvalue().strip()


def test_values_and_misere_outcomes_against_the_brute_force():
    g = grundy.game("chomp", rows=ROWS)
    table = g.table(COLS)
    count = 0
    for pos in bars():
        value, misere = brute(squares(pos))
        assert table[pos] == value == grundy.game("chomp").grundy(pos), pos
        assert table.misere(pos) == misere, pos
        count += 1
    assert count == len(table) == 209  # C(6 + 4, 4) - 1 bars


def test_winning_moves_lead_to_p_positions():
    g = grundy.game("chomp")
    for pos in bars(3, 6):
        move = g.winning_move(pos)
        assert (move is None) == (brute(squares(pos))[0] == 0), pos
        if move is not None:
            assert brute(squares(move.to))[0] == 0 and g.is_legal_move(pos, move.to)


def test_the_proved_cases_against_the_tables():
    t = {rows: grundy.game("chomp", rows=rows).table(10) for rows in (1, 2, 3, 4)}
    for n in range(1, 11):
        assert t[1][(n,)] == n - 1                                     # one row
        for b in range(n + 1):
            assert (t[2][(n, b)] == 0) == (n == b + 1)                 # two rows
    for rows in (2, 3, 4):
        for a in range(1, 11):                                         # L shapes
            assert (t[rows][(a,) + (1,) * (rows - 1)] == 0) == (a == rows)
        assert t[rows][(rows,) * rows] != 0                            # squares
        assert t[rows][(rows,) + (1,) * (rows - 1)] == 0               # the square's move
    for pos, value in t[4].items():                                    # every formula shown
        f = grundy.game("chomp", rows=4).formula(pos)
        if f is not None:
            assert (f.value == value) if f.kind == "grundy" else ((f.value == 0) == (value == 0))


def test_rectangles_are_n_positions():
    """Strategy stealing, checked: every rectangle but 1 x 1 has a winning move."""
    for rows in range(1, 5):
        t = grundy.game("chomp", rows=rows).table(6)
        for cols in range(1, 7):
            assert (t[(cols,) * rows] == 0) == (rows == cols == 1)
    (check,) = grundy.verify.run(max_n=6, ids=["chomp-rectangles"])
    assert check.status == "holds" and "36" in str(check.bound)


def test_three_row_p_positions():
    table = grundy.game("chomp", rows=3).table(24)
    assert three_row_p_positions(24) == sorted(table.p_positions())
    assert three_row_p_positions(5)[:5] == [(1, 0, 0), (2, 1, 0), (2, 2, 1), (3, 1, 1), (3, 2, 0)]
    # at most one P-position for each (r1, r2)
    found = three_row_p_positions(300)
    assert len({(b, c) for _, b, c in found}) == len(found)


def test_positions_rows_of_length_zero_and_bad_input():
    g = grundy.game("chomp")
    assert g.grundy((5, 3, 0)) == g.grundy((5, 3)) == grundy.game("chomp", rows=3).grundy((5, 3, 0))
    assert g.moves((1, 0, 0)) == [] and g.outcome((1,)) == "P"
    for bad in ((), (0,), (3, 4), (2, 0, 1), (0, 0)):
        with pytest.raises(grundy.PositionError):
            g.validate(bad)
    with pytest.raises(grundy.PositionError):
        grundy.game("chomp", rows=2).validate((3, 2, 1))
    with pytest.raises(grundy.GameError):
        g.table(5)  # a table needs a number of rows


def test_command_line(cli):
    assert run_cli("value", "chomp", 5, 3, 3) == "3"
    assert run_cli("outcome", "chomp", 3, 1, 1) == "P"
    assert run_cli("move", "chomp", 5, 3, 3) == "5 3 2"
    assert run_cli("value", "chomp", "--rows", 4, 5, 3, 3, 0) == "3"
    assert run_cli("table", "chomp", "--rows", 4, "--max", 3).startswith("r0,r1,r2,r3")
    assert run_cli("table", "chomp", "--max", 3).startswith("r0,r1,r2,grundy")  # default: 3 rows
    r = cli("value", "chomp", "5", "3", "3")
    assert r.returncode == 0 and r.stdout == "3\n"
    for bad, message in ((("3", "4"), "r1 = 4 > r0 = 3"), (("0",), "at least one square"),
                         (("2", "0", "1"), "r2 = 1 > r1 = 0"), ((), "missing coordinates"),
                         (("--rows", "2", "3", "2", "1"), "give 2 numbers")):
        r = cli("value", "chomp", *bad)
        assert r.returncode == 2 and r.stdout == "", bad
        assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr and message in r.stderr


def test_json_facade():
    state = webapi.handle({"op": "state", "game": "chomp", "pos": [5, 3, 3], "lang": "ja"})
    assert state["grundy"] == 3 and state["winning"] == [5, 3, 2] and len(state["moves"]) == 10
    assert state["coords"] == ["r0", "r1", "r2"]
    drawn = set(re.findall(r'data-to="([^"]*)"', state["svg"]))
    assert drawn == {",".join(map(str, m["to"])) for m in state["moves"]}
    reply = webapi.handle({"op": "reply", "game": "chomp", "pos": [5, 3, 3]})
    assert reply["move"]["to"] == [5, 3, 2]
    assert webapi.handle({"op": "reply", "game": "chomp", "pos": [3, 1, 1]})["move"]["to"]
    assert webapi.handle({"op": "reply", "game": "chomp", "pos": [1, 0]})["move"] is None
    moves = webapi.handle({"op": "state", "game": "chomp", "pos": [2, 2], "pass": True})["moves"]
    assert [m["kind"] for m in moves] == ["move"] * 3 + ["pass"]
    assert "error" in webapi.handle({"op": "state", "game": "chomp", "pos": [2, 3]})
    table = webapi.handle({"op": "table", "game": "chomp", "params": {"rows": 2}, "max": 8})
    assert table["marked"] == 0 and table["condition"]["holds"]
    answer = webapi.handle({"op": "explain", "game": "chomp", "pos": [4, 4, 4, 4]})
    assert answer["kind"] == "theorem" and answer["move"]["to"] == [4, 1, 1, 1]


def test_explanations_follow_the_proofs():
    g = grundy.game("chomp")
    for pos in bars(4, 6):
        e = explain(g, pos)
        assert (e.move is None) == (g.grundy(pos) == 0), pos
        if e.move is not None:
            assert g.grundy(e.move.to) == 0
    assert explain(g, (5, 3, 3)).kind == "mex" and explain(g, (3, 3, 3)).kind == "theorem"


def test_two_columns_by_transposition():
    """Bars of at most two columns, up to 9 rows: P exactly when exactly one row has a single
    square (the two-row theorem transposed), against the brute force on sets of squares;
    the formula, the winning move and the explanation follow that theorem."""
    g = grundy.game("chomp")
    for pos in bars(9, 2):
        p = brute(squares(pos))[0] == 0
        assert p == (sum(r == 1 for r in pos) == 1), pos
        assert (g.formula(pos).value == 0) == p, pos
        e = explain(g, pos)
        assert e.kind == "theorem" and (e.move is None) == p, pos
        if not p:
            assert brute(squares(e.move.to))[0] == 0 and g.winning_move(pos).to == e.move.to
    text = explain(g, (2, 2, 1)).steps[0].text
    assert "{3, 2}" in text.en and "{3, 2}" in text.ja and "行" not in text.ja


def test_no_theorem_only_beyond_three_rows_and_three_columns():
    """The explanation falls back to the mex (saying no theorem of the site applies) exactly
    for the bars of three rows or more and three columns or more that are neither squares
    nor L shapes."""
    g = grundy.game("chomp")
    for pos in bars(5, 5):
        rows = tuple(r for r in pos if r)
        covered = (len(rows) <= 2 or rows[0] <= 2 or all(r == len(rows) for r in rows)
                   or all(r == 1 for r in rows[1:]))
        assert (explain(g, pos).kind == "theorem") == covered, pos
        assert (g.formula(pos) is not None) == covered, pos


@pytest.mark.parametrize("pos", [(1,), (5, 3, 3), (6, 4, 4, 1), (3, 3, 0), (40, 20, 2)])
def test_the_drawing_is_well_formed(pos):
    g = grundy.game("chomp")
    for interactive in (False, True):
        picture = svg.draw(g, pos, interactive=interactive, lang="ja")
        root = ET.fromstring(picture)
        moves = [e for e in root.iter() if "move" in e.get("class", "").split()]
        assert {e.get("data-to") for e in moves} == {",".join(map(str, m.to)) for m in g.moves(pos)}
        assert all(e.get("data-eats") == "up-right" for e in moves)
        assert all(bool(e.get("tabindex")) == interactive for e in moves)
        assert root.get("role") == ("group" if interactive else "img")
        assert root.find("{http://www.w3.org/2000/svg}title").text.startswith("チョンプ")
