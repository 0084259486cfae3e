"""The triangular chocolate {x, y, z} with y <= (x + z) // k (seed 000)."""

from __future__ import annotations

from array import array

from ..core import TABLE_CAP, Game, Move, PositionError, Theorem, plural
from ..params import Param
from ..registry import register
from ..table import ColumnIndex, column_starts, value_rule
from ..text import Text
from ._backend import numpy_backend


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
      * horizontal (x, v, z), v < y:               running bitset `h` of the column;
      * left cuts that keep y, (u, y, z), k*y - z <= u < x:
                                                     A[z][y], all (u, y, z) seen so far;
      * left cuts clipped to the top, (u, (u+z)//k, z), u < k*y - z:
                                                     B[z][k*y], prefix over u of column tops;
      * right cuts, the same with x and z swapped:  C[y] and D[k*y] for the current x.
    B[z] starts with z + 1 zeros and D with x + 1 zeros, so that the prefix of the
    column tops below u0 = k*y - z is B[z][z + u0] = B[z][k*y] (0 when u0 <= 0).
    With misere=True the values are 0 (misère P) / 1 (misère N).
    """
    index = chocolate_index(k, limit)
    starts, side = index.starts, limit + 1
    out = array("B" if misere else "H", bytes(index.size * (1 if misere else 2)))
    value = value_rule(misere)
    A = [[0] * side for _ in range(side)]
    B = [[0] * (z + 1) for z in range(side)]
    for x in range(side):
        C = [0] * side
        D = [0] * (x + 1)
        for z in range(side):
            top = (x + z) // k
            Az, Bz, h, bit, ky = A[z], B[z], 0, 0, 0
            off = starts[x * side + z]
            for y in range(min(limit, top) + 1):
                b = h | Az[y] | C[y] | Bz[ky] | D[ky]
                g = value(b)
                bit = 1 << g
                out[off + y] = g
                h |= bit
                Az[y] |= bit
                C[y] |= bit
                ky += k
            if top <= limit:
                Bz.append(Bz[-1] | bit)
                D.append(D[-1] | bit)
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
    title = Text("Triangular chocolate", "三角形のチョコレート")
    phrase = Text("the triangular chocolate (k = {k})", "三角形のチョコレート (k = {k})")
    params = (Param("k", "int", 3, 1, None, Text("k", "k"),
                    Text("the slope: y <= (x + z) // k", "傾き: y ≤ ⌊(x + z)/k⌋")),)
    coords = ("x", "y", "z")
    default_start = (10, 5, 5)
    theorems = (
        Theorem(Text("[M2012] Theorem 2.1 (k = 3)", "[M2012] 定理 2.1 (k = 3)"), "x ^ y ^ z",
                "outcome", Text("k = 3", "k = 3"), lambda g, pos: g.k == 3,
                lambda g, pos: pos[0] ^ pos[1] ^ pos[2]),
        Theorem(Text("[M2012] section 6, equation (33) (k = 1)", "[M2012] 第 6 節 式 (33) (k = 1)"),
                "(x - 1) ^ y ^ (z - 1)", "outcome", Text("k = 1", "k = 1"),
                lambda g, pos: g.k == 1, lambda g, pos: _k1_value(*pos)),
    )

    def _check(self, pos):
        x, y, z = pos
        if y > (x + z) // self.k:
            top = (x + z) // self.k
            raise PositionError(f"y = {y} is over its bound: y <= (x + z) // {self.k} = {top}",
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

    def _moves(self, pos):
        x, y, z = pos
        moves = []
        for to in self.targets(pos):
            u, v, w = to
            if u < x:
                en = f"cut {plural(x - u, 'diagonal row')} off the left"
                ja = f"左から斜めに{x - u}列切り取る"
            elif w < z:
                en = f"cut {plural(z - w, 'diagonal row')} off the right"
                ja = f"右から斜めに{z - w}列切り取る"
            else:
                en, ja = f"cut {plural(y - v, 'row')} off the top", f"上から{y - v}段切り取る"
            if v < y and (u < x or w < z):
                en, ja = en + f" (y drops to {v})", ja + f"(y は {v} に下がる)"
            moves.append(Move(to, Text(en, ja)))
        return moves

    def table_size(self, limit):
        if (limit + 1) ** 2 > TABLE_CAP:
            return (limit + 1) ** 2
        return sum((min(s, 2 * limit - s) + 1) * (min(limit, s // self.k) + 1)
                   for s in range(2 * limit + 1))

    def index(self, limit):
        return chocolate_index(self.k, limit)

    def kernel(self, limit, misere=False, backend="python"):
        fast = numpy_backend(backend, self.index(limit).size)
        if fast is not None and not misere:
            return fast.as_array(fast.chocolate_values(self.k, limit), "H")
        return chocolate_values(self.k, limit, misere)
