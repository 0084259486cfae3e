"""Pieces moving towards the corner (0, 0): Wythoff's game and (generalized) Ryuoh Nim."""

from __future__ import annotations

from array import array
from itertools import product
from math import isqrt

from ..budget import STEP_PER_TABLE_POSITION
from ..core import Game, Theorem, always
from ..params import Param
from ..prove.logic import Bin, Const
from ..prove.statement import Rules, both, either, eq, every, lt
from ..registry import game, register
from ..table import BoxIndex, misere_of_bits, value_array
from ..text import Text
from ..verify import CheckSpec, box, check, first_mismatch, formula_holds, result, table_agrees


def corner_values(limit: int, diagonal: bool, p: int, misere: bool = False) -> array:
    """Values on the box 0..limit (offset x * (limit + 1) + y), by prefix bitsets along
    rows and columns (and along diagonals for Wythoff); Ryuoh's short diagonal steps
    (x - s, y - t), s, t >= 1, s + t <= p - 1, are read from the values already computed."""
    side = limit + 1
    steps = _diagonal_steps(p, limit)
    # G <= (p - 1) + p * ((x // p) ^ (y // p)) <= 2 * limit + p, and G <= x + y when p > x + y
    bound = 2 * side + min(p, 2 * side) + 1
    out = array("B") if misere else value_array(bound)
    bits = [1 << g for g in range(bound)]
    col = [0] * side            # col[y]: values of (u, y), u < x
    diag = [0] * (2 * side)     # diag[x - y + limit]: values of (x - s, y - s)
    for x in range(side):
        row = 0                 # values of (x, v), v < y
        for y in range(side):
            b = row | col[y]
            if diagonal:
                b |= diag[x - y + limit]
            else:
                for s, t in steps:
                    if s <= x and t <= y:
                        b |= bits[out[(x - s) * side + y - t]]
            g = misere_of_bits(b) if misere else (b ^ (b + 1)).bit_length() - 1
            low = bits[g]
            out.append(g)
            row |= low
            col[y] |= low
            if diagonal:
                diag[x - y + limit] |= low
    return out


def _diagonal_steps(p: int, limit: int) -> list[tuple[int, int]]:
    """Ryuoh's diagonal steps (s, t), s, t >= 1, s + t <= p - 1, that fit on the board
    0..limit (s, t <= limit): their number depends on the board, not on p."""
    return [(s, t) for s in range(1, min(p - 2, limit) + 1)
            for t in range(1, min(p - 1 - s, limit) + 1)]


_NUM = {1: "one"}


def _steps(n: int) -> str:
    return f"{_NUM.get(n, n)} step{'s' if n != 1 else ''}"


class Corner(Game):
    """A piece at (x, y) moving left (x decreases) or up (y decreases) towards (0, 0)."""

    coords = ("x", "y")
    default_start = (5, 3)
    piece = Text("the piece", "駒")

    def _straight(self, pos):
        x, y = pos
        yield from ((u, y) for u in range(x))
        yield from ((x, v) for v in range(y))

    def rules(self):
        """Every (x, y) is a position; the moves left, up, and the game's diagonal ones."""
        def move(p, q):
            (x, y), (u, v) = p, q
            return either(both(lt(u, x), eq(v, y)), both(eq(u, x), lt(v, y)), *self._diagonal(p, q))

        return Rules(self.coords, every, move)

    def describe(self, pos, to):
        x, y = pos
        en_piece, ja_piece = self.piece.en, self.piece.ja
        s, t = x - to[0], y - to[1]
        if s and t and s == t:
            return Text(f"move {en_piece} {_steps(s)} up-left", f"{ja_piece}を左上に{s}マス動かす")
        if s and t:
            return Text(f"move {en_piece} {_steps(s)} left and {_steps(t)} up",
                        f"{ja_piece}を左に{s}マス、上に{t}マス動かす")
        if s:
            return Text(f"move {en_piece} {_steps(s)} left", f"{ja_piece}を左に{s}マス動かす")
        return Text(f"move {en_piece} {_steps(t)} up", f"{ja_piece}を上に{t}マス動かす")

    def index(self, limit):
        return BoxIndex(2, limit)


