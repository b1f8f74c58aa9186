"""The hand form at the table, at 390x844 and 360x740 (each test at one, by turns): the remainder
only suggests, the score page after a save shows the totals, the card counter adds a pile,
nothing is wider than 360."""

from __future__ import annotations

import os
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import SIZES, at
from .games import game_from
from .test_languages import LAYOUT

SHOTS = os.environ.get("SCREENSHOTS")
BIG, SMALL = SIZES


def shot(page: Page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        width = page.viewport_size["width"] if page.viewport_size else 0
        page.screenshot(path=os.path.join(SHOTS, f"hand-form-{name}-{width}.png"), full_page=True)


def stored_hands(page: Page, game: str) -> list[dict]:
    """The game's lines as the server stored them (the API's `scorekeeper score` output)."""
    api = game.replace("/games/", "/api/games/")
    response = page.request.get(api + "/file")
    assert response.ok, response.text()
    return list(response.json()["hands"])


def points(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.get_by_label(f"{name} card points")


def totals_in_view(page: Page) -> None:
    """The score page after a save: the totals, the dealer chip and "Log hand N+1" in view."""
    expect(page.locator("h2", has_text="Hands")).to_be_attached()
    expect(page.locator(".totals")).to_be_in_viewport()
    expect(page.locator(".total.dealing .chip").first).to_be_in_viewport()
    expect(page.get_by_role("link", name="Log hand")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") == 0


@at(BIG)
def test_typing_every_box_over_the_suggestion_keeps_what_was_typed(
    phone: Page, live_server: str
) -> None:
    game = game_from(phone, live_server, "pl-3-basic.json")
    phone.goto(game + "/hands/new")
    expect(phone.get_by_role("radio", name="Bartek", exact=True)).to_be_checked()
    phone.locator("[name=bid]").fill("110")
    points(phone, "Ala").press_sequentially("35")
    points(phone, "Bartek").press_sequentially("70")
    # the rest of the deck is a suggestion: the placeholder, never the box's value
    celina = points(phone, "Celina")
    expect(celina).to_have_attribute("placeholder", "15")
    expect(celina).to_have_value("")
    expect(phone.locator("#preview")).to_contain_text("Celina: +20")
    shot(phone, "suggestion")
    celina.press_sequentially("15")
    expect(celina).to_have_value("15")
    phone.get_by_role("button", name="Save hand").click()
    totals_in_view(phone)
    # the saved line is marked in the sheet below
    expect(phone.locator("tr#h1")).to_have_class("saved")
    assert stored_hands(phone, game)[0]["points"] == [35, 70, 15]
    shot(phone, "saved")


@at(SMALL)
def test_an_empty_suggested_box_is_taken_as_the_rest_on_save(phone: Page, live_server: str) -> None:
    game = game_from(phone, live_server, "moscow-trump-double.json")
    phone.goto(game + "/hands/new")
    phone.locator("input[name=trump][value=clubs]").check()
    points(phone, "Аня").press_sequentially("66")
    expect(points(phone, "Борис")).to_have_attribute("placeholder", "66")
    points(phone, "Борис").press_sequentially("66")  # typed over: 66, never 6666
    expect(points(phone, "Борис")).to_have_value("66")
    points(phone, "Борис").fill("")
    expect(points(phone, "Борис")).to_have_value("")
    points(phone, "Аня").fill("70")
    expect(points(phone, "Борис")).to_have_attribute("placeholder", "62")
    phone.get_by_role("button", name="Save hand").click()
    totals_in_view(phone)
    assert stored_hands(phone, game)[0]["points"] == [70, 62]


@at(BIG)
def test_editing_a_box_with_backspace_leaves_it_empty_and_85_over_75_is_85(
    phone: Page, live_server: str
) -> None:
    hand = {"declarer": 1, "bid": 100, "points": [30, 75, 15]}
    game = game_from(phone, live_server, "pl-3-basic.json", hands=[hand])
    phone.goto(game + "/hands/1/edit")
    ala, bartek = points(phone, "Ala"), points(phone, "Bartek")
    expect(bartek).to_have_value("75")
    bartek.click()
    bartek.press("End")
    bartek.press("Backspace")
    bartek.press("Backspace")
    expect(bartek).to_have_value("")  # not filled again while the scorer types
    expect(bartek).to_have_attribute("placeholder", "75")
    bartek.press_sequentially("85")
    expect(bartek).to_have_value("85")
    ala.click()
    ala.press("End")
    ala.press("Backspace")
    ala.press("Backspace")
    expect(ala).to_have_value("")
    expect(ala).to_have_attribute("placeholder", "20")
    ala.press_sequentially("20")
    expect(ala).to_have_value("20")
    shot(phone, "edit")
    phone.get_by_role("button", name="Save hand").click()
    totals_in_view(phone)
    assert stored_hands(phone, game)[0]["points"] == [20, 85, 15]


def count(page: Page, name: str, ranks: list[str]) -> None:
    panel = page.get_by_role("group", name=f"{name}'s cards")
    for rank in ranks:
        panel.locator(f".rank[data-rank='{rank}']").click()


@pytest.mark.parametrize(
    ("phone", "fixture", "name", "pile", "more"),
    [
        (SMALL, "pl-3-basic.json", "Ala", 30, 41),
        (BIG, "moscow-trump-double.json", "Аня", 33, 44),
    ],
    indirect=["phone"],
    ids=["standard-360x740", "moscow-390x844"],
)
def test_the_card_counter_adds_a_pile(
    phone: Page, live_server: str, fixture: str, name: str, pile: int, more: int
) -> None:
    game = game_from(phone, live_server, fixture)
    phone.goto(game + "/hands/new")
    panel = phone.get_by_role("group", name=f"{name}'s cards")
    expect(panel).to_be_hidden()  # closed until asked for
    toggle = phone.get_by_role("button", name=f"count {name}'s cards")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    count(phone, name, ["A", "10", "K", "Q", "J", "9"])
    expect(panel.locator(".sum")).to_have_text(str(pile))
    expect(panel.locator(".tapped")).to_have_text("A 10 K Q J 9")
    count(phone, name, ["A"])
    expect(panel.locator(".sum")).to_have_text(str(more))
    panel.get_by_role("button", name="Undo tap").click()
    expect(panel.locator(".sum")).to_have_text(str(pile))
    # four aces in a deck: the fifth cannot be tapped
    count(phone, name, ["A", "A", "A"])
    expect(panel.locator(".rank[data-rank='A']")).to_be_disabled()
    for button in panel.locator(".rank").all():
        box = button.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44
    shot(phone, f"counter-{fixture.split('-')[0]}")
    panel.get_by_role("button", name="Use the sum").click()
    expect(points(phone, name)).to_have_value(str(pile + 33))
    expect(panel).to_be_hidden()
    # typing over what the counter put in the box is plain typing
    points(phone, name).fill("")
    points(phone, name).press_sequentially("40")
    expect(points(phone, name)).to_have_value("40")


@at(SMALL)
def test_a_trump_needed_only_with_a_marriage_is_asked_for_once_one_is_ticked(
    phone: Page, live_server: str
) -> None:
    game = game_from(phone, live_server, "ru-2-intricks.json")
    phone.goto(game + "/hands/new")
    trump = phone.locator("fieldset.trump")
    expect(trump).to_be_hidden()
    phone.locator("input[name=marriages][value='0:hearts']").check()
    expect(trump).to_be_visible()
    expect(trump.locator("legend")).to_have_text("Trump (needed only with a marriage)")
    phone.locator("input[name=marriages][value='0:hearts']").uncheck()
    expect(trump).to_be_hidden()


def test_without_javascript_chips_and_counters_are_gone_and_check_shows_the_score(
    page: Page, live_server: str, browser: Browser, browser_context_args: dict
) -> None:
    game = game_from(page, live_server, "pl-3-basic.json")
    plain = browser.new_context(
        **browser_context_args,
        java_script_enabled=False,
        storage_state=page.context.storage_state(),
    )
    phone = plain.new_page()
    phone.goto(game + "/hands/new")
    # the chips of the bid and the contract need JavaScript: the boxes alone, full width
    expect(phone.locator(".amount-chips")).to_have_count(2)
    expect(phone.locator(".amount-chips").first).to_be_hidden()
    assert phone.locator("[name=bid]").bounding_box()["width"] > 300  # type: ignore[index]
    expect(phone.locator(".count-toggle").first).to_be_hidden()
    expect(phone.locator("fieldset.trump")).to_have_count(0)
    phone.locator("[name=bid]").fill("110")
    for name, value in (("Ala", "35"), ("Bartek", "70"), ("Celina", "15")):
        points(phone, name).fill(value)
    phone.get_by_role("button", name="Check").click()
    expect(phone.locator("#preview")).to_contain_text("Bartek: -110 → -110")
    expect(points(phone, "Celina")).to_have_value("15")
    shot(phone, "no-js-check")
    assert stored_hands(page, game) == []
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".totals")).to_be_in_viewport()
    assert stored_hands(page, game)[0]["points"] == [35, 70, 15]
    plain.close()


# What a thumb taps on the form (a box, a toggle, a button, a disclosure) smaller than 44 px.
SMALL_TARGETS = """() => [...document.querySelectorAll(
    '#hand-form button, #hand-form summary, #hand-form .toggle > span, #hand-form input, '
    + '#hand-form select')]
  .filter(el => el.offsetParent && !(el.matches('input') && el.closest('.toggle'))
                && !['hidden', 'checkbox'].includes(el.type))
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, r]) => r.height < 44 || r.width < 44)
  .map(([el, r]) => `${el.tagName} ${el.name || el.textContent.trim().slice(0, 20)} `
                    + `${Math.round(r.width)}x${Math.round(r.height)}`)"""


OPEN_COUNTERS = """() => { const all = [...document.querySelectorAll('.count-toggle')];
  all.forEach(t => t.click());
  return [all.length, all.filter(t => t.getAttribute('aria-expanded') === 'true').length]; }"""


def choose_language(page: Page, lang: str) -> None:
    page.locator("#language-choice").select_option(lang)
    page.locator(".language button").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_no_hand_form_is_wider_than_360_in_any_language(page: Page, live_server: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    games = {
        "pl-3": game_from(page, live_server, "pl-3-basic.json", hands=1),
        "pl-4": game_from(page, live_server, "pl-4-musik.json"),
        "ru-2": game_from(page, live_server, "ru-2-intricks.json"),
        "moscow": game_from(page, live_server, "moscow-trump-double.json"),
        "pl-2": game_from(page, live_server, "pl-2-basic.json"),
        "ru-3": game_from(page, live_server, "ru-3-give-up-penalty.json"),
        "ru-4": game_from(page, live_server, "ru-4-basic.json"),
    }
    save = page.locator("#hand-form .form-bar button.primary")
    forms = [
        (key, game + path)
        for key, game in games.items()
        for path in (("/hands/new", "/hands/1/edit") if key == "pl-3" else ("/hands/new",))
    ]
    for lang in ("en", "pl", "ru", "uk"):
        page.goto(live_server + "/")
        choose_language(page, lang)
        for number, (key, url) in enumerate(forms):
            path = url.removeprefix(games[key])
            # each form in English (axe, tap targets) and in one other language by turns, the
            # pl-3 hand in all: the counters' and the marriages' words are the same on every
            # form, their own fields are what differ (test_languages.py lays every hand form out
            # in every language, the counters closed)
            if lang != "en" and number > 0 and ("pl", "ru", "uk")[number % 3] != lang:
                continue
            page.goto(url)
            # Save in sight as the form opens, on both phones
            expect(save).to_be_in_viewport()
            page.set_viewport_size({"width": 390, "height": 844})
            expect(save).to_be_in_viewport()
            page.set_viewport_size({"width": 360, "height": 740})
            # every counter open, and a marriage ticked (the trump asked for)
            # (clicked from the page at once: tapping each is the card counter's test)
            toggles, opened = page.evaluate(OPEN_COUNTERS)
            assert toggles and opened == toggles, f"{key}{path}: {opened} of {toggles} open"
            marriage = page.locator("input[name=marriages]").first
            marriage.check()
            bad, width = page.evaluate(LAYOUT)
            assert not bad, f"{key}{path} ({lang}): " + "; ".join(bad[:8])
            assert width <= 360, f"{key}{path} ({lang}): the page is {width}px wide"
            if lang == "en":  # the markup is the same in every language
                small = page.evaluate(SMALL_TARGETS)
                assert not small, f"{key}{path}: tap targets under 44 px: {small[:6]}"
                result = Axe().run(page)
                assert result.violations_count == 0, result.generate_report()
            if lang in ("en", "ru"):
                shot(page, f"{key}-{path.strip('/').replace('/', '-')}-{lang}")


@pytest.mark.parametrize(
    ("phone", "lang"),
    [(BIG, "pl"), (SMALL, "ru"), (BIG, "uk")],
    indirect=["phone"],
    ids=["pl-390x844", "ru-360x740", "uk-390x844"],
)
def test_typing_over_the_suggestion_and_editing_in_every_language(
    phone: Page, live_server: str, lang: str
) -> None:
    # the same hand as above, in each other language: boxes by name, Save by its place
    from .test_languages import choose_language

    game = game_from(phone, live_server, "pl-3-basic.json")
    phone.goto(live_server + "/")
    choose_language(phone, lang)
    phone.goto(game + "/hands/new")
    phone.locator("[name=bid]").fill("110")
    box = [phone.locator(f"[name=points-{s}]") for s in range(3)]
    box[0].press_sequentially("35")
    box[1].press_sequentially("70")
    expect(box[2]).to_have_attribute("placeholder", "15")
    box[2].press_sequentially("15")
    expect(box[2]).to_have_value("15")
    phone.locator("#hand-form button.big.primary").click()
    expect(phone.locator(".totals")).to_be_in_viewport()
    assert phone.evaluate("window.scrollY") == 0
    phone.goto(game + "/hands/1/edit")
    box = [phone.locator(f"[name=points-{s}]") for s in range(3)]
    box[1].click()
    box[1].press("End")
    box[1].press("Backspace")
    box[1].press("Backspace")
    expect(box[1]).to_have_value("")
    box[1].press_sequentially("60")
    box[0].fill("45")
    expect(box[1]).to_have_value("60")
    phone.locator("#hand-form button.big.primary").click()
    expect(phone.locator(".totals")).to_be_in_viewport()
    assert stored_hands(phone, game)[0]["points"] == [45, 60, 15]
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= phone.viewport_size["width"]  # type: ignore[index]


@at(BIG)
def test_another_declarer_is_offered_the_lowest_bid_they_can_have_won_with(
    phone: Page, live_server: str
) -> None:
    # pl-3, hand 2: Bartek deals, Celina opens at 100 without looking
    game = game_from(phone, live_server, "pl-3-basic.json", hands=1)
    phone.goto(game + "/hands/new")
    bid = phone.locator("[name=bid]")
    bids = phone.locator(".amount-chips[data-for=bid] button")
    expect(phone.get_by_role("radio", name="Celina", exact=True)).to_be_checked()
    expect(bid).to_have_attribute("placeholder", "100")
    expect(bid).not_to_have_class(re.compile("suggested"))
    phone.get_by_role("radio", name="Ala", exact=True).check()
    # anyone else outbid her: 110 at least, offered as the remainder is
    expect(bid).to_have_attribute("placeholder", "110")
    expect(bid).to_have_class(re.compile("suggested"))
    expect(bid).to_have_value("")
    expect(bids).to_have_text(["110", "120", "130", "140", "150"])
    expect(bids.first).to_have_attribute("aria-pressed", "true")
    phone.locator("input[name=marriages][value='0:hearts']").check()
    points(phone, "Ala").fill("70")
    points(phone, "Bartek").fill("35")
    expect(phone.locator("#preview")).to_contain_text("Ala: +110 → 150")
    shot(phone, "lowest-bid")
    phone.locator("#hand-form .form-bar button.primary").click()
    expect(phone.locator(".totals")).to_be_in_viewport()
    assert stored_hands(phone, game)[-1]["bid"] == 110


@at(SMALL)
def test_points_move_on_to_the_next_empty_box_once_a_number_is_whole(
    phone: Page, live_server: str
) -> None:
    game = game_from(phone, live_server, "ru-4-basic.json")
    phone.goto(game + "/hands/new")
    box = [phone.locator(f"[name=points-{s}]") for s in range(4)]
    box[1].tap()
    phone.keyboard.type("35")  # no hand holds 350: whole
    expect(box[2]).to_be_focused()
    phone.keyboard.type("12")  # it may yet be 120: it waits
    expect(box[2]).to_be_focused()
    phone.keyboard.press("Enter")  # the keyboard's Next
    expect(box[3]).to_be_focused()
    phone.keyboard.type("0")
    expect(box[0]).to_be_focused()  # round the table to the first empty box
    # the last box empty is the rest of the deck; Enter with none left empty saves
    expect(box[0]).to_have_attribute("placeholder", "73")
    box[2].press("Backspace")  # a deletion stays where it is
    expect(box[2]).to_be_focused()
    expect(box[2]).to_have_value("1")
    phone.keyboard.type("2")
    expect(box[2]).to_be_focused()
    phone.locator("[name=declarer][value='1']").check()
    phone.locator("input[name=marriages][value='1:hearts']").check()
    phone.locator("input[name=trump][value=hearts]").check()
    box[0].fill("73")
    box[0].press("Enter")
    expect(phone.locator(".totals")).to_be_in_viewport()
    assert stored_hands(phone, game)[-1]["points"] == [73, 35, 12, 0]
