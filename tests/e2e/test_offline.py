"""Scoring with no connection (static/offline.js, static/sw.js): a game opened once is there
offline with its totals; hands logged then are checked and scored by the browser engine, kept in
the outbox and marked "not sent yet"; back online they are sent in order and the server's tally
is what the phone showed. Another phone's hands meanwhile: the scorer sees both and chooses."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from scorekeeper.gamefile.output import engine_output
from scorekeeper.web.engine import module_names

from .conftest import PASSWORD, form_poster, sign_up, sign_up_by_request, within
from .test_hand_form import game_from, points
from .test_languages import axe_turn, check_layout, choose_language

SHOTS = os.environ.get("SCREENSHOTS")
SIZES = [(390, 844), (360, 740)]


def shot(page: Page, name: str) -> None:
    """Screenshots at both phone sizes when SCREENSHOTS names a folder (to look at)."""
    if not SHOTS:
        return
    os.makedirs(SHOTS, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=os.path.join(SHOTS, f"offline-{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})


def no_streams(context: BrowserContext) -> BrowserContext:
    """A phone without EventSource: its pages follow no stream of changes (tests/e2e/
    test_push.py's business). Here a stream held open through offline and online again now
    and then kept a page from closing until the test's timeout (one CI run)."""
    context.add_init_script("delete window.EventSource;")
    return context


def phone(browser: Browser, args: dict, base: str, username: str, new: bool = True) -> Page:
    """A phone whose service worker runs (the other browser tests block it)."""
    context = no_streams(browser.new_context(**{**args, "service_workers": "allow"}))
    page = context.new_page()
    page.on("console", lambda m: print("CONSOLE", m.type, m.text))
    page.on("pageerror", lambda e: print("PAGEERROR", e))
    if new:  # signed up (by a request: the form is test_journeys.py's), on the home page
        sign_up_by_request(page.request, base, username)
        page.goto(f"{base}/")
    else:
        page.goto(f"{base}/signin")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Sign in").click()
        page.get_by_role("link", name=username).wait_for()
    return page


def close_phone(*pages: Page) -> None:
    """Closes each page's context (a phone). Its pages leave for a blank one first: a context
    closed while a page under the service worker was busy (its outbox, a fetch through the
    worker) now and then never finished closing, in about one run of five. Routes still
    waiting for their handler are dropped first, and each page is closed before its context:
    a context closed with a routed request in flight once waited out the test's timeout. Should
    Chromium still not answer, the phone is left to it after 30 s (conftest.within)."""
    for page in pages:
        within(30, lambda context=page.context: _close(context), "closing a phone")


def _close(context: BrowserContext) -> None:
    context.unroute_all(behavior="ignoreErrors")
    for open_page in context.pages:
        try:
            open_page.goto("about:blank")
        except PlaywrightError:  # a navigation of its own came first: it leaves all the same
            pass
        open_page.close()
    context.close()


def kept(page: Page) -> list[str]:
    return page.evaluate(
        """async () => { const out = [];
             for (const name of await caches.keys())
               for (const r of await (await caches.open(name)).keys()) out.push(r.url);
             return out; }"""
    )


#: every module the phone needs to score with no connection (the worker keeps them all; a test
#: that goes offline before the last of them is kept would find the engine missing a part)
ENGINE = [
    f"/js/{name}"
    for name in sorted(module_names(str(Path(__file__).parents[2] / "scorekeeper" / "static")))
    if not name.startswith("pages/")
]


def opened_online(page: Page, game: str, seats: int = 3, lang: str = "en") -> None:
    """The game opened once with a connection, under the worker: what logging a hand with none
    needs is kept (the file, a hand form per dealer, the engine and its sentences)."""
    under_worker(page, game)
    path = game.split("/", 3)[3]
    wanted = [f"/api/{path}/file", *ENGINE] + [
        f"/{path}/hands/new?dealer={d}" for d in range(seats)
    ]
    if lang != "en":
        wanted.append(f"/engine/messages-{lang}.json")
    deadline = time.monotonic() + 30  # the worker fetches ~30 files at install; slow when busy
    while time.monotonic() < deadline:
        urls = kept(page)
        if all(any(u.endswith(w) for u in urls) for w in wanted):
            break
        page.wait_for_timeout(100)
    urls = kept(page)
    assert all(any(u.endswith(w) for u in urls) for w in wanted), urls


def opened_with_adjustment_form(page: Page, game: str) -> None:
    """opened_online, and the adjustment form kept too (with the hand forms, a moment later)."""
    opened_online(page, game)
    for _ in range(50):
        if any(u.endswith("/adjust") for u in kept(page)):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the adjustment form was not kept: {kept(page)}")


def under_worker(page: Page, url: str) -> None:
    """The page opened under the service worker."""
    page.goto(url)
    # the worker's registration is bounded: under load it can miss a page, and an evaluate
    # waiting for `ready` alone would wait forever (a hang, not a failure, seen once in -n 0)
    for _ in range(3):
        if page.evaluate(
            """Promise.race([navigator.serviceWorker.ready.then(() => true),
                             new Promise(r => setTimeout(() => r(false), 5000))])"""
        ):
            break
        page.reload()
    page.reload()
    assert page.evaluate("!!navigator.serviceWorker.controller")


def log_hand(page: Page, declarer: str, bid: int, pts: dict[str, int]) -> None:
    page.get_by_role("link", name="Log hand").click()
    page.get_by_role("radio", name=declarer, exact=True).click()  # a tap, as a thumb makes it
    page.locator("[name=bid]").fill(str(bid))
    for name, value in pts.items():
        points(page, name).fill(str(value))
    page.get_by_role("button", name="Save hand", exact=True).click()


def shown_totals(page: Page) -> list[int]:
    """The totals row; waits for it to be there (a page mid-navigation has none yet)."""
    page.wait_for_load_state()
    points = page.locator(".totals .points")
    points.first.wait_for()
    return [int(t) for t in points.all_inner_texts()]


def totals_are(page: Page, totals: list[int]) -> None:
    """The totals row says these, once the offline code has scored the lines not sent yet
    (after the page shows: the file and the engine come first)."""
    page.wait_for_load_state()
    expect(page.locator(".totals .points")).to_have_text([str(t) for t in totals])


def server(page: Page, game: str, what: str = "") -> Any:
    response = page.request.get(game.replace("/games/", "/api/games/") + what)
    assert response.ok, response.text()
    return response.json()


def stored(page: Page, game: str, hands: list[dict[str, Any]]) -> None:
    """Waits until the server holds these lines (the outbox is sent in the background)."""
    for _ in range(150):
        if server(page, game, "/file")["hands"] == hands:
            break
        page.wait_for_timeout(100)
    assert server(page, game, "/file")["hands"] == hands
    page.wait_for_load_state()


def unsent(page: Page) -> Any:
    return page.locator(".sheet tr.unsent")


def test_hands_logged_offline_are_scored_on_the_phone_and_sent_when_back(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "cottage")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game)
    totals = page.locator(".totals").inner_text()
    first = server(page, game, "/file")

    page.context.set_offline(True)
    page.reload()
    expect(page.locator(".totals")).to_have_text(totals)
    expect(page.locator("#sync-status")).to_have_text("Offline")

    # hand 3: Celina deals, Ala is on the musik
    log_hand(page, "Ala", 100, {"Ala": 65, "Bartek": 35, "Celina": 20})
    expect(unsent(page)).to_have_count(1)
    expect(unsent(page).first).to_contain_text("not sent yet")
    expect(page.locator("#sync-status")).to_have_text("Offline — 1 hand to send")
    expect(page.get_by_role("link", name="Log hand 4")).to_be_visible()
    expect(page.locator(".total.dealing .name")).to_have_text("Ala")  # the deal moved on
    expect(page.locator(".total", has_text="Bartek").locator(".chip")).to_have_text("must bid 100")

    # hand 4 refused as the server would refuse it: its message at the field
    page.get_by_role("link", name="Log hand 4").click()
    expect(page.locator("h1")).to_have_text("Hand 4")
    facts = page.locator(".facts").first
    expect(facts).to_have_text("Ala deals. Bartek is on the musik: must bid 100.")
    expect(page.get_by_role("radio", name="Bartek", exact=True)).to_be_checked()
    expect(page.locator(".offline-note")).to_be_visible()
    page.locator("[name=bid]").fill("100")
    for name, value in {"Ala": 50, "Bartek": 30, "Celina": 30}.items():
        points(page, name).fill(str(value))
    page.get_by_role("button", name="Save hand", exact=True).click()
    error = page.locator("fieldset.played .error")
    expect(error).to_have_text("card points must add up to 120, got 110")
    assert "/hands/new" in page.url
    shot(page, "refused")
    points(page, "Celina").fill("40")
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(unsent(page)).to_have_count(2)

    # hand 5, taken back (Undo takes back a hand not sent yet) and logged again
    log_hand(page, "Celina", 100, {"Ala": 25, "Bartek": 35, "Celina": 60})
    expect(unsent(page)).to_have_count(3)
    page.get_by_role("button", name="Undo hand 5").click()
    expect(unsent(page)).to_have_count(2)
    expect(page.get_by_role("button", name="Undo hand 4")).to_be_visible()
    log_hand(page, "Celina", 100, {"Ala": 25, "Bartek": 30, "Celina": 65})
    expect(unsent(page)).to_have_count(3)
    expect(page.locator("#sync-status")).to_have_text("Offline — 3 hands to send")
    shot(page, "game")

    # the totals are the engine's (the Python engine here, the reference)
    lines = [
        {"declarer": 0, "bid": 100, "points": [65, 35, 20]},
        {"declarer": 1, "bid": 100, "points": [50, 30, 40]},
        {"declarer": 2, "bid": 100, "points": [25, 30, 65]},
    ]
    expected = engine_output({**first, "hands": first["hands"] + lines})
    totals_are(page, expected["totals"])
    phone_totals = shown_totals(page)
    # and the newest row's running totals are them
    assert unsent(page).first.locator(".running").all_inner_texts() == [
        str(t) for t in expected["totals"]
    ]
    # each row marks its contract as the server's sheet will (games/_line.html): ✓ or ✗
    marks = {"made": "✓made", "failed": "✗failed"}
    want = [marks[h["outcome"]] for h in reversed(expected["hands"][-3:])]
    expect(unsent(page).locator(".what .outcome")).to_have_text(want)

    # back online: sent in order, each once; the page is the server's again
    page.context.set_offline(False)
    expect(page.locator("#sync-status")).to_have_text("Every hand was sent.", timeout=15000)
    expect(unsent(page)).to_have_count(0)
    expect(page.locator(".sheet tr.unsent")).to_have_count(0)
    stored = server(page, game, "/file")["hands"]
    assert stored == first["hands"] + lines
    assert server(page, game)["totals"] == phone_totals
    totals_are(page, phone_totals)
    expect(page.locator("#sync-status")).to_be_hidden(timeout=10000)
    close_phone(page)


