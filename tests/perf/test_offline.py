"""The site as an app: installable (manifest, icons); the offline copy offered, not
imposed: nothing saved unasked with Save-Data, on a slow connection or on one not known
to be unmetered, saved unasked on a fast wifi one; once saved, every page opens offline
(lessons play, a missing page is the 404 page); a new deployment replaces what changed in
the copy, and the reader is told."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench import browser, serve

from conftest import ROOT

MANIFEST = re.compile(r'<link rel="manifest" href="([^"]+)"')
# Chromium's network emulation (navigator.connection's speed follows it): Lighthouse's
# mobile profile (150 ms, 1.6 Mbit/s) and a fast link.
SLOW = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8}
FAST = {"offline": False, "latency": 5, "downloadThroughput": 50e6 / 8, "uploadThroughput": 20e6 / 8}
WIFI = {"type": "wifi"}  # what a phone or tablet reports; desktop Chromium reports no type


# An init script: every page keeps what the pages and the service worker log about the copy
# (offline.js and scripts/service-worker.js post it on this channel) in window.__offlineLog.
KEEP_LOG = """window.__offlineLog = [];
new BroadcastChannel('chocolate-games-offline-log').onmessage = (e) => window.__offlineLog.push(e.data);"""


@pytest.fixture
def fresh_context(fresh_context, request):
    """Fresh contexts whose pages keep the offline copy's log (KEEP_LOG); when the test fails,
    the log of every page still open, merged, is printed."""
    contexts = []

    def make(**options):
        context = fresh_context(**options)
        context.add_init_script(KEEP_LOG)
        contexts.append(context)
        return context

    yield make
    if getattr(request.node, "failed_phase", None) == "call" or os.environ.get("OFFLINE_LOG"):  # conftest.py
        print_log(contexts)


def print_log(contexts) -> None:
    """The offline copy's log, as every open page of `contexts` heard it, in time order."""
    lines = set()
    for context in contexts:
        for page in context.pages:
            try:
                lines.update((e["t"], e["from"], e["text"]) for e in page.evaluate("window.__offlineLog || []"))
            except Exception as error:  # a page closed or navigating: its part is lost
                print(f"(no log from {page.url}: {error})")
    start = min(lines, default=(0,))[0]
    for t, where, text in sorted(lines):
        print(f"{(t - start) / 1000:8.3f} s  {where:30}  {text}")


def reporting(fields) -> str:
    """An init script: navigator.connection reports `fields` (type, saveData) as well."""
    return "".join(f"Object.defineProperty(NetworkInformation.prototype, {json.dumps(name)},"
                   f" {{ get: () => {json.dumps(value)} }});" for name, value in fields.items())


def test_every_page_links_an_installable_manifest(site_dir):
    for page in sorted(site_dir.rglob("index.html")):
        rel = page.relative_to(site_dir).as_posix()
        found = MANIFEST.search(page.read_text(encoding="utf-8"))
        assert found, f"{rel}: no <link rel=manifest>"
        manifest_path = (page.parent / found[1]).resolve()
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        lang = "ja" if rel.startswith("ja/") else "en"
        assert manifest["lang"] == lang, rel
        start = (manifest_path.parent / manifest["start_url"]).resolve()
        assert start == (site_dir / ("ja" if lang == "ja" else "")).resolve(), rel
        assert (manifest_path.parent / manifest["scope"]).resolve() == site_dir.resolve()
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes and manifest["display"] == "standalone"
        for icon in manifest["icons"]:
            assert (manifest_path.parent / icon["src"]).is_file(), icon["src"]


def open_on(context, url, network, reports, page=None):
    """A page (new, of `context`) on Chromium's emulated `network`, navigator.connection
    also reporting `reports` ({"type": "wifi"}, {"saveData": True}), opened at url."""
    page = page or context.new_page()
    page.add_init_script(reporting(reports))
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", network)
    page.goto(url, wait_until="domcontentloaded")  # (the tests wait for what they check)
    return page


