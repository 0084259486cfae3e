"""Where a command's CPU time goes: runs it and prints the CPU seconds of each kind of
process on the machine while it ran (Chromium's renderers, its browser process, the test
processes, Pyodide under Node, MONA...), sampled from /proc every 0.3 s. A process's CPU
after the last sample that saw it is lost (up to 0.3 s on each core it used; the command's
own last interval too), and a process that starts and ends between two samples is not
counted at all (short runs, such as MONA's, are undercounted). The machine's other jobs
are counted too, by their kind: measure on an otherwise idle machine.

    .venv/bin/python scripts/bench_cpu.py -- .venv/bin/python -m pytest tests/browser -n 2
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")
# (kind, words of its command line that all must appear), the first that matches
KINDS = [
    ("Chromium: the address bar's popup", ("chromium", "--top-chrome-webui")),
    ("Chromium: renderers", ("chromium", "--type=renderer")),
    ("Chromium: GPU process", ("chromium", "--type=gpu-process")),
    ("Chromium: network", ("chromium", "NetworkService")),
    ("Chromium: other helpers", ("chromium", "--type=")),
    ("Chromium: browser process", ("chromium",)),
    ("Lighthouse", ("lighthouse",)),
    ("Pyodide under Node", ("run_in_pyodide",)),
    ("Playwright's driver", ("playwright", "node")),
    ("the site's server", ("serve.py",)),
    ("the test processes", ("python", "sys.stdin.readline")),  # pytest-xdist's workers
    ("Python: pytest, builds", ("python",)),
]


def kind(command: str) -> str:
    if os.path.basename(command.split(" ", 1)[0]) == "mona":
        return "MONA"
    return next((name for name, words in KINDS if all(w in command for w in words)), "other")


def processes() -> dict[tuple[int, str], tuple[str, int]]:
    """{(pid, start time): (kind, CPU ticks so far)} of every process now."""
    now = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read()
            command = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # ended meanwhile
        fields = stat[stat.rindex(")") + 2:].split()
        now[(int(pid), fields[19])] = (kind(command), int(fields[11]) + int(fields[12]))
    return now


def sample(command: list[str]) -> tuple[dict[str, float], float, int]:
    """Run command: ({kind: CPU seconds while it ran}, its wall-clock seconds, its exit code)."""
    me = os.getpid()
    seen = {key: ticks for key, (_, ticks) in processes().items()}  # before: not counted
    spent: dict[str, int] = {}
    start = time.monotonic()
    child = subprocess.Popen(command)
    while True:
        done = child.poll() is not None
        for key, (name, ticks) in processes().items():
            if key[0] != me:
                spent[name] = spent.get(name, 0) + ticks - seen.get(key, 0)
                seen[key] = ticks
        if done:
            return {k: v / TICKS for k, v in spent.items()}, time.monotonic() - start, child.returncode
        time.sleep(0.3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="+", help="the command to run (after --)")
    args = parser.parse_args(argv)
    try:
        spent, wall, code = sample(args.command)
    except OSError as error:
        print(f"bench_cpu.py: cannot run {args.command[0]}: {error.strerror}", file=sys.stderr)
        return 2
    total = sum(spent.values()) or 1e-9  # (a command too short to be seen)
    print(f"{wall:.0f} s of wall-clock time, {total:.0f} s of CPU ({100 * total / wall / os.cpu_count():.0f} % of "
          f"{os.cpu_count()} cores); exit code {code}")
    for name, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"{seconds:8.1f} s  {100 * seconds / total:5.1f} %  {name}")
    return code


if __name__ == "__main__":
    sys.exit(main())
