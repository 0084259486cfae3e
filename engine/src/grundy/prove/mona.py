"""MONA as a decision procedure of the prover's language: a formula of `logic` written
in WS1S (a number is the finite set of the positions of its 1-bits, least significant
first) and decided by the `mona` program (Debian package `mona`) under limits of time
and memory.

Arithmetic is relational: `x + y = z` is a carry set with the full adder's equations,
`x < y` compares the highest bit where they differ, `^ & |` are set operations, `c * x`
adds shifted copies, `x // c` and `x % c` are `x = c*q + r` with `r < c`. Every distinct
term (up to the names of its variables) is one MONA predicate, so MONA builds its
automaton once. A term that may be negative (`-`) is a pair (S, X): X when S is false,
else -X - 1 (= ~X in two's complement, so that `^ & |` stay set operations).
`decide(formula, seconds=..., megabytes=...)` answers with a `logic.Decision`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time

from .logic import And, Bin, Const, Decision, Div, Exists, Forall, Iff, Implies, Mod, Not, Or, Scale, Truth, Var
from .statement import free_variables, variables

PRELUDE = """ws1s;
pred plus(var2 X, var2 Y, var2 Z) = ex2 C: 0 notin C & all1 p:
  (p in Z <=> (p in X <=> (p in Y <=> p in C)))
  & (p + 1 in C <=> ((p in X & p in Y) | (p in X & p in C) | (p in Y & p in C)));
