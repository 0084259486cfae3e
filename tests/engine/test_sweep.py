"""The sweep (grundy.frontier.sweep, issue 50) on a LocalCluster of two worker processes:
the same results as a serial run, resumable, over-limit jobs refused, and a killed
worker's job run again with nothing lost."""

import json
import os
import signal
import sys
import threading
import time

import pytest

pytest.importorskip("dask")  # not in Pyodide, where the engine's other tests run too

from grundy.frontier import jobs, sweep
from grundy.frontier.jobs import Job

KIND = '''
import os, time
from pathlib import Path


def wait(params, folder, seconds):
    """Mark the start (with this worker's process id), then wait for the test's release."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"started-{os.getpid()}").write_text("")
    deadline = time.monotonic() + 60
    while not Path(params["release"]).exists():
        if time.monotonic() > deadline:
            raise TimeoutError("never released")
        time.sleep(0.05)
    return {"value": params["value"], "pid": os.getpid()}
'''


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    """Two single-threaded worker processes on this machine; they import the test's job
    kind from a folder put on the path before they start."""
    kinds = tmp_path_factory.mktemp("kinds")
    (kinds / "sweep_test_kind.py").write_text(KIND)
    sys.path.insert(0, str(kinds))
    jobs.register("test-wait", "sweep_test_kind:wait")
    from dask.distributed import Client

    with sweep.cluster(2) as cluster, Client(cluster) as c:
        yield c
    sys.path.remove(str(kinds))
    jobs.KINDS.pop("test-wait")


JOBS = [Job("frontier", {"problem": "chocolate", "k": k, "max": 60}) for k in (2, 4, 5, 9)] \
    + [Job("frontier", {"problem": "chomp3", "max": 80})]


def serial(results):
    """The same jobs run one after another in this process."""
    return {job.id: sweep.execute(jobs.KINDS[job.kind], job.params, str(results / job.id), 60)
            for job in JOBS}


def test_two_workers_as_serial(client, tmp_path):
    lines = []
    out = sweep.run(JOBS, tmp_path / "sweep", 60, client=client, progress=lines.append)
    alone = serial(tmp_path / "serial")
    assert set(out) == set(alone) == {job.id for job in JOBS}
    for job_id, r in out.items():
        assert r["status"] == "done" == alone[job_id]["status"]
        assert r["result"]["count"] == alone[job_id]["result"]["count"]
        assert r["result"]["files"] == alone[job_id]["result"]["files"]  # the same bytes
    assert len({r["pid"] for r in out.values()}) == 2  # both workers took jobs
    assert lines[0] == "0 of 5 jobs already done; 5 to run" and len(lines) == 6


def test_resumed(client, tmp_path):
    """A job done is not run again: its result stays as it was."""
    results = tmp_path / "sweep"
    sweep.run(JOBS[:2], results, 60, client=client, progress=lambda line: None)
    first = {j.id: sweep.result_path(results, j).stat().st_mtime_ns for j in JOBS[:2]}
    lines = []
    out = sweep.run(JOBS, results, 60, client=client, progress=lines.append)
    assert lines[0] == "2 of 5 jobs already done; 3 to run"
    assert {j.id: sweep.result_path(results, j).stat().st_mtime_ns for j in JOBS[:2]} == first
    assert all(r["status"] == "done" for r in out.values())


def test_over_its_limits(client, tmp_path):
    """A job over its seconds is refused at once, with its cost, and not stored."""
    job = Job("frontier", {"problem": "chomp3", "max": 20_000})
    out = sweep.run([job], tmp_path, 5, client=client, progress=lambda line: None)
    assert out[job.id]["status"] == "refused"
    assert "needs about" in out[job.id]["error"] and "--seconds" in out[job.id]["error"]
    assert sweep.done(tmp_path, job) is None


def wait_for(condition, what, seconds=60):
    deadline = time.monotonic() + seconds
    while not (found := condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
    return found


def test_killed_worker(client, tmp_path):
    """The worker running a job is killed: the job runs again on a worker, and its result
    and the other jobs' are all there."""
    release = tmp_path / "release"
    waiting = Job("test-wait", {"value": 7, "release": str(release)})
    others = JOBS[:2]
    folder = tmp_path / "sweep" / waiting.id
    done = {}
    thread = threading.Thread(target=lambda: done.update(sweep.run(
        [waiting, *others], tmp_path / "sweep", 60, client=client, progress=lambda line: None)))
    thread.start()
    started = lambda: sorted(folder.glob("started-*")) if folder.exists() else []  # noqa: E731
    first = wait_for(started, "the job to start")[0]
    os.kill(int(first.name.split("-")[1]), signal.SIGKILL)
    wait_for(lambda: len(started()) >= 2, "the job to start again")
    release.write_text("")
    thread.join(120)
    assert not thread.is_alive()
    assert done[waiting.id]["status"] == "done" and done[waiting.id]["result"]["value"] == 7
    assert done[waiting.id]["result"]["pid"] != int(first.name.split("-")[1])
    assert all(done[j.id]["status"] == "done" for j in others)
    stored = json.loads(sweep.result_path(tmp_path / "sweep", waiting).read_text())
    assert stored["result"]["value"] == 7


def test_no_scheduler_there(tmp_path, monkeypatch):
    """A scheduler address where none answers: one line, exit 2, not a traceback."""
    from grundy import cli

    monkeypatch.setattr(sweep, "CONNECT", 1)
    with pytest.raises(cli.UsageError, match="the sweep lost its cluster"):
        cli.run(["frontier", "sweep", "chomp3", "--max", "10", "--out", str(tmp_path),
                 "--scheduler", "tcp://127.0.0.1:9"])
