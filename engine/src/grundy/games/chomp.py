"""Chomp (Gale 1974): a bar of rows with a poisoned square in the corner.

A position is the list of its row lengths (r0, r1, ...), starting from the row that holds
the poison, non-increasing, r0 >= 1. Rows and columns are numbered from 0 at the poison.
A move eats one square (i, j) other than the poison together with every square (i', j')
with i' >= i and j' >= j: rows i, i + 1, ... are cut to at most j squares. Whoever must
eat the poison loses: the poison alone, (1,), has no move.

Rows of length 0 are eaten rows: they may only come last (the list is non-increasing), a
move keeps them, and (5, 3, 0) is the same bar as (5, 3) with the same values. Without the
parameter `rows` a position may have any number of rows; tables need `rows`.
"""

from __future__ import annotations

from math import comb

from ..budget import require
from ..core import PositionError, Theorem, plural
from ..frontier import chomp3
from ..params import Param
from ..prove.logic import Bin, Const
from ..prove.statement import Rules, both, either, eq, le, lt, same
from ..reference import reference_grundy
from ..registry import game, register
from ..sized import Sized
from ..table import ListIndex
from ..text import Text
from ..verify import CheckSpec, check, first_mismatch, result, table_agrees


def shape(pos: tuple) -> tuple:
    """The rows that are not eaten (the trailing zeros dropped)."""
    n = len(pos)
    while n and not pos[n - 1]:
        n -= 1
    return pos[:n]


def is_square(rows: tuple) -> bool:
    """Whether the rows form an n x n square."""
    return all(r == len(rows) for r in rows)


def is_l_shape(rows: tuple) -> bool:
    """Whether the rows form an L: (a, 1, 1, ..., 1) with at least two rows."""
    return len(rows) >= 2 and all(r == 1 for r in rows[1:])


def columns(rows: tuple) -> tuple:
    """The transposed bar: the column lengths, from the poisoned column on. Eating (i, j)
    from a bar is eating (j, i) from its transpose, so both have the same values."""
    return tuple(sum(r > j for r in rows) for j in range(rows[0] if rows else 0))


def two_columns(rows: tuple) -> tuple[int, int]:
    """(c0, c1): the column lengths of a bar of at most two columns, padded with 0."""
    return (columns(rows) + (0, 0))[:2]


def _sized(n):
    """A theorem's condition: the bar has at most n rows (for a table: rows <= n)."""
    return lambda g, pos: len(shape(pos)) <= n if pos is not None else g.size in range(1, n + 1)


def _shaped(condition):
    """A theorem's condition on the shape of the bar (never on a whole table)."""
    return lambda g, pos: pos is not None and condition(shape(pos))


def _rows_value(value):
    """A theorem's value from the rows (defined at every position, also where the
    condition fails: tables compare with it)."""
    return lambda g, pos: value(shape(pos) + (0,))


THEOREMS = (
    Theorem(Text("One row: eat every square but the poison", "1 段: 毒以外をすべて食べる"),
            "r0 − 1", "grundy", Text("one row", "1 段"), _sized(1),
            _rows_value(lambda s: s[0] - 1)),
    Theorem(Text("Two rows: P exactly when r0 = r1 + 1", "2 段: r0 = r1 + 1 のときだけ P"),
            "|r0 − r1 − 1|", "outcome", Text("at most two rows", "2 段以下"), _sized(2),
            _rows_value(lambda s: abs(s[0] - s[1] - 1)),
            Text("P-position ⇔ r0 = r1 + 1", "P 局面 ⇔ r0 = r1 + 1")),
    Theorem(Text("At most two columns (the two-row theorem transposed): P exactly when "
                 "exactly one row has a single square",
                 "2 列以下 (2 段の定理を転置): 1 マスの段がちょうど 1 つのときだけ P"),
            "|c0 − c1 − 1|", "outcome",
            Text("at most two columns (r0 ≤ 2)", "2 列以下 (r0 ≤ 2)"),
            _shaped(lambda s: s[0] <= 2),
            _rows_value(lambda s: abs(two_columns(s)[0] - two_columns(s)[1] - 1)),
            Text("P-position ⇔ c0 = c1 + 1 (column lengths)",
                 "P 局面 ⇔ c0 = c1 + 1 (列の長さ)")),
    Theorem(Text("L shapes: P exactly when the arm and the leg are equal",
                 "L 字形: 腕と脚の長さが等しいときだけ P"),
            "|r0 − rows|", "outcome", Text("an L {r0, 1, …, 1}", "L 字形 {r0, 1, …, 1}"),
            _shaped(is_l_shape), _rows_value(lambda s: abs(s[0] - (len(s) - 1))),
            Text("P-position ⇔ r0 = the number of rows", "P 局面 ⇔ r0 = 段の数")),
    Theorem(Text("Squares: eat (1, 1), then mirror", "正方形: (1, 1) を食べて、あとは鏡写し"),
            "r0 − 1", "outcome", Text("an n × n square", "n × n の正方形"),
            _shaped(is_square), _rows_value(lambda s: s[0] - 1),
            Text("P-position ⇔ the square is the poison alone (1 × 1)",
                 "P 局面 ⇔ 正方形が毒の 1 マスだけ (1 × 1)")),
)


