"""Helpers shared by the widget tests: open a widget, wait for turns, play moves, read messages."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LOAD_MS = 90_000  # generous: two cores shared with other jobs
# Waits that may last while the engine thinks check every 50 ms (not on every frame, which
# keeps the page drawing frames: a fifth of a core).
POLL_MS = 50
STEP_MS = 30_000


def open_widget(watched, widget_urls, kind, lang="en", color_scheme="light", phone=False, fresh=False):
    """A new page (in a fresh profile if asked) on the first page holding `kind`, scrolled
    to that widget."""
    w = watched(color_scheme, phone, fresh=fresh)
    w.page.goto(widget_urls[(kind, lang)])
    root = w.page.locator(f"grundy-{kind}").first
    root.scroll_into_view_if_needed()
    return w, root


# Counts Material's page swaps (instant navigation) in window.__swaps; an init script. It
# is set once Material has read the site's sitemap (its link clicks wait for it, and one
# clicked before loads the page in full, as a busy machine's fresh context showed): Material
# takes the sitemap in the same task as it parses it. window.__counting: the script is there.
COUNT_SWAPS = """(() => {
  window.__counting = true;
  let read;
  const sitemap = new Promise((done) => { read = done; });
  const parse = DOMParser.prototype.parseFromString;
  DOMParser.prototype.parseFromString = function (text, type) {
    if (type === 'text/xml' && String(text).includes('<urlset')) setTimeout(read);
    return parse.apply(this, arguments);
  };
  addEventListener('DOMContentLoaded', () => setTimeout(async () => {
    await sitemap;
    window.__swaps = 0; window.document$?.subscribe(() => { window.__swaps += 1; });
  }));
})();"""

# An init script: every address the page writes into its history (replaceState or pushState
# with a url: Material's anchor tracking, instant navigation, the site's own scripts), in
# order, in window.__addresses. It lies under the site's wrappers of replaceState
# (instant.js, place.js, classroom/address.js): it sees what they let through.
ADDRESS_WRITES = """window.__addresses = [];
for (const kind of ['replaceState', 'pushState']) {
  const write = History.prototype[kind];
  History.prototype[kind] = function (state, title, url) {
    if (url !== undefined && url !== null) window.__addresses.push(String(new URL(url, location.href)));
    return write.apply(this, arguments);
  };
}"""


def swap(page, action) -> None:
    """Do `action` (a click, Back, Forward) and wait for the page Material's instant
    navigation swaps in (the page counts swaps: COUNT_SWAPS)."""
    page.wait_for_function("() => window.__swaps !== undefined", timeout=STEP_MS, polling=POLL_MS)
    before = page.evaluate("() => window.__swaps")
    action()
    try:
        page.wait_for_function("n => window.__swaps > n", arg=before, timeout=STEP_MS, polling=POLL_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"no page swap in {STEP_MS} ms: {page.evaluate(SWAP_STATE)}") from None
    assert page.evaluate("() => window.__swaps") > 1, "a full page load, not a page swap"


# What a page shows when a swap did not come: its address, its swaps counted, how it was
# loaded (a full load since the action resets the count), its last resources fetched.
SWAP_STATE = """() => ({ url: location.href, swaps: window.__swaps, readyState: document.readyState,
  loaded: performance.getEntriesByType('navigation').map((e) => `${e.type} ${e.name}`),
  fetched: performance.getEntriesByType('resource').slice(-5)
    .map((e) => `${e.name.split('/').slice(-2).join('/')} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`),
  now: Math.round(performance.now()) })"""


def follow(page, href: str) -> None:
    """Follow a link to `href` (relative to the page) as the navigation's links are followed."""
    swap(page, lambda: page.evaluate("""href => { const a = document.createElement('a');
        a.href = href; a.textContent = 'go'; document.querySelector('.md-content h1, .md-content').append(a);
        a.click(); }""", href))


