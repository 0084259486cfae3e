"""Step chocolates CB(f, y, z) and the same with a height-1 bar of x squares ([S])."""

from __future__ import annotations

from array import array

import re

from ..core import TABLE_CAP, Game, GameError, PositionError, Theorem, Verdict, coords_nim_sum, plural
from ..params import Param
from ..prove.logic import Bin, Cmp, Exists, Var
from ..prove.statement import Rules, both, either, eq, le, lt
from ..registry import game, register
from ..stepfunc import StepFunction
from ..table import ColumnIndex, column_starts, misere_of_bits, value_array
from ..text import Text
from ..verify import CheckSpec, check, each_holds, first_mismatch, nim_sum, table_agrees
from ._backend import kernel_steps, numpy_backend


def _condition_holds(game, pos) -> bool:
    """The condition of [S] on f, on every z' < 2^bits(z) (so it covers the moves too)."""
    return game.f.satisfies_condition((1 << max(1, pos[-1].bit_length())) - 1)


SATISFYING_F = ("t//2", "t//4", "2**(ilog2(t)-1) if t >= 2 else 0", "3", "0")
VIOLATING_F = ("t", "t//3", "(t+1)//2", "t//2 + 1", "min(t, 5)")

STEP_F = Param("f", "expr", "t//2", None, None, Text("f(t)", "f(t)"),
               Text("the step function, an expression in t", "階段の関数 (t の式)"))
CONDITION = Text("⌊z/2ⁱ⌋ = ⌊z′/2ⁱ⌋ ⇒ ⌊f(z)/2ⁱ⁻¹⌋ = ⌊f(z′)/2ⁱ⁻¹⌋ for all z, z′ and i ≥ 1",
                 "すべての z, z′ と i ≥ 1 について ⌊z/2ⁱ⌋ = ⌊z′/2ⁱ⌋ ⇒ ⌊f(z)/2ⁱ⁻¹⌋ = ⌊f(z′)/2ⁱ⁻¹⌋")
# f as the lessons write it: t//3 -> ⌊t/3⌋, 2**k -> 2^k, >= -> ≥
F_NOTATION = ((r"(\([^()]*\)|\w+)\s*//\s*(\w+)", r"⌊\1/\2⌋"), (r"\*\*", "^"), (r">=", "≥"),
              (r"<=", "≤"), (r"ilog2\((\w+)\)", r"⌊log₂ \1⌋"))


def f_notation(expr: str) -> str:
    """The expression of f in the lessons' notation ("t//3" -> "⌊t/3⌋")."""
    for pattern, repl in F_NOTATION:
        expr = re.sub(pattern, repl, expr)
    return expr


def first_failure(values: list[int]) -> int | None:
    """The least t such that the condition of [S] fails on 0..t for f = values (non-decreasing):
    some z < t with ⌊z/2^i⌋ = ⌊t/2^i⌋ has ⌊f(z)/2^(i-1)⌋ != ⌊f(t)/2^(i-1)⌋; None if none."""
    for t in range(1, len(values)):
        for i in range(1, t.bit_length() + 1):
            if values[t >> i << i] >> (i - 1) != values[t] >> (i - 1):
                return t
    return None


def _condition_verdict(game, limit: int) -> Verdict:
    """The condition of [S] for f on the table up to limit (on 0..2^bits(limit) - 1, which
    covers every move; for every t when f has a proved shape)."""
    subject = Text(f"f(t) = {f_notation(game.f.expr)}", f"f(t) = {f_notation(game.f.expr)}")
    if game.f.proved:
        return Verdict(True, subject, Text("for every t", "すべての t で"))
    top = (1 << max(1, limit.bit_length())) - 1
    try:
        values = game.f.values(top)
    except GameError:  # f decreases, or is over budget, past the table: judge the table
        top, values = limit, game.f.values(limit)
    t = first_failure(values)
    if t is None:
        return Verdict(True, subject, Text(f"checked for t ≤ {top}", f"t ≤ {top} で確認"))
    return Verdict(False, subject, Text(f"it fails at t = {t}", f"t = {t} で成り立ちません"), t)


