"""A decision procedure for the prover's language (`logic.py`) that builds the automata
itself, in pure Python (it runs in the browser too).

Every comparison becomes one automaton over its variables (`dfa.py`): its two sides are
made linear, each `//`, `%`, `min`, `max`, `^`, `&`, `|` standing for a fresh variable
bound by a constraint (`q = t // c` is `c·q <= t <= c·q + c - 1`, `r = t % c` is
`t = c·q + r, r < c`, `w = u ^ v` a letterwise relation), and the fresh variables are
quantified away at once. A value that may be negative (a difference inside `//`, `min`,
`^`, ...) is written as a difference p - n of two fresh numbers, and a bitwise operation on
it reads its two's complement (~m = -m - 1) case by case. The connectives are products of
automata, negation a complement, and a quantifier `∃` a projection (subset construction,
then minimization); `∀x φ` is `¬∃x ¬φ`. A quantifier over a conjunction joins only the
automata that mention each variable and projects it as soon as they are joined; an
automaton built once is reused for every formula equal to it up to the names of its
variables. The formula holds when the automaton of its negation accepts nothing, and
otherwise that automaton's shortest word is a counterexample.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from operator import and_, eq, or_, xor

from . import dfa
from .logic import (TERM_OPS, And, Bin, Cmp, Const, Decision, Div, Exists, Forall, Iff,
                    Implies, Mod, Not, Or, Scale, Truth, Var)


@dataclass(frozen=True)
class Lin:
    """sum(c * v for v, c in coefs) == bound (op "==") or <= bound (op "<=")."""
    coefs: tuple
    op: str
    bound: int


@dataclass(frozen=True)
class Bits:
    """out = left OP right bit by bit (OP: "^", "&", "|", or "andnot": left & ~right)."""
    op: str
    left: str
    right: str
    out: str


class Outside(Exception):
    """A formula the procedure does not read (the message says what)."""


BITWISE = {"^": xor, "&": and_, "|": or_, "andnot": lambda a, b: a & (1 - b)}
# A bitwise operation on (sign, m) pairs, the value m when the sign is 0 and ~m = -m - 1
# when it is 1: the result's sign, the operation on the magnitudes, and whether to swap them.
SIGNED = {
    "^": {(0, 0): (0, "^", 0), (0, 1): (1, "^", 0), (1, 0): (1, "^", 0), (1, 1): (0, "^", 0)},
    "&": {(0, 0): (0, "&", 0), (0, 1): (0, "andnot", 0), (1, 0): (0, "andnot", 1),
          (1, 1): (1, "|", 0)},
    "|": {(0, 0): (0, "|", 0), (0, 1): (1, "andnot", 1), (1, 0): (1, "andnot", 0),
          (1, 1): (1, "&", 0)},
}
SPLIT = 16  # ∃ distributes over a conjunction of disjunctions of at most this many cases
CONSTANT_OPS = {"+": int.__add__, "-": int.__sub__, "min": min, "max": max, **BITWISE}


# -- linear forms: ({variable: coefficient}, constant) -------------------------------------

def _plus(a, b, k=1):
    coefs = dict(a[0])
    for v, c in b[0].items():
        coefs[v] = coefs.get(v, 0) + k * c
    return {v: c for v, c in coefs.items() if c}, a[1] + k * b[1]


def _times(a, k):
    return ({v: k * c for v, c in a[0].items()} if k else {}), k * a[1]


def _nonneg(a) -> bool:
    return a[1] >= 0 and all(c > 0 for c in a[0].values())


def _rel(a, op):
    """The formula `a op 0` (op "==" or "<=")."""
    if not a[0]:
        return Truth(a[1] == 0 if op == "==" else a[1] <= 0)
    return Lin(tuple(a[0].items()), op, -a[1])


def _var(name):
    return {name: 1}, 0


class _Flattener:
    """A comparison's terms made linear: `parts` the constraints of the fresh variables
    `names` (each the value of one subterm)."""

    def __init__(self, fresh):
        self.fresh, self.names, self.parts = fresh, [], []

    def new(self) -> str:
        name = self.fresh()
        self.names.append(name)
        return name

    def number(self, signed: bool):
        """A fresh value: a natural number, or a difference of two when it may be negative."""
        return _plus(_var(self.new()), _var(self.new()), -1) if signed else _var(self.new())

    def variable(self, a) -> str:
        """A variable equal to the natural-valued form a."""
        if a[1] == 0 and len(a[0]) == 1 and list(a[0].values()) == [1]:
            return next(iter(a[0]))
        name = self.new()
        self.parts.append(_rel(_plus(a, _var(name), -1), "=="))
        return name

    def term(self, t):
        if isinstance(t, Var):
            return _var(t.name)
        if isinstance(t, Const):
            if t.value < 0:
                raise Outside(f"a negative constant {t.value}")
            return {}, t.value
        if isinstance(t, Scale):
            if t.factor < 0:
                raise Outside(f"a negative factor {t.factor}")
            return _times(self.term(t.term), t.factor)
        if isinstance(t, (Div, Mod)):
            return self.division(t)
        if isinstance(t, Bin) and t.op in TERM_OPS:
            a, b = self.term(t.left), self.term(t.right)
            if t.op in ("+", "-"):
                return _plus(a, b, 1 if t.op == "+" else -1)
            if not a[0] and not b[0]:
                return {}, CONSTANT_OPS[t.op](a[1], b[1])
            if t.op in ("min", "max"):
                return self.extreme(t.op, a, b)
            return self.bitwise(t.op, a, b)
        raise Outside(f"the term {t!r}")

    def division(self, t):
        a, c = self.term(t.term), t.divisor
        if not isinstance(c, int) or c < 1:
            raise Outside(f"a division by {c!r}")
        if not a[0]:
            return {}, (a[1] // c if isinstance(t, Div) else a[1] % c)
        if c == 1:
            return a if isinstance(t, Div) else ({}, 0)
        q = self.number(signed=not _nonneg(a))
        cq = _times(q, c)
        if isinstance(t, Div):  # c·q <= a <= c·q + c - 1
            self.parts += [_rel(_plus(cq, a, -1), "<="), _rel(_plus(_plus(a, cq, -1), ({}, 1 - c)), "<=")]
            return q
        r = self.number(signed=False)  # a = c·q + r, r <= c - 1
        self.parts += [_rel(_plus(_plus(a, cq, -1), r, -1), "=="), _rel(_plus(r, ({}, 1 - c)), "<=")]
        return r

    def extreme(self, op, a, b):
        v = self.number(signed=not (_nonneg(a) and _nonneg(b)))
        k = 1 if op == "min" else -1  # min: v <= a, v <= b, and v >= a or v >= b
        self.parts += [_rel(_times(_plus(v, a, -1), k), "<="), _rel(_times(_plus(v, b, -1), k), "<="),
                       Or((_rel(_times(_plus(a, v, -1), k), "<="), _rel(_times(_plus(b, v, -1), k), "<=")))]
        return v

    def bitwise(self, op, a, b):
        if _nonneg(a) and _nonneg(b):
            out = self.new()
            self.parts.append(Bits(op, self.variable(a), self.variable(b), out))
            return _var(out)
        # Two's complement: x = m (sign 0) or x = -m - 1 (sign 1), case by case.
        signed = [not _nonneg(x) for x in (a, b)]
        mags = [self.new() if s else self.variable(x) for x, s in zip((a, b), signed)]
        m, p, n = self.new(), self.new(), self.new()
        cases = []
        for sa in (0, 1) if signed[0] else (0,):
            for sb in (0, 1) if signed[1] else (0,):
                sign, how, swap = SIGNED[op][sa, sb]
                conds = [_rel(_plus(_plus(x, _var(mag), 1 if s else -1), ({}, s)), "==")
                         for x, mag, s, free in zip((a, b), mags, (sa, sb), signed) if free]
                left, right = mags[::-1] if swap else mags
                conds.append(Bits(how, left, right, m))
                conds += ([_rel(_plus(_var(p), _var(m), -1), "=="), _rel(_var(n), "==")] if sign == 0
                          else [_rel(_var(p), "=="), _rel(_plus(_plus(_var(n), _var(m), -1), ({}, -1)), "==")])
                cases.append(And(tuple(conds)))
        self.parts.append(Or(tuple(cases)))
        return _plus(_var(p), _var(n), -1)


def comparison(f: Cmp, fresh):
    """A comparison as linear relations and bitwise ones, its fresh variables quantified."""
    flat = _Flattener(fresh)
    d = _plus(flat.term(f.left), flat.term(f.right), -1)
    main = {"==": lambda: _rel(d, "=="), "!=": lambda: Not(_rel(d, "==")),
            "<=": lambda: _rel(d, "<="), "<": lambda: _rel(_plus(d, ({}, 1)), "<="),
            ">=": lambda: _rel(_times(d, -1), "<="), ">": lambda: _rel(_plus(_times(d, -1), ({}, 1)), "<=")}
    if f.op not in main:
        raise Outside(f"the comparison {f.op!r}")
    body = main[f.op]()
    return Exists(tuple(flat.names), And((*flat.parts, body))) if flat.names else body


# -- formulas: names, parts -----------------------------------------------------------------

def _renamed(f, name):
    """f with every variable v (free or bound) written name(v)."""
    if isinstance(f, Var):
        return Var(name(f.name))
    if isinstance(f, (Const, Truth)):
        return f
    if isinstance(f, (Bin, Cmp)):
        return type(f)(f.op, _renamed(f.left, name), _renamed(f.right, name))
    if isinstance(f, Scale):
        return Scale(f.factor, _renamed(f.term, name))
    if isinstance(f, (Div, Mod)):
        return type(f)(_renamed(f.term, name), f.divisor)
    if isinstance(f, Not):
        return Not(_renamed(f.arg, name))
    if isinstance(f, (And, Or)):
        return type(f)(tuple(_renamed(a, name) for a in f.args))
    if isinstance(f, (Implies, Iff)):
        return type(f)(_renamed(f.left, name), _renamed(f.right, name))
    if isinstance(f, (Exists, Forall)):
        return type(f)(tuple(map(name, f.names)), _renamed(f.body, name))
    if isinstance(f, Lin):  # two variables renamed to one: their coefficients add up
        coefs = {}
        for v, c in f.coefs:
            coefs[name(v)] = coefs.get(name(v), 0) + c
        return _rel(({v: c for v, c in coefs.items() if c}, -f.bound), f.op)
    if isinstance(f, Bits):
        return Bits(f.op, name(f.left), name(f.right), name(f.out))
    raise Outside(f"the formula {f!r}")


def _bound_apart(f, fresh):
    """f with each quantifier's variables renamed apart from every other name."""
    def walk(f, env):
        if isinstance(f, (Exists, Forall)):
            inner = {**env, **{n: fresh(n) for n in f.names}}
            return type(f)(tuple(inner[n] for n in dict.fromkeys(f.names)), walk(f.body, inner))
        if isinstance(f, Cmp):
            return _renamed(f, lambda v: env.get(v, v))
        if isinstance(f, Not):
            return Not(walk(f.arg, env))
        if isinstance(f, (And, Or)):
            return type(f)(tuple(walk(a, env) for a in f.args))
        if isinstance(f, (Implies, Iff)):
            return type(f)(walk(f.left, env), walk(f.right, env))
        if isinstance(f, Truth):
            return f
        raise Outside(f"the formula {f!r}")
    return walk(f, {})


