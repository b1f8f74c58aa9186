"""When the network lets the table down: a preview the server cannot make is made by the engine
on the phone, one that neither can make says so in the page's language, and a live view out of
sight (its stream refused, so that it asks by itself) stops asking until it is shown again."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from playwright.sync_api import Page, Route, expect

from .test_hand_form import game_from, points

# the phone's engine: its modules and its sentences (static/offline/files.js loads them)
ENGINE = re.compile(r".*/(js/(rules|gamefile)|engine)/.*")


def test_a_preview_that_fails_says_so_and_the_hand_still_saves(
    page: Page, live_server: str
) -> None:
    game = game_from(page, live_server, "pl-3-basic.json")
    page.goto(game + "/hands/new")

    def unreachable(route: Route) -> None:
        route.abort("internetdisconnected")

    page.route(re.compile(r".*/hands/preview.*"), unreachable)
    page.route(ENGINE, unreachable)  # nor the phone's engine
    points(page, "Ala").fill("100")
    preview = page.locator("#preview .preview-body")
    expect(preview.locator(".error")).to_have_text(
        "No preview just now: the app could not be reached. Saving still checks the hand."
    )
    # a server error (a page, not the preview's JSON) is said the same way
    page.unroute(re.compile(r".*/hands/preview.*"))
    page.route(
        re.compile(r".*/hands/preview.*"),
        lambda route: route.fulfill(status=503, content_type="text/html", body="<p>busy</p>"),
    )
    points(page, "Bartek").fill("10")
    expect(preview.locator(".error")).to_be_visible()
    page.unroute(re.compile(r".*/hands/preview.*"))
    points(page, "Celina").fill("10")  # the server answers again: the preview comes back
    expect(preview.locator("li").first).to_contain_text("Ala")
    expect(preview.locator(".error")).to_have_count(0)
    page.get_by_role("button", name="Save hand").click()
    expect(page).to_have_url(re.compile(r"saved=1"))


def test_with_the_server_away_the_phone_s_engine_gives_the_same_preview(
    page: Page, live_server: str
) -> None:
    game = game_from(page, live_server, "pl-3-basic.json", hands=1)
    page.goto(game + "/hands/new")
    page.get_by_role("radio", name="Celina", exact=True).check()  # the forced opener
    page.locator("[name=bid]").fill("100")
    for name, value in {"Ala": 35, "Bartek": 0, "Celina": 85}.items():
        points(page, name).fill(str(value))
    preview = page.locator("#preview .preview-body")
    # the preview of the whole hand (one asked while typing lists 3 missing points: 3 items too)
    expect(preview).to_contain_text("failed the contract of 100")
    expect(preview.locator("li")).to_have_count(3)
    from_server = preview.inner_text()
    page.route(re.compile(r".*/hands/preview.*"), lambda route: route.abort())
    page.locator("[name=bid]").fill("")
    page.locator("[name=bid]").fill("100")
    expect(preview).to_contain_text("failed the contract of 100")
    expect(preview.locator("li")).to_have_count(3)
    assert preview.inner_text() == from_server
    assert "failed the contract of 100" in from_server and "35 rounded to 40" in from_server
    # a hand the rules refuse: the engine says why, as the server would
    points(page, "Bartek").fill("10")
    expect(preview.locator(".error")).to_have_text("card points must add up to 120, got 130")


def test_the_preview_failure_is_in_the_readers_language(page: Page, live_server: str) -> None:
    game = game_from(page, live_server, "pl-3-basic.json")
    page.goto(live_server + "/")
    page.locator("#language-choice").select_option("pl")
    page.locator(".language button").click()
    page.goto(game + "/hands/new")
    page.route(re.compile(r".*/hands/preview.*"), lambda route: route.abort())
    page.route(ENGINE, lambda route: route.abort())
    page.locator("[name=points-0]").fill("100")
    expect(page.locator("#preview .error")).to_have_text(
        "Podgląd chwilowo niedostępny: brak połączenia z aplikacją. "
        "Przy zapisie rozdanie i tak zostanie sprawdzone."
    )


def no_stream(page: Page) -> None:
    """The live view's stream answered as a sync-only server answers it (204): the page asks
    by itself, as these tests follow (pushed changes: tests/e2e/test_push.py)."""
    page.route("**/stream*", lambda route: route.fulfill(status=204))


def open_asking(page: Page, url: str) -> None:
    """The live view opened, once its stream was refused: from then on it asks by itself (the
    page's clock is run only after, else a slow machine's refusal came after the first
    check's moment)."""
    with page.expect_request_finished(lambda r: "/stream" in r.url):
        page.goto(url)
    page.evaluate("0")  # the refusal's handler, queued before this, has run

def test_a_live_view_out_of_sight_asks_nothing_until_it_is_shown(
    page: Page, live_server: str
) -> None:
    game = game_from(page, live_server, "pl-3-basic.json", hands=1)
    page.goto(game + "/share")
    page.get_by_role("button", name="Make a live link").click()
    url = page.locator(".share-link a").get_attribute("href")
    assert url
    asked: list[str] = []
    answered: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/state") else None)
    page.on("response", lambda r: answered.append(r.url) if r.url.endswith("/state") else None)
    no_stream(page)
    page.clock.install()
    open_asking(page, url)
    for _ in range(2):  # in sight: every 3 s, give or take a fifth
        checks_again(page, asked, answered)
    page.evaluate(
        """() => {
        Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }"""
    )
    before = len(asked)
    page.clock.run_for(30000)  # half a minute in another tab
    assert len(asked) == before
    page.evaluate(
        """() => {
        Object.defineProperty(document, "visibilityState", {value: "visible", configurable: true});
        document.dispatchEvent(new Event("visibilitychange"));
    }"""
    )
    until(page, lambda: len(asked) == before + 1)  # shown again: it asks at once


def until(page: Page, condition: Callable[[], bool], seconds: float = 10) -> None:
    """Waits for a condition the test reads (not the page), with a deadline."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the deadline"
        page.wait_for_timeout(20)


def checks_again(page: Page, asked: list[str], answered: list[str]) -> None:
    """The live view asks again within 3 s and a fifth of the page's time (its clock, run by
    the test) once its last check is answered (in real time: the next one is set then)."""
    n = len(asked)
    until(page, lambda: len(answered) >= n)
    for _ in range(40):  # 4 s: 3.6 s at the most, and room for the answer's own handling
        page.clock.run_for(100)
        if len(asked) > n:
            return
    raise AssertionError(f"no check within 4 s of the page's time after check {n}")


def _live_link(
    page: Page, live_server: str, hands: int = 1, fixture: str = "pl-3-basic.json"
) -> str:
    game = game_from(page, live_server, fixture, hands=hands)
    page.goto(game + "/share")
    page.get_by_role("button", name="Make a live link").click()
    url = page.locator(".share-link a").get_attribute("href")
    assert url
    return url


def test_a_busy_server_is_asked_again_when_it_says_and_no_sooner(
    page: Page, live_server: str
) -> None:
    """A 503 with Retry-After: 20 is not asked again before 16 s (20 less a fifth of jitter),
    and is by 24 s; a server that does not answer at all is asked later and later."""
    url = _live_link(page, live_server)
    asked: list[int] = []
    failed: list[int] = []
    pattern = re.compile(r".*/state(\?.*)?$")

    def busy(route: Route) -> None:
        asked.append(1)
        route.fulfill(status=503, headers={"Retry-After": "20"}, body="busy")

    def unreachable(route: Route) -> None:
        failed.append(1)
        route.abort()

    def run(ms: int) -> None:  # fake time; the answers themselves come in real time
        for _ in range(ms // 1000):
            page.clock.run_for(1000)
            page.wait_for_timeout(20)

    page.route(pattern, busy)
    no_stream(page)
    page.clock.install()
    open_asking(page, url)
    run(4000)  # the first check, at 3 s give or take a fifth: 503, come back in 20 s
    assert len(asked) == 1
    run(14000)  # 18 s: not yet (20 s less a fifth at the most: 16 s after 3.6 s)
    assert len(asked) == 1
    run(10000)  # 28 s: once more
    assert len(asked) == 2
    page.unroute(pattern)
    page.route(pattern, unreachable)
    run(60000)  # no answer: 24, 48 s ... apart after the 20 s told, not every 3 s
    assert 1 <= len(failed) <= 3


def test_a_finished_game_is_asked_no_more(page: Page, live_server: str) -> None:
    url = _live_link(page, live_server, hands=99, fixture="pl-2-end-declarer-wins.json")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/state" in r.url else None)
    page.clock.install()
    page.goto(url)
    expect(page.locator(".winner")).to_be_visible()
    page.clock.run_for(30000)
    assert asked == []
