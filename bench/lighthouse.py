"""One Lighthouse run (npm `lighthouse`, mobile preset, a fresh headless Chromium profile)
of a page, for the test of its non-timing categories (tests/perf/test_lighthouse.py) and
the benchmark of its performance score (scripts/bench_browser.py --lighthouse).

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

LIGHTHOUSE = Path(__file__).resolve().parent.parent / "node_modules" / ".bin" / "lighthouse"
# Simulated first paint, largest paint, total blocking time, first paint observed (ms).
TIMINGS = ("firstContentfulPaint", "largestContentfulPaint", "totalBlockingTime",
           "observedFirstContentfulPaint")


def run(url: str, categories: tuple[str, ...], tries: int = 2) -> dict:
    """{category: score, "benchmark": index, "timings": {name: ms}, "version": text} of one
    run; a run that crashes or times out on a loaded machine is tried once more."""
    if not LIGHTHOUSE.is_file():
        raise FileNotFoundError(f"{LIGHTHOUSE} is missing: run scripts/setup.sh")
    flags = " ".join(["--headless=new", *browser.CHROMIUM_ARGS,
                      *os.environ.get("GRUNDY_LIGHTHOUSE_CHROME_FLAGS", "").split()])
    try:
        proc = subprocess.run(
            [str(LIGHTHOUSE), url, "--output=json", "--output-path=stdout", "--quiet",
             f"--only-categories={','.join(categories)}", f"--chrome-flags={flags}",
             "--disable-full-page-screenshot"],  # (for the report's pictures only: 6 s of CPU a page)
            capture_output=True, text=True, timeout=300, env=dict(os.environ, CHROME_PATH=browser.CHROMIUM))
    except subprocess.TimeoutExpired:
        proc = None
    if proc is None or proc.returncode != 0:
        if tries <= 1:
            raise RuntimeError("lighthouse failed twice: " + (proc.stderr[-2000:] if proc else "timed out"))
        return run(url, categories, tries - 1)
    report = json.loads(proc.stdout)
    result = {name: report["categories"][name]["score"] for name in categories}
    result["benchmark"] = report["environment"]["benchmarkIndex"]
    result["version"] = report["lighthouseVersion"]
    if "metrics" in report["audits"]:
        metrics = report["audits"]["metrics"]["details"]["items"][0]
        result["timings"] = {name: metrics[name] for name in TIMINGS}
    return result