def free_names(f) -> tuple:
    """The free variables of a formula, in the order they first occur."""
    out = {}

    def walk(f, bound):
        if isinstance(f, Var):
            if f.name not in bound:
                out.setdefault(f.name)
        elif isinstance(f, (Exists, Forall)):
            walk(f.body, bound | set(f.names))
        elif isinstance(f, Lin):
            for v, _ in f.coefs:
                out.setdefault(v)
        elif isinstance(f, Bits):
            for v in (f.left, f.right, f.out):
                out.setdefault(v)
        else:
            for part in _children(f):
                walk(part, bound)
    walk(f, frozenset())
    return tuple(out)


def _children(f):
    if isinstance(f, (Bin, Cmp, Implies, Iff)):
        return (f.left, f.right)
    if isinstance(f, (Scale, Div, Mod)):
        return (f.term,)
    if isinstance(f, Not):
        return (f.arg,)
    if isinstance(f, (And, Or)):
        return f.args
    return ()


def conjuncts(f, positive=True):
    """(formulas whose conjunction is f, or not f; the variables of the existential
    quantifiers above them), the quantified variables being named apart."""
    if isinstance(f, Not):
        return conjuncts(f.arg, not positive)
    if isinstance(f, And if positive else Or):
        parts = [conjuncts(a, positive) for a in f.args]
        return [x for p in parts for x in p[0]], [n for p in parts for n in p[1]]
    if not positive and isinstance(f, Implies):
        (a, x), (b, y) = conjuncts(f.left), conjuncts(f.right, False)
        return a + b, x + y
    if isinstance(f, Exists if positive else Forall):
        parts, names = conjuncts(f.body, positive)
        return parts, list(f.names) + names
    if isinstance(f, Truth) and f.value == positive:
        return [], []
    return [f if positive else Not(f)], []


