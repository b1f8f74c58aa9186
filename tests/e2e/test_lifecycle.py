"""The score page's Game menu on a phone: abandon, resume, rematch, and the delete asked first;
each of its states laid out at 360x740 and at 390x844: nothing wider than the screen, axe clean."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .test_journeys import check_page, start

SIZES = [(360, 740), (390, 844)]  # the small Android first: the flow is played at that size


def fits(page: Page, name: str) -> None:
    """The state on screen at both sizes (laid out again, not played again), back at 360."""
    for width, height in reversed(SIZES):
        page.set_viewport_size({"width": width, "height": height})
        check_page(page, f"{name}-{width}", screen=width)


def test_abandon_then_rematch_from_the_game_page(page: Page, live_server: str) -> None:
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    start(page, live_server, "pl-3", ["Ala", "Bartek", "Celina"], "lifecycle")
    page.get_by_role("link", name="Adjustment").click()
    page.get_by_label("Reason").fill("a penalty")
    page.locator("[name=values-0]").fill("-50")
    page.get_by_role("button", name=re.compile("Save")).click()
    expect(page.get_by_role("link", name="Log hand 1")).to_be_visible()  # an adjustment is no hand
    menu = page.locator("details.game-menu")
    menu.locator("summary").click()
    fits(page, "game-menu")
    menu.get_by_role("button", name="Abandon the game").click()
    expect(page.locator(".flash.abandoned")).to_contain_text("no hand can be logged")
    expect(page.get_by_role("link", name=re.compile("Log hand"))).to_have_count(0)
    expect(menu).to_have_attribute("open", "")  # open at once: what comes next is in it
    expect(menu).to_contain_text("Bartek deals first")
    fits(page, "game-abandoned")
    old = page.url
    menu.get_by_role("button", name="Rematch").click()
    expect(page).not_to_have_url(old)
    expect(page.locator(".totals .dealing .name")).to_have_text("Bartek")
    expect(page.locator(".totals .name")).to_have_text(["Ala", "Bartek", "Celina"])
    expect(page.get_by_role("link", name="Log hand 1")).to_be_visible()
    new = page.url
    # the old game is still there, abandoned, and names its rematch; resumed, it plays on
    page.goto(old)
    expect(page.get_by_role("link", name=re.compile("Its rematch"))).to_have_attribute(
        "href", re.compile(re.escape(new.removeprefix(live_server)) + "$")
    )
    page.get_by_role("button", name="Resume the game").click()
    expect(page.get_by_role("link", name="Log hand 1")).to_be_visible()
    # delete asks first, on a page that fits too
    page.locator("details.game-menu summary").click()
    page.get_by_role("link", name="Delete the game…").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Delete game")
    fits(page, "game-delete")
    page.get_by_role("button", name=re.compile("Delete game")).click()
    expect(page.locator(".flash.done")).to_contain_text("deleted")
    assert page.goto(old).status == 404