def widget_state(root):
    """The widget's turn, move count, status line, messages and the engine's status, one line."""
    return root.evaluate("""el => JSON.stringify({turn: el.dataset.turn, moves: el.dataset.moves,
        status: el.querySelector('.gw-status')?.textContent, engine: window.grundyEngine?.status,
        restarts: window.grundyEngine?.restarts, focus: document.activeElement?.getAttribute('data-to')
          || document.activeElement?.tagName,
        messages: [...el.querySelectorAll('.gw-message:not([hidden]), .gw-field-error:not([hidden])')]
          .map((m) => m.textContent)})""")


def wait_drawn(page, root, timeout=LOAD_MS):
    """Wait until a widget has replaced its static picture by its first drawing (from the
    engine's build-time answers: no engine needed) and shows no loader or busy box."""
    page.wait_for_function("el => el.dataset.ready && !el.querySelector('.gw-fallback')"
                           " && el.querySelector('.gw-loader').hidden && !el.querySelector('.gw-busy:not([hidden])')",
                           arg=root.element_handle(), timeout=timeout, polling=POLL_MS)


def wait_turn(page, root, moves=None, timeout=LOAD_MS):
    """Wait until the play widget waits for the reader (or the game is over); on a timeout,
    fail with what the widget shows."""
    handle = root.element_handle()
    try:
        page.wait_for_function(
            """([el, moves]) => (el.dataset.turn === 'you' || el.dataset.turn === 'over')
                                && (moves === null || Number(el.dataset.moves) >= moves)""",
            arg=[handle, moves], timeout=timeout, polling=POLL_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"the widget did not reach the reader's turn (move {moves}) in "
                             f"{timeout / 1000:.0f} s: {widget_state(root)}") from None
    return root.get_attribute("data-turn")


def press_move(page, root, to):
    """Play the move to `to` with the keyboard (focus it, press Enter); returns the move count
    after it. The widget takes the move at once (its turn leaves "you", or "Try again" says
    the move does not win); a key press a loaded machine lost is pressed again, once."""
    moves = int(root.get_attribute("data-moves"))
    for _ in range(2):
        root.locator(f".gw-board .move[data-to='{to}']").first.focus()
        page.keyboard.press("Enter")
        try:
            page.wait_for_function("([el, n]) => el.dataset.turn !== 'you' || Number(el.dataset.moves) > n"
                                   " || el.dataset.retry === 'wrong'",
                                   arg=[root.element_handle(), moves], timeout=STEP_MS // 3, polling=POLL_MS)
            return moves + 1
        except PlaywrightTimeout:
            print(f"press_move: Enter on {to} not taken: {widget_state(root)}")
    raise AssertionError(f"the move to {to} was not taken: {widget_state(root)}")


def new_game(page, root, game, start, first="you", params=None):
    root.locator(".gw-game").select_option(game)
    for name, value in (params or {}).items():
        root.locator(f".gw-params .gw-{name}").fill(str(value))
    root.locator(".gw-start").fill(start)
    root.locator(".gw-first").select_option(first)
    root.evaluate("el => { delete el.dataset.turn; }")
    root.locator(".gw-new").click()
    wait_turn(page, root)


def play_to_end(page, root, rng, max_moves=200):
    """The reader plays random legal moves until the game is over; returns the move count."""
    for _ in range(max_moves):
        if wait_turn(page, root) == "over":
            return int(root.get_attribute("data-moves"))
        targets = root.locator(".gw-board .move").evaluate_all("els => els.map(e => e.dataset.to)")
        target = rng.choice(sorted(set(targets)))
        made = press_move(page, root, target)
        wait_turn(page, root, made)
    raise AssertionError("the game did not end")


SHOWN_ERRORS = ".gw-message:not([hidden]), .gw-field-error:not([hidden])"


def message(root):
    """The widget's message or the messages beside its fields, one line each."""
    return "\n".join(box.inner_text() for box in root.locator(SHOWN_ERRORS).all())


def wait_message(page, root):
    page.wait_for_function(f"el => el.querySelector({SHOWN_ERRORS!r})", arg=root.element_handle(),
                           timeout=STEP_MS)


def groove_ends(root):
    """[(data-to, (ax, ay), (bx, by))]: each cut on the board and its groove's ends, client pixels."""
    return [(to, tuple(a), tuple(b)) for to, a, b in root.evaluate("""el =>
        [...el.querySelectorAll('.gw-board .move')].map(m => {
            const l = m.querySelector('line.hit'); const t = l.getScreenCTM();
            const p = (x, y) => { const q = new DOMPoint(x.baseVal.value, y.baseVal.value).matrixTransform(t);
                                  return [q.x, q.y]; };
            return [m.dataset.to, p(l.x1, l.y1), p(l.x2, l.y2)]; })""")]


def grooves(root, samples=5):
    """[(data-to, [(x, y) client points along its groove, ends excluded])] of each cut on the board."""
    return [(to, [(a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1]))
                  for s in ((i + 1) / (samples + 1) for i in range(samples))])
            for to, a, b in groove_ends(root)]


