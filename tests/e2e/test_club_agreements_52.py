"""The club agreements of scoring.md 5.2 in the browser: the new-game form's switches (climbing
together in its three ways, a failed contract as a try, finishing exactly) make the game that
plays them, and the notes they write read as players say them in all four languages, with
nothing spilling out of its box at 390 nor at 360 px."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import SIZES, at
from .games import game_from
from .test_languages import check_layout, choose_language


@at(SIZES[0])
def test_the_new_game_form_plays_the_52_agreements(phone: Page, live_server: str) -> None:
    phone.goto(live_server + "/games/new")
    phone.locator("input[name=variant][value='ru-3']").check()
    phone.locator("details.house > summary").click()
    together = phone.locator("[name=agree_barrel_together]")
    # ru-3 climbs all together: the first choice says so; the three ways are there in words
    expect(together.locator("option").first).to_have_text("as the variant: off")
    expect(together.locator("option")).to_have_text(
        ["as the variant: off", "on", "nobody climbs", "off"]
    )
    expect(phone.locator("label[for=agree_barrel_together]")).to_contain_text(
        "when two reach the barrel in one hand, only the declarer climbs"
    )
    together.select_option("none")
    phone.locator("[name=agree_barrel_on_fail]").select_option("on")
    finish = phone.locator("[name=opt_finish]")
    expect(finish.locator("option").first).to_have_text("as the variant: off")
    finish.select_option("on")
    for seat, name in enumerate(("Ala", "Bartek", "Celina")):
        phone.locator(f"[name=players-{seat}]").fill(name)
    phone.get_by_role("button", name="Start the game").click()
    expect(phone.locator(".totals .name")).to_have_text(["Ala", "Bartek", "Celina"])
    game = phone.url.split("?")[0]
    api = game.replace("/games/", "/api/games/")
    options = phone.request.get(api + "/file").json()["options"]
    assert options["finish"] == "exact"
    assert (options["barrel"]["together"], options["barrel"]["on_fail"]) == ("none", "try")
    # Celina climbs alone; then Ala and Bartek reach the barrel in one hand: nobody climbs
    for line in (
        {"adjustment": [860, 760, 870], "reason": "carried over"},
        {"declarer": 1, "bid": 100, "points": [5, 100, 15]},
        {
            "declarer": 0,
            "bid": 105,
            "points": [80, 20, 20],
            "marriages": [{"seat": 0, "suit": "hearts"}],
        },
    ):
        assert phone.request.post(api + "/hands", data=line).status == 201
    phone.goto(game + "/hands/3")
    expect(phone.locator("body")).to_contain_text(
        "970 reaches the barrel in the same hand as another player: nobody climbs, "
        "back to 760 (-120)"
    )
    check_layout(phone, "en", "5.2 notes")


@at(SIZES[1])
def test_the_notes_of_52_in_four_languages(phone: Page, live_server: str) -> None:
    exact = game_from(phone, live_server, "pl-3-finish-exact.json", hands=3)
    together = game_from(phone, live_server, "ru-3-barrel-climb-together.json", hands=2)
    said = {
        "en": (
            "would pass 1000: 1020, not counted",
            "only the declarer climbs, back to 760 (-120)",
        ),
        "pl": (
            "przekroczyłoby 1000: 1020, nie liczy się",
            "wchodzi tylko grający, powrót do 760 (-120)",
        ),
        "ru": ("перебор за 1000: 1020, не засчитывается", "садится только он, откат на 760 (-120)"),
        "uk": (
            "перебір понад 1000: 1020, не зараховується",
            "сідає лише він, відкіт до 760 (-120)",
        ),
    }
    for lang, (passed, kept_off) in said.items():
        phone.goto(exact + "/hands/3")
        choose_language(phone, lang)
        expect(phone.locator("body")).to_contain_text(passed)
        check_layout(phone, lang, "finish exactly", axe=lang == "pl")
        phone.goto(together + "/hands/2")
        expect(phone.locator("body")).to_contain_text(kept_off)
        check_layout(phone, lang, "climbing together", axe=lang == "ru")
    choose_language(phone, "en")
