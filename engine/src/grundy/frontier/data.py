"""The data files of a frontier computation, and how to read them back.

For a computation with stem S (e.g. `chocolate-k4-max10000`), three files:

* `S.csv.gz`: gzip of a CSV text (UTF-8, LF line ends): a header line with the three
  coordinates (`r0,r1,r2` or `x,y,z`), then one P-position per line, in the problem's order
  (Chomp: by r1, then r2; the chocolate: by z, then y).
* `S.u32.gz`: gzip of the same P-positions, in the same order, as little-endian unsigned
  32-bit integers, three per P-position (r0 r1 r2, or x y z) and nothing else.
* `S.json`: the manifest: problem, params, max, coords, order, count (P-positions), method,
  engine (version), files (name -> bytes, sha256 of the file as stored, content_sha256 of
  its uncompressed content: the same wherever it is made, while the compressed bytes may
  differ with the zlib library), seconds (wall),
  cpu_seconds, peak_mb, machine, date (UTC), command (the one that reproduces the files).

The gzip streams carry no time stamp or name, so the same computation with the same zlib
gives the same bytes, and with any zlib the same content checksums.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import platform
import sys
import time
from array import array
from collections.abc import Iterator
from pathlib import Path

from ..errors import BudgetError
from .problems import Problem

LEVEL = 6  # gzip level: most of level 9's size at a fraction of its time


def _gzip(path: Path):
    return gzip.GzipFile(filename="", mode="wb", compresslevel=LEVEL, mtime=0,
                         fileobj=open(path, "wb"))


def csv_lines(problem: Problem, record) -> str:
    """The CSV lines (each ending in LF) of one record's P-positions."""
    return "".join(f"{a},{b},{c}\n" for a, b, c in problem.triples(record))


def u32(problem: Problem, record) -> bytes:
    """One record's P-positions as little-endian uint32 triples."""
    values = array("I", (v for p in problem.triples(record) for v in p))
    if sys.byteorder == "big":
        values.byteswap()
    return values.tobytes()


def timed(records: Iterator, seconds: float | None, what: str) -> Iterator:
    """`records`, refusing to go on (BudgetError) once the process has used `seconds` more
    of CPU time (the work, whatever else the machine runs)."""
    deadline = None if seconds is None else time.process_time() + seconds
    for record in records:
        if deadline is not None and time.process_time() > deadline:
            raise BudgetError(f"{what} ran past its limit of {seconds:,.0f} s and was stopped",
                              f"{what} は制限時間 {seconds:,.0f} 秒を超えたので止めました。")
        yield record


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def machine() -> str:
    """This machine in a few words: processor, cores, Python."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def peak_mb() -> int:
    """The process's peak resident memory so far, in MB (0 where unknown). On Linux the
    program's own high-water mark (VmHWM): ru_maxrss keeps the parent's size across fork and
    exec, so a run started by a big process (the site's build) would report that."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) // 1024
    except (OSError, StopIteration, ValueError):
        pass
    try:
        import resource
    except ImportError:
        return 0
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb // 1024 if sys.platform != "darwin" else kb // 2**20


def write(problem: Problem, params: dict, limit: int, folder: Path, command: str,
          seconds: float | None = None, progress=None) -> dict:
    """Compute and write the three files of `problem` up to `limit` into `folder`; return
    the manifest. `progress(done, total)` is called after each record; `seconds` stops a
    computation that uses more CPU time (BudgetError)."""
    from .. import __version__

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stem = problem.stem(params, limit)
    paths = {ext: folder / f"{stem}.{ext}" for ext in ("csv.gz", "u32.gz")}
    partial = {ext: p.with_name(p.name + ".partial") for ext, p in paths.items()}
    start, cpu, count = time.monotonic(), time.process_time(), 0
    content = {ext: hashlib.sha256() for ext in paths}
    with _gzip(partial["csv.gz"]) as text, _gzip(partial["u32.gz"]) as binary:
        def put(ext, stream, data: bytes):
            stream.write(data)
            content[ext].update(data)

        put("csv.gz", text, (",".join(problem.coords) + "\n").encode())
        for i, record in enumerate(timed(problem.records(params, limit), seconds,
                                         problem.label(params))):
            lines = csv_lines(problem, record)
            count += lines.count("\n")
            put("csv.gz", text, lines.encode())
            put("u32.gz", binary, u32(problem, record))
            if progress:
                progress(i + 1, limit + 1)
    elapsed, cpu = time.monotonic() - start, time.process_time() - cpu
    for ext, p in partial.items():
        p.replace(paths[ext])
    manifest = {
        "problem": problem.name, "params": params, "max": limit, "coords": list(problem.coords),
        "order": problem.order, "count": count, "method": problem.method, "engine": __version__,
        "files": {p.name: {"bytes": p.stat().st_size, "sha256": sha256(p),
                           "content_sha256": content[ext].hexdigest()} for ext, p in paths.items()},
        "seconds": round(elapsed, 1), "cpu_seconds": round(cpu, 1), "peak_mb": peak_mb(), "machine": machine(),
        "date": time.strftime("%Y-%m-%d", time.gmtime()), "command": command}
    (folder / f"{stem}.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def read_csv(path: Path) -> Iterator[tuple[int, int, int]]:
    """The P-positions of a `.csv.gz` file, in its order."""
    with gzip.open(path, "rt", encoding="utf-8", newline="") as f:
        next(f)
        for line in f:
            a, b, c = line.split(",")
            yield int(a), int(b), int(c)


def read_u32(path: Path) -> Iterator[tuple[int, int, int]]:
    """The P-positions of a `.u32.gz` file, in its order."""
    with gzip.open(path, "rb") as f:
        while block := f.read(12 << 16):
            values = array("I", block)
            if sys.byteorder == "big":
                values.byteswap()
            yield from zip(values[0::3], values[1::3], values[2::3])
