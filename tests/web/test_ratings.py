"""The ratings in the app (docs/ratings.md): the ranking page and the player page's chart agree
with `scorekeeper ratings` on the files the app exports; an edited past hand, a deleted game
and a game that ends change them; a player is ranked after RANKED_AFTER rated games."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from scorekeeper import create_app
from scorekeeper.services import ratings
from scorekeeper.services.ratings import RANKED_AFTER
from scorekeeper.store import ratings as stored
from scorekeeper.store.db import db
from scorekeeper.store.memo import memos
from scorekeeper.store.models import Game, Player, RatingCache
from tests.web.helpers import sign_in
from tests.web.test_transfer import imported, zipped


def game(players: list[str], adjust: list[int], deals: int | None = 1) -> dict[str, Any]:
    """A pl-3 game: an adjustment, then one deal where seat 1 bids 100 and makes it: the final
    totals are the adjustment plus [10, 100, 10]; with `deals` None it has not ended."""
    return {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "options": {"deals": deals} if deals else {},
        "players": players,
        "hands": [
            {"adjustment": adjust, "reason": "carried over"},
            {"declarer": 1, "bid": 100, "contract": 100, "points": [10, 100, 10]},
        ],
    }


def post(client: Any, data: dict[str, Any]) -> int:
    r = client.post("/api/games", json=data)
    assert r.status_code == 201, r.get_data(as_text=True)
    return int(r.json["id"])


def ranking(client: Any) -> dict[str, tuple[float, int]]:
    """The ranking page's rows: name -> (the rating's exact value as given, games)."""
    page = client.get("/players/ranking")
    assert page.status_code == 200
    text = html.unescape(page.get_data(as_text=True))
    rows = re.findall(
        r'<th scope="row"><a href="/players/\d+">([^<]+)</a></th>'
        r'<td><data value="([-0-9.]+)">[^<]+</data></td><td>(\d+)</td>',
        text,
    )
    return {name: (float(value), int(games)) for name, value, games in rows}


def cli(tmp_path: Path, files: list[bytes]) -> dict[str, Any]:
    paths = []
    for number, data in enumerate(files):
        path = tmp_path / f"{number:03}.json"
        path.write_bytes(data)
        paths.append(str(path))
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "ratings", *paths], capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def figures(printed: dict[str, Any]) -> dict[str, tuple[float, int]]:
    """What the ranking page shows of the CLI's object: name -> (ordinal, games)."""
    return {r["player"]: (r["ordinal"], r["games"]) for r in printed["ratings"]}


EVENT = {
    "format": "scorekeeper-event/1",
    "name": "Club night",
    "tables": {"3": "pl-3"},
    "options": {"deals": 1},
    "players": ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"],
    "rounds": [
        {
            "tables": [
                {"seats": [0, 1, 2], "hands": game(["a", "b", "c"], [0, 0, 400])["hands"]},
                # closed before its one deal: places by total alone, Darek first
                {
                    "seats": [3, 4, 5],
                    "closed": True,
                    "hands": [{"adjustment": [50, 0, 20], "reason": "penalty"}],
                },
            ]
        },
        # a round whose only table is neither ended nor closed: it does not count
        {"tables": [{"seats": [5, 1, 3], "hands": []}]},
    ],
}


def test_the_ranking_page_agrees_with_the_cli_on_the_exported_files(app, client, tmp_path):
    ids = [
        post(client, game(["Ala", "Bartek", "Celina"], [300, 0, 300])),  # Ala, Celina 1st
        post(client, game(["ala", "Darek", "Celina"], [0, 500, 200])),  # "ala" is Ala
        post(client, game(["Bartek", "Celina", "Darek"], [0, 0, 0], deals=None)),  # not ended
        post(client, game(["Darek", "Bartek", "Ala"], [600, 0, 600])),
    ]
    r = client.post("/api/events", json=EVENT)
    assert r.status_code == 201, r.get_data(as_text=True)
    event = r.json["id"]
    for _ in range(RANKED_AFTER):  # enough games for Ala and Celina to be ranked
        ids.append(post(client, game(["Celina", "Ala", "Ewa"], [200, 0, 100])))
    shown = ranking(client)
    # the app rates its games in the order they ended: the games, then the event's closed
    # round table by table, then the later games; the CLI the files in the order given
    files = [client.get(f"/api/games/{i}/file").get_data() for i in ids[:4]]
    files.append(client.get(f"/api/events/{event}/file").get_data())
    files += [client.get(f"/api/games/{i}/file").get_data() for i in ids[4:]]
    expected = cli(tmp_path, files)["ratings"]
    ranked = [r for r in expected if r["games"] >= RANKED_AFTER]
    assert {r["player"]: (r["ordinal"], r["games"]) for r in ranked} == shown
    assert list(shown) == [r["player"] for r in ranked]
    assert set(shown) == {"Ala", "Celina", "Ewa"}  # Ewa: the event and the last games
    # the others are listed, not ranked, with their rated games
    text = html.unescape(client.get("/players/ranking").get_data(as_text=True))
    unranked = text.split('class="games unranked"')[1]
    for r in expected:
        if r["games"] < RANKED_AFTER:
            assert re.search(
                rf">{r['player']}</span>\s*<span class=\"meta\">{r['games']} rated", unranked
            )
    assert f"ranked after {RANKED_AFTER} rated games" in text


