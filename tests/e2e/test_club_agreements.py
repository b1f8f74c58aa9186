"""The club agreements of scoring.md 5.1 at the table, at 390x844 and 360x740: a
blind hand and a golden hand logged through the hand form and seen on the game page, the
problems the rules find said at their fields as the scorer types, the same with no connection
(the offline code rebuilds the banner, the toggle and the chips from the engine). Every page
they touch, in all four languages, is test_languages.py's (club_pages)."""

from __future__ import annotations

import os

from playwright.sync_api import Browser, Page, expect

from .conftest import SIZES, at
from .games import game_from, game_with
from .test_hand_form import points, stored_hands, totals_in_view
from .test_offline import opened_online, totals_are, unsent
from .test_offline import phone as worker_phone

SHOTS = os.environ.get("SCREENSHOTS")


def shot(page: Page, name: str, both: bool = False) -> None:
    """The page into SCREENSHOTS as it is, or (`both`) at 390 and at 360 px wide."""
    if not SHOTS:
        return
    os.makedirs(SHOTS, exist_ok=True)
    viewport = page.viewport_size or {"width": 390, "height": 844}
    for width, height in SIZES if both else [(viewport["width"], viewport["height"])]:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=os.path.join(SHOTS, f"club-{name}-{width}.png"), full_page=True)
    page.set_viewport_size(viewport)


