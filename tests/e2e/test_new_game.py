"""The new-game form in the browser: each preset shows exactly its seats, and
a name left in a row the variant hides is not sent."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.rules import VARIANTS


def test_every_preset_shows_exactly_its_seats(page: Page, live_server: str) -> None:
    page.goto(live_server + "/games/new")
    for key, cls in VARIANTS.items():
        page.locator(f"input[name=variant][value='{key}']").check()
        expect(page.locator(".player-row:visible")).to_have_count(cls.seats)
        for seat in range(4):
            box = page.locator(f"[name=players-{seat}]")
            (expect(box).to_be_visible() if seat < cls.seats else expect(box).to_be_hidden())
        dealers = page.locator("[name=first_dealer] option")
        shown = [o for o in dealers.all() if not o.evaluate("o => o.hidden")]
        assert len(shown) == cls.seats, key
        # with the script the notes for readers without it are not shown
        expect(page.locator(".seat-note:visible")).to_have_count(0)


def test_a_name_typed_for_four_then_three_players_is_left_out(page: Page, live_server: str) -> None:
    page.goto(live_server + "/games/new")
    page.locator("input[name=variant][value='pl-4']").check()
    for seat, name in enumerate(("Ala", "Bartek", "Celina", "Darek")):
        page.locator(f"[name=players-{seat}]").fill(name)
    page.locator("input[name=variant][value='pl-3']").check()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".totals .name")).to_have_text(["Ala", "Bartek", "Celina"])


def test_the_house_rules_follow_the_variant(page: Page, live_server: str) -> None:
    page.goto(live_server + "/games/new")
    page.locator("details.house > summary").click()
    first = page.locator("[name=opt_barrel] option").first
    expect(first).to_have_text("as the variant: off")  # pl-3
    page.locator("input[name=variant][value='ru-3']").check()
    expect(first).to_have_text("as the variant: on")
    expect(page.locator("[name=opt_give_up] option").first).to_have_text("as the variant: no limit")
    page.locator("[name=opt_give_up]").select_option("once")
    page.locator("[name=players-0]").fill("Ala")
    page.locator("[name=players-1]").fill("Bartek")
    page.locator("[name=players-2]").fill("Celina")
    page.get_by_role("button", name="Start the game").click()
    # once per player: nobody is marked before a give-up (a mark all game long says nothing);
    # Bartek gives up the first hand, and has none left
    expect(page.locator(".totals .total").first).to_be_visible()
    expect(page.locator(".totals .chip", has_text="give-up")).to_have_count(0)
    api = page.url.replace("/games/", "/api/games/").split("?")[0] + "/hands"
    response = page.request.post(api, data={"declarer": 1, "give_up": True})
    assert response.status == 201, response.text()
    page.reload()
    expect(page.locator(".totals .chip", has_text="give-up")).to_have_text(["no give-ups left"])
    expect(page.locator(".totals .total").nth(1)).to_contain_text("no give-ups left")