def test_with_four_players_the_form_follows_the_deal_and_who_sits_out(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "four")
    game = game_from(page, live_server, "pl-4-musik.json", hands=2)
    opened_online(page, game, seats=4)
    first = server(page, game, "/file")
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("link", name="Log hand 3").click()
    expect(page.locator(".seat[data-seat='2'] .sits-out")).to_be_visible()  # Celina deals
    expect(page.get_by_role("radio", name="Darek", exact=True)).to_be_checked()
    page.locator("[name=bid]").fill("100")
    for name, value in {"Ala": 40, "Bartek": 30, "Darek": 50}.items():
        points(page, name).fill(str(value))
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(unsent(page)).to_have_count(1)

    # Darek deals hand 4 and sits it out: the form the worker kept for that deal
    page.get_by_role("link", name="Log hand 4").click()
    expect(page.locator(".seat[data-seat='3'] .sits-out")).to_be_visible()
    expect(points(page, "Celina")).to_be_visible()
    expect(page.locator("legend", has_text="The musik")).to_have_text(
        "The musik (for Darek, who sits out)"
    )
    expect(page.get_by_role("radio", name="Ala", exact=True)).to_be_checked()
    page.locator("[name=bid]").fill("100")
    for name, value in {"Ala": 70, "Bartek": 30, "Celina": 20}.items():
        points(page, name).fill(str(value))
    page.locator("input[name=musik_aces][value='1']").check()
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(unsent(page)).to_have_count(2)
    lines = [
        {
            "declarer": 3,
            "bid": 100,
            "points": [40, 30, None, 50],
            "musik": {"aces": 0, "marriage": None},
        },
        {
            "declarer": 0,
            "bid": 100,
            "points": [70, 30, 20, None],
            "musik": {"aces": 1, "marriage": None},
        },
    ]
    totals = engine_output({**first, "hands": first["hands"] + lines})["totals"]
    totals_are(page, totals)
    expect(page.locator(".total.dealing .chip")).to_have_text("deals, sits out")

    page.context.set_offline(False)
    expect(unsent(page)).to_have_count(0, timeout=15000)
    assert server(page, game, "/file")["hands"] == first["hands"] + lines
    assert server(page, game)["totals"] == totals
    close_phone(page)


