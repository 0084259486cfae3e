"""Smoke test of a built site before it is uploaded, in headless Chromium.

Serves SITE_DIR at the address it was built for (bench/serve.py: its sub-path, gzip,
404.html), then, in a fresh profile: the home page's game is playable (a move is made and
the computer replies), a lesson is reached by instant navigation (the footer's "next"
link, the same document), a Lab share link runs its code, and no page asked another
origin or logged a console error. Prints one line per check; exits 1 on the first failure.
The Pages workflow runs it between the build and the upload; tests/site/test_smoke.py runs
it on the tested build.

    .venv/bin/python scripts/smoke.py [SITE_DIR]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import browser  # noqa: E402
from bench.serve import SiteServer, built_for  # noqa: E402

LOAD_MS = 120_000
SHARED_CODE = "print('smoke', 6 * 7)\n"


class SmokeError(AssertionError):
    """A check of the smoke test failed."""


def check(ok: bool, what: str) -> None:
    if not ok:
        raise SmokeError(what)


def watch(page, origin: str, problems: list[str]) -> None:
    """Record requests to other origins and console errors of page into problems."""
    def request(req):
        parts = urlsplit(req.url)
        if parts.scheme not in ("data", "blob", "about") and f"{parts.scheme}://{parts.netloc}" != origin:
            problems.append(f"request to another origin: {req.url}")
    page.on("request", request)
    page.on("console", lambda m: m.type == "error" and problems.append(f"console error: {m.text}"))
    page.on("pageerror", lambda e: problems.append(f"uncaught: {e}"))


def play_home(page, url: str) -> str:
    """The home page's game: playable, a move made, the computer's reply."""
    page.goto(url, wait_until="commit")
    page.wait_for_selector(browser.PLAY, state="attached", timeout=LOAD_MS)
    game = page.locator(browser.PLAY).first
    game.scroll_into_view_if_needed()
    page.wait_for_function(browser.PLAYABLE, timeout=LOAD_MS)
    moves = int(game.get_attribute("data-moves") or 0)
    move = game.locator(".gw-board .move").first
    check(move.count() == 1, "the home page's game offers no move")
    move.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("""([el, moves]) => Number(el.dataset.moves) > moves
        && (el.dataset.turn === 'you' || el.dataset.turn === 'over')""",
                           arg=[game.element_handle(), moves], timeout=LOAD_MS)
    return "home page: the game is playable and the computer replied"


def instant_navigation(page) -> str:
    """The footer's next link swaps the page in place and its game becomes playable."""
    nxt = browser.follow_next(page)
    check(nxt["instant"], f"{nxt['url']} was a full page load, not instant navigation")
    return f"instant navigation: {urlsplit(nxt['url']).path} playable {nxt['playable']:.0f} ms after the click"


def lab_share_link(page, url: str) -> str:
    """A Lab share link opens its code and runs it."""
    page.goto(url + "lab/#code=" + quote(SHARED_CODE, safe=""), wait_until="commit")
    page.wait_for_selector("[data-lab][data-engine='ready'][data-editor]", timeout=LOAD_MS)
    code = page.evaluate("window.grundyLab.editor.getCode()")
    check(code == SHARED_CODE, f"the Lab opened {code!r}, not the shared code")
    page.click("[data-run]")
    page.wait_for_function("document.querySelector('[data-output]').dataset.state !== 'running'",
                           timeout=LOAD_MS)
    out = page.inner_text("[data-output]")
    check("smoke 42" in out, f"the shared code printed {out!r}")
    return "Lab: the share link's code ran"


def smoke(site: Path, served: str | None = None, chromium=None) -> list[str]:
    """Run every check on site, served at its address (or already served at `served`), in
    `chromium` (a Playwright browser; by default one of its own); the lines to print."""
    check(built_for(site) is not None, f"{site} has no site_url (build it with scripts/pages_build.py)")
    if served is None:
        with SiteServer(site) as url:
            return smoke(site, url, chromium)
    if chromium is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            own = browser.launch(pw)
            try:
                return smoke(site, served, own)
            finally:
                own.close()
    problems: list[str] = []
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        watch(page, "{0.scheme}://{0.netloc}".format(urlsplit(served)), problems)
        start = time.perf_counter()
        lines = [play_home(page, served), instant_navigation(page), lab_share_link(page, served)]
        check(not problems, "; ".join(problems[:5]))
        lines.append(f"no request to another origin, no console error ({time.perf_counter() - start:.1f} s)")
    finally:
        context.close()
    return lines


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else ROOT / "site")
    if not (site / "index.html").is_file():
        print(f"smoke.py: no built site in {site}", file=sys.stderr)
        return 2
    try:
        for line in smoke(site):
            print(f"smoke.py: {line}")
    except (SmokeError, Exception) as error:  # noqa: BLE001 - one line, whatever failed
        print(f"smoke.py: FAILED: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
