"""Trust the encoding, not only the prover (issue 47): each game's positions and moves in
the prover's language (`Game.rules()`) are exactly the engine's, on every tuple of a box;
the rewriting before a procedure (clauses, residues) keeps every formula's meaning."""

import random
import re
from itertools import product

import pytest

import grundy
from grundy.games.step import SATISFYING_F, VIOLATING_F
from grundy.prove import residues
from grundy.prove.clauses import clauses
from grundy.prove.logic import (CMP_OPS, And, Bin, Cmp, Const, Div, Exists, Implies, Mod, Not, Scale,
                                Var, holds)
from grundy.prove.proof import _claim, _rules
from grundy.prove.statement import free_variables, halves


def box(g, limit):
    """Every tuple of g's coordinates in 0..limit (the pass coordinate 0..2)."""
    sides = [range(limit + 1)] * len(g.coords)
    if isinstance(g, grundy.PassGame):
        sides[-1] = range(3)
    return list(product(*sides))


GAMES = [  # (game, the box's bound)
    *((grundy.game("chocolate", k=k), 5) for k in (1, 2, 3, 5)),
    *((grundy.game("step", f=f), 8) for f in SATISFYING_F + VIOLATING_F),
    (grundy.game("step3", f="t//2"), 4),
    *((grundy.game("ryuoh", p=p), 7) for p in range(1, 7)),
    (grundy.game("wythoff"), 7),
    *((grundy.game("nim", heaps=n), 7 if n < 3 else 3) for n in (1, 2, 3)),
    *((grundy.game("rect", sides=n), 6 if n < 3 else 3) for n in (2, 3)),
    *((grundy.game("chomp", rows=n), 6 if n < 3 else 4) for n in (1, 2, 3)),
    (grundy.with_pass(grundy.game("chocolate", k=3)), 3),
    (grundy.with_pass(grundy.game("nim", heaps=2)), 4),
    (grundy.with_pass(grundy.game("ryuoh", p=3)), 4),
]


@pytest.mark.parametrize("g, limit", GAMES, ids=[repr(g) for g, _ in GAMES])
def test_moves_are_encoded_as_the_engine_plays_them(g, limit):
    """The encoded positions are g's legal positions, and the encoded moves from each are
    exactly g's moves, on every tuple with coordinates up to `limit`."""
    rules = _rules(g)
    n = len(rules.coords)
    assert rules.coords == tuple(g.coords)
    p, q = tuple(Var(f"p{i}") for i in range(n)), tuple(Var(f"q{i}") for i in range(n))
    position, move = rules.position(p), rules.move(p, q)
    tuples = box(g, limit)
    for a in tuples:
        env = {f"p{i}": c for i, c in enumerate(a)}
        legal = g.is_legal(a)
        assert holds(position, env, limit) == legal, a
        if legal:
            targets = set(g.targets(a))
            for b in tuples:
                env.update({f"q{i}": c for i, c in enumerate(b)})
                assert holds(move, env, limit) == (b in targets), (a, b)


def test_a_wrong_encoding_is_caught():
    """The check above fails for rules one move short (a diagonal step of Ryuoh missing)."""
    g = grundy.game("ryuoh", p=4)

    class Short(type(g)):
        def _diagonal(self, p, q):
            return super()._diagonal(p, q)[:-1]

    with pytest.raises(AssertionError):
        test_moves_are_encoded_as_the_engine_plays_them(Short(p=4), 4)


# -- the rewriting keeps the meaning -----------------------------------------------------

X, Y, Z = Var("x"), Var("y"), Var("z")


def random_term(rng, depth):
    if depth == 0 or rng.random() < 0.3:
        return rng.choice([X, Y, Z, Const(rng.randrange(4))])
    kind = rng.randrange(6)
    if kind == 0:
        return Scale(rng.randrange(4), random_term(rng, depth - 1))
    if kind in (1, 2):
        return (Div if kind == 1 else Mod)(random_term(rng, depth - 1), rng.choice([2, 3, 4, 6]))
    return Bin(rng.choice(["+", "+", "-", "^", "min"]), random_term(rng, depth - 1), random_term(rng, depth - 1))


def random_formula(rng, depth):
    kind = rng.randrange(5)
    if depth == 0 or kind == 0:
        return Cmp(rng.choice(CMP_OPS), random_term(rng, 2), random_term(rng, 2))
    if kind == 1:
        return Not(random_formula(rng, depth - 1))
    if kind == 2:
        return And((random_formula(rng, depth - 1), random_formula(rng, depth - 1)))
    if kind == 3:
        w = Var("w")
        return Exists(("w",), And((Cmp("<=", w, Const(7)), random_formula(rng, depth - 1))))
    return Implies(random_formula(rng, depth - 1), random_formula(rng, depth - 1))


