"""`grundy.prove(game, formula, target=...)`: a formula proved or refuted for every
position, not only up to a bound.

The game's rules (`Game.rules()`) and the formula (read as `grundy discover` reads it)
become the two halves of `statement.halves`, each decided by a decision procedure
(`mona`, or `automata` where MONA is missing, as in the browser). A refutation is
reported with the first position in the table's order (largest coordinate, then
lexicographically) where the formula is wrong, found and checked by brute force: a
wrong position lies in the box of the procedure's counterexample (moves lower no
coordinate), so the table up to its largest coordinate holds one.
"""

from __future__ import annotations

import ast
import importlib
import re
import time
from dataclasses import dataclass

from ..budget import current
from ..core import Game
from ..discovery import check, constants, default_max, game_and_target
from ..discovery.grammar import compile_formula, normalise
from ..errors import BudgetError, GameError, shown
from ..numbers import whole
from ..passing import PassGame
from ..text import Text, ja_then
from . import mona, residues
from .clauses import clauses
from .logic import And, Cmp, Const, Decision, Var
from .statement import free_variables, size, statement, with_pass
from .translate import Outside, expression, is_formula

METHODS = ("auto", "mona", "automata")
CHUNK = 20_000            # nodes of the cases given to a procedure at once
MAX_SECONDS = 3600        # a proof asked for explicitly may take up to an hour
MIN_MEGABYTES = 50        # MONA itself needs about 30 MB


@dataclass(frozen=True)
class Proof:
    """The answer of `prove`: `proved` True (for every position), False (refuted: the
    first `counterexample` in the table's order, or None past the budget's table) or None
    (outside what can be decided, or a limit reached: `reason`); `statement` (Text) the
    statement decided in words, `method` the procedure, `seconds` its time, `states` the
    largest automaton it built (where it says)."""

    game: str
    params: dict
    target: str
    formula: str
    proved: bool | None
    counterexample: tuple | None
    statement: Text | None
    method: str
    seconds: float
    reason: Text | None = None
    misere: bool = False
    with_pass: bool = False
    states: int | None = None

    def as_dict(self, lang: str = "en") -> dict:
        """The JSON answer."""
        return {"game": self.game, "params": self.params, "target": self.target,
                "formula": self.formula, "proved": self.proved,
                "counterexample": None if self.counterexample is None else list(self.counterexample),
                "statement": self.statement.get(lang) if self.statement else None,
                "method": self.method, "seconds": round(self.seconds, 3),
                "reason": self.reason.get(lang) if self.reason else None,
                "misere": self.misere, "pass": self.with_pass, "states": self.states}

    def text(self, lang: str = "en") -> str:
        """The answer in words (the command line's text format)."""
        verdict = {True: "proved for every position", False: "refuted", None: "not decided"}
        lines = [f"{verdict[self.proved]}: {self.formula} (target {self.target})"]
        if self.counterexample is not None:
            lines.append("first counterexample: {" + ", ".join(map(str, self.counterexample)) + "}")
        if self.reason:
            lines.append(self.reason.get(lang))
        if self.statement:
            lines.append(f"statement: {self.statement.get(lang)}")
        size = f", largest automaton {self.states:,} states" if self.states else ""
        lines.append(f"method: {self.method}, {self.seconds:.2f} s{size}")
        return "\n".join(lines) + "\n"


_REASONS = ((r"^(\w+) ran out of time \((.*) s\)$", r"\1 の時間の上限 (\2 秒) に達しました"),
            (r"^(\w+) ran out of memory \((.*) MB\)$", r"\1 のメモリの上限 (\2 MB) に達しました"),
            (r"^MONA is not installed.*$", "MONA がインストールされていません (Debian のパッケージ mona)"),
            (r"^the case split passed ([\d,]+) cases$", r"場合分けが \1 通りを超えました"),
            (r"^the case split ran out of time$", "場合分けの時間の上限に達しました"))


def reason_text(reason: str) -> Text:
    """A procedure's reason (English) with its Japanese where it is one of the usual ones."""
    for pattern, ja in _REASONS:
        if re.match(pattern, reason):
            return Text(reason, re.sub(pattern, ja, reason))
    return Text(reason, reason)


def _condition(tree: ast.expr) -> bool:
    """Whether a formula is read as true or false (a comparison, and, or, not)."""
    return isinstance(tree, (ast.Compare, ast.BoolOp)) or isinstance(getattr(tree, "op", None), ast.Not)


