"""Looking back: the history, players' records, rename and merge, in a fixed number of queries."""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event

from scorekeeper.store.db import db
from tests.conftest import signed_up

FORMAT = "scorekeeper-game/1"
GAMES = Path(__file__).parent.parent / "games"
GAME_A = {  # three contracts made; the figures are in the test below
    "format": FORMAT,
    "variant": "pl-3",
    "players": ["Ala", "Bartek", "Celina"],
    "hands": [
        {
            "declarer": 1,
            "bid": 120,
            "points": [35, 70, 15],
            "marriages": [{"seat": 1, "suit": "hearts"}],
        },
        {
            "declarer": 2,
            "bid": 100,
            "points": [25, 30, 65],
            "marriages": [{"seat": 2, "suit": "clubs"}],
        },
        {
            "declarer": 0,
            "bid": 140,
            "points": [82, 24, 14],
            "marriages": [{"seat": 0, "suit": "diamonds"}, {"seat": 1, "suit": "spades"}],
        },
    ],
}
GAME_B = {  # Ala fails 120 with 100
    "format": FORMAT,
    "variant": "ru-3",
    "players": ["Ala", "Bartek", "Darek"],
    "hands": [{"declarer": 0, "bid": 120, "points": [100, 10, 10]}],
}


def post(client, game) -> int:  # type: ignore[no-untyped-def]
    r = client.post("/api/games", json=game)
    assert r.status_code == 201, r.json
    return r.json["id"]


def player_id(client, name: str) -> int:  # type: ignore[no-untyped-def]
    page = client.get("/players/").get_data(as_text=True)
    return int(re.search(rf'href="/players/(\d+)"><span class="variant">{name}<', page).group(1))


def test_history_lists_games_newest_first_with_totals_winner_and_length(client):
    a, b = post(client, GAME_A), post(client, GAME_B)
    page = client.get("/history").get_data(as_text=True)
    assert "2 games" in page
    assert page.index(f"/games/{b}") < page.index(f"/games/{a}")  # newest first
    assert "Ala 210 · Bartek 210 · Celina 130" in page and "3 hands" in page
    assert "Ala -120 · Bartek 10 · Darek 10" in page and "1 hand " in page
    assert "in progress" in page


def test_history_filters_by_player_variant_and_date(client):
    post(client, GAME_A)
    post(client, GAME_B)
    darek = player_id(client, "Darek")
    only = client.get(f"/history?player={darek}").get_data(as_text=True)
    listed = only.split('<ul class="games')[1]
    assert "1 game" in only and "Darek" in listed and "Celina" not in listed
    assert "Celina" in client.get("/history?variant=pl-3").get_data(as_text=True)
    assert "1 game" in client.get("/history?variant=ru-3").get_data(as_text=True)
    assert "0 games" in client.get("/history?since=2000-01-01&until=2000-12-31").get_data(
        as_text=True
    )
    assert "2 games" in client.get("/history?since=2000-01-01").get_data(as_text=True)
    bad = client.get("/history?since=yesterday&variant=whist").get_data(as_text=True)
    assert "A date is written 2026-12-31." in bad and "There is no variant" in bad
    assert "2 games" in bad  # a bad filter is ignored, not an error page


def test_a_players_record(client):
    post(client, GAME_A)
    post(client, GAME_B)
    page = client.get(f"/players/{player_id(client, 'Ala')}").get_data(as_text=True)
    text = text_of(client, f"/players/{player_id(client, 'Ala')}")
    # neither game has ended: the records count neither (ratings.md 1), the list has both
    assert "Games played 0" in text and "2 games still being played are not counted yet" in text
    assert "Hands declared 0" in text and "Contracts made 0" in text
    assert "Marriages declared none" in text
    assert "Give-ups 0" in text and "Bolts 0" in text
    assert "Money" not in text  # no stake in either game
    assert page.count('<li><a href="/games/') == 2
    assert "<svg" not in page and "No finished game yet" in page


def text_of(client, url: str) -> str:  # type: ignore[no-untyped-def]
    return " ".join(re.sub(r"<[^>]+>", " ", client.get(url).get_data(as_text=True)).split())


def test_wins_money_and_win_rate_of_a_finished_game(client):
    # a hand-scored game (tests/games): Ala wins; stake 0.5, Bartek pays 90, Celina 120
    finished = json.loads((GAMES / "pl-3-lock.json").read_text())["game"]
    post(client, finished)
    post(client, GAME_A)
    ala = text_of(client, f"/players/{player_id(client, 'Ala')}")
    assert "Won 1 100%" in ala and "Games played 1" in ala
    chart = client.get(f"/players/{player_id(client, 'Ala')}").get_data(as_text=True)
    assert "<svg" in chart and "1 game" in chart.split("<desc")[1].split("</desc>")[0]
    assert "Money won 210.00, lost 0.00 (net +210.00)" in ala
    bartek = text_of(client, f"/players/{player_id(client, 'Bartek')}")
    assert "Won 0 0%" in bartek and "lost 90.00" in bartek
    by_variant = bartek.split("By variant")[1]
    assert "Polish Tysiąc, 3 players 1 0 0%" in by_variant