def _their_hand(page: Page, game: str, hand: dict[str, Any]) -> None:
    response = page.request.post(game.replace("/games/", "/api/games/") + "/hands", data=hand)
    assert response.status == 201, response.text()


def two_phones(
    browser: Browser, args: dict, base: str, username: str
) -> tuple[Page, Page, str, Any]:
    """Two phones of one account on a two-hand game, the first with it kept for offline use:
    the phones, the game's address and its lines as stored."""
    mine = phone(browser, args, base, username)
    theirs = phone(browser, args, base, username, new=False)
    game = game_from(mine, base, "pl-3-basic.json", hands=2)
    opened_online(mine, game)
    return mine, theirs, game, server(mine, game, "/file")["hands"]


def test_another_phone_wrote_meanwhile_the_scorer_sees_both_and_chooses(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    mine, theirs, game, before = two_phones(browser, browser_context_args, live_server, "family")

    # append: mine go after theirs
    mine.context.set_offline(True)
    log_hand(mine, "Bartek", 110, {"Ala": 20, "Bartek": 80, "Celina": 20})
    their = {"declarer": 0, "bid": 120, "points": [90, 20, 10]}
    _their_hand(theirs, game, their)
    mine.context.set_offline(False)
    issue = mine.locator(".outbox-issue")
    expect(issue).to_contain_text("Another phone logged these hands", timeout=15000)
    expect(issue.locator("tr.unsent")).to_have_count(1)  # mine
    expect(issue.locator("tbody tr:not(.unsent)")).to_have_count(1)  # theirs
    expect(issue).to_contain_text("Ala 120")
    expect(mine.locator("#sync-status")).to_have_text("1 hand not sent yet.")
    shot(mine, "conflict")
    assert server(mine, game, "/file")["hands"] == before + [their]  # nothing of mine yet
    mine.get_by_role("button", name="Add mine after theirs").click()
    expect(issue).to_have_count(0, timeout=15000)
    expect(unsent(mine)).to_have_count(0)
    mine_line = {"declarer": 1, "bid": 110, "points": [20, 80, 20]}
    assert server(mine, game, "/file")["hands"] == before + [their, mine_line]
    totals_are(mine, server(mine, game)["totals"])

    # drop: theirs stay, mine go (the scorer said so)
    mine.context.set_offline(True)
    mine.reload()
    log_hand(mine, "Celina", 100, {"Ala": 25, "Bartek": 30, "Celina": 65})
    expect(unsent(mine)).to_have_count(1)
    their2 = {"declarer": 2, "bid": 110, "points": [20, 20, 80]}
    _their_hand(theirs, game, their2)
    mine.context.set_offline(False)
    expect(issue).to_contain_text("Another phone logged these hands", timeout=15000)
    mine.get_by_role("button", name="Drop mine").click()
    expect(issue).to_have_count(0)
    expect(unsent(mine)).to_have_count(0)
    assert server(mine, game, "/file")["hands"] == before + [their, mine_line, their2]
    totals_are(mine, server(mine, game)["totals"])
    expect(mine.locator("#sync-status")).to_be_hidden(timeout=10000)
    close_phone(mine, theirs)


def test_signing_out_keeps_the_hands_for_that_account_alone(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "lender")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game)
    first = server(page, game, "/file")["hands"]
    page.context.set_offline(True)
    log_hand(page, "Ala", 100, {"Ala": 65, "Bartek": 35, "Celina": 20})
    expect(unsent(page)).to_have_count(1)
    page.goto(live_server + "/account")
    page.context.set_offline(False)
    # held back while the account page is open: the stub of a send
    page.context.route("**/api/games/*/hands", lambda route: route.abort())
    page.reload()
    page.get_by_role("button", name="Sign out", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("Hands not sent yet: 1.")
    shot(page, "signout")
    page.get_by_role("button", name="Sign out anyway").click()
    page.wait_for_url("**/signin**")
    page.context.unroute("**/api/games/*/hands")
    # another account on this phone sends nothing of the first's, and sees none of it
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if "/api/games/" in r.url else None)
    sign_up(page, live_server, "borrower")
    # the offline code has looked at the outbox (its status line no longer busy): nothing for
    # this account, nothing sent
    expect(page.locator("#sync-status")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#sync-status")).to_be_hidden()
    assert posts == []
    page.get_by_role("link", name="borrower").click()
    page.get_by_role("button", name="Sign out", exact=True).click()
    page.wait_for_url("**/signin**")
    # the first account again: its hand goes
    page.get_by_label("Username").fill("lender")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    stored(page, game, first + [{"declarer": 0, "bid": 100, "points": [65, 35, 20]}])
    close_phone(page)


def test_a_hand_that_no_longer_fits_is_kept_until_changed_or_dropped(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    mine, theirs, game, before = two_phones(browser, browser_context_args, live_server, "misfit")
    mine.context.set_offline(True)
    # Ala is on the musik: she takes it at 100 ...
    log_hand(mine, "Ala", 100, {"Ala": 65, "Bartek": 35, "Celina": 20})
    # ... but another phone had logged that hand: after it, Bartek is on the musik
    their = {"declarer": 1, "bid": 110, "points": [20, 80, 20]}
    _their_hand(theirs, game, their)
    mine.context.set_offline(False)
    issue = mine.locator(".outbox-issue")
    expect(issue).to_contain_text(
        "After theirs it would not be accepted: Bartek opens at 100", timeout=15000
    )
    mine.get_by_role("button", name="Add mine after theirs").click()
    # the server refuses it too: it stays, with the reason, until changed or dropped
    expect(issue).to_contain_text("Hand 4 was not accepted: Bartek opens at 100", timeout=15000)
    shot(mine, "not-accepted")
    assert server(mine, game, "/file")["hands"] == before + [their]
    # any other page says so, and leads to the game
    mine.goto(live_server + "/")
    status = mine.locator("#sync-status")
    expect(status).to_contain_text("Game 1: hand 4 was not accepted: Bartek opens at 100")
    shot(mine, "status")
    status.get_by_role("link").click()
    mine.get_by_role("link", name="Change it").click()
    expect(mine.locator("h1")).to_have_text("Hand 4")
    expect(mine.get_by_role("radio", name="Ala", exact=True)).to_be_checked()
    expect(mine.locator("[name=bid]")).to_have_value("100")
    expect(points(mine, "Ala")).to_have_value("65")
    mine.locator("[name=bid]").fill("110")
    mine.get_by_role("button", name="Save hand", exact=True).click()
    fixed = {"declarer": 0, "bid": 110, "points": [65, 35, 20]}
    stored(mine, game, before + [their, fixed])
    expect(issue).to_have_count(0)
    expect(unsent(mine)).to_have_count(0)
    close_phone(mine, theirs)


def test_a_save_that_does_not_get_through_is_kept_on_the_phone(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "flaky")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game)
    first = server(page, game, "/file")["hands"]
    page.get_by_role("link", name="Log hand 3").click()

    posted: list[str] = []
    # the server out of reach, then back: the routes stay and let requests through once it is
    # back (a route removed while the worker's request waited on it left Chromium unable to
    # close the phone, now and then, until the test's timeout)
    away = [True]

    def lost(route: Any) -> None:
        if away[0] and route.request.method == "POST":
            posted.append(route.request.url)
            route.abort("connectionreset")
        else:
            route.fallback()

    def unreachable(route: Any) -> None:
        if away[0]:
            route.abort()
        else:
            route.fallback()

    # the phone believes it is connected; the server is out of reach
    page.context.route("**/hands/new*", lost)
    page.context.route("**/api/games/*/hands", unreachable)
    points(page, "Ala").fill("65")
    points(page, "Bartek").fill("35")
    points(page, "Celina").fill("20")
    page.locator("[name=bid]").fill("100")
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(unsent(page)).to_have_count(1)
    assert len(posted) == 1  # the form was sent as always; the worker brought it back
    expect(page.locator("#sync-status")).to_contain_text("could not be reached")
    away[0] = False
    page.reload()
    stored(page, game, first + [{"declarer": 0, "bid": 100, "points": [65, 35, 20]}])
    close_phone(page)


def test_offline_in_the_readers_language(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "polka")
    choose_language(page, "pl")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game, lang="pl")
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#sync-status")).to_have_text("Brak połączenia")
    page.get_by_role("link", name="Zapisz rozdanie 3").click()
    page.locator("[name=bid]").fill("100")
    for name, value in {"Ala": 65, "Bartek": 35, "Celina": 10}.items():
        page.get_by_label(f"{name}: punkty z kart").fill(str(value))
    page.get_by_role("button", name="Zapisz rozdanie", exact=True).click()
    expect(page.locator("fieldset.played .error")).to_have_text(
        "suma punktów z kart musi wynosić 120, a wynosi 110"
    )
    page.get_by_label("Celina: punkty z kart").fill("20")
    page.get_by_role("button", name="Zapisz rozdanie", exact=True).click()
    expect(unsent(page)).to_have_count(1)
    expect(unsent(page).first).to_contain_text("niewysłane")
    expect(page.locator("#sync-status")).to_have_text("Brak połączenia — 1 rozdanie do wysłania")
    shot(page, "polish")
    close_phone(page)