def step_values(fv: list[int], limit: int, with_x: bool, misere: bool = False) -> array:
    """Values of the step (with_x False) or step3 table in the layout of `step_index`;
    fv = [f(0), ..., f(limit)] (as for grundy.fast_numpy.step_values).

    Walking x, then z, then y upwards, the moves of (x, y, z) are
      * (x, v, z), v < y:                       running bitset `h` of the column;
      * (u, y, z), u < x (step3 only):          X[z][y];
      * (x, min(y, f(w)), w), w < z:            R[y] for the current x.
    The line (x, y, .) starts at the first z with f(z) >= y; moves below it clip y to the
    tops of the columns (x, w), so R[y] starts as `t`, the tops seen so far.
    """
    side = limit + 1
    heights = [min(limit, v) + 1 for v in fv]
    xs = range(side if with_x else 1)
    size = len(xs) * sum(heights)
    # G({y, z}) <= y + z (+ x): at most 3 * limit
    typecode = "B" if misere else value_array(3 * limit + 1).typecode
    out = array(typecode, bytes(size * array(typecode).itemsize))
    bits = [1 << g for g in range(3 * limit + 2)]
    X = [[0] * h for h in heights]  # no more cells than the positions of one plane
    off = 0
    for x in xs:
        R, t, low = [0] * side, 0, 0
        for z in range(side):
            Xz = X[z]
            for y in range(heights[z - 1] if z else 0, heights[z]):
                R[y] = t                  # the line (x, y, .) starts here
            h = 0
            for y in range(heights[z]):
                b = h | Xz[y] | R[y]
                g = misere_of_bits(b) if misere else (b ^ (b + 1)).bit_length() - 1
                low = bits[g]
                out[off + y] = g
                h |= low
                R[y] |= low
                if with_x:
                    Xz[y] |= low
            off += heights[z]
            if fv[z] <= limit:
                t |= low
    return out


def step_index(f: StepFunction, limit: int, with_x: bool) -> ColumnIndex:
    """Column layout: outer z (step) or (x, z) (step3), column y <= min(limit, f(z))."""
    heights = [min(limit, v) + 1 for v in f.values(limit)]
    if with_x:
        return ColumnIndex(3, (0, 2), 1, limit, column_starts(heights * (limit + 1)))
    return ColumnIndex(2, (1,), 0, limit, column_starts(heights))


