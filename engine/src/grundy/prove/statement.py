"""What a proof decides: a game's positions and moves in the prover's language (`Rules`,
stated by each game module next to its rules: `Game.rules()`), and the two halves that
together say a formula gives exactly the P-positions or the Grundy values.

For a claim F over the positions p (GAMES.md, section 6), by induction on the positions:

* target P:      (1) no move leads from p with F(p) to q with F(q);
                 (2) every p without F(p) has a move to some q with F(q).
* target grundy: (1) F(p) >= 0 and no move leads from p to q with F(q) = F(p);
                 (2) for every v with 0 <= v < F(p) some move leads to q with F(q) = v.
* misère P:      (1) every p with F(p) has a move, and none to q with F(q);
                 (2) every p without F(p) has no move, or a move to q with F(q).

Each half is a formula whose free variables are the coordinates of p (and of q, and v):
it holds for every value of them exactly when the half holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..text import Text, ja_then
from .logic import And, Bin, Cmp, Const, Div, Exists, Iff, Implies, Mod, Not, Or, Scale, Truth, Var


@dataclass(frozen=True)
class Rules:
    """A game in the prover's language: `coords` (the names of the coordinates),
    `position(p)` (the formula saying that the terms p are a position: the game's
    constraint), `move(p, q)` (the formula saying that one move leads from p to q; q is then
    a position) and `constraint` (the positions in words, None when every tuple is one)."""

    coords: tuple[str, ...]
    position: Callable
    move: Callable
    constraint: Text | None = None


def every(p) -> Cmp:
    """The position constraint of a game where every tuple is a position."""
    return Truth(True)


def eq(a, b) -> Cmp:
    return Cmp("==", a, b)


def lt(a, b) -> Cmp:
    return Cmp("<", a, b)


def le(a, b) -> Cmp:
    return Cmp("<=", a, b)


def both(*args) -> And:
    return And(tuple(args))


def either(*args) -> Or:
    return Or(tuple(args))


def same(p, q, skip=()) -> And:
    """Every coordinate of q equals p's, but those at the indices `skip`."""
    return both(*(eq(b, a) for i, (a, b) in enumerate(zip(p, q)) if i not in skip))


def one_heap_lower(p, q) -> Or:
    """Nim's move: one coordinate lowered, the others kept."""
    return either(*(both(lt(q[i], p[i]), same(p, q, (i,))) for i in range(len(p))))


def with_pass(rules: Rules) -> Rules:
    """The rules of the game played with one pass (grundy.passing): a last coordinate
    `pass` (1: still available), the pass allowed from a position that has a move."""
    def position(p):
        return both(rules.position(p[:-1]), le(p[-1], Const(1)))

    def move(p, q):
        n = len(p) - 1
        spare = tuple(Var(f"{name}°") for name in rules.coords)
        has_move = Exists(tuple(v.name for v in spare), rules.move(p[:n], spare))
        return either(both(rules.move(p[:n], q[:n]), eq(q[n], p[n])),
                      both(eq(p[n], Const(1)), eq(q[n], Const(0)), same(p[:n], q[:n]), has_move))

    constraint = rules.constraint or Text("", "")
    pass_words = Text("pass ∈ {0, 1}", "pass ∈ {0, 1}")
    return Rules((*rules.coords, "pass"), position, move,
                 Text(f"{constraint.en}, {pass_words.en}" if rules.constraint else pass_words.en,
                      f"{constraint.ja}、{pass_words.ja}" if rules.constraint else pass_words.ja))


def rename(node, names: dict):
    """A term or formula with its free variables renamed by `names` (old -> new name)."""
    if isinstance(node, Var):
        return Var(names.get(node.name, node.name))
    if isinstance(node, (Const, Truth)):
        return node
    if isinstance(node, Bin):
        return Bin(node.op, rename(node.left, names), rename(node.right, names))
    if isinstance(node, Scale):
        return Scale(node.factor, rename(node.term, names))
    if isinstance(node, (Div, Mod)):
        return type(node)(rename(node.term, names), node.divisor)
    if isinstance(node, Cmp):
        return Cmp(node.op, rename(node.left, names), rename(node.right, names))
    if isinstance(node, Not):
        return Not(rename(node.arg, names))
    if isinstance(node, (And, Or)):
        return type(node)(tuple(rename(a, names) for a in node.args))
    if isinstance(node, (Implies, Iff)):
        return type(node)(rename(node.left, names), rename(node.right, names))
    inner = {k: v for k, v in names.items() if k not in node.names}
    return type(node)(node.names, rename(node.body, inner))


def variables(term) -> list[str]:
    """The variables of a term in order of first appearance."""
    if isinstance(term, Var):
        return [term.name]
    if isinstance(term, Const):
        return []
    if isinstance(term, (Scale, Div, Mod)):
        return variables(term.term)
    left = variables(term.left)
    return left + [v for v in variables(term.right) if v not in left]


def size(node) -> int:
    """The number of nodes of a term or formula (what deciding it costs grows with it)."""
    if isinstance(node, (Var, Const, Truth)):
        return 1
    if isinstance(node, (Bin, Cmp, Implies, Iff)):
        return 1 + size(node.left) + size(node.right)
    if isinstance(node, (And, Or)):
        return 1 + sum(size(a) for a in node.args)
    if isinstance(node, Not):
        return 1 + size(node.arg)
    return 1 + size(node.term if isinstance(node, (Scale, Div, Mod)) else node.body)