def chips(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.locator(".total", has=page.locator(".name", has_text=name)).locator(".chip")


@at(SIZES[1])
def test_a_blind_hand_through_the_form_and_on_the_page(phone: Page, live_server: str) -> None:
    game = game_from(phone, live_server, "pl-3-blind.json")
    phone.goto(game + "/hands/new")
    blind = phone.locator("[name=blind]")
    expect(phone.locator(".blind-toggle")).to_contain_text(
        "Blind bid, before seeing the musik (the contract counts × 2; at least 120)"
    )
    expect(phone.get_by_role("radio", name="Bartek", exact=True)).to_be_checked()
    blind.check()
    # a blind 110: the rules want 120, said at the bid as the scorer types
    phone.locator("[name=bid]").fill("110")
    points(phone, "Ala").fill("30")
    points(phone, "Bartek").fill("80")
    phone.locator("input[name=marriages][value='1:hearts']").check()
    live = phone.locator(".amounts + .error.live")
    expect(live).to_have_text("a blind bid needs a contract of at least 120, got 110")
    expect(phone.locator("#preview .error")).to_have_text(
        "a blind bid needs a contract of at least 120, got 110"
    )
    phone.locator("[name=bid]").fill("120")
    expect(live).to_have_count(0)
    expect(phone.locator("#preview")).to_contain_text("Bartek: +240 → 240")
    expect(phone.locator("#preview")).to_contain_text("bid blind: 120 × 2 = 240")
    shot(phone, "blind-form")
    phone.get_by_role("button", name="Save hand").click()
    totals_in_view(phone)
    expect(phone.locator(".totals .points")).to_have_text(["30", "240", "10"])
    assert stored_hands(phone, game)[0]["blind"] is True
    shot(phone, "blind-board")
    # edited, the hand is still blind
    phone.goto(game + "/hands/1/edit")
    expect(blind).to_be_checked()
    shot(phone, "blind-edit")


@at(SIZES[0])
def test_a_blind_bid_refused_is_said_at_the_toggle(phone: Page, live_server: str) -> None:
    # a lowest total of 300 for a blind bid: this table's own number
    hands = [{"declarer": 1, "bid": 100, "points": [20, 100, 0]}]
    game = game_with(phone, live_server, "pl-3-blind.json", hands, blind={"min_total": 300})
    phone.goto(game + "/hands/new")
    expect(phone.locator(".blind-toggle")).to_contain_text("with a total of 300 or more")
    phone.get_by_role("radio", name="Celina", exact=True).check()
    phone.locator("[name=bid]").fill("120")
    phone.locator("[name=blind]").check()
    points(phone, "Ala").fill("0")
    points(phone, "Bartek").fill("0")
    said = "Celina has 0: a blind bid needs a total of at least 300"
    expect(phone.locator(".blind-toggle + .error.live")).to_have_text(said)
    phone.get_by_role("button", name="Save hand").click()
    # Save says it at the toggle too, and keeps what was typed
    expect(phone.locator("#blind-error")).to_have_text(said)
    expect(phone.locator("[name=blind]")).to_be_checked()
    shot(phone, "blind-refused")
    assert len(stored_hands(phone, game)) == 1


@at(SIZES[1])
def test_a_golden_hand_through_the_form_and_on_the_page(phone: Page, live_server: str) -> None:
    game = game_from(phone, live_server, "pl-3-golden.json", hands=1)
    phone.goto(game)
    expect(chips(phone, "Celina")).to_have_text(["golden hand 2 of 3: plays 120"])
    expect(chips(phone, "Bartek")).to_have_text(["deals"])
    shot(phone, "golden-board")
    phone.get_by_role("link", name="Log hand 2").click()
    expect(phone.locator("#golden-hand")).to_have_text(
        "Golden hand 2 of 3: Celina plays exactly 120, scores × 2"
    )
    expect(phone.locator("#golden-hand")).to_be_in_viewport()
    expect(phone.locator(".facts").first).to_have_text("Bartek deals.")
    expect(phone.locator("fieldset.declarer legend")).to_have_text("Declarer")
    expect(phone.get_by_role("radio", name="Celina", exact=True)).to_be_checked()
    expect(phone.locator("[name=bid]")).to_have_value("120")
    expect(phone.locator("[name=blind]")).to_have_count(0)  # no blind bids in this game
    # another declarer: the rules say who plays it, at the declarer's buttons
    phone.get_by_role("radio", name="Ala", exact=True).check()
    points(phone, "Ala").fill("0")
    points(phone, "Bartek").fill("0")
    expect(phone.locator("fieldset.declarer + .error.live")).to_have_text(
        "golden hand 2 of 3 is played by Celina, not Ala"
    )
    shot(phone, "golden-refused")
    phone.get_by_role("radio", name="Celina", exact=True).check()
    expect(phone.locator(".error.live")).to_have_count(0)
    expect(phone.locator("#preview")).to_contain_text("Celina: +240 → 240")
    shot(phone, "golden-form")
    phone.get_by_role("button", name="Save hand").click()
    totals_in_view(phone)
    expect(phone.locator(".totals .points")).to_have_text(["60", "-240", "240"])
    expect(chips(phone, "Ala")).to_have_text(["golden hand 3 of 3: plays 120"])


def test_offline_the_golden_deal_and_the_blind_toggle_follow_the_engine(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """The forms kept on the phone were made for the golden hand 1; logged with no connection,
    hand 2 is golden 2 of 3 and hand 4, after the golden deal, may be bid blind."""
    page = worker_phone(browser, browser_context_args, live_server, "cellar")
    game = game_with(page, live_server, "pl-3-golden.json", [], golden=True, blind=True)
    opened_online(page, game)
    expect(chips(page, "Bartek")).to_have_text(["golden hand 1 of 3: plays 120"])
    page.context.set_offline(True)
    page.reload()
    golden = [
        {"Ala": 30, "Bartek": 90, "Celina": 0},  # Bartek fails: -240
        {"Ala": 40, "Bartek": 35, "Celina": 45},  # Celina fails
    ]
    for number, (who, pts) in enumerate(zip(("Bartek", "Celina"), golden), start=1):
        page.get_by_role("link", name=f"Log hand {number}").click()
        expect(page.locator("#golden-hand")).to_have_text(
            f"Golden hand {number} of 3: {who} plays exactly 120, scores × 2"
        )
        expect(page.get_by_role("radio", name=who, exact=True)).to_be_checked()
        expect(page.locator("[name=bid]")).to_have_value("120")
        expect(page.locator(".blind-toggle")).to_be_hidden()
        for name, value in pts.items():
            points(page, name).fill(str(value))
        page.get_by_role("button", name="Save hand", exact=True).click()
        expect(unsent(page)).to_have_count(number)
    # the game page as the engine has it: the next golden hand's chip
    expect(chips(page, "Ala")).to_contain_text(["golden hand 3 of 3: plays 120"])
    expect(page.locator(".totals .points")).to_have_text(["140", "-160", "-240"])
    shot(page, "offline-golden-board", both=True)
    # hand 3, golden 3 of 3: Ala makes it, no reset
    page.get_by_role("link", name="Log hand 3").click()
    for name, value in {"Ala": 100, "Bartek": 20, "Celina": 0}.items():
        points(page, name).fill(str(value))
    page.locator("input[name=marriages][value='0:hearts']").check()
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(unsent(page)).to_have_count(3)
    # hand 4: the golden deal is over, the form has the blind toggle and the auction again
    page.get_by_role("link", name="Log hand 4").click()
    expect(page.locator("#golden-hand")).to_be_hidden()
    expect(page.locator(".facts").first).to_contain_text("Bartek is on the musik: must bid 100.")
    expect(page.locator(".blind-toggle")).to_be_visible()
    expect(page.locator("fieldset.declarer legend")).to_have_text("Declarer (won the auction)")
    page.get_by_role("radio", name="Celina", exact=True).check()
    page.locator("[name=bid]").fill("120")
    page.locator("[name=blind]").check()
    for name, value in {"Ala": 0, "Bartek": 0, "Celina": 120}.items():
        points(page, name).fill(str(value))
    shot(page, "offline-blind-form", both=True)
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(unsent(page)).to_have_count(4)
    totals_are(page, [380, -120, 0])  # the phone's engine, before sending
    page.context.set_offline(False)
    expect(page.locator("#sync-status")).to_have_text("Every hand was sent.", timeout=15000)
    lines = stored_hands(page, game)
    assert [h.get("blind", False) for h in lines] == [False, False, False, True]
    expect(page.locator(".totals .points")).to_have_text(["380", "-120", "0"])
    page.context.close()
