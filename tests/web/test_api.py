"""The JSON API: import, read, add a hand, export; the export imports back to the same tally."""

from __future__ import annotations

import json
from pathlib import Path

from .helpers import stored_lines

EXAMPLE = json.loads((Path(__file__).parents[2] / "scorekeeper/examples/pl-3.json").read_text())


def test_round_trip(app, client):
    r = client.post("/api/games", json=EXAMPLE)
    assert r.status_code == 201 and r.headers["Location"].endswith(f"/api/games/{r.json['id']}")
    game = client.get(r.headers["Location"]).json
    assert game["id"] == r.json["id"] and game["variant"] == "pl-3"
    added = client.post(
        f"/api/games/{game['id']}/hands", json={"declarer": 0, "bid": 100, "points": [100, 10, 10]}
    )
    assert added.status_code == 201
    assert added.json["totals"] == [t + s for t, s in zip(game["totals"], [100, 10, 10])]
    exported = client.get(f"/api/games/{game['id']}/file").json
    again = client.post("/api/games", json=exported)
    assert client.get(f"/api/games/{again.json['id']}").json["totals"] == added.json["totals"]
    assert client.get(f"/api/games/{again.json['id']}").json["hands"] == added.json["hands"]


def test_invalid_file_is_400_and_stores_nothing(app, client):
    bad = {
        **EXAMPLE,
        "hands": [*EXAMPLE["hands"], {"declarer": 0, "bid": 100, "points": [100, 10, 8]}],
    }
    r = client.post("/api/games", json=bad)
    assert r.status_code == 400
    assert r.json["errors"] == [
        f"hand {len(bad['hands'])}: card points must add up to 120, got 118"
    ]
    assert client.post("/api/games", data="nope").status_code == 400
    with app.app_context():
        assert stored_lines() == 0


def test_bad_hand_is_400(client):
    gid = client.post("/api/games", json=EXAMPLE).json["id"]
    r = client.post(
        f"/api/games/{gid}/hands", json={"declarer": 0, "bid": 105, "points": [100, 10, 10]}
    )
    assert r.status_code == 400 and r.json["errors"][0].startswith("hand 7: the bid must")
    assert client.get("/api/games/999").status_code == 404


def test_idempotency_key_makes_a_retry_safe(app, client):
    first = client.post("/api/games", json=EXAMPLE).json["id"]
    second = client.post("/api/games", json=EXAMPLE).json["id"]
    hand = {"declarer": 0, "bid": 100, "points": [100, 10, 10]}
    key = {"Idempotency-Key": "retry-1"}
    a = client.post(f"/api/games/{first}/hands", json=hand, headers=key)
    b = client.post(f"/api/games/{first}/hands", json=hand, headers=key)
    assert a.status_code == b.status_code == 201 and a.json == b.json
    # the same key on another game is another request
    c = client.post(f"/api/games/{second}/hands", json=hand, headers=key)
    assert c.status_code == 201
    n = len(EXAMPLE["hands"])
    assert len(client.get(f"/api/games/{first}").json["hands"]) == n + 1
    assert len(client.get(f"/api/games/{second}").json["hands"]) == n + 1


def test_a_body_that_is_not_a_json_object_is_a_json_400(app, client):
    gid = client.post("/api/games", json=EXAMPLE).json["id"]
    deep = "[" * 100_000 + "]" * 100_000  # the parser's own recursion gives up on this
    nested = json.dumps(
        {"declarer": 0, "points": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}
    )
    cases = {
        deep: "nested deeper than 32 levels",
        nested: "nested deeper than 32 levels",
        "{'declarer': 0}": "the body is not JSON",
        b"\xff\xfe{": "the body is not JSON",
        "[1, 2]": "the body must be a JSON object",
        "null": "the body must be a JSON object",
    }
    for body, message in cases.items():
        for url in (f"/api/games/{gid}/hands", "/api/games"):
            r = client.post(url, data=body, content_type="application/json")
            assert r.status_code == 400 and r.is_json, (url, body[:20])
            if url.endswith("hands") or "deeper" in message or "not JSON" in message:
                assert message in r.json["errors"][0]
    r = client.post(f"/api/games/{gid}/hands", data="declarer=0", content_type="text/plain")
    assert r.status_code == 400 and "Content-Type: application/json" in r.json["errors"][0]
    with app.app_context():
        assert stored_lines() == len(EXAMPLE["hands"])