def offered_size(site_dir) -> int:
    """What downloading the offline copy costs in MB, as the footer's button says it: each
    file of sw.js's manifest as the server sends it (gzip for the types it compresses),
    less than the files' own size."""
    manifest = json.loads(re.search(r"(\[\{\"url\".*?\}\])", (site_dir / "sw.js").read_text(encoding="utf-8"))[1])
    sent = own = 0
    for entry in manifest:
        data = (site_dir / entry["url"]).read_bytes()
        sent += len(gzip.compress(data, 6, mtime=0)) if Path(entry["url"]).suffix in serve.COMPRESSED else len(data)
        own += len(data)
    assert sent < own * 0.6, (sent, own)
    return round(sent / 1e6)


# The service worker's answer to OFFLINE_STATUS, asked as offline.js asks it.
ASK_STATUS = """() => navigator.serviceWorker.ready.then((registration) => new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = (event) => resolve(event.data);
    registration.active.postMessage({ type: 'OFFLINE_STATUS' }, [port2]);
}))"""
# (network, what navigator.connection reports besides its speed)
UNASKED_NO = {
    "save-data": (FAST, {**WIFI, "saveData": True}),
    "slow": (SLOW, WIFI),
    "unknown type": (FAST, {}),  # desktop Chromium, maybe tethered to a phone's data plan
    "cellular": (FAST, {"type": "cellular"}),
}


@pytest.mark.parametrize("case", UNASKED_NO)
def test_no_offline_copy_is_downloaded_unasked(fresh_context, site_url, site_dir, case):
    """With Save-Data, on a slow network, or where the connection is not known to be
    unmetered (no type, or cellular), the footer offers the copy with its size, and nothing
    is saved unless the reader asks."""
    context = fresh_context(service_workers="allow")
    page = open_on(context, site_url + "about/", *UNASKED_NO[case])
    page.wait_for_function("document.documentElement.dataset.offlineAuto === 'no'", timeout=browser.LOAD_MS)
    offer = page.locator(".app-offline__button")
    assert offer.inner_text() == f"Save the site for offline use ({offered_size(site_dir)} MB to download)"
    # The worker answers this page's messages in order: a save asked before would show.
    assert {k: v for k, v in page.evaluate(ASK_STATUS).items() if k in ("chosen", "saving")} == \
        {"chosen": False, "saving": False}
    assert page.evaluate("document.documentElement.dataset.offline") == "offered"
    assert browser.offline_copy(page, site_url) == []


# An init script: window.__engineWhenSaving is the engine's state when the copy starts.
ENGINE_WHEN_SAVING = """new MutationObserver(() => {
  const root = document.documentElement;
  if (root.dataset.offline === 'saving' && window.__engineWhenSaving === undefined)
    window.__engineWhenSaving = root.dataset.engine || window.grundyEngine?.status || '';
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-offline'] });"""


def test_the_copy_is_saved_unasked_on_a_fast_unmetered_connection(fresh_context, site_url):
    """On a fast wifi connection, on a lesson, once its engine has loaded."""
    context = fresh_context(service_workers="allow")
    page = context.new_page()
    page.add_init_script(ENGINE_WHEN_SAVING)
    page = open_on(context, site_url + "ja/wythoff/", FAST, WIFI, page=page)
    page.wait_for_function("document.documentElement.dataset.offline === 'saved'", timeout=browser.LOAD_MS)
    assert page.evaluate("document.documentElement.dataset.offlineAuto") == "yes"
    assert page.evaluate("window.__engineWhenSaving") not in ("loading", None)
    assert page.locator(".app-offline").inner_text().startswith("✓ オフラインで使えるように保存しました")


def every_page(site_dir) -> list[str]:
    return sorted(page.relative_to(site_dir).as_posix().removesuffix("index.html")
                  for page in site_dir.rglob("index.html") if "assets" not in page.parts)


