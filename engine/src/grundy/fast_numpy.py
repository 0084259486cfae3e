"""Optional numpy backend for big tables (install ``grundy[fast]``).

Every move lowers the coordinate sum, so the positions of one plane ``x + y + z = s``
do not depend on each other and are computed together, with the same incremental
prefix bitsets as the pure-Python kernels: the Grundy value of a position is the
lowest value in none of the sets of its three lines.

Triangular chocolate ``k*y <= x + z`` (``chocolate_values``).  With ``u0 = max(0,
k*y - z)`` and ``w0 = max(0, k*y - x)``, the sets read for ``(x, y, z)`` are

* ``X[y, z]``: the values of the x-moves: the positions ``(u, (u+z)//k, z)``,
  ``u < u0``, clipped onto the boundary, then ``(u, y, z)``, ``u0 <= u < x``;
* ``Y[x, z]``: the values of ``(x, v, z)``, ``v < y``;
* ``Z[y, x]``: the same as ``X`` for the z-moves.

``X[y, z]`` starts, when ``(u0, y, z)`` is reached, as a copy of a running prefix
``Rx[z]`` of the boundary values on the line; ``Z`` likewise from ``Rz[x]``.  A set is
``words`` 64-bit words, one more whenever a union could be full.  A plane is computed
in boxes (its positions with y in a range, indexed ``(y, x)``), and the sets are laid
out so that each family is a strided view ``[y, x, word]`` of a box, whole sets
contiguous (no gather): ``X[y, z]`` is cell ``r + y*m + n - z`` (``m = n + 1``,
``r`` = number of y values), so ``(x, y, s-x-y)`` reads cell ``r + y*(m+1) + x + n -
s``; ``Y[x, z]`` is cell ``(t0 - x - z)*m + x`` of a window of ``x + z`` values (moved
when it runs out); ``Z[y, x]`` is cell ``y*m + x``.  Per box: the union of the three
views; the first word that is not full (a byte of flags per position, gathered by one
multiplication); the lowest zero bit of that word (a one-word gather); the union array
reused for that bit alone, OR-ed into the three views.  Positions of a box outside the
table (``z`` outside ``0..n``) read whatever their cells hold and add nothing.

Boxes follow the cache: rows of y are cut into tiles of about ``_BOX`` positions, and
each tile runs ``_PLANES`` consecutive planes before the next (a tile's positions need
only lower rows of the previous plane), so that its sets stay in the CPU cache.  The
values go to the flat table by one scatter per box, the offsets ``starts[x*m+z] + y``
being a strided view of a table indexed ``-m*x - (m+1)*z``.  Results are identical to
the pure-Python kernels (tested).

Step chocolates (``step_values``): one plane at a time, the rows of the three (two)
line sets gathered per position from ``_Bitsets``: ``X`` for step3 only, ``Y`` a ring
(a column ``(x, ., z)`` lives for at most r planes), ``Z``, and one boundary prefix
per z-line.
"""

from __future__ import annotations

import numpy as np

_ONE = np.uint64(1)
_FULL = ~np.uint64(0)


class _Bitsets:
    """Rows of Grundy-value bitsets, ``words[row, w]`` = bits 64w..64w+63 of the set."""

    def __init__(self, nrows: int):
        self.words = np.zeros((nrows, 1), dtype=np.uint64)
        self.max_g = -1

    def mex(self, rows: np.ndarray) -> np.ndarray:
        """Least value in none of the sets rows[:, j], for each column j of rows."""
        nwords = (self.max_g + 2) // 64 + 1   # new values are <= max_g + 1: a zero bit exists
        if nwords > self.words.shape[1]:
            more = np.zeros((len(self.words), nwords - self.words.shape[1]), dtype=np.uint64)
            self.words = np.concatenate([self.words, more], axis=1)
        union = np.bitwise_or.reduce(self.words.take(rows, axis=0), axis=0)
        first = (union != _FULL).argmax(axis=1)
        inv = ~union[np.arange(len(first)), first]
        low = inv & (~inv + _ONE)             # lowest zero bit, a power of two: exact in float64
        g = 64 * first + np.frexp(low.astype(np.float64))[1] - 1
        self.max_g = max(self.max_g, int(g.max()))
        return g

    def add(self, rows: np.ndarray, g: np.ndarray) -> None:
        """Put g[j] into the sets rows[..., j] (no row twice)."""
        flat = self.words.reshape(-1)
        where = rows * self.words.shape[1] + (g >> 6)
        flat.put(where, flat.take(where) | (_ONE << (g & 63).astype(np.uint64)))

    def copy(self, src: np.ndarray, dst: np.ndarray) -> None:
        """Set dst[j] = set src[j]."""
        self.words[dst] = self.words[src]

    def clear(self, start: int, stop: int) -> None:
        """Empty the sets start..stop-1."""
        self.words[start:stop] = 0


