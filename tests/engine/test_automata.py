"""The automata decision procedure (grundy.prove.automata) against the bounded reference
evaluator (grundy.prove.logic.holds): every relation it builds accepts exactly the tuples
where the formula holds (on a box of small numbers, with trailing zeros added), known
theorems hold, known falsehoods fail with a real counterexample, and the limits answer
None with their reason instead of hanging or exhausting memory."""

from __future__ import annotations

import itertools
import time
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from grundy.prove import automata, dfa
from grundy.prove.logic import (CMP_OPS, TERM_OPS, And, Bin, Cmp, Const, Div, Exists, Forall,
                                Iff, Implies, Mod, Not, Or, Scale, Truth, Var, holds)

x, y, z, u, v = map(Var, "xyzuv")
ZERO, ONE = Const(0), Const(1)
BOX = 7  # every coordinate 0..BOX


def accepts(a: dfa.DFA, env: dict, extra: int = 0) -> bool:
    """Whether `a` accepts the tuple env (its binary word, with `extra` zero letters more)."""
    length = max([env[t].bit_length() for t in a.tracks] + [0]) + extra
    q = 0
    for i in range(length):
        q = a.delta[q][sum((env[t] >> i & 1) << j for j, t in enumerate(a.tracks))]
    return a.final[q]


def relation(formula) -> dfa.DFA:
    return automata.Compiler(dfa.Work(60, 500)).build(automata._bound_apart(formula, lambda n: n + "'"))


def assert_same_relation(formula, names=("x", "y", "z"), bound=BOX):
    """The automaton of `formula` accepts a tuple of the box iff the formula holds there
    (its quantifiers bounded by the formula itself, so that `holds` is exact)."""
    a = relation(formula)
    assert set(a.tracks) <= set(names)
    for values in itertools.product(range(bound + 1), repeat=len(names)):
        env = dict(zip(names, values))
        expected = holds(formula, env, bound)
        assert accepts(a, env) == expected, (formula, env, expected)
        assert accepts(a, env, extra=2) == expected, ("trailing zeros", formula, env)


# -- atomic relations ------------------------------------------------------------------------

@pytest.mark.parametrize("formula", [
    Cmp("==", Bin("+", x, y), z), Cmp("==", Bin("-", x, y), z), Cmp("==", Bin("^", x, y), z),
    Cmp("==", Bin("&", x, y), z), Cmp("==", Bin("|", x, y), z), Cmp("<", x, y), Cmp("<=", x, y),
    Cmp(">", x, y), Cmp(">=", x, Const(5)), Cmp("!=", x, y), Cmp("==", x, Const(6)),
    Cmp("==", Scale(3, x), Bin("+", y, z)), Cmp("==", Div(Bin("+", x, z), 3), y),
    Cmp("==", Mod(Bin("+", x, y), 5), z), Cmp("==", Bin("min", x, y), z),
    Cmp("==", Bin("max", x, y), z), Cmp("<=", Scale(7, y), Bin("+", x, z)),
    Cmp("==", Div(Bin("-", x, y), 2), Bin("-", z, Const(3))),          # a negative quotient
    Cmp("==", Mod(Bin("-", x, Const(5)), 3), z),                         # a negative dividend
    Cmp("==", Bin("^", Bin("-", x, y), z), Bin("-", Const(0), Const(1))),  # two's complement
    Cmp("==", Bin("&", Bin("-", x, y), Bin("-", z, Const(4))), x),
    Cmp("==", Bin("|", Bin("-", x, Const(3)), y), Bin("-", z, Const(7))),
    Cmp("==", Bin("min", Bin("-", x, y), z), Bin("-", y, Const(2))),
    Cmp("==", Bin("^", x, x), ZERO), Cmp("<", Const(2), Const(1)),
    Cmp("==", x, Mod(x, 2)),  # x = r solved away: x - 2q - r = 0 becomes -2q = 0
])
def test_atomic_relations(formula):
    assert_same_relation(formula)


def test_bounded_quantifiers():
    assert_same_relation(Exists(("u",), And((Cmp("<=", u, x), Cmp("==", Bin("+", u, u), y)))))
    assert_same_relation(Exists(("u", "v"), And((Cmp("==", u, x), Cmp("==", v, u), Cmp("<", Bin("+", u, v), y)))))
    assert_same_relation(Exists(("u",), And((Cmp("<=", u, x), Or((Cmp("==", u, y), Cmp("==", u, z)))))))
    assert_same_relation(Forall(("u",), Implies(Cmp("<", u, x), Cmp("!=", Bin("^", u, y), z))))


