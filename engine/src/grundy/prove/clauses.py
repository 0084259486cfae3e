"""A half of a statement as clauses decided one by one, each with fewer variables.

"For every p, q: p is a position and p -> q is a move => C" is, with the moves a
disjunction of kinds, one clause per kind of move ("p -> q is a left cut => C", ...); in
each, an equation v = t of a variable v (a coordinate of q for most moves: v' = v, or
u + s = x for Ryuoh's diagonal steps) replaces v by t (with t >= 0): the one-point rule.
Inside "there is a q with ...", the same: the moves' kinds become a disjunction of
quantifiers, and equations remove quantified variables. The half holds exactly when every
clause holds for every value of its variables; `Clause.restore` maps a clause's
counterexample to the half's variables (an eliminated one is the value of its t).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .logic import And, Cmp, Const, Exists, Forall, Iff, Implies, Not, Or, Truth, Var, value
from .residues import ONE, Rewriter, build, linear, term
from .statement import free_variables, variables

MAX_DISJUNCTS = 4096  # an antecedent's disjunction is split into clauses up to this many


@dataclass(frozen=True)
class Clause:
    """One clause: the formula, its free variables and the map of its counterexamples
    back to the half's variables."""

    formula: object
    free: list
    restore: Callable


def clauses(half, free: list[str]) -> list[Clause]:
    """The clauses of a half whose free variables are `free` (each meant for all values)."""
    out = []
    for antecedents, consequent in _implications(half):
        out.append(_eliminate(antecedents, consequent, free))
    return [c for c in out if c.formula != Truth(True)]


def _implications(f) -> list[tuple[list, object]]:
    """f as a conjunction of implications (antecedents, consequent), the antecedents'
    disjunctions (up to MAX_DISJUNCTS) spread over separate implications."""
    if isinstance(f, And):
        return [i for a in f.args for i in _implications(a)]
    if not isinstance(f, Implies):
        return [([], f)]
    out = []
    for consequent in (f.right.args if isinstance(f.right, And) else (f.right,)):
        for antecedents in _spread(_flat(f.left)):
            out.append((antecedents, consequent))
    return out


def _flat(f) -> list:
    return [x for a in f.args for x in _flat(a)] if isinstance(f, And) else [f]


def _spread(atoms: list, most: int = MAX_DISJUNCTS) -> list[list]:
    """The conjunction `atoms` as a disjunction of at most `most` conjunctions (its Or
    atoms spread while there are at most that many)."""
    for i, a in enumerate(atoms):
        if isinstance(a, Or) and len(a.args) <= most:
            rest = atoms[:i] + atoms[i + 1:]
            return [x for d in a.args for x in _spread(rest + _flat(d), most // len(a.args))]
    return [atoms]


def solve(atom, name: str):
    """The term t when `atom` is an equation that says name = t (coefficient 1 or -1 on
    name, which t does not contain), else None."""
    if not (isinstance(atom, Cmp) and atom.op == "=="):
        return None
    form = linear(term(atom.left, {}))
    for a, c in linear(term(atom.right, {})).items():
        form[a] = form.get(a, 0) - c
    c = form.pop(Var(name), 0)
    if c not in (1, -1) or any(name in variables(a) for a in form if a is not ONE):
        return None
    return build({a: -c * v for a, v in form.items() if v})


def _substitute(f, name: str | None = None, t=None):
    """f with the variable `name` replaced by the term t, linear parts in normal form and
    constants folded (grundy.prove.residues, nothing split)."""
    return Rewriter(lambda names, body: {}).formula(f, {name: linear(t)} if name else {})


def _eliminate(antecedents: list, consequent, free: list[str]) -> Clause:
    """The clause antecedents => consequent with each free variable that an antecedent
    equation defines replaced by its definition (and that definition >= 0 kept)."""
    defined = []  # (name, term) in the order eliminated
    atoms = [miniscope(a) for a in antecedents]
    consequent = miniscope(consequent)
    changed = True
    while changed:
        changed = False
        for i, atom in enumerate(atoms):
            for name in [n for n in free_variables(atom) if n in free and n not in dict(defined)]:
                t = solve(atom, name)
                if t is None:
                    continue
                rest = atoms[:i] + atoms[i + 1:]
                atoms = [_substitute(a, name, t) for a in rest] + [Cmp(">=", t, Const(0))]
                consequent = _substitute(consequent, name, t)
                defined.append((name, t))
                changed = True
                break
            if changed:
                break
    formula = Implies(And(tuple(atoms)), consequent) if atoms else consequent
    formula = _substitute(formula)
    own = free_variables(formula)

    def restore(values: dict) -> dict:
        env = {n: values.get(n, 0) for n in free}
        for name, t in reversed(defined):
            env[name] = value(t, env)
        return env
    return Clause(formula, own, restore)


def miniscope(f):
    """f with each "there is" pushed through disjunctions and its variables removed by the
    equations that define them (one-point rule: there is v with v = t and A(v) is
    t >= 0 and A(t))."""
    if isinstance(f, (Truth, Cmp)):
        return f
    if isinstance(f, Not):
        return Not(miniscope(f.arg))
    if isinstance(f, (And, Or)):
        return type(f)(tuple(miniscope(a) for a in f.args))
    if isinstance(f, (Implies, Iff)):
        return type(f)(miniscope(f.left), miniscope(f.right))
    if isinstance(f, Forall):
        return Forall(f.names, miniscope(f.body))
    branches = _spread(_flat(miniscope(f.body)))
    if len(branches) > 1:
        return Or(tuple(miniscope(Exists(f.names, And(tuple(b)))) for b in branches))
    atoms, names = branches[0], list(f.names)
    for name in list(names):
        for i, atom in enumerate(atoms):
            t = solve(atom, name)
            if t is not None:
                rest = atoms[:i] + atoms[i + 1:]
                atoms = [_substitute(a, name, t) for a in rest] + [Cmp(">=", t, Const(0))]
                names.remove(name)
                break
    body = And(tuple(atoms))
    names = [n for n in names if n in free_variables(body)]
    return Exists(tuple(names), body) if names else body
