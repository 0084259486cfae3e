"""grundy.prove: the seed theorems proved for every position, wrong formulas refuted with
their first counterexample (the one `grundy discover`'s check finds), and the encoding
trusted only after it agrees with the engine (issue 47).

The encoding of each game (`Game.rules()`) is compared with the engine's own moves on
every tuple of a box, positions and non-positions alike, by the reference evaluator
(logic.holds), and each formula's encoding with the engine's values."""

from itertools import product

import pytest

import grundy
from grundy.discovery import check
from grundy.discovery.grammar import compile_formula, evaluate
from grundy.prove.logic import Var, holds, value
from grundy.prove.proof import _claim, _rules


def encoded(g):
    """(position formula, move formula) of g's rules over the variables p0.., q0.."""
    rules = _rules(g)
    n = len(rules.coords)
    p = tuple(Var(f"p{i}") for i in range(n))
    q = tuple(Var(f"q{i}") for i in range(n))
    return rules.position(p), rules.move(p, q)


def box(g, limit):
    """Every tuple of g's coordinates in 0..limit (the pass coordinate 0..2)."""
    sides = [range(limit + 1)] * len(g.coords)
    if isinstance(g, grundy.PassGame):
        sides[-1] = range(3)
    return product(*sides)


def assert_moves_agree(g, limit):
    """The encoded positions are g's legal positions, and the encoded moves from each are
    exactly g's moves, on every tuple with coordinates up to `limit`."""
    position, move = encoded(g)
    tuples = list(box(g, limit))
    n = len(g.coords)
    for p in tuples:
        env = {f"p{i}": c for i, c in enumerate(p)}
        legal = g.is_legal(p)
        assert holds(position, env, limit) == legal, p
        if not legal:
            continue
        targets = set(g.targets(p))
        for q in tuples:
            env.update({f"q{i}": c for i, c in enumerate(q)})
            assert holds(move, env, limit) == (q in targets), (p, q)
        del env[f"q{n - 1}"]


def assert_claim_agrees(g, formula, target, limit, expected=True):
    """The encoded formula has Python's value of the formula at every position up to
    `limit`, and that is the engine's value (or, `expected` False, somewhere it is not)."""
    claim = _claim(formula, tuple(g.coords), target)
    tree = compile_formula(formula, tuple(g.coords))
    wrong = []
    for pos, v in g.table(limit).items():
        env = dict(zip(g.coords, pos))
        python = evaluate(tree, env)
        if target == "grundy":
            got, want = value(claim, env), v
        else:
            got, want = holds(claim, env, 0), v == 0
            python = python == 0 if type(python) is int else python
        assert got == python, (formula, pos)
        if got != want:
            wrong.append(pos)
    assert not wrong if expected else wrong, wrong[:3]


CHOCOLATE = grundy.game("chocolate", k=3)


def test_chocolate_moves_are_encoded_as_the_engine_plays_them():
    for k in (1, 2, 3, 5):
        assert_moves_agree(grundy.game("chocolate", k=k), 5)


@pytest.mark.parametrize("k, formula", [(3, "x ^ y ^ z == 0"), (1, "(x - 1) ^ y ^ (z - 1) == 0"),
                                        (7, "x ^ y ^ z == 0")])
def test_chocolate_theorems_proved(k, formula):
    g = grundy.game("chocolate", k=k)
    assert_claim_agrees(g, formula, "P", 12)
    proof = grundy.prove(g, formula, target="P")
    assert proof.proved is True, proof.reason
    assert proof.counterexample is None and proof.method == "mona" and proof.states > 0
    assert "exactly when" in proof.statement.en and "のとき、かつそのときに限る" in proof.statement.ja


@pytest.mark.parametrize("k, formula, first", [
    (5, "x ^ y ^ z == 0", (2, 1, 3)),
    (3, "x ^ y == z + 1", None),
    (3, "x ^ y ^ z", None),          # a whole number for the Grundy value: G is not x ^ y ^ z
    (9, "x ^ y ^ z == 0", None),
])
def test_wrong_formulas_refuted_at_their_first_counterexample(k, formula, first):
    g = grundy.game("chocolate", k=k)
    target = "grundy" if "=" not in formula else "P"
    proof = grundy.prove(g, formula, target=target)
    expected = check(g, formula, 16, target).first_counterexample
    assert proof.proved is False and proof.counterexample == expected
    assert first is None or expected == first
    assert "checked by brute force" in proof.reason.en


def test_the_halves_are_refuted_by_mona_not_only_by_the_table():
    """k = 5: half (2) fails (MONA's counterexample is a position without a move to a
    nim-sum zero), and the decision says so before any table is built."""
    from grundy.prove.mona import decide
    from grundy.prove.statement import halves

    g = grundy.game("chocolate", k=5)
    first, second = halves(g.rules(), _claim("x ^ y ^ z == 0", g.coords, "P"), "P")
    answers = decide(first), decide(second)
    assert False in (answers[0].holds, answers[1].holds)
    failing = next(a for a in answers if a.holds is False)
    pos = tuple(failing.counterexample[c] for c in g.coords)
    assert g.is_legal(pos)


def test_a_formula_outside_presburger_is_not_decided():
    proof = grundy.prove(CHOCOLATE, "x * y == z", target="P")
    assert proof.proved is None and proof.counterexample is None
    assert "multiplies two variable parts" in proof.reason.en and proof.reason.ja
