"""Benchmark of the formula search (grundy.discover): prints, per game, the time and the
number of formulas tried, side by side with a plain enumeration of the same grammar
without pruning (every formula kept, none merged with an equal one), under the same
budget (the command line's: 8,000,000 steps, about 10 s). Times are CPU times of one
run (not a timed test); the plain enumeration's count per size is also printed from the
grammar (`grundy.discovery.search.plain_count`).

    .venv/bin/python scripts/bench_discover.py [--markdown]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "engine" / "src")]

import grundy  # noqa: E402
from grundy.discovery import constants, discover  # noqa: E402
from grundy.discovery.search import plain_count  # noqa: E402

CASES = [  # game, params, max, target
    ("chocolate", {"k": 3}, 10, "P"),
    ("nim", {"heaps": 3}, 7, "grundy"),
    ("step", {"f": "t//2"}, 16, "grundy"),
    ("chomp", {"rows": 2}, 16, "P"),
    ("ryuoh", {"p": 3}, 11, "grundy"),
    ("ryuoh", {"p": 5}, 14, "grundy"),   # p is a constant of the grammar (x // p)
    ("chocolate", {"k": 5}, 10, "P"),
    ("wythoff", {}, 16, "P"),
]


def timed(g, limit, target, prune):
    start = time.process_time()
    d = discover(g, max=limit, target=target, prune=prune)
    return d, time.process_time() - start


def outcome(d) -> str:
    if d.found:
        return f"`{d.formula}` (size {d.size})"
    return f"none up to size {d.searched}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    rows = []
    for name, params, limit, target in CASES:
        g = grundy.game(name, **params)
        pruned, t1 = timed(g, limit, target, True)
        plain, t2 = timed(g, limit, target, False)
        size = pruned.size if pruned.found else pruned.searched
        syntactic = sum(plain_count(len(g.coords) + 4, size, target == "P", constants(g)))
        label = g.label().en + (", P-positions" if target == "P" else ", G")
        rows.append((label, pruned.checked, f"{t1:.2f} s", f"{pruned.tried:,}", outcome(pruned),
                     f"{t2:.2f} s", f"{plain.tried:,}", outcome(plain), f"{syntactic:,}"))
    head = ("game, target", "positions", "time", "tried", "found", "plain: time", "plain: tried",
            "plain: found", f"formulas up to that size")
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + " --- |" * len(head))
        for row in rows:
            print("| " + " | ".join(map(str, row)) + " |")
    else:
        for row in rows:
            print("\n".join(f"{h:>24}: {v}" for h, v in zip(head, row)) + "\n")


if __name__ == "__main__":
    main()
