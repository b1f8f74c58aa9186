"""A player's records on their page (ratings.md 3): the figures of hand-worked games, each a
link to exactly the games behind it, an edited hand, closed event tables, and head-to-head."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper.rules.career import RECORDS
from tests.web.test_history import GAME_A, player_id, post, text_of

GOLDEN = Path(__file__).parent.parent / "records"
PL3 = json.loads((GOLDEN / "pl-3-lock-stake.json").read_text(encoding="utf-8"))["game"]
RU3 = json.loads((GOLDEN / "ru-3-barrel-win-blind-give-up.json").read_text(encoding="utf-8"))[
    "game"
]


def listed(client, player: int, record: str | None = None) -> set[int]:  # type: ignore[no-untyped-def]
    url = f"/players/{player}/games" + (f"?record={record}" if record else "")
    r = client.get(url)
    assert r.status_code == 200, url
    return {int(g) for g in re.findall(r'<li><a href="/games/(\d+)"', r.get_data(as_text=True))}


@pytest.fixture
def games(client):  # type: ignore[no-untyped-def]
    """The two golden games (tests/records) and one still being played."""
    return post(client, PL3), post(client, RU3), post(client, GAME_A)


def test_the_records_of_hand_worked_games(client, games):
    text = text_of(client, f"/players/{player_id(client, 'Ala')}")
    assert "Blind bids" not in text  # shown once the player has bid blind
    # pl-3: won, 100 made (0 above the lowest bid), diamonds; ru-3: 120 and 120 made (20 above
    # each), hearts and spades, a climb and a win from the barrel; GAME_A is not counted
    for figure in (
        "Games played 2",
        "Won 2 100%",
        "Hands declared 3",
        "Contracts made 3 100%",
        "Average contract 113.3",  # (100 + 120 + 120) / 3
        "Average bid above the lowest +13.3",  # (0 + 20 + 20) / 3
        "Give-ups 0",
        "Marriages declared ♠ 1 · ♦ 1 · ♥ 1",
        "Barrel climbs 1",
        "Won from the barrel 1",
        "Bolts 0",
        "Money won 210.00, lost 0.00 (net +210.00)",
        "1 game still being played is not counted yet",
    ):
        assert figure in text, figure
    celina = text_of(client, f"/players/{player_id(client, 'Celina')}")
    assert "Give-ups 1" in celina and "Bolts 3" in celina and "Contracts made 1 50%" in celina
    bartek = text_of(client, f"/players/{player_id(client, 'Bartek')}")
    assert "Blind bids made 0 of 1" in bartek and "Average bid above the lowest +15.0" in bartek


def test_each_record_links_to_exactly_the_games_behind_it(client, games):
    pl3, ru3, playing = games
    expected = {
        "Ala": {"played": {pl3, ru3}, "won": {pl3, ru3}, "declared": {pl3, ru3},
                "made": {pl3, ru3}, "diamonds": {pl3}, "hearts": {ru3}, "spades": {ru3},
                "climbs": {ru3}, "barrel_wins": {ru3}},
        "Bartek": {"played": {pl3, ru3}, "declared": {pl3, ru3}, "blind": {ru3},
                   "spades": {pl3}},
        "Celina": {"played": {pl3, ru3}, "declared": {pl3, ru3}, "made": {pl3},
                   "give_ups": {ru3}, "bolts": {ru3}, "hearts": {pl3}},
    }  # fmt: skip
    for name, behind in expected.items():
        player = player_id(client, name)
        page = client.get(f"/players/{player}").get_data(as_text=True)
        for record in RECORDS:
            assert listed(client, player, record) == behind.get(record, set()), (name, record)
        for record in ("played", "won", "declared", "made", "give_ups", "climbs", "bolts"):
            assert f'href="/players/{player}/games?record={record}"' in page, record
        assert listed(client, player) == {pl3, ru3, playing}  # every game, counted or not
    assert client.get(f"/players/{player_id(client, 'Ala')}/games?record=nope").status_code == 404


def test_an_edited_past_hand_changes_the_records(client, games):
    pl3 = games[0]
    celina = player_id(client, "Celina")
    assert listed(client, celina, "made") == {pl3} and listed(client, celina, "hearts") == {pl3}
    # line 2 of the pl-3 game: Celina's 110 with a clubs marriage (60) instead of hearts:
    # 35 + 60 = 95 < 110, failed; Ala still wins (Celina now pays (1010 - 550) x 0.5 = 230)
    hand = {"declarer": 2, "bid": 110, "contract": 110, "points": [50, 35, 35],
            "marriages": [{"seat": 2, "suit": "clubs"}]}  # fmt: skip
    r = client.put(f"/api/games/{pl3}/hands/2", json=hand)
    assert r.status_code == 200, r.json
    text = text_of(client, f"/players/{celina}")
    assert "Contracts made 0 0%" in text and "lost 230.00" in text  # ru-3 has no stake
    assert listed(client, celina, "made") == set() and listed(client, celina, "clubs") == {pl3}
    assert listed(client, celina, "hearts") == set()


def test_a_closed_event_table_counts_and_head_to_head(client, games):
    pl3, ru3, _ = games
    event = {
        "format": "scorekeeper-event/1",
        "name": "Club night",
        "tables": {"3": "pl-3"},
        "players": ["Ala", "Bartek", "Celina"],
        "rounds": [{"tables": [{"seats": [0, 1, 2], "closed": True, "hands": [
            {"declarer": 1, "bid": 100, "points": [60, 40, 20]},  # Bartek fails 100
        ]}]}],
    }  # fmt: skip
    r = client.post("/api/events", json=event)
    assert r.status_code == 201, r.json
    ala, bartek = player_id(client, "Ala"), player_id(client, "Bartek")
    # the closed table counts (places by total: Ala 60, Celina 20, Bartek -100) with no winner
    text = text_of(client, f"/players/{bartek}")
    assert "Games played 3" in text and "Hands declared 3" in text and "Won 0 0%" in text
    closed = listed(client, bartek, "played") - {pl3, ru3}
    assert len(closed) == 1
    page = client.get(f"/players/{ala}/versus?other={bartek}")
    assert page.status_code == 200
    versus = " ".join(re.sub(r"<[^>]+>", " ", page.get_data(as_text=True)).split())
    # Ala won both golden games and placed higher at the closed table (60 against -100);
    # points: 1010 + 1000 + 60 against 830 + 390 - 100
    assert "Games together 3" in versus
    assert "Ala placed higher 3" in versus and "Bartek placed higher 0" in versus
    assert "The same place 0" in versus
    assert "Points of Ala 2070" in versus and "Points of Bartek 1120" in versus
    assert client.get(f"/players/{ala}/versus?other={2**31}").status_code == 422
    assert client.get(f"/players/{ala}/versus?other={ala}").status_code == 422


def closed_confirm_table() -> dict[str, object]:
    """An event with `confirm` and one closed table of one hand, not confirmed."""
    return {
        "format": "scorekeeper-event/1",
        "name": "Club night",
        "confirm": True,
        "tables": {"3": "pl-3"},
        "players": ["Ala", "Bartek", "Celina"],
        "rounds": [{"tables": [{"seats": [0, 1, 2], "closed": True, "hands": [
            {"declarer": 1, "bid": 100, "points": [60, 40, 20]},
        ]}]}],
    }  # fmt: skip


def test_a_closed_table_with_a_hand_not_confirmed_does_not_count(client, games):
    """With the event's `confirm`, a table counts once every hand is confirmed (events.md 2),
    in the records as in the standings and the ratings."""
    event = closed_confirm_table()
    assert client.post("/api/events", json=event).status_code == 201
    bartek = player_id(client, "Bartek")
    assert "Games played 2" in text_of(client, f"/players/{bartek}")
    event["rounds"][0]["tables"][0]["hands"][0]["confirmed_by"] = 0  # type: ignore[index]
    event["name"] = "Club night, confirmed"
    assert client.post("/api/events", json=event).status_code == 201
    page = text_of(client, f"/players/{bartek}")
    assert "Games played 3" in page, page[page.index("Games played") :][:80]


def test_a_hand_confirmed_after_the_page_was_seen_counts_on_it(client, games):
    """The page is remembered until one of the player's games changes; a confirmation changes
    no game's version, and the page counts the table once it is confirmed all the same."""
    event = closed_confirm_table()
    made = client.post("/api/events", json=event)
    assert made.status_code == 201, made.get_data(as_text=True)
    bartek = player_id(client, "Bartek")
    assert "Games played 2" in text_of(client, f"/players/{bartek}")
    director = client.get(f"/events/{made.json['id']}").get_data(as_text=True)
    (game,) = set(re.findall(r'href="(/games/\d+)"', director))
    form = client.get(f"{game}/confirm").get_data(as_text=True)
    version = re.search(r'name="version" [^>]*value="(\d+)"', form)
    assert version, form
    data = {"line": "1", "seat": "0", "version": version.group(1)}
    assert client.post(f"{game}/confirm", data=data).status_code == 302
    page = text_of(client, f"/players/{bartek}")
    assert "Games played 3" in page, page[page.index("Games played") :][:80]


def test_figures_missing_are_made_by_the_upgrade_or_the_first_view(app, client, games):
    from scorekeeper.services.careers import fill_every
    from scorekeeper.store import careers
    from scorekeeper.store.db import db
    from scorekeeper.store.models import SeatFiguresRow

    ala = player_id(client, "Ala")

    def records() -> str:
        return text_of(client, f"/players/{ala}").split("Records")[1].split("Rename or merge")[0]

    before = records()
    with app.app_context():  # a database from before the cache: no figures at all
        db.session.execute(db.delete(SeatFiguresRow))
        db.session.commit()
        assert fill_every() == 3  # what `scorekeeper upgrade` does
        assert careers.stale_games(10) == [] and fill_every() == 0
        db.session.execute(db.delete(SeatFiguresRow))
        db.session.commit()
    client.post(f"/players/{ala}/rename", data={"name": "Alicja"})  # a new page key
    assert records() == before.replace("Ala", "Alicja")  # made by its first view
    with app.app_context():
        assert careers.stale_games(10) == []  # and kept
    # a rename bumps every game's version without changing a line: the figures go along
    client.post(f"/players/{ala}/rename", data={"name": "Ala"})
    with app.app_context():
        assert careers.stale_games(10) == []