def free_variables(f) -> list[str]:
    """The free variables of a formula in order of first appearance."""
    if isinstance(f, Truth):
        return []
    if isinstance(f, Cmp):
        left = variables(f.left)
        return left + [v for v in variables(f.right) if v not in left]
    if isinstance(f, Not):
        parts = [f.arg]
    elif isinstance(f, (And, Or)):
        parts = list(f.args)
    elif isinstance(f, (Implies, Iff)):
        parts = [f.left, f.right]
    else:
        return [v for v in free_variables(f.body) if v not in f.names]
    out: list[str] = []
    for part in parts:
        out += [v for v in free_variables(part) if v not in out]
    return out


@dataclass(frozen=True)
class Statement:
    """The two halves of a claim (formulas whose free variables are universally meant)
    and the whole statement in words."""

    halves: tuple
    words: Text


def halves(rules: Rules, claim, target: str, misere: bool = False) -> tuple:
    """The two halves (formulas) of `claim` for `rules`: `claim` is a Formula in the
    coordinates (target "P": true exactly at the P-positions) or a Term (target "grundy":
    the Grundy value)."""
    p = tuple(Var(c) for c in rules.coords)
    q = tuple(Var(f"{c}'") for c in rules.coords)
    at_q = rename(claim, {c: f"{c}'" for c in rules.coords})
    move = rules.move(p, q)
    here = rules.position(p)
    names = tuple(v.name for v in q)
    if target == "grundy":
        v = Var("v'")
        first = both(Implies(here, Cmp(">=", claim, Const(0))),
                     Implies(both(here, move), Cmp("!=", at_q, claim)))
        second = Implies(both(here, le(Const(0), v), lt(v, claim)),
                         Exists(names, both(move, eq(at_q, v))))
        return first, second
    reach = Exists(names, both(move, at_q))
    if misere:
        has_move = Exists(names, move)
        first = both(Implies(both(here, claim), has_move),
                     Implies(both(here, claim, move), Not(at_q)))
        second = Implies(both(here, Not(claim)), either(Not(has_move), reach))
        return first, second
    return Implies(both(here, claim, move), Not(at_q)), Implies(both(here, Not(claim)), reach)


def in_words(label: Text, coords: tuple, constraint: Text | None, formula: str, target: str,
             misere: bool) -> Text:
    """The statement decided, in words: the positions, then halves (1) and (2)."""
    pos = "{" + ", ".join(coords) + "}"
    where = f" ({constraint.en})" if constraint else ""
    where_ja = f" ({constraint.ja})" if constraint else ""
    head = Text(f"For every position A = {pos}{where} of {label.en}: ",
                f"{ja_then(label.ja, 'の')}すべての局面 A = {pos}{where_ja} について、")
    if target == "grundy":
        body = Text(f"(1) F(A) = {formula} is at least 0 and differs from F(B) for every move "
                    f"A → B; (2) for every v with 0 ≤ v < F(A) some move A → B has F(B) = v. Together "
                    f"(the mex rule, by induction on the positions): G(A) = {formula}.",
                    f"(1) F(A) = {formula} は 0 以上で、どの手 A → B についても F(B) と異なる。"
                    f"(2) 0 以上 F(A) 未満のどの v にも F(B) = v となる手 A → B がある。"
                    f"合わせて (mex の規則と局面についての帰納法により) G(A) = {formula}。")
    elif misere:
        body = Text(f"(1) if {formula} holds at A, A has a move and no move A → B leads to a B "
                    f"where it holds; (2) if it does not hold at A, A has no move or some move "
                    f"A → B leads to a B where it holds. Together (by induction on the "
                    f"positions): in misère play, A is a P-position exactly when {formula}.",
                    f"(1) A で {formula} が成り立つなら、A には手があり、どの手 A → B も"
                    f"それが成り立つ B へは行かない。(2) A で成り立たないなら、A には手がないか、"
                    f"それが成り立つ B への手 A → B がある。合わせて (局面についての帰納法により) "
                    f"ミゼールで A が P 局面であるのは {formula} のとき、かつそのときに限る。")
    else:
        body = Text(f"(1) if {formula} holds at A, no move A → B leads to a B where it holds; "
                    f"(2) if it does not hold at A, some move A → B leads to a B where it holds. "
                    f"Together (by induction on the positions): A is a P-position exactly when "
                    f"{formula}.",
                    f"(1) A で {formula} が成り立つなら、どの手 A → B もそれが成り立つ B へは"
                    f"行かない。(2) A で成り立たないなら、それが成り立つ B への手 A → B がある。"
                    f"合わせて (局面についての帰納法により) A が P 局面であるのは {formula} の"
                    f"とき、かつそのときに限る。")
    return head + body


def statement(rules: Rules, claim, target: str, misere: bool, label: Text, formula: str) -> Statement:
    """The halves of `claim` and the statement in words (see `halves` and `in_words`)."""
    return Statement(halves(rules, claim, target, misere),
                     in_words(label, rules.coords, rules.constraint, formula, target, misere))
