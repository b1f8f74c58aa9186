"""Chromium reads the manifest as a phone does: no error in it, and nothing but the test's own
private window stands between the page and "Add to home screen"."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .conftest import sign_up_by_request, within
from .test_hand_form import game_from


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


def _kept_pages(page: Page) -> list[str]:
    return page.evaluate(
        """async () => { const out = [];
             for (const name of await caches.keys()) if (name.startsWith('pages-'))
               for (const r of await (await caches.open(name)).keys()) out.push(r.url);
             return out; }"""
    )


def test_a_game_opened_once_is_still_there_with_no_connection(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    page = context.new_page()
    sign_up_by_request(page.request, live_server, "offline")
    game = game_from(page, live_server, "pl-3-basic.json", hands=3)
    page.goto(game)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # the worker looks after the page from its second load on
    assert page.evaluate("!!navigator.serviceWorker.controller")
    totals = page.locator(".totals").inner_text()
    form = game + "/hands/new"
    page.goto(form)
    page.go_back()

    page.context.set_offline(True)
    page.reload()
    expect(page.locator(".totals")).to_have_text(totals)  # as it was when last seen
    # a page never opened on this phone: the offline page, not the browser's dinosaur
    page.goto(live_server + "/history")
    expect(page.locator("h1")).to_have_text("No connection")
    # the hand form opened before is there (a hand logged on it is kept on the phone:
    # test_offline.py), and any other form sent says it was not saved
    page.goto(form)
    expect(page.locator("h1")).to_have_text("Hand 4")
    page.goto(game)
    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.locator("h1")).to_have_text("No connection")
    expect(page.locator("main")).to_contain_text("was not saved")

    page.context.set_offline(False)
    page.goto(game)
    expect(page.locator(".totals")).to_have_text(totals)  # nothing was stored meanwhile
    assert any(url.endswith(game[len(live_server) :]) for url in _kept_pages(page))
    # signing out forgets the account's pages on this phone
    page.goto(live_server + "/account")
    page.get_by_role("button", name="Sign out", exact=True).click()
    page.wait_for_url("**/signin**")
    for _ in range(50):  # the worker forgets within a moment of the signed-out page
        if not _kept_pages(page):
            break
        page.wait_for_timeout(100)
    assert _kept_pages(page) == []
    within(30, context.close, "closing a phone")  # conftest.within: its service worker
