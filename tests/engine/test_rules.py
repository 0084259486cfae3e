"""The engine against the games' rules written again in the tests (rules.py), without the
engine: every registered game's moves, Grundy values, misère outcomes, values with the
pass and remoteness on every position of a small box, and each known value of
tests/engine/data/NAME.json (those files hold the engine's own output)."""

from itertools import product

import pytest

import grundy
from grundy.registry import games

from conftest import known
from rules import Rules, function

NAMES = [cls.name for cls in games()]
BOXES = [  # (game, params, the largest coordinate)
    ("nim", {"heaps": 3}, 4), ("rect", {"sides": 3}, 3), ("chocolate", {"k": 1}, 4),
    ("chocolate", {"k": 2}, 5), ("chocolate", {"k": 3}, 6), ("step", {"f": "t//2"}, 9),
    ("step", {"f": "t"}, 6), ("step3", {"f": "t//3"}, 5), ("wythoff", {}, 7), ("ryuoh", {"p": 3}, 7),
    ("ryuoh", {"p": 5}, 6), ("chomp", {"rows": 3}, 5),
]


def test_every_game_has_a_box():
    assert {name for name, _, _ in BOXES} == set(NAMES)


@pytest.mark.parametrize("name,params,top", BOXES)
def test_the_engine_plays_by_the_rules(name, params, top):
    g, rules = grundy.game(name, **params), Rules(name, params)
    passing = grundy.with_pass(g)
    count = 0
    for pos in product(range(top + 1), repeat=len(g.coords)):
        if not g.is_legal(pos):
            continue
        count += 1
        assert sorted(g.targets(pos)) == sorted(set(rules.moves(pos))), pos
        assert g.grundy(pos) == rules.grundy(pos), pos
        assert g.outcome(pos, misere=True) == rules.outcome(pos, misere=True), pos
        assert passing.grundy((*pos, 1)) == rules.pass_grundy(pos), pos
        assert g.remoteness(pos) == rules.remoteness(pos), pos
        assert g.remoteness(pos, misere=True) == rules.remoteness(pos, True), pos
    assert count >= 25


@pytest.mark.parametrize("name", NAMES)
def test_known_values_follow_from_the_rules(name):
    for params, pos, e in known(name):
        rules = Rules(name, params)
        assert (rules.grundy(pos), rules.outcome(pos, misere=True), rules.pass_grundy(pos)) == \
            (e["grundy"], e["misere"], e["pass_grundy"]), (params, pos)


POINTS_A_WIN = {"nim", "rect", "step3", "wythoff", "ryuoh", "chomp"}  # (below)


@pytest.mark.parametrize("name,params,top", BOXES)
def test_winning_moves_follow_the_rules(name, params, top):
    """A winning move (normal and misère play) exactly where the rules say the player to move
    wins, each a move by the rules to a lost position. The targets a theorem points to
    (formula_moves, tried first: how a winning move is found where no table reaches) are
    moves by the rules, and for the games of POINTS_A_WIN they hold a winning one from every
    N-position the theorem covers (the chocolates' and the step chocolate's do not always)."""
    g, rules = grundy.game(name, **params), Rules(name, params)
    for pos in filter(g.is_legal, product(range(top + 1), repeat=len(g.coords))):
        for misere in (False, True):
            move = g.winning_move(pos, misere)
            wins = {q for (q, _, _) in rules.winning((pos, 0, 0), misere)}
            assert (move is None) == (not wins) and (move is None or move.to in wins), (pos, misere)
        pointed = set(g.formula_moves(pos))
        assert pointed <= set(rules.moves(pos)), pos
        if name in POINTS_A_WIN and g.formula(pos) is not None and rules.outcome(pos) == "N":
            assert any(rules.outcome(q) == "P" for q in pointed), pos


@pytest.mark.parametrize("name,params,top", [box for box in BOXES if box[0] in ("chocolate", "step", "step3")])
def test_a_position_over_its_bound_is_refused_naming_it(name, params, top):
    """y one over its bound ((x + z) // k, or f(z)): refused, the message naming the bound, in
    both languages; y at the bound is a position."""
    g = grundy.game(name, **params)
    for pos in product(range(top + 1), repeat=len(g.coords) - 1):
        *x, z = pos
        bound = (x[0] + z) // params["k"] if name == "chocolate" else function(params["f"])(z)
        g.validate((*x, bound, z))
        with pytest.raises(grundy.PositionError) as refused:
            g.validate((*x, bound + 1, z))
        assert f"y = {bound + 1} is over its bound" in str(refused.value) and str(refused.value).endswith(f"= {bound}")
        assert refused.value.message("ja").startswith(f"y = {bound + 1} は上限を超えています")
        assert refused.value.message("ja").endswith(f"= {bound} でなければなりません。")
