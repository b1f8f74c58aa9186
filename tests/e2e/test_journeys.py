"""Journeys at the table in the Debian Chromium at 390x844: pl-3, ru-2 and pl-4, with axe."""

from __future__ import annotations

import os
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

SHOTS = os.environ.get("SCREENSHOTS")  # a folder: save a screenshot of every page visited


def check_page(page: Page, name: str, screen: int = 390, axe: bool = True) -> None:
    """No axe violation (unless `axe` is False: a page test_languages.py runs axe on at the
    same state, in one of the four languages), nothing wider than the screen, and a screenshot
    when asked."""
    if axe:
        result = Axe().run(page)
        assert result.violations_count == 0, result.generate_report()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= screen, f"{name}: the page is {width}px wide"
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def start(page: Page, base: str, variant: str, players: list[str], name: str) -> None:
    page.goto(base + "/")
    check_page(page, "home-empty" if name == "pl-3" else f"home-{name}")
    page.get_by_role("link", name="New game").click()
    page.locator(f"input[name=variant][value='{variant}']").check()
    for i, player in enumerate(players):
        page.locator(f"[name=players-{i}]").fill(player)
    page.locator("details.house > summary").click()
    check_page(page, f"new-game-{name}")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".totals .points").first).to_have_text("0")


def expect_totals(page: Page, expected: list[int]) -> None:
    """The totals row shows these, once the page a click led to is there (reading at once races)."""
    expect(page.locator(".totals .points")).to_have_text([str(n) for n in expected])


def log_hand(
    page: Page,
    declarer: str | None,
    bid: int | None,
    points: dict[str, int],
    marriages: tuple[str, ...] = (),
    trump: str | None = None,
) -> None:
    page.get_by_role("link", name=re.compile(r"Log hand")).click()
    if declarer:
        page.get_by_role("radio", name=declarer, exact=True).check()
    if bid is not None:
        page.locator("[name=bid]").fill(str(bid))
    for name, value in points.items():
        page.get_by_label(f"{name} card points").fill(str(value))
    for value in marriages:
        page.locator(f"input[name=marriages][value='{value}']").check()
    if trump:  # in-tricks variants ask for it once a marriage is ticked
        page.locator(f"input[name=trump][value={trump}]").check()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator("h2", has_text="Hands")).to_be_visible()


def test_pl3_journey(page: Page, live_server: str) -> None:
    start(page, live_server, "pl-3", ["Ala", "Bartek", "Celina"], "pl-3")
    check_page(page, "board-empty")
    log_hand(page, "Bartek", 120, {"Ala": 35, "Bartek": 70, "Celina": 15}, ("1:hearts",))
    expect_totals(page, [40, 120, 20])
    log_hand(page, "Celina", 100, {"Ala": 10, "Bartek": 10, "Celina": 100})
    log_hand(page, "Ala", 100, {"Ala": 44, "Bartek": 31, "Celina": 45})
    expect_totals(page, [-50, 160, 170])
    check_page(page, "board-pl-3")
    # the explanation of hand 1 settles the dispute "why 40 and not 35?"
    page.get_by_role("link", name="Explain hand 1").click()
    expect(page.get_by_text("35 rounded to 40")).to_be_visible()
    check_page(page, "explain")
    # edit hand 1: every later total changes
    page.get_by_role("link", name="Edit").click()
    check_page(page, "edit-hand")
    page.get_by_label("Ala card points").fill("15")
    page.get_by_label("Celina card points").fill("35")
    page.get_by_label("Why the change (optional, kept in the trail)").fill("points swapped")
    page.get_by_role("button", name="Save hand").click()
    expect_totals(page, [-70, 160, 190])
    page.get_by_role("link", name="Explain hand 1").click()
    expect(page.get_by_text("points swapped")).to_be_visible()
    check_page(page, "explain-changed")
    page.get_by_role("link", name="back to the score").click()
    # a wrong entry is refused at its field and nothing is stored
    page.get_by_role("link", name=re.compile(r"Log hand")).click()
    page.get_by_role("radio", name="Bartek", exact=True).check()
    page.get_by_label("Ala card points").fill("35")
    page.get_by_label("Bartek card points").fill("70")
    page.get_by_label("Celina card points").fill("13")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_text("card points must add up to 120, got 118").first).to_be_visible()
    check_page(page, "hand-refused")
    page.get_by_role("link", name="Cancel").click()
    expect_totals(page, [-70, 160, 190])
    expect(page.locator(".sheet tbody tr")).to_have_count(3)


