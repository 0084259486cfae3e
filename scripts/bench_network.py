"""Network benchmark: a student on a phone's network (not a timed test; prints a table).

For each network profile (Chromium's emulation through the DevTools protocol: latency,
throughput, CPU slowdown) and each target page (a lesson with a game, an assignment link
with a play task, the Lab), a fresh profile on a 390 x 844 touch screen opens the page,
scrolls to its game and measures:

* board: when the game's board picture is on screen (ms after the navigation started);
* playable: when the first move can be played (the play widget waits for the reader; the
  Lab: its engine is ready), or "never" within the window: the page's own clock at the
  attribute change that says so (a script the page runs first watches for it), not when
  the benchmark, polling a page whose CPU is slowed, sees it;
* bytes by then, and in the first WINDOW seconds: what the server sent, as sent (gzip),
  counted at the server once each response is written (bench/serve.py, one server per
  page measured; the emulated link holds the rest back, so a response still on its way
  counts once the last of it has left the server's socket buffer).

With --pages lessons, the pages are every built page with a play widget (<grundy-play>,
English and Japanese) and the assignment link, instead of the lesson, the assignment and
the Lab. With --runs N, each page is visited N times and each number is the median
("never" counting as the longest).

Every visit runs alone, with its own server and emulated link (on a machine of two
cores, visits side by side would share its CPU). With --compare OLD_SITE, the same visits
of a build from before (another checkout built with scripts/pages_build.py) run just
before each of this build's, and print beside. The site's service worker (its offline copy)
is blocked unless --service-worker. Prints a Markdown table (the runs on stderr).

    .venv/bin/python scripts/bench_network.py [--site DIR] [--compare OLD_SITE] [--window S]
        [--profiles slow,4g,wired] [--pages default|lessons] [--runs N] [--service-worker]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from bench.phone import (PROFILES, add_arguments, fresh_visit, markdown, profiles_and_sites, size,  # noqa: E402
                         until_window_ends)

# A student's assignment link: one play task (triangular chocolate from 10 5 5, perfect).
ASSIGNMENT = {"t": "Homework", "d": "", "k": [["play", "chocolate", {"k": 3}, [10, 5, 5], "perfect"]]}
TARGETS = {
    "lesson": "triangular-chocolate/",
    "assignment": "assign/#a=v1." + base64.urlsafe_b64encode(json.dumps(ASSIGNMENT).encode()).decode().rstrip("="),
    "lab": "lab/",
}
PLAY_BOARD, LAB_BOARD = "grundy-play svg", ".lab"
PLAY_READY = "() => [...document.querySelectorAll('grundy-play')].some((el) => el.dataset.turn === 'you')"
LAB_READY = "() => document.querySelector('[data-lab][data-engine=ready]') !== null"
# run by the page before its own scripts: window.readyAt, the time `ready` first holds
WATCH = """(ready) => {
  const check = () => { if (window.readyAt === undefined && ready()) window.readyAt = performance.now(); };
  new MutationObserver(check).observe(document, { subtree: true, attributes: true,
                                                  attributeFilter: ["data-turn", "data-engine"] });
}"""


def lessons(site: Path) -> dict:
    """Every built page with a play widget (its address under the site), and the assignment."""
    pages = sorted(path.parent.relative_to(site).as_posix() for path in site.glob("**/index.html")
                   if "<grundy-play" in path.read_text(encoding="utf-8"))
    targets = {page.replace(".", "home"): ("" if page == "." else page + "/") for page in pages}
    targets["assignment"] = TARGETS["assignment"]
    return targets


async def measure(browser, site: Path, target: str, profile: str, window: float, sw: str) -> dict:
    """One fresh visit of `target` on `profile`: {board, playable (ms or None), bytes_then, bytes_window}."""
    lab = target == "lab"
    async with fresh_visit(browser, site, profile, sw) as (page, base, counter):
        await page.add_init_script(f"({WATCH})({LAB_READY if lab else PLAY_READY})")
        await page.goto(base + TARGETS[target], wait_until="commit")
        out = {"board": None, "playable": None, "bytes_then": None}
        deadline = window * 1000
        selector = LAB_BOARD if lab else PLAY_BOARD

        async def board():
            while True:  # again if the picture is replaced meanwhile (the widget starting on screen)
                try:
                    await page.wait_for_selector(selector, state="attached", timeout=deadline)
                    element = page.locator(selector).first
                    await element.scroll_into_view_if_needed(timeout=deadline)
                    await element.wait_for(state="visible", timeout=deadline)
                    break
                except Exception:
                    if time.monotonic() - counter.start > window:
                        raise
            out["board"] = round(await page.evaluate("() => performance.now()"))

        async def playable():
            await page.wait_for_function("() => window.readyAt !== undefined", timeout=deadline, polling=100)
            out["playable"] = round(await page.evaluate("() => window.readyAt"))
            out["bytes_then"] = counter.by(out["playable"] / 1000)

        for job in (board, playable):
            try:
                await job()
            except Exception:  # not within the window: left as None ("never")
                pass
        await until_window_ends(counter, window)
        out["bytes_window"] = counter.by(window)
        if out["bytes_then"] is None:
            out["bytes_then"] = out["bytes_window"]
    return out


def median(runs: list[dict], window: float) -> dict:
    """Each number's median over the runs (None, "never", counting as after the window)."""
    never = window * 1000 + 1
    out = {}
    for key in runs[0]:
        value = statistics.median_low([never if r[key] is None else r[key] for r in runs])
        out[key] = None if value == never else value
    return out


