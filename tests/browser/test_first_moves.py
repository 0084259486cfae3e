"""A play widget on a phone's network: its first moves come from answers the engine wrote
at build time (docs/assets/widgets/answers.js), the engine (Pyodide) loads only when the
reader leaves them, shows its bytes as they arrive and fails only when they stop.

The same for a student's assignment link (docs/assets/classroom/): its play task from a
suggested start plays before the engine loads.

Not timed: the network numbers are scripts/bench_network.py's."""

from __future__ import annotations

import base64
import json
import re
import sys
from pathlib import Path
from urllib.parse import urljoin
from urllib.request import urlopen

from widgetkit import LOAD_MS, STEP_MS, press_move, wait_turn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from rules import Rules  # noqa: E402

ENGINE_FILES = ("**/vendor/pyodide/**", "**/vendor/wheels/**")
# Every state of the engine's load, in order, as <html data-engine> and the window event say.
RECORD_STATES = """window.__engineStates = [];
addEventListener("grundy-engine", (e) => window.__engineStates.push(e.detail.state));"""
# The bytes loaded at each of the engine's progress events, in window.__heard, with the
# stall limit short (3 s); MARK_STALL_LIMIT puts "stall limit" among them once that long has
# passed since the load began.
RECORD_BYTES = """() => { const engine = window.grundyEngine; engine.stallMs = 3000; window.__heard = [];
    engine.addEventListener("status", () => { if (engine.loaded) window.__heard.push(engine.loaded); }); }"""
MARK_STALL_LIMIT = """() => { setTimeout(() => window.__heard.push("stall limit"), window.grundyEngine.stallMs); }"""
# The rest of the game's answers has come: fetched once the page is loaded and idle.
REST_FETCHED = "() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('-rest.json'))"
PROGRESS = re.compile(r"Loading the engine: \d+\.\d of (\d+\.\d) MB")


def open_play(watched, widget_urls, **options):
    """A fresh phone page (its own routes and cache) recording the engine's states."""
    w = watched(phone=True, fresh=True, **options)
    w.page.add_init_script(RECORD_STATES)
    return w


def a_move_that_goes_on(root) -> str:
    """A move of the board after which the game is not over at once (not to an empty bar)."""
    targets = root.locator(".gw-board .move").evaluate_all("els => els.map((e) => e.dataset.to)")
    return next(t for t in targets if any(int(c) for c in t.split(",")))


def position(text: str) -> tuple:
    """A position as data-pos and data-to write it ("4,2")."""
    return tuple(int(c) for c in text.split(","))


def test_first_moves_without_the_engine(watched, widget_urls):
    """The engine's files blocked entirely: the widget still plays its first moves (the
    reader's, the computer's replies, each perfect by the rules written in the tests:
    tests/engine/rules.py) from its build-time answers; leaving them
    says the engine could not be loaded and offers Try again, which then works."""
    w = open_play(watched, widget_urls)
    page = w.page
    blocked = []
    for pattern in ENGINE_FILES:
        w.context.route(pattern, lambda route: (blocked.append(route.request.url), route.abort()))
    page.goto(widget_urls[("play", "en")])
    root = page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    assert wait_turn(page, root, timeout=STEP_MS) == "you"
    assert not blocked, "the engine was asked for before the reader played"
    rules = Rules(root.get_attribute("data-game"), json.loads(root.get_attribute("data-params")))
    for move in range(2):
        to = a_move_that_goes_on(root)
        press_move(page, root, to)
        turn = wait_turn(page, root, moves=2 * move + 2, timeout=STEP_MS)
        if root.get_attribute("data-moves") == str(2 * move + 2):  # the computer's perfect reply
            assert position(root.get_attribute("data-pos")) in rules.perfect(position(to)), to
        if turn == "over":
            break
    assert root.locator(".gw-log li.gw-by-computer").count() >= 1  # the computer answered
    assert not root.locator(".gw-loader").is_visible()  # the failed warm-up does not concern it yet
    # leaving the answers (a random start): the engine is needed, and cannot be loaded
    root.locator(".gw-random").click()
    page.wait_for_selector("grundy-play .gw-loader .gw-retry", timeout=LOAD_MS)
    assert "could not be loaded" in root.locator(".gw-loader").inner_text()
    assert page.evaluate("() => document.documentElement.dataset.engine") == "failed"
    w.screenshot("first-moves-engine-blocked", root)
    for pattern in ENGINE_FILES:
        w.context.unroute(pattern)
    root.locator(".gw-retry").click()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=LOAD_MS)
    root.locator(".gw-random").click()
    assert wait_turn(page, root, timeout=LOAD_MS) in ("you", "over")
    assert not root.locator(".gw-loader").is_visible()
    w.errors.clear()  # the blocked files are logged by the browser


