"""The room of a club night: its screen on a TV with 27 tables, the round's timer on a table's
phone, and the director's lock once the round is closed."""

from __future__ import annotations

import re
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import form_poster

TABLES, SEATS = 27, 4
TV = {"width": 1920, "height": 1080}


def event_of_27_tables(page: Page, base: str) -> tuple[str, list[str]]:
    """108 players at 27 tables of 4 (pl-4), round 1 started with a 30-minute timer and a few
    hands at each table (by the forms' and the API's posts, as the director's browser); the
    event's page and the table links of its seating plan."""
    post = form_poster(page, base)

    made = post("/events/new", name="Club night", size_4="pl-4", first="4", ranking="points")
    event = "/events/" + made.split("/")[-2]
    post(event + "/players", names="\n".join(f"Player {n + 1:03}" for n in range(108)))
    post(event + "/draw", method="random")
    post(event + "/start")
    post(event + "/timer", minutes="30")
    plan = page.request.get(f"{base}{event}/plan").text()
    links = re.findall(r'href="https?://[^"/]+(/table/\d+/[^"]+)"', plan)
    games = [
        int(g) for g in re.findall(r'href="/games/(\d+)"', page.request.get(base + event).text())
    ]
    assert len(links) == len(games) == TABLES
    for number, game in enumerate(games):
        dealer = page.request.get(f"{base}/api/games/{game}/file").json().get("first_dealer", 0)
        for _ in range(number % 4):  # 0 to 3 hands: the opener makes 100
            declarer = (dealer + 1) % SEATS
            points: list[Any] = [100 if s == declarer else 10 for s in range(SEATS)]
            points[dealer] = None  # the dealer sits out
            line = {"declarer": declarer, "bid": 100, "points": points}
            r = page.request.post(f"{base}/api/games/{game}/hands", data=line)
            assert r.status == 201, r.text()
            dealer = (dealer + 1) % SEATS
    return event, links


def test_the_room_s_screen_the_timer_on_a_table_and_the_lock(
    page: Page, live_server: str, browser: Browser, browser_context_args: dict
) -> None:
    base = live_server
    event, links = event_of_27_tables(page, base)
    # the screen, on a TV: every table and the standings in one screen, read from across a room
    tv = browser.new_context(
        viewport=TV, storage_state=page.context.storage_state(), service_workers="block"
    )
    screen = tv.new_page()
    screen.goto(f"{base}{event}/room")
    expect(screen.locator(".room-table")).to_have_count(TABLES)
    expect(screen.locator(".room-standings li")).to_have_count(24)
    result = Axe().run(screen)
    assert result.violations_count == 0, result.generate_report()
    width, bottom, smallest = screen.evaluate(
        """() => [document.documentElement.scrollWidth,
                  document.querySelector('.room-body').getBoundingClientRect().bottom,
                  Math.min(...[...document.querySelectorAll(
                      '.room li, .room h2, .room small, .room .meta')]
                    .map(e => parseFloat(getComputedStyle(e).fontSize)))]"""
    )
    assert width <= TV["width"] and bottom <= TV["height"], (width, bottom)
    assert smallest >= 22, smallest  # ~2 cm on a 50-inch TV: read from 5 m
    timer = screen.get_by_role("timer")
    expect(timer).to_have_text(re.compile(r"^(29|30):\d\d$"))  # counting down each second
    tv.close()
    # a table's phone (no account): the same countdown, and its game to score
    context = browser.new_context(**browser_context_args)
    table = context.new_page()
    table.goto(base + links[0])
    expect(table.get_by_role("timer")).to_have_text(re.compile(r"^(29|30):\d\d$"))
    expect(table.get_by_role("link", name=re.compile(r"^Log hand"))).to_be_visible()
    # the director closes the round: the table's link reads only
    close = page.request.get(f"{base}{event}/close").text()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', close)
    assert token
    fields = {"round": "1", "csrf_token": token.group(1)}
    assert page.request.post(f"{base}{event}/close", form=fields, max_redirects=0).status == 302
    table.reload()
    expect(table.locator("main")).to_contain_text(
        "Round 1 is closed: only the director changes its hands now."
    )
    expect(table.get_by_role("link", name=re.compile(r"^Log hand"))).to_have_count(0)
    expect(table.get_by_role("timer")).to_have_count(0)
    table.goto(f"{table.url}/hands/new")  # typed in by hand: said, and back on the score
    expect(table.locator(".flash")).to_contain_text("only the director changes its hands")
    assert re.search(r"/games/\d+$", table.url), table.url
    context.close()
