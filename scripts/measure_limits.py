"""Measure, by game and command, the largest coordinates `grundy` answers within 10 s.

usage: .venv/bin/python scripts/measure_limits.py [--seconds 10] [--quick]

For each (game, command) it tries positions of growing size n (one shape per game, e.g.
(n, n // 2, n) for the chocolate), each in a fresh subprocess with a timeout, doubling n
while the command answers, then bisecting between the last answered and the first refused
(or timed-out) size.  A refusal (exit 2, one line) counts as "not answered".  Prints a
Markdown table (the limits table of docs/benchmarks.md).  Wall-clock times depend on the machine
and its load.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from math import isqrt

# game, its options, the position of size n (as a function of n), the commands
CASES = [
    ("nim", [], lambda n: (n, n // 2 + 1, n // 3 + 2), ("value", "outcome", "move")),
    ("nim", ["--misere"], lambda n: (n, n // 2 + 1, n // 3 + 2), ("outcome", "move")),
    ("chocolate", ["--k", "3"], lambda n: (n, n // 3, n), ("outcome", "move")),
    ("chocolate", ["--k", "2"], lambda n: (n, n // 4, n), ("value", "outcome", "move")),
    ("step", ["--f", "t//2"], lambda n: (n // 4, n), ("value", "outcome", "move")),
    ("step", ["--f", "t//3"], lambda n: (n // 6, n), ("value", "outcome", "move")),
    ("wythoff", [], lambda n: (n, n // 2 + 1), ("value", "outcome", "move")),
    ("ryuoh", ["--p", "3"], lambda n: (n, n // 2 + 1), ("value", "outcome", "move")),
    ("ryuoh", ["--p", "3", "--misere"], lambda n: (n, n // 2 + 1), ("outcome",)),
]
TABLES = [("chocolate", ["--k", "2"]), ("nim", ["--heaps", "3"]), ("wythoff", []),
          ("ryuoh", ["--p", "1000000000"]), ("step3", ["--f", "t//2"])]
LARGEST = 10**4000  # the command line's integer budget: 4,000 digits


def answers(argv: list[str], seconds: float) -> bool:
    """Whether `grundy ARGV` prints an answer (exit 0) within `seconds`."""
    try:
        r = subprocess.run([sys.executable, "-m", "grundy", *argv], capture_output=True,
                           text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        return False
    return r.returncode == 0


def largest(make_argv, seconds: float, start: int = 1, quick: bool = False) -> int:
    """The largest n (searched by doubling, then bisection) for which make_argv(n) answers."""
    if not answers(make_argv(start), seconds):
        return 0
    good, bad = start, None
    while bad is None:
        n = good * (10**1000 if good >= 10**6 else 10 if quick else 2)
        if n >= LARGEST:
            return good
        if answers(make_argv(n), seconds):
            good = n
        else:
            bad = n
    while bad - good > max(1, good // (4 if quick else 20)):
        mid = isqrt(good * bad) if bad > 4 * good else (good + bad) // 2  # geometric far apart
        good, bad = (mid, bad) if answers(make_argv(mid), seconds) else (good, mid)
    return good


def fmt(n: int) -> str:
    """A size for the table: 12,345 or ~10^30."""
    return f"{n:,}" if n < 10**7 else f"~10^{len(str(n)) - 1}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--quick", action="store_true", help="coarser search (about a minute)")
    args = ap.parse_args()
    started = time.time()
    print("| game | command | largest n answered | position |")
    print("| --- | --- | --- | --- |")
    for name, options, shape, commands in CASES:
        for command in commands:
            opts = [o for o in options if o != "--misere"]
            flag = ["--misere"] if "--misere" in options else []

            def argv(n, command=command, opts=opts, flag=flag, shape=shape):
                return [command, name, *opts, *flag, *map(str, shape(n))]

            n = largest(argv, args.seconds, quick=args.quick)
            label = " ".join([name, *options])
            print(f"| {label} | {command} | {fmt(n)} | {_shape_text(shape)} |",
                  flush=True)
    for name, options in TABLES:
        n = largest(lambda n: ["table", name, *options, "--max", str(n)], args.seconds,
                    quick=args.quick)
        print(f"| {' '.join([name, *options])} | table | --max {fmt(n)} | every coordinate <= n |",
              flush=True)
    print(f"\n(measured in {time.time() - started:.0f} s)", file=sys.stderr)


def _shape_text(shape) -> str:
    """The position's shape, e.g. "(n, n/3, n)", read off the function at symbolic sizes."""
    big = 10**12
    return "(" + ", ".join("n" if c == big else f"n/{round(big / c)}" if c > 99 else str(c)
                           for c in shape(big)) + ")"


if __name__ == "__main__":
    main()
