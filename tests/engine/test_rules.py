"""The engine against the games' rules written again in the tests (rules.py), without the
engine: every registered game's moves, Grundy values, misère outcomes, values with the
pass and remoteness on every position of a small box, and each known value of
tests/engine/data/NAME.json (those files hold the engine's own output)."""

from itertools import product

import pytest

import grundy
from grundy.registry import games

from conftest import known
from rules import Rules

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