def _columns(heights: np.ndarray, dtype) -> tuple[np.ndarray, np.ndarray]:
    """(starts, empty output) of a column layout with these column heights."""
    starts = np.concatenate([[0], np.cumsum(heights)])
    return starts, np.empty(starts[-1], dtype=dtype)


def _value_dtype(bound: int):
    return np.uint16 if bound < 1 << 16 else np.uint32


def _runs(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(run number, value, start of each run) of the concatenated ranges lo[i]..hi[i]."""
    count = np.maximum(hi - lo + 1, 0)
    first = np.cumsum(count) - count
    run = np.repeat(np.arange(len(lo)), count)
    return run, np.arange(first[-1] + count[-1]) + np.repeat(lo - first, count), first


_BOX = 4096         # positions of a box: its sets, about 250 bytes a position, stay in cache
_PLANES = 32        # planes a tile of rows runs before the next tile
_TOP_BYTE = np.uint64(56)
# Looked up once: a box makes about twenty numpy calls.
_or, _and, _xor, _ne = np.bitwise_or, np.bitwise_and, np.bitwise_xor, np.not_equal
_add, _mul, _shift, _copyto = np.add, np.multiply, np.right_shift, np.copyto

if hasattr(np, "bitwise_count"):
    def _ones(mask, bit, out):
        """out = number of ones of mask (= 2 * bit - 1)."""
        np.bitwise_count(mask, out)
else:   # numpy < 2.0: from the exponent of the power of two
    def _ones(mask, bit, out):
        """out = number of ones of mask (= 2 * bit - 1)."""
        out[...] = np.frexp(bit.astype(np.float64))[1]


def _first_zero_tables(value_dtype) -> tuple[np.ndarray, np.ndarray]:
    """For a byte f of flags "word w is not full": (index of its lowest set bit,
    64 * that index - 1 in the table's value dtype); f = 0 gives 0."""
    low = np.array([(f & -f).bit_length() - 1 if f else 0 for f in range(256)], dtype=np.intp)
    return low, ((64 * low - 1) % (1 << 8 * np.dtype(value_dtype).itemsize)).astype(value_dtype)


class _ChocolateSets:
    """The line sets X, Y, Z, Rx, Rz of the triangular chocolate (layout: module
    docstring) and the scratch arrays of a box."""

    def __init__(self, k: int, n: int, value_dtype):
        m = n + 1
        self.k, self.n, self.m = k, n, m
        self.r = r = min(n, 2 * n // k) + 1          # number of y values
        self.x_cells = r + r * (m + 1) + 2 * m      # X: r cells of slack before, m after
        self.y_slots = r + 2 * _PLANES              # Y: a window of x + z values
        self.t0 = self.y_slots - 1                  # slot of x + z = t is t0 - t
        self.low_word, self.low_value = _first_zero_tables(value_dtype)
        cap = self.cap = _BOX + 2 * m               # positions in a box, at most
        self.flags = np.empty(cap, dtype=np.uint64)
        self.first = np.empty(cap, dtype=np.intp)
        self.where = np.empty(cap, dtype=np.intp)
        self.word = np.empty(cap, dtype=np.uint64)
        self.carry = np.empty(cap, dtype=np.uint64)
        self.bit = np.empty(cap, dtype=np.uint64)
        self.ones = np.empty(cap, dtype=np.uint8)
        self.ones_v = np.empty(cap, dtype=value_dtype)
        self.g = np.empty(cap, dtype=value_dtype)
        self.at = np.empty(cap, dtype=np.intp)
        self.words = 0
        self._widen(1)

    def _widen(self, words: int) -> None:
        """Make every set `words` words long (the values so far kept)."""
        old, self.words = self.words, words

        def grow(sets, cells):
            wider = np.zeros(cells + (words,), dtype=np.uint64)
            if old:     # copy whole sets (as one 8*old-byte item each): no loop over words
                dst = np.ndarray(cells, dtype=f"V{8 * old}", buffer=wider,
                                 strides=wider.strides[:-1])
                dst[...] = sets.view(f"V{8 * old}")[..., 0]
            return wider

        m = self.m
        self.X = grow(getattr(self, "X", None), (self.x_cells,))
        self.Y = grow(getattr(self, "Y", None), (self.y_slots, m))
        self.Z = grow(getattr(self, "Z", None), (self.r, m))
        self.Rx = grow(getattr(self, "Rx", None), (m,))   # Rx[z] at cell n - z
        self.Rz = grow(getattr(self, "Rz", None), (m,))
        self.union = np.empty(self.cap * words, dtype=np.uint64)
        self.not_full = np.zeros(self.cap * words + 8, dtype=np.bool_)
        # Eight bytes from each position's first flag (the bytes past its own are
        # ignored by the multiplication in box()).
        self.flag_bytes = np.ndarray((self.cap,), dtype=np.uint64, buffer=self.not_full,
                                     strides=(words,))
        self.cell_word = np.arange(self.cap, dtype=np.intp) * words
        self.scratch = {}
        # Bit w of (8 bytes of 0/1) * magic >> 56 is byte w (w < words <= 8).
        self.magic = np.uint64(sum(1 << (56 - 7 * w) for w in range(min(words, 8))))

    def window(self, first: int, last: int) -> None:
        """Make room in the Y window for x + z up to `last` (planes from `first` on)."""
        if self.t0 < last:
            r, t0 = self.r, self.y_slots + first - self.r
            self.Y[t0 - first + 1:] = self.Y[self.t0 - first + 1:self.t0 - first + r]
            self.t0 = t0

    def start_lines(self, s: int) -> None:
        """The y-lines (x, ., z) with x + z = s start empty."""
        if s <= 2 * self.n:
            self.Y[self.t0 - s] = 0

    def _scratch(self, ny: int, nx: int) -> tuple:
        """Views of the scratch arrays for a box of ny x nx positions (kept per shape)."""
        size, cells = ny * nx, ny * nx * self.words
        views = self.scratch[ny, nx] = (
            self.flags[:size], self.flags[:size].view(np.intp), self.first[:size],
            self.where[:size], self.word[:size], self.carry[:size], self.bit[:size],
            self.bit[:size].reshape(ny, nx), self.g[:size], self.ones[:size],
            self.ones_v[:size], self.at[:size], self.at[:size].reshape(ny, nx),
            self.cell_word[:size], self.flag_bytes[:size],
            self.union[:cells].reshape(ny, nx, self.words),
            self.not_full[:cells].reshape(ny, nx, self.words))
        return views

    def box(self, s: int, y0: int, y1: int, offsets, inside, out) -> None:
        """Compute and store the positions (x, y, s-x-y) with y0 <= y <= y1.

        offsets, inside: (ny, nx) views: the position's offset in `out[s:]` (-1 outside
        the table: the spare last slot) and all-ones words inside the table, else 0."""
        n = self.n
        m1 = n + 2                       # X cells per row of y, plus the shear
        x0 = max(0, s - y1 - n)
        ny, nx = y1 - y0 + 1, min(n, s - y0) - x0 + 1
        size = ny * nx
        c = self.r + n - s + y0 * m1 + x0
        while True:
            words = self.words
            (flags, flags_i, first, where, word, carry, bit, bit2, g, ones, ones_v, at, at2,
             cell_word, flag_bytes, union, not_full) = (self.scratch.get((ny, nx))
                                                         or self._scratch(ny, nx))
            xs = self.X[c:c + ny * m1].reshape(ny, m1, words)[:, :nx]
            ys = self.Y[self.t0 - s + y0:self.t0 - s + y1 + 1, x0:x0 + nx]
            zs = self.Z[y0:y1 + 1, x0:x0 + nx]
            _or(xs, ys, union)
            _or(union, zs, union)
            _ne(union, _FULL, not_full)
            if words <= 8:
                _mul(flag_bytes, self.magic, flags)
                _shift(flags, _TOP_BYTE, flags)
                self.low_word.take(flags_i, None, first, "clip")
                # A value is <= s (the number of moves): all words full only if s >= 64*words.
                if s < 64 * words or np.count_nonzero(flags) == size:
                    break
                full = flags == 0
            else:
                not_full = not_full.reshape(size, words)
                not_full.argmax(axis=1, out=first)
                full = ~not_full.any(axis=1)
                if not full.any():
                    break
            if not (full.reshape(ny, nx) & (inside != 0)).any():
                break
            self._widen(words + 1)       # a union of every value so far: one more word
        _add(cell_word, first, where)
        self.union.take(where, None, word, "clip")
        _add(word, _ONE, carry)
        _xor(word, carry, word)          # the ones below the lowest zero, and it
        _and(word, carry, bit)           # the lowest zero bit
        _and(bit2, inside, bit2)
        if words <= 8:
            self.low_value.take(flags_i, None, g, "clip")
        else:
            np.copyto(g, first * 64 - 1, casting="unsafe")
        _ones(word, bit, ones)
        _copyto(ones_v, ones)
        _add(g, ones_v, g)               # 64 * first + index of the lowest zero bit
        _xor(union, union, union)        # the union, no longer needed, holds the new bits
        self.union[where] = bit
        _or(xs, union, xs)
        _or(ys, union, ys)
        _or(zs, union, zs)
        y = s // (self.k + 1)
        if y0 <= y <= y1:
            self._boundary(s, y, x0, union[y - y0])
        _copyto(at2, offsets)
        out[s:][at] = g

    def _boundary(self, s: int, y: int, x0: int, new) -> None:
        """Extend Rx, Rz by the boundary positions y = (x + z) // k of the box, if any
        (`new`: their new bits), and start the lines (., y', z), (x, y', .) with
        k*y' = x + z + 1 from them."""
        k, n, m = self.k, self.n, self.m
        t = s - y                                     # x + z on the boundary run
        if t >= k * (y + 1):
            return
        xa, xb = max(0, t - n), min(n, t) + 1
        values = new[xa - x0:xb - x0]
        rx, rz = self.Rx[n - t + xa:n - t + xb], self.Rz[xa:xb]
        rx |= values
        rz |= values
        if (t + 1) % k == 0 and (t + 1) // k < self.r:
            c = self.r + (t + 1) // k * m + n - t
            self.X[c + xa:c + xb] = rx
            self.Z[(t + 1) // k, xa:xb] = rz


def chocolate_values(k: int, limit: int) -> np.ndarray:
    """Grundy values of every chocolate position (k*y <= x + z) with all coordinates <= limit.

    A flat array in the layout of ``grundy.table.chocolate_index``:
    ``offset(x, y, z) = starts[x * (limit + 1) + z] + y``.
    """
    n, m = limit, limit + 1
    xs, zs = np.divmod(np.arange(m * m), m)
    starts, _ = _columns(np.minimum((xs + zs) // k, n) + 1, _value_dtype(3 * n + 1))
    size, spare = int(starts[-1]), 2 * n
    out = np.zeros(spare + size + 1, dtype=_value_dtype(3 * n + 1))
    sets = _ChocolateSets(k, n, out.dtype)
    r = sets.r
    # offsets[c - (m+1)*s + (m+1)*y + x]: offset of (x, y, s-x-y) in out[s:] (index
    # c - m*x - (m+1)*z, with room for z outside 0..n by up to r); inside: all ones.
    c = m * n + (m + 1) * (n + r)
    offsets = np.full(c + (m + 1) * (r + 2), -1, dtype=np.intp)
    inside = np.zeros(len(offsets), dtype=np.uint64)
    offsets[c - m * xs - (m + 1) * zs] = starts[:-1] - xs - zs + spare
    inside[c - m * xs - (m + 1) * zs] = _FULL
    old_bufsize = np.setbufsize(64)   # strided views: no copies through big buffers
    try:
        for first in range(0, 3 * n + 1, _PLANES):
            last = min(3 * n, first + _PLANES - 1)
            sets.window(first, last)
            ylo, yhi = max(0, first - 2 * n), min(r - 1, last // (k + 1))
            width = min(n, last - ylo) - max(0, first - yhi - n) + 1   # of a box, at most
            rows = max(1, _BOX // max(1, width))
            for ya in range(ylo, yhi + 1, rows):        # a tile of rows ...
                for s in range(first, last + 1):        # ... through the planes
                    if ya == ylo:
                        sets.start_lines(s)
                    y0, y1 = max(ya, s - 2 * n), min(ya + rows - 1, r - 1, s // (k + 1))
                    if y1 < y0:
                        continue
                    x0 = max(0, s - y1 - n)
                    nx = min(n, s - y0) - x0 + 1
                    at = c - (m + 1) * (s - y0) + x0
                    view = slice(at, at + (y1 - y0 + 1) * (m + 1))
                    sets.box(s, y0, y1, offsets[view].reshape(-1, m + 1)[:, :nx],
                             inside[view].reshape(-1, m + 1)[:, :nx], out)
    finally:
        np.setbufsize(old_bufsize)
    return out[spare:spare + size]


def step_values(f_values, limit: int, with_x: bool) -> np.ndarray:
    """Grundy values of the step chocolate CB(f, y, z) (with_x False) or of step3.

    f_values[t] = f(t) for t = 0..limit (non-decreasing).  A flat array in the layout of
    ``grundy.games.step.step_index``: outer z (step) or (x, z) (step3), column y <= f(z).
    """
    n, m = limit, limit + 1
    f = np.array([min(v, m) for v in f_values[:m]], dtype=np.int64)  # f(t) > limit: clipped
    heights = np.minimum(f, n) + 1
    xmax = n if with_x else 0
    xm = xmax + 1
    starts, out = _columns(np.tile(heights, xm), _value_dtype(3 * n + 1))
    first = np.searchsorted(f, np.arange(m))      # first[y] = least w with f(w) >= y
    r = int(heights[-1])                           # number of y values
    # Blocks of rows: X[y, z] (step3 only), Y[(x + z) % r, x] (a ring), Z[y, x], and the
    # running prefix R[x] of the column tops (x, f(w), w).
    lx, ly = 0, (r * m if with_x else 0)
    lz, run_x = ly + r * xm, ly + 2 * r * xm
    sets = _Bitsets(run_x + xm)
    for s in range(xmax + 2 * n + 1):
        ys = np.arange(min(r - 1, s) + 1)
        run, z, _ = _runs(np.maximum(first[ys], s - ys - xmax), np.minimum(s - ys, n))
        if not len(z):
            continue
        y = ys[run]
        x = s - y - z
        if s <= xmax + n:                      # the columns with x + z = s start
            sets.clear(ly + (s % r) * xm, ly + (s % r + 1) * xm)
        lines = [(ly + ((s - ys) % r) * xm)[run] + x, lz + y * xm + x]
        if with_x:
            lines.append(lx + y * m + z)
        lines = np.stack(lines)
        g = sets.mex(lines)
        sets.add(lines, g)
        edge = (y == f[z]) & (z < n)           # the top of column z (no column z + 1 after n)
        if edge.any():
            xe, ze = x[edge], z[edge]
            sets.add(run_x + xe, g[edge])
            # R[x] now holds the tops of w <= z: the z-lines (x, y', .) with
            # f(z) < y' <= f(z + 1) start at z + 1, so Z[y', x] starts from it.
            which, y1, _ = _runs(f[ze] + 1, np.minimum(f[ze + 1], r - 1))
            sets.copy(run_x + xe[which], lz + y1 * xm + xe[which])
        out[starts[x * m + z] + y] = g
    return out