def split_value(name, env):
    """The value of a variable of the rewritten formula: x, x/m (quotient), x%m (remainder)."""
    if name in env:
        return env[name]
    base, op, m = re.match(r"^(.*)([/%])(\d+)$", name).groups()
    whole = split_value(base, env)
    return whole // int(m) if op == "/" else whole % int(m)


@pytest.mark.parametrize("seed", range(4))
def test_residue_split_keeps_the_meaning(seed):
    rng = random.Random(seed)
    for _ in range(100):
        f = random_formula(rng, 2)
        free = free_variables(f)
        split, new_free, restore = residues.expand(f, free)
        for _ in range(10):
            env = {n: rng.randrange(20) for n in free}
            values = {n: split_value(n, env) for n in new_free}
            assert holds(split, values, 8) == holds(f, env, 8), (f, env)
            assert restore(values) == env


HALVES = [(grundy.game("chocolate", k=3), "x ^ y ^ z == 0", "P", 4),
          (grundy.game("chocolate", k=5), "x ^ y ^ z == 0", "P", 4),
          (grundy.game("ryuoh", p=3), "(x + y) % 3 + 3 * (x // 3 ^ y // 3)", "grundy", 6),
          (grundy.game("ryuoh", p=4), "(x + y) % 3 + 3 * (x // 3 | y // 3)", "grundy", 6),
          (grundy.game("step", f="t//3"), "y ^ z", "grundy", 7)]


@pytest.mark.parametrize("g, formula, target, limit", HALVES, ids=[f"{g!r} {f}" for g, f, _, _ in HALVES])
def test_clauses_fail_exactly_where_their_half_does(g, formula, target, limit):
    """Where a half fails (its free variables up to `limit`), one of its clauses (variables
    eliminated, then split) fails at the same values; where a clause fails, the half fails
    at the values the clause's `restore` gives."""
    claim = _claim(formula, tuple(g.coords), target)
    for half in halves(_rules(g), claim, target):
        free = free_variables(half)
        parts = [(clause, *residues.expand(clause.formula, clause.free)[:2]) for clause in clauses(half, free)]
        for values in product(range(limit + 1), repeat=len(free)):
            env = dict(zip(free, values))
            failing = [clause for clause, split, new_free in parts
                       if not holds(split, {n: split_value(n, env) for n in new_free}, limit)]
            assert holds(half, env, limit) or failing, env
            for clause in failing:
                assert not holds(half, clause.restore({n: env[n] for n in clause.free}), limit), env


def test_the_case_split_has_limits(monkeypatch):
    """Past its deadline or its number of cases, the split stops (the proof is then not
    decided, with the reason), never runs on."""
    g = grundy.game("ryuoh", p=7)
    claim = _claim("(x + y) % 7 + 7 * (x // 7 ^ y // 7)", g.coords, "grundy")
    half = halves(_rules(g), claim, "grundy")[1]
    with pytest.raises(residues.TooLarge, match="ran out of time"):
        residues.expand(half, free_variables(half), deadline=0)
    monkeypatch.setattr(residues, "MAX_TOTAL", 100)
    with pytest.raises(residues.TooLarge, match="passed 100 cases"):
        residues.expand(half, free_variables(half))
    proof = grundy.prove(g, "(x + y) % 7 + 7 * (x // 7 ^ y // 7)")
    assert proof.proved is None and proof.reason.en == "the case split passed 100 cases"
    assert proof.reason.ja == "場合分けが 100 通りを超えました"


def test_cases_are_decided_in_chunks(monkeypatch):
    """A conjunction of cases goes to the procedure in chunks of at most CHUNK nodes (one
    larger case alone), every case once, in order."""
    from grundy.prove import proof
    from grundy.prove.statement import size

    monkeypatch.setattr(proof, "CHUNK", 10)
    small = [Cmp("<", X, Const(i)) for i in range(7)]  # 3 nodes each
    large = Cmp("<", Bin("+", Bin("+", X, Y), Z), Const(1))  # 7 nodes
    parts = proof.chunks(And((*small[:4], large, *small[4:])))
    assert [a for p in parts for a in p.args] == [*small[:4], large, *small[4:]]
    assert all(size(p) - 1 <= 10 for p in parts) and len(parts) == 3
    assert proof.chunks(large) == [large]


def test_ryuoh_is_split_whole_for_a_large_p():
    """p = 13 has 66 kinds of move: every clause (one per kind) still has each variable
    split by its residues, no quotient left for the procedure (with one clause for all
    the moves, a variable fell out of the split and MONA ran out of 4 GB)."""
    g = grundy.game("ryuoh", p=13)
    claim = _claim("(x + y) % 13 + 13 * (x // 13 ^ y // 13)", g.coords, "grundy")
    half = halves(_rules(g), claim, "grundy")[0]
    parts = clauses(half, free_variables(half))
    assert len(parts) > 60
    for clause in (parts[1], parts[-1]):  # a move left, a diagonal step
        split = repr(residues.expand(clause.formula, clause.free)[0])
        assert "Div(" not in split and "Mod(" not in split, clause.free