def test_the_player_page_shows_the_rating_after_each_game(app, client, tmp_path):
    ids = [post(client, game(["Ala", "Bartek", "Celina"], [300 * k, 0, 0])) for k in range(3)]
    files = [client.get(f"/api/games/{i}/file").get_data() for i in ids]
    expected = {r["player"]: r for r in cli(tmp_path, files)["ratings"]}
    with app.app_context():
        ala = db.session.execute(db.select(Player.id).where(Player.name == "Ala")).scalar_one()
    page = html.unescape(client.get(f"/players/{ala}").get_data(as_text=True))
    shown = f"{expected['Ala']['ordinal']:.1f}"
    assert f"Rating {shown} after 3 rated games" in page
    assert "Ala: rating after each game" in page and "3 rated games from" in page
    # three points on the line, the last one marked
    points = re.search(
        r'<polyline class="chart-line" points="([^"]+)"', page.split('id="rating-heading"')[1]
    )
    assert points is not None and len(points.group(1).split()) == 3

    # a past game changed: the chart the page made is made again, with the rating now
    r = client.put(f"/api/games/{ids[1]}/hands/1", json={"adjustment": [0, 300, 0]})
    assert r.status_code == 200, r.get_data(as_text=True)
    files[1] = client.get(f"/api/games/{ids[1]}/file").get_data()
    now = {r["player"]: r for r in cli(tmp_path, files)["ratings"]}["Ala"]["ordinal"]
    assert now != expected["Ala"]["ordinal"]
    again = html.unescape(client.get(f"/players/{ala}").get_data(as_text=True))
    assert f"Rating {now:.1f} after 3 rated games" in again
    line = re.search(
        r'<polyline class="chart-line" points="([^"]+)"', again.split('id="rating-heading"')[1]
    )
    assert line is not None and line.group(1) != points.group(1)


def test_an_edited_past_hand_a_deleted_game_and_a_game_that_ends(app, client, tmp_path):
    first = post(client, game(["Ala", "Bartek", "Celina"], [300, 0, 0]))  # Ala first
    ids = [first] + [
        post(client, game(["Ala", "Bartek", "Celina"], [0, 0, 0]))  # Bartek first
        for _ in range(RANKED_AFTER)
    ]
    before = ranking(client)
    assert list(before) == ["Bartek", "Ala", "Celina"]
    # the first game's adjustment edited: Celina won it, not Ala
    r = client.put(
        f"/api/games/{first}/hands/1", json={"adjustment": [0, 0, 300], "reason": "carried over"}
    )
    assert r.status_code == 200, r.get_data(as_text=True)
    after = ranking(client)
    assert after["Celina"][0] > before["Celina"][0] and after["Ala"][0] < before["Ala"][0]
    files = [client.get(f"/api/games/{i}/file").get_data() for i in ids]
    assert after == {
        r["player"]: (r["ordinal"], r["games"]) for r in cli(tmp_path, files)["ratings"]
    }

    # a game of one deal, its adjustment written: not ended, nothing changes
    opened = game(["Celina", "Bartek", "Ala"], [0, 0, 500])
    late = post(client, {**opened, "hands": opened["hands"][:1]})
    assert ranking(client) == after
    with app.app_context():
        (remembered,) = [v for v, _weight in memos().ratings._data.values()]
    # its deal ends it (scoring.md section 4, `deals`): one match more, the others' steps kept
    # as they were (the ratings extended by it, not rated again from the first game)
    r = client.post(f"/api/games/{late}/hands", json=opened["hands"][1])
    assert r.status_code == 201 and r.json["finished"], r.get_data(as_text=True)
    ended = ranking(client)
    assert {n: g for n, (_v, g) in ended.items()} == {n: RANKED_AFTER + 2 for n in after}
    with app.app_context():
        (now,) = [v for v, _weight in memos().ratings._data.values()]
    assert now.games[:-1] == remembered.games and now.games[-1].game_id == late
    for player, steps in remembered.ratings.steps.items():
        assert all(a is b for a, b in zip(steps, now.ratings.steps[player]))
    files.append(client.get(f"/api/games/{late}/file").get_data())
    assert ended == {
        r["player"]: (r["ordinal"], r["games"]) for r in cli(tmp_path, files)["ratings"]
    }

    # the first game deleted: its match goes, the ratings rated again without it
    with app.app_context():
        version = db.session.get(Game, first).version
    r = client.post(f"/games/{first}/delete", data={"version": str(version)})
    assert r.status_code == 302, r.get_data(as_text=True)
    gone = ranking(client)
    assert {n: g for n, (_v, g) in gone.items()} == {n: RANKED_AFTER + 1 for n in after}
    again = cli(tmp_path, files[1:])["ratings"]
    assert gone == figures({"ratings": again})