pred less(var2 X, var2 Y) = ex1 p: p in Y & p notin X & all1 q: q > p => (q in X <=> q in Y);
"""
_STATES = re.compile(r"Largest number of states in a minimized automaton: (\d+)")
_MINIMIZED = re.compile(r"Minimizing \(\d+,\d+\) -> \((\d+),")
_ASSIGNED = re.compile(r"^(\w+) = \{([\d,]*)\}$")


def available() -> bool:
    """Whether the `mona` program is installed."""
    return shutil.which("mona") is not None


def constant(value: int) -> str:
    """A number as a MONA set: the positions of its 1-bits."""
    bits = [str(i) for i in range(value.bit_length()) if value >> i & 1]
    return "{" + ",".join(bits) + "}" if bits else "empty"


def power_of_two(c: int) -> int | None:
    """m when c = 2^m, else None."""
    return c.bit_length() - 1 if c > 0 and c & (c - 1) == 0 else None


def nonnegative(term) -> bool:
    """Whether a term is never negative (only `-` makes negative values; `%` never is)."""
    if isinstance(term, (Var, Const, Mod)):
        return True
    if isinstance(term, (Scale, Div)):
        return nonnegative(term.term)
    if term.op == "-":
        return isinstance(term.right, Const) and term.right.value == 0 and nonnegative(term.left)
    a, b = nonnegative(term.left), nonnegative(term.right)
    return a or b if term.op in ("&", "max") else a and b


def _shape(term, names: dict):
    """The term with its variables renamed V0, V1, ... in order of appearance."""
    if isinstance(term, Var):
        names.setdefault(term.name, f"V{len(names)}")
        return Var(names[term.name])
    if isinstance(term, Const):
        return term
    if isinstance(term, (Scale, Div, Mod)):
        inner = _shape(term.term, names)
        return Scale(term.factor, inner) if isinstance(term, Scale) else type(term)(inner, term.divisor)
    return Bin(term.op, _shape(term.left, names), _shape(term.right, names))


class Program:
    """The WS1S text of one formula: the prelude, a predicate per term, the formula."""

    def __init__(self):
        self.preds: dict = {}      # shaped term (or helper key) -> predicate name
        self.lines: list[str] = []
        self.names: dict[str, str] = {}  # logic variable -> MONA variable
        self._fresh = 0

    def fresh(self, prefix: str) -> str:
        self._fresh += 1
        return f"{prefix}{self._fresh}"

    def var(self, name: str) -> str:
        if name not in self.names:
            self.names[name] = f"n{len(self.names)}_" + re.sub(r"\W", "_", name)
        return self.names[name]

    # -- helpers: multiplication, division and remainder by constants -------------------
    def _helper(self, key, signature: str, body) -> str:
        if key not in self.preds:
            name = f"h{len(self.preds)}"
            self.preds[key] = name
            self.lines.append(f"pred {name}({signature}) = {body()};")
        return self.preds[key]

    def mul(self, c: int) -> str:
        """The predicate R = c * X."""
        def body():
            m = power_of_two(c)
            if c == 0:
                return "R = empty"
            if m is not None:
                return f"R = X + {m}" if m else "R = X"
            if c % 2 == 0:
                return f"ex2 H: {self.mul(c // 2)}(X, H) & R = H + 1"
            return f"ex2 H: {self.mul(c - 1)}(X, H) & plus(H, X, R)"
        return self._helper(("mul", c), "var2 X, var2 R", body)

    def divmod(self, c: int, which: str) -> str:
        """The predicate R = X // c (which "div") or R = X % c ("mod")."""
        def body():
            m = power_of_two(c)
            if m is not None and which == "div":
                return f"all1 p: p in R <=> p + {m} in X"
            if m is not None:
                return f"R = X inter {constant(c - 1)}"
            if which == "div":
                return f"ex2 M, D: {self.mul(c)}(R, M) & plus(M, D, X) & less(D, {constant(c)})"
            return f"ex2 Q, M: {self.mul(c)}(Q, M) & plus(M, R, X) & less(R, {constant(c)})"
        return self._helper((which, c), "var2 X, var2 R", body)

    # -- terms --------------------------------------------------------------------------
    def term(self, term) -> tuple[str, bool]:
        """The predicate `name(V0, ..., R[, S])` of a term's shape, and whether it has S."""
        names: dict = {}
        shaped = _shape(term, names)
        if shaped not in self.preds:
            signed = not nonnegative(shaped)
            formals = "".join(f"var2 V{i}, " for i in range(len(names)))
            body = self._body(shaped)  # defines the predicates it uses first
            name = self.preds[shaped] = f"t{len(self.preds)}"
            self.lines.append(f"pred {name}({formals}var2 R{', var0 S' if signed else ''}) = {body};")
        return self.preds[shaped], not nonnegative(shaped)

    def operand(self, term, local: bool = True) -> tuple[str, str | None, list[str], list[str]]:
        """A term as (set, sign or None, bound variables, their definitions): a variable or
        a constant directly, any other term as a fresh variable defined by its predicate.
        `local`: inside a predicate (variables are its formals V0, ...)."""
        if isinstance(term, Var):
            return (term.name if local else self.var(term.name)), None, [], []
        if isinstance(term, Const):
            return constant(term.value), None, [], []
        name, signed = self.term(term)
        args = [v if local else self.var(v) for v in variables(term)]
        r = self.fresh("A")
        s = self.fresh("S") if signed else None
        call = f"{name}({', '.join([*args, r] + ([s] if s else []))})"
        return r, s, [r] + ([s] if s else []), [call]

    def _body(self, t) -> str:
        """The definition of R (and S when t may be negative) = t in terms of the
        predicates of its operands."""
        signed = not nonnegative(t)
        if isinstance(t, Bin):
            a, sa, bound_a, defs_a = self.operand(t.left)
            b, sb, bound_b, defs_b = self.operand(t.right)
            return _bound(bound_a + bound_b, defs_a + defs_b + [self._binary(t.op, a, sa, b, sb, signed)])
        a, sa, bound, defs = self.operand(t.term)
        return _bound(bound, defs + [self._unary(t, a, sa)])

    def _unary(self, t, a: str, sa: str | None) -> str:
        if isinstance(t, Scale):
            plain = f"{self.mul(t.factor)}({a}, R)"
            if sa is None:
                return plain
            if t.factor == 0:
                return "R = empty & ~S"
            # c * (-A - 1) = -(c*A + c - 1) - 1
            neg = f"ex2 M: {self.mul(t.factor)}({a}, M) & plus(M, {constant(t.factor - 1)}, R)"
            return f"((~{sa} & ~S & {plain}) | ({sa} & S & {neg}))"
        which = "div" if isinstance(t, Div) else "mod"
        plain = f"{self.divmod(t.divisor, which)}({a}, R)"
        if sa is None:
            return plain
        if which == "div":  # (-A - 1) // c = -(A // c) - 1
            return f"(S <=> {sa}) & {plain}"
        # (-A - 1) % c = c - 1 - A % c
        neg = f"ex2 M: {self.divmod(t.divisor, 'mod')}({a}, M) & plus(M, R, {constant(t.divisor - 1)})"
        return f"((~{sa} & {plain}) | ({sa} & {neg}))"

    def _binary(self, op: str, a: str, sa, b: str, sb, signed: bool) -> str:
        """R = a op b for operands (a, sa), (b, sb) (a sign None: non-negative), with the
        result's sign S when `signed`."""
        if op in ("min", "max"):
            first = less_signed(a, sa, b, sb) if op == "min" else less_signed(b, sb, a, sa)
            take_a = f"R = {a}" + (f" & {_same_sign(sa)}" if signed else "")
            take_b = f"R = {b}" + (f" & {_same_sign(sb)}" if signed else "")
            return f"(({first} & {take_a}) | (~{first} & {take_b}))"
        if op == "-":
            n, sn, bound, defs = self.negation(b, sb)
            return _bound(bound, defs + [self._binary("+", a, sa, n, sn, signed)])
        cases = []
        for neg_a in ((False, True) if sa else (False,)):
            for neg_b in ((False, True) if sb else (False,)):
                guard = [f"{'' if neg_a else '~'}{sa}" if sa else "",
                         f"{'' if neg_b else '~'}{sb}" if sb else ""]
                for extra, result_negative in _case(op, a, neg_a, b, neg_b):
                    sign = ("S" if result_negative else "~S") if signed else ""
                    cases.append(" & ".join(c for c in (*guard, extra, sign) if c))
        return "(" + " | ".join(f"({c})" for c in cases) + ")"

    def negation(self, b: str, sb) -> tuple[str, str, list[str], list[str]]:
        """-b as a fresh signed operand: -B is 0 or ~(B - 1); -(~B) is B + 1."""
        n, s = self.fresh("A"), self.fresh("S")
        if sb is None:
            body = f"(({b} = empty & {n} = empty & ~{s}) | ({b} ~= empty & {s} & plus({n}, {{0}}, {b})))"
        else:
            body = (f"((~{sb} & (({b} = empty & {n} = empty & ~{s}) | ({b} ~= empty & {s} & "
                    f"plus({n}, {{0}}, {b})))) | ({sb} & ~{s} & plus({b}, {{0}}, {n})))")
        return n, s, [n, s], [body]

    # -- formulas -----------------------------------------------------------------------
    def formula(self, f) -> str:
        """The WS1S formula of a logic formula (its variables: the MONA names of `var`)."""
        if isinstance(f, Truth):
            return "true" if f.value else "false"
        if isinstance(f, Not):
            return f"~({self.formula(f.arg)})"
        if isinstance(f, (And, Or)):
            if not f.args:
                return "true" if isinstance(f, And) else "false"
            joiner = " & " if isinstance(f, And) else " | "
            return "(" + joiner.join(f"({self.formula(a)})" for a in f.args) + ")"
        if isinstance(f, (Implies, Iff)):
            arrow = "=>" if isinstance(f, Implies) else "<=>"
            return f"(({self.formula(f.left)}) {arrow} ({self.formula(f.right)}))"
        if isinstance(f, (Exists, Forall)):
            quantifier = "ex2" if isinstance(f, Exists) else "all2"
            return f"({quantifier} {', '.join(self.var(n) for n in f.names)}: {self.formula(f.body)})"
        a, sa, bound_a, defs_a = self.operand(f.left, local=False)
        b, sb, bound_b, defs_b = self.operand(f.right, local=False)
        return _bound(bound_a + bound_b, defs_a + defs_b + [compare(f.op, a, sa, b, sb)])


