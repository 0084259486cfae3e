"""Fast tables equal the reference DP; table API; winning moves; misère play."""

import pytest
from hypothesis import given, settings, strategies as st

import grundy
from grundy.reference import reference_grundy, reference_misere
from grundy.games.chocolate import chocolate_index


def assert_table_matches_reference(g, limit):
    t = g.table(limit, backend="python")
    memo, memo_m, n = {}, {}, 0
    for pos, v in t.items():
        n += 1
        assert v == reference_grundy(g, pos, memo), (g, pos)
        assert t.misere(pos) == reference_misere(g, pos, memo_m), (g, pos)
    assert n == len(t) == g.table_size(limit)


@st.composite
def monotone_f(draw):
    """A random non-decreasing f as an expression: a staircase of nested conditionals."""
    steps = draw(st.lists(st.tuples(st.integers(1, 12), st.integers(0, 3)), max_size=4))
    value, expr = draw(st.integers(0, 3)), None
    parts = []
    for threshold, rise in sorted(steps):
        parts.append((threshold, value))
        value += rise
    expr = str(value)
    for threshold, v in reversed(parts):
        expr = f"({v} if t < {threshold} else {expr})"
    slope = draw(st.sampled_from(["", "t//2 + ", "t//3 + ", "min(t, 4) + "]))
    return slope + expr


@settings(max_examples=25, deadline=None)
@given(k=st.integers(1, 9), limit=st.integers(0, 9))
def test_chocolate_table_equals_reference(k, limit):
    assert_table_matches_reference(grundy.game("chocolate", k=k), limit)


@settings(max_examples=20, deadline=None)
@given(p=st.integers(1, 9), limit=st.integers(0, 12))
def test_ryuoh_table_equals_reference(p, limit):
    assert_table_matches_reference(grundy.game("ryuoh", p=p), limit)


@settings(max_examples=25, deadline=None)
@given(f=monotone_f(), limit=st.integers(0, 14))
def test_step_tables_equal_reference(f, limit):
    assert_table_matches_reference(grundy.game("step", f=f), limit)
    assert_table_matches_reference(grundy.game("step3", f=f), min(limit, 6))


@pytest.mark.parametrize("g, limit", [(grundy.game("wythoff"), 15), (grundy.game("nim", heaps=3), 6),
                                      (grundy.game("rect", sides=4), 3), (grundy.game("nim", heaps=1), 9)])
def test_other_tables_equal_reference(g, limit):
    assert_table_matches_reference(g, limit)


def test_chocolate_layout_is_documented():
    k, limit = 2, 5
    index = chocolate_index(k, limit)
    t = grundy.game("chocolate", k=k).table(limit)
    positions = list(t)
    assert positions == [(x, y, z) for x in range(limit + 1) for z in range(limit + 1)
                         for y in range(min(limit, (x + z) // k) + 1)]
    for i, (x, y, z) in enumerate(positions):
        assert index.starts[x * (limit + 1) + z] + y == i == index.offset((x, y, z))
    assert t.values.typecode == "H"


def test_table_api():
    g = grundy.game("chocolate", k=1)
    t = g.table(4)
    assert (4, 4, 4) in t and (0, 1, 0) not in t and (5, 0, 0) not in t
    with pytest.raises(KeyError):
        t[(0, 1, 0)]
    assert t.get((0, 1, 0)) is None
    assert max(y for _, y, _ in t) == 4  # y capped at the limit, although y <= x + z allows 8
    assert t.p_positions() == [p for p in t if t[p] == 0]
    assert set(t.p_positions()) == {p for p in t if p == (0, 0, 0) or
                                    (p[0] and p[2] and (p[0] - 1) ^ p[1] ^ (p[2] - 1) == 0)}
    assert t.misere((0, 0, 0)) == "N"
    assert t.coords == ("x", "y", "z") and t.limit == 4
    with pytest.raises(grundy.GameError, match="needs about"):
        g.table(10**5)
    with pytest.raises(grundy.GameError, match="unknown backend"):
        g.table(3, backend="gpu")


def test_numpy_backend_falls_back_or_agrees():
    g = grundy.game("chocolate", k=2)
    assert g.table(12, backend="auto").values == g.table(12, backend="python").values


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_winning_moves_are_legal_and_lead_to_p(data):
    name, params = data.draw(st.sampled_from([
        ("chocolate", {"k": 1}), ("chocolate", {"k": 2}), ("chocolate", {"k": 3}),
        ("step", {"f": "t//2"}), ("step3", {"f": "min(t, 3)"}), ("wythoff", {}),
        ("ryuoh", {"p": 3}), ("ryuoh", {"p": 5}), ("nim", {}), ("rect", {})]))
    g = grundy.game(name, **params)
    box = {"nim": grundy.game("nim", heaps=3), "rect": grundy.game("rect", sides=3)}.get(name, g)
    pos = data.draw(st.sampled_from(list(box.table(8))))
    for misere in (False, True):
        m = g.winning_move(pos, misere)
        if m is None:  # a P-position, or the end of a misère game (the mover has won)
            assert g.outcome(pos, misere) == "P" or (misere and not g.moves(pos))
        else:
            assert g.is_legal_move(pos, m.to)
            assert g.outcome(m.to, misere) == "P"
            assert g.outcome(pos, misere) == "N"


def test_misere_nim_rule():
    g = grundy.game("nim", heaps=3)
    t = g.table(5)
    for pos in t:
        if max(pos) <= 1:
            expected = "P" if sum(pos) % 2 == 1 else "N"
        else:
            expected = "P" if pos[0] ^ pos[1] ^ pos[2] == 0 else "N"
        assert t.misere(pos) == expected == g.outcome(pos, misere=True)


@pytest.mark.parametrize("game, params, limit", [
    ("chocolate", {"k": 2}, 9), ("step3", {"f": "t//3"}, 6), ("step", {"f": "t//2"}, 20),
    ("nim", {"heaps": 3}, 5), ("wythoff", {}, 12), ("chocolate", {"k": 1}, 4)])
def test_p_positions_and_offsets(game, params, limit):
    """p_positions (found in the values' bytes) and index.position agree with the
    position-by-position scan."""
    t = grundy.game(game, **params).table(limit)
    positions = list(t)
    assert [t.index.position(o) for o in range(len(t))] == positions
    assert t.p_positions() == [p for p, v in t.items() if v == 0]
    assert t.misere_p_positions() == [p for p in positions if t.misere(p) == "P"]


def test_zero_offsets_skips_zero_bytes_across_values():
    from array import array
    from grundy.table import zero_offsets

    assert zero_offsets(array("H", [256, 1, 0, 512, 0, 0, 3])) == [2, 4, 5]
    assert zero_offsets(array("B", [1, 0, 0, 2])) == [1, 2]
    assert zero_offsets(array("I", [])) == []
