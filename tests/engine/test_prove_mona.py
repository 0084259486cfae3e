"""MONA as a decision procedure of the prover's language (grundy.prove.mona): every term
and comparison is encoded as logic.value computes it (negative values too), quantifiers
and counterexamples mean what they say, and a limit or a missing MONA gives None with
the reason, never a hang or a guess (issue 47)."""

import random

import pytest

from grundy.prove import mona
from grundy.prove.logic import (And, Bin, CMP_OPS, Cmp, Const, Div, Exists, Forall, Implies, Mod,
                                Not, Scale, TERM_OPS, Var, holds, value)

X, Y = Var("x"), Var("y")


def random_term(rng, depth):
    """A term over x and y with every operator of the language (and - makes negatives)."""
    if depth == 0 or rng.random() < 0.25:
        return rng.choice([X, Y, Const(rng.randrange(5))])
    kind = rng.randrange(5)
    if kind == 0:
        return Scale(rng.randrange(5), random_term(rng, depth - 1))
    if kind == 1:
        return Div(random_term(rng, depth - 1), rng.randrange(1, 7))
    if kind == 2:
        return Mod(random_term(rng, depth - 1), rng.randrange(1, 7))
    return Bin(rng.choice(TERM_OPS), random_term(rng, depth - 1), random_term(rng, depth - 1))


def number(n):
    return Const(n) if n >= 0 else Bin("-", Const(0), Const(-n))


def at(env):
    """The condition x = env["x"] and y = env["y"]."""
    return And(tuple(Cmp("==", Var(k), Const(v)) for k, v in env.items()))


@pytest.mark.parametrize("seed", range(3))
def test_terms_have_their_value(seed):
    """At fixed x and y, `term == its value` is valid and `term == its value + 1` is not."""
    rng = random.Random(seed)
    for _ in range(12):
        t = random_term(rng, 3)
        env = {"x": rng.randrange(12), "y": rng.randrange(12)}
        c = value(t, env)
        assert mona.decide(Implies(at(env), Cmp("==", t, number(c)))).holds is True, (t, env, c)
        wrong = mona.decide(Implies(at(env), Cmp("==", t, number(c + 1))))
        assert wrong.holds is False and wrong.counterexample == env, (t, env, c)


SIGNED_X, SIGNED_Y = Bin("-", X, Const(3)), Bin("-", Y, Const(4))  # -3..4 and -4..3 below


def table(term, size=8):
    """term == its value at each x, y < size (one formula: one run of MONA)."""
    return And(tuple(Implies(at({"x": x, "y": y}), Cmp("==", term, number(value(term, {"x": x, "y": y}))))
                     for x in range(size) for y in range(size)))


@pytest.mark.parametrize("op", TERM_OPS)
def test_every_operator_on_every_sign(op):
    """Both operands negative, one of them, neither: each case of the encoding."""
    assert mona.decide(table(Bin(op, SIGNED_X, SIGNED_Y))).holds is True


@pytest.mark.parametrize("term", [Scale(3, SIGNED_X), Scale(0, SIGNED_X), Div(SIGNED_X, 3), Div(SIGNED_X, 4),
                                  Mod(SIGNED_X, 3), Mod(SIGNED_X, 2), Bin("-", Const(0), SIGNED_X)],
                         ids=repr)
def test_constant_operations_on_every_sign(term):
    assert mona.decide(table(term)).holds is True


@pytest.mark.parametrize("seed", range(2))
def test_comparisons_of_signed_terms(seed):
    rng = random.Random(100 + seed)
    for _ in range(12):
        a, b = random_term(rng, 2), random_term(rng, 2)
        op = rng.choice(CMP_OPS)
        env = {"x": rng.randrange(9), "y": rng.randrange(9)}
        f = Cmp(op, a, b)
        expected = holds(f, env, 0)
        assert mona.decide(Implies(at(env), f)).holds is expected, (f, env)
        assert mona.decide(Implies(at(env), Not(f))).holds is (not expected), (f, env)


def test_quantifiers_and_counterexamples():
    assert mona.decide(Forall(("x",), Exists(("y",), Cmp("==", Y, Bin("+", X, Const(1)))))).holds
    closed = mona.decide(Forall(("x",), Exists(("y",), Cmp("==", X, Bin("+", Y, Const(1))))))
    assert closed.holds is False and closed.counterexample == {}
    even = Exists(("y",), Cmp("==", X, Scale(2, Y)))
    answer = mona.decide(even)
    assert answer.holds is False and answer.counterexample["x"] % 2 == 1
    assert not holds(even, answer.counterexample, 20)
    assert answer.states > 0  # MONA says how large its largest automaton was


def test_a_linear_fact_for_every_number():
    """x // 3 * 3 + x % 3 == x, and (x + y) % 5 from the residues, for all x and y."""
    assert mona.decide(Cmp("==", Bin("+", Scale(3, Div(X, 3)), Mod(X, 3)), X)).holds
    assert mona.decide(Cmp("==", Mod(Bin("+", X, Y), 5), Mod(Bin("+", Mod(X, 5), Mod(Y, 5)), 5))).holds
    assert mona.decide(Cmp("<=", Bin("-", X, Y), X)).holds
    refuted = mona.decide(Cmp("<=", Bin("-", Y, X), Div(Y, 2)))
    assert refuted.holds is False and not holds(Cmp("<=", Bin("-", Y, X), Div(Y, 2)),
                                                refuted.counterexample, 0)


HARD = Cmp("!=", Scale(1000003, X), Bin("+", Scale(999983, Y), Const(5)))  # tens of seconds


def test_time_limit():
    answer = mona.decide(HARD, seconds=0.3)
    assert answer.holds is None and answer.reason == "MONA ran out of time (0.3 s)"


def test_memory_limit():
    answer = mona.decide(HARD, seconds=60, megabytes=30)
    assert answer.holds is None and answer.reason == "MONA ran out of memory (30 MB)"


def test_without_mona(monkeypatch):
    monkeypatch.setattr(mona.shutil, "which", lambda name: None)
    answer = mona.decide(Cmp("==", X, X))
    assert answer.holds is None and "not installed" in answer.reason


def test_the_program_is_text_a_reader_can_run():
    """ws1s() is the whole MONA input (what a proof can cite): every term shape is one
    predicate, used again for the same shape with other variables."""
    text, names = mona.ws1s(Cmp("==", Div(Bin("+", X, Y), 3), Div(Bin("+", Y, X), 3)))
    assert text.startswith("ws1s;") and names == {"x": "n0_x", "y": "n1_y"}
    assert text.count("pred t") == 2  # the sum, then its quotient: one each