def _case(op: str, a: str, neg_a: bool, b: str, neg_b: bool) -> list[tuple[str, bool]]:
    """The definitions of R for `a op b` when a (b) is ~A (~B) if neg_a (neg_b): a list of
    (condition and definition, whether the result is negative)."""
    if op == "^":
        return [(f"R = ({a} \\ {b}) union ({b} \\ {a})", neg_a != neg_b)]
    if op in ("&", "|"):  # De Morgan: ~A & B = B \ A, ~A & ~B = ~(A | B), ...
        if op == "|":     # a | b = ~(~a & ~b)
            inner = _case("&", a, not neg_a, b, not neg_b)[0]
            return [(inner[0], not inner[1])]
        if not neg_a and not neg_b:
            return [(f"R = {a} inter {b}", False)]
        if neg_a and neg_b:
            return [(f"R = {a} union {b}", True)]
        pos, neg = (b, a) if neg_a else (a, b)
        return [(f"R = {pos} \\ {neg}", False)]
    # op == "+"
    if not neg_a and not neg_b:
        return [(f"plus({a}, {b}, R)", False)]
    if neg_a and neg_b:  # (-A - 1) + (-B - 1) = -(A + B + 1) - 1
        return [(f"ex2 T: plus({a}, {b}, T) & plus(T, {{0}}, R)", True)]
    n, p = (a, b) if neg_a else (b, a)  # p - N - 1
    return [(f"less({n}, {p}) & ex2 T: plus(R, {n}, T) & plus(T, {{0}}, {p})", False),
            (f"~less({n}, {p}) & plus({p}, R, {n})", True)]


def _same_sign(s) -> str:
    """The result's sign S equals the operand's sign s (None: non-negative)."""
    return f"(S <=> {s})" if s else "~S"


def less_signed(a: str, sa, b: str, sb) -> str:
    """a < b for signed operands (a negative number is below every non-negative one; ~A < ~B
    when B < A)."""
    both_nonnegative = " & ".join([f"~{s}" for s in (sa, sb) if s] + [f"less({a}, {b})"])
    if sa is None:
        return f"({both_nonnegative})"
    parts = [f"({sa}{' & ~' + sb if sb else ''})", f"({both_nonnegative})"]
    if sb:
        parts.insert(0, f"({sa} & {sb} & less({b}, {a}))")
    return "(" + " | ".join(parts) + ")"


