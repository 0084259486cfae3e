"""Tables of Grundy values stored in flat arrays, with lookup by position tuple.

Flat layouts (the numpy backend, grundy.fast_numpy, returns exactly these):

* Column layout (chocolate, step, step3): the "outer" coordinates run over the box
  0..limit each, in row-major order; for each outer point the column coordinate runs
  0..height-1 contiguously.  `starts[o]` is the flat offset of the column of outer
  point `o` and `starts[o + 1] - starts[o]` its height, so

      offset(pos) = starts[o] + pos[col],   o = row-major index of the outer coordinates.

  - chocolate (x, y, z), parameter k, limit L: outer = (x, z), column = y,
    o = x * (L + 1) + z, height = min(L, (x + z) // k) + 1.
    Iteration order: x, then z, then y (all ascending).
    `grundy.games.chocolate.chocolate_index(k, L)` builds it; `starts` is an array('q')
    of (L + 1)**2 + 1 entries.
  - step (y, z): outer = (z,), column = y, height = min(L, f(z)) + 1.
  - step3 (x, y, z): outer = (x, z), column = y, height = min(L, f(z)) + 1.

* List layout (the generic one of every game without its own, sums, games with a pass):
  the legal positions in an explicit order.

* Box layout (nim, rect, wythoff, ryuoh): every coordinate 0..L, row-major
  (the first coordinate varies slowest): offset = sum(c_i * (L + 1)**(n - 1 - i)).

Values: Grundy values as array('H') (uint16) when they provably fit (every game caps
its tables so that they do), else array('I'); misère tables hold 0 for P and 1 for N
(array('B')).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from contextlib import contextmanager
from itertools import product

from .errors import GameError
# misere_of_bits: the games' kernels import it from here
from .reference import misere_of_bits, reference_grundy, reference_misere  # noqa: F401


class BoxIndex:
    """Every coordinate in 0..limit, row-major."""

    def __init__(self, ncoords: int, limit: int):
        self.ncoords, self.limit = ncoords, limit
        self.size = (limit + 1) ** ncoords

    def offset(self, pos: tuple) -> int:
        side, off = self.limit + 1, 0
        if len(pos) != self.ncoords:
            raise KeyError(pos)
        for c in pos:
            if not 0 <= c < side:
                raise KeyError(pos)
            off = off * side + c
        return off

    def positions(self):
        return product(range(self.limit + 1), repeat=self.ncoords)

    def position(self, offset: int) -> tuple:
        return _digits(offset, self.limit + 1, self.ncoords)


class ColumnIndex:
    """Outer coordinates in a box, one coordinate (the column) of variable height."""

    def __init__(self, ncoords: int, outer: tuple, col: int, limit: int, starts: array):
        self.ncoords, self.outer, self.col, self.limit = ncoords, outer, col, limit
        self.starts = starts
        self.size = starts[-1]

    def offset(self, pos: tuple) -> int:
        side, o = self.limit + 1, 0
        if len(pos) != self.ncoords:
            raise KeyError(pos)
        for a in self.outer:
            c = pos[a]
            if not 0 <= c < side:
                raise KeyError(pos)
            o = o * side + c
        s, c = self.starts[o], pos[self.col]
        if not 0 <= c < self.starts[o + 1] - s:
            raise KeyError(pos)
        return s + c

    def positions(self):
        starts, pos = self.starts, [0] * self.ncoords
        for o, outer in enumerate(product(range(self.limit + 1), repeat=len(self.outer))):
            for a, c in zip(self.outer, outer):
                pos[a] = c
            for c in range(starts[o + 1] - starts[o]):
                pos[self.col] = c
                yield tuple(pos)

    def position(self, offset: int) -> tuple:
        o = bisect_right(self.starts, offset) - 1
        pos = [0] * self.ncoords
        for a, c in zip(self.outer, _digits(o, self.limit + 1, len(self.outer))):
            pos[a] = c
        pos[self.col] = offset - self.starts[o]
        return tuple(pos)


class ListIndex:
    """An explicit list of positions (sums of games, generic fallback)."""

    def __init__(self, positions):
        self._list = list(positions)
        self._where = {p: i for i, p in enumerate(self._list)}
        self.size = len(self._list)

    def offset(self, pos: tuple) -> int:
        return self._where[pos]

    def positions(self):
        return iter(self._list)

    def position(self, offset: int) -> tuple:
        return self._list[offset]


def _digits(n: int, base: int, count: int) -> tuple:
    """The `count` last digits of n in `base`, most significant first."""
    out = [0] * count
    for i in range(count - 1, -1, -1):
        n, out[i] = divmod(n, base)
    return tuple(out)


def zero_offsets(values: array) -> list[int]:
    """The offsets of the zeros of `values`, in order (searched in its bytes: no loop over
    every value, which matters in the browser)."""
    data, size, out = values.tobytes(), values.itemsize, []
    zero = bytes(size)
    i = data.find(zero)
    while i >= 0:
        if i % size:                      # a zero byte pair across two values
            i = data.find(zero, i + 1)
            continue
        out.append(i // size)
        i = data.find(zero, i + size)
    return out


_progress = []


@contextmanager
def reporting(callback):
    """Inside the block, the table kernels report their progress to callback(done, total)
    (the browser's worker posts it to the page); None reports nothing."""
    _progress.append(callback)
    try:
        yield
    finally:
        _progress.pop()


def progress(done: int, total: int) -> None:
    """Report that a kernel has done `done` of its `total` steps (see `reporting`)."""
    if _progress and _progress[-1] is not None:
        _progress[-1](done, total)


def column_starts(heights) -> array:
    """Prefix sums of column heights: starts[o] = sum(heights[:o])."""
    starts, total = array("q", [0]), 0
    for h in heights:
        total += h
        starts.append(total)
    return starts


def value_array(bound: int) -> array:
    """An empty array able to hold Grundy values < bound."""
    return array("H" if bound < 1 << 16 else "I")


def generic_kernel(game, limit: int, misere: bool) -> array:
    """Values in `game.index(limit)` order from the reference DP (small tables only)."""
    index, memo = game.index(limit), {}
    if misere:
        return array("B", (reference_misere(game, p, memo) == "N" for p in index.positions()))
    vals = [reference_grundy(game, p, memo) for p in index.positions()]
    out = value_array(max(vals, default=0) + 1)
    out.extend(vals)
    return out


class Table:
    """Grundy values of every legal position with all coordinates <= limit (built by
    `Game.table`, which refuses tables over the work budget first).

    `t[pos]` is the Grundy value of `pos`, `len(t)` the number of positions, `iter(t)`
    the positions in table order.

    Examples:
        >>> import grundy
        >>> t = grundy.game("wythoff").table(10)
        >>> len(t), t[(3, 5)], (4, 1) in t
        (121, 0, True)
    """

    def __init__(self, game, limit: int, backend: str = "auto"):
        if backend not in ("auto", "python", "numpy"):
            raise GameError(f"unknown backend {backend!r} (use auto, python or numpy)")
        self.game, self.limit, self.backend = game, limit, backend
        self.index = game.index(limit)
        self.values = game.kernel(limit, False, backend)
        self._misere = None

    @property
    def coords(self) -> tuple:
        """The names of the coordinates (those of the game).

        Examples:
            >>> import grundy
            >>> grundy.game("ryuoh", p=3).table(4).coords
            ('x', 'y')
        """
        return self.game.coords

    def __len__(self) -> int:
        return self.index.size

    def __getitem__(self, pos) -> int:
        return self.values[self.index.offset(tuple(pos))]

    def __contains__(self, pos) -> bool:
        try:
            self.index.offset(tuple(pos))
        except (KeyError, TypeError):
            return False
        return True

    def get(self, pos, default=None):
        """The Grundy value of `pos`, or `default` when `pos` is not in the table.

        Examples:
            >>> import grundy
            >>> t = grundy.game("nim", heaps=2).table(7)
            >>> t.get((3, 5)), t.get((9, 9))
            (6, None)
        """
        return self[pos] if pos in self else default

    def __iter__(self):
        return self.index.positions()

    def items(self):
        """(position, Grundy value) pairs, in table order.

        Examples:
            >>> import grundy
            >>> list(grundy.game("nim", heaps=2).table(1).items())
            [((0, 0), 0), ((0, 1), 1), ((1, 0), 1), ((1, 1), 0)]
        """
        return zip(self.index.positions(), self.values)

    def p_positions(self) -> list[tuple]:
        """The positions with Grundy value 0, in table order.

        Examples:
            >>> import grundy
            >>> grundy.game("wythoff").table(10).p_positions()
            [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (6, 10), (7, 4), (10, 6)]
        """
        return [self.index.position(o) for o in zero_offsets(self.values)]

    def misere_values(self) -> array:
        """0 (P) / 1 (N) for misère play, in table order (computed on first use)."""
        if self._misere is None:
            self._misere = self.game.kernel(self.limit, True, self.backend)
        return self._misere

    def misere(self, pos) -> str:
        """Misère outcome "P" or "N" of `pos`.

        Examples:
            >>> import grundy
            >>> t = grundy.game("nim", heaps=2).table(3)
            >>> t.misere((1, 0)), t.misere((1, 1)), t[(1, 1)]
            ('P', 'N', 0)
        """
        return "N" if self.misere_values()[self.index.offset(tuple(pos))] else "P"

    def misere_p_positions(self) -> list[tuple]:
        """The P-positions of misère play (the last player to move loses), in table order.

        Examples:
            >>> import grundy
            >>> grundy.game("nim", heaps=2).table(3).misere_p_positions()
            [(0, 1), (1, 0), (2, 2), (3, 3)]
        """
        return [self.index.position(o) for o in zero_offsets(self.misere_values())]

    def max_value(self) -> int:
        """The largest Grundy value in the table (0 for an empty one).

        Examples:
            >>> import grundy
            >>> grundy.game("nim", heaps=2).table(7).max_value()
            7
        """
        return max(self.values, default=0)
