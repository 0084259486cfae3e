"""The sweep's speed-up (issue 50): the same frontier jobs (the chocolates k = 2, 4, 6, 8,
5, 9, 13 and three-row Chomp, moderate bounds) on a LocalCluster of 1, then 2 worker
processes, each time from an empty results directory. Prints the wall times and writes
them, with the jobs' CPU time and the load average, under "speedup" in
scripts/sitegen/frontier_runs.json (the frontier page shows them). Never asserted.

    python scripts/bench_sweep.py [--chocolate 1200] [--chomp 3000] [--record FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from grundy.frontier import sweep
from grundy.frontier.data import machine
from grundy.frontier.jobs import Job

ROOT = Path(__file__).resolve().parents[1]
KS = (2, 4, 6, 8, 5, 9, 13)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chocolate", type=int, default=1200)
    parser.add_argument("--chomp", type=int, default=3000)
    parser.add_argument("--record", default=str(ROOT / "scripts" / "sitegen" / "frontier_runs.json"))
    args = parser.parse_args()
    jobs = [Job("frontier", {"problem": "chomp3", "max": args.chomp}),
            *(Job("frontier", {"problem": "chocolate", "k": k, "max": args.chocolate}) for k in KS)]
    runs = []
    for workers in (1, 2):
        with tempfile.TemporaryDirectory() as results:
            load, start = os.getloadavg(), time.monotonic()
            out = sweep.run(jobs, Path(results), 3600, workers, progress=lambda line: None)
            seconds = time.monotonic() - start
        runs.append({"workers": workers, "seconds": round(seconds, 1),
                     "cpu": round(sum(r["cpu"] for r in out.values()), 1),
                     "load": [round(load[0], 1), round(os.getloadavg()[0], 1)]})
        print(f"{workers} worker(s): {seconds:,.1f} s wall, jobs' CPU {runs[-1]['cpu']:,.1f} s, "
              f"load {runs[-1]['load']}", flush=True)
    path = Path(args.record)
    record = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    record["speedup"] = {
        "command": f"python scripts/bench_sweep.py --chocolate {args.chocolate} --chomp {args.chomp}",
        "jobs": len(jobs), "machine": machine(), "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "runs": runs}
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"speed-up {runs[0]['seconds'] / runs[1]['seconds']:.2f}; wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