# Take a file out of the offline copy (window.__keptOut), then put it back.
KEEP_OUT = """async (url) => {
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys())
        if (request.url.replace(/[?].*/, '') === url) {
          const cache = await caches.open(name);
          window.__keptOut = [name, request, await cache.match(request)];
          await cache.delete(request);
        }
}"""
PUT_BACK = """async () => { const [name, request, response] = window.__keptOut;
                          await (await caches.open(name)).put(request, response); }"""
OFFLINE_TEXT = {
    "en": ("You are offline", "This page is not saved on this device: it opens once you are back online."),
    "ja": ("オフラインです", "このページはこの端末に保存されていません。オンラインに戻ると開けます。"),
}


def offline_page(page, url, lang) -> dict[str, str]:
    """Open url offline: it must be the worker's offline page in `lang` (a page of the site
    not saved); the pages it lists as saved, {address: title} in its order."""
    response = page.goto(url)
    assert response.status == 503, url
    assert page.locator("html").get_attribute("lang") == lang
    heading, said = OFFLINE_TEXT[lang]
    assert page.locator("h1").inner_text() == heading and said in page.locator("main").inner_text()
    links = page.locator("main li a")
    return {links.nth(i).get_attribute("href"): links.nth(i).inner_text() for i in range(links.count())}


def test_without_the_copy_an_offline_reader_gets_the_offline_page(fresh_context, site_url, site_dir):
    """Offline, a page of the site the reader has not saved (there is no copy) opens the
    site's offline page in its language, which says how to save the site and what it costs
    (not the browser's error page)."""
    context = fresh_context(service_workers="allow")
    page = context.new_page()
    page.goto(site_url + "about/")
    page.wait_for_function("document.documentElement.dataset.offline === 'offered'"
                           " && navigator.serviceWorker.controller", timeout=browser.LOAD_MS)
    megabytes = offered_size(site_dir)
    context.set_offline(True)
    try:
        assert offline_page(page, site_url + "ryuoh/", "en") == {}
        assert f"({megabytes} MB to download)" in page.locator("main").inner_text()
        assert offline_page(page, site_url + "ja/ryuoh/", "ja") == {}
        assert f"（ダウンロード {megabytes} MB）" in page.locator("main").inner_text()
    finally:
        context.set_offline(False)


def test_every_page_opens_offline_once_saved(fresh_context, site_url, site_dir, measurements):
    """The reader saves the site (the footer's button): the copy holds every file but source
    maps; offline, every page opens, lessons never visited play, a missing page is the
    site's 404 page; the copy can be removed."""
    context = fresh_context(service_workers="allow")
    page = context.new_page()
    page.goto(site_url + "about/")
    browser.save_for_offline(page)
    copy = browser.offline_copy(page, site_url)
    assert "404.html" in copy and "ryuoh/index.html" in copy
    assert not [url for url in copy if url.endswith(".map")]
    for lesson in ("ryuoh/", "ja/wythoff/"):  # never visited
        visit = browser.offline_visit(context, site_url + lesson)
        assert visit["online"] is False
        measurements.append(f"offline: {lesson} playable {visit['playable']:.0f} ms after opening it")
        visit["page"].close()
    context.set_offline(True)
    try:
        other = context.new_page()
        for path in every_page(site_dir):
            response = other.goto(site_url + path)
            assert response.status == 200 and other.locator("article h1").count() == 1, path
        response = other.goto(site_url + "ja/ryuoh")  # as a reader may type it
        assert response.status == 200 and other.url == site_url + "ja/ryuoh/"
        for missing in ("no-such-page/", "ja/no-such-page/"):
            response = other.goto(site_url + missing)
            assert response.status == 404 and other.locator("[data-not-found]").count() == 1, missing
        # Until this page has its copy's state, it may ask for it: with a file kept out,
        # it would resume the save, which fails offline and says so in every tab (and the
        # reader's "Remove" below would be "Try again": the flaky removal of issue 46, 6).
        other.wait_for_function("document.documentElement.dataset.offline === 'saved'", timeout=browser.LOAD_MS)
        for lang in ("en", "ja"):  # a page missing from the copy: the offline page lists the rest
            gone = ("ja/" if lang == "ja" else "") + "glossary/"
            page.evaluate(KEEP_OUT, site_url + gone + "index.html")
            listed = offline_page(other, site_url + gone, lang)
            page.evaluate(PUT_BACK)
            pages = {site_url + path for path in every_page(site_dir) if path.startswith("ja/") == (lang == "ja")}
            assert set(listed) == pages - {site_url + gone}
            assert list(listed)[0] == site_url + ("ja/" if lang == "ja" else "")  # the home page first
        other.get_by_role("link", name=listed[site_url + "ja/ryuoh/"]).click()
        other.wait_for_url(site_url + "ja/ryuoh/")
        assert other.title().startswith(listed[site_url + "ja/ryuoh/"] + " - ")
    finally:
        context.set_offline(False)
    # The reader, back online, removes the copy.
    assert page.evaluate("document.documentElement.dataset.offline") == "saved"
    page.get_by_role("button", name="Remove the offline copy").click()
    page.wait_for_function("document.documentElement.dataset.offline === 'offered'", timeout=browser.LOAD_MS)
    assert browser.offline_copy(page, site_url) == []