def disjuncts(f, positive=True):
    """Formulas whose disjunction is f (or not f)."""
    if isinstance(f, Not):
        return disjuncts(f.arg, not positive)
    if isinstance(f, Or if positive else And):
        return [x for a in f.args for x in disjuncts(a, positive)]
    if positive and isinstance(f, Implies):
        return disjuncts(f.left, False) + disjuncts(f.right)
    if isinstance(f, Truth) and f.value != positive:
        return []
    return [f if positive else Not(f)]


# -- automata of formulas -----------------------------------------------------------------

def _equal_names(f):
    """(a, b) when f says that the variables a and b are equal."""
    if isinstance(f, Cmp) and f.op == "==" and isinstance(f.left, Var) and isinstance(f.right, Var):
        return f.left.name, f.right.name
    if isinstance(f, Lin) and f.op == "==" and f.bound == 0 and len(f.coefs) == 2 \
            and sorted(c for _, c in f.coefs) == [-1, 1]:
        return f.coefs[0][0], f.coefs[1][0]
    return None


def _substituted(parts, names):
    """The conjuncts `parts` with each quantified variable of `names` that one of them
    says equal to another variable replaced by that variable (and the names left)."""
    names = set(names)
    for i, p in enumerate(parts):
        pair = _equal_names(p)
        if pair and (pair[0] in names or pair[1] in names or pair[0] == pair[1]):
            a, b = pair if pair[0] in names else pair[::-1]
            rest = [_renamed(q, lambda v: b if v == a else v) for q in parts[:i] + parts[i + 1:]]
            return _substituted(rest, names - {a})
    return parts, names