def test_hand_form_helps_while_typing(page: Page, live_server: str) -> None:
    start(page, live_server, "pl-3", ["Ala", "Bartek", "Celina"], "helpers")
    page.get_by_role("link", name=re.compile(r"Log hand")).click()
    check_page(page, "hand-new")
    # the forced bidder is preselected; a chip sets the bid, the variant's steps from 100
    expect(page.get_by_role("radio", name="Bartek", exact=True)).to_be_checked()
    contract = page.locator("[name=contract]")
    expect(contract).to_have_attribute("placeholder", "100")
    bids = page.get_by_role("group", name="Bid")
    expect(bids.get_by_role("button")).to_have_text(["100", "110", "120", "130", "140"])
    expect(bids.get_by_role("button", name="100")).to_have_attribute("aria-pressed", "true")
    bids.get_by_role("button", name="110").click()
    expect(page.locator("[name=bid]")).to_have_value("110")
    expect(bids.get_by_role("button", name="110")).to_have_attribute("aria-pressed", "true")
    # the contract's chips start at the bid
    contracts = page.get_by_role("group", name="Contract")
    expect(contracts.get_by_role("button")).to_have_text(["110", "120", "130", "140", "150"])
    # an empty contract counts as the bid, and shows it
    expect(contract).to_have_attribute("placeholder", "110")
    page.locator("[name=bid]").fill("130")
    expect(contract).to_have_attribute("placeholder", "130")
    page.locator("[name=bid]").fill("110")
    page.get_by_label("Ala card points").fill("35")
    page.get_by_label("Bartek card points").fill("70")
    # the last player's points are the rest of the deck, suggested
    expect(page.get_by_label("Celina card points")).to_have_attribute("placeholder", "15")
    expect(page.locator("#preview")).to_contain_text("35 rounded to 40")
    expect(page.locator("#preview")).to_contain_text("Bartek: -110")
    assert page.locator("[name=points-0]").get_attribute("inputmode") == "numeric"


def test_ru2_journey(page: Page, live_server: str) -> None:
    start(page, live_server, "ru-2", ["Oleg", "Nata"], "ru-2")
    log_hand(page, "Oleg", 100, {"Oleg": 70, "Nata": 40}, ("0:hearts", "1:spades"), trump="hearts")
    expect_totals(page, [100, 80])
    page.get_by_role("link", name=re.compile(r"Log hand")).click()
    page.get_by_role("radio", name="Nata", exact=True).check()
    page.locator("[name=bid]").fill("80")
    page.locator("[name=give_up]").check()
    check_page(page, "hand-ru-2-give-up")
    page.get_by_role("button", name="Save hand").click()
    expect_totals(page, [160, 0])
    check_page(page, "board-ru-2")


def test_pl4_journey(page: Page, live_server: str) -> None:
    start(page, live_server, "pl-4", ["Ala", "Bartek", "Celina", "Darek"], "pl-4")
    page.get_by_role("link", name=re.compile(r"Log hand")).click()
    expect(page.locator(".sits-out")).to_have_text("deals and sits out")
    page.get_by_role("radio", name="Celina", exact=True).check()
    page.locator("[name=bid]").fill("110")  # Bartek, after the dealer, opened at 100
    page.get_by_label("Bartek card points").fill("20")
    page.get_by_label("Celina card points").fill("80")
    expect(page.get_by_label("Darek card points")).to_have_attribute("placeholder", "20")
    page.locator("input[name=musik_aces][value='1']").check()
    check_page(page, "hand-pl-4")
    page.get_by_role("button", name="Save hand").click()
    expect_totals(page, [50, 20, -110, 20])
    check_page(page, "board-pl-4")