# What another tab's "Remove" sends the worker (the footer has no such button while saving).
REMOVE_FROM_ANOTHER_TAB = """() => navigator.serviceWorker.ready.then((r) => r.active.postMessage({ type: 'OFFLINE_REMOVE' }))"""


def test_a_removal_stops_a_save_under_way(fresh_context, site_url):
    """The copy removed (from another tab) while it is being saved (or just saved, on a
    fast machine): no file stays and the footer offers it again."""
    context = fresh_context(service_workers="allow")
    page = context.new_page()
    page.goto(site_url + "about/")
    page.wait_for_function("document.documentElement.dataset.offline === 'offered'", timeout=browser.LOAD_MS)
    page.locator(".app-offline__button").click()
    page.wait_for_function("document.querySelector('.app-offline progress')?.value > 0"
                           " || document.documentElement.dataset.offline === 'saved'", timeout=browser.LOAD_MS)
    page.evaluate(REMOVE_FROM_ANOTHER_TAB)
    page.wait_for_function("document.documentElement.dataset.offline === 'offered'", timeout=browser.LOAD_MS)
    assert browser.offline_copy(page, site_url) == []


def deploy_again(site, page_rel):
    """A new deployment of `site`: one page changed, the service worker filled in again."""
    page = site / page_rel
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", "<!-- deployment 2 --></body>"),
                    encoding="utf-8")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_sw.py"), str(site)],
                   check=True, capture_output=True)


def cached_revision(page, url):
    """The revision of url in the offline copy (Workbox's __WB_REVISION__), or None."""
    return page.evaluate("""async (target) => {
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) {
            const url = new URL(request.url);
            if (url.origin + url.pathname === new URL(target).href) return url.searchParams.get('__WB_REVISION__');
          }
        return null;
    }""", url)


def test_a_new_deployment_is_offered_and_replaces_the_cache(fresh_context, site_copy):
    copy, url = site_copy
    context = fresh_context(service_workers="allow")
    page = context.new_page()
    page.goto(url + "about/")
    browser.save_for_offline(page)
    before = cached_revision(page, url + "about/index.html")
    deploy_again(copy, "about/index.html")
    after = hashlib.sha256((copy / "about" / "index.html").read_bytes()).hexdigest()[:16]
    assert before and after != before
    page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    button = page.locator(".app-update button")
    button.wait_for(timeout=browser.LOAD_MS)
    assert "new version" in page.locator(".app-update").inner_text()
    with page.expect_navigation(timeout=browser.LOAD_MS):
        button.click()
    page.wait_for_function("() => document.documentElement.dataset.offline === 'saved'", timeout=browser.LOAD_MS)
    assert "deployment 2" in page.content()
    assert cached_revision(page, url + "about/index.html") == after  # the old one is gone
