"""A phone two accounts share (static/sw.js, docs/table.md "With no connection"): with no
connection each account sees the pages it opened itself and nobody else's, a signed-out phone
shows nobody's, and the hands an account logged wait for it and go under it alone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from .conftest import PASSWORD
from .test_hand_form import game_from
from .test_languages import axe_turn, check_layout
from .test_offline import (
    _new_game_offline,
    close_phone,
    log_hand,
    new_game_kept,
    opened_online,
    phone,
    server,
    shot,
    shown_totals,
    stored,
    under_worker,
    unsent,
)

THEIRS = ("Ala", "Bartek", "Celina")  # the first account's players (pl-3-basic.json)


def sign_in(page: Page, base: str, username: str) -> None:
    """On the sign-in page, whoever is signed in now (nobody signs out first)."""
    page.goto(f"{base}/signin")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("link", name=username).wait_for()


def not_kept(page: Page, url: str) -> None:
    """With no connection, `url` is the offline page: nothing of the first account's game."""
    page.goto(url)
    expect(page.locator("h1")).to_have_text("No connection")
    expect(page.locator("main")).to_contain_text("this page is not kept on it")
    text = page.locator("body").inner_text()
    assert not any(name in text for name in THEIRS), (url, text)


def test_another_account_on_the_phone_sees_none_of_the_first_ones_games_offline(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "owner")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game)
    page.goto(game + "/hands/1")  # a line's page with its trail
    first = server(page, game, "/file")["hands"]
    page.context.set_offline(True)
    page.goto(game)
    log_hand(page, "Ala", 100, {"Ala": 65, "Bartek": 35, "Celina": 20})
    expect(unsent(page)).to_have_count(1)

    # back online (the hand held back), "scorer" signs in without the owner signing out
    sent: list[str] = []
    after: list[bool] = []

    def held(route: Route) -> None:
        if after and route.request.frame.page == page:  # "scorer"'s pages, not the owner's tab
            sent.append(route.request.url)
        route.abort()

    page.context.route("**/api/games/*/hands", held)
    page.context.set_offline(False)
    tab = page.context.new_page()  # the owner's game in another tab, left open
    tab.goto(game)
    expect(unsent(tab)).to_have_count(1)
    sign_in(page, live_server, "scorer")
    after.append(True)
    mine = game_from(page, live_server, "ru-3-basic-bolts-dump.json", hands=2)
    opened_online(page, mine)
    expect(page.locator("#sync-status")).to_be_hidden()
    shown = shown_totals(page)

    page.context.set_offline(True)
    # the owner's game, its hand form, a line's page and the game file: none of it
    not_kept(page, game)
    not_kept(page, game + "/hands/new")
    not_kept(page, game + "/hands/1")
    file = game.replace("/games/", "/api/games/") + "/file"
    not_kept(page, file)
    fetched = """u => Promise.race([fetch(u).then(r => r.status, () => 'refused'),
                                    new Promise(ok => setTimeout(() => ok('no answer'), 15000))])"""
    assert page.evaluate(fetched, file) == "refused"  # as the offline code asks for it
    # this account's own game is there, its hand form too
    page.goto(mine)
    assert shown_totals(page) == shown
    page.goto(mine + "/hands/new")
    expect(page.locator("h1")).to_have_text("Hand 3")
    assert sent == []  # nothing of the owner's went as "scorer"

    # the owner's tab sends the owner's hand: refused under "scorer", kept for the owner
    page.context.set_offline(False)
    page.context.unroute("**/api/games/*/hands")
    with tab.expect_response(lambda r: r.url.endswith("/hands"), timeout=15000) as answer:
        tab.evaluate("window.dispatchEvent(new Event('online'))")
    assert answer.value.status == 403
    expect(unsent(tab)).to_have_count(1)
    tab.close()

    # signed out: nobody's pages; the sign-in page says hands wait for their account
    page.goto(live_server + "/account")
    page.get_by_role("button", name="Sign out", exact=True).click()
    page.wait_for_url("**/signin**")
    waiting = page.locator("#waiting-hands")
    expect(waiting).to_be_visible()
    expect(waiting).not_to_contain_text("Ala")
    page.context.set_offline(True)
    not_kept(page, mine)
    not_kept(page, live_server + "/")

    # the owner again: the hand goes, under the owner
    page.context.set_offline(False)
    sign_in(page, live_server, "owner")
    stored(page, game, first + [{"declarer": 0, "bid": 100, "points": [65, 35, 20]}])
    close_phone(page)


def test_a_game_started_offline_is_not_started_under_someone_who_signed_in_since(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """The owner's games list, left open in a tab, sends the owner's game kept offline after
    someone else signed in in another tab: it is not started under them, and waits for the
    owner."""
    page = phone(browser, browser_context_args, live_server, "owner")
    under_worker(page, f"{live_server}/")
    new_game_kept(page)
    page.context.set_offline(True)
    _new_game_offline(page, live_server, list(THEIRS))
    page.context.route("**/games/new", lambda route: route.abort())  # held back
    page.context.set_offline(False)
    tab = page.context.new_page()
    tab.goto(live_server + "/")
    expect(tab.locator(".pending-games p")).to_have_count(1)
    sign_in(page, live_server, "scorer")
    page.context.unroute("**/games/new")
    tab.evaluate("window.dispatchEvent(new Event('online'))")
    expect(tab.locator("#sync-status")).to_contain_text("Sign in to send them", timeout=15000)
    expect(page.locator(".games a")).to_have_count(0)
    page.reload()
    expect(page.locator(".games a")).to_have_count(0)  # nothing started under "scorer"
    tab.close()
    sign_in(page, live_server, "owner")
    expect(page.locator(".games a", has_text="Ala")).to_have_count(1, timeout=15000)
    close_phone(page)


# a hand another account left in this phone's outbox, as static/offline/base.js keeps one
LEFT = """() => new Promise((ok, no) => { const r = indexedDB.open("scorekeeper", 1);
  r.onupgradeneeded = () =>
    r.result.createObjectStore("outbox", {keyPath: "id", autoIncrement: true});
  r.onerror = () => no(r.error);
  r.onsuccess = () => { const t = r.result.transaction("outbox", "readwrite");
    t.objectStore("outbox").put({account: "999", game: 1, key: "k", line: {declarer: 0, bid: 100}});
    t.oncomplete = () => ok(true); }; })"""


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "uk"])
def test_the_sign_in_and_offline_pages_fit_a_phone_and_pass_axe_in_every_language(
    browser: Browser, browser_context_args: dict, live_server: str, lang: str
) -> None:
    """What they say of a shared phone: the sign-in and sign-up pages with another account's
    hands waiting, and the offline page for a page not kept."""
    args = {**browser_context_args, "service_workers": "allow", "locale": lang}
    page = browser.new_context(**args).new_page()
    under_worker(page, f"{live_server}/signin")  # the offline page kept in this language
    page.evaluate(LEFT)
    for number, where in enumerate(("signin", "signup")):
        page.goto(f"{live_server}/{where}")
        expect(page.locator("#waiting-hands")).to_be_visible()
        axe = axe_turn(lang, number)  # in English, and in one other language by turns
        check_layout(page, lang, f"{where} with hands waiting", axe=axe)
        shot(page, f"{where}-waiting-{lang}")
    page.context.set_offline(True)
    page.goto(f"{live_server}/games/1")
    expect(page.locator("main a.button")).to_be_visible()  # its one button: the games
    check_layout(page, lang, "offline page, not kept", axe=axe_turn(lang, 2))
    shot(page, f"not-kept-{lang}")
    close_phone(page)
