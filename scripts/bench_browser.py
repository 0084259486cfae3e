"""Browser benchmark: prints what a new reader waits for (not a timed test).

Serves site/ like GitHub Pages (bench/serve.py: sub-path, gzip, max-age=600) and drives
Debian's Chromium with a fresh profile through Playwright:

* first visit: the home page's first contentful paint, and when its game is playable;
* next page: following the footer's "next" links to the next lesson with a game, the
  time from the click to that game being playable (and whether the page was swapped in
  place, keeping the engine);
* offline: after the first visit, with the network off, a lesson not yet visited opened
  in a new tab, and the time until its game is playable;
* in-browser tables: the engine's table and P-position requests timed in the worker;
* with --lighthouse: Lighthouse's performance score (mobile preset) of each page, its
  simulated paints and blocking time, the median of --runs runs.

    .venv/bin/python scripts/bench_browser.py [--site DIR] [--runs N] [--lighthouse [PAGE ...]]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import browser, lighthouse  # noqa: E402
from bench.serve import SiteServer  # noqa: E402

OFFLINE_PAGE = "ryuoh/"
TABLES = [
    {"op": "table", "game": "chocolate", "params": {"k": 3}, "max": 30, "lang": "en"},
    {"op": "table", "game": "wythoff", "params": {}, "max": 150, "lang": "en"},
    {"op": "ppositions", "k": 3, "max": 64},
    {"op": "ppositions", "k": 3, "max": 100},
    {"op": "ppositions", "k": 2, "max": 96},
]


def one_run(pw, url) -> dict:
    chromium = browser.launch(pw)
    try:
        context = chromium.new_context(viewport={"width": 1100, "height": 900})
        first = browser.first_visit(context, url)
        page = first["page"]
        nxt = browser.follow_next(page)
        browser.save_for_offline(page)
        offline = browser.offline_visit(context, url + OFFLINE_PAGE)
        tables = browser.table_rates(page, TABLES)
        return {"fcp": first["fcp"], "first": first["playable"], "dom": first["dom"], "load": first["load"],
                "engine": first["engine"], "next": nxt["playable"], "swap": nxt["swapped"],
                "after_scroll": nxt["after_scroll"],
                "next_url": nxt["url"], "instant": nxt["instant"], "offline": offline["playable"],
                "tables": tables}
    finally:
        chromium.close()


def every_page(site: Path) -> list[str]:
    """Every page's path under the site ("" for the home page)."""
    return sorted(page.relative_to(site).as_posix().removesuffix("index.html")
                  for page in site.rglob("index.html") if "assets" not in page.parts)


def performance(url: str, pages: list[str], runs: int) -> None:
    """Print Lighthouse's performance score of each page, the median of `runs` runs."""
    for path in pages:
        results = [lighthouse.run(url + path, ("performance",)) for _ in range(runs)]
        scores = [r["performance"] for r in results]
        med = lambda key: statistics.median(r["timings"][key] for r in results) / 1000  # noqa: E731
        print(f"lighthouse {results[0]['version']} /{path}: performance {statistics.median(scores):.2f}"
              f" (runs: {', '.join(f'{s:.2f}' for s in scores)}), first paint"
              f" {med('firstContentfulPaint'):.1f} s, largest paint {med('largestContentfulPaint'):.1f} s,"
              f" blocking {med('totalBlockingTime'):.1f} s, benchmark index"
              f" {statistics.median(r['benchmark'] for r in results):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lighthouse", nargs="*", metavar="PAGE",
                        help="Lighthouse's performance of these pages (paths under the site; none: every page)")
    args = parser.parse_args()
    if not (args.site / "sw.js").is_file():
        sys.exit(f"bench_browser.py: no built site in {args.site} (run scripts/build.sh)")
    from playwright.sync_api import sync_playwright

    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    if args.lighthouse is not None:
        with SiteServer(args.site) as url:
            performance(url, args.lighthouse or every_page(args.site), args.runs)
        return
    with SiteServer(args.site) as url, sync_playwright() as pw:
        runs = [one_run(pw, url) for _ in range(args.runs)]
    med = lambda key: statistics.median(r[key] for r in runs)  # noqa: E731
    print(f"first visit: first contentful paint {med('fcp'):.0f} ms, home page's game playable "
          f"{med('first'):.0f} ms after navigation start (median of {len(runs)})")
    print(f"  DOMContentLoaded {med('dom'):.0f} ms, load {med('load'):.0f} ms; the engine's boot, "
          "ms after navigation start (worker: grundy-worker.js):")
    for step in runs[0]["engine"]:
        print(f"    {step}: {statistics.median(r['engine'].get(step, float('nan')) for r in runs):.0f}")
    print(f"next page ({runs[0]['next_url'].removeprefix(url)}): swapped in {med('swap'):.0f} ms, "
          f"its game playable {med('next'):.0f} ms after the click and {med('after_scroll'):.0f} ms after "
          f"it is scrolled into view ({'same document, engine kept' if runs[0]['instant'] else 'full page load'})")
    print(f"offline, a lesson not visited before ({OFFLINE_PAGE}): playable {med('offline'):.0f} ms "
          "after opening it")
    for i, case in enumerate(runs[0]["tables"]):
        ms = statistics.median(r["tables"][i]["ms"] for r in runs)
        what = " ".join(f"{k}={v}" for k, v in case["request"].items() if k not in ("lang",))
        result = case["error"] or f"{case['positions']} rows/points"
        print(f"in-browser {what}: {ms:.0f} ms ({result})")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
