"""A game of a fixed number of deals through the pages: the new-game form, the rules page, the
hands up to the last deal, the end and the printed sheet."""

from __future__ import annotations

from typing import Any

from .helpers import hand, new_game
from .test_rulebook import text


def test_a_game_of_two_deals_ends_after_the_second_hand(client: Any) -> None:
    game = new_game(client, opt_deals="2")
    rules = text(client.get(f"{game}/rules"))
    assert "Number of deals: 2 in this game (off in pl-3)" in rules
    assert "The game also ends after 2 hands (adjustments are not hands)" in rules
    assert "If a total reaches 1000 in the last of the deals" in rules
    # pl-3 from dealer 0: Bartek opens at 100 and makes it, then Celina does
    assert hand(client, game, [20, 100, 0], declarer=1, bid=100).status_code == 302
    assert "wins!" not in text(client.get(game))
    assert hand(client, game, [0, 20, 100], declarer=2, bid=100).status_code == 302
    page = text(client.get(game))
    assert "Bartek wins!" in page and "Ala 20 Bartek 120 Celina 100" in page
    explained = text(client.get(f"{game}/hands/2"))
    assert "the game ended after 2 deals" in explained
    # nothing follows the end
    refused = hand(client, game, [100, 0, 20], declarer=0, bid=100)
    assert refused.status_code == 422
    assert "the game ended with line 2; nothing can be added after it" in refused.text
    assert "to 1000 · 2 deals" in text(client.get(f"{game}/print"))


def test_a_number_of_deals_the_rules_refuse_is_said_at_its_box(client: Any) -> None:
    r = client.post(
        "/games/new",
        data={"variant": "pl-3", "first_dealer": "0", "opt_deals": "0"}
        | {f"players-{i}": name for i, name in enumerate(["Ala", "Bartek", "Celina"])},
    )
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    # the message sits right after its box (the field's error, not the top of the form)
    box = page.index('name="opt_deals"')
    assert page.index("option deals: must be between 1 and 2000, got 0", box) - box < 400


def test_the_rules_of_a_game_of_deals_in_polish(client: Any) -> None:
    game = new_game(client, opt_deals="24")
    client.get("/language/pl")
    rules = text(client.get(f"{game}/rules", headers={"Accept-Language": "pl"}))
    assert "Partia kończy się też po 24 rozdaniach" in rules