def test_rename_and_merge(app, client):
    a = post(client, GAME_A)
    post(client, {**GAME_B, "players": ["Ala", "Bartek", "Darek "]})
    post(client, {**GAME_B, "players": ["Ala", "Bartek", "Dariusz"]})
    darek, dariusz = player_id(client, "Darek"), player_id(client, "Dariusz")
    r = client.post(f"/players/{darek}/rename", data={"name": "Celina"})
    assert r.status_code == 422 and "There is already a player Celina" in r.get_data(as_text=True)
    assert client.post(f"/players/{darek}/rename", data={"name": "  "}).status_code == 422
    # the same person under two names: merged, every game follows
    r = client.post(f"/players/{dariusz}/merge", data={"into": str(darek)})
    assert r.status_code == 302
    assert client.get(f"/players/{dariusz}").status_code == 404
    darek_page = client.get(f"/players/{darek}").get_data(as_text=True)
    assert darek_page.count('<li><a href="/games/') == 2
    # two who sat at one table are two people
    r = client.post(f"/players/{player_id(client, 'Ala')}/merge", data={"into": str(darek)})
    assert r.status_code == 422 and "sat at the same table" in r.get_data(as_text=True)
    # a rename shows in every game, and in the live view's ETag (a new version)
    client.post(f"{'/games/' + str(a)}/share", data={})
    before = client.get(f"/api/games/{a}").json
    renamed = client.post(f"/players/{player_id(client, 'Celina')}/rename", data={"name": "Cela"})
    assert renamed.status_code == 302
    assert "Cela" in client.get(f"/games/{a}").get_data(as_text=True)
    assert client.get(f"/api/games/{a}").json["players"] == ["Ala", "Bartek", "Cela"]
    assert before["players"][2] == "Celina"
    # strangers find none of it
    stranger = signed_up(app, "mallory")
    assert stranger.get(f"/players/{darek}").status_code == 404
    assert stranger.post(f"/players/{darek}/rename", data={"name": "x"}).status_code == 404
    assert "Darek" not in stranger.get("/history").get_data(as_text=True)


@contextmanager
def counting(app):  # type: ignore[no-untyped-def]
    seen: list[str] = []

    def count(_conn, _cursor, statement, *_args):  # type: ignore[no-untyped-def]
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


def _queries(app, client, url: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Queries of the first view (summaries made) and of the next (summaries cached)."""
    with counting(app) as cold:
        assert client.get(url).status_code == 200
    with counting(app) as warm:
        assert client.get(url).status_code == 200
    return len(cold), len(warm)


def test_history_and_player_pages_use_a_fixed_number_of_queries(app, client):
    post(client, GAME_A)
    few = {
        "history": _queries(app, client, "/history"),
        "player": _queries(app, client, f"/players/{player_id(client, 'Ala')}"),
    }
    for _ in range(12):
        post(client, GAME_A)
        post(client, GAME_B)
    many = {
        "history": _queries(app, client, "/history"),
        "player": _queries(app, client, f"/players/{player_id(client, 'Ala')}"),
    }
    assert many == few, (few, many)
    assert few["history"][1] <= 8 and few["player"][1] <= 8, few


def _error(page: str, field: str) -> str:
    found = re.search(rf'<span class="error" id="{field}-error">([^<]*)</span>', page)
    assert found, f"no error at {field}"
    return found.group(1)


def test_hostile_filters_are_messages_at_their_fields_never_a_query_out_of_range(client):
    post(client, GAME_A)
    page = client.get(f"/history?player={2**31}").get_data(as_text=True)
    assert _error(page, "player") == "There is no such player." and "Celina" in page
    for day in ("9999-12-31", "0001-01-01"):  # the calendar's last and first days
        r = client.get(f"/history?since=0001-01-01&until={day}")
        assert r.status_code == 200
    r = client.get("/history?until=10000-01-01&variant=pl-3%00&page=" + "9" * 5000)
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "A date is written 2026-12-31." == _error(page, "until")
    assert "There is no variant" in _error(page, "variant")


def test_a_rename_is_held_to_a_new_games_names_and_a_merge_to_real_ids(app, client):
    post(client, GAME_A)
    ala = player_id(client, "Ala")
    for name, message in [
        ("Ala\x00", "no control characters: found U+0000 at character 4"),
        ("Ala\nKot", "no control characters: found U+000A at character 4"),
        ("ß" * 31, "at most 60 characters, got 62"),
    ]:
        r = client.post(f"/players/{ala}/rename", data={"name": name})
        assert r.status_code == 422 and _error(r.get_data(as_text=True), "name") == message
    r = client.post(f"/players/{ala}/merge", data={"into": str(2**31)})
    assert r.status_code == 422 and _error(r.get_data(as_text=True), "into")
    assert player_id(client, "Ala") == ala


def test_a_players_page_remembered_follows_every_change_of_its_games(client):
    """The page is remembered per worker until one of the player's games changes: a hand
    logged, a game started or deleted are on the next view."""
    first = post(client, GAME_A)
    bartek = player_id(client, "Bartek")
    assert "1 game still being played" in text_of(client, f"/players/{bartek}")
    assert "1 game still being played" in text_of(client, f"/players/{bartek}")  # remembered
    second = post(client, GAME_B)  # another game of Bartek's
    assert "2 games still being played" in text_of(client, f"/players/{bartek}")
    page = client.get(f"/games/{second}/delete").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]*)"', page)
    client.post(f"/games/{second}/delete", data={"csrf_token": token[1]} if token else {})
    assert "1 game still being played" in text_of(client, f"/players/{bartek}")
    # an adjustment takes Bartek past 1000 and a hand ends the game: now it counts
    r = client.post(f"/api/games/{first}/hands", json={"adjustment": [0, 900, 0]})
    assert r.status_code == 201, r.json
    hand = {"declarer": 1, "bid": 100, "points": [30, 60, 30], "marriages": []}
    r = client.post(f"/api/games/{first}/hands", json=hand)
    assert r.status_code == 201, r.json
    text = text_of(client, f"/players/{bartek}")
    assert "Games played 1" in text and "Won 1" in text and "Hands declared 2" in text