# -- random formulas -------------------------------------------------------------------------

LEAVES = st.one_of(st.sampled_from([x, y, z]), st.integers(0, 6).map(Const))
TERMS = st.recursive(LEAVES, lambda t: st.one_of(
    st.builds(Bin, st.sampled_from(TERM_OPS), t, t),
    st.builds(Scale, st.integers(0, 3), t),
    st.builds(Div, t, st.integers(1, 5)),
    st.builds(Mod, t, st.integers(1, 5))), max_leaves=4)
ATOMS = st.builds(Cmp, st.sampled_from(CMP_OPS), TERMS, TERMS)


def _bounded(args):
    """A quantifier over u, bounded by x (so that `holds` on the box is exact)."""
    kind, body = args
    guard = Cmp("<=", u, x)
    if kind == "exists":
        return Exists(("u",), And((guard, body)))
    return Forall(("u",), Implies(guard, body))


def _with_u(t):
    return t.map(lambda f: automata._renamed(f, lambda n: "u" if n == "z" else n))


FORMULAS = st.recursive(ATOMS, lambda f: st.one_of(
    st.builds(Not, f), st.builds(lambda a, b: And((a, b)), f, f),
    st.builds(lambda a, b: Or((a, b)), f, f), st.builds(Implies, f, f), st.builds(Iff, f, f),
    st.tuples(st.sampled_from(["exists", "forall"]), _with_u(f)).map(_bounded)), max_leaves=3)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FORMULAS)
def test_random_formulas_match_brute_force(formula):
    assert_same_relation(formula, bound=5)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ATOMS)
def test_decide_gives_real_counterexamples(formula):
    """decide says whether a quantifier-free formula holds on the whole box, and a
    counterexample it gives is one."""
    d = automata.decide(formula, seconds=60)
    assert d.holds is not None, d.reason
    names = automata.free_names(formula)
    everywhere = all(holds(formula, dict(zip(names, vs)), BOX)
                     for vs in itertools.product(range(BOX + 1), repeat=len(names)))
    if d.holds:
        assert everywhere
    else:
        assert set(d.counterexample) == set(names)
        assert not holds(formula, d.counterexample, BOX)


# -- theorems and falsehoods -----------------------------------------------------------------

def _all(names, body):
    return Forall(tuple(names), body)


TRUE = [
    _all("x", Exists(("y",), Or((Cmp("==", x, Scale(2, y)), Cmp("==", x, Bin("+", Scale(2, y), ONE)))))),
    _all("xy", Iff(Cmp("==", Bin("^", x, y), Bin("+", x, y)), Cmp("==", Bin("&", x, y), ZERO))),
    _all("xy", Cmp("==", Bin("+", x, y), Bin("+", Bin("^", x, y), Scale(2, Bin("&", x, y))))),
    _all("xy", Cmp("==", Bin("|", x, y), Bin("+", Bin("^", x, y), Bin("&", x, y)))),
    _all("x", Cmp("==", Bin("+", Scale(3, Div(x, 3)), Mod(x, 3)), x)),
    _all("xy", Cmp("==", Bin("+", Bin("min", x, y), Bin("max", x, y)), Bin("+", x, y))),
    _all("x", Cmp("==", Bin("^", Bin("-", Bin("-", ZERO, x), ONE), x), Bin("-", ZERO, ONE))),
    _all("x", Exists(("y",), Cmp(">", y, x))),
    _all("xyz", Implies(And((Cmp("<=", x, y), Cmp("<=", y, z))), Cmp("<=", x, z))),
    _all("x", Implies(Cmp("==", Mod(x, 2), ZERO), Cmp("==", Mod(Bin("+", x, ONE), 2), ONE))),
    _all("xy", Cmp("<=", Bin("^", x, y), Bin("+", x, y))),
    _all("xy", Cmp("==", Div(Bin("-", x, y), 4), Bin("-", ZERO, Div(Bin("+", Bin("-", y, x), Const(3)), 4)))),
    # Nim with two heaps: the P-positions x = y (no move between them, a move to one).
    _all("xy", Implies(Cmp("!=", x, y), Exists(("u",), Or((
        And((Cmp("<", u, x), Cmp("==", u, y))), And((Cmp("<", u, y), Cmp("==", u, x)))))))),
    Truth(True),
]
FALSE = [
    (Exists(("x",), Cmp("==", Bin("+", x, ONE), ZERO)), {}),
    (Exists(("y",), _all("x", Cmp(">=", y, x))), {}),
    (Cmp("==", Bin("^", x, y), Bin("+", x, y)), {"x": 1, "y": 1}),
    (Cmp("<", Bin("^", Div(x, 2), Div(x, 4)), x), {"x": 0}),
    (Cmp("!=", Mod(x, 7), Const(6)), {"x": 6}),
    (Cmp("<", x, Const(1000)), {"x": 1000}),
    (Implies(Cmp(">", x, Const(10)), Cmp("==", Bin("&", x, Const(12)), ZERO)), None),
    (Truth(False), {}),
]