def test_a_save_stored_whose_answer_was_lost_is_stored_once(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "echo")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game)
    first = server(page, game, "/file")["hands"]
    page.get_by_role("link", name="Log hand 3").click()

    posted: list[int] = []

    def stored_then_lost(route: Any) -> None:
        if route.request.method == "POST":
            posted.append(route.fetch(max_redirects=0).status)  # the server has it ...
            route.abort("connectionreset")  # ... the phone never hears back
        else:
            route.fallback()

    page.context.route("**/hands/new*", stored_then_lost)
    page.locator("[name=bid]").fill("100")
    points(page, "Ala").fill("65")
    points(page, "Bartek").fill("35")
    points(page, "Celina").fill("20")
    page.get_by_role("button", name="Save hand", exact=True).click()
    hand = {"declarer": 0, "bid": 100, "points": [65, 35, 20]}
    page.wait_for_url("**/games/*")
    assert posted == [302]
    page.context.unroute("**/hands/new*")
    # the phone kept it and sends it again with the form's token: answered as the first post
    expect(page.locator("#sync-status")).to_have_text("Every hand was sent.", timeout=15000)
    expect(unsent(page)).to_have_count(0)
    assert server(page, game, "/file")["hands"] == first + [hand]
    totals_are(page, server(page, game)["totals"])
    close_phone(page)