class Compiler:
    """Builds the automaton of a formula (its tracks: its free variables), reusing what
    it built for formulas equal up to their variables' names."""

    def __init__(self, work: dfa.Work):
        self.work, self.cache, self.count = work, {}, 0

    def fresh(self, base: str = "") -> str:
        self.count += 1
        return f"{base}\u00b7{self.count}"

    def build(self, f) -> dfa.DFA:
        seen = {}
        key = _renamed(f, lambda v: seen.setdefault(v, f"#{len(seen)}"))
        hit = self.cache.get(key)
        if hit is None:
            hit = self.cache[key] = self._build(f).renamed(seen)
        return hit.renamed({c: v for v, c in seen.items()})

    def _build(self, f) -> dfa.DFA:
        w = self.work
        if isinstance(f, Truth):
            return dfa.constant(f.value)
        if isinstance(f, Lin):
            return dfa.linear(dict(f.coefs), f.op, f.bound, w)
        if isinstance(f, Bits):
            op = BITWISE[f.op]
            return dfa.letterwise((f.left, f.right, f.out), lambda b: b[2] == op(b[0], b[1]), w)
        if isinstance(f, Cmp):
            return self.build(comparison(f, self.fresh))
        if isinstance(f, Not):
            return dfa.complement(self.build(f.arg))
        if isinstance(f, (Implies, Iff)):
            op = eq if isinstance(f, Iff) else (lambda a, b: not a or b)
            return dfa.product(self.build(f.left), self.build(f.right), op, w)
        if isinstance(f, Or):
            return self.either(disjuncts(f))
        if isinstance(f, And):
            return self.all(*conjuncts(f))
        if isinstance(f, Exists):
            return self.exists(f.names, f.body)
        if isinstance(f, Forall):
            return dfa.complement(self.exists(f.names, Not(f.body)))
        raise Outside(f"the formula {f!r}")

    def exists(self, names, body) -> dfa.DFA:
        parts = disjuncts(body)
        if len(parts) > 1:  # ∃ distributes over ∨
            return self.either([Exists(tuple(names), p) for p in parts])
        parts, more = conjuncts(body)
        parts, names = _substituted(parts, set(names) | set(more))
        names = sorted(names & {v for p in parts for v in free_names(p)})
        cases = [len(disjuncts(p)) if set(names) & set(free_names(p)) else 1 for p in parts]
        if 1 < prod(cases) <= SPLIT:  # and over a conjunct that is a disjunction
            i = next(i for i, n in enumerate(cases) if n > 1)
            rest = parts[:i] + parts[i + 1:]
            return self.either([Exists(tuple(names), And((*rest, d))) for d in disjuncts(parts[i])])
        return self.all(parts, names)

    def either(self, parts) -> dfa.DFA:
        out = dfa.constant(False)
        for a in sorted((self.build(p) for p in parts), key=lambda a: a.size):
            out = dfa.product(out, a, or_, self.work)
            if out.universal:
                break
        return out

    def all(self, parts, names, more=()) -> dfa.DFA:
        """The conjunction of `parts` with `names` (and `more`) quantified existentially:
        each variable in turn (the one whose automata together have the fewest tracks),
        the automata that mention it joined, then projected."""
        autos = []
        for p in parts:
            a = self.build(p)
            if a.empty:
                return a
            if not a.universal:
                autos.append(a)
        names = set(names) | set(more)
        while True:
            names &= {t for a in autos for t in a.tracks}
            if not names:
                return self.join(autos)
            def cost(v):
                group = [a for a in autos if v in a.tracks]
                return len({t for a in group for t in a.tracks}), sum(a.size for a in group), v
            v = min(names, key=cost)
            joined = self.join([a for a in autos if v in a.tracks])
            autos = [a for a in autos if v not in a.tracks]
            gone = {u for u in names if not any(u in a.tracks for a in autos)}
            for u in [t for t in reversed(joined.tracks) if t in gone]:  # one by one
                joined = dfa.project(joined, {u}, self.work)
            if joined.empty:
                return joined
            autos.append(joined)

    def join(self, autos) -> dfa.DFA:
        out = dfa.constant(True)
        for a in sorted(autos, key=lambda a: a.size):
            out = dfa.product(out, a, and_, self.work)
            if out.empty:
                break
        return out


