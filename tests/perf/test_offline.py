"""The site as an app: installable (manifest, icons); after the first visit every lesson
opens and plays offline; a new deployment replaces the old cache, and the reader is told."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from bench import browser

from conftest import ROOT

MANIFEST = re.compile(r'<link rel="manifest" href="([^"]+)"')


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


def test_lessons_open_and_play_offline_after_the_first_visit(fresh_context, site_url, measurements):
    context = fresh_context()
    first = browser.first_visit(context, site_url)
    browser.wait_offline_ready(first["page"])
    for lesson in ("ryuoh/", "ja/wythoff/"):  # never visited
        visit = browser.offline_visit(context, site_url + lesson)
        assert visit["online"] is False
        measurements.append(f"offline: {lesson} playable {visit['playable']:.0f} ms after opening it")


def deploy_again(site, page_rel):
    """A new deployment of `site`: one page changed, the service worker filled in again."""
    page = site / page_rel
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", "<!-- deployment 2 --></body>"),
                    encoding="utf-8")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_sw.py"), str(site)],
                   check=True, capture_output=True)


def test_a_new_deployment_is_offered_and_replaces_the_cache(fresh_context, site_copy):
    copy, url = site_copy
    context = fresh_context()
    page = context.new_page()
    page.goto(url + "about/")
    browser.wait_offline_ready(page)
    before = page.evaluate("() => caches.keys()")
    assert len(before) == 1
    deploy_again(copy, "about/index.html")
    page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    button = page.locator(".app-update button")
    button.wait_for(timeout=browser.LOAD_MS)
    assert "new version" in page.locator(".app-update").inner_text()
    with page.expect_navigation(timeout=browser.LOAD_MS):
        button.click()
    page.wait_for_function("old => caches.keys().then(k => k.length === 1 && k[0] !== old)",
                           arg=before[0], timeout=browser.LOAD_MS)
    assert "deployment 2" in page.content()