def test_a_new_worker_reads_the_kept_ratings_and_rates_on_from_them(app, client, tmp_path):
    players = ["Ala", "Bartek", "Celina"]
    ids = [post(client, game(players, [0, 0, 300 * k])) for k in range(RANKED_AFTER)]
    first = ranking(client)  # made, and kept as the account's cache row by a thread
    assert list(first) == ["Celina", "Bartek", "Ala"]
    ratings.settle()  # the page did not wait for the row
    with app.app_context():
        kept = db.session.execute(db.select(RatingCache)).scalar_one()
        assert len(kept.data["games"]) == RANKED_AFTER

    def worker() -> Any:
        """A new app on the same database: a worker that remembers nothing."""
        fresh = create_app(dict(app.config))
        phone = fresh.test_client()
        sign_in(phone)
        return fresh, phone

    # nothing changed: the row is read, no game rated again
    fresh, phone = worker()
    made = stored._made
    try:
        stored._made = lambda *a: (_ for _ in ()).throw(AssertionError("rated again"))  # type: ignore[assignment]
        assert ranking(phone) == first
    finally:
        stored._made = made  # type: ignore[assignment]
    with fresh.app_context():
        db.engine.dispose()

    # a past game edited since the row was kept: rated on from the row, as from scratch
    r = client.put(f"/api/games/{ids[1]}/hands/1", json={"adjustment": [400, 0, 0], "reason": "r"})
    assert r.status_code == 200
    with app.app_context():  # the first worker's copy forgotten too: only the row is left
        memos().ratings._data.clear()
        memos().ratings.held = 0
    fresh, phone = worker()
    files = [client.get(f"/api/games/{i}/file").get_data() for i in ids]
    assert ranking(phone) == figures(cli(tmp_path, files)) != first
    with fresh.app_context():
        db.engine.dispose()


def test_an_import_rates_the_account_off_the_request_path(app, client, tmp_path):
    files = {
        f"{k}.json": json.dumps(game(["Ala", "Bartek", "Celina"], [0, 300 * k, 0])).encode()
        for k in range(RANKED_AFTER)
    }
    imported(app, client, "games.zip", zipped(files))
    # the import's worker made and kept the ratings: no page has asked for them yet
    with app.app_context():
        kept = db.session.execute(db.select(RatingCache)).scalar_one()
        assert len(kept.data["games"]) == RANKED_AFTER
        memos().ratings._data.clear()
        memos().ratings.held = 0
    made = stored._made
    try:  # the page reads the row: nothing rated again
        stored._made = lambda *a: (_ for _ in ()).throw(AssertionError("rated again"))  # type: ignore[assignment]
        shown = ranking(client)
    finally:
        stored._made = made  # type: ignore[assignment]
    assert shown == figures(cli(tmp_path, list(files.values())))


def test_many_games_to_rate_again_are_rated_off_the_request_path(
    app, client, tmp_path, monkeypatch
):
    monkeypatch.setattr(ratings, "ON_A_PAGE", 2)  # 10,000 games, in small
    players = ["Ala", "Bartek", "Celina"]
    ids = [post(client, game(players, [0, 0, 0])) for _ in range(RANKED_AFTER)]
    # the ratings made from nothing: 5 games at once, more than 2, rated by a thread
    assert ranking(client) == {}
    ratings.settle()
    before = ranking(client)
    assert list(before) == ["Bartek", "Ala", "Celina"]
    # the first game edited: 5 games to rate again, more than a page rates itself
    r = client.put(f"/api/games/{ids[0]}/hands/1", json={"adjustment": [500, 0, 0], "reason": "r"})
    assert r.status_code == 200
    page = html.unescape(client.get("/players/ranking").get_data(as_text=True))
    assert "The ratings are being worked out again" in page
    ratings.settle()
    after = ranking(client)
    files = [client.get(f"/api/games/{i}/file").get_data() for i in ids]
    assert after == figures(cli(tmp_path, files)) != before
    page = html.unescape(client.get("/players/ranking").get_data(as_text=True))
    assert "being worked out" not in page
