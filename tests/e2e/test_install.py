"""Chromium reads the manifest as a phone does: no error in it, and nothing but the test's own
private window stands between the page and "Add to home screen"."""

from __future__ import annotations

from playwright.sync_api import Page


def test_chromium_finds_the_app_installable(page: Page, live_server: str) -> None:
    page.goto(live_server + "/")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest?lang=en")
    assert manifest["errors"] == [], manifest["errors"]
    problems = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # a Playwright context is an incognito window, where Chromium installs nothing; any other
    # reason (no manifest, no icon of a suitable size, no start page) would be listed here
    assert [p["errorId"] for p in problems if p["errorId"] != "in-incognito"] == []
