"""What the browser keeps of the engine for a later visit (docs/assets/widgets/grundy-worker.js):
after its first start the worker keeps Python's memory (a snapshot) in Cache Storage under
grundy.json's "keep"; a later visit starts from it, and from the usual start when the one
kept is stale or unusable. The engine (and the Lab's runner) answers either way. And the
browser keeps the compiled WebAssembly of Pyodide's runtime (its code cache). Not timed:
scripts/bench_engine_load.py is.
"""

from __future__ import annotations

import json
import time

from bench.browser import CHROMIUM, CHROMIUM_ARGS
from widgetkit import LOAD_MS, open_widget, wait_drawn

KEPT = "grundy-engine-snapshots"
# The site's kept snapshots, by key: {key: size}
KEPT_KEYS = """async (name) => {
    const cache = await caches.open(name);
    const out = {};
    for (const request of await cache.keys()) {
        const key = request.url.match(/snapshot-(\\w+)\\.gz$/)[1];
        out[key] = (await (await cache.match(request)).arrayBuffer()).byteLength;
    }
    return out;
}"""
# Keep `bytes` (gzip) at `url`, as a stale or broken snapshot
PUT = """async ([name, url, bytes]) => {
    const body = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new CompressionStream("gzip"));
    await (await caches.open(name)).put(url, new Response(body));
}"""
# Run `code` in the Lab's runner: [status, its output]
LAB = """async (code) => {
    let out = "";
    const result = await window.grundyEngine.run(code, "en", ({ text }) => { out += text; });
    return [result.status, out];
}"""


def boot(page, root, heaps, total):
    """A visit's engine start (the nim-sum widget asking beyond its build-time answers):
    how the worker started ("snapshot" or "fresh"), once the widget has answered."""
    wait_drawn(page, root)
    root.locator(".gw-heaps").fill(heaps)
    page.wait_for_function(f"el => el.dataset.total === '{total}'", arg=root.element_handle(), timeout=LOAD_MS)
    return page.evaluate("() => window.grundyEngine.boot.start")


def kept(page) -> dict:
    """Once the worker has kept its snapshot: the site's kept snapshots, {key: bytes}."""
    page.wait_for_function("() => window.grundyEngine.kept", timeout=LOAD_MS)
    assert "error" not in page.evaluate("() => window.grundyEngine.kept")
    return page.evaluate(KEPT_KEYS, KEPT)


def test_a_later_visit_starts_from_the_kept_snapshot(watched, widget_urls, widget_site, widget_server):
    """A stale snapshot (another key) is ignored and replaced by the one the first start
    makes; the next visit starts from it; a broken one under the right key is dropped for
    the usual start. The widget answers on every path."""
    key = json.loads((widget_site / "assets/vendor/wheels/grundy.json").read_text())["keep"]
    w, root = open_widget(watched, widget_urls, "nimsum", fresh=True)
    page = w.page
    stale = "0" * len(key)
    url = f"{widget_server}assets/vendor/wheels/snapshot-{{}}.gz".format
    page.evaluate(PUT, [KEPT, url(stale), [1, 2, 3]])
    assert list(page.evaluate(KEPT_KEYS, KEPT)) == [stale]

    assert boot(page, root, "1 2", 3) == "fresh"
    assert page.evaluate("() => window.grundyEngine.boot.keeps") is True  # the worker's own word
    assert list(kept(page)) == [key]  # the stale one replaced

    page.reload()
    root = page.locator("grundy-nimsum").first
    root.scroll_into_view_if_needed()
    assert boot(page, root, "2 5", 7) == "snapshot"
    # started from it, the worker says it keeps none (a fresh start says it does, above)
    assert page.evaluate("() => window.grundyEngine.boot.keeps") is False
    # the Lab on the restored engine: a module beyond the engine's library brings the whole one
    assert page.evaluate(LAB, "import fractions\nprint(fractions.Fraction(1, 3) + 1)") == ["ok", "4/3\n"]
    # An absence only time shows: past the worker's idle time (IDLE_MS, 1 s) nothing is kept.
    # Its positive control is the fresh start above: `kept` is set the same way after that time.
    page.wait_for_timeout(1500)
    assert page.evaluate("() => window.grundyEngine.kept") is None

    page.evaluate(PUT, [KEPT, url(key), [0] * 64])  # not a snapshot: restoring it fails
    page.reload()
    root = page.locator("grundy-nimsum").first
    root.scroll_into_view_if_needed()
    assert boot(page, root, "3 6", 5) == "fresh"
    assert page.evaluate("() => window.grundyEngine.boot.keeps") is True
    assert list(kept(page)) == [key]
    w.errors.clear()  # Pyodide logs the failed restore


def test_the_browser_keeps_the_compiled_runtime(browser, pages_url, tmp_path):
    """A reader's profile (on disk, unlike the tests' other contexts) keeps the optimised
    code of the engine's runtime (Pyodide's WebAssembly) after its first start, which a
    later visit loads instead of compiling it again: the worker hands Pyodide the response
    as the network gave it (its bytes counted on a copy), which is what Chromium keeps code
    for. Its code cache holds an entry that names the runtime's file and the code itself."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
        service_workers="block")
    wasm = tmp_path / "profile" / "Default" / "Code Cache" / "wasm"
    named = code = False
    try:
        page = context.new_page()
        page.goto(pages_url + "assets/vendor/wheels/grundy.json")  # the site's origin, nothing running
        page.evaluate("""async ([client, ms]) => {
            const { engine } = await import(client);
            engine.start();
            await Promise.race([engine.ready(), new Promise((_, no) => setTimeout(() => no(new Error("no engine")), ms))]);
        }""", [pages_url + "assets/widgets/engine-client.js", LOAD_MS])
        # Chromium writes them once the hot code is optimised and 2 s have passed without more
        for _ in range(60):
            entries = [f.read_bytes() for f in wasm.glob("*_0")] if wasm.is_dir() else []
            named = any(b"pyodide.asm.wasm" in entry for entry in entries)
            code = any(len(entry) > 100_000 for entry in entries)
            if named and code:
                break
            time.sleep(0.5)
    finally:
        context.close()
    assert named and code, f"no compiled runtime kept: the runtime named {named}, its code {code}"
