"""The trail: every edit and delete leaves who, when, before, after and why; deletes restore."""

from __future__ import annotations

from .helpers import edit_first, hand, new_game, totals, version_token


def test_an_edit_shows_before_after_and_why(client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    assert edit_first(client, game, change_reason="wrong declarer").status_code == 302
    page = client.get(f"{game}/hands/1").get_data(as_text=True)
    assert "Changed 1 time" in page and "wrong declarer" in page
    assert "by tester" in page  # who: the signed-in account
    assert "before: Bartek 100, points 10 / 100 / 10" in page
    assert "after: Ala 100, points 100 / 10 / 10" in page
    assert 'class="chip">changed' in client.get(game).get_data(as_text=True)


def test_saving_an_unchanged_hand_leaves_no_trace(client):
    game = new_game(client)
    assert hand(client, game, [100, 10, 10], declarer=0, bid=100, dealer="2").status_code == 302
    edit_first(client, game)
    assert "Changed" not in client.get(f"{game}/hands/1").get_data(as_text=True)


def test_a_deleted_hand_is_restored_with_its_totals(client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    hand(client, game, [20, 0, 100], declarer=2, bid=100)
    data = version_token(client, f"{game}/hands/1/delete")
    client.post(f"{game}/hands/1/delete", data={**data, "change_reason": "misdeal"})
    assert totals(client, game) == [20, 0, 100]
    board = client.get(game).get_data(as_text=True)
    assert "Deleted" in board and "misdeal" in board and "Restore line 1" in board
    assert "deleted by tester" in board
    rev = board.split("/restore/")[1].split('"')[0]
    r = client.post(f"{game}/restore/{rev}", data=version_token(client, game))
    assert r.status_code == 302
    assert totals(client, game) == [30, 100, 110]
    board = client.get(game).get_data(as_text=True)
    assert "Restore line" not in board
    # restoring twice is not possible
    assert client.post(f"{game}/restore/{rev}", data=version_token(client, game)).status_code == 404


def test_a_restore_that_no_longer_fits_changes_nothing(client):
    game = new_game(client, "ru-2", ("Oleg", "Nata"), opt_give_up="on", opt_give_up_limit="1")
    hand(client, game, [], declarer=0, bid=100, give_up="y")
    data = version_token(client, f"{game}/hands/1/delete")
    client.post(f"{game}/hands/1/delete", data=data)
    hand(client, game, [], declarer=0, bid=80, give_up="y")
    assert totals(client, game) == [-80, 60]
    board = client.get(game).get_data(as_text=True)
    rev = board.split("/restore/")[1].split('"')[0]
    r = client.post(
        f"{game}/restore/{rev}", data=version_token(client, game), follow_redirects=True
    )
    assert "cannot come back" in r.get_data(as_text=True)
    assert totals(client, game) == [-80, 60]


def test_the_trail_is_part_of_the_export(client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    edit_first(client, game, change_reason="wrong declarer")
    gid = game.rsplit("/", 1)[1]
    exported = client.get(f"/api/games/{gid}/file").json
    assert [t["action"] for t in exported["trail"]] == ["edit"]
    assert exported["trail"][0]["reason"] == "wrong declarer"
    assert exported["trail"][0]["who"] == "tester"
    again = client.post("/api/games", json=exported).json["id"]
    assert client.get(f"/api/games/{again}/file").json["trail"] == exported["trail"]


def test_a_trail_time_with_an_offset_is_stored_in_utc_and_one_past_the_calendar_is_dropped(
    client,
):
    """The API's game file with trail times written with offsets: stored as UTC on both
    databases alike, and a time whose UTC falls before year 1 (PostgreSQL stored it, then
    every export of the game was a 500) is no time at all."""
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    edit_first(client, game, change_reason="wrong declarer")
    gid = game.rsplit("/", 1)[1]
    exported = client.get(f"/api/games/{gid}/file").json
    change = exported["trail"][0]
    exported["trail"] = [
        {**change, "at": "2026-05-01T10:00:00+02:00"},
        {**change, "at": "0001-01-01T00:00:00+05:00"},
    ]
    again = client.post("/api/games", json=exported).json["id"]
    r = client.get(f"/api/games/{again}/file")
    assert r.status_code == 200
    times = [t["at"] for t in r.json["trail"]]
    assert times[0].startswith("2026-05-01T08:00")
    assert not times[1].startswith("0001")  # the import's own time stands in
    assert client.get(f"/games/{again}/export.json").status_code == 200


def test_a_hand_logged_after_an_undo_has_no_history_of_its_own(client):
    """Undo removes the last line; the hand logged next is a new line with no history (SQLite
    reused the removed row's id, so the new hand showed the undone line's delete)."""
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    client.post(f"{game}/undo", data=version_token(client, game))
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    page = client.get(f"{game}/hands/1").get_data(as_text=True)
    assert "Changed 1 time" not in page and "undo" not in page


def test_a_change_and_a_delete_through_the_api_keep_their_reason(client):
    """`?reason=` on PUT and DELETE (the offline outbox sends the one typed on the phone): in
    the trail as the pages' own; one too long is a 400 that changes nothing."""
    game = new_game(client)
    api = game.replace("/games/", "/api/games/")
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    hand(client, game, [20, 0, 100], declarer=2, bid=100)
    changed = {"declarer": 1, "bid": 110, "points": [10, 110, 0]}  # Bartek bid on
    long = "x" * 501
    refused = client.put(f"{api}/hands/1?reason={long}", json=changed)
    assert refused.status_code == 400
    assert refused.get_json()["errors"] == ["reason: at most 500 characters, got 501"]
    assert client.delete(f"{api}/hands/2?reason={long}").status_code == 400
    assert totals(client, game) == [30, 100, 110]
    assert client.put(f"{api}/hands/1?reason=he+bid+110", json=changed).status_code == 200
    assert "he bid 110" in client.get(f"{game}/hands/1").get_data(as_text=True)
    key = {"Idempotency-Key": "delete-2"}
    assert client.delete(f"{api}/hands/2?reason=dealt%20twice", headers=key).status_code == 200
    board = client.get(game).get_data(as_text=True)
    assert "Deleted" in board and "dealt twice" in board
    # the same key with another reason asks for something else: refused, nothing more deleted
    assert client.delete(f"{api}/hands/1?reason=other", headers=key).status_code == 422
    assert totals(client, game) == [10, 110, 0]
