"""A season at phone size: made through its form from three played nights, its ladder read, a
score explained and the printable sheet, each laid out at 390 and 360 px and passing axe."""

from __future__ import annotations

import json
import os

from playwright.sync_api import Page, expect

from tests.seasonnights import NIGHTS

from .test_languages import check_layout

SHOTS = os.environ.get("SCREENSHOTS")


def _shot(page: Page, name: str) -> None:
    """The page at both phone sizes into SCREENSHOTS, when it names a folder (to look at)."""
    if not SHOTS:
        return
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=os.path.join(SHOTS, f"season-{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})


def test_a_season_made_read_and_explained_on_a_phone(page: Page, live_server: str) -> None:
    base = live_server
    for night in NIGHTS:
        answer = page.request.post(
            f"{base}/api/events",
            data=json.dumps(night),
            headers={"Content-Type": "application/json"},
        )
        assert answer.status == 201, answer.text()
    page.goto(f"{base}/events")
    page.get_by_role("link", name="Seasons").click()
    page.get_by_role("link", name="New season").click()
    page.get_by_label("Name of the season").fill("Autumn league")
    page.get_by_label("Results that count: each player's best").fill("1.5")
    for name in ("Night 1", "Night 2", "Night 3"):
        page.get_by_label(name).check()
    page.get_by_role("button", name="Create the season").click()
    # refused at its field, said in words, the events still ticked
    expect(page.locator("#best-error")).to_have_text("a whole number from 1 to 1000, got 1.5")
    expect(page.get_by_label("Night 2")).to_be_checked()
    check_layout(page, "en", "season form refused")
    _shot(page, "refused")
    page.get_by_label("Results that count: each player's best").fill("2")
    page.get_by_role("button", name="Create the season").click()
    # the ladder, worked out by hand (tests/seasonnights.py): equal scores by the totals
    rows = page.locator("table.ladder tbody tr")
    expect(rows).to_have_count(3)
    for number, row in enumerate(
        (
            ["1", "Celina", "3", "200", "2 of 3"],
            ["2", "ala", "3", "160", "2 of 3"],
            ["3", "Bartek", "3", "140", "2 of 3"],
        )
    ):
        expect(rows.nth(number).locator("td, th")).to_have_text(row)
    check_layout(page, "en", "season ladder")
    _shot(page, "ladder")
    page.get_by_role("link", name="ala", exact=True).click()
    expect(page.locator("h1")).to_have_text("ala")
    expect(page.locator("main")).to_contain_text("Night 3 ")
    expect(page.locator("main")).to_contain_text("match points 0, small points 10")
    check_layout(page, "en", "season player")
    _shot(page, "player")
    page.get_by_role("link", name="Autumn league").first.click()
    page.get_by_role("link", name="Printable sheet").click()
    expect(page.locator("table.season-sheet td.dropped")).to_have_count(3)
    check_layout(page, "en", "season sheet")
    _shot(page, "sheet")
    page.emulate_media(media="print")
    expect(page.locator(".no-print").first).to_be_hidden()