def _wythoff_pair(n: int) -> tuple[int, int]:
    """The n-th P-position of Wythoff's game (floor(n*phi), floor(n*phi^2))."""
    low = (n + isqrt(5 * n * n)) // 2
    return low, low + n


def _wythoff(x: int, y: int) -> int:
    """0 exactly at Wythoff's P-positions (floor(n*phi), floor(n*phi^2)), else 1."""
    a, b = min(x, y), max(x, y)
    n = b - a  # P-positions: (floor(n*phi), floor(n*phi^2)), the difference is n
    low = (n + isqrt(5 * n * n)) // 2
    return 0 if (a, b) == (low, low + n) else 1


@register
class Wythoff(Corner):
    """Wythoff's game (Corner the Queen): left, up, or diagonally up-left, any distance."""

    name = "wythoff"
    order = 60
    title = Text("Wythoff's game", "ワイソフのゲーム")
    figures = {"heatmap": {}}
    theorems = (Theorem(Text("Wythoff (1907): P-positions (⌊nφ⌋, ⌊nφ²⌋)",
                             "ワイソフ (1907 年): P 局面は (⌊nφ⌋, ⌊nφ²⌋)"),
                        "0 exactly when {{x, y}} = {{⌊nφ⌋, ⌊nφ²⌋}}", "outcome",
                        Text("always", "常に"), always, lambda g, pos: _wythoff(*pos),
                        Text("P-position ⇔ {{x, y}} = {{⌊nφ⌋, ⌊nφ²⌋}} for some n",
                             "P 局面 ⇔ ある n で {{x, y}} = {{⌊nφ⌋, ⌊nφ²⌋}}")),)
    piece = Text("the Queen", "クイーン")

    def targets(self, pos):
        x, y = pos
        yield from self._straight(pos)
        yield from ((x - s, y - s) for s in range(1, min(x, y) + 1))

    def move_bound(self, pos):
        return sum(pos) + min(pos) + 1

    def _diagonal(self, p, q):
        """Up-left any distance: x - u = y - v > 0."""
        (x, y), (u, v) = p, q
        return (both(lt(u, x), eq(Bin("+", x, v), Bin("+", y, u))),)

    def formula_moves(self, pos):
        """The P-positions (a_n, b_n) reachable from (x, y) share a coordinate with it or
        its difference: n = y - x, or a_n or b_n equal to x or y (n near c/phi, c/phi^2)."""
        x, y = pos
        ns = {abs(y - x)}
        for c in pos:
            for guess in ((isqrt(5 * c * c) - c) // 2, c - (isqrt(5 * c * c) - c) // 2):
                ns.update(n for n in range(guess - 2, guess + 3) if n >= 0)
        for n in sorted(ns):
            a, b = _wythoff_pair(n)
            for u, v in ((a, b), (b, a)):
                if (u == x and v < y) or (v == y and u < x) or (0 < x - u == y - v):
                    yield (u, v)

    def table_steps(self, limit, backend="auto"):
        return self.table_size(limit) * STEP_PER_TABLE_POSITION

    def kernel(self, limit, misere=False, backend="python"):
        return corner_values(limit, True, 0, misere)


def _ryuoh(p: int, x: int, y: int) -> int:
    """[R1] Theorem 3.1: G(x, y) = (x + y) mod p + p ((x // p) ^ (y // p))."""
    return (x + y) % p + p * ((x // p) ^ (y // p))


@register
class Ryuoh(Corner):
    """Generalized Ryuoh Nim: left or up any distance, or (x - s, y - t) with s, t >= 1,
    s + t <= p - 1 (p = 3: the Dragon King's rook moves plus one diagonal step)."""

    name = "ryuoh"
    order = 70
    title = Text("Ryuoh Nim", "龍王ニム")
    phrase = Text("generalized Ryuoh Nim (p = {p})", "一般化された龍王ニム (p = {p})")
    params = (Param("p", "int", 3, 1, None, Text("p", "p"),
                    Text("diagonal steps s + t <= p - 1", "斜めの一歩 s + t ≤ p − 1")),)
    default_start = (7, 5)
    figures = {"heatmap": {}}
    theorems = (Theorem(Text("[R1] Theorem 3.1 (p = {p})", "[R1] 定理 3.1 (p = {p})"),
                        "(x + y) mod {p} + {p}(⌊x/{p}⌋ ⊕ ⌊y/{p}⌋)", "grundy",
                        Text("always", "常に"), always, lambda g, pos: _ryuoh(g.p, *pos)),)
    piece = Text("the Dragon King", "龍王")

    def label(self):
        if self.p == 3:
            return Text("Ryuoh Nim (p = 3)", "龍王ニム (p = 3)")
        return super().label()

    def targets(self, pos):
        x, y = pos
        yield from self._straight(pos)
        for s in range(1, min(x, self.p - 2) + 1):
            for t in range(1, min(y, self.p - 1 - s) + 1):
                yield (x - s, y - t)

    def move_bound(self, pos):
        x, y = pos
        return x + y + min(x, self.p) * min(y, self.p) + 1

    def _diagonal(self, p, q):
        """The diagonal steps as their finite list: u + s = x, v + t = y."""
        (x, y), (u, v) = p, q
        return tuple(both(eq(Bin("+", u, Const(s)), x), eq(Bin("+", v, Const(t)), y))
                     for s in range(1, self.p - 1) for t in range(1, self.p - s))

    def formula_moves(self, pos):
        """The targets with G = 0 ([R1] Theorem 3.1), computed directly: (u, v) with
        u + v = 0 (mod p) and u // p == v // p: left or up in the same block of p, or the
        diagonal step s + t = (x + y) mod p (when it is 2 .. p - 1)."""
        x, y, p = *pos, self.p
        u = y // p * p + (-y) % p  # (u, y): u // p == y // p, u + y = 0 (mod p)
        if u < x:
            yield (u, y)
        v = x // p * p + (-x) % p
        if v < y:
            yield (x, v)
        d = (x + y) % p
        if d >= 2:
            m = (x + y - d) // p
            c = m // 2 * p
            if m % 2 == 0:
                if c < x and c < y:
                    yield (c, c)
            else:  # u = c + a, v = c + p - a, 1 <= a <= p - 1
                u = max(c + 1, 2 * c + p - y + 1)
                if u <= min(c + p - 1, x - 1):
                    yield (u, c + p + c - u)

    def table_steps(self, limit, backend="auto"):
        return self.table_size(limit) * (STEP_PER_TABLE_POSITION + len(_diagonal_steps(self.p, limit)))

    def kernel(self, limit, misere=False, backend="python"):
        return corner_values(limit, False, self.p, misere)


# -- verification (grundy verify) ----------------------------------------

def check_wythoff(n):
    n = 100 if n is None else n
    return formula_holds("wythoff-p", game("wythoff"), product(range(n + 1), repeat=2),
                         box("x, y", n), min(n, 40))


WYTHOFF_SPEC = CheckSpec("wythoff-p", Text(
    "Wythoff's game: the P-positions are (⌊nφ⌋, ⌊nφ²⌋) (Wythoff 1907).",
    "ワイソフのゲーム: P 局面は (⌊nφ⌋, ⌊nφ²⌋) (ワイソフ 1907 年)。"), check_wythoff)


def check_ryuoh(n):
    n = 40 if n is None else n
    total = 0
    cond = (f"x, y <= {n} for p = 1, 2, ..., 8", f"p = 1, 2, ..., 8 で x, y <= {n}")
    for p in range(1, 9):
        g = game("ryuoh", p=p)
        count, fail = first_mismatch(g, product(range(n + 1), repeat=2),
                                      lambda q, v: v == g.formula(q).value)
        total += count
        bad = table_agrees(g, min(n, 30), {})
        if fail is not None or bad:
            return result("ryuoh", fail, total, cond, bad)
    return check("ryuoh", "holds", total, cond)


RYUOH_SPEC = CheckSpec("ryuoh", Text(
    "Generalized Ryuoh Nim: G(x, y) = (x + y) mod p + p ((x // p) ^ (y // p)) for p = 1..8 "
    "([R1], Theorem 3.1).",
    "一般化された龍王ニム:"
    " p = 1..8 について G(x, y) = (x + y) mod p + p ((x // p) ^ (y // p)) ([R1] 定理 3.1)。"
    ""), check_ryuoh)


Wythoff.checks = (WYTHOFF_SPEC,)
Ryuoh.checks = (RYUOH_SPEC,)