async def run(sites: dict, profiles: list[str], window: float, sw: str, runs: int) -> dict:
    """Every visit alone (the machine's two cores would otherwise be shared by the emulated
    CPUs), the builds before and now one after the other for each page; the medians."""
    from playwright.async_api import async_playwright

    visits = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for n in range(runs):
            for profile in profiles:
                for target in TARGETS:
                    for label, site in sites.items():
                        result = await measure(browser, site, target, profile, window, sw)
                        visits.setdefault((label, profile, target), []).append(result)
                        print(f"run {n + 1} {label} {profile} {target}: {result}", file=sys.stderr, flush=True)
        await browser.close()
    return {key: median(results, window) for key, results in visits.items()}


def table(results: dict, labels: list[str], profiles: list[str], window: float) -> str:
    """A Markdown table: one row per profile and page, before and after side by side."""
    def ms(v):
        return f"> {window:.0f} s" if v is None or v > window * 1000 else f"{v / 1000:.1f} s"

    head = ["network", "page"]
    for label in labels:
        head += [f"board ({label})", f"first move ({label})", f"bytes by then ({label})",
                 f"first {window:.0f} s ({label})"]
    rows = []
    for profile in profiles:
        for target in TARGETS:
            cells = [PROFILES[profile][0], target]
            for label in labels:
                r = results[(label, profile, target)]
                cells += [ms(r["board"]), ms(r["playable"]), size(r["bytes_then"]), size(r["bytes_window"])]
            rows.append(cells)
    return markdown(head, rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, "slow,4g,wired")
    parser.add_argument("--service-worker", action="store_true",
                        help="let the site's service worker run (its offline copy counts in the bytes)")
    parser.add_argument("--pages", choices=["default", "lessons"], default="default",
                        help="lessons: every page with a play widget and the assignment link")
    parser.add_argument("--runs", type=int, default=1, help="visits per page (the medians are printed)")
    args = parser.parse_args()
    profiles, sites = profiles_and_sites(args, "bench_network")
    if args.runs < 1:
        print("bench_network: --runs must be at least 1", file=sys.stderr)
        sys.exit(2)
    if args.pages == "lessons":
        targets = lessons(sites["now"])
        TARGETS.clear()
        TARGETS.update(targets)
    results = asyncio.run(run(sites, profiles, args.window, "allow" if args.service_worker else "block",
                              args.runs))
    print(table(results, list(sites), profiles, args.window))


if __name__ == "__main__":
    main()