def decide(formula, seconds: float = 10.0, megabytes: float = 1000.0) -> Decision:
    """Whether `formula` holds for every value of its free variables (natural numbers):
    holds True; False with the shortest counterexample; None with the reason when the
    formula is outside the language or a limit (seconds, megabytes) is reached.

    >>> from grundy.prove.logic import Var, Bin, Cmp, Forall, Exists, Or, Scale, Const
    >>> x, y = Var("x"), Var("y")
    >>> decide(Forall(("x",), Exists(("y",), Or((Cmp("==", x, Scale(2, y)),
    ...     Cmp("==", x, Bin("+", Scale(2, y), Const(1)))))))).holds
    True
    >>> decide(Cmp("==", Bin("^", x, y), Bin("+", x, y))).counterexample
    {'x': 1, 'y': 1}
    """
    work = dfa.Work(seconds, megabytes)
    compiler = Compiler(work)
    try:
        free = free_names(formula)
        negation = Not(_bound_apart(formula, compiler.fresh))
        # First whether a counterexample exists (its variables quantified, which lets
        # equations between them be solved away), then its automaton for the shortest.
        if compiler.build(Exists(free, negation)).empty:
            return Decision(True, states=work.largest)
        negation = compiler.build(negation)
    except dfa.Limit as e:
        return Decision(None, reason=str(e), states=work.largest)
    except Outside as e:
        return Decision(None, reason=f"outside what the automata decide: {e}")
    except RecursionError:
        return Decision(None, reason="the formula is nested too deeply")
    values = dfa.shortest(negation)
    return Decision(False, {v: values.get(v, 0) for v in free}, states=work.largest)