@register
class Step(Game):
    """CB(f, y, z): z + 1 columns, column i of height min(y, f(i)) + 1; bitter square at
    the bottom of column 0.  Moves: cut rows off the top, or columns off the right."""

    name = "step"
    order = 40
    title = Text("Step chocolate", "階段チョコレート")
    phrase = Text("the step chocolate CB(f, y, z) with f(t) = {f}",
                  "階段チョコレート CB(f, y, z)、f(t) = {f}")
    params = (STEP_F,)
    coords = ("y", "z")
    default_start = (2, 5)
    with_x = False
    theorems = (Theorem(Text("[S] Theorems 2.2 and 2.3", "[S] 定理 2.2・2.3"), "{xor}", "grundy",
                        CONDITION, _condition_holds, coords_nim_sum,
                        verdict=_condition_verdict),)

    def __init__(self, **values):
        fn = StepFunction(values.get("f", STEP_F.default))
        super().__init__(**{**values, "f": fn.expr})
        self.f = fn

    def _yz(self, pos):
        return pos[-2:]

    def _check(self, pos):
        y, z = self._yz(pos)
        if y > self.f(z):
            raise PositionError(f"y = {y} is over its bound: y ≤ f(z) = f({z}) = {self.f(z)}",
                                f"y = {y} は上限を超えています: y ≤ f(z) = f({z}) = {self.f(z)} "
                                "でなければなりません。")

    def targets(self, pos):
        *x, y, z = pos
        if x:
            yield from ((u, y, z) for u in range(x[0]))
        yield from ((*x, v, z) for v in range(y))
        yield from ((*x, min(y, self.f(w)), w) for w in range(z))

    def rules(self):
        """y <= f(z) (x any), and the cuts as `targets`, with f read into the prover's
        language (grundy.prove.translate.Outside when it cannot be)."""
        def position(p):
            return self._f(p[-1], lambda r: le(p[-2], r))

        def move(p, q):
            (*x, y, z), (*u, v, w) = p, q
            kinds = [both(lt(v, y), eq(w, z)),
                     both(lt(w, z), self._f(w, lambda r: eq(v, Bin("min", y, r))))]
            if x:
                kinds = [both(lt(u[0], x[0]), eq(v, y), eq(w, z))] + [both(eq(u[0], x[0]), k) for k in kinds]
            return either(*kinds)

        return Rules(self.coords, position, move,
                     Text(f"y ≤ f(z), f(t) = {self.f.expr}", f"y ≤ f(z)、f(t) = {self.f.expr}"))

    def _f(self, t, use):
        """use(f(t)): f's value put in directly when f is a term, else named by a variable
        that f's relation defines."""
        r = Var("f°")
        relation = self.f.in_logic(t, r)
        if isinstance(relation, Cmp) and relation.op == "==" and relation.left == r:
            return use(relation.right)
        return Exists((r.name,), both(relation, use(r)))

    def describe(self, pos, to):
        (*x, y, z), (*u, v, w) = pos, to
        if u != x:
            return Text(f"cut {plural(x[0] - u[0], 'column')} off the left",
                        f"左から{x[0] - u[0]}列切り取る")
        if w < z:
            en, ja = f"cut {plural(z - w, 'column')} off the right", f"右から{z - w}列切り取る"
            if v < y:
                en, ja = en + f" (y drops to {v})", ja + f"(y は {v} に下がる)"
            return Text(en, ja)
        return Text(f"cut {plural(y - v, 'row')} off the top", f"上から{y - v}段切り取る")

    def formula_moves(self, pos):
        """Where G is the nim-sum of the coordinates: the cut of each side that makes it
        vanish (a right cut only if it keeps y)."""
        *x, y, z = pos
        s = nim_sum(pos)
        if x and x[0] ^ s < x[0]:
            yield (x[0] ^ s, y, z)
        if y ^ s < y:
            yield (*x, y ^ s, z)
        if z ^ s < z and self.f(z ^ s) >= y:
            yield (*x, y, z ^ s)

    def table_size(self, limit):
        if limit >= TABLE_CAP:
            return limit + 1
        size = sum(min(limit, v) + 1 for v in self.f.values(limit))
        return size * (limit + 1) if self.with_x else size

    def table_steps(self, limit, backend="auto"):
        return kernel_steps(backend, self.table_size(limit), fast=self.with_x)

    def index(self, limit):
        return step_index(self.f, limit, self.with_x)

    def kernel(self, limit, misere=False, backend="python"):
        # numpy pays off for step3 only: plain step tables have few positions per plane
        fast = numpy_backend(backend, self.table_size(limit)) if self.with_x else None
        if fast is not None and not misere:
            values = fast.step_values(self.f.values(limit), limit, True)
            return fast.as_array(values, value_array(3 * limit + 1).typecode)
        return step_values(self.f.values(limit), limit, self.with_x, misere)


@register
class Step3(Step):
    """CB(f, y, z) with a height-1 bar of x squares on the left: position {x, y, z}."""

    name = "step3"
    order = 50
    title = Text("Step chocolate with a bar", "棒つき階段チョコレート")
    phrase = Text("the step chocolate with a bar on the left, f(t) = {f}",
                  "左に棒のついた階段チョコレート、f(t) = {f}")
    coords = ("x", "y", "z")
    default_start = (3, 2, 5)
    with_x = True
    theorems = (Theorem(Text("[S] Theorems 2.2 and 2.3 with the bar of x squares (Theorem 2.1)",
                             "[S] 定理 2.2・2.3 (x 個の正方形の棒つき、定理 2.1)"),
                        "{xor}", "grundy", CONDITION, _condition_holds, coords_nim_sum,
                        verdict=_condition_verdict),)


# -- verification (grundy verify) ----------------------------------------

def _step_positions(g, n, with_x=False):
    for x in range(n + 1 if with_x else 1):
        for z in range(n + 1):
            for y in range(g.f(z) + 1):
                yield (x, y, z) if with_x else (y, z)


