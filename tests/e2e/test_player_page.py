"""A player's page on a phone: the records laid out at 390x844 and 360x740, axe clean; a record
tapped lists the games behind it; head-to-head chosen from the page."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .test_journeys import check_page

RECORDS = Path(__file__).resolve().parents[1] / "records"
SIZES = [(390, 844), (360, 740)]


def test_the_records_on_a_phone(page: Page, live_server: str) -> None:
    for name in ("pl-3-lock-stake.json", "ru-3-barrel-win-blind-give-up.json"):
        game = json.loads((RECORDS / name).read_text(encoding="utf-8"))["game"]
        assert page.request.post(f"{live_server}/api/games", data=game).status == 201
    page.goto(f"{live_server}/players/")
    page.get_by_role("link", name=re.compile("^Ala")).click()
    records = page.locator("dl.record")
    expect(records).to_contain_text("Won from the barrel")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        check_page(page, f"player-{width}", screen=width)
    # a record a tap away from its games: the one climb on the barrel was in the ru-3 game
    records.locator("div", has_text="Barrel climbs").get_by_role("link").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Games with a climb on the barrel")
    expect(page.locator("ul.games li")).to_have_count(1)
    expect(page.locator("ul.games li")).to_contain_text("Russian Thousand")
    check_page(page, "player-record-360", screen=360)
    page.go_back()
    page.locator("select[name=other]").select_option(label="Bartek")
    page.get_by_role("button", name="Compare").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ala against Bartek")
    expect(page.locator("dl.record")).to_contain_text("Games together2")
    check_page(page, "player-versus-360", screen=360)