def chomped(pos: tuple, i: int, j: int) -> tuple:
    """The position after eating square (i, j): rows i, i + 1, ... keep at most j squares."""
    return pos[:i] + tuple(min(r, j) for r in pos[i:])


def eaten_square(pos: tuple, to: tuple) -> tuple[int, int]:
    """The square (i, j) whose eating leads from pos to to: the first row that changed."""
    i = next(i for i, (a, b) in enumerate(zip(pos, to)) if a != b)
    return i, to[i]


def shapes(rows: int, limit: int):
    """Every position with `rows` rows and r0 <= limit, in lexicographic order."""
    def tails(n, top):
        if not n:
            yield ()
            return
        for r in range(top + 1):
            for rest in tails(n - 1, r):
                yield (r, *rest)

    for first in range(1, limit + 1):
        for rest in tails(rows - 1, first):
            yield (first, *rest)


def three_row_p_positions(limit: int) -> list[tuple[int, int, int]]:
    """The P-positions (r0, r1, r2) of three-row Chomp with r0 <= limit, in lexicographic
    order, without a table: for each (r1, r2) at most one r0 gives a P-position (two
    would be one move apart), the least r0 that no other option rules out, if any (for many
    pairs there is none): grundy.frontier.chomp3, which streams them far further without
    keeping them."""
    require(chomp3.cost(limit)[0], (limit + 1) ** 2 * 40,
            (f"three-row Chomp up to r0 = {limit:,}", f"r0 = {limit:,} までの 3 段のチョンプ"),
            ("use a smaller bound (or grundy frontier chomp3, which streams them)",
             "上限を小さくしてください (grundy frontier chomp3 なら順に書き出せます)。"))
    return sorted(p for record in chomp3.rows(limit) for p in chomp3.triples(record))


