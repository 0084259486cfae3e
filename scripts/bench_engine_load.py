"""Engine benchmark: what the widgets' engine costs to load, for each way of building it
(not a timed test; prints a table).

The variants are the built site with its engine prepared by scripts/build_pyc.mjs with
other options, each in its own copy (hard links but for assets/vendor/wheels/):

* before: Pyodide's whole standard library and a memory snapshot (the setup before #41);
* whole: the whole library, Python started the usual way;
* engine+snapshot: the standard library trimmed to the engine's modules, and a snapshot
  made on it (a snapshot holds the library's directory: it needs its own);
* engine: the trimmed library, no snapshot;
* kept: the trimmed library, and the snapshot the browser makes after its first start
  and keeps for later visits (the build's default).

For each network profile of scripts/bench_network.py (Chromium's network and CPU
emulation; a 390 x 844 touch screen; a fresh profile per visit), a page without widgets
is opened and, once loaded, the engine is started (engine-client.js's `engine.start()`):
"ready" is the time from the start to the engine's answer (`engine.loadMs`), "bytes" what
the server sent meanwhile, as sent (gzip where GitHub Pages compresses), and "import"
the worker's unpacking and import of the engine once Python has started (CPU only). Where
the browser keeps a snapshot, the first visit waits until it is kept: "snapshot" is the
time the worker took to copy Python's memory (just after its ready), "kept" the time to
compress and store it (once the worker is idle) and its size in Cache Storage.
The variants are measured one at a time, interleaved (a, b, c, d, a, b, ...), RUNS rounds;
the table shows each median, the runs are on stderr.

With --second-visit, also a second visit in the same profile (its HTTP cache and Cache
Storage kept) within GitHub Pages' 10 minutes of caching (the server sends max-age=600,
as Pages does), after the first visit of the same run (measured as above). A
visit after them, when the browser asks about every file again (ETag, 304 Not Modified),
is not measured: bench/serve.py answers in HTTP/1.0, and Chromium sends no conditional
request for such a response (a review found every file revalidated with HTTP/1.1).

    .venv/bin/python scripts/bench_engine_load.py [--site DIR] [--runs 3] [--profiles slow,4g]
        [--second-visit] [--variants before,whole,engine+snapshot,engine,kept]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from bench.phone import PROFILES, Counter, counting_server, emulate, phone, size  # noqa: E402

VARIANTS = {  # name: (label, build_pyc.mjs's options)
    "before": ("today (whole library + snapshot)", ["--stdlib", "full", "--snapshot"]),
    "whole": ("no snapshot", ["--stdlib", "full", "--browser-snapshot", "off"]),
    "engine+snapshot": ("engine library + snapshot", ["--stdlib", "engine", "--snapshot"]),
    "engine": ("engine library", ["--stdlib", "engine", "--browser-snapshot", "off"]),
    "kept": ("engine library + snapshot kept by the browser (adopted)", ["--stdlib", "engine"]),
}
PAGE = "about/"  # no widget: nothing but the benchmark starts the engine
# Start the engine; where the worker makes a snapshot to keep, wait until it is kept.
START = """async () => {
  const { engine } = await import(new URL("../assets/widgets/engine-client.js", location.href).href);
  engine.start();
  await engine.ready();
  const out = { ms: engine.loadMs, times: engine.boot.times, start: engine.boot.start };
  while (engine.boot.keeps && !engine.kept) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...out, kept: engine.kept };
}"""
TIMEOUT_S = 180


def variant_site(site: Path, where: Path, options: list[str]) -> Path:
    """A copy of `site` (hard links) whose engine build_pyc.mjs prepared with `options`."""
    wheels = Path("assets", "vendor", "wheels")
    shutil.copytree(site, where, copy_function=os.link, ignore=lambda d, names: (
        names if Path(d) == site / wheels else []))
    for name in ("grundy.json", *(f.name for f in (site / wheels).glob("*.whl"))):
        shutil.copy(site / wheels / name, where / wheels / name)
    info = json.loads((where / wheels / "grundy.json").read_text())
    (where / wheels / "grundy.json").write_text(json.dumps({"wheel": info["wheel"]}))
    done = subprocess.run(["node", str(ROOT / "scripts" / "build_pyc.mjs"), str(where), *options],
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"bench_engine_load: build_pyc.mjs {' '.join(options)} failed: {done.stderr[-500:]}")
    print(done.stdout.strip(), file=sys.stderr)
    return where


async def visit(context, base: str, profile: str, counter: Counter) -> dict:
    """Open PAGE on `profile`, start the engine: {ready, import (ms, or None: not ready),
    bytes, start ("snapshot" or "fresh"), snapshot (ms), kept ({ms, bytes, memory}, or None)}."""
    page = await context.new_page()
    await emulate(context, page, profile)
    await page.goto(base + PAGE, wait_until="load", timeout=TIMEOUT_S * 1000)
    await page.wait_for_timeout(1000)  # the page's own late requests
    before = counter.by(1e9)
    out = {"ready": None, "import": None, "bytes": None, "snapshot": None, "kept": None}
    try:
        result = await asyncio.wait_for(page.evaluate(START), TIMEOUT_S)
        times = result["times"]
        out.update(ready=result["ms"], times=times, start=result["start"], kept=result["kept"],
                   snapshot=(result["kept"] or {}).get("made"),
                   **{"import": times["engine"] - times["wheel"]})
    except Exception as err:  # noqa: BLE001 - not ready in time: "never"
        print(f"  not ready: {str(err)[:200]}", file=sys.stderr)
    out["bytes"] = counter.by(1e9) - before
    await page.close()
    return out


async def measure(browser, site: Path, profile: str, second: bool) -> list[dict]:
    """A fresh profile's visit, and (`second`) the profile's second visit (its HTTP cache
    and storage kept)."""
    counter = Counter()
    with counting_server(site, counter) as base:
        context = await phone(browser)
        out = [await visit(context, base, profile, counter)]
        if second:
            out.append(await visit(context, base, profile, counter))
        await context.close()
    return out


# column title: a second visit?
VISITS = {"first visit": False, "again within 10 min": True}


async def run(sites: dict, profiles: list[str], runs: int, visits: list[str]) -> dict:
    from playwright.async_api import async_playwright

    results = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for profile in profiles:
            for round_ in range(runs):
                for label, site in sites.items():
                    found = await measure(browser, site, profile, len(visits) > 1)
                    for visit_, one in zip(visits, found):
                        results.setdefault((label, profile, visit_), []).append(one)
                        print(f"{profile} run {round_ + 1} {visit_} {label}: {one}", file=sys.stderr, flush=True)
        await browser.close()
    return results


def table(results: dict, labels: list[str], profiles: list[str], visits: list[str]) -> str:
    """A Markdown table: one row per variant, each profile's and visit's medians side by side."""
    def median(rows, key, field=None):
        values = [r[key] if field is None else (r[key] or {}).get(field) for r in rows]
        return None if any(v is None for v in values) else statistics.median(values)

    def s(ms):
        return "never" if ms is None else f"{ms / 1000:.1f} s"

    def optional(value, show):
        return "–" if value is None else show(value)

    head = ["variant"]
    for visit_ in visits:
        head += [f"bytes ({visit_})"] + [f"ready ({profile}, {visit_})" for profile in profiles]
    head += [f"import ({profile})" for profile in profiles]
    head += [f"snapshot ({profile})" for profile in profiles] + [f"kept ({profile})" for profile in profiles]
    head += ["kept (size)"]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for label in labels:
        cells = [label]
        for visit_ in visits:
            cells.append(size(median(results[(label, profiles[0], visit_)], "bytes")))
            cells += [s(median(results[(label, profile, visit_)], "ready")) for profile in profiles]
        first = [results[(label, profile, visits[0])] for profile in profiles]
        cells += [s(median(found, "import")) for found in first]
        cells += [optional(median(found, "snapshot"), lambda ms: f"{ms} ms") for found in first]
        cells += [optional(median(found, "kept", "ms"), s) for found in first]
        cells.append(optional(median(first[0], "kept", "bytes"),
                              lambda n: f"{size(n)} ({size(median(first[0], 'kept', 'memory'))} unpacked)"))
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="slow,4g")
    parser.add_argument("--second-visit", action="store_true",
                        help="also a second visit, within GitHub Pages' 10 minutes of caching")
    parser.add_argument("--variants", default=",".join(VARIANTS), help=f"some of {','.join(VARIANTS)}")
    args = parser.parse_args()
    profiles = args.profiles.split(",")
    chosen = args.variants.split(",")
    unknown = [p for p in profiles if p not in PROFILES] + [v for v in chosen if v not in VARIANTS]
    site = Path(args.site).resolve()
    if unknown or not (site / "index.html").is_file() or args.runs < 1:
        print(f"bench_engine_load: unknown profile or variant {unknown[0]!r}" if unknown else
              "bench_engine_load: --runs is at least 1" if args.runs < 1 else
              f"bench_engine_load: {site} is not a built site", file=sys.stderr)
        sys.exit(2)
    with tempfile.TemporaryDirectory(prefix="bench-engine-") as tmp:
        sites = {VARIANTS[name][0]: variant_site(site, Path(tmp) / str(i), VARIANTS[name][1])
                 for i, name in enumerate(chosen)}
        t0 = time.monotonic()
        visits = list(VISITS) if args.second_visit else ["first visit"]
        results = asyncio.run(run(sites, profiles, args.runs, visits))
    print(f"{args.runs} runs per variant, profile and visit, interleaved, medians; "
          f"{(time.monotonic() - t0) / 60:.0f} min", file=sys.stderr)
    print(table(results, list(sites), profiles, visits))


if __name__ == "__main__":
    main()