def compare(op: str, a: str, sa, b: str, sb) -> str:
    """The WS1S formula of `a op b` for signed operands."""
    if op in ("==", "!="):
        signs = f" & ({sa or 'false'} <=> {sb or 'false'})" if sa or sb else ""
        same = f"{a} = {b}{signs}"
        return same if op == "==" else f"~({same})"
    if op in (">", ">="):
        a, sa, b, sb = b, sb, a, sa
        op = "<" if op == ">" else "<="
    return less_signed(a, sa, b, sb) if op == "<" else f"~{less_signed(b, sb, a, sa)}"


def _bound(names: list[str], parts: list[str]) -> str:
    """`parts` joined by & under an existential quantifier of `names` (var2, or var0 for S…)."""
    body = " & ".join(parts)
    for kind, group in (("ex2", [n for n in names if not n.startswith("S")]),
                        ("ex0", [n for n in names if n.startswith("S")])):
        if group:
            body = f"{kind} {', '.join(group)}: {body}"
    return f"({body})" if names else body


def ws1s(formula) -> tuple[str, dict[str, str]]:
    """The MONA program of a formula (valid exactly when the formula holds for every value
    of its free variables) and the MONA name of each free variable."""
    program = Program()
    free = free_variables(formula)
    names = {v: program.var(v) for v in free}
    body = program.formula(formula)
    head = f"var2 {', '.join(names.values())};\n" if names else ""
    return PRELUDE + "\n".join(program.lines) + "\n" + head + body + ";\n", names


def decide(formula, seconds: float = 10, megabytes: int = 1200) -> Decision:
    """Whether `formula` holds for every value of its free variables, by MONA within
    `seconds` (of wall-clock time) and `megabytes` (of address space); None with the reason
    when MONA is missing or a limit is reached."""
    if not available():
        return Decision(None, reason="MONA is not installed (Debian package mona)")
    text, names = ws1s(formula)
    with tempfile.TemporaryDirectory(prefix="grundy-mona-") as folder:
        path = os.path.join(folder, "statement.mona")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        out_path = os.path.join(folder, "out.txt")
        return _run(path, out_path, names, seconds, megabytes)


def _run(path: str, out_path: str, names: dict, seconds: float, megabytes: int) -> Decision:
    def limits():
        import resource  # only where MONA runs (not in Pyodide)

        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))
        cpu = int(seconds) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))

    start = time.monotonic()
    with open(out_path, "w", encoding="utf-8") as out:
        try:
            returncode = subprocess.run(["mona", "-q", "-s", path], stdout=out, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, timeout=seconds,
                                        preexec_fn=limits).returncode
        except subprocess.TimeoutExpired:  # the run was killed
            returncode = -9
    with open(out_path, encoding="utf-8", errors="replace") as out:
        return parse(out, names, returncode, seconds, megabytes, time.monotonic() - start)


def parse(lines, names: dict, returncode: int, seconds: float, megabytes: int,
          elapsed: float) -> Decision:
    """MONA's output (`mona -q -s`) as a Decision."""
    verdict, assigned, states, section, tail = None, {}, None, None, []
    for line in lines:
        line = line.strip()
        if line == "Formula is valid":
            verdict = True
        elif line in ("Formula is unsatisfiable",) or line.startswith("A counter-example"):
            verdict = False if verdict is None else verdict
            section = "counter" if line.startswith("A counter-example") else section
        elif line.startswith("A satisfying example"):
            section = None
        elif section == "counter" and _ASSIGNED.match(line):
            name, bits = _ASSIGNED.match(line).groups()
            assigned[name] = sum(1 << int(b) for b in bits.split(",") if b)
        elif _STATES.match(line) or _MINIMIZED.match(line):
            size = int((_STATES.match(line) or _MINIMIZED.match(line)).group(1))
            states = max(states or 0, size)
        tail = (tail + [line])[-3:]
    if verdict is True:
        return Decision(True, states=states)
    if verdict is False:
        return Decision(False, {v: assigned.get(m, 0) for v, m in names.items()}, states=states)
    if returncode in (-9, -24) or elapsed >= seconds:  # SIGKILL, SIGXCPU
        return Decision(None, reason=f"MONA ran out of time ({seconds:g} s)", states=states)
    detail = " ".join(tail)[:200]
    if any(word in detail for word in ("out of memory", "failed to map", "alloc")) or returncode == -6:
        return Decision(None, reason=f"MONA ran out of memory ({megabytes:,} MB)", states=states)
    return Decision(None, reason=f"MONA failed (exit {returncode}): {detail}", states=states)
