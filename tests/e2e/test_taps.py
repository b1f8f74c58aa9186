"""A hand as fast as a line on paper: the taps and keys of the hands a scorer logs most, counted
as a thumb makes them on the hand form, in every preset, at 360x740 and 390x844, in every
language; Save in reach from the moment the form opens, with the keyboard up too, and nothing
moving when the declarer changes.

The goals (docs/table.md, "The hand form"): a hand won by another player than the forced opener,
the bid raised, one marriage, points typed: at most 6 taps and 6 keys; the forced opener's hand:
at most 4 taps; pl-4's hand with three marriages, a raised contract and the musik's aces and
marriage: at most 9 taps; a give-up: at most 3 taps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .test_hand_form import stored_hands
from .test_languages import choose_language

KEYBOARD = 300  # px an on-screen keyboard takes from a phone's screen, about 40 % of it
SAVE = "#hand-form .form-bar button.primary"


class Thumb:
    """The scorer's thumb on the hand form: every tap and every key counted."""

    def __init__(self, page: Page) -> None:
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, target: Locator, stays: bool = True) -> None:
        target.tap()
        self.taps += 1
        if stays:  # Save stays in reach whatever was tapped on the form
            expect(self.page.locator(SAVE)).to_be_in_viewport()

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1


@dataclass
class Hand:
    """One hand a scorer logs, as the steps of a thumb, and the line the server must store."""

    preset: str
    kind: str  # forced, typical, worst, give-up
    steps: list[tuple[str, str]]
    stored: dict[str, Any]
    taps: int  # the goal
    keys: int | None = None


def declarer(seat: int) -> tuple[str, str]:
    return ("tap", f"input[name=declarer][value='{seat}']")


def chip(box: str, value: int) -> tuple[str, str]:
    return ("chip", f"{box}:{value}")


def marriage(seat: int, suit: str) -> tuple[str, str]:
    return ("tap", f"input[name=marriages][value='{seat}:{suit}']")


def trump(suit: str) -> tuple[str, str]:
    return ("tap", f"input[name=trump][value={suit}]")


def box(seat: int) -> tuple[str, str]:
    return ("box", f"[name=points-{seat}]")


def typed(text: str) -> tuple[str, str]:
    return ("type", text)


GIVE_UP = ("tap", "input[name=give_up]")
PLAYERS = ["Ala", "Bartek", "Celina", "Darek"]
SEATS = {"pl-3": 3, "pl-4": 4, "pl-2": 2, "ru-2": 2, "ru-4": 4, "moscow": 2, "ru-3": 3}

# The first hand of each game: seat 0 deals, seat 1 opens (in pl-4 seat 0 sits out). The points
# are typed as on paper; where every card is in play the last box is the rest of the deck.
HANDS = [
    # the forced opener at the lowest bid with one marriage: its box, two numbers, Save
    Hand(
        "pl-3",
        "forced",
        [marriage(1, "hearts"), box(1), typed("70"), typed("35")],
        {"declarer": 1, "points": [15, 70, 35], "marriages": [{"seat": 1, "suit": "hearts"}]},
        4,
    ),
    Hand(
        "pl-4",
        "forced",
        [marriage(1, "hearts"), box(1), typed("70"), typed("35")],
        {"declarer": 1, "points": [None, 70, 35, 15]},
        4,
    ),
    Hand(
        "pl-2",
        "forced",
        [marriage(1, "hearts"), box(1), typed("70"), typed("30")],
        {"declarer": 1, "points": [30, 70]},
        4,
    ),
    Hand(
        "ru-3",
        "forced",
        [marriage(1, "hearts"), box(1), typed("70"), typed("35")],
        {"declarer": 1, "points": [15, 70, 35]},
        4,
    ),
    # the typical hand: another declarer, the bid raised, one marriage, points typed
    Hand(
        "pl-3",
        "typical",
        [declarer(2), chip("bid", 120), marriage(2, "hearts"), box(2), typed("70"), typed("35")],
        {"declarer": 2, "bid": 120, "points": [35, 15, 70]},
        6,
        6,
    ),
    Hand(
        "pl-4",
        "typical",
        [declarer(2), chip("bid", 120), marriage(2, "hearts"), box(2), typed("70"), typed("35")],
        {"declarer": 2, "bid": 120, "points": [None, 15, 70, 35]},
        6,
        6,
    ),
    Hand(
        "pl-2",
        "typical",
        [declarer(0), chip("bid", 120), marriage(0, "hearts"), box(0), typed("70"), typed("40")],
        {"declarer": 0, "bid": 120, "points": [70, 40]},
        6,
        6,
    ),
    Hand(
        "ru-3",
        "typical",
        [declarer(2), chip("bid", 120), marriage(2, "hearts"), box(2), typed("70"), typed("35")],
        {"declarer": 2, "bid": 120, "points": [35, 15, 70]},
        6,
        6,
    ),
    # (no forced opening: the first bidder, seat 1, is ticked as the likely declarer)
    Hand(
        "ru-2",
        "typical",
        [
            declarer(0),
            chip("bid", 80),
            marriage(0, "hearts"),
            trump("hearts"),
            box(0),
            typed("70"),
            typed("35"),
        ],
        {"declarer": 0, "bid": 80, "trump": "hearts", "points": [70, 35]},
        6,
        6,
    ),
    Hand(
        "ru-4",
        "typical",
        [
            declarer(2),
            chip("bid", 80),
            marriage(2, "hearts"),
            trump("hearts"),
            box(2),
            typed("50"),
            typed("30"),
            typed("25"),
        ],
        {"declarer": 2, "bid": 80, "trump": "hearts", "points": [25, 15, 50, 30]},
        6,
        6,
    ),
    Hand(
        "moscow",
        "typical",
        [trump("clubs"), marriage(0, "clubs"), box(0), typed("70")],
        {"trump": "clubs", "points": [70, 62], "marriages": [{"seat": 0, "suit": "clubs"}]},
        6,
        6,
    ),
    # the worst: pl-4, the forced opener raises the contract, three marriages, the musik's
    # ace and marriage
    Hand(
        "pl-4",
        "worst",
        [
            ("box", "[name=contract]"),
            typed("300"),
            marriage(1, "hearts"),
            marriage(1, "diamonds"),
            marriage(1, "clubs"),
            ("tap", "input[name=musik_aces][value='1']"),
            ("tap", "input[name=musik_marriage][value=spades]"),
            box(1),
            typed("90"),
            typed("20"),
        ],
        {
            "declarer": 1,
            "contract": 300,
            "points": [None, 90, 20, 10],
            "musik": {"aces": 1, "marriage": "spades"},
        },
        9,
    ),
    # a give-up: the declarer at the lowest bid it can have won with gives up
    Hand(
        "ru-3", "give-up", [declarer(2), GIVE_UP], {"declarer": 2, "bid": 105, "give_up": True}, 3
    ),
    Hand("ru-2", "give-up", [declarer(0), GIVE_UP], {"declarer": 0, "give_up": True}, 3),
    Hand("ru-4", "give-up", [declarer(2), GIVE_UP], {"declarer": 2, "give_up": True}, 3),
]
LANGS = ("en", "pl", "ru", "uk")
SIZES = ((360, 740), (390, 844))
# each hand in one language and at one size, by turns: every language and size meets every kind
CASES = [
    pytest.param(h, LANGS[i % 4], SIZES[i % 2], id=f"{h.preset}-{h.kind}-{LANGS[i % 4]}")
    for i, h in enumerate(HANDS)
]


