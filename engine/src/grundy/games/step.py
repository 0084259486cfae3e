"""Step chocolates CB(f, y, z) and the same with a height-1 bar of x squares (seed 003)."""

from __future__ import annotations

from array import array

from ..core import TABLE_CAP, Formula, Game, Move, PositionError, plural, register
from ..stepfunc import StepFunction
from ..table import ColumnIndex, column_starts, value_array, value_rule
from ._backend import numpy_backend


def step_values(f: StepFunction, limit: int, with_x: bool, misere: bool = False) -> array:
    """Values of the step (with_x False) or step3 table in the layout of `step_index`.

    Walking x, then z, then y upwards, the moves of (x, y, z) are
      * (x, v, z), v < y:                       running bitset `h` of the column;
      * (u, y, z), u < x (step3 only):          X[z][y];
      * (x, y, w), w0 <= w < z, w0 = first w with f(w) >= y:   R[y] for the current x;
      * (x, f(w), w), w < w0 (clipped to the column top):      T[w0] for the current x.
    """
    side = limit + 1
    heights = [min(limit, f(z)) + 1 for z in range(side)]
    first = [0] * side  # first[y] = least w with f(w) >= y (side if none)
    w = 0
    for y in range(side):
        while w < side and f(w) < y:
            w += 1
        first[y] = w
    xs = range(side if with_x else 1)
    size = len(xs) * sum(heights)
    # G({y, z}) <= y + z (+ x): at most 3 * limit
    typecode = "B" if misere else value_array(3 * limit + 1).typecode
    value = value_rule(misere)
    out = array(typecode, bytes(size * array(typecode).itemsize))
    X = [[0] * side for _ in range(side)]
    off = 0
    for x in xs:
        R, T = [0] * side, [0]
        for z in range(side):
            Xz, h, bit = X[z], 0, 0
            for y in range(heights[z]):
                b = h | Xz[y] | R[y]
                if first[y] > 0:
                    b |= T[first[y]]
                g = value(b)
                bit = 1 << g
                out[off + y] = g
                h |= bit
                Xz[y] |= bit
                R[y] |= bit
            off += heights[z]
            if f(z) <= limit:
                T.append(T[-1] | bit)
    return out


def step_index(f: StepFunction, limit: int, with_x: bool) -> ColumnIndex:
    """Column layout: outer z (step) or (x, z) (step3), column y <= min(limit, f(z))."""
    heights = [min(limit, f(z)) + 1 for z in range(limit + 1)]
    if with_x:
        return ColumnIndex(3, (0, 2), 1, limit, column_starts(heights * (limit + 1)))
    return ColumnIndex(2, (1,), 0, limit, column_starts(heights))


@register
class Step(Game):
    """CB(f, y, z): z + 1 columns, column i of height min(y, f(i)) + 1; bitter square at
    the bottom of column 0.  Moves: cut rows off the top, or columns off the right."""

    name = "step"
    name_ja = "階段チョコレート"
    coords = ("y", "z")
    with_x = False

    def __init__(self, f: str = "t//2"):
        self.f = StepFunction(f)
        super().__init__(f=self.f.expr)

    def _yz(self, pos):
        return pos[-2:]

    def _check(self, pos):
        y, z = self._yz(pos)
        if y > self.f(z):
            raise PositionError(f"y = {y} is over its bound: y <= f(z) = f({z}) = {self.f(z)}",
                                f"y = {y} は上限を超えています: y ≤ f(z) = f({z}) = {self.f(z)} "
                                "でなければなりません。")

    def targets(self, pos):
        *x, y, z = pos
        if x:
            yield from ((u, y, z) for u in range(x[0]))
        yield from ((*x, v, z) for v in range(y))
        yield from ((*x, min(y, self.f(w)), w) for w in range(z))

    def _moves(self, pos):
        *x, y, z = pos
        moves = []
        for to in self.targets(pos):
            *u, v, w = to
            if u != x:
                en = f"cut {plural(x[0] - u[0], 'column')} off the left"
                ja = f"左から{x[0] - u[0]}列切り取る"
            elif w < z:
                en = f"cut {plural(z - w, 'column')} off the right"
                ja = f"右から{z - w}列切り取る"
                if v < y:
                    en, ja = en + f" (y drops to {v})", ja + f"(y は {v} に下がる)"
            else:
                en, ja = f"cut {plural(y - v, 'row')} off the top", f"上から{y - v}行切り取る"
            moves.append(Move(to, en, ja))
        return moves

    def formula(self, pos):
        pos = self.validate(pos)
        z = pos[-1]
        if not self.f.satisfies_condition((1 << max(1, z.bit_length())) - 1):
            return None
        value, names = 0, []
        for c, n in zip(pos, self.coords):
            value ^= c
            names.append(n)
        theorem = "[S] Theorems 2.2 and 2.3" + (" with the bar of x squares (Theorem 2.1)"
                                                       if self.with_x else "")
        theorem_ja = "[S] 定理 2.2・2.3" + (" (x 個の正方形の棒つき、定理 2.1)"
                                                if self.with_x else "")
        return Formula(value, theorem, "grundy", " ^ ".join(names), theorem_ja)

    def table_size(self, limit):
        if limit >= TABLE_CAP:
            return limit + 1
        size = sum(min(limit, self.f(z)) + 1 for z in range(limit + 1))
        return size * (limit + 1) if self.with_x else size

    def index(self, limit):
        return step_index(self.f, limit, self.with_x)

    def kernel(self, limit, misere=False, backend="python"):
        # numpy pays off for step3 only: plain step tables have few positions per plane
        fast = numpy_backend(backend, self.table_size(limit)) if self.with_x else None
        if fast is not None and not misere:
            values = fast.step_values([self.f(t) for t in range(limit + 1)], limit, True)
            return fast.as_array(values, value_array(3 * limit + 1).typecode)
        return step_values(self.f, limit, self.with_x, misere)


@register
class Step3(Step):
    """CB(f, y, z) with a height-1 bar of x squares on the left: position {x, y, z}."""

    name = "step3"
    name_ja = "棒つき階段チョコレート"
    coords = ("x", "y", "z")
    with_x = True
