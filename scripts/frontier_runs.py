"""The frontier's big runs (issue 50): three-row Chomp to r0 <= 20,000 and the triangular
chocolates k = 2, 4, 6, 8, 5, 9, 13 to x, z <= 10,000, as one sweep (grundy.frontier.sweep)
into a results directory (resumable: a job done is not run again), then their manifests
into scripts/sitegen/frontier_runs.json, which the frontier pages read. The data files
themselves are release artifacts (.github/workflows/frontier-data.yml runs this script).

    python scripts/frontier_runs.py [--results DIR] [--workers 2 | --scheduler ADDRESS]
                                    [--seconds 3600] [--chomp 20000] [--chocolate 10000]
                                    [--record FILE] [--record-only]

--record-only writes the record of the jobs already done in the results directory (for
a sweep stopped part way), without running anything.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from grundy.frontier import sweep
from grundy.frontier.data import machine
from grundy.frontier.jobs import Job

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "scripts" / "sitegen" / "frontier_runs.json"
KS = (2, 4, 6, 8, 5, 9, 13)


def jobs(chomp: int, chocolate: int) -> list[Job]:
    """The big runs, the longest first (so that two workers finish together)."""
    return [Job("frontier", {"problem": "chocolate", "k": 2, "max": chocolate}),
            Job("frontier", {"problem": "chomp3", "max": chomp}),
            *(Job("frontier", {"problem": "chocolate", "k": k, "max": chocolate}) for k in KS[1:])]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", default=str(ROOT / "frontier-results"))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler")
    parser.add_argument("--seconds", type=int, default=3600)
    parser.add_argument("--chomp", type=int, default=20_000)
    parser.add_argument("--chocolate", type=int, default=10_000)
    parser.add_argument("--record", default=str(RECORD))
    parser.add_argument("--record-only", action="store_true",
                        help="write the record of the jobs already done, run nothing")
    args = parser.parse_args()
    start = time.monotonic()
    todo = jobs(args.chomp, args.chocolate)
    if args.record_only:
        results = {job.id: r for job in todo if (r := sweep.done(Path(args.results), job))}
        todo = [job for job in todo if job.id in results]
    else:
        results = sweep.run(todo, Path(args.results), args.seconds, args.workers, args.scheduler,
                            lambda line: print(line, flush=True))
        if any(r["status"] != "done" for r in results.values()):
            return 1
    path = Path(args.record)
    record = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    record |= {"sweep": {"workers": args.workers if not args.scheduler else None,
                        "seconds": None if args.record_only else round(time.monotonic() - start, 1),
                        "machine": machine(),
                        "date": time.strftime("%Y-%m-%d", time.gmtime()),
                        "command": "python scripts/frontier_runs.py"},
              "runs": [results[job.id]["result"] for job in todo]}
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.record}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