def test_the_catalogue_is_the_builds_whoever_asks_first(watched, widget_urls, widget_server):
    """The engine's files blocked, on a lesson where a table comes before the game: the game
    catalogue is the one the engine wrote at build time, whichever widget asks for it first
    (the table's failed engine load does not keep the game from its first moves)."""
    w = open_play(watched, widget_urls)
    page = w.page
    for pattern in ENGINE_FILES:
        w.context.route(pattern, lambda route: route.abort())
    page.goto(widget_server + "wythoff/")
    page.wait_for_function("() => window.grundyEngine")
    games = page.evaluate("() => window.grundyEngine.games().then((c) => Object.keys(c))")
    assert {"wythoff", "chocolate", "chomp"} <= set(games)
    page.locator("grundy-table").first.scroll_into_view_if_needed()
    root = page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    assert wait_turn(page, root, timeout=STEP_MS) == "you"
    w.errors.clear()  # the blocked files are logged by the browser


def test_slow_load_goes_on_while_bytes_arrive(watched, widget_urls, widget_site):
    """On a slow network nothing of the engine loads by itself; a request beyond the
    answers loads it on demand, showing its bytes as sent ("Loading the engine: 1.2 of 5.1 MB"),
    for longer than its stall limit (the only time limit, here made short) without failing."""
    w = open_play(watched, widget_urls)
    page = w.page
    cdp = w.context.new_cdp_session(page)
    cdp.send("Network.enable")
    # about 10 s for the engine's files (5 MB as sent): well beyond the stall limit set below
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                   "downloadThroughput": 4e6 / 8, "uploadThroughput": 4e6 / 8})
    page.goto(widget_urls[("play", "en")])
    root = page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    assert wait_turn(page, root, timeout=STEP_MS) == "you"
    page.wait_for_function(REST_FETCHED, timeout=STEP_MS)  # the page has been idle
    assert page.evaluate("() => window.grundyEngine.status") == "idle"  # no download by itself
    page.evaluate(RECORD_BYTES)
    root.locator(".gw-random").click()  # beyond the answers: the engine is needed
    page.evaluate(MARK_STALL_LIMIT)
    page.wait_for_function("el => /Loading the engine: \\d+\\.\\d of/.test(el.querySelector('.gw-loader').textContent)",
                           arg=root.element_handle(), timeout=STEP_MS)
    progress = PROGRESS.search(root.locator(".gw-loader").inner_text())
    sent = json.loads((widget_site / "assets/vendor/wheels/grundy.json").read_text())["bytes"]
    assert progress and progress.group(1) == f"{sent / 1e6:.1f}"  # the bytes as sent (gzip), not unpacked
    w.screenshot("engine-loading-progress", root)
    page.wait_for_function("() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)",
                           timeout=LOAD_MS)
    assert page.evaluate("() => window.__engineStates") == ["loading", "ready"], page.evaluate(
        "() => window.grundyEngine.error")
    heard = page.evaluate("() => window.__heard")
    marker = heard.index("stall limit") if "stall limit" in heard else len(heard)
    before, after = heard[:marker], heard[marker + 1:]
    assert after and max(after) > max(before, default=0), heard  # bytes still came past the limit
    assert wait_turn(page, root, timeout=STEP_MS) in ("you", "over")


def test_a_stalled_download_fails_with_try_again(watched, widget_urls):
    """A file of the engine whose bytes never come: the load fails once nothing has come
    for the stall limit, saying so, and Try again then loads it."""
    w = open_play(watched, widget_urls)
    page = w.page
    w.context.route("**/vendor/wheels/*.stdlib.zip", lambda route: None)  # never answered
    page.goto(widget_urls[("play", "en")])
    root = page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    wait_turn(page, root, timeout=STEP_MS)
    page.evaluate("() => { window.grundyEngine.stallMs = 1500; }")
    root.locator(".gw-random").click()
    page.wait_for_selector("grundy-play .gw-loader .gw-retry", timeout=LOAD_MS)
    assert "the download stopped" in root.locator(".gw-loader").inner_text()
    w.context.unroute("**/vendor/wheels/*.stdlib.zip")
    page.evaluate("() => { window.grundyEngine.stallMs = 30000; }")
    root.locator(".gw-retry").click()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=LOAD_MS)
    w.errors.clear()


def assignment_url(base, tasks, lang="en") -> str:
    """A student's assignment link (docs/assets/classroom/codec.js's v1) of compact tasks."""
    body = json.dumps({"t": "Homework", "d": "", "k": tasks}, separators=(",", ":"))
    return f"{base}{'ja/' if lang == 'ja' else ''}assign/#a=v1.{base64.urlsafe_b64encode(body.encode()).decode().rstrip('=')}"


