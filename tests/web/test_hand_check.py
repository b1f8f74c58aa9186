"""The hand form without JavaScript: Check shows what the hand would score and stores nothing."""

from __future__ import annotations

import re

from .helpers import edit_first, hand, new_game, stored_entries, stored_lines, totals


def _preview(page: str) -> str:
    found = re.search(r'<div class="preview-body">(.*?)</div>', page, re.S)
    assert found, "the page has no preview box"
    return re.sub(r"<[^>]+>", " ", found.group(1))


def test_check_shows_the_score_of_a_new_hand_and_stores_nothing(app, client):
    game = new_game(client)
    r = hand(client, game, [35, 70, 15], declarer=1, bid=110, check="1")
    assert r.status_code == 200
    preview = _preview(r.get_data(as_text=True))
    assert "Ala: +40 → 40 (35 card points; 35 rounded to 40)" in preview
    assert "Bartek: -110 → -110" in preview and "Celina: +20 → 20" in preview
    # the form comes back as it was posted, ready to be saved
    assert re.search(r'<input [^>]*name="points-1"[^>]*value="70"', r.get_data(as_text=True))
    with app.app_context():
        assert stored_lines() == 0
    assert totals(client, game) == [0, 0, 0]


def test_check_of_an_impossible_hand_lists_the_problem_and_stores_nothing(app, client):
    game = new_game(client)
    r = hand(client, game, [35, 70, 13], declarer=1, bid=110, check="1")
    assert r.status_code == 200
    assert "card points must add up to 120, got 118" in _preview(r.get_data(as_text=True))
    with app.app_context():
        assert stored_lines() == 0


def test_check_of_an_edit_leaves_the_stored_hand_as_it_was(app, client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    with app.app_context():
        before = stored_entries()
    r = edit_first(client, game, check="1")
    assert r.status_code == 200
    assert "Ala: +100 → 100" in _preview(r.get_data(as_text=True))
    with app.app_context():
        assert stored_entries() == before
    assert totals(client, game) == [10, 100, 10]


def test_the_page_without_javascript_offers_check_and_says_so(client):
    game = new_game(client)
    page = client.get(f"{game}/hands/new").get_data(as_text=True)
    assert 'name="check"' in page and "tap Check to see what it scores" in page
    # Save comes first: Enter (a phone's Go) saves, as before
    assert page.index(">Save hand<") < page.index('name="check"')


def test_the_trump_is_asked_for_as_each_variant_needs_it(client):
    # ru-2: marriages found in tricks need the trump only when one is credited (scoring.md 3.2)
    ru2 = new_game(client, "ru-2", ("Oleg", "Nata"))
    page = client.get(f"{ru2}/hands/new").get_data(as_text=True)
    assert "Trump (needed only with a marriage)" in page and "data-with-marriage" in page
    # Moscow: the turned-up trump, at the start of every hand
    moscow = new_game(client, "moscow", ("Anya", "Boris"))
    page = client.get(f"{moscow}/hands/new").get_data(as_text=True)
    assert "Trump at the start of the hand" in page and "data-with-marriage" not in page


def test_the_card_counter_takes_the_deck_of_the_variant(client):
    def values(page: str) -> dict[str, str]:
        return dict(re.findall(r'data-rank="([^"]+)" data-value="(\d+)"', page)[:6])

    standard = client.get(f"{new_game(client)}/hands/new").get_data(as_text=True)
    assert values(standard) == {"A": "11", "10": "10", "K": "4", "Q": "3", "J": "2", "9": "0"}
    moscow = new_game(client, "moscow", ("Anya", "Boris"))
    page = client.get(f"{moscow}/hands/new").get_data(as_text=True)
    assert values(page) == {"A": "11", "10": "10", "K": "5", "Q": "4", "J": "3", "9": "0"}
