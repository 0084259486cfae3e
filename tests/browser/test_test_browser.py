"""The tests' own Chromium (tests/conftest.py browser, bench/browser.py): no address bar's
popup beside every page, and every feature Playwright turns off still off."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench.browser import OMNIBOX_POPUP  # noqa: E402


def test_no_address_bar_popup_and_playwrights_features_kept(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto("chrome://version")
        switches = page.locator("#command_line").inner_text().split()
        cdp = browser.new_browser_cdp_session()
        targets = cdp.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
        cdp.detach()
    finally:
        context.close()
    popups = [t["url"] for t in targets if "omnibox" in t["url"]]
    assert not popups, popups
    # Playwright's list, then ours: the last one given is the one in effect
    playwrights, ours = [set(s.split("=", 1)[1].split(",")) for s in switches if s.startswith("--disable-features=")]
    assert {"PaintHolding", "AimEnabled"} <= playwrights and playwrights | set(OMNIBOX_POPUP) == ours
