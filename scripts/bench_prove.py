"""Benchmark of the prover (grundy.prove): per case, the time of the proof (wall clock,
and CPU time: Python's and MONA's, which on a shared machine says more), the largest
automaton MONA built (states), and how far brute force gets in the same CPU time: the
largest N whose check of the formula on every position with coordinates <= N
(grundy.discovery.check, the engine's tables) ends within it.

With --sweep, the largest k (the triangular chocolate's x ^ y ^ z == 0 for k = 7, 11,
15, ...) and the largest p (Ryuoh Nim's formula, p = 1, 2, 3, ...) proved within --limit
seconds each (default 600), each family stopping at its first case not proved in time.

    .venv/bin/python scripts/bench_prove.py [--markdown] [--sweep [--only-sweep] [--limit S]
                                            [--from-k K] [--from-p P] [--family k|p|both]]
"""

from __future__ import annotations

import argparse
import dataclasses
import resource
import sys
import time
from itertools import count
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "engine" / "src")]

import grundy  # noqa: E402
from grundy.budget import CLI, using  # noqa: E402
from grundy.discovery import check  # noqa: E402
from grundy.errors import BudgetError  # noqa: E402
from grundy.prove.seed import CASES, chocolate_xor, ryuoh  # noqa: E402

# brute force without the command line's 10 s budget (it is what is measured)
UNBOUNDED = dataclasses.replace(CLI, steps=10**13, memory=6 * 10**9)
PER_CASE = 120  # seconds of a proof in the first table


def brute_force(case, seconds: float) -> tuple[int, int]:
    """(N, positions): the largest table bound whose check ends within `seconds` of CPU."""
    g = grundy.game(case.game, **dict(case.params))
    best, n = (0, 0), 1
    with using(UNBOUNDED):
        while True:
            start = cpu()
            try:
                guess = check(g, case.formula, n, case.target, misere=case.misere)
            except BudgetError:
                return best
            if cpu() - start > seconds:
                return best
            best = (n, guess.checked)
            if guess.first_counterexample is not None:
                return best  # refuted: brute force stops at its counterexample
            n = n * 5 // 4 + 1


def cpu() -> float:
    """CPU seconds of this process and its finished children (MONA) so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def row(case, limit: float) -> list[str]:
    start = cpu()
    proof = case.prove(seconds=limit, megabytes=4000)
    used = cpu() - start
    params = ", ".join(f"{k} = {v}" for k, v in case.params)
    verdict = {True: "proved", False: "refuted at {" + ",\u00a0".join(map(str, proof.counterexample)) + "}", None: f"not decided ({proof.reason})"}
    n, positions = brute_force(case, used)
    return [f"{case.game} ({params})", f"`{case.formula}`", verdict[proof.proved],
            f"{proof.seconds:.2f} s ({used:.2f} s CPU)", f"{proof.states:,}" if proof.states else "—",
            f"N = {n} ({positions:,} positions)"]


def sweep(name: str, cases, limit: float, markdown: bool) -> None:
    """Prove the family's cases in order until one is not proved within `limit` seconds."""
    last = None
    for case in cases:
        proof = case.prove(seconds=limit, megabytes=4000)
        param = ", ".join(f"{k} = {v}" for k, v in case.params)
        show(markdown, [name, param, str(proof.proved), f"{proof.seconds:.1f} s",
                        f"{proof.states:,}" if proof.states else "—", (proof.reason.en if proof.reason else "")])
        if proof.proved is not True:
            break
        last = param
    print(f"{name}: the largest proved within {limit:g} s: {last}", flush=True)


def show(markdown: bool, cells: list[str]) -> None:
    print(("| " + " | ".join(cells) + " |") if markdown else "  ".join(cells), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--sweep", action="store_true", help="the largest k and p within --limit each")
    parser.add_argument("--limit", type=float, default=600, help="seconds per proof in the sweep")
    parser.add_argument("--from-k", type=int, default=7, help="the sweep's first k (4m + 3)")
    parser.add_argument("--from-p", type=int, default=1, help="the sweep's first p")
    parser.add_argument("--only-sweep", action="store_true", help="skip the first table")
    parser.add_argument("--family", choices=("k", "p", "both"), default="both", help="the sweep's families")
    args = parser.parse_args()
    head = ["game", "formula", "result", "proof (wall, CPU)", "largest automaton", "brute force in the same CPU time"]
    if args.markdown:
        show(True, head)
        show(True, ["---"] * len(head))
    cases = [c for cases in CASES.values() for c in cases] + [ryuoh(p) for p in (3, 5, 7)] + \
        [chocolate_xor(k) for k in (5, 7, 15, 31)]
    for case in [] if args.only_sweep else cases:
        show(args.markdown, row(case, PER_CASE))
    if args.sweep:
        if args.markdown:
            show(True, ["family", "case", "proved", "time", "largest automaton", "reason"])
            show(True, ["---"] * 6)
        if args.family != "p":
            sweep("chocolate x ^ y ^ z == 0", (chocolate_xor(k) for k in count(args.from_k, 4)), args.limit,
                  args.markdown)
        if args.family != "k":
            sweep("Ryuoh Nim", (ryuoh(p) for p in count(args.from_p)), args.limit, args.markdown)


if __name__ == "__main__":
    main()
