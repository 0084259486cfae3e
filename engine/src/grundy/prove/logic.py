"""The prover's language: Presburger arithmetic with bitwise operations (Büchi arithmetic
in base 2) over the natural numbers, as plain frozen dataclasses.

Every decision procedure reads these trees (`mona.py` writes WS1S for MONA, `automata.py`
builds the automata itself): `decide(formula, seconds=..., megabytes=...)` of each
returns a `Decision`: whether the formula holds for every value of its free variables,
and if not, one assignment where it fails.

Variables range over 0, 1, 2, ... Terms: `Var`, `Const`, `Bin` (+, -, ^, &, |, min, max),
`Scale` (a constant times a term), `Div` and `Mod` (floor division and remainder by a
constant). `-` is integer subtraction; a procedure that cannot give a negative value a
meaning where it occurs says the formula is outside what it decides. Formulas: `Cmp`,
`Not`, `And`, `Or`, `Implies`, `Iff`, `Exists`, `Forall`, `Truth`.
"""

from __future__ import annotations

from dataclasses import dataclass

TERM_OPS = ("+", "-", "^", "&", "|", "min", "max")
CMP_OPS = ("==", "!=", "<", "<=", ">", ">=")


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Const:
    value: int  # >= 0


@dataclass(frozen=True)
class Bin:
    op: str  # one of TERM_OPS
    left: "Term"
    right: "Term"


@dataclass(frozen=True)
class Scale:
    factor: int  # >= 0
    term: "Term"


@dataclass(frozen=True)
class Div:
    term: "Term"
    divisor: int  # >= 1; floor division


@dataclass(frozen=True)
class Mod:
    term: "Term"
    divisor: int  # >= 1


Term = Var | Const | Bin | Scale | Div | Mod


@dataclass(frozen=True)
class Cmp:
    op: str  # one of CMP_OPS
    left: Term
    right: Term


@dataclass(frozen=True)
class Truth:
    value: bool


@dataclass(frozen=True)
class Not:
    arg: "Formula"


@dataclass(frozen=True)
class And:
    args: tuple["Formula", ...]


@dataclass(frozen=True)
class Or:
    args: tuple["Formula", ...]


@dataclass(frozen=True)
class Implies:
    left: "Formula"
    right: "Formula"


@dataclass(frozen=True)
class Iff:
    left: "Formula"
    right: "Formula"


@dataclass(frozen=True)
class Exists:
    names: tuple[str, ...]
    body: "Formula"


@dataclass(frozen=True)
class Forall:
    names: tuple[str, ...]
    body: "Formula"


Formula = Cmp | Truth | Not | And | Or | Implies | Iff | Exists | Forall


@dataclass(frozen=True)
class Decision:
    """A procedure's answer on a formula: `holds` True (for every value of its free
    variables), False with `counterexample` (values of the free variables where it fails),
    or None with `reason` (outside what the procedure decides, or a limit reached);
    `states`: the largest automaton built, where the procedure knows it."""
    holds: bool | None
    counterexample: dict[str, int] | None = None
    reason: str | None = None
    states: int | None = None


def value(term: Term, env: dict[str, int]) -> int:
    """A term's value (Python's integers) where its variables have the values of `env`."""
    if isinstance(term, Var):
        return env[term.name]
    if isinstance(term, Const):
        return term.value
    if isinstance(term, Scale):
        return term.factor * value(term.term, env)
    if isinstance(term, Div):
        return value(term.term, env) // term.divisor
    if isinstance(term, Mod):
        return value(term.term, env) % term.divisor
    a, b = value(term.left, env), value(term.right, env)
    return {"+": a + b, "-": a - b, "^": a ^ b, "&": a & b, "|": a | b,
            "min": min(a, b), "max": max(a, b)}[term.op]


def holds(formula: Formula, env: dict[str, int], bound: int) -> bool:
    """Whether a formula holds where its free variables have the values of `env`, its
    quantifiers ranging over 0..bound only: the reference the procedures are tested
    against on small cases (exact for a formula whose witnesses stay within the bound)."""
    f = formula
    if isinstance(f, Truth):
        return f.value
    if isinstance(f, Cmp):
        a, b = value(f.left, env), value(f.right, env)
        return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b,
                ">": a > b, ">=": a >= b}[f.op]
    if isinstance(f, Not):
        return not holds(f.arg, env, bound)
    if isinstance(f, And):
        return all(holds(a, env, bound) for a in f.args)
    if isinstance(f, Or):
        return any(holds(a, env, bound) for a in f.args)
    if isinstance(f, Implies):
        return not holds(f.left, env, bound) or holds(f.right, env, bound)
    if isinstance(f, Iff):
        return holds(f.left, env, bound) == holds(f.right, env, bound)
    test = all if isinstance(f, Forall) else any
    return test(holds(f.body, {**env, **dict(zip(f.names, values))}, bound)
                for values in _assignments(len(f.names), bound))


def _assignments(count: int, bound: int):
    if count == 0:
        yield ()
        return
    for first in range(bound + 1):
        for rest in _assignments(count - 1, bound):
            yield (first, *rest)
