"""A phone on an emulated network, for the network benchmarks (scripts/bench_network.py,
bench_scroll.py, bench_whole_game.py, bench_engine_load.py): the network profiles, a fresh
390 x 844 touch screen with Chromium's network and CPU emulation (DevTools protocol), and
bench/serve.py's server counting the bytes it sends (as sent: gzip)."""

from __future__ import annotations

import asyncio
import socket
import sys
import threading
import time
from contextlib import asynccontextmanager
from pathlib import Path

from bench.browser import CHROMIUM
from bench.serve import SUBPATH, SiteServer, _Handler

ROOT = Path(__file__).resolve().parent.parent

# (name, RTT ms, down Mbit/s, up Mbit/s, CPU slowdown); None: no emulation
PROFILES = {
    "slow": ("Lighthouse slow mobile (150 ms, 1.6 Mbit/s, CPU 4×)", 150, 1.6, 0.75, 4),
    "4g": ("good 4G (60 ms, 9 Mbit/s)", 60, 9.0, 9.0, 1),
    "wired": ("wired (no emulation)", None, None, None, 1),
}


class Counter:
    """What a server sent (body and headers), with when: [(seconds since start, path, bytes)]."""

    def __init__(self):
        self.start = time.monotonic()
        self.sent = []
        self.lock = threading.Lock()

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.sent.append((time.monotonic() - self.start, path, n))

    def by(self, seconds: float, paths=None) -> int:
        """The bytes sent within `seconds` (of the paths the regular expression `paths` finds)."""
        with self.lock:
            return sum(n for t, path, n in self.sent
                       if t <= seconds and (paths is None or paths.search(path.split("?")[0])))


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

    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = SiteServer(site, f"http://127.0.0.1:{port}{SUBPATH}")
    server.server.RequestHandlerClass = type("Counting", (Handler,), {
        "site": server.server.RequestHandlerClass.site, "root": server.server.RequestHandlerClass.root})
    return server


async def phone(browser, sw: str = "block"):
    """A fresh context on a 390 x 844 touch screen (its service workers: "block" or "allow")."""
    return await browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                     has_touch=True, service_workers=sw)


@asynccontextmanager
async def fresh_visit(browser, site: Path, profile: str, sw: str = "block"):
    """One fresh visit: `site` served (bytes counted), a new phone page on `profile`;
    yields (page, base address, counter), the counter started; the context closed after."""
    counter = Counter()
    with counting_server(site, counter) as base:
        context = await phone(browser, sw)
        try:
            page = await context.new_page()
            await emulate(context, page, profile)
            counter.start = time.monotonic()
            yield page, base, counter
        finally:
            await context.close()


async def until_window_ends(counter, window: float) -> None:
    """Wait until `window` seconds after the counter's start."""
    rest = window - (time.monotonic() - counter.start)
    if rest > 0:
        await asyncio.sleep(rest)


async def emulate(context, page, profile: str) -> None:
    """Give `page` the network and CPU of `profile` (PROFILES)."""
    cdp = await context.new_cdp_session(page)
    _, rtt, down, up, cpu = PROFILES[profile]
    if rtt is not None:
        await cdp.send("Network.enable")
        await cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": rtt, "downloadThroughput": down * 1e6 / 8,
            "uploadThroughput": up * 1e6 / 8})
    if cpu > 1:
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def size(n: int) -> str:
    """Bytes in a table: MB from 100 kB, else kB."""
    return f"{n / 1e6:.2f} MB" if n >= 100_000 else f"{n / 1000:.0f} kB"


def add_arguments(parser, profiles: str) -> None:
    """The options every network benchmark takes: --site, --compare, --window, --profiles."""
    parser.add_argument("--site", default=str(ROOT / "site"))
    parser.add_argument("--compare", help="a site built from before this change: its numbers beside")
    parser.add_argument("--window", type=float, default=60.0, help="seconds measured per visit (default 60)")
    parser.add_argument("--profiles", default=profiles)


def profiles_and_sites(args, name: str) -> tuple[list[str], dict[str, Path]]:
    """The profiles asked for and the sites ({"before": …, "now": …}); a bad one: one line, exit 2."""
    profiles = args.profiles.split(",")
    sites = {"before": Path(args.compare)} if args.compare else {}
    sites["now"] = Path(args.site)
    unknown = [p for p in profiles if p not in PROFILES]
    unbuilt = [site for site in sites.values() if not (site / "index.html").is_file()]
    problem = (f"unknown profile {unknown[0]!r}" if unknown else f"no {CHROMIUM}" if not Path(CHROMIUM).exists()
               else f"{unbuilt[0]} is not a built site" if unbuilt else None)
    if problem:
        print(f"{name}: {problem}", file=sys.stderr)
        sys.exit(2)
    return profiles, sites


def markdown(head: list[str], rows: list[list[str]]) -> str:
    """A Markdown table."""
    return "\n".join(["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
                     + ["| " + " | ".join(cells) + " |" for cells in rows])