def test_assignment_plays_without_the_engine(watched, widget_server):
    """A student's assignment link on a phone, the engine's files blocked entirely: its play
    task from a suggested start plays its first moves from the build-time data
    (scripts/sitegen/classroom_data.py); its P/N table, which needs the engine (asked once
    the game's board is drawn), says that the engine could not be loaded and offers Try
    again, which then shows the table and leaves the game as it was. The teacher's form says
    which starts need no engine to begin."""
    w = open_play(watched, None)
    page = w.page
    for pattern in ENGINE_FILES:
        w.context.route(pattern, lambda route: route.abort())
    page.goto(widget_server + "assign/")  # the teacher's form, without the engine
    page.select_option("grundy-assign .cr-kind", "play")
    note = page.locator("grundy-assign .cr-start-note")
    page.wait_for_selector("grundy-assign .cr-level option[value='perfect']", state="attached", timeout=STEP_MS)
    assert note.get_attribute("data-at-once") == "true" and "without waiting for the engine" in note.inner_text()
    page.fill("grundy-assign .cr-pos", "1 2 3")
    assert note.get_attribute("data-at-once") == "false" and "download the engine" in note.inner_text()
    note.locator(".cr-suggest").first.click()
    assert note.get_attribute("data-at-once") == "true"
    assert page.evaluate("() => document.documentElement.dataset.engine || 'idle'") == "idle"
    page.goto(assignment_url(widget_server, [["play", "chocolate", {"k": 3}, [10, 5, 5], "perfect"],
                                             ["pn-table", "wythoff", {}, [], 2]]))
    root = page.locator("grundy-assignment grundy-play").first
    page.wait_for_selector("grundy-assignment grundy-play[data-level='perfect'][data-turn='you']", timeout=STEP_MS)
    press_move(page, root, a_move_that_goes_on(root))
    assert wait_turn(page, root, moves=2, timeout=STEP_MS) in ("you", "over")
    assert root.locator(".gw-log li.gw-by-computer").count() >= 1  # the computer answered
    table = page.locator("grundy-assignment .cr-table-wait")
    table.locator(".gw-retry").wait_for(timeout=LOAD_MS)
    assert "could not be loaded" in table.inner_text()
    assert not root.locator(".gw-loader").is_visible()  # the game goes on from its data
    moves = root.get_attribute("data-moves")
    w.screenshot("assignment-engine-blocked")
    for pattern in ENGINE_FILES:
        w.context.unroute(pattern)
    table.locator(".gw-retry").click()
    page.wait_for_selector("grundy-assignment grundy-exercise[data-kind='pn-table'] .gx-cellbtn", timeout=LOAD_MS)
    assert not page.locator("grundy-assignment .cr-table-wait").count()
    assert root.get_attribute("data-moves") == moves  # the game was not started again
    w.errors.clear()  # the blocked files are logged by the browser


# The source of the page's first play widget (on a page with nothing else), written by the
# parser in two parts: its start tag (the module already defines <grundy-play>, so the
# parser connects it at once, before its children), then its children and what follows.
REWRITE_IN_TWO = """async () => {
  const source = await (await fetch(location.pathname)).text();
  const widget = new DOMParser().parseFromString(source, "text/html").querySelector("grundy-play");
  const html = widget.outerHTML;
  const cut = html.indexOf(">") + 1;
  document.open();
  document.write(`<!doctype html><html lang="en"><body><main>${html.slice(0, cut)}`);
  const early = document.querySelector("grundy-play");
  const before = { loading: document.readyState, children: early.childElementCount, ready: early.dataset.ready ?? null };
  document.write(`${html.slice(cut)}<p>after</p></main></body></html>`);
  document.close();
  return before;
}"""


def test_a_widget_connected_before_its_children_waits_for_them(watched, widget_urls):
    """The play widget's module runs while the page is parsed (an async module of the
    head): a <grundy-play> the parser makes after that is connected before its static
    picture is parsed; it starts only once the picture is there (parsed.js), from it."""
    w = open_play(watched, widget_urls)
    page = w.page
    url = widget_urls[("play", "en")]
    module = urljoin(url, re.search(r'src="([^"]*grundy-play\.js)"', urlopen(url).read().decode())[1])
    page.route(lambda u: u.endswith("?parsed"), lambda route: route.fulfill(
        content_type="text/html", body=f'<!doctype html><html lang="en"><script type="module" src="{module}"></script>'))
    page.goto(url + "?parsed")
    page.wait_for_function("() => customElements.get('grundy-play') !== undefined")
    before = page.evaluate(REWRITE_IN_TWO)
    assert before == {"loading": "loading", "children": 0, "ready": None}  # connected, not started
    root = page.locator("grundy-play").first
    assert wait_turn(page, root, timeout=STEP_MS) == "you"
    assert root.locator(".gw-board svg .move").count() > 0
    # its static picture taken in whole, not left behind the widget by the parser
    assert root.evaluate("el => [...el.children].map((c) => c.localName)").count("figure") == 0
    assert root.locator("figure.grundy-picture").count() == 0
    w.check_clean()
