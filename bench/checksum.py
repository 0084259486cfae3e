"""Order-independent checksum of a chocolate table, the same as bench/chocolate_bitset.c prints.

"count p_count max_grundy hash" with hash = sum of (G + 1) * (1000003 x + 1009 y + 7 z + 1)
over all positions, mod 2**32.
"""

MASK = 0xFFFFFFFF


def checksum_items(items) -> str:
    """Checksum of ((x, y, z), G) pairs (pure Python)."""
    count = p_count = max_g = total = 0
    for (x, y, z), g in items:
        count += 1
        p_count += g == 0
        max_g = max(max_g, g)
        total += (g + 1) * (1000003 * x + 1009 * y + 7 * z + 1)
    return f"{count} {p_count} {max_g} {total & MASK}"


def checksum_layout(k: int, n: int, values) -> str:
    """Checksum of a flat table in the engine's chocolate layout (grundy.table), with numpy."""
    import numpy as np

    g = np.asarray(values, dtype=np.uint64)
    side = n + 1
    xs, zs = np.divmod(np.arange(side * side), side)
    heights = np.minimum((xs + zs) // k, n) + 1
    first = np.repeat(np.cumsum(heights) - heights, heights)
    x, z = np.repeat(xs, heights).astype(np.uint64), np.repeat(zs, heights).astype(np.uint64)
    y = (np.arange(len(g)) - first).astype(np.uint64)
    total = int(((g + 1) * (1000003 * x + 1009 * y + 7 * z + 1)).sum())  # wraps mod 2**64
    return f"{len(g)} {int((g == 0).sum())} {int(g.max())} {total & MASK}"