@register
class Chomp(Sized):
    """Eat a square and every square above it and to its right; the poison loses."""

    name = "chomp"
    order = 80
    title = Text("Chomp", "チョンプ")
    params = (Param("rows", "int", None, 1, None, Text("rows", "段の数"),
                    Text("number of rows (empty: from the position)",
                         "段の数 (空欄なら局面から)")),)
    params_key = "rows"
    unit = Text("row", "段")
    default_start = (5, 3, 3)
    theorems = THEOREMS

    def coord_names(self, n):
        return tuple(f"r{i}" for i in range(n))

    def coord_ja(self, name):
        return f"{name[1:]}段目"

    def _check(self, pos):
        if pos[0] < 1:
            raise PositionError("the poisoned row r0 needs at least one square (the poison)",
                                "毒のある段 r0 には 1 マス以上 (毒のマス) が必要です。")
        for i in range(1, len(pos)):
            if pos[i] > pos[i - 1]:
                raise PositionError(
                    f"rows must not get longer away from the poison: r{i} = {pos[i]} > "
                    f"r{i - 1} = {pos[i - 1]}",
                    f"段は毒から離れるほど長くなってはいけません: r{i} = {pos[i]} > "
                    f"r{i - 1} = {pos[i - 1]}。")

    def targets(self, pos):
        for i, r in enumerate(pos):
            for j in range(r - 1, 0 if i == 0 else -1, -1):
                yield chomped(pos, i, j)

    def rules(self):
        """r0 >= 1 and the rows non-increasing; eating (i, j), j < r_i (j >= 1 in row 0),
        leaves rows i, i + 1, ... at most j long: q_i = j, q_k = min(p_k, q_i) for k > i."""
        n = self._fixed()

        def position(p):
            return both(le(Const(1), p[0]), *(le(p[i], p[i - 1]) for i in range(1, n)))

        def move(p, q):
            return either(*(both(same(p[:i], q[:i]), lt(q[i], p[i]), *((le(Const(1), q[0]),) if i == 0 else ()),
                                 *(eq(q[k], Bin("min", p[k], q[i])) for k in range(i + 1, n)))
                            for i in range(n)))

        parts = [" ≥ ".join(self.coords)] if len(self.coords) > 1 else []  # (one row: r0 ≥ 1 alone)
        parts.append("r0 ≥ 1")
        return Rules(self.coords, position, move, Text(", ".join(parts), "、".join(parts)))

    def describe(self, pos, to):
        i, j = eaten_square(pos, to)
        n = sum(pos) - sum(to)
        return Text(f"eat square ({i}, {j}) and everything above and right of it: "
                    f"{plural(n, 'square')}",
                    f"マス ({i}, {j}) とその上と右をすべて食べる ({n} マス)")

    def move_bound(self, pos):
        return sum(pos)

    def formula_moves(self, pos):
        """The winning moves of the proved cases: one row (leave the poison), two rows
        (leave r0 = r1 + 1), a square (eat (1, 1): an L with equal arms), an L (equal arms),
        two columns (leave c0 = c1 + 1: one row of a single square)."""
        s, n = shape(pos), len(shape(pos))
        if n == 1 and s[0] > 1:
            yield chomped(pos, 0, 1)
        elif n == 2 and s[0] != s[1] + 1:
            a, b = s
            yield chomped(pos, 0, b + 1) if a > b + 1 else chomped(pos, 1, a - 1)
        elif is_square(s) and n > 1:
            yield chomped(pos, 1, 1)
        elif is_l_shape(s):
            arm, legs = s[0] - 1, n - 1
            if arm > legs:
                yield chomped(pos, 0, legs + 1)
            elif legs > arm:
                yield chomped(pos, arm + 1, 0)
        elif n and s[0] <= 2:
            c0, c1 = two_columns(s)
            if c0 > c1 + 1:
                yield chomped(pos, c1 + 1, 0)
            elif c0 == c1:
                yield chomped(pos, n - 1, 1)

    def table_size(self, limit):
        rows = self._fixed()
        return comb(limit + rows, rows) - 1

    def table_steps(self, limit, backend="auto"):
        """The generic count, times the rows / 4 that each move's new bar costs (measured:
        50 rows, max 3 took 20 s where the plain count said 3.5 M steps)."""
        return super().table_steps(limit, backend) * max(1, self._fixed() // 4)

    def index(self, limit):
        return ListIndex(shapes(self._fixed(), limit))


# -- verification (grundy verify) ----------------------------------------

RECTANGLE_BOUND = 7   # rectangles up to 7 x 7 by default (about a second)
RECTANGLE_CAP = 8     # --max N checks rectangles up to min(N, 8) rows and columns (C(16, 8) bars)


def check_rectangles(n):
    """Strategy stealing: every rectangle other than 1 x 1 is an N-position (by the
    reference search, which solves every position below the rectangle)."""
    n = RECTANGLE_BOUND if n is None else min(n, RECTANGLE_CAP)
    count, fail = 0, None
    for rows in range(1, n + 1):
        g, memo = game("chomp", rows=rows), {}
        for cols in range(1, n + 1):
            count += 1
            value = reference_grundy(g, (cols,) * rows, memo)
            if (value == 0) != (rows == cols == 1):
                fail = fail or (rows, cols)
    cond = (f"a × b, 1 <= a, b <= {n} (every bar below them solved)",
            f"1 <= a, b <= {n} の a × b の長方形 (その下のすべての板を解いた)")
    return result("chomp-rectangles", fail, count, cond)


RECTANGLES_SPEC = CheckSpec("chomp-rectangles", Text(
    "Chomp: every rectangular bar other than the poison alone (1 × 1) is an N-position "
    "(strategy stealing; the brute force finds a winning move).",
    "チョンプ: 毒の 1 マスだけ (1 × 1) 以外の長方形の板はすべて N 局面 (戦略泥棒の論法;"
    " 全数探索で勝つ手が見つかる)。"), check_rectangles)


def check_formulas(n):
    """The proved cases (one row, two rows, two columns, L shapes, squares) against the
    reference search on every bar of up to 4 rows with r0 <= n and every bar of two
    columns with 5 to n rows, each bar counted once (in the game with exactly its number of
    rows), and the tables against the search."""
    n = 12 if n is None else n
    count = 0
    for rows in range(1, max(n, 4) + 1):
        g = game("chomp", rows=rows)
        memo = {}

        def agrees(pos, value):
            f = g.formula(pos)
            return f is None or (f.value == value if f.kind == "grundy" else
                                 (f.value == 0) == (value == 0))

        exact = (p for p in shapes(rows, n if rows <= 4 else 2) if p[-1])  # each bar once
        seen, fail = first_mismatch(g, exact, agrees, memo)
        count += seen
        bad = table_agrees(g, min(n, 8), memo) if rows <= 4 else ""
        if fail is not None or bad:
            return result("chomp-formulas", fail, count, _formula_cond(n), bad)
    return check("chomp-formulas", "holds", count, _formula_cond(n))


def _formula_cond(n):
    return (f"at most 4 rows and r0 <= {n}, or at most {max(n, 4)} rows and at most two columns",
            f"4 段以下で r0 <= {n}、または {max(n, 4)} 段以下で 2 列以下")


FORMULAS_SPEC = CheckSpec("chomp-formulas", Text(
    "Chomp: one row r0 has G = r0 − 1; two rows are P exactly when r0 = r1 + 1; a bar of "
    "at most two columns is P exactly when exactly one of its rows has a single square (the two-row theorem "
    "transposed); an L {r0, 1, ..., 1} is P exactly when its arm and leg are equal; an n × n "
    "square (n >= 2) is N.",
    "チョンプ: 1 段 r0 の G は r0 − 1; 2 段は r0 = r1 + 1 のときだけ P; 2 列以下の板は 1 マスの段が"
    "ちょうど 1 つのときだけ P (2 段の定理を転置); L 字形 {r0, 1, ..., 1} は腕と脚の長さが等しいとき"
    "だけ P; n × n の正方形 (n >= 2) は N。"),
    check_formulas)

Chomp.checks = (RECTANGLES_SPEC, FORMULAS_SPEC)
