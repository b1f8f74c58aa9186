"""What a table notices, measured in the browser: tap targets of 44px at least (the header, the
sheet's hand numbers, the live view) at 360x740, the big screen's chips read across a room at
1920x1080, the printable sheet's Print button, an adjustment's minus toggle; axe on each page.
SCREENSHOTS=<folder> keeps a picture of every page (test_languages.py's: in every language)."""

from __future__ import annotations

import os
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import sign_up_by_request
from .test_hand_form import game_from, stored_hands
from .test_languages import OVERFLOWS

SHOTS = os.environ.get("SCREENSHOTS")
TAP = 44  # px, the thumb's target (WCAG 2.5.5)
ALL = 99  # every hand of a fixture
BOXES = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent).map(e => {
    const r = e.getBoundingClientRect();
    return [e.textContent.trim(), r.width, r.height]; })"""


def small_targets(page: Page, selector: str) -> list[str]:
    found = page.evaluate(BOXES, selector)
    assert found, f"nothing to tap at {selector}"
    return [f"{t!r} {w:.0f}x{h:.0f}" for t, w, h in found if w < TAP or h < TAP]


def shot(page: Page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        width = page.viewport_size["width"] if page.viewport_size else 0
        page.screenshot(path=os.path.join(SHOTS, f"table-{name}-{width}.png"), full_page=True)


def live_link(page: Page, game: str) -> str:
    page.goto(f"{game}/share")
    page.get_by_role("button", name="Make a live link").click()
    href = page.locator(".share-link a").get_attribute("href")
    assert href
    return href


def test_every_tap_target_a_table_uses_is_44px(page: Page, live_server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    game = game_from(page, live_server, "ru-3-bolt-dump-adjustment.json", ALL)
    page.goto(game)
    assert not small_targets(page, "header.top a")
    assert not small_targets(page, ".sheet tbody th a")  # "1" was 15px wide, "Adj." the way in
    live = live_link(page, game)
    page.goto(live)
    assert not small_targets(page, "header.top a, main a")


def test_the_big_screen_is_read_across_a_room(page: Page, live_server: str) -> None:
    """A TV at 1920x1080: the chips 28px (they were 13.6), nothing of the board under 24px."""
    game = game_from(page, live_server, "ru-3-give-up-penalty.json", hands=5)
    live = live_link(page, game)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(live + "?big=1")
    sizes = page.evaluate(
        """sel => [...document.querySelectorAll(sel)].map(e =>
             [e.textContent.trim(), parseFloat(getComputedStyle(e).fontSize)])""",
        "#live-board .chip, #live-board td, #live-board th, #live-board .running, main .facts",
    )
    chip_sizes = page.evaluate(
        "[...document.querySelectorAll('#live-board .chip')].map(e => "
        "parseFloat(getComputedStyle(e).fontSize))"
    )
    assert chip_sizes and min(chip_sizes) >= 28, chip_sizes
    small = [(text, size) for text, size in sizes if size < 24]
    assert not small, small
    expect(page.locator("#live-board .what").first).to_have_text(re.compile(r"\S+ \d+"))
    result = Axe().run(page)
    assert result.violations_count == 0, result.generate_report()


def test_the_printable_sheet_prints_with_a_button(page: Page, live_server: str) -> None:
    game = game_from(page, live_server, "pl-4-lock-end.json", ALL)
    page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; }")
    page.goto(f"{game}/print")
    expect(page.get_by_text("Use your browser's Print")).to_be_hidden()
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.printed") == 1


def test_without_javascript_the_printable_sheet_says_to_use_the_browsers_print(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    plain = context.new_page()
    sign_up_by_request(plain.request, live_server, "nojs")
    game = game_from(plain, live_server, "pl-3-basic.json", ALL)
    plain.goto(f"{game}/print")
    expect(plain.get_by_text("Use your browser's Print to put it on paper.")).to_be_visible()
    expect(plain.get_by_role("button", name="Print")).to_be_hidden()
    context.close()


def test_an_adjustment_is_a_minus_with_its_toggle(page: Page, live_server: str) -> None:
    game = game_from(page, live_server, "pl-3-basic.json", hands=1)
    page.goto(f"{game}/adjust")
    page.get_by_label("Bartek adjustment").fill("50")
    page.get_by_label("Bartek: minus").check()
    page.get_by_label("Celina adjustment").fill("20")
    page.get_by_label("Reason").fill("renege")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".totals")).to_be_visible()
    assert stored_hands(page, game)[-1] == {"adjustment": [0, -50, 20], "reason": "renege"}


def test_the_pages_a_table_reads_fit_and_pass_axe(page: Page, live_server: str) -> None:
    """The game page, live view, Explain, printable sheet, adjustment, new game, games list,
    history and player page, at 390 and 360 wide: nothing wider than the screen; axe at 360.
    The same pages in every language: test_languages.py (table_pages and the rest)."""
    lang = "en"
    running = game_from(page, live_server, "ru-3-give-up-penalty.json", ALL)
    over = game_from(page, live_server, "pl-4-lock-end.json", ALL)
    live = live_link(page, running)
    page.goto(live_server + "/players/")
    player = page.locator("main a[href^='/players/']").first.get_attribute("href")
    pages = {
        "game": running,
        "game-over": over,
        "live": live,
        "explain": f"{over}/hands/2",
        "print": f"{over}/print",
        "adjust": f"{running}/adjust",
        "new": f"{live_server}/games/new",
        "list": f"{live_server}/",
        "history": f"{live_server}/history",
        "player": f"{live_server}{player}",
    }
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        for name, url in pages.items():
            page.goto(url)
            bad = page.evaluate(OVERFLOWS)
            assert not bad, f"{name} ({lang}, {width}): " + "; ".join(bad[:8])
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{name} ({lang}): {scroll}px wide at {width}"
            if width == 360:
                result = Axe().run(page)
                assert result.violations_count == 0, f"{name}: " + result.generate_report()
            shot(page, f"{name}-{lang}")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(live + "?big=1")
    shot(page, f"big-{lang}")
