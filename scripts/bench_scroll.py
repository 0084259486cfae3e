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
import socket
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from bench.serve import SUBPATH, SiteServer, _Handler  # noqa: E402

# (name, RTT ms, down Mbit/s, up Mbit/s, CPU slowdown), as scripts/bench_network.py's
PROFILES = {
    "slow": ("Lighthouse slow mobile (150 ms, 1.6 Mbit/s, CPU 4×)", 150, 1.6, 0.75, 4),
    "4g": ("good 4G (60 ms, 9 Mbit/s)", 60, 9.0, 9.0, 1),
}
ENGINE_FILE = re.compile(r"/vendor/(pyodide|wheels)/|\.whl$|\.snapshot\.gz$|python_stdlib\.zip$")
READ_S = 2  # seconds on each screen


class Counter:
    """What a server sent: [(seconds since start, path, bytes)]."""

    def __init__(self):
        self.start = time.monotonic()
        self.sent = []
        self.lock = threading.Lock()

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.sent.append((time.monotonic() - self.start, path, n))

    def by(self, seconds: float, engine_only: bool = False) -> int:
        with self.lock:
            return sum(n for t, path, n in self.sent
                       if t <= seconds and (not engine_only or ENGINE_FILE.search(path.split("?")[0])))


def counting_server(site: Path, counter: Counter) -> SiteServer:
    """bench/serve.py's server on a free port, counting what it writes per path."""
    class Handler(_Handler):
        def do_GET(self, head=False):
            self._length = 0
            super().do_GET(head)
            counter.add(self.path, self._length + 300)  # once written (headers: about 300 bytes)

        def send_header(self, key, value):
            if key == "Content-Length":
                self._length = int(value)
            super().send_header(key, value)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = SiteServer(site, f"http://127.0.0.1:{port}{SUBPATH}")
    server.server.RequestHandlerClass = type("Counting", (Handler,), {
        "site": server.server.RequestHandlerClass.site, "root": server.server.RequestHandlerClass.root})
    return server


async def visit(browser, site: Path, page_path: str, profile: str, window: float) -> dict:
    """One fresh visit: {total, engine} bytes in the first `window` seconds."""
    counter = Counter()
    with counting_server(site, counter) as base:
        context = await browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                            has_touch=True, service_workers="block")
        page = await context.new_page()
        cdp = await context.new_cdp_session(page)
        _, rtt, down, up, cpu = PROFILES[profile]
        await cdp.send("Network.enable")
        await cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": rtt, "downloadThroughput": down * 1e6 / 8, "uploadThroughput": up * 1e6 / 8})
        if cpu > 1:
            await cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        counter.start = time.monotonic()
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
        rest = window - (time.monotonic() - counter.start)
        if rest > 0:
            await asyncio.sleep(rest)
        out = {"total": counter.by(window), "engine": counter.by(window, engine_only=True)}
        await context.close()
    return out


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
    def mb(v):
        return f"{v / 1e6:.2f} MB" if v >= 100_000 else f"{v / 1000:.0f} kB"

    head = ["network", "page"]
    for label in labels:
        head += [f"first {window:.0f} s ({label})", f"engine files ({label})"]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for profile in profiles:
        for page_path in pages:
            cells = [PROFILES[profile][0], page_path]
            for label in labels:
                r = results[(label, profile, page_path)]
                cells += [mb(r["total"]), mb(r["engine"])]
            rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"))
    parser.add_argument("--compare", help="a site built from before this change: its numbers beside")
    parser.add_argument("--window", type=float, default=60.0, help="seconds measured per visit (default 60)")
    parser.add_argument("--profiles", default="4g,slow")
    parser.add_argument("--pages", default="triangular-chocolate/,impartial-games/")
    args = parser.parse_args()
    profiles = args.profiles.split(",")
    pages = args.pages.split(",")
    sites = {"now": Path(args.site)}
    if args.compare:
        sites["before"] = Path(args.compare)
    results = asyncio.run(run(sites, profiles, pages, args.window))
    print(table(results, list(sites), profiles, pages, args.window))


if __name__ == "__main__":
    main()
