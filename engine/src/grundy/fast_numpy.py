"""Optional numpy backend for big tables (install ``grundy[fast]``).

Every move lowers the coordinate sum, so the positions of one plane ``x + y + z = s``
do not depend on each other: the backend computes a whole plane at once, with the
same incremental prefix bitsets as the pure-Python kernels, stored as rows of 64-bit
words.  For the triangular chocolate ``k*y <= x + z``, with ``u0 = max(0, k*y - z)``
and ``w0 = max(0, k*y - x)``, the rows read for ``(x, y, z)`` are

* ``X[y, z]``: the values of the x-moves: the positions ``(u, (u+z)//k, z)``,
  ``u < u0``, clipped onto the boundary, then ``(u, y, z)``, ``u0 <= u < x``;
* ``Y[x, z]``: the values of ``(x, v, z)``, ``v < y``;
* ``Z[y, x]``: the same as ``X`` for the z-moves;

and the Grundy value is the lowest zero bit of their union.  ``X[y, z]`` starts,
when ``(u0, y, z)`` is reached, as a copy of a running prefix ``Rx[z]`` of the
boundary values on the line; ``Z`` likewise from ``Rz[x]``.  Rows are numbered so
that the positions of a plane with equal ``y`` read consecutive rows, and memory
stays proportional to (number of y values) x limit rows (``Y`` is a ring: a column
``(x, ., z)`` lives for at most that many planes).  The step chocolates work the
same way (``X`` for step3 only; one boundary prefix per z-line).  Results are
identical to the pure-Python kernels (tested).
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


def chocolate_values(k: int, limit: int) -> np.ndarray:
    """Grundy values of every chocolate position (k*y <= x + z) with all coordinates <= limit.

    A flat array in the layout of ``grundy.table.chocolate_index``:
    ``offset(x, y, z) = starts[x * (limit + 1) + z] + y``.
    """
    n, m = limit, limit + 1
    xs, zs = np.divmod(np.arange(m * m), m)
    starts, out = _columns(np.minimum((xs + zs) // k, n) + 1, _value_dtype(3 * n + 1))
    r = min(n, 2 * n // k) + 1              # number of y values
    # Blocks of rows: X[y, z], Y[(x + z) % r, x] (a ring: a column lives for <= r planes),
    # Z[y, x], and the running boundary prefixes Rx[z], Rz[x].
    lx, ly, lz, rx, rz = 0, r * m, 2 * r * m, 3 * r * m, 3 * r * m + m
    sets = _Bitsets(3 * r * m + 2 * m)
    for s in range(3 * n + 1):
        y0 = max(0, s - 2 * n)
        ys = np.arange(y0, min(r - 1, s // (k + 1)) + 1)
        if not len(ys):
            continue
        run, x, first = _runs(np.maximum(s - ys - n, 0), np.minimum(s - ys, n))
        y = ys[run]
        z = s - y - x
        if s <= 2 * n:                      # the columns with x + z = s start: fresh ring slot
            sets.clear(ly + (s % r) * m, ly + (s % r + 1) * m)
        ym = y * m
        lines = np.stack([lx + ym + z, (ly + ((s - ys) % r) * m)[run] + x, lz + ym + x])
        g = sets.mex(lines)
        sets.add(lines, g)
        yb, t = s // (k + 1), s - s // (k + 1)  # the boundary y == (x + z) // k: one run or none
        if t < k * (yb + 1) and y0 <= yb < y0 + len(ys):
            j = yb - y0
            edge = slice(first[j], first[j + 1] if j + 1 < len(ys) else len(x))
            xe, ze = x[edge], z[edge]
            sets.add(np.stack([rx + ze, rz + xe]), g[edge])
            # Rx[z] now holds the boundary values of (u, ., z), u <= x.  If k*y' = x + z + 1,
            # the x-line (., y', z) starts at u = x + 1: X[y', z] starts as a copy of Rx[z].
            # The same for Rz[x] and Z[y', x].
            if (t + 1) % k == 0 and (t + 1) // k < r:
                ye = (t + 1) // k
                sets.copy(np.concatenate([rx + ze, rz + xe]),
                          np.concatenate([lx + ye * m + ze, lz + ye * m + xe]))
        out[starts[x * m + z] + y] = g
    return out


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
