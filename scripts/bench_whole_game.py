"""Benchmark: a whole game on a phone's network (not a timed test; prints tables).

On a fresh phone (bench/phone.py: 390 x 844 touch screen, Chromium's network and CPU
emulation, the counting server), a student opens a page with a game (the triangular
chocolate lesson, an assignment link from a suggested start: scripts/bench_network.py's
targets) and plays it to its end against the perfect computer, always the first winning
move (the computer resists longest: the longest game). Per move of the reader: the time
until the computer's reply is on the board (or the game is over), and whether the engine
was asked (its files then download first); then the bytes the server sent in the first
WINDOW seconds. With --compare OLD_SITE the same visits of a build from before run just
before each of this build's and print beside.

    .venv/bin/python scripts/bench_whole_game.py [--site DIR] [--compare OLD_SITE]
        [--window S] [--profiles slow,4g]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from bench.phone import (PROFILES, add_arguments, fresh_visit, markdown, profiles_and_sites, size,  # noqa: E402
                         until_window_ends)
from bench_network import TARGETS  # noqa: E402

PAGES = ("lesson", "assignment")
MOVE_TIMEOUT_MS = 180_000  # a reply that needs the engine waits for its download
# Count the widget's requests to the engine (those its build-time answers could not answer).
COUNT_ASKS = """() => { const engine = window.grundyEngine; const ask = engine.request.bind(engine);
  window.__asks = 0; engine.request = (...args) => { window.__asks += 1; return ask(...args); }; }"""
WINNING = """el => (el.state.moves.find((m) => m.outcome === 'P' && (m.kind || 'move') === 'move')
                    || el.state.moves[0]).to.join(',')"""


async def play(browser, site: Path, target: str, profile: str, window: float) -> dict:
    """One fresh visit: {moves: [(ms to the reply, engine asked)], winner, bytes_window}."""
    async with fresh_visit(browser, site, profile) as (page, base, counter):
        await page.goto(base + TARGETS[target], wait_until="commit")
        root = page.locator("grundy-play").first
        await root.scroll_into_view_if_needed(timeout=window * 1000)  # a widget starts near the screen
        await page.wait_for_function("() => [...document.querySelectorAll('grundy-play')]"
                                     ".some((el) => el.dataset.turn === 'you')", timeout=window * 1000, polling=50)
        await page.evaluate(COUNT_ASKS)
        moves = []
        while await root.get_attribute("data-turn") == "you":
            n = int(await root.get_attribute("data-moves"))
            asks = await page.evaluate("() => window.__asks")
            t0 = await page.evaluate("() => performance.now()")
            await root.evaluate(f"el => el.humanMove(({WINNING})(el), 'move')")
            await page.wait_for_function(
                "([el, n]) => el.dataset.turn === 'over' || (el.dataset.turn === 'you' && Number(el.dataset.moves) > n)",
                arg=[await root.element_handle(), n], timeout=MOVE_TIMEOUT_MS, polling=20)
            took = await page.evaluate("() => performance.now()") - t0
            moves.append((round(took), await page.evaluate("() => window.__asks") > asks))
        winner = await root.get_attribute("data-winner")
        await until_window_ends(counter, window)
        return {"moves": moves, "winner": winner, "bytes_window": counter.by(window),
                "total": round((time.monotonic() - counter.start) * 1000)}


async def run(sites: dict, profiles: list[str], window: float) -> dict:
    """Every visit alone, the build before and now one after the other for each page."""
    from playwright.async_api import async_playwright

    results = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for profile in profiles:
            for target in PAGES:
                for label, site in sites.items():
                    result = results[(label, profile, target)] = await play(browser, site, target, profile, window)
                    print(f"{label} {profile} {target}: {result}", file=sys.stderr, flush=True)
        await browser.close()
    return results


def tables(results: dict, labels: list[str], profiles: list[str], window: float) -> str:
    """One Markdown table per profile and page: a row per reader's move, then the bytes."""
    out = []
    for profile in profiles:
        for target in PAGES:
            games = [results[(label, profile, target)] for label in labels]
            head = ["move"] + [f"reply ({label})" for label in labels]
            rows = []
            for i in range(max(len(g["moves"]) for g in games)):
                cells = [str(2 * i + 1)]
                for g in games:
                    if i < len(g["moves"]):
                        ms, engine = g["moves"][i]
                        cells.append(f"{ms / 1000:.1f} s{' (engine)' if engine else ''}")
                    else:
                        cells.append("")
                rows.append(cells)
            rows.append(["engine asked"] + [f"{sum(e for _, e in g['moves'])} of {len(g['moves'])} moves"
                                            for g in games])
            rows.append([f"first {window:.0f} s"] + [size(g["bytes_window"]) for g in games])
            out.append(f"{PROFILES[profile][0]}, {target}:\n\n{markdown(head, rows)}")
    return "\n\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, "slow")
    args = parser.parse_args()
    profiles, sites = profiles_and_sites(args, "bench_whole_game")
    results = asyncio.run(run(sites, profiles, args.window))
    print(tables(results, list(sites), profiles, args.window))


if __name__ == "__main__":
    main()
