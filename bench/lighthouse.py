"""Lighthouse runs (npm `lighthouse`, mobile preset, the origin's storage and the cache
cleared before each page) of pages, for the test of its non-timing categories
(tests/perf/test_lighthouse.py: six pages in one process) and the benchmark of its
performance score (scripts/bench_browser.py --lighthouse: a process per run).

Lighthouse simulates a phone by slowing the machine's own timings down, so a loaded
machine scores lower in performance: the score is a timing, printed by the benchmark and
never asserted. Its benchmark index says how fast the machine was (below 1,000 Lighthouse
warns that the host is too slow for a reliable performance score).
GRUNDY_LIGHTHOUSE_CHROME_FLAGS adds Chromium flags.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from bench import browser

NODE_MODULES = Path(__file__).resolve().parent.parent / "node_modules"
RUNNER = Path(__file__).with_name("lighthouse_pages.mjs")
# Simulated first paint, largest paint, total blocking time, first paint observed (ms).
TIMINGS = ("firstContentfulPaint", "largestContentfulPaint", "totalBlockingTime",
           "observedFirstContentfulPaint")


def run_many(urls: list[str], categories: tuple[str, ...], tries: int = 2) -> dict[str, dict]:
    """{url: {category: score, "benchmark": index, "timings": {name: ms}, "version": text}}
    for each of urls, in one Lighthouse process (bench/lighthouse_pages.mjs); a run that
    crashes or times out on a loaded machine is tried once more."""
    if not (NODE_MODULES / "lighthouse").is_dir():
        raise FileNotFoundError(f"{NODE_MODULES / 'lighthouse'} is missing: run scripts/setup.sh")
    flags = " ".join(["--headless=new", *browser.CHROMIUM_ARGS,
                      *os.environ.get("GRUNDY_LIGHTHOUSE_CHROME_FLAGS", "").split()])
    try:
        proc = subprocess.run(["node", str(RUNNER), ",".join(categories), flags, *urls],
                              capture_output=True, text=True, timeout=120 + 120 * len(urls),
                              env=dict(os.environ, CHROME_PATH=browser.CHROMIUM))
    except subprocess.TimeoutExpired:
        proc = None
    if proc is None or proc.returncode != 0:
        if tries <= 1:
            raise RuntimeError("lighthouse failed twice: " + (proc.stderr[-2000:] if proc else "timed out"))
        return run_many(urls, categories, tries - 1)
    results = {}
    for line in proc.stdout.splitlines():
        page = json.loads(line)
        result = {name: page["scores"][name] for name in categories}
        result.update(benchmark=page["benchmark"], version=page["version"])
        if page["metrics"]:
            result["timings"] = {name: page["metrics"][name] for name in TIMINGS}
        results[page["url"]] = result
    return results


def run(url: str, categories: tuple[str, ...]) -> dict:
    """run_many for one page."""
    return run_many([url], categories)[url]
