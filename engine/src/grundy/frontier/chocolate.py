"""The triangular chocolate's P-positions {x, y, z} (y <= (x + z) // k) far out, streamed
one column z at a time.

For given (y, z) at most one x makes {x, y, z} a P-position: of two, the larger could be
cut to the smaller, and that cut leaves y as it is. So f(y, z), the least legal x that
no option rules out, is the only candidate, as r0 in three-row Chomp. The options of
{x, y, z} other than {x', y, z}:

* {u, (u + z) // k, z} with u + z < ky (a left cut that lowers y): when one of them is P
  ("full": y at its largest), {x, y, z} has a P-option whatever x; in a column z the full
  P-position, if any, is the last one, and no y above it has a P-position;
* {x, v, z}, v < y: P for x = f(v, z) only, excluded (the column's bit set);
* {x, y, w}, w < z (y unchanged): P for x = f(y, w) only, excluded (the row's bit set);
* {x, (x + w) // k, w}, w < z with x + w < ky: P when {x, (x + w) // k, w} is a full
  P-position. With m(x) the first column w where x is full, x is excluded exactly when
  m(x) < z and x + m(x) < ky: bit sets of x by (x + m(x)) // k + 1, the y from which on
  they are excluded, joined along the column.

Every bit set holds x <= the bound only (a larger x is never needed), so the memory is
about (bound + bound) / k bit sets of the bound's width.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

NONE = -1  # in a column's array: no P-position with x within the bound

# The work model: per pair (y, z) a fixed part and one word operation per 64 bits of x.
# Calibrated on the build machine (k = 2, bound 2,000: 5.9 s; 5,000: 80 s), rounded up.
STEPS_PER_PAIR = 0.5
STEPS_PER_WORD = 0.05


def columns(k: int, limit: int) -> Iterator[tuple[int, array]]:
    """(z, xs) for z = 0, 1, ..., limit: xs[y] is the x <= limit of the P-position
    {x, y, z} (y = 0..(limit + z) // k, the array may stop early: nothing above), or NONE."""
    if k < 1:
        raise ValueError("k must be at least 1")
    top_y = (2 * limit) // k
    row = [0] * (top_y + 1)          # per y: f(y, w) for the columns w < z, as bits
    bucket = [0] * (top_y + 2)       # per y: the full x excluded from that y on
    known = bytearray(limit + 1)     # x already full in some column (m(x) known)
    for z in range(limit + 1):
        seen = 0                      # f(v, z) for v < y, and the buckets up to y
        out = array("i")
        full = None
        for y in range((limit + z) // k + 1):
            seen |= bucket[y]
            start = k * y - z
            x = seen | row[y]
            if start > 0:
                x >>= start
            else:
                start = 0
            v = (x ^ (x + 1)).bit_length() - 1 + start
            if v > limit:
                out.append(NONE)
                continue
            bit = 1 << v
            seen |= bit
            row[y] |= bit
            out.append(v)
            if (v + z) // k == y:  # full: no P-position above it in this column
                full = v
                break
        if full is not None and not known[full]:
            known[full] = 1
            bucket[(full + z) // k + 1] |= 1 << full
        yield z, out


def triples(record) -> Iterator[tuple[int, int, int]]:
    """The P-positions (x, y, z) of one record of `columns`."""
    z, out = record
    return ((x, y, z) for y, x in enumerate(out) if x != NONE)


def cost(k: int, limit: int) -> tuple[int, int]:
    """(steps, bytes) of `columns(k, limit)` taken to its end (every column to its top y)."""
    pairs = (limit + 1) * (limit + 1) * 3 // (2 * k) + limit + 1
    return int(pairs * (STEPS_PER_PAIR + (limit // 64 + 1) * STEPS_PER_WORD)), \
        (2 * (2 * limit // k + 2)) * (limit // 8 + 40) + limit + 10_000_000
