"""Each saved hand pushed to the phones that follow the game: the live view, the scorer's other
phone and the room's screen update without asking every few seconds, and ask again when the
stream cannot be held."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, Request, expect

from tests.e2e.test_journeys import log_hand, start


def _asks(page: Page, part: str) -> list[str]:
    """The URLs of the requests of `page` whose path has `part`, as they are made."""
    seen: list[str] = []

    def note(request: Request) -> None:
        if part in request.url:
            seen.append(request.url)

    page.on("request", note)
    return seen


#: the tab hidden or shown, as a phone's browser says it when the screen goes off or back
SHOWN = """() => {
    Object.defineProperty(document, "visibilityState", {value: "STATE", configurable: true});
    document.dispatchEvent(new Event("visibilitychange"));
}"""


def _live_link(page: Page) -> str:
    page.get_by_role("link", name="Share").click()
    page.get_by_role("button", name="Make a live link").click()
    url = page.locator(".share-link a").get_attribute("href")
    assert url
    page.get_by_role("link", name="back to the score").click()
    return url


def test_each_saved_hand_is_pushed_to_the_live_view_and_the_scorers_other_phone(
    page: Page, live_server: str, browser: Any, browser_context_args: dict[str, Any]
) -> None:
    start(page, live_server, "pl-3", ["Ala", "Bartek", "Celina"], "push")
    game_url = page.url.split("?")[0]
    url = _live_link(page)
    follower = browser.new_context(**browser_context_args).new_page()
    streams, boards = _asks(follower, "/stream"), _asks(follower, "/state")
    follower.goto(url)
    # the scorer's second phone: the same account, its own browser
    second = browser.new_context(**browser_context_args, storage_state=page.context.storage_state())
    other = second.new_page()
    other.goto(game_url)
    expect(other.locator(".totals .points").first).to_have_text("0")
    # pl-3: defenders rounded to tens (5 up); the forced opener is the seat after the dealer
    hands = [
        ("Bartek", 120, {"Ala": 35, "Bartek": 70, "Celina": 15}, [40, 120, 20]),
        ("Ala", 110, {"Ala": 110, "Bartek": 5, "Celina": 5}, [150, 130, 30]),
        ("Celina", 110, {"Ala": 5, "Bartek": 5, "Celina": 110}, [160, 140, 140]),
    ]
    for declarer, bid, points, totals in hands:
        log_hand(page, declarer, bid, points, ("1:hearts",) if declarer == "Bartek" else ())
        want = [str(n) for n in totals]
        expect(follower.locator(".totals .points")).to_have_text(want, timeout=5000)
        expect(other.locator(".totals .points")).to_have_text(want, timeout=5000)
    # pushed, not polled: the live view asked for its board once per hand, and no more
    assert len(boards) == len(hands), boards
    assert len(streams) == 1, streams
    # a tab out of sight holds no stream and asks nothing; shown again, it catches up at once
    follower.evaluate(SHOWN.replace("STATE", "hidden"))
    log_hand(page, "Ala", 110, {"Ala": 110, "Bartek": 5, "Celina": 5})
    expect(other.locator(".totals .points").first).to_have_text("270", timeout=5000)
    assert len(boards) == len(hands), "nothing asked while hidden"
    follower.evaluate(SHOWN.replace("STATE", "visible"))
    expect(follower.locator(".totals .points").first).to_have_text("270", timeout=5000)
    assert len(streams) == 2, streams
    follower.context.close()
    second.close()


def test_a_live_view_whose_stream_is_refused_asks_by_itself(
    page: Page, live_server: str, browser: Any, browser_context_args: dict[str, Any]
) -> None:
    start(page, live_server, "pl-3", ["Ala", "Bartek", "Celina"], "no-push")
    url = _live_link(page)
    follower = browser.new_context(**browser_context_args).new_page()
    # what a gunicorn sync worker answers (web/streams.py): 204, "don't come back"
    follower.route("**/stream*", lambda route: route.fulfill(status=204))
    boards = _asks(follower, "/state")
    follower.goto(url)
    log_hand(page, "Bartek", 120, {"Ala": 35, "Bartek": 70, "Celina": 15}, ("1:hearts",))
    expect(follower.locator(".totals .points").nth(1)).to_have_text("120", timeout=8000)
    assert boards, "the page fell back to asking every few seconds"
    follower.context.close()