def test_a_hand_changed_and_another_deleted_offline_are_sent_in_order(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "editor")
    game = game_from(page, live_server, "pl-3-basic.json", hands=3)
    opened_online(page, game)
    first = server(page, game, "/file")
    page.context.set_offline(True)

    # hand 1's edit form, never opened here: the hand form kept, filled with hand 1
    page.goto(game + "/hands/1/edit")
    expect(page.locator("h1")).to_have_text("Edit hand 1")
    expect(page.get_by_role("radio", name="Bartek", exact=True)).to_be_checked()
    expect(points(page, "Bartek")).to_have_value("61")
    points(page, "Ala").fill("34")
    points(page, "Bartek").fill("71")
    page.get_by_label("Why the change (optional, kept in the trail)").fill("Ala counted again")
    page.get_by_role("button", name="Save hand", exact=True).click()
    page.wait_for_url(game)
    expect(unsent(page)).to_have_count(1)

    # hand 2's delete page: the same form, with its Delete button and why
    page.goto(game + "/hands/2/delete")
    page.get_by_label("Why the change (optional, kept in the trail)").fill("dealt twice")
    page.get_by_role("button", name="Delete line 2").click()
    page.wait_for_url(game)
    expect(page.locator("#sync-status")).to_have_text("Offline — 2 hands to send")
    edited = {**first["hands"][0], "points": [34, 71, 15]}
    expected = engine_output({**first, "hands": [edited, first["hands"][2]]})
    totals_are(page, expected["totals"])
    expect(page.locator(".sheet tbody tr")).to_have_count(2)
    expect(unsent(page)).to_have_count(1)
    expect(unsent(page).first).to_contain_text("not sent yet")
    assert unsent(page).first.locator(".running").all_inner_texts() == [
        str(t) for t in expected["hands"][0]["totals"]
    ]

    page.context.set_offline(False)
    expect(page.locator("#sync-status")).to_have_text("Every hand was sent.", timeout=15000)
    assert server(page, game, "/file")["hands"] == [edited, first["hands"][2]]
    assert server(page, game)["totals"] == expected["totals"]
    totals_are(page, expected["totals"])
    # the reasons typed on the phone are in the trail, as the pages' own would be
    assert "Ala counted again" in page.request.get(game + "/hands/1").text()
    assert "dealt twice" in page.request.get(game).text()
    close_phone(page)


def test_an_adjustment_offline_is_queued_like_a_hand(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "penalty")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_with_adjustment_form(page, game)
    first = server(page, game, "/file")
    page.context.set_offline(True)
    page.reload()
    page.get_by_role("link", name="Adjustment", exact=True).click()
    page.get_by_label("Bartek adjustment").fill("50")
    page.get_by_label("Bartek: minus").check()  # no minus key on iOS's number pad
    page.get_by_label("Reason").fill("exposed a card")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_url(game + "*")
    expect(unsent(page)).to_have_count(1)
    expect(unsent(page).first).to_contain_text("± exposed a card")
    expect(page.locator("#sync-status")).to_have_text("Offline — 1 hand to send")
    line = {"adjustment": [0, -50, 0], "reason": "exposed a card"}
    expected = engine_output({**first, "hands": first["hands"] + [line]})
    totals_are(page, expected["totals"])

    page.context.set_offline(False)
    expect(page.locator("#sync-status")).to_have_text("Every hand was sent.", timeout=15000)
    assert server(page, game, "/file")["hands"] == first["hands"] + [line]
    assert server(page, game)["totals"] == expected["totals"]
    totals_are(page, expected["totals"])
    close_phone(page)


