"""Network benchmark: a student on a phone's network (not a timed test; prints a table).

For each network profile (Chromium's emulation through the DevTools protocol: latency,
throughput, CPU slowdown) and each target page (a lesson with a game, an assignment link
with a play task, the Lab), a fresh profile on a 390 x 844 touch screen opens the page,
scrolls to its game and measures:

* board: when the game's board picture is on screen (ms after the navigation started);
* playable: when the first move can be played (the play widget waits for the reader; the
  Lab: its engine is ready), or "never" within the window;
* bytes by then, and in the first WINDOW seconds: what the server sent, as sent (gzip),
  counted at the server once each response is written (bench/serve.py, one server per
  page measured; the emulated link holds the rest back, so a response still on its way
  counts once the last of it has left the server's socket buffer).

Every visit runs alone, with its own server and emulated link (on a machine of two
cores, visits side by side would share its CPU). With --compare OLD_SITE, the same visits
of a build from before (another checkout built with scripts/pages_build.py) run just
before each of this build's, and print beside. The site's service worker (its offline copy)
is blocked unless --service-worker. Prints a Markdown table (the runs on stderr).

    .venv/bin/python scripts/bench_network.py [--site DIR] [--compare OLD_SITE] [--window S]
        [--profiles slow,4g,wired] [--service-worker]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from bench.phone import (PROFILES, Counter, add_arguments, counting_server, emulate, markdown, phone,  # noqa: E402
                         profiles_and_sites, size)

# A student's assignment link: one play task (triangular chocolate from 10 5 5, perfect).
ASSIGNMENT = {"t": "Homework", "d": "", "k": [["play", "chocolate", {"k": 3}, [10, 5, 5], "perfect"]]}
TARGETS = {
    "lesson": "triangular-chocolate/",
    "assignment": "assign/#a=v1." + base64.urlsafe_b64encode(json.dumps(ASSIGNMENT).encode()).decode().rstrip("="),
    "lab": "lab/",
}
BOARD = {"lesson": "grundy-play svg", "assignment": "grundy-play svg", "lab": ".lab"}
PLAYABLE = {
    "lesson": "() => [...document.querySelectorAll('grundy-play')].some((el) => el.dataset.turn === 'you')",
    "assignment": "() => [...document.querySelectorAll('grundy-play')].some((el) => el.dataset.turn === 'you')",
    "lab": "() => document.querySelector('[data-lab][data-engine=ready]') !== null",
}


async def measure(browser, site: Path, target: str, profile: str, window: float, sw: str) -> dict:
    """One fresh visit of `target` on `profile`: {board, playable (ms or None), bytes_then, bytes_window}."""
    counter = Counter()
    with counting_server(site, counter) as base:
        context = await phone(browser, sw)
        page = await context.new_page()
        await emulate(context, page, profile)
        counter.start = time.monotonic()
        await page.goto(base + TARGETS[target], wait_until="commit")
        out = {"board": None, "playable": None, "bytes_then": None}
        deadline = window * 1000

        async def board():
            await page.wait_for_selector(BOARD[target], state="attached", timeout=deadline)
            element = page.locator(BOARD[target]).first
            await element.scroll_into_view_if_needed(timeout=deadline)
            await element.wait_for(state="visible", timeout=deadline)
            out["board"] = round(await page.evaluate("() => performance.now()"))

        async def playable():
            await page.wait_for_function(PLAYABLE[target], timeout=deadline, polling=50)
            out["playable"] = round(await page.evaluate("() => performance.now()"))
            out["bytes_then"] = counter.by(time.monotonic() - counter.start)

        for job in (board, playable):
            try:
                await job()
            except Exception:  # not within the window: left as None ("never")
                pass
        rest = window - (time.monotonic() - counter.start)
        if rest > 0:
            await asyncio.sleep(rest)
        out["bytes_window"] = counter.by(window)
        if out["bytes_then"] is None:
            out["bytes_then"] = out["bytes_window"]
        await context.close()
    return out


async def run(sites: dict, profiles: list[str], window: float, sw: str) -> dict:
    """Every visit alone (the machine's two cores would otherwise be shared by the emulated
    CPUs), the builds before and now one after the other for each page."""
    from playwright.async_api import async_playwright

    results = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for profile in profiles:
            for target in TARGETS:
                for label, site in sites.items():
                    result = results[(label, profile, target)] = await measure(browser, site, target, profile,
                                                                               window, sw)
                    print(f"{label} {profile} {target}: {result}", file=sys.stderr, flush=True)
        await browser.close()
    return results


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
    args = parser.parse_args()
    profiles, sites = profiles_and_sites(args, "bench_network")
    results = asyncio.run(run(sites, profiles, args.window, "allow" if args.service_worker else "block"))
    print(table(results, list(sites), profiles, args.window))


if __name__ == "__main__":
    main()