def drop_if_failed(request, kept: dict, used) -> None:
    """After a failed test (conftest.py's item.failed_phase), close and forget the kept pages
    it used (conftest.py's Watched), so that the next test opens them afresh."""
    if getattr(request.node, "failed_phase", None):
        for key, page in list(kept.items()):
            if page in used:
                del kept[key]
                page.close()


def settled(page):
    """Wait until every CSS transition and finite animation has finished (colours measured
    by axe are the final ones, not a hover's fading out), including those that start a frame
    later (a class set after the last answer), at most 5 s. Animations driven by scrolling
    (the fades at the edge of wide tables) run as long as the page: they are not waited for."""
    page.evaluate("""async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
        const running = () => document.getAnimations().filter((a) => a.playState === "running"
            && a.timeline instanceof DocumentTimeline && a.effect?.getTiming().iterations !== Infinity);
        const end = performance.now() + 5000;
        for (let still = 0; still < 2 && performance.now() < end;) {
            await frame();
            const now = running();
            still = now.length ? 0 : still + 1;
            if (now.length) await Promise.race([new Promise((r) => setTimeout(r, end - performance.now())),
                                                Promise.all(now.map((a) => a.finished.catch(() => null)))]);
        }
    }""")


def engine_answered(page, timeout=LOAD_MS):
    """Wait until the engine has answered or dropped every request made so far (engine-client.js's
    `waiting`), then two animation frames: what a widget does on receiving those answers has
    been done by then (an older answer a widget failed to drop would show)."""
    page.wait_for_function("() => window.grundyEngine?.waiting === 0", timeout=timeout, polling=POLL_MS)
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))")


def responsive(page):
    """The main thread answers at once."""
    assert page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(1 + 1)))") == 2


def new_game_with_error(page, root, game, start, params):
    root.locator(".gw-game").select_option(game)
    for name, value in params.items():
        root.locator(f".gw-params .gw-{name}").fill(str(value))
    root.locator(".gw-start").fill(start)
    root.evaluate("el => el.querySelectorAll('.gw-message, .gw-field-error').forEach(b => { b.hidden = true; })")
    root.locator(".gw-new").click()
    wait_message(page, root)


# The widget `el`'s colours: {scheme: the page's colour scheme, background: the relative
# luminance of the widget's background, texts: [text, class of its row, contrast ratio]} for
# every shown text of an enabled control or element outside the board's picture, each by
# WCAG's formula against the background painted behind it (translucent layers composited).
TEXT_CONTRASTS = """el => {
  const rgba = (c) => { const [r, g, b, a = 1] = (c.match(/[\\d.]+/g) || [0, 0, 0, 0]).map(Number); return [r, g, b, a]; };
  const over = ([r, g, b, a], under) => [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
  const lum = (c) => c.map((v) => v / 255).map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = (node) => {
    const layers = [];
    for (let e = node; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] === 1) break;
    }
    return layers.reverse().reduce((under, c) => over(c, under), [255, 255, 255]);
  };
  const ratio = (a, b) => { const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
  const own = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
  const texts = [...el.querySelectorAll("*")]
    .filter((e) => own(e) && e.checkVisibility() && !e.closest("svg, option, :disabled"))
    .map((e) => { const bg = behind(e);
                  return [e.textContent.trim().slice(0, 40), e.closest("tr")?.className || "", ratio(over(rgba(getComputedStyle(e).color), bg), bg)]; });
  return { scheme: document.body.dataset.mdColorScheme, background: lum(behind(el)), texts };
}"""