def test_an_adjustment_changed_then_deleted_offline_is_sent_in_order(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """An adjustment's edit form and delete page, not kept: the adjustment form kept, filled
    with that line, with its Delete button and the why-the-change box."""
    page = phone(browser, browser_context_args, live_server, "adjuster")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    api = game.replace("/games/", "/api/games/")
    line = {"adjustment": [0, -50, 0], "reason": "exposed a card"}
    assert page.request.post(api + "/hands", data=line).status == 201
    opened_with_adjustment_form(page, game)
    first = server(page, game, "/file")
    page.context.set_offline(True)

    page.goto(game + "/hands/3/adjust")
    expect(page.locator("h1")).to_have_text("Edit the adjustment line 3")
    expect(page.get_by_label("Bartek adjustment")).to_have_value("-50")
    expect(page.get_by_label("Reason", exact=True)).to_have_value("exposed a card")
    page.get_by_label("Bartek adjustment").fill("-100")
    page.get_by_label("Why the change (optional, kept in the trail)").fill("twice, in fact")
    check_layout(page, "en", "offline adjustment edit")
    shot(page, "adjustment-edit")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_url(game)
    changed = {"adjustment": [0, -100, 0], "reason": "exposed a card"}
    expected = engine_output({**first, "hands": first["hands"][:2] + [changed]})
    expect(page.locator("#sync-status")).to_have_text("Offline — 1 hand to send")
    totals_are(page, expected["totals"])

    # its delete page: through the hand form kept, which sends an adjustment to its own form
    page.goto(game + "/hands/3/delete")
    expect(page.locator(".offline-delete")).to_have_text("Delete line 3")
    page.get_by_label("Why the change (optional, kept in the trail)").fill("agreed to drop it")
    page.get_by_role("button", name="Delete line 3").click()
    page.wait_for_url(game)
    before = engine_output({**first, "hands": first["hands"][:2]})
    totals_are(page, before["totals"])

    page.context.set_offline(False)
    expect(page.locator("#sync-status")).to_have_text("Every hand was sent.", timeout=15000)
    assert server(page, game, "/file")["hands"] == first["hands"][:2]
    assert server(page, game)["totals"] == before["totals"]
    board = page.request.get(game).text()
    assert "agreed to drop it" in board  # the delete's reason, with its Restore
    close_phone(page)


# A slow phone: the page's code that waits for the page to be read (app.js's offlineCode) starts
# 1.5 s late, so the offline code comes after a quick thumb's Save.
SLOW_START = """(() => { const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, ...rest) {
    const late = type === "DOMContentLoaded" && typeof listener === "function"
      ? (...a) => setTimeout(() => listener(...a), 1500) : listener;
    return add.call(this, type, late, ...rest);
  }; })()"""


def test_a_hand_changed_offline_while_another_phone_wrote_is_shown_and_added_after(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """Saved at once on a slow phone, before the offline code has come: the Save waits for it
    (app.js) instead of going to the network and losing the change."""
    mine, theirs, game, first = two_phones(browser, browser_context_args, live_server, "recount")
    mine.context.add_init_script(SLOW_START)
    mine.context.set_offline(True)
    mine.goto(game + "/hands/1/edit")
    points(mine, "Ala").fill("34")
    points(mine, "Bartek").fill("71")
    mine.get_by_role("button", name="Save hand", exact=True).click()
    mine.wait_for_url(game)
    their = {"declarer": 0, "bid": 120, "points": [90, 20, 10]}
    _their_hand(theirs, game, their)
    mine.context.set_offline(False)
    issue = mine.locator(".outbox-issue")
    expect(issue).to_contain_text("Another phone logged these hands", timeout=15000)
    expect(issue.locator("tr.unsent")).to_have_count(1)  # mine: hand 1 as changed
    expect(issue.locator("tr.unsent th")).to_have_text("1")
    expect(issue).to_contain_text("Ala 120")
    mine.get_by_role("button", name="Add mine after theirs").click()
    expect(issue).to_have_count(0, timeout=15000)
    edited = {**first[0], "points": [34, 71, 15]}
    assert server(mine, game, "/file")["hands"] == [edited, first[1], their]
    totals_are(mine, server(mine, game)["totals"])
    close_phone(mine, theirs)


LOADED = (
    "performance.getEntriesByType('resource').some(e => e.name.includes('/js/offline/start.js'))"
)


def loads_offline_code(page: Page) -> None:
    """This page has loaded the offline code (app.js adds its script; the CSP forbids the eval
    of wait_for_function)."""
    for _ in range(100):
        if page.evaluate(LOADED):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the offline code was not loaded on {page.url}")


def test_a_first_view_is_the_page_alone_and_the_offline_code_comes_where_it_has_work(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """With no worker yet, the game page does not fetch the offline code (a first view is the
    page, its CSS and app.js); a hand form does (it keeps what was typed); and a page the worker
    controls has it, from the worker's copy (app.js's offlineCode, docs/table.md)."""
    context = no_streams(
        browser.new_context(**{**browser_context_args, "service_workers": "block"})
    )
    page = context.new_page()
    sign_up_by_request(page.request, live_server, "first-view")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/js/offline/" in r.url else None)
    page.goto(game)
    page.wait_for_load_state("networkidle")
    assert asked == [] and not page.evaluate(LOADED)
    page.goto(game + "/hands/new")
    loads_offline_code(page)
    assert any(url.endswith("/js/offline/start.js") for url in asked)
    context.close()

    worked = phone(browser, browser_context_args, live_server, "first-view", new=False)
    opened_online(worked, game)
    loads_offline_code(worked)  # the game page, under the worker
    close_phone(worked)


# a cheap phone: the game file comes 1.5 s after the page asks for it (static/offline/files.js:
# a form is filled in, and the sheet scored, once the file and the engine are both there)
SLOW_ENGINE = """(() => { const asked = window.fetch;
  window.fetch = function (url, ...rest) {
    const slow = /\\/api\\/games\\/[0-9]+\\/file$/.test(String(url));
    return slow ? new Promise((ok) => setTimeout(ok, 1500)).then(() => asked(url, ...rest))
      : asked(url, ...rest);
  }; })()"""


def test_what_the_scorer_types_before_the_line_is_filled_in_is_kept(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """Offline, a line's edit form is filled with that line once the file and the engine are
    loaded; points typed before that stay as typed, the other fields are the line's, and the
    change saved is the one typed (the flake of CI's run at dcab9dd: the old values were saved)."""
    page = phone(browser, browser_context_args, live_server, "quick-thumb")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game)
    first = server(page, game, "/file")["hands"]
    page.context.add_init_script(SLOW_ENGINE)
    page.context.set_offline(True)
    page.goto(game + "/hands/1/edit")
    points(page, "Ala").fill("34")
    points(page, "Bartek").fill("71")
    expect(page.locator(".offline-delete")).to_have_text("Delete line 1")  # the line is in
    expect(points(page, "Ala")).to_have_value("34")
    expect(points(page, "Bartek")).to_have_value("71")
    expect(points(page, "Celina")).to_have_value(str(first[0]["points"][2]))
    page.get_by_role("button", name="Save hand", exact=True).click()
    page.wait_for_url(game)
    edited = {**first[0], "points": [34, 71, first[0]["points"][2]]}
    expected = engine_output({**server(page, game, "/file"), "hands": [edited, first[1]]})
    expect(page.locator("#sync-status")).to_have_text("Offline — 1 hand to send")
    # the engine is slow on this phone too: the totals change when it has come
    expect(page.locator(".totals .points")).to_have_text([str(t) for t in expected["totals"]])
    page.context.set_offline(False)
    expect(page.locator("#sync-status")).to_have_text("Every hand was sent.", timeout=15000)
    assert server(page, game, "/file")["hands"] == [edited, first[1]]
    close_phone(page)


def test_a_declarer_tapped_before_the_form_is_filled_in_stays_even_where_it_was_ticked(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """Offline after a hand not sent, the kept form ticks the declarer of its own deal until the
    engine has come and ticks this deal's opener. A tap on the tick as it came (Ala) before that
    is the scorer's choice, and stays."""
    page = phone(browser, browser_context_args, live_server, "early-tap")
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game)
    page.context.set_offline(True)
    page.goto(game)
    log_hand(page, "Ala", 100, {"Ala": 65, "Bartek": 35, "Celina": 20})  # hand 3: Ala opens
    expect(unsent(page)).to_have_count(1)
    page.context.add_init_script(SLOW_ENGINE)
    page.get_by_role("link", name="Log hand").click()
    ala = page.get_by_role("radio", name="Ala", exact=True)
    expect(ala).to_be_checked()  # the kept form's opener, before the engine says Bartek
    ala.click()
    page.locator("[name=bid]").fill("110")
    expect(page.locator("h1")).to_have_text("Hand 4")  # the engine has filled the form in
    expect(ala).to_be_checked()
    for name, value in {"Ala": 70, "Bartek": 30, "Celina": 20}.items():
        points(page, name).fill(str(value))
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(unsent(page)).to_have_count(2)
    page.context.set_offline(False)
    expect(page.locator("#sync-status")).to_have_text("Every hand was sent.", timeout=15000)
    assert server(page, game, "/file")["hands"][-1] == {
        "declarer": 0,
        "bid": 110,
        "points": [70, 30, 20],
    }
    close_phone(page)


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "uk"])
def test_the_offline_pages_fit_a_phone_and_pass_axe_in_every_language(
    browser: Browser, browser_context_args: dict, live_server: str, lang: str
) -> None:
    """The hand form with a refusal at its field, the game page with a hand not sent and the
    status line, a line's delete, a new game and the games list kept: nothing overflows at 390
    or 360 px, and axe finds nothing (each page in English and in one other language)."""
    page = phone(browser, browser_context_args, live_server, f"look-{lang}")
    if lang != "en":
        choose_language(page, lang)
    game = game_from(page, live_server, "pl-3-basic.json", hands=2)
    opened_online(page, game, lang=lang)
    page.goto(f"{live_server}/")
    new_game_kept(page, lang)
    page.goto(game)
    page.context.set_offline(True)
    page.reload()
    page.locator('a[href*="/hands/new"]').first.click()
    page.locator("[name=bid]").fill("100")
    for seat, value in enumerate((65, 35, 10)):
        page.locator(f"[name=points-{seat}]").fill(str(value))
    page.locator("#hand-form button.primary[type=submit]").click()
    expect(page.locator("fieldset.played .error")).to_be_visible()
    check_layout(page, lang, "offline hand form", axe=axe_turn(lang, 0))
    shot(page, f"form-{lang}")
    page.locator("[name=points-2]").fill("20")
    page.locator("#hand-form button.primary[type=submit]").click()
    expect(unsent(page)).to_have_count(1)
    expect(page.locator("#sync-status")).to_be_visible()
    check_layout(page, lang, "offline game page", axe=axe_turn(lang, 1))
    shot(page, f"game-{lang}")
    # a line deleted with no connection: the kept form, its Delete button and why, in words
    page.goto(game + "/hands/1/delete")
    expect(page.locator(".offline-reason")).to_be_visible()
    expect(page.locator(".offline-delete")).to_be_visible()
    check_layout(page, lang, "offline delete", axe=axe_turn(lang, 2))
    shot(page, f"delete-{lang}")
    # a game started with no connection: the form, then the games list saying it waits
    page.goto(f"{live_server}/games/new")
    expect(page.locator(".offline-note")).to_be_visible()
    check_layout(page, lang, "offline new game", axe=axe_turn(lang, 3))
    shot(page, f"new-game-{lang}")
    for seat, name in enumerate(("Ala", "Bartek", "Celina")):
        page.locator(f"[name=players-{seat}]").fill(name)
    page.locator("#new-game button[type=submit]").click()
    expect(page.locator(".pending-games p")).to_have_count(1)
    check_layout(page, lang, "offline games list", axe=axe_turn(lang, 4))
    shot(page, f"games-{lang}")
    close_phone(page)


def new_game_kept(page: Page, lang: str = "en") -> None:
    """The games list, open under the worker, keeps the new-game form for a start offline, in
    the reader's language (asked for again after a change of language)."""
    for _ in range(100):
        if page.evaluate(
            """async (lang) => { const r = await caches.match("/games/new", {ignoreVary: true});
                 return !!r && (await r.text()).includes('<html lang="' + lang + '"'); }""",
            lang,
        ):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the new-game form was not kept in {lang}")


def _new_game_offline(page: Page, base: str, names: list[str], quick: bool = False) -> None:
    """The new game's form filled in and started; `quick`: at once, not waiting for the offline
    code to say it is there (a slow phone's Save waits for it, app.js)."""
    page.goto(f"{base}/games/new")
    if not quick:
        expect(page.locator(".offline-note")).to_have_text(
            "No connection: the game is kept on this phone and started when the connection is"
            " back."
        )
    for seat, name in enumerate(names):
        page.locator(f"[name=players-{seat}]").fill(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(f"{base}/")


def test_a_game_started_offline_is_started_when_the_connection_is_back(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    page = phone(browser, browser_context_args, live_server, "train")
    under_worker(page, f"{live_server}/")
    new_game_kept(page)

    page.context.add_init_script(SLOW_START)
    page.context.set_offline(True)
    _new_game_offline(page, live_server, ["Ala", "Bartek", "Celina"], quick=True)
    waiting = page.locator(".pending-games p")
    expect(waiting).to_have_text(
        [
            "New game Ala, Bartek, Celina (Polish Tysiąc, 3 players): "
            "started when the connection is back."
        ]
    )
    _new_game_offline(
        page, live_server, ["Ala", "Ala", "Celina"]
    )  # the server will refuse it: kept, and why
    expect(waiting).to_have_count(2)
    expect(page.locator("#sync-status")).to_have_text("Offline · 2 new games to start")
    shot(page, "new-games")
    assert page.request.get(f"{live_server}/api/games/1").status == 404  # nothing sent yet

    page.context.set_offline(False)
    refused = (
        "The new game Ala, Ala, Celina (Polish Tysiąc, 3 players) was not started: "
        "two players have the same name"
    )
    expect(waiting).to_have_text([refused + " Change it"], timeout=15000)
    first = server(page, f"{live_server}/games/1")
    assert first["players"] == ["Ala", "Bartek", "Celina"] and first["hands"] == []
    expect(page.locator(".games a", has_text="Ala")).to_have_count(1)
    expect(page.locator("#sync-status")).to_contain_text(refused)

    # changed where it was refused, and started; nothing is left to send
    page.get_by_role("link", name="Change it").click()
    expect(page.locator("main .error").first).to_contain_text("two players have the same name")
    expect(page.locator("[name=players-1]")).to_have_value("Ala")
    page.locator("[name=players-1]").fill("Dorota")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(f"{live_server}/games/2")
    assert server(page, f"{live_server}/games/2")["players"] == ["Ala", "Dorota", "Celina"]
    assert (
        page.evaluate(
            """() => new Promise(ok => { const r = indexedDB.open("scorekeeper", 1);
             r.onsuccess = () => { const g = r.result.transaction("outbox").objectStore("outbox")
               .getAll(); g.onsuccess = () => ok(g.result.length); }; })"""
        )
        == 0
    )
    assert page.request.get(f"{live_server}/api/games/3").status == 404  # two games, not three


def table_link_of_a_new_event(director: Page, base: str) -> str:
    """A director's event of three players at one table of pl-3, its round started: the
    table's link as the seating plan prints it (made by the forms' posts)."""
    post = form_poster(director, base)

    made = post("/events/new", name="Club night", size_3="pl-3", first="3", ranking="points")
    event = "/events/" + made.split("/")[-2]
    post(event + "/players", names="Ala\nBartek\nCelina")
    post(event + "/draw", method="random")
    post(event + "/start")
    plan = director.request.get(f"{base}{event}/plan").text()
    found = re.search(r'href="https?://[^"/]+(/table/\d+/[^"]+)"', plan)
    assert found, plan[:2000]
    return base + found.group(1)


def test_a_table_link_phone_scores_with_no_connection_and_sends_when_back(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    director = phone(browser, browser_context_args, live_server, "director")
    link = table_link_of_a_new_event(director, live_server)
    # the table's phone: no account, its link opened once with a connection
    context = no_streams(
        browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    )
    page = context.new_page()
    page.goto(link)
    game = page.url
    assert re.search(r"/games/\d+$", game), game
    opened_online(page, game)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#sync-status")).to_have_text("Offline")
    page.get_by_role("link", name="Log hand 1").click()
    declarer = page.locator("input[name=declarer]:checked")
    expect(declarer).to_have_count(1)
    seat = int(declarer.get_attribute("value") or "0")
    page.locator("[name=bid]").fill("100")
    for other in range(3):
        page.locator(f"[name=points-{other}]").fill("100" if other == seat else "10")
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(unsent(page)).to_have_count(1)
    expect(page.locator("#sync-status")).to_have_text("Offline — 1 hand to send")
    # back online: the hand is sent under the table's link, as the form would have sent it
    page.context.set_offline(False)
    page.reload()
    points = [100 if s == seat else 10 for s in range(3)]
    stored(page, game, [{"declarer": seat, "bid": 100, "points": points}])
    expect(unsent(page)).to_have_count(0)
    expect(page.locator("header")).to_contain_text("Round 1, table 1")  # still no account
    close_phone(page, director)
