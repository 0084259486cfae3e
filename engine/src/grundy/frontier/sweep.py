"""A sweep: independent jobs (grundy.frontier.jobs) run on Dask (`dask.distributed`), on a
LocalCluster of worker processes by default or on the cluster of a scheduler's address.

Resumable: each job's result is `RESULTS/JOB-ID/result.json`, written when the job is
done, and a job with a result is not run again. A job's limits: its seconds (the work
model refuses it before it starts, and stops it past them) and, on a LocalCluster, each
worker's memory (Dask restarts a worker past it). A worker that dies (killed, out of
memory) loses nothing: the scheduler runs its job again on another worker (up to Dask's
`allowed-failures`, 3). On a cluster, RESULTS must be a file system every worker sees.

Needs `dask.distributed` (requirements.txt); imported by `grundy frontier sweep` only."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from dask.distributed import Client, LocalCluster, as_completed

from ..errors import GameError
from .jobs import KINDS, Job

MEMORY = 1_500_000_000  # a LocalCluster worker's memory limit (bytes)
CONNECT = 10            # seconds to reach a scheduler


def execute(target: str, params: dict, folder: str, seconds: int) -> dict:
    """Run one job in a worker: its summary with its status, "done" or "refused" (over its
    limits: the message says why), its wall and CPU time and the worker's process id."""
    from .jobs import function

    start, cpu = time.monotonic(), time.process_time()
    try:
        summary = {"status": "done", "result": function(target)(params, folder, seconds)}
    except GameError as e:
        summary = {"status": "refused", "error": str(e)}
    return {**summary, "seconds": round(time.monotonic() - start, 2),
            "cpu": round(time.process_time() - cpu, 2), "pid": os.getpid()}


def result_path(results: Path, job: Job) -> Path:
    return Path(results) / job.id / "result.json"


def done(results: Path, job: Job) -> dict | None:
    """The stored result of a job done, or None."""
    path = result_path(results, job)
    if path.exists():
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored.get("status") == "done":
            return stored
    return None


def _store(results: Path, job: Job, outcome: dict) -> None:
    path = result_path(results, job)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name("result.json.partial")
    partial.write_text(json.dumps({"kind": job.kind, "params": job.params, **outcome}, indent=1),
                       encoding="utf-8")
    partial.replace(path)


def cluster(workers: int, memory: int = MEMORY) -> LocalCluster:
    """A LocalCluster of `workers` single-threaded worker processes on this machine only."""
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                        host="127.0.0.1", dashboard_address=":0", memory_limit=memory)


def run(jobs: list[Job], results: Path, seconds: int, workers: int = 2,
        scheduler: str | None = None, progress: Callable[[str], None] = print,
        client: Client | None = None) -> dict[str, dict]:
    """Run the jobs not done yet (on `client`, the scheduler at `scheduler`, or a new
    LocalCluster of `workers`), each within `seconds`; return every job's result by id."""
    results = Path(results)
    out = {job.id: r for job in jobs if (r := done(results, job))}
    todo = [job for job in jobs if job.id not in out]
    progress(f"{len(out)} of {len(jobs)} jobs already done; {len(todo)} to run")
    if not todo:
        return out
    own = client is None
    if own:
        client = Client(scheduler, timeout=CONNECT) if scheduler else Client(cluster(workers))
    try:
        futures = {client.submit(execute, KINDS[job.kind], job.params,
                                 str(results / job.id), seconds, key=job.id, pure=False): job
                   for job in todo}
        for future in as_completed(futures):
            job, outcome = futures[future], future.result()
            if outcome["status"] == "done":
                _store(results, job, outcome)
            out[job.id] = outcome
            progress(f"[{len(out)}/{len(jobs)}] {job.id}: {outcome['status']} in "
                     f"{outcome['seconds']:,.1f} s" + (f" ({outcome['error']})"
                                                       if outcome["status"] != "done" else ""))
    finally:
        if own:
            cluster_ = client.cluster
            client.close()
            if cluster_ is not None:
                cluster_.close()
    return out