def test_every_error_of_a_hand_post_is_json(app, client):
    gid = client.post("/api/games", json=EXAMPLE).json["id"]
    app.config["MAX_CONTENT_LENGTH"] = 1000
    r = client.post(f"/api/games/{gid}/hands", data=" " * 2000, content_type="application/json")
    assert r.status_code == 413 and r.is_json and r.json["errors"]
    assert client.post("/api/games/999/hands", json={}).json == {"errors": ["not found"]}
    anon = app.test_client()
    r = anon.post(f"/api/games/{gid}/hands", json={})
    assert r.status_code == 401 and r.is_json


def test_a_write_that_clashes_all_the_same_is_a_409_with_the_game(app, client, monkeypatch):
    """Appends queue up behind the game's lock; should one clash anyway, the client gets the
    game as it is now to try again from, in JSON."""
    from scorekeeper import services

    gid = client.post("/api/games", json=EXAMPLE).json["id"]

    def clash(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise services.Conflict()

    monkeypatch.setattr(services, "add_line", clash)
    r = client.post(
        f"/api/games/{gid}/hands", json={"declarer": 0, "bid": 100, "points": [100, 10, 10]}
    )
    assert r.status_code == 409 and r.json["errors"] == [
        "the game changed meanwhile; read it and try again"
    ]
    assert r.json["totals"] == client.get(f"/api/games/{gid}").json["totals"]


def test_a_write_may_ask_for_the_line_number_alone(client):
    """Prefer: return=minimal: the line's number and the game's version, not the whole game
    (a replay answers the same way); without it, the whole score output as before."""
    gid = client.post("/api/games", json=EXAMPLE).json["id"]
    hand = {"declarer": 0, "bid": 100, "points": [100, 10, 10]}
    minimal = {"Prefer": "respond-async, return=minimal", "Idempotency-Key": "short-1"}
    a = client.post(f"/api/games/{gid}/hands", json=hand, headers=minimal)
    n = len(EXAMPLE["hands"])
    assert a.status_code == 201 and a.json == {
        "id": gid,
        "version": a.json["version"],
        "hand": n + 1,
    }
    assert a.headers["ETag"] == f'"v{a.json["version"]}"'
    assert a.headers["Preference-Applied"] == "return=minimal"
    again = client.post(f"/api/games/{gid}/hands", json=hand, headers=minimal)
    assert again.json == a.json and again.headers["Idempotent-Replayed"] == "true"
    changed = client.put(
        f"/api/games/{gid}/hands/{n + 1}", json=hand, headers={"Prefer": "return=minimal"}
    )
    assert changed.status_code == 200 and set(changed.json) == {"id", "version", "hand"}
    # hand 8: Bartek is on the musik; he plays it at 100
    full = client.post(
        f"/api/games/{gid}/hands", json={"declarer": 1, "bid": 100, "points": [10, 100, 10]}
    )
    assert full.json["hand"] == n + 2 and len(full.json["hands"]) == n + 2
    assert "Preference-Applied" not in full.headers


def test_a_game_whose_deal_a_delete_moved_reads_back_with_its_score(client):
    # Celina won hand 2 at 100 as the opener after Bartek's deal; hand 1 deleted, her hand
    # is the first, dealt by Ala, where Bartek opens. A stored line keeps its score (a change
    # checks what a real deal allows only on the line entered): the API reads the game as its
    # page does. It answered 500 (found by tests/web/test_fuzz.py).
    game = {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "players": ["Ala", "Bartek", "Celina"],
        "hands": [
            {"declarer": 1, "bid": 100, "points": [10, 100, 10]},
            {"declarer": 2, "bid": 100, "points": [10, 10, 100]},
        ],
    }
    url = f"/api/games/{client.post('/api/games', json=game).get_json()['id']}"
    assert client.delete(f"{url}/hands/1").status_code == 200
    read = client.get(url)
    assert read.status_code == 200, read.get_data(as_text=True)
    assert read.get_json()["totals"] == [10, 10, 100]
    assert client.get(url[4:]).status_code == 200  # the page, as before
    added = client.post(f"{url}/hands", json={"declarer": 2, "bid": 100, "points": [10, 10, 100]})
    assert added.status_code == 201 and added.get_json()["totals"] == [20, 20, 200]