@pytest.mark.parametrize("scheme", ["dark"])
def test_dark_theme_follows_the_system(page: Page, live_server: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server + "/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 18, 18)"
    check_page(page, "home-dark")


def test_every_other_page_passes_axe(page: Page, live_server: str) -> None:
    start(page, live_server, "ru-3", ["Ala", "Bartek", "Celina"], "ru-3")
    page.get_by_role("link", name="Adjustment").click()
    check_page(page, "adjustment")
    page.get_by_label("Bartek adjustment").fill("-120")
    page.get_by_label("Reason").fill("exposed a card while dealing")
    page.get_by_role("button", name="Save").click()
    expect_totals(page, [0, -120, 0])
    page.get_by_role("link", name="Explain the adjustment").click()  # a line, but no hand
    page.get_by_role("link", name="Delete…").click()
    check_page(page, "delete")
    page.get_by_label("Why the change (optional, kept in the trail)").fill("agreed to drop it")
    page.get_by_role("button", name="Delete line 1").click()
    expect_totals(page, [0, 0, 0])
    check_page(page, "board-deleted")
    page.get_by_role("button", name="Restore line 1").click()
    expect_totals(page, [0, -120, 0])
    page.goto(live_server + "/games/999")
    check_page(page, "not-found")
    page.goto(live_server + "/games/new")
    page.locator("input[name=variant][value='ru-3']").check()
    page.locator("details.house > summary").click()
    expect(page.locator("[name=opt_rounding] option").first).to_have_text("as the variant: 5")
    expect(page.locator("[name=opt_barrel] option").first).to_have_text("as the variant: on")


def test_first_dealer_is_chosen_by_name(page: Page, live_server: str) -> None:
    page.goto(live_server + "/games/new")
    page.locator("[name=players-0]").fill("Ala")
    page.locator("[name=players-1]").fill("Bartek")
    expect(page.locator("[name=first_dealer] option").nth(1)).to_have_text("Bartek")


def test_live_view_follows_another_phone_within_5_seconds(
    page: Page, live_server: str, browser, browser_context_args
) -> None:
    start(page, live_server, "pl-3", ["Ala", "Bartek", "Celina"], "live")
    page.get_by_role("link", name="Share").click()
    page.get_by_role("button", name="Make a live link").click()
    check_page(page, "share")
    url = page.locator(".share-link a").get_attribute("href")
    viewer = browser.new_context(**browser_context_args)  # another phone
    watch = viewer.new_page()
    watch.goto(url)
    check_page(watch, "live")
    expect(watch.locator(".totals .points").first).to_have_text("0")
    page.get_by_role("link", name="back to the score").click()
    log_hand(page, "Bartek", 120, {"Ala": 35, "Bartek": 70, "Celina": 15}, ("1:hearts",))
    expect(watch.locator(".totals .points").nth(1)).to_have_text("120", timeout=5000)
    watch.set_viewport_size({"width": 1280, "height": 800})  # a tablet or a TV
    watch.goto(url + "?big=1")
    check_page(watch, "live-big", screen=1280)
    viewer.close()


def test_accounts_pages_and_a_co_scorer(
    page: Page, live_server: str, browser, browser_context_args
) -> None:
    page.goto(live_server + "/")
    page.get_by_role("link", name="scorer").click()  # the account, signed in, in the header
    check_page(page, "account")
    page.get_by_label("What the token is for").fill("results board")
    page.get_by_role("button", name="Make a token").click()
    expect(page.get_by_text("shown only this once")).to_be_visible()
    check_page(page, "account-token")
    start(page, live_server, "pl-3", ["Ala", "Bartek", "Celina"], "owner")
    page.get_by_role("link", name="Share").click()
    page.get_by_role("button", name="Make an invite link").click()
    check_page(page, "share-invite")
    invite = page.locator("#invite ~ .share-link a").get_attribute("href")
    other = browser.new_context(**browser_context_args)  # another phone
    phone = other.new_page()
    phone.goto(invite)  # signed out: what the invite is, then sign in or sign up, and back
    expect(phone.get_by_text("Ala · Bartek · Celina")).to_be_visible()
    check_page(phone, "join-signed-out")
    phone.locator(".actions").get_by_role("link", name="Sign in").click()
    check_page(phone, "signin")
    phone.get_by_label("Username").fill("nobody")
    phone.get_by_label("Password").fill("wrong password")
    phone.get_by_role("button", name="Sign in").click()
    expect(phone.get_by_text("Wrong username or password.")).to_be_visible()
    check_page(phone, "signin-refused")
    phone.get_by_role("link", name="Sign up").click()
    phone.get_by_label("Username").fill("cora")
    phone.get_by_label("Password", exact=True).fill("short")
    phone.get_by_role("button", name="Create the account").click()
    expect(phone.get_by_text("At least 8 characters.")).to_be_visible()
    check_page(phone, "signup-refused")
    phone.get_by_label("Password", exact=True).fill("long enough")
    phone.get_by_label("Password again").fill("long enough")
    phone.get_by_role("button", name="Create the account").click()
    check_page(phone, "join")
    phone.get_by_role("button", name="Join as a co-scorer").click()
    log_hand(phone, "Bartek", 100, {"Ala": 10, "Bartek": 100, "Celina": 10})
    expect_totals(phone, [10, 100, 10])
    page.get_by_role("link", name="back to the score").click()  # the owner's phone
    expect_totals(page, [10, 100, 10])
    other.close()


def test_looking_back_pages(page: Page, live_server: str, tmp_path) -> None:
    # axe runs here on the pages at states the every-page test has none of (a refused rename,
    # a refused import); the others it sees there (0.3-1 s a page less here)
    start(page, live_server, "ru-3", ["Ala", "Bartek", "Celina"], "looking-back")
    log_hand(page, "Bartek", 120, {"Ala": 35, "Bartek": 70, "Celina": 15}, ("1:hearts",))
    log_hand(page, "Celina", 100, {"Ala": 10, "Bartek": 10, "Celina": 100})
    page.get_by_role("link", name="Chart").click()
    expect(page.locator("svg[role=img]")).to_be_visible()
    check_page(page, "chart", axe=False)
    page.get_by_role("link", name="back to the score").click()
    page.get_by_role("link", name="Printable sheet").click()
    expect(page.locator("table.paper tbody tr")).to_have_count(2)
    check_page(page, "print", axe=False)
    page.emulate_media(media="print")
    expect(page.locator("header.top")).to_be_hidden()
    page.emulate_media(media="screen")
    page.goto(live_server + "/history")
    expect(page.get_by_text("1 game")).to_be_visible()
    check_page(page, "history", axe=False)
    page.get_by_role("link", name="Players").first.click()
    check_page(page, "players", axe=False)
    page.get_by_role("link", name="Bartek").click()
    expect(page.get_by_text("Contracts")).to_be_visible()
    check_page(page, "player", axe=False)
    page.get_by_label("New name").fill("Celina")
    page.get_by_role("button", name="Rename in every game").click()
    expect(page.get_by_text("There is already a player Celina")).to_be_visible()
    check_page(page, "player-refused")
    page.goto(live_server + "/import")
    check_page(page, "import", axe=False)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["A"]}')
    page.get_by_label("A game file (.json) or an archive of them (.zip)").set_input_files(bad)
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("Nothing was imported")).to_be_visible()
    check_page(page, "import-refused")
    # a CSV picked by mistake is named at the field, and the format is one tap away
    csv_file = tmp_path / "thousand-1-pl-3.csv"
    csv_file.write_text("\ufeffline,kind,dealer\n1,hand,Ala\n", encoding="utf-8")
    page.get_by_label("A game file (.json) or an archive of them (.zip)").set_input_files(csv_file)
    page.get_by_role("button", name="Import").click()
    expect(page.locator("#file-error")).to_contain_text("is a CSV file")
    check_page(page, "import-csv")
    page.get_by_role("link", name="The game file format").click()
    expect(page.get_by_role("heading", name="The game file format")).to_be_visible()
    check_page(page, "help-game-file", axe=False)
    page.set_viewport_size({"width": 360, "height": 740})
    check_page(page, "help-game-file-360", screen=360, axe=False)