def new_game(page: Page, base: str, preset: str) -> str:
    names = PLAYERS[: SEATS[preset]]
    response = page.request.post(
        f"{base}/api/games",
        data={
            "format": "scorekeeper-game/1",
            "variant": preset,
            "players": names,
            "first_dealer": 0,
            "hands": [],
        },
    )
    assert response.status == 201, response.text()
    return f"{base}/games/{response.json()['id']}"


def positions(page: Page) -> list[float]:
    """Where the form's parts are: what a scorer would see jump."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
             '#hand-form > *, #hand-form .seat, #hand-form .amount')]
           .map(el => el.getBoundingClientRect().top + window.scrollY)"""
    )


def keyboard_up(page: Page, size: tuple[int, int]) -> None:
    """The on-screen keyboard: the page gets the screen above it (interactive-widget=
    resizes-content); the box typed in and Save are both in sight and apart."""
    page.set_viewport_size({"width": size[0], "height": size[1] - KEYBOARD})
    page.evaluate("document.activeElement.scrollIntoView({block: 'nearest'})")
    save = page.locator(SAVE)
    expect(save).to_be_in_viewport()
    focused = page.locator(":focus")
    expect(focused).to_be_in_viewport()
    bar = page.locator("#hand-form .form-bar").bounding_box()
    seen = focused.bounding_box()
    assert bar and seen and seen["y"] + seen["height"] <= bar["y"] + 1, "the box is under Save"
    page.set_viewport_size({"width": size[0], "height": size[1]})


@pytest.mark.parametrize("hand, lang, size", CASES)
def test_a_hand_takes_no_more_taps_and_keys_than_the_goal(
    page: Page, live_server: str, hand: Hand, lang: str, size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game = new_game(page, live_server, hand.preset)
    if lang != "en":
        page.goto(game)
        choose_language(page, lang)
    page.goto(game + "/hands/new")
    save = page.locator(SAVE)
    expect(save).to_be_in_viewport()
    assert page.evaluate("window.scrollY") == 0
    thumb = Thumb(page)
    keyboard = False
    for what, target in hand.steps:
        if what == "type":
            thumb.type(target)
        elif what == "chip":
            name, value = target.split(":")
            group = page.locator(f".amount-chips[data-for={name}]")
            thumb.tap(group.get_by_role("button", name=re.compile(f"^{value}$")))
        else:
            before = positions(page) if target.startswith("input[name=declarer]") else None
            thumb.tap(page.locator(target))
            if before is not None:  # nothing moves when the declarer changes
                assert positions(page) == before
            if what == "box" and not keyboard:
                keyboard_up(page, size)
                keyboard = True
    expect(page.locator("#preview .error")).to_have_count(0)
    thumb.tap(save, stays=False)
    expect(page.locator(".totals")).to_be_in_viewport()
    line = stored_hands(page, game)[-1]
    for key, value in hand.stored.items():
        assert line.get(key) == value, f"{key}: stored {line.get(key)!r}, meant {value!r}"
    assert thumb.taps <= hand.taps, f"{thumb.taps} taps (goal {hand.taps})"
    if hand.keys is not None:
        assert thumb.keys <= hand.keys, f"{thumb.keys} keys (goal {hand.keys})"
    print(f"{hand.preset} {hand.kind}: {thumb.taps} taps, {thumb.keys} keys")
