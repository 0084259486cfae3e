"""The triangular chocolate {x, y, z} with y <= (x + z) // k ([M2012])."""

from __future__ import annotations

from array import array

from ..core import TABLE_CAP, Game, PositionError, Theorem, plural
from ..params import Param
from ..prove.logic import Bin, Div, Scale
from ..prove.statement import Rules, both, either, eq, le, lt
from ..registry import game, register
from ..table import ColumnIndex, column_starts, misere_of_bits, progress
from ..text import Text
from ..verify import CheckSpec, box, check, first_mismatch, formula_holds, nim_sum, result, table_agrees
from ._backend import kernel_steps, numpy_backend


def chocolate_index(k: int, limit: int) -> ColumnIndex:
    """Layout of the chocolate table (grundy.table's column layout): outer (x, z),
    column y <= min(limit, (x + z) // k); iteration order x, then z, then y."""
    r = range(limit + 1)
    return ColumnIndex(3, (0, 2), 1, limit,
                       column_starts(min(limit, (x + z) // k) + 1 for x in r for z in r))


def chocolate_values(k: int, limit: int, misere: bool = False) -> array:
    """All values of the chocolate table in the layout of `chocolate_index(k, limit)`.

    Incremental prefix bitsets (Python ints; mex = lowest zero bit).  Walking x, then z,
    then y upwards, the moves of (x, y, z) are
      * horizontal (x, v, z), v < y:                running bitset `h` of the column;
      * left cuts (u, min(y, (u+z)//k), z), u < x:  A[z][y];
      * right cuts, the same with x and z swapped:  C[y] for the current x.
    A left cut below u0 = k*y - z clips y to the top of column (u, z), so when the line
    (., y, z) starts at x = u0, A[z][y] starts as T[z], the tops of the columns (u, z),
    u < x; C[y] likewise from `t`, the tops of (x, w), w < z.  A position costs seven
    big-integer operations and no function call (this kernel runs in the browser).
    With misere=True the values are 0 (misère P) / 1 (misère N).
    """
    size = chocolate_index(k, limit).size
    side = limit + 1
    out = array("B" if misere else "H", bytes(size * (1 if misere else 2)))
    bits = [1 << g for g in range(3 * limit + 2)]  # G <= x + y + z
    A = [[0] * side for _ in range(side)]
    T = [0] * side
    off = 0
    for x in range(side):
        progress(x, side)
        C, t = [0] * side, 0
        for z in range(side):
            top = (x + z) // k
            n = min(limit, top) + 1
            Az = A[z]
            for y in range(min(limit, (x + z - 1) // k) + 1 if x + z else 0, n):
                Az[y], C[y] = T[z], t     # the lines (., y, z) and (x, y, .) start here
            h = 0
            for y in range(n):
                b = h | Az[y] | C[y]
                g = misere_of_bits(b) if misere else (b ^ (b + 1)).bit_length() - 1
                low = bits[g]
                out[off + y] = g
                h |= low
                Az[y] |= low
                C[y] |= low
            off += n
            if top <= limit:
                T[z] |= low
                t |= low
    return out


def _k1_value(x: int, y: int, z: int) -> int:
    """The k = 1 formula: 0 exactly at the P-positions."""
    if x and z:
        return (x - 1) ^ y ^ (z - 1)
    return 0 if (x, y, z) == (0, 0, 0) else 1


@register
class Chocolate(Game):
    """Triangular chocolate: moves cut diagonally on the left (x), horizontally (y),
    diagonally on the right (z); a diagonal cut may lower y to (x + z) // k."""

    name = "chocolate"
    order = 30
    title = Text("Triangular chocolate", "三角形のチョコレート")
    phrase = Text("the triangular chocolate (k = {k})", "三角形のチョコレート (k = {k})")
    params = (Param("k", "int", 3, 1, None, Text("k", "k"),
                    Text("the slope: y <= (x + z) // k", "傾き: y ≤ ⌊(x + z)/k⌋")),)
    coords = ("x", "y", "z")
    default_start = (10, 5, 5)
    figures = {"pp3d": {"k": 3}, "projection": {}}  # the P-positions in 3-D (k = 3), projected
    theorems = (
        Theorem(Text("[M2012] Theorem 2.1 (k = 3)", "[M2012] 定理 2.1 (k = 3)"), "x ⊕ y ⊕ z",
                "outcome", Text("k = 3", "k = 3"), lambda g, pos: g.k == 3,
                lambda g, pos: pos[0] ^ pos[1] ^ pos[2]),
        Theorem(Text("[M2012] section 6, equation (33) (k = 1)", "[M2012] 第 6 節の式 (33) (k = 1)"),
                "(x − 1) ⊕ y ⊕ (z − 1)", "outcome", Text("k = 1, x, z ≥ 1", "k = 1, x, z ≥ 1"),
                lambda g, pos: g.k == 1 and (pos is None or bool(pos[0] and pos[2])),
                lambda g, pos: _k1_value(*pos)),
        # Where the formula's domain ends: with x = 0 or z = 0 only {0, 0, 0} is a P-position
        # (from any other, one cut leaves {0, 0, 0}).
        Theorem(Text("[M2012] section 6 (k = 1, x = 0 or z = 0)", "[M2012] 第 6 節 (k = 1, x = 0 または z = 0)"),
                "x + y + z", "outcome", Text("k = 1, x = 0 or z = 0", "k = 1, x = 0 または z = 0"),
                lambda g, pos: g.k == 1 and pos is not None and not (pos[0] and pos[2]),
                lambda g, pos: sum(pos)),
    )

    def _check(self, pos):
        x, y, z = pos
        if y > (x + z) // self.k:
            top = (x + z) // self.k
            raise PositionError(f"y = {y} is over its bound: y ≤ ⌊(x + z)/{self.k}⌋ = {top}",
                                f"y = {y} は上限を超えています: y ≤ ⌊(x + z)/{self.k}⌋ = {top} "
                                "でなければなりません。")

    def targets(self, pos):
        x, y, z, k = *pos, self.k
        for u in range(x):
            yield (u, min(y, (u + z) // k), z)
        for v in range(y):
            yield (x, v, z)
        for w in range(z):
            yield (x, min(y, (x + w) // k), w)

    def rules(self):
        """The positions k*y <= x + z and the three cuts (a diagonal cut clips y), as `targets`."""
        k = self.k

        def move(p, q):
            (x, y, z), (u, v, w) = p, q
            return either(both(lt(u, x), eq(w, z), eq(v, Bin("min", y, Div(Bin("+", u, z), k)))),
                          both(eq(u, x), eq(w, z), lt(v, y)),
                          both(eq(u, x), lt(w, z), eq(v, Bin("min", y, Div(Bin("+", x, w), k)))))

        bound = f"{k if k > 1 else ''}y ≤ x + z"
        return Rules(self.coords, lambda p: le(Scale(k, p[1]), Bin("+", p[0], p[2])), move,
                     Text(bound, bound))

    def describe(self, pos, to):
        (x, y, z), (u, v, w) = pos, to
        if u < x:
            en, ja = f"cut {plural(x - u, 'diagonal row')} off the left", f"左から斜めに{x - u}列切り取る"
        elif w < z:
            en, ja = f"cut {plural(z - w, 'diagonal row')} off the right", f"右から斜めに{z - w}列切り取る"
        else:
            en, ja = f"cut {plural(y - v, 'row')} off the top", f"上から{y - v}段切り取る"
        if v < y and (u < x or w < z):
            en, ja = en + f" (y drops to {v})", ja + f"(y は {v} に下がる)"
        return Text(en, ja)

    def formula_moves(self, pos):
        """For k = 3 and k = 1 (P iff x' ^ y ^ z' = 0 with x' = x, z' = z, or x - 1, z - 1):
        the cut of each side that makes the nim-sum vanish (if y is not clipped by it)."""
        if self.k not in (1, 3):
            return
        x, y, z, k = *pos, self.k
        d = 1 if k == 1 else 0
        if x >= d and z >= d:
            yield from self._cuts(pos, ((y ^ (z - d)) + d, (x - d) ^ (z - d), ((x - d) ^ y) + d))

    def _cuts(self, pos, cuts):
        """The targets of cutting the left side to u, the top to v, the right side to w."""
        x, y, z, k = *pos, self.k
        u, v, w = cuts
        if u < x:
            yield (u, min(y, (u + z) // k), z)
        if v < y:
            yield (x, v, z)
        if w < z:
            yield (x, min(y, (x + w) // k), w)

    def table_size(self, limit):
        if (limit + 1) ** 2 > TABLE_CAP:
            return (limit + 1) ** 2
        return sum((min(s, 2 * limit - s) + 1) * (min(limit, s // self.k) + 1)
                   for s in range(2 * limit + 1))

    def index(self, limit):
        return chocolate_index(self.k, limit)

    def table_steps(self, limit, backend="auto"):
        return kernel_steps(backend, self.table_size(limit), fast=True)

    def kernel(self, limit, misere=False, backend="python"):
        fast = numpy_backend(backend, self.table_size(limit))
        if fast is not None and not misere:
            return fast.as_array(fast.chocolate_values(self.k, limit), "H")
        return chocolate_values(self.k, limit, misere)


# -- verification (grundy verify) ----------------------------------------

def _chocolate_positions(k, n):
    for x in range(n + 1):
        for z in range(n + 1):
            for y in range((x + z) // k + 1):
                yield (x, y, z)


def _xor_counterexamples(ks, n):
    """{k: (positions with x, z <= n, first position in order of x + y + z where
    'P iff x ^ y ^ z = 0' fails, or None)} and a table/DP mismatch ('' if none)."""
    out = {}
    for k in ks:
        g, memo = game("chocolate", k=k), {}
        positions = sorted(_chocolate_positions(k, n), key=lambda p: (sum(p), p))
        _, fail = first_mismatch(g, positions, lambda p, v: (v == 0) == (nim_sum(p) == 0), memo)
        out[k] = (len(positions), fail)
        bad = table_agrees(g, n, memo)
        if bad:
            return out, bad
    return out, ""


def _formula_spec(id_, k, default_n, table_n, statement):
    """The check of the chocolate's theorem for this k on x, z <= n (default default_n)."""
    def run(n):
        n = default_n if n is None else n
        return formula_holds(id_, game("chocolate", k=k), _chocolate_positions(k, n),
                             box("x, z", n), min(n, table_n))
    return CheckSpec(id_, statement, run)


CHOCOLATE_K3_SPEC = _formula_spec("chocolate-k3", 3, 60, 40, Text(
    "Triangular chocolate, k = 3: {x, y, z} is a P-position iff x ^ y ^ z = 0 ([M2012], "
    "Theorem 2.1).",
    "三角形のチョコレート k = 3:"
    " {x, y, z} が P 局面であるのは x ^ y ^ z = 0 のとき、"
    "かつそのときに限る ([M2012] 定理 2.1)。"))


CHOCOLATE_K1_SPEC = _formula_spec("chocolate-k1", 1, 30, 20, Text(
    "Chocolate y <= x + z (k = 1): P-position iff (x - 1) ^ y ^ (z - 1) = 0 with x, z >= "
    "1, or {0, 0, 0} ([M2012], section 6, equation (33)).",
    "y <= x + z のチョコレート (k = 1):"
    " P 局面であるのは x, z >= 1 で (x - 1) ^ y ^ (z - 1) = 0 のとき、"
    "または {0, 0, 0} のとき ([M2012] 第 6 節 式 (33))。"))


def check_chocolate_odd_k(n):
    n = 40 if n is None else n
    results, bad = _xor_counterexamples((5, 7, 9, 11, 13, 15), n)
    if bad:
        return result("chocolate-odd-k", None, 0, box("x, z", n), bad, "conjecture")
    holds = ", ".join(str(k) for k, (_, fail) in results.items() if fail is None)
    fails = {k: fail for k, (_, fail) in results.items() if fail is not None}
    total = sum(c for k, (c, _) in results.items() if k % 4 == 3)
    ok = all(results[k][1] is None for k in results if k % 4 == 3)
    detail = ("[M2012] (section 6) conjectures, for odd k, a P-position formula close to the "
              "k = 3 case without stating it. The candidate x ^ y ^ z = 0 was tested for "
              f"k = 5, 7, ..., 15: it holds (computed, not proved) for k = {holds}. "
              + " ".join(f"k = {k}: first counterexample {p}." for k, p in fails.items()))
    detail_ja = ("[M2012] (第 6 節) は、k が奇数のとき P 局面の式は k = 3 の場合に近いと"
                 "予想しているが、式そのものは述べていない。候補 x ^ y ^ z = 0 を k = 5, 7, ..., 15 "
                 f"で調べた: k = {holds} で成り立つ (計算結果であり証明ではない)。"
                 + "".join(f"k = {k}: 最初の反例 {p}。" for k, p in fails.items()))
    return check("chocolate-odd-k", "holds" if ok else "counterexample", total,
                  (f"x, z <= {n} for k = 7, 11, 15", f"k = 7, 11, 15 で x, z <= {n}"),
                  (detail, detail_ja), "conjecture")


CHOCOLATE_ODD_K_SPEC = CheckSpec("chocolate-odd-k", Text(
    "Conjecture: for k = 4m + 3 (k = 7, 11, 15), {x, y, z} with y <= (x + z) // k is a "
    "P-position iff x ^ y ^ z = 0; for k = 4m + 1 this formula is not exact.",
    "予想: k = 4m + 3 (k = 7, 11, 15) のとき、"
    "y <= (x + z) // k を満たす {x, y, z} が P 局面であるのは x ^ y ^ z = 0 のとき、"
    "かつそのときに限る。k = 4m + 1 ではこの式は正確ではない。"), check_chocolate_odd_k, "conjecture")


def check_chocolate_even_k(n):
    n = 40 if n is None else n
    results, bad = _xor_counterexamples((2, 4, 6), n)
    if bad:
        return result("chocolate-even-k", None, 0, box("x, z", n), bad, "computation")
    en, ja = [], []
    for k, (count, fail) in results.items():
        pps = game("chocolate", k=k).table(n).p_positions()
        even = all((x ^ y ^ z) % 2 == 0 for x, y, z in pps)
        en.append(f"k = {k}: {len(pps):,} P-positions among {count:,} positions"
                  + (", every one with an even nim-sum" if even else "")
                  + f"; x ^ y ^ z = 0 first fails at {fail}")
        ja.append(f"k = {k}: {count:,} 局面のうち P 局面は {len(pps):,} 個"
                  + ("で、どれもニム和が偶数" if even else "")
                  + f"; x ^ y ^ z = 0 は {fail} で初めて成り立たない")
    total = sum(c for c, _ in results.values())
    return check("chocolate-even-k", "counterexample", total,
                  (f"x, z <= {n} for k = 2, 4, 6", f"k = 2, 4, 6 で x, z <= {n}"),
                  ("; ".join(en) + ".", "。".join(ja) + "。"), "computation")


CHOCOLATE_EVEN_K_SPEC = CheckSpec("chocolate-even-k", Text(
    "Even k (open problem): no formula is known; computed data only. The fast tables agree "
    "with the reference DP, and x ^ y ^ z = 0 does not describe the P-positions.",
    "k が偶数 (未解決問題): 公式は知られておらず、計算データのみ。"
    "高速な表は参照用の動的計画法と一致し、"
    "x ^ y ^ z = 0 は P 局面を表さない。"), check_chocolate_even_k, "computation")


Chocolate.checks = (CHOCOLATE_K3_SPEC, CHOCOLATE_K1_SPEC, CHOCOLATE_ODD_K_SPEC, CHOCOLATE_EVEN_K_SPEC)