def check_step_condition(n):
    n = 63 if n is None else n
    block = (1 << max(1, n.bit_length())) - 1
    total, en, ja = 0, [], []
    functions = SATISFYING_F + VIOLATING_F
    cond = (f"z <= {n} for {len(functions)} functions f", f"{len(functions)} 個の関数 f で z <= {n}")
    stopped = []  # (function, positions checked up to its first counterexample)
    for expr in functions:
        g = game("step", f=expr)
        holds = g.f.satisfies_condition(block)
        count, fail = first_mismatch(g, _step_positions(g, n), lambda p, v: v == p[0] ^ p[1])
        total += count
        bad = table_agrees(g, min(n, 40), {})
        # A theorem fails only if the condition holds and G != y ^ z somewhere; a violating
        # f may satisfy the condition on a small range, or fail it beyond the positions tested.
        if bad or (holds and fail is not None) or (expr in SATISFYING_F and not holds):
            text = bad or f"f = {expr}: condition {holds}, first position with G != y ^ z: {fail}"
            return check("step-condition", "fails", total, cond, (text, text))
        if holds:
            en.append(f"f = {expr}: the condition holds on 0..{block} and G = y ^ z there")
            ja.append(f"f = {expr}: 0..{block} で条件を満たし、そこで G = y ^ z")
        elif fail is None:
            en.append(f"f = {expr}: the condition fails on 0..{block}; no position with "
                      f"z <= {n} has G != y ^ z (the counterexamples lie beyond)")
            ja.append(f"f = {expr}: 0..{block} で条件を満たさないが、z <= {n} の局面では "
                      "G = y ^ z (反例はその先にある)")
        else:
            stopped.append((expr, count))
            en.append(f"f = {expr}: the condition fails and G != y ^ z at {fail}")
            ja.append(f"f = {expr}: 条件を満たさず、{fail} で G != y ^ z")
    whole, cut = len(functions) - len(stopped), sum(c for _, c in stopped)
    cond = (f"z <= {n} for the {whole} functions f without a counterexample there",
            f"反例のない {whole} 個の関数 f で z <= {n}")
    en.insert(0, f"The other {len(stopped)} functions were checked only up to their first "
                 f"counterexample ({cut:,} positions)")
    ja.insert(0, f"ほかの {len(stopped)} 個の関数は最初の反例までだけ調べた ({cut:,} 局面)")
    return check("step-condition", "holds", total - cut, cond, ("; ".join(en) + ".", "。".join(ja) + "。"))


STEP_CONDITION_SPEC = CheckSpec("step-condition", Text(
    "Step chocolate CB(f, y, z): G = y ^ z for every position iff f satisfies z >> i == z' "
    ">> i => f(z) >> (i-1) == f(z') >> (i-1) ([S], Theorems 2.2 and 2.3), tested for f "
    "satisfying and violating the condition.",
    "階段チョコレート CB(f, y, z):"
    " すべての局面で G = y ^ z となるのは f が条件 z >> i == z' >> i => f(z) >> (i-1) == f(z') >> (i-1) を満たすとき、"
    "かつそのときに限る ([S] 定理 2.2, 2.3)。"
    "条件を満たす f と満たさない f で確かめた。"), check_step_condition)


def check_step3(n):
    n = 24 if n is None else n
    cond = (f"x, z <= {n} for f = " + ", ".join(SATISFYING_F),
            "f = " + ", ".join(SATISFYING_F) + f" で x, z <= {n}")
    games = (game("step3", f=expr) for expr in SATISFYING_F)
    return each_holds("step3", ((g, _step_positions(g, n, True),
                                 lambda p, v: (v == 0) == (nim_sum(p) == 0)) for g in games), cond)


STEP3_SPEC = CheckSpec("step3", Text(
    "Step chocolate with a bar of x squares {x, y, z}: P-position iff x ^ y ^ z = 0 when f "
    "satisfies the condition ([S], Theorem 2.1).",
    "左に x 個の棒を加えた階段チョコレート {x, y, z}:"
    " f が条件を満たすとき P 局面であるのは x ^ y ^ z = 0 のとき、"
    "かつそのときに限る ([S] 定理 2.1)。"), check_step3)


Step.checks = (STEP_CONDITION_SPEC,)
Step3.checks = (STEP3_SPEC,)
