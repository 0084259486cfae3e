"""Benchmark: the bytes of a reader's first minute scrolling through lessons on a phone
(not a timed test; prints a table).

A fresh profile on a 390 x 844 touch screen on an emulated network opens each page and
reads it down: a screen further every few seconds, to the bottom, then stays. Counted at
the server as sent (gzip; bench/serve.py, one server per visit): all bytes in the first
WINDOW seconds, and those of the engine's files (Pyodide, its standard library, the
memory snapshot, the wheel). With --compare OLD_SITE the same visits of a build from
before run at the same time, side by side (the machine is shared: a number taken alone
is noise). The offline copy (the service worker) is blocked, as bench_network.py does.

    .venv/bin/python scripts/bench_scroll.py [--site DIR] [--compare OLD_SITE] [--window S]
        [--profiles 4g,slow] [--pages triangular-chocolate/,impartial-games/]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from bench.phone import (PROFILES, add_arguments, fresh_visit, markdown, profiles_and_sites, size,  # noqa: E402
                         until_window_ends)

ENGINE_FILE = re.compile(r"/vendor/(pyodide|wheels)/|\.whl$|\.snapshot\.gz$|python_stdlib\.zip$")
READ_S = 2  # seconds on each screen


async def visit(browser, site: Path, page_path: str, profile: str, window: float) -> dict:
    """One fresh visit: {total, engine} bytes in the first `window` seconds."""
    async with fresh_visit(browser, site, profile) as (page, base, counter):
        try:
            await page.goto(base + page_path, wait_until="load", timeout=window * 1000)
            while time.monotonic() - counter.start < window:
                done = await page.evaluate("""() => { scrollBy(0, innerHeight * 0.8);
                    return scrollY + innerHeight >= document.documentElement.scrollHeight - 2; }""")
                if done:
                    break
                await asyncio.sleep(READ_S)
        except Exception as err:  # the window ended first: what came by then is counted
            print(f"{page_path} {profile}: {err}".splitlines()[0], file=sys.stderr)
        await until_window_ends(counter, window)
        return {"total": counter.by(window), "engine": counter.by(window, ENGINE_FILE)}


async def run(sites: dict, profiles: list[str], pages: list[str], window: float) -> dict:
    from playwright.async_api import async_playwright

    results = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for profile in profiles:
            for page_path in pages:
                jobs = {label: visit(browser, site, page_path, profile, window) for label, site in sites.items()}
                for label, found in zip(jobs, await asyncio.gather(*jobs.values())):
                    results[(label, profile, page_path)] = found
                    print(f"{label} {profile} {page_path}: {found}", file=sys.stderr, flush=True)
        await browser.close()
    return results


def table(results: dict, labels: list[str], profiles: list[str], pages: list[str], window: float) -> str:
    head = ["network", "page"]
    for label in labels:
        head += [f"first {window:.0f} s ({label})", f"engine files ({label})"]
    rows = []
    for profile in profiles:
        for page_path in pages:
            cells = [PROFILES[profile][0], page_path]
            for label in labels:
                r = results[(label, profile, page_path)]
                cells += [size(r["total"]), size(r["engine"])]
            rows.append(cells)
    return markdown(head, rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, "4g,slow")
    parser.add_argument("--pages", default="triangular-chocolate/,impartial-games/")
    args = parser.parse_args()
    profiles, sites = profiles_and_sites(args, "bench_scroll")
    pages = args.pages.split(",")
    results = asyncio.run(run(sites, profiles, pages, args.window))
    print(table(results, list(sites), profiles, pages, args.window))


if __name__ == "__main__":
    main()