def _limits(seconds, megabytes) -> tuple[float, int]:
    """The time and memory limits (default: the current budget's), checked."""
    budget = current()
    if seconds is None:
        seconds = budget.seconds
    elif isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= MAX_SECONDS:
        raise GameError(f"seconds must be a number above 0 and at most {MAX_SECONDS}, got {shown(seconds)}",
                        f"秒数は 0 より大きく {MAX_SECONDS} 以下の数にしてください。")
    megabytes = budget.memory // 10**6 if megabytes is None else whole(
        megabytes, "megabytes", MIN_MEGABYTES, None, "メガバイト数")
    return seconds, megabytes


def _procedure(method: str):
    """(name, decide) of the decision procedure for `method`; the automata module is
    imported only when used (it is the one the browser has)."""
    if method not in METHODS:
        raise GameError(f"unknown method {method!r} (use {', '.join(METHODS)})",
                        f"方法「{method}」はありません ({'、'.join(METHODS)} のどれか)。")
    if method == "mona" or (method == "auto" and mona.available()):
        return "mona", mona.decide
    try:
        automata = importlib.import_module(".automata", __package__)
    except ImportError:
        return "automata", None
    return "automata", automata.decide


def _claim(source: str, coords: tuple, target: str, fixed: dict | None = None):
    """The formula read as `grundy discover` reads it (the game's parameters `fixed` by
    name: Ryuoh Nim's p), as a logic claim for `target`."""
    fixed = fixed or {}
    tree = compile_formula(source, coords, tuple(fixed))
    claim = expression(tree, {**{n: Const(v) for n, v in fixed.items()}, **{c: Var(c) for c in coords}})
    if target == "grundy":
        if is_formula(claim):
            raise GameError("for Grundy values the formula must be a whole number, not a comparison",
                            "グランディ数を表す式は比較ではなく整数の式にしてください。")
        return claim
    return claim if is_formula(claim) else Cmp("==", claim, Const(0))


def _rules(g: Game):
    if isinstance(g, PassGame):
        inner = g.inner.rules()
        return None if inner is None else with_pass(inner)
    return g.rules()


def _refuted(g: Game, source: str, target: str, misere: bool, bound: int):
    """The first position (table order) up to `bound` where the formula is wrong, checked
    by brute force: (position, Text saying what is wrong there) or (None, why not found)."""
    try:
        guess = check(g, source, bound, target, misere=misere)
    except BudgetError as e:
        return None, Text(f"the first wrong position has coordinates at most {bound:,}, "
                          f"beyond the table the budget affords ({e})",
                          f"最初の誤った局面の座標は {bound:,} 以下ですが、予算で作れる表を"
                          f"超えています ({e.message('ja')})")
    if guess.first_counterexample is None:
        return None, None
    at = "{" + ", ".join(map(str, guess.first_counterexample)) + "}"
    return guess.first_counterexample, Text(
        f"at {at} the formula gives {guess.value}, the game {guess.expected} (checked by brute force)",
        f"{at} で式は {guess.value}、ゲームは {guess.expected} です (全数探索で確認)")


def prove(game, formula: str, target: str | None = None, *, misere: bool = False,
          method: str = "auto", seconds: float | None = None,
          megabytes: int | None = None) -> Proof:
    """Prove or refute `formula` (a Python expression in the game's coordinates, as
    `grundy discover` writes them) for every position of `game` (a grundy.Game, with_pass(g)
    for the pass, or a registered name): target "P" (the formula is true exactly at the
    P-positions; a whole number e means e == 0) or "grundy" (it is the Grundy value);
    default: P for a comparison, else grundy. Within `seconds` and `megabytes` (default:
    the current budget's).

    Examples:
        >>> import grundy
        >>> p = grundy.prove(grundy.game("chocolate", k=5), "x ^ y ^ z == 0")
        >>> p.proved, p.counterexample
        (False, (2, 1, 3))
    """
    if target is None and not misere:  # P for a comparison, else grundy
        g, _ = game_and_target(game, misere, None)
        target = "P" if _condition(compile_formula(formula, tuple(g.coords), tuple(constants(g)))) \
            else "grundy"
    g, target = game_and_target(game, misere, target)
    seconds, megabytes = _limits(seconds, megabytes)
    name, decide = _procedure(method)
    base = dict(game=g.name, params=dict(g.params), target=target, formula=formula,
                misere=misere, with_pass=isinstance(g, PassGame), method=name)
    said = _statement(g, formula, target, misere)
    if isinstance(said, Text):
        return Proof(**base, proved=None, counterexample=None, statement=None, seconds=0.0, reason=said)
    if decide is None:
        return Proof(**base, proved=None, counterexample=None, statement=said.words, seconds=0.0,
                     reason=Text("no decision procedure is available here (MONA is not installed, "
                                 "grundy.prove.automata is missing)",
                                 "ここでは決定手続きが使えません (MONA がなく、grundy.prove.automata もありません)"))
    return _decide(g, formula, target, misere, said, decide, base, seconds, megabytes)