@pytest.mark.parametrize("formula", TRUE)
def test_known_truths(formula):
    assert automata.decide(formula).holds is True


@pytest.mark.parametrize("formula,counterexample", FALSE)
def test_known_falsehoods(formula, counterexample):
    d = automata.decide(formula)
    assert d.holds is False
    if counterexample is not None:
        assert d.counterexample == counterexample
    if d.counterexample:  # quantifier-free: the bounded evaluator is exact
        assert not holds(formula, d.counterexample, 0)


def test_counterexample_names_every_free_variable():
    d = automata.decide(Implies(Cmp("==", y, y), Cmp("<", x, Const(3))))
    assert d.counterexample == {"y": 0, "x": 3}


def test_bound_variables_may_reuse_free_names():
    # x < 5 and ∃x (x > 9): the bound x is another variable than the free one.
    d = automata.decide(And((Cmp("<", x, Const(5)), Exists(("x",), Cmp(">", x, Const(9))))))
    assert d.holds is False and d.counterexample == {"x": 5}


# -- limits ----------------------------------------------------------------------------------

def _hard():
    """A statement whose automata grow large (the mex half of Ryuoh Nim, p = 3)."""
    q = lambda t: Bin("+", Mod(Bin("+", t[0], t[1]), 3), Scale(3, Bin("^", Div(t[0], 3), Div(t[1], 3))))
    s, t = Var("s"), Var("t")
    moves = Or((And((Cmp("<", u, x), Cmp("==", v, y))), And((Cmp("==", u, x), Cmp("<", v, y))),
                And((Cmp("==", Bin("+", u, ONE), x), Cmp("==", Bin("+", v, ONE), y)))))
    return Forall(("x", "y", "z"), Implies(Cmp("<", z, q((x, y))), Exists(("u", "v"), And((moves, Cmp("==", q((u, v)), z))))))


def test_time_limit_answers_none_in_time():
    start = time.monotonic()
    d = automata.decide(_hard(), seconds=0.5)
    assert d.holds is None and "0.5 s" in d.reason
    assert time.monotonic() - start < 30  # the limit is checked as the automata grow


def test_memory_limit_answers_none():
    d = automata.decide(_hard(), seconds=600, megabytes=5)
    assert d.holds is None and "5 MB" in d.reason


def _peak(formula, megabytes):
    """The decision within `megabytes` and the most memory it held (tracemalloc)."""
    tracemalloc.start()
    try:
        d = automata.decide(formula, seconds=600, megabytes=megabytes)
        return d, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("formula", [
    # a linear relation with large coefficients: many carries
    Cmp("==", Bin("+", Scale(100003, x), Scale(77777, y)), Scale(99991, z)),
    pytest.param(_hard(), marks=pytest.mark.slow),  # subset constructions
])
def test_memory_estimate_bounds_what_is_held(formula):
    """The estimate the memory limit reads is about what tracemalloc measures, or more."""
    d, peak = _peak(formula, 3)
    assert d.holds is None and "3 MB" in d.reason
    assert peak < 3_000_000 * 1.25


@pytest.mark.parametrize("formula,what", [
    (Cmp("==", Div(x, 0), y), "division by 0"),
    (Cmp("==", x, Const(-1)), "negative constant"),
    (Cmp("~", x, y), "comparison"),
    (Cmp("==", Bin("andnot", x, y), ZERO), "term"),
])
def test_outside_the_language(formula, what):
    d = automata.decide(formula)
    assert d.holds is None and what in d.reason
