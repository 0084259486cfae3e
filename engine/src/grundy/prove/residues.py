"""A formula rewritten for automata: linear parts in normal form, and variables divided
by a constant replaced by their quotient and remainder, the remainder as a finite case
split (GAMES.md, section 6: Ryuoh Nim's (x + y) mod p from the residues of x and y).

A variable x that appears only in linear parts (+, -, constant multiples, comparisons)
and under `// k` or `% k` (never directly under ^ & | min max) becomes k*X + r for each r
in 0..k-1: then (x + y) % k is a constant in each case, x // k is X, and x < u compares
quotients. A variable compared with multiples of k only (the value v of `v < F(p)` when F
is k*W + c) is split the same way. A power of two is not split (automata shift bits).
`expand` returns the rewritten formula, equivalent for
every value of the free variables, and the map back from its counterexamples.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from itertools import product
from math import gcd
import time

from .logic import And, Bin, Cmp, Const, Div, Exists, Forall, Iff, Implies, Mod, Not, Or, Scale, Truth, Var
from .statement import variables

MAX_MODULUS = 32       # a variable is split into at most this many cases
MAX_CASES = 20_000     # and the cases of one quantifier (or the free variables) at most this many
MAX_TOTAL = 1_000_000  # cases in all (nested quantifiers multiply them; p = 11: 100,000, 31 MB)
CACHE = 1 << 16        # terms and comparisons rewritten, remembered
ONE = None           # the key of the constant in a linear form
_FLIP = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "==": "==", "!=": "!="}


def linear(t) -> dict:
    """A term as {atom: coefficient, ONE: constant}: atoms are variables and the parts
    that are not linear (x ^ y, min(...), a quotient that does not divide out)."""
    return dict(_linear(t))


@lru_cache(maxsize=CACHE)
def _linear(t) -> tuple:
    if isinstance(t, Const):
        return ((ONE, t.value),)
    if isinstance(t, Scale):
        return tuple((a, t.factor * c) for a, c in _linear(t.term))
    if isinstance(t, Bin) and t.op in "+-":
        out = dict(_linear(t.left))
        for a, c in _linear(t.right):
            out[a] = out.get(a, 0) + (c if t.op == "+" else -c)
        return tuple(out.items())
    return ((t, 1),)


def build(form: dict):
    """A linear form as a term: its positive part minus its negative part."""
    def side(sign):
        parts = [(a, sign * c) for a, c in form.items() if a is not ONE and sign * c > 0]
        terms = [a if c == 1 else Scale(c, a) for a, c in parts]
        if sign * form.get(ONE, 0) > 0 or not terms:
            terms.append(Const(max(0, sign * form.get(ONE, 0))))
        return reduce(lambda a, b: Bin("+", a, b), terms)
    positive, negative = side(1), side(-1)
    return positive if negative == Const(0) else Bin("-", positive, negative)


def _split(form: dict, k: int) -> tuple[dict, dict]:
    """form = k * quotient + rest, the rest's coefficients and constant in 0..k-1."""
    quotient = {a: c // k for a, c in form.items()}
    rest = {a: c % k for a, c in form.items() if c % k}
    return quotient, rest


def term(t, subst: dict):
    """The term with each variable of `subst` replaced (name -> its linear form), linear
    parts in normal form, quotients and remainders of multiples of k computed."""
    return _term(t, tuple((n, frozenset(subst[n].items())) for n in _names(t) if n in subst))


@lru_cache(maxsize=CACHE)
def _names(t) -> tuple:
    return tuple(sorted(variables(t)))


@lru_cache(maxsize=CACHE)
def _term(t, relevant: tuple):
    """`term` with the substitution of t's variables as a hashable tuple (cached: the
    cases of a split share most of their parts)."""
    subst = {n: dict(form) for n, form in relevant}
    if isinstance(t, Var):
        return build(subst[t.name]) if t.name in subst else t
    if isinstance(t, Const):
        return t
    if isinstance(t, (Div, Mod)):
        k = t.divisor
        quotient, rest = _split(linear(term(t.term, subst)), k)
        if all(a is ONE for a in rest):  # the rest is the constant 0..k-1
            c = rest.get(ONE, 0)
            return build(quotient) if isinstance(t, Div) else Const(c)
        part = Div(build(rest), k) if isinstance(t, Div) else Mod(build(rest), k)
        return build(_add(quotient, {part: 1})) if isinstance(t, Div) else part
    if isinstance(t, Scale) or t.op in "+-":
        inner = Scale(t.factor, term(t.term, subst)) if isinstance(t, Scale) else \
            Bin(t.op, term(t.left, subst), term(t.right, subst))
        return build(linear(inner))
    left, right = term(t.left, subst), term(t.right, subst)
    if isinstance(left, Const) and isinstance(right, Const):
        a, b = left.value, right.value
        return Const({"^": a ^ b, "&": a & b, "|": a | b, "min": min(a, b), "max": max(a, b)}[t.op])
    return Bin(t.op, left, right)


def _add(a: dict, b: dict) -> dict:
    out = dict(a)
    for atom, c in b.items():
        out[atom] = out.get(atom, 0) + c
    return out


@lru_cache(maxsize=CACHE)
def compare(op: str, left, right):
    """left op right with both sides in normal form, divided by the common factor of
    their atoms: k*L + c < 0 is L + floor(c / k) < 0; k*L + c == 0 needs k to divide c."""
    form = _add(linear(left), {a: -c for a, c in linear(right).items()})
    form = {a: c for a, c in form.items() if c}
    if op in (">", ">="):
        op, form = _FLIP[op], {a: -c for a, c in form.items()}
    if op == "<=":  # L <= 0 is L - 1 < 0
        op, form = "<", _add(form, {ONE: -1})
    c = form.pop(ONE, 0)
    if not form:
        return Truth({"<": c < 0, "==": c == 0, "!=": c != 0}[op])
    k = abs(reduce(gcd, form.values()))
    if op in ("==", "!=") and c % k:
        return Truth(op == "!=")
    c //= k  # exact for == and !=; for <: k*L + c < 0  <=>  L < -c / k  <=>  L + floor(c / k) < 0
    form = {a: v // k for a, v in form.items()}
    positive = build({a: v for a, v in form.items() if v > 0} | {ONE: max(c, 0)})
    negative = build({a: -v for a, v in form.items() if v < 0} | {ONE: max(-c, 0)})
    return Cmp(op, positive, negative)


def _conjunction(kind, args):
    """And/Or of args with the constants folded."""
    unit = kind is And
    out = []
    for a in args:
        if isinstance(a, Truth):
            if a.value != unit:
                return Truth(not unit)
            continue
        out.extend(a.args if isinstance(a, kind) else [a])
    return out[0] if len(out) == 1 else (kind(tuple(out)) if out else Truth(unit))


class TooLarge(Exception):
    """The case split would exceed its limits (time, or MAX_TOTAL cases)."""


class Rewriter:
    """Rewrites formulas, splitting each quantifier's variables where `split(names, body)`
    says (a dict name -> modulus), within a deadline (time.monotonic()) and MAX_TOTAL cases."""

    def __init__(self, split, deadline: float | None = None):
        self.split, self.deadline, self.cases = split, deadline, 0

    def count(self) -> None:
        self.cases += 1
        if self.cases > MAX_TOTAL or (self.deadline is not None and time.monotonic() > self.deadline):
            raise TooLarge(f"the case split passed {MAX_TOTAL:,} cases" if self.cases > MAX_TOTAL
                           else "the case split ran out of time")

    def formula(self, f, subst: dict):
        """The formula with `subst` applied, linear parts in normal form, quantified
        variables split."""
        if isinstance(f, Truth):
            return f
        if isinstance(f, Cmp):
            return compare(f.op, term(f.left, subst), term(f.right, subst))
        if isinstance(f, Not):
            return negation(self.formula(f.arg, subst))
        if isinstance(f, (And, Or)):
            return _conjunction(type(f), [self.formula(a, subst) for a in f.args])
        if isinstance(f, (Implies, Iff)):
            left, right = self.formula(f.left, subst), self.formula(f.right, subst)
            if isinstance(f, Implies):
                return _conjunction(Or, [negation(left), right])
            if isinstance(left, Truth) and isinstance(right, Truth):
                return Truth(left.value == right.value)
            return Iff(left, right)
        inner = {k: v for k, v in subst.items() if k not in f.names}
        moduli = self.split(f.names, f.body)
        kept = tuple(n for n in f.names if n not in moduli)
        cases = []
        for case in self.cases_of(moduli, inner):
            self.count()
            cases.append(self.formula(f.body, case))
        body = _conjunction(Or if isinstance(f, Exists) else And, cases)
        names = kept + tuple(f"{n}/{m}" for n, m in moduli.items())
        return type(f)(names, body) if names and not isinstance(body, Truth) else body

    @staticmethod
    def cases_of(moduli: dict, subst: dict):
        """`subst` with each split variable n replaced by m * n/m + r, for every r."""
        for residues in product(*(range(m) for m in moduli.values())):
            case = dict(subst)
            for (n, m), r in zip(moduli.items(), residues):
                case[n] = {Var(f"{n}/{m}"): m, ONE: r}
            yield case


def negation(f):
    return Truth(not f.value) if isinstance(f, Truth) else Not(f)


# -- which variables to split ----------------------------------------------------------

def _scan(node, name: str, found: dict) -> bool:
    """Whether `name` occurs linearly at the top of the term `node`; records in `found`
    the divisors it occurs under ("div"), the comparisons it occurs in ("cmp"), and
    whether it occurs under ^ & | min max ("bad")."""
    if isinstance(node, Var):
        return node.name == name
    if isinstance(node, Const):
        return False
    if isinstance(node, (Div, Mod)):
        if _scan(node.term, name, found):
            found["div"].append(node.divisor)
        return False
    if isinstance(node, Scale):
        return _scan(node.term, name, found)
    if isinstance(node, Cmp):
        if _scan(node.left, name, found) | _scan(node.right, name, found):
            found["cmp"].append(node)
        return False
    if isinstance(node, Bin):
        here = _scan(node.left, name, found) | _scan(node.right, name, found)
        if here and node.op not in "+-":
            found["bad"] = True
        return here and node.op in "+-"
    for part in _parts(node):
        _scan(part, name, found)
    return False


def _parts(f):
    if isinstance(f, Not):
        return [f.arg]
    if isinstance(f, (And, Or)):
        return list(f.args)
    if isinstance(f, (Implies, Iff)):
        return [f.left, f.right]
    if isinstance(f, (Exists, Forall)):
        return [f.body]
    return []


def by_divisors(name: str, body) -> int:
    """The modulus to split `name` by in `body`: the least common multiple of the
    divisors it occurs under (1: do not split)."""
    found = {"div": [], "cmp": [], "bad": False}
    _scan(body, name, found)
    if found["bad"] or not found["div"]:
        return 1
    return reduce(lambda a, b: a * b // gcd(a, b), found["div"])


def by_comparisons(name: str, body) -> int:
    """The modulus to split `name` by when it occurs only in comparisons with multiples of
    some k > 1 (and constants): k, the greatest common divisor of their other atoms."""
    found = {"div": [], "cmp": [], "bad": False}
    _scan(body, name, found)
    if found["bad"] or found["div"] or not found["cmp"]:
        return 1
    factors = [c for cmp in found["cmp"] for a, c in _add(linear(cmp.left), {
        a: -c for a, c in linear(cmp.right).items()}).items() if a is not ONE and a != Var(name)]
    return abs(reduce(gcd, factors, 0)) if factors else 1


def _splitter(rule):
    def split(names, body) -> dict:
        moduli = {n: rule(n, body) for n in names}
        # a power of two is a shift for automata: no need to split
        moduli = {n: m for n, m in moduli.items() if 1 < m <= MAX_MODULUS and m & (m - 1)}
        while moduli and _count(moduli) > MAX_CASES:
            moduli.pop(max(moduli, key=moduli.get))
        return moduli
    return split


def _count(moduli: dict) -> int:
    return reduce(lambda a, b: a * b, moduli.values(), 1)


def expand(f, free: list[str], deadline: float | None = None):
    """(the rewritten formula, its free variables, restore): the formula holds for every
    value of its free variables `free` exactly when the rewritten one does for every value
    of its own; a split variable x becomes its quotient x/m and its remainder x%m, which
    guards its cases (x%m == r => case), so that a counterexample names both;
    `restore(counterexample)` maps a counterexample of the rewritten formula back.
    TooLarge past the deadline (time.monotonic()) or MAX_TOTAL cases."""
    steps = []
    for rule in (by_divisors, by_comparisons):
        rewriter = Rewriter(_splitter(rule), deadline)
        moduli = rewriter.split(tuple(free), f)
        cases = []
        for case in rewriter.cases_of(moduli, {}):
            rewriter.count()
            guard = [Cmp("==", Var(f"{n}%{m}"), Const(case[n][ONE])) for n, m in moduli.items()]
            body = rewriter.formula(f, case)
            cases.append(Implies(And(tuple(guard)), body) if guard and body != Truth(True) else body)
        f = _conjunction(And, cases)
        steps.append(moduli)
        free = [n for n in free if n not in moduli] + [x for n, m in moduli.items()
                                                       for x in (f"{n}/{m}", f"{n}%{m}")]

    def restore(values: dict) -> dict:
        for moduli in reversed(steps):
            values = dict(values)
            for n, m in moduli.items():
                values[n] = m * values.pop(f"{n}/{m}", 0) + values.pop(f"{n}%{m}", 0)
        return values
    return f, free, restore