def _statement(g: Game, formula: str, target: str, misere: bool):
    """The statement to decide (grundy.prove.statement), or why there is none (Text)."""
    coords = tuple(g.coords)
    try:
        claim = _claim(formula, coords, target, constants(g))
        rules = _rules(g)
        if rules is None:
            return Text(f"the moves of {g.label().en} are not stated in the prover's language",
                        f"{ja_then(g.label().ja, 'の')}手は証明器の言語で書かれていません")
        shown = normalise(formula)
        if target == "P" and not _condition(compile_formula(formula, coords, tuple(constants(g)))):
            shown += " == 0"  # a whole number e claims the P-positions where e == 0
        return statement(rules, claim, target, misere, g.label(), shown)
    except Outside as e:
        return e.reason


def _decide_half(half, decide, deadline: float, megabytes: int) -> Decision:
    """One half as its clauses (grundy.prove.clauses), each with its variables split by
    their residues (grundy.prove.residues) and its cases decided in chunks, in turn; a
    counterexample is mapped back to the half's own variables."""
    states = None
    for clause in clauses(half, free_variables(half)):
        try:
            split, _, restore = residues.expand(clause.formula, clause.free, deadline)
        except residues.TooLarge as e:
            return Decision(None, reason=str(e), states=states)
        for part in chunks(split):
            answer = decide(part, seconds=max(deadline - time.monotonic(), 0.1), megabytes=megabytes)
            states = max(filter(None, (states, answer.states)), default=None)
            if answer.holds is False:
                return Decision(False, clause.restore(restore(answer.counterexample)), states=states)
            if answer.holds is None:
                return Decision(None, reason=answer.reason, states=states)
    return Decision(True, states=states)


def chunks(f) -> list:
    """A conjunction as conjunctions of at most CHUNK nodes (a single larger conjunct
    alone): MONA's time and memory grow much faster than a conjunction's size (Ryuoh Nim,
    p = 12: a case of 18,000 nodes takes 0.07 s and 10 MB alone, the twelve together
    more than 4 GB)."""
    if not isinstance(f, And):
        return [f]
    out, group, total = [], [], 0
    for part in f.args:
        n = size(part)
        if group and total + n > CHUNK:
            out.append(And(tuple(group)))
            group, total = [], 0
        group.append(part)
        total += n
    return out + [And(tuple(group))]


def _decide(g, formula, target, misere, said, decide, base, seconds, megabytes) -> Proof:
    """Decide the halves in turn (the second only when the first holds), then look for the
    first wrong position when one fails or a limit is reached."""
    start, states, answer = time.monotonic(), None, None
    for half in said.halves:
        answer = _decide_half(half, decide, start + seconds, megabytes)
        states = max(filter(None, (states, answer.states)), default=None)
        if answer.holds is not True:
            break
    spent = time.monotonic() - start
    done = dict(base, statement=said.words, seconds=spent, states=states)
    if answer.holds:  # the table must agree (a proof of a formula the table refutes
        found, _ = _refuted(g, formula, target, misere, default_max(g))  # is an encoding's bug)
        if found is None:
            return Proof(**done, proved=True, counterexample=None)
        return Proof(**done, proved=None, counterexample=None, reason=Text(
            f"{base['method']} proved it, but the table refutes it at {found}: the encoding is wrong somewhere",
            f"{base['method']} は証明しましたが、表では {found} で成り立ちません: 符号化のどこかが誤っています"))
    if answer.holds is False:
        bound = max((answer.counterexample.get(c, 0) for c in g.coords), default=0)
        found, why = _refuted(g, formula, target, misere, bound)
        if found is None and why is None:
            why = Text(f"{base['method']}'s counterexample {answer.counterexample} was not confirmed "
                       f"by brute force up to {bound}: the encoding is wrong somewhere",
                       f"{base['method']} の反例 {answer.counterexample} は {bound} までの全数探索で"
                       "確認できませんでした: 符号化のどこかが誤っています")
            return Proof(**done, proved=None, counterexample=None, reason=why)
        return Proof(**done, proved=False, counterexample=found, reason=why)
    limit = default_max(g)
    found, why = _refuted(g, formula, target, misere, limit)
    said_reason = answer.reason or ""
    if "ran out of time" in said_reason:  # the proof's limit, not what was left of it
        said_reason = re.sub(r"\(.* s\)", f"({seconds:g} s)", said_reason)
    reason = reason_text(said_reason)
    if found is not None:  # the table refutes what the procedure could not decide
        return Proof(**dict(done, method="brute force"), proved=False, counterexample=found,
                     reason=reason + Text("; ", "。") + why)
    return Proof(**done, proved=None, counterexample=None, reason=reason)
