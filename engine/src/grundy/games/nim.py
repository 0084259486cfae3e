"""Nim with any number of heaps, and the rectangular chocolate bar (Nim drawn as a bar)."""

from __future__ import annotations

from array import array
from itertools import product
from operator import or_

from ..core import GameError, PositionError, Theorem, always, coords_nim_sum, plural
from ..params import Param
from ..prove.statement import Rules, every, one_heap_lower
from ..registry import game, register
from ..sized import Sized
from ..table import BoxIndex, misere_of_bits, value_array
from ..text import Text
from ..verify import CheckSpec, check, first_mismatch, nim_sum, result, table_agrees
from ._backend import kernel_steps


def box_values(ncoords: int, limit: int, misere: bool = False) -> array:
    """Nim values on the box 0..limit in every coordinate (row-major), by prefix bitsets:
    one running bitset per line parallel to each axis.  The last coordinate runs along a
    column (its line is the running `h`); lines[i] holds the lines parallel to axis i
    (indexed by the offset of the point with coordinate i removed), and a column meets
    them in a contiguous run lines[i][base : base + limit + 1]."""
    side = limit + 1
    strides = [side ** (ncoords - 1 - i) for i in range(ncoords - 1)]
    lines = [[0] * side ** (ncoords - 1) for _ in strides]
    out = array("B") if misere else value_array(2 * side)
    bits = [1 << g for g in range(2 * side)]
    for o in range(side ** (ncoords - 1)):
        off = o * side
        runs = [(line, off // (s * side) * s + off % s) for line, s in zip(lines, strides)]
        cells = [0] * side
        for line, base in runs:
            cells = list(map(or_, cells, line[base:base + side]))
        h = 0
        for y, b in enumerate(cells):
            b |= h
            g = misere_of_bits(b) if misere else (b ^ (b + 1)).bit_length() - 1
            out.append(g)
            cells[y] = low = bits[g]
            h |= low
        for line, base in runs:
            line[base:base + side] = map(or_, line[base:base + side], cells)
    return out


@register
class Nim(Sized):
    """Take any number of counters from one heap (any number of heaps: see grundy.sized)."""

    name = "nim"
    order = 10
    title = Text("Nim", "ニム")
    params = (Param("heaps", "int", None, 1, None, Text("heaps", "山の数"),
                    Text("number of heaps (empty: any number)", "山の数 (空欄なら任意)")),)
    default_start = (3, 5, 7)
    figures = {"gasket": {"heaps": 3}}  # the P-positions of three heaps, a Sierpinski gasket
    theorems = (Theorem(Text("Bouton's theorem (Nim, 1901)", "バウトンの定理 (ニム、1901 年)"),
                        "{xor}", "grundy", Text("always", "常に"), always, coords_nim_sum),)

    params_key = "heaps"
    unit = Text("heap", "山")

    def coord_names(self, n):
        return tuple(f"h{i}" for i in range(1, n + 1))

    def coord_ja(self, name):
        return f"山{name[1:]}"

    def targets(self, pos):
        for i, c in enumerate(pos):
            for v in range(c):
                yield pos[:i] + (v,) + pos[i + 1:]

    def rules(self):
        """Every tuple of heaps is a position; a move lowers one heap."""
        return Rules(self.coords, every, one_heap_lower)

    def _describe(self, i: int, n: int, pos: tuple) -> Text:
        return Text(f"take {n} from heap {i + 1}", f"山{i + 1}から{n}個取る")

    def describe(self, pos, to):
        i = next(j for j, (a, b) in enumerate(zip(pos, to)) if a != b)
        return self._describe(i, pos[i] - to[i], pos)

    def formula_moves(self, pos):
        """Bouton: take from a heap whose bit at the nim-sum's top bit is set, down to
        heap ^ nim-sum."""
        s = nim_sum(pos)
        if s:
            i = next(i for i, h in enumerate(pos) if h ^ s < h)
            yield pos[:i] + (pos[i] ^ s,) + pos[i + 1:]

    def misere_moves(self, pos):
        """Bouton's misère strategy: play as in normal play, except when one heap of two
        or more is left: empty it or leave one, so that an odd number of heaps of 1 remain."""
        big = [i for i, h in enumerate(pos) if h >= 2]
        if len(big) == 1:
            i, ones = big[0], sum(1 for h in pos if h == 1)
            yield pos[:i] + (0 if ones % 2 else 1,) + pos[i + 1:]
        else:
            yield from self.formula_moves(pos)

    def misere_formula(self, pos):
        """Bouton (1901): in misère Nim with a heap of two or more the outcome is as in
        normal play; with heaps of 0 and 1 only, P iff the heaps of 1 are odd in number."""
        if max(pos, default=0) <= 1:
            return "P" if sum(pos) % 2 else "N"
        return "P" if nim_sum(pos) == 0 else "N"

    def index(self, limit):
        return BoxIndex(self._fixed(), limit)

    def table_steps(self, limit, backend="auto"):
        return kernel_steps("python", self.table_size(limit)) * self._fixed()

    def kernel(self, limit, misere=False, backend="python"):
        return box_values(self._fixed(), limit, misere)


RECT_SIDES = {2: ("right", "up"), 3: ("left", "up", "right"), 4: ("left", "up", "right", "down")}
# each side of the bar: its name and what a cut takes off it
_SIDES = {"right": (Text("the right", "右"), Text("column", "列")),
          "left": (Text("the left", "左"), Text("column", "列")),
          "up": (Text("the top", "上"), Text("row", "段")),
          "down": (Text("the bottom", "下"), Text("row", "段"))}


@register
class Rect(Nim):
    """A rectangular bar with one bitter square: each coordinate counts the single-line
    cuts possible on one side (2 to 4 sides); each side is a Nim heap."""

    name = "rect"
    order = 20
    title = Text("Rectangular chocolate", "長方形のチョコレート")
    phrase = Text("the rectangular chocolate", "長方形のチョコレート")
    params = (Param("sides", "int", None, 2, 4, Text("sides", "切れる辺の数"),
                    Text("sides with cuts, 2 to 4 (empty: from the position)",
                         "切れる辺の数 2〜4 (空欄なら局面から)")),)
    params_key = "sides"
    default_start = (4, 2)
    theorems = (Theorem(Text("Bouton's theorem (each side is a Nim heap)",
                             "バウトンの定理 (各辺がニムの山)"),
                        "{xor}", "grundy", Text("always", "常に"), always, coords_nim_sum),)

    @property
    def coords(self):
        return RECT_SIDES[self.size or 2]

    def coords_for(self, pos):
        if self.size is None:
            if len(pos) not in RECT_SIDES:
                raise PositionError(f"{self.title.en}: give 2, 3 or 4 numbers (the cuts on each "
                                    f"side), not {len(pos)}",
                                    "長方形のチョコレートの局面は、切れる辺ごとの切れ目の数を "
                                    f"2 個、3 個または 4 個並べて指定してください ({len(pos)} 個が"
                                    "指定されました)。")
            return RECT_SIDES[len(pos)]
        return self.coords

    def coord_ja(self, name):
        return _SIDES[name][0].ja

    def _describe(self, i, n, pos):
        side = self.coords_for(pos)[i]
        name, unit = _SIDES[side]
        return Text(f"cut {plural(n, unit.en)} off {name.en}", f"{name.ja}から{n}{unit.ja}切り取る")

    def _fixed(self):
        if self.size is None:
            raise GameError("a rect table needs a fixed number of sides (sides=2, 3 or 4)",
                            "長方形のチョコレートの表を作るには切れる辺の数 (2、3、4) を決めてください。")
        return self.size


# -- verification (grundy verify) ----------------------------------------

def check_nim(n):
    n = 12 if n is None else n
    g = game("nim", heaps=3)
    count, fail = first_mismatch(g, product(range(n + 1), repeat=3), lambda p, v: v == nim_sum(p))
    return result("nim", fail, count, (f"3 heaps <= {n}", f"3 つの山がどれも {n} 以下"),
                   table_agrees(g, min(n, 8), {}))


NIM_SPEC = CheckSpec("nim", Text(
    "Nim: G(a, b, c) = a ^ b ^ c (Bouton's theorem).",
    "ニム: G(a, b, c) = a ^ b ^ c (バウトンの定理)。"), check_nim)


def check_rect(n):
    total, en, ja = 0, [], []
    for sides, default in ((2, 12), (3, 8), (4, 5)):
        m = default if n is None else n
        g = game("rect", sides=sides)
        count, fail = first_mismatch(g, product(range(m + 1), repeat=sides),
                                      lambda p, v: v == nim_sum(p))
        total += count
        en.append(f"{sides} sides <= {m}")
        ja.append(f"{sides} 辺が {m} 以下")
        if fail is not None:
            return result("rect", fail, total, (", ".join(en), "、".join(ja)))
    g = game("rect")
    for start, to in {(4, 2): (2, 2), (3, 6, 2): (3, 1, 2)}.items():
        m = g.winning_move(start)
        if m is None or m.to != to or g.grundy(to) != 0:
            text = f"the winning move from {start} is not {to}"
            return check("rect", "fails", total, (", ".join(en), "、".join(ja)), (text, text))
    return check("rect", "holds", total, (", ".join(en), "、".join(ja)))


RECT_SPEC = CheckSpec("rect", Text(
    "Rectangular chocolate: each side is a Nim heap, G = xor of the cuts per side; the 5x3 "
    "bar (4, 2) is won by cutting to the 3x3 square (2, 2); Robin's {3, 6, 2} is an "
    "N-position (winning move to {3, 1, 2}).",
    "長方形のチョコレート: 各辺がニムの山で G は各辺の切れる回数のニム和;"
    " 5x3 の板 (4, 2) は 3x3 の正方形 (2, 2) にすれば勝ち;"
    " ロビンの {3, 6, 2} は N 局面 ({3, 1, 2} へ動けば勝ち)。"), check_rect)

Nim.checks = (NIM_SPEC,)
Rect.checks = (RECT_SPEC,)
