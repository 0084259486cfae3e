"""Three-row Chomp's P-positions {r0, r1, r2} far out, streamed one r1 at a time.

For each pair (r1, r2) at most one r0 makes {r0, r1, r2} a P-position (two would be one
bite of row 0 apart): the least r0 >= max(r1, 1) that no other option rules out. The
options of (a, b, c) other than (a', b, c), b <= a' < a, are (a, j, min(c, j)) for j < b
and (a, b, j) for j < c (each is P for a single a: that a is excluded), and (j, j, min(c,
j)) for 1 <= j < b, which does not depend on a: when one of those is P, (b, c) has no
P-position at all ("blocked").

Lean in memory (issue 50: the sorted list of tuples of `games.chomp` took 1.6 GB at
r0 <= 8,000): per column r2 = c one bit set of the excluded r0 (f(j, c) for c <= j < b and
f(j, j) for j < c, joined: the second part is final when the column starts), bits above
the bound dropped and bits below r1 shifted away as r1 grows, so the bit sets hold about
(bound - r1) bits each; the answers leave as one array per r1, never kept.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

NONE = -1      # in a row's array: no P-position with r0 within the bound
SHIFT = 256    # drop the bits below r1 once that many have gathered

# The work model (steps of about a microsecond, bytes): per pair (r1, r2), a fixed part and
# one word operation per 64 bits of the bit sets, whose width is about bound - r1.
# Calibrated on the build machine (bound 2,000: 1.9 s; 8,000: 35 s), rounded up.
STEPS_PER_PAIR = 1
STEPS_PER_WORD = 0.005


def rows(limit: int) -> Iterator[tuple[int, array]]:
    """(r1, r0s) for r1 = 0, 1, ..., limit: r0s[r2] is the r0 <= limit of the P-position
    {r0, r1, r2} (r2 = 0..r1), or NONE."""
    diag, diag_blocked = 0, False  # f(j, j) for j < b as bits; some (j, j, j) P, 1 <= j < b
    excluded, blocked = [], []     # per c: the r0 excluded by the column and the diagonal
    base = 0                       # bit i of every bit set stands for r0 = base + i
    for b in range(limit + 1):
        if b - base >= SHIFT:
            excluded = [e >> (b - base) for e in excluded]
            diag >>= b - base
            base = b
        excluded.append(diag)
        blocked.append(diag_blocked)
        row = (1 << (max(b, 1) - base)) - 1  # r0 >= max(b, 1); then f(b, j) for j < c
        top = limit - base
        out = array("i", [NONE]) * (b + 1)
        for c in range(b + 1):
            if blocked[c]:
                continue
            x = row | excluded[c]
            v = (x ^ (x + 1)).bit_length() - 1  # the lowest bit not set
            if v > top:
                continue
            bit = 1 << v
            row |= bit
            excluded[c] |= bit
            out[c] = v = v + base
            if v == b:  # (b, b, c) is P: it blocks (b', c) for every b' > b
                blocked[c] = True
        if out[b] != NONE:
            diag |= 1 << (out[b] - base)
            diag_blocked = diag_blocked or out[b] == b
        yield b, out


def triples(record) -> Iterator[tuple[int, int, int]]:
    """The P-positions (r0, r1, r2) of one record of `rows`."""
    b, out = record
    return ((a, b, c) for c, a in enumerate(out) if a != NONE)


def cost(limit: int) -> tuple[int, int]:
    """(steps, bytes) of `rows(limit)` taken to its end."""
    pairs = (limit + 1) * (limit + 2) // 2
    words = limit ** 3 // (6 * 64)  # the sum over r1 of (r1 + 1)(limit - r1) / 64
    return int(pairs * STEPS_PER_PAIR + words * STEPS_PER_WORD), \
        (limit + 1) * (limit // 8 + 40) + (limit + 1) * 4 * 2 + 10_000_000
