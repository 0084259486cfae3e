"""`grundy frontier`: a frontier computation on the command line, or a sweep of them.

    grundy frontier chomp3 --max N [--out DIR] [--seconds S]
    grundy frontier chocolate --k K --max N [--out DIR] [--seconds S]
    grundy frontier sweep PROBLEM [--k K1,K2,...] --max N1,N2,... --out DIR
                          [--workers W | --scheduler ADDRESS] [--seconds S]

Without --out the P-positions are written to standard output as CSV while they are
computed (nothing is kept); with --out, the data files and their manifest
(grundy.frontier.data) and one line saying what was written. Each computation is refused
at once when the work model says it needs more than --seconds (default: the command
line's 10 s), with what it would cost; it is stopped if its CPU time passes them."""

from __future__ import annotations

import sys

from ..budget import CLI, for_seconds, using
from ..errors import UsageError
from ..numbers import parse_int
from .jobs import Job, hint
from .problems import problem


def _ints(text: str | None, what: str) -> list[int]:
    if text is None:
        raise UsageError(f"frontier needs {what}")
    return [parse_int(part, what) for part in text.split(",")]


def _params(p, args, many: bool) -> list[dict]:
    """Every combination of the problem's parameters given (comma lists when `many`)."""
    if p.params and args.k is None:
        raise UsageError(f"{p.name} needs --k K")
    if not p.params and args.k is not None:
        raise UsageError(f"{p.name} takes no --k")
    ks = _ints(args.k, "--k") if p.params else [None]
    if not many and len(ks) > 1:
        raise UsageError("one --k at a time (a sweep takes several)")
    for k in ks:
        if k is not None and k < 1:
            raise UsageError("--k must be at least 1")
    return [{"k": k} if k is not None else {} for k in ks]


def _limits(args, many: bool) -> list[int]:
    limits = _ints(args.max, "--max N")
    if not many and len(limits) > 1:
        raise UsageError("one --max at a time (a sweep takes several)")
    return limits


def run(args, out=None) -> int:
    """Execute `grundy frontier ...` (args: the command line's namespace)."""
    out = out or sys.stdout
    words = list(args.coords)
    sweep = bool(words) and words[0] == "sweep"
    if sweep:
        words.pop(0)
    if len(words) != 1:
        raise UsageError("frontier needs one problem: chomp3 or chocolate (or sweep PROBLEM)")
    p = problem(words[0])
    seconds = CLI.seconds if args.seconds is None else parse_int(args.seconds, "--seconds")
    if seconds < 1:
        raise UsageError("--seconds must be at least 1")
    params, limits = _params(p, args, sweep), _limits(args, sweep)
    for own in params:
        for limit in limits:
            with using(for_seconds(seconds) if args.seconds else CLI):
                p.require(own, limit, hint(p.cost(own, limit)[0]))
    if sweep:
        return _sweep(p, params, limits, seconds, args, out)
    if args.workers or args.scheduler:
        raise UsageError("--workers and --scheduler are for a sweep")
    own, limit = params[0], limits[0]
    if args.out:
        from .jobs import frontier

        m = frontier({"problem": p.name, **own, "max": limit}, args.out, seconds)
        out.write(f"{m['count']:,} P-positions in {m['seconds']:,} s (peak {m['peak_mb']:,} MB): "
                  + ", ".join(m["files"]) + f" and {p.stem(own, limit)}.json in {args.out}\n")
        return 0
    from .data import csv_lines, timed

    out.write(",".join(p.coords) + "\n")
    for record in timed(p.records(own, limit), seconds, p.label(own)):
        out.write(csv_lines(p, record))
    return 0


def _sweep(p, params, limits, seconds, args, out) -> int:
    if not args.out:
        raise UsageError("a sweep needs --out DIR (its results directory)")
    if args.workers and args.scheduler:
        raise UsageError("use --workers or --scheduler, not both")
    workers = parse_int(args.workers, "--workers") if args.workers else 2
    if workers < 1:
        raise UsageError("--workers must be at least 1")
    try:
        from . import sweep
    except ImportError:
        raise UsageError("a sweep needs dask.distributed: pip install -r requirements.txt") from None
    jobs = [Job("frontier", {"problem": p.name, **own, "max": limit})
            for own in params for limit in limits]
    try:
        results = sweep.run(jobs, args.out, seconds, workers, args.scheduler,
                            lambda line: out.write(line + "\n"))
    except (OSError, TimeoutError) as e:  # no scheduler at that address, or it went away
        raise UsageError(f"the sweep lost its cluster ({args.scheduler or 'local'}): "
                         f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    return 0 if all(r["status"] == "done" for r in results.values()) else 1
