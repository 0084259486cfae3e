"""Benchmark of the automata decision procedure (grundy.prove.automata), the one the
Discover page runs in the browser: per case, `grundy.prove` with the automata in CPython
(its time and its largest automaton), with MONA (when installed), and with `--pyodide`
the automata again inside Pyodide under Node, as the page's engine runs it; then whether
the page decides it within its work budget (the facade's `prove` runs under
grundy.budget.DISCOVERY: 5 s, 200 MB) and within the browser's usual 2 s. Wall-clock
times of one run (a proof is not repeated: MONA starts a process each time).

    .venv/bin/python scripts/bench_automata.py [--pyodide] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "engine" / "src")]

import grundy  # noqa: E402
from grundy.budget import DISCOVERY  # noqa: E402
from grundy.prove import mona  # noqa: E402

XOR = "x ^ y ^ z == 0"
RYUOH = "(x + y) % p + p * (x // p ^ y // p)"
CASES = [  # game, params, formula (target: P for a comparison, else the Grundy value)
    ("nim", {"heaps": 2}, "h1 ^ h2"), ("nim", {"heaps": 3}, "h1 ^ h2 ^ h3"),
    ("nim", {"heaps": 4}, "h1 ^ h2 ^ h3 ^ h4"),
    ("rect", {"sides": 2}, "right ^ up"), ("rect", {"sides": 4}, "left ^ up ^ right ^ down"),
    ("chomp", {"rows": 2}, "r0 == r1 + 1"), ("chomp", {"rows": 3}, "r0 == r1 + 1"),
    ("wythoff", {}, "x == y"),
    ("step", {"f": "t//2"}, "y ^ z"), ("step", {"f": "t//4"}, "y ^ z"), ("step", {"f": "t//3"}, "y ^ z"),
    ("step3", {"f": "t//2"}, XOR),
    ("chocolate", {"k": 1}, "(x - 1) ^ y ^ (z - 1) == 0"),
    *[("chocolate", {"k": k}, XOR) for k in (3, 5, 7, 9, 11, 13, 15, 19, 31)],
    *[("ryuoh", {"p": p}, RYUOH) for p in (1, 2, 3, 4, 5, 6, 7)],
]
SECONDS = 600  # each case's limit here: how long it takes, not whether it fits

PYODIDE = r"""
import fs from "node:fs";
import path from "node:path";
const [root, cases, seconds] = process.argv.slice(1);
const { loadPyodide } = await import(path.join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules", "pyodide") + path.sep });
function copyIn(from, to) {
  if (fs.statSync(from).isDirectory()) {
    pyodide.FS.mkdirTree(to);
    for (const name of fs.readdirSync(from)) if (name !== "__pycache__") copyIn(path.join(from, name), `${to}/${name}`);
  } else pyodide.FS.writeFile(to, fs.readFileSync(from));
}
copyIn(path.join(root, "engine", "src", "grundy"), "/home/pyodide/grundy");
pyodide.globals.set("CASES", cases);
pyodide.globals.set("SECONDS", Number(seconds));
console.log(await pyodide.runPythonAsync(`
import json, sys, time
sys.path.insert(0, "/home/pyodide")
import grundy
out = []
for name, params, formula in json.loads(CASES):
    start = time.monotonic()
    p = grundy.prove(grundy.game(name, **params), formula, method="automata", seconds=SECONDS)
    out.append({"proved": p.proved, "seconds": time.monotonic() - start, "states": p.states})
json.dumps(out)
`));
"""


def timed(name, params, formula, method):
    start = time.monotonic()
    p = grundy.prove(grundy.game(name, **params), formula, method=method, seconds=SECONDS, megabytes=1500)
    return {"proved": p.proved, "seconds": time.monotonic() - start, "states": p.states,
            "counterexample": p.counterexample}


def in_pyodide() -> list[dict]:
    run = subprocess.run(["node", "--input-type=module", "-e", PYODIDE, str(ROOT),
                          json.dumps(CASES), str(SECONDS)],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def verdict(answer) -> str:
    if answer["proved"] is None:
        return "not decided"
    if answer["proved"]:
        return "proved"
    return "refuted at {" + ",\u00a0".join(map(str, answer["counterexample"])) + "}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", action="store_true", help="also time the automata in Pyodide (Node)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    rows = []
    browser = in_pyodide() if args.pyodide else [None] * len(CASES)
    for (name, params, formula), wasm in zip(CASES, browser):
        label = grundy.game(name, **params).label().en
        unnamed = [f"{k} = {v}" for k, v in params.items() if f"{k} = {v}" not in label and k != "f"]
        label += f" ({', '.join(unnamed)})" if unnamed else ""
        auto = timed(name, params, formula, "automata")
        row = [label, f"`{formula}`", verdict(auto), f"{auto['seconds']:.2f} s", f"{auto['states'] or 0:,}"]
        if mona.available():
            row.append(f"{timed(name, params, formula, 'mona')['seconds']:.2f} s")
        if wasm is not None:
            fits = ("yes" if wasm["seconds"] <= 2 else "within 5 s" if wasm["seconds"] <= DISCOVERY.seconds
                    else "no")
            row += [f"{wasm['seconds']:.2f} s", fits]
        rows.append(row)
    head = ["game", "formula", "answer", "automata (CPython)", "largest automaton"]
    head += ["MONA"] * mona.available() + ["automata (Pyodide)", "in the page"] * args.pyodide
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + " --- |" * len(head))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        for row in rows:
            print("  ".join(f"{h}: {v}" for h, v in zip(head, row)))


if __name__ == "__main__":
    main()
