"""Benchmark of the chocolate tables: prints times and ratios (not a timed test).

Times, in one run on one machine, the triangular chocolate (default k = 2) computed by

* the seed port: a literal port of seed 000's appendix algorithm (bench/seed_port.py);
* the engine's pure-Python backend and its numpy backend (grundy.fast_numpy);
* a straightforward C implementation of the same bitset algorithm
  (bench/chocolate_bitset.c, compiled here with gcc -O2 into bench/out/);

checks that all of them give the same table (checksums) and prints the ratios the
issues ask for: pure-Python vs seed port at x, z <= 64 (target >= 20x faster), numpy
vs C at x, z <= 256 (target <= 2x).  Also the peak memory of a fresh process
computing the numpy table.  Times are CPU times of the computation
(best of --repeat runs; the seed port runs once), so that other jobs on the machine
disturb the ratios less; start-up and imports are not counted.  Exits 1 if the
implementations disagree.

    .venv/bin/python scripts/bench_engine.py [--quick] [--k K] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path[:0] = [str(ROOT / "engine" / "src"), str(BENCH)]

import grundy  # noqa: E402
from checksum import checksum_items, checksum_layout  # noqa: E402
from seed_port import seed_table  # noqa: E402

try:
    import numpy as np
except ImportError:
    np = None


def checksum(k: int, n: int, values) -> str:
    """Checksum of a flat engine table; without numpy, position by position."""
    if np is None:
        return checksum_items(zip(grundy.game("chocolate", k=k).index(n).positions(), values))
    return checksum_layout(k, n, values)


def best_time(run, repeat: int):
    """(least CPU time of `repeat` calls, result of the last call)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        result = run()
        best = min(best, time.process_time() - start)
    return best, result


def seed_run(k, n, repeat):
    seconds, table = best_time(lambda: seed_table(k, n), 1)
    return seconds, checksum_items(table.items())


def engine_run(backend):
    def run(k, n, repeat):
        game = grundy.game("chocolate", k=k)
        seconds, table = best_time(lambda: game.table(n, backend=backend), repeat)
        return seconds, checksum(k, n, table.values)
    return run


def compile_c() -> Path | None:
    """Compile the C baseline into bench/out/; None (with a message) without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        print("gcc not found: the C baseline rows are skipped")
        return None
    exe = BENCH / "out" / "chocolate_bitset"
    exe.parent.mkdir(exist_ok=True)
    done = subprocess.run([gcc, "-O2", "-o", str(exe), str(BENCH / "chocolate_bitset.c")])
    if done.returncode:
        print("gcc failed: the C baseline rows are skipped")
        return None
    return exe


def c_runner(exe: Path):
    def run(k, n, repeat):
        best, check = float("inf"), None
        for _ in range(repeat):
            out = subprocess.run([str(exe), str(k), str(n)], check=True, capture_output=True,
                                 text=True).stdout.split()
            best, check = min(best, float(out[4])), " ".join(out[:4])
        return best, check
    return run


def numpy_peak_memory(k: int, n: int) -> str:
    """Peak resident memory of a fresh process that builds the numpy table.

    Read from /proc/self/status (VmHWM) where it exists: on Linux, ru_maxrss of a
    child also counts the parent's memory from before the exec."""
    code = ("import grundy, resource\n"
            f"grundy.game('chocolate', k={k}).table({n}, backend='numpy')\n"
            "try:\n"
            "    lines = open('/proc/self/status').read().splitlines()\n"
            "    print(next(int(l.split()[1]) for l in lines if l.startswith('VmHWM:')))\n"
            "except OSError:\n"
            "    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "engine" / "src"))
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                         text=True).stdout
    return f"{int(out) / 1024:.0f} MiB"


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        self.exit(2, f"bench_engine: {message}\n")


def main(argv=None) -> int:
    parser = _Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="small sizes (seed port 32, pure Python 64, numpy and C 128)")
    parser.add_argument("--k", type=int, default=2, help="the chocolate's k (default 2)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="best of this many runs for the engine and C (default 5)")
    args = parser.parse_args(argv)
    if args.k < 1 or args.repeat < 1:
        parser.error("--k and --repeat must be >= 1")
    k = args.k
    seed_n, info_n, fast_n = (32, 64, 128) if args.quick else (64, 128, 256)

    runners = {"seed port": seed_run, "pure Python": engine_run("python")}
    if np is not None:
        runners["numpy"] = engine_run("numpy")
    else:
        print("numpy not installed: the numpy rows are skipped")
    exe = compile_c()
    if exe is not None:
        runners["C -O2"] = c_runner(exe)
    plan = {seed_n: ["seed port", "pure Python", "numpy", "C -O2"],
            info_n: ["pure Python", "numpy", "C -O2"],
            fast_n: ["numpy", "C -O2"]}

    load = os.getloadavg()[0]
    print(f"chocolate k = {k}; {os.cpu_count()} cores, load average {load:.2f}; "
          f"best of {args.repeat} (seed port: 1 run)\n")
    print(f"{'x, z <=':>8} {'implementation':<14} {'CPU s':>9}  checksum (count P max hash)")
    times, agree = {}, True
    for n, names in plan.items():
        sums = set()
        for name in names:
            if name not in runners:
                continue
            seconds, check = runners[name](k, n, args.repeat)
            times[name, n] = seconds
            sums.add(check)
            print(f"{n:>8} {name:<14} {seconds:>9.4f}  {check}", flush=True)
        if len(sums) > 1:
            agree = False
            print(f"{n:>8} MISMATCH: the implementations disagree")

    print("\nratios")
    rows = [("pure Python vs seed port", seed_n, "seed port", "pure Python",
             "x faster", ">= 20x"),
            ("numpy vs C", fast_n, "numpy", "C -O2", "x the C time", "<= 2x"),
            ("numpy vs pure Python", info_n, "pure Python", "numpy", "x faster", "info")]
    for label, n, a, b, unit, target in rows:
        if (a, n) in times and (b, n) in times:
            print(f"  {label:<25} x, z <= {n:<4} {times[a, n] / times[b, n]:8.1f}{unit:<13}"
                  f" (target {target})")
    if args.quick:
        print("  (--quick: smaller sizes than the targets' x, z <= 64 and 256)")
    if np is not None:
        print(f"\nnumpy peak memory (fresh process, x, z <= {fast_n}): "
              f"{numpy_peak_memory(k, fast_n)}")
    print("\nall implementations agree" if agree else "\nIMPLEMENTATIONS DISAGREE")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
