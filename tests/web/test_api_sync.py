"""The API for a phone that logged hands offline and sends them later: every game answer
carries the game's version (ETag and `version`), a write with If-Match is refused with 412 and
the game as it is now when another phone wrote since, a line is replaced (PUT) or deleted
(DELETE), and any write tried again with its Idempotency-Key answers as the first try did."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import quote

import pytest

from scorekeeper.store.db import db
from scorekeeper.store.models import Account, Game, Revision
from tests.conftest import signed_up

from .helpers import sign_in, stored_lines
from .test_concurrency import _at_once, _hand

START = {"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["Ala", "Bartek", "Celina"]}


def _game(client: Any, hands: int = 0) -> int:
    """A new game with `hands` of the 110-and-failed hands (valid at any place in it)."""
    gid = client.post("/api/games", json=START).json["id"]
    for i in range(hands):
        assert client.post(f"/api/games/{gid}/hands", json=_hand(i)).status_code == 201
    return int(gid)


def _hands(client: Any, gid: int) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = client.get(f"/api/games/{gid}/file").json["hands"]
    return hands


def _version(client: Any, gid: int) -> int:
    version: int = client.get(f"/api/games/{gid}").json["version"]
    return version


def _match(version: int) -> dict[str, str]:
    return {"If-Match": f'"v{version}"'}


def test_every_game_answer_carries_the_games_version(app, client):
    made = client.post("/api/games", json=START)
    gid = made.json["id"]
    assert made.status_code == 201 and made.json["version"] == 1 and made.headers["ETag"] == '"v1"'
    game = client.get(f"/api/games/{gid}")
    assert game.json["version"] == 1 and game.headers["ETag"] == '"v1"'
    assert "no-cache" in game.headers["Cache-Control"]
    file = client.get(f"/api/games/{gid}/file")
    assert file.headers["ETag"] == '"v1"'
    assert "version" not in file.json  # a game file: it imports back as it is
    assert client.post("/api/games", json=file.json).status_code == 201

    added = client.post(f"/api/games/{gid}/hands", json=_hand(0))
    assert added.json["version"] == 2 and added.headers["ETag"] == '"v2"'
    for url in (f"/api/games/{gid}", f"/api/games/{gid}/file"):
        assert client.get(url).headers["ETag"] == '"v2"'
        for same in ('"v2"', 'W/"v2"', '"v1", "v2"', "*"):
            r = client.get(url, headers={"If-None-Match": same})
            assert r.status_code == 304 and r.headers["ETag"] == '"v2"' and r.data == b""
        for other in ('"v1"', '"v20"', "nonsense,,", '"' * 3000):
            r = client.get(url, headers={"If-None-Match": other})
            assert r.status_code == 200 and r.headers["ETag"] == '"v2"', other

    # a new name is a new version too: a copy kept with If-None-Match never shows the old one
    from scorekeeper.services import players
    from scorekeeper.store.models import Player

    with app.app_context():
        players.rename(
            db.session.execute(db.select(Player).filter_by(name="Ala")).scalar_one(), "Ola"
        )
    r = client.get(f"/api/games/{gid}", headers={"If-None-Match": '"v2"'})
    assert r.status_code == 200 and r.json["players"][0] == "Ola" and r.json["version"] == 3


def test_a_write_from_an_old_version_is_a_412_with_the_game_as_it_is_now(app, client):
    gid = _game(client, 2)
    seen = _version(client, gid)  # phone A reads the game, then loses its connection
    other = app.test_client()
    sign_in(other)  # phone B, signed in to the same account, logs a hand meanwhile
    assert other.post(f"/api/games/{gid}/hands", json=_hand(2)).status_code == 201

    writes = [
        ("POST", f"/api/games/{gid}/hands", _hand(3)),
        ("PUT", f"/api/games/{gid}/hands/1", _hand(4)),
        ("DELETE", f"/api/games/{gid}/hands/1", None),
    ]
    for method, url, body in writes:
        r = client.open(url, method=method, json=body, headers=_match(seen))
        assert r.status_code == 412, (method, r.json)
        assert r.json["conflict"] is True and r.json["version"] == seen + 1
        assert r.headers["ETag"] == f'"v{seen + 1}"'
        assert r.json["file"] == client.get(f"/api/games/{gid}/file").json
        now = client.get(f"/api/games/{gid}").json
        assert {k: r.json[k] for k in now} == now  # the scored game, as a GET gives it
        assert "another phone wrote" in r.json["errors"][0]
    assert _hands(client, gid) == [_hand(0), _hand(1), _hand(2)]  # nothing of A's stored

    # from the version it was told, A's hand goes in; without If-Match, writes are as before
    r = client.post(f"/api/games/{gid}/hands", json=_hand(3), headers=_match(seen + 1))
    assert r.status_code == 201 and r.json["hand"] == 4 and r.json["version"] == seen + 2
    assert client.post(f"/api/games/{gid}/hands", json=_hand(4)).status_code == 201
    # a list of tags holding the game's version, a tag a proxy weakened, and * all match
    for weak in (False, True):
        v = _version(client, gid)
        tags = f'W/"v{v}"' if weak else f'"v1", "v{v}"'
        r = client.put(f"/api/games/{gid}/hands/5", json=_hand(5), headers={"If-Match": tags})
        assert r.status_code == 200 and r.json["hand"] == 5
        r = client.put(f"/api/games/{gid}/hands/5", json=_hand(4), headers={"If-Match": tags})
        assert r.status_code == 412
        client.put(f"/api/games/{gid}/hands/5", json=_hand(4))
    r = client.put(f"/api/games/{gid}/hands/5", json=_hand(6), headers={"If-Match": "*"})
    assert r.status_code == 200


def test_a_retried_post_whose_first_try_was_stored_is_a_replay_not_a_conflict(app, client):
    gid = _game(client, 1)
    seen = _version(client, gid)
    headers = {**_match(seen), "Idempotency-Key": "phone-a/hand-2"}
    first = client.post(f"/api/games/{gid}/hands", json=_hand(1), headers=headers)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    # the answer was lost on the way; the phone sends it again, with its old If-Match
    again = client.post(f"/api/games/{gid}/hands", json=_hand(1), headers=headers)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json and again.headers["ETag"] == first.headers["ETag"]
    assert _hands(client, gid) == [_hand(0), _hand(1)]
    # the same key sent with another hand is refused, whatever its If-Match
    r = client.post(f"/api/games/{gid}/hands", json=_hand(2), headers=headers)
    assert r.status_code == 422 and "already used" in r.json["errors"][0]


def test_put_replaces_a_line_as_the_edit_page_does(app, client):
    gid = _game(client, 3)
    before = client.get(f"/api/games/{gid}").json
    r = client.put(f"/api/games/{gid}/hands/2", json=_hand(7), headers=_match(before["version"]))
    assert r.status_code == 200 and r.json["hand"] == 2
    assert r.json["version"] == before["version"] + 1
    assert r.headers["ETag"] == f'"v{before["version"] + 1}"'
    assert _hands(client, gid) == [_hand(0), _hand(7), _hand(2)]
    assert r.json["totals"] == client.get(f"/api/games/{gid}").json["totals"] != before["totals"]
    # an adjustment may take a hand's place (its kind is the body's)
    adjustment = {"adjustment": [10, 0, -10], "reason": "agreed"}
    assert client.put(f"/api/games/{gid}/hands/3", json=adjustment).status_code == 200
    assert _hands(client, gid)[2] == adjustment
    # the trail records the change and who made it, as for the edit page
    with app.app_context():
        edits = db.session.execute(db.select(Revision).filter_by(action="edit")).scalars().all()
        assert [(e.position, e.who, e.after) for e in edits] == [
            (2, "tester", _hand(7)),
            (3, "tester", adjustment),
        ]


def test_a_bad_line_is_a_400_with_every_problem_at_its_field(app, client):
    gid = _game(client, 2)
    bad = {"declarer": 0, "bid": 105, "points": [100, 10, 8]}
    for method, url in (("POST", f"/api/games/{gid}/hands"), ("PUT", f"/api/games/{gid}/hands/2")):
        r = client.open(url, method=method, json=bad)
        assert r.status_code == 400, method
        number = 3 if method == "POST" else 2
        assert len(r.json["errors"]) == len(r.json["problems"]) >= 2
        assert all(e.startswith(f"hand {number}: ") for e in r.json["errors"])
        fields = {(p["hand"], p["field"]) for p in r.json["problems"]}
        assert {(number, "bid"), (number, "points")} <= fields
        assert all({"hand", "field", "seat", "text"} <= set(p) for p in r.json["problems"])
        points = next(p for p in r.json["problems"] if p["field"] == "points")
        assert points["text"] == "card points must add up to 120, got 118"
    # a malformed value: the problem names the seat-list field
    r = client.put(f"/api/games/{gid}/hands/1", json={"declarer": "Ala", "points": "x"})
    assert r.status_code == 400
    assert {p["field"] for p in r.json["problems"]} == {"declarer", "points"}
    # the text is in the reader's language; `errors` stay English
    r = client.put(f"/api/games/{gid}/hands/2", json=bad, headers={"Accept-Language": "pl"})
    points = next(p for p in r.json["problems"] if p["field"] == "points")
    assert points["text"] != "card points must add up to 120, got 118"
    assert "hand 2: card points must add up to 120, got 118" in r.json["errors"]
    # a bad game file too
    r = client.post("/api/games", json={**START, "hands": [bad]})
    assert r.status_code == 400 and r.json["problems"][0]["hand"] == 1
    assert _hands(client, gid) == [_hand(0), _hand(1)]


def test_delete_takes_a_line_out_and_the_later_ones_move_up(app, client):
    gid = _game(client, 4)
    r = client.delete(f"/api/games/{gid}/hands/2", headers=_match(_version(client, gid)))
    assert r.status_code == 200 and r.json["hand"] == 2 and len(r.json["hands"]) == 3
    assert r.headers["ETag"] == f'"v{r.json["version"]}"'
    assert _hands(client, gid) == [_hand(0), _hand(2), _hand(3)]
    with app.app_context():  # the trail keeps it, to restore from the score page
        deleted = db.session.execute(db.select(Revision).filter_by(action="delete")).scalar_one()
        assert (deleted.position, deleted.before, deleted.who) == (2, _hand(1), "tester")


def test_a_retried_delete_answers_as_the_first_and_leaves_the_next_line(app, client):
    gid = _game(client, 4)
    key = {"Idempotency-Key": "phone-a/delete-2"}
    first = client.delete(f"/api/games/{gid}/hands/2", headers=key)
    again = client.delete(f"/api/games/{gid}/hands/2", headers=key)
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json
    assert _hands(client, gid) == [_hand(0), _hand(2), _hand(3)]
    # even after another phone wrote: the retry, with its old If-Match, changes nothing
    seen = first.json["version"] - 1
    client.post(f"/api/games/{gid}/hands", json=_hand(4))
    late = client.delete(f"/api/games/{gid}/hands/2", headers={**key, **_match(seen)})
    assert late.status_code == 200 and late.headers["Idempotent-Replayed"] == "true"
    assert late.json["hand"] == 2 and len(late.json["hands"]) == 4
    assert _hands(client, gid) == [_hand(0), _hand(2), _hand(3), _hand(4)]
    # the same key for another line is another request
    r = client.delete(f"/api/games/{gid}/hands/3", headers=key)
    assert r.status_code == 422 and "line 2" in r.json["errors"][0]
    # without a key, a retry with If-Match is answered as done (the one write since was it)
    v = _version(client, gid)
    a = client.delete(f"/api/games/{gid}/hands/4", headers=_match(v))
    b = client.delete(f"/api/games/{gid}/hands/4", headers=_match(v))
    assert (a.status_code, b.status_code) == (200, 200)
    assert b.headers["Idempotent-Replayed"] == "true"
    assert _hands(client, gid) == [_hand(0), _hand(2), _hand(3)]


def test_a_retried_put_changes_nothing_the_second_time(app, client):
    gid = _game(client, 3)
    key = {"Idempotency-Key": "phone-a/edit-1"}
    first = client.put(f"/api/games/{gid}/hands/1", json=_hand(5), headers=key)
    assert first.status_code == 200
    # another phone corrects hand 1 again; the retry must not undo that correction
    client.put(f"/api/games/{gid}/hands/1", json=_hand(6))
    again = client.put(f"/api/games/{gid}/hands/1", json=_hand(5), headers=key)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json["hand"] == 1
    assert _hands(client, gid)[0] == _hand(6)
    # the same key with another hand, or for another line, is refused
    for url, body in (
        (f"/api/games/{gid}/hands/1", _hand(7)),
        (f"/api/games/{gid}/hands/2", _hand(5)),
    ):
        r = client.put(url, json=body, headers=key)
        assert r.status_code == 422 and "nothing was stored" in r.json["errors"][0]
    assert _hands(client, gid) == [_hand(6), _hand(1), _hand(2)]


def test_a_key_is_one_request_whatever_its_method(app, client):
    gid = _game(client, 3)
    client.post(f"/api/games/{gid}/hands", json=_hand(3), headers={"Idempotency-Key": "k1"})
    client.put(f"/api/games/{gid}/hands/1", json=_hand(5), headers={"Idempotency-Key": "k2"})
    tries = [
        ("PUT", "/hands/2", _hand(6), "k1"),
        ("DELETE", "/hands/2", None, "k1"),
        ("POST", "/hands", _hand(6), "k2"),
        ("DELETE", "/hands/1", None, "k2"),
    ]
    for method, path, body, key in tries:
        r = client.open(
            f"/api/games/{gid}{path}", method=method, json=body, headers={"Idempotency-Key": key}
        )
        assert r.status_code == 422, (method, key)
    assert _hands(client, gid) == [_hand(5), _hand(1), _hand(2), _hand(3)]


def test_a_line_that_is_not_there_is_a_404(app, client):
    gid = _game(client, 2)
    for number in (0, 3, 99, 2**31 - 1):
        for method in ("PUT", "DELETE"):
            r = client.open(
                f"/api/games/{gid}/hands/{number}",
                method=method,
                json=_hand(0) if method == "PUT" else None,
            )
            assert r.status_code == 404 and r.is_json, (method, number)
            assert f"no line {number}" in r.json["errors"][0]
    for path in ("2147483648", "-1", "1.5", "x", "9" * 400):
        r = client.put(f"/api/games/{gid}/hands/{path}", json=_hand(0))
        assert r.status_code == 404 and r.is_json, path
    assert client.put("/api/games/999/hands/1", json=_hand(0)).status_code == 404
    assert client.get(f"/api/games/{gid}/hands/1").status_code == 405
    other = signed_up(app, "neighbour")  # another account's game does not exist for it
    assert other.delete(f"/api/games/{gid}/hands/1").status_code == 404
    assert _hands(client, gid) == [_hand(0), _hand(1)]


def test_an_abandoned_game_takes_corrections_but_no_new_line(app, client):
    from scorekeeper.services import lifecycle

    gid = _game(client, 2)
    with app.app_context():
        lifecycle.abandon(db.session.get(Game, gid))
    r = client.post(f"/api/games/{gid}/hands", json=_hand(2))
    assert r.status_code == 409 and "abandoned" in r.json["errors"][0]
    # as on the pages (docs/table.md): edit and delete of a line still work
    assert client.put(f"/api/games/{gid}/hands/1", json=_hand(3)).status_code == 200
    assert client.delete(f"/api/games/{gid}/hands/2").status_code == 200
    assert _hands(client, gid) == [_hand(3)]


def test_a_new_game_sent_again_with_its_key_is_the_same_game(app, client):
    key = {"Idempotency-Key": "phone-a/new-game-1"}
    first = client.post("/api/games", json=START, headers=key)
    again = client.post("/api/games", json=START, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    assert again.headers["Location"] == first.headers["Location"]
    assert "Idempotent-Replayed" not in first.headers
    # the same file spelt another way is the same request
    spelt = json.loads(json.dumps(START, indent=2))
    assert client.post("/api/games", json=spelt, headers=key).json["id"] == first.json["id"]
    other = client.post("/api/games", json={**START, "first_dealer": 1}, headers=key)
    assert other.status_code == 422 and f"game {first.json['id']}" in other.json["errors"][0]
    # keys are the account's: another account's same key makes its own game
    neighbour = signed_up(app, "neighbour")
    theirs = neighbour.post("/api/games", json=START, headers=key)
    assert theirs.status_code == 201 and theirs.json["id"] != first.json["id"]
    with app.app_context():
        assert len(db.session.execute(db.select(Game)).scalars().all()) == 2
    # a game key is not a line key: in the game it made, it is free for a hand
    r = client.post(f"/api/games/{first.json['id']}/hands", json=_hand(0), headers=key)
    assert r.status_code == 201


BAD_IF_MATCH = [
    "v3",
    '"3"',
    '"v"',
    '"v-1"',
    "W/v3",
    "",
    " ",
    '"v3",',
    '"v3" "v4"',
    "'v3'",
    '"v' + "9" * 19 + '"',
    '"v' + "9" * 5000 + '"',
    ", ".join(['"v3"'] * 200),
]
BAD_KEYS = ["", "x" * 201, "é", "key\x7f", "tab\there"]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_a_bad_header_is_a_400_and_nothing_is_stored(app, client, method):
    gid = _game(client, 2)
    url = f"/api/games/{gid}/hands" + ("" if method == "POST" else "/1")
    body = _hand(5) if method != "DELETE" else None
    for tag in BAD_IF_MATCH:
        r = client.open(url, method=method, json=body, headers={"If-Match": tag})
        assert r.status_code == 400 and r.is_json, tag[:30]
        assert "If-Match" in r.json["errors"][0]
    for key in BAD_KEYS:
        r = client.open(url, method=method, json=body, headers={"Idempotency-Key": key})
        assert r.status_code == 400 and "Idempotency-Key" in r.json["errors"][0], key
    if method != "DELETE":
        for data in ("nope", "[1]", "{"):
            r = client.open(url, method=method, data=data, content_type="application/json")
            assert r.status_code == 400 and r.is_json
    for key in BAD_KEYS:
        r = client.post("/api/games", json=START, headers={"Idempotency-Key": key})
        assert r.status_code == 400 and "Idempotency-Key" in r.json["errors"][0], key
    with app.app_context():
        assert stored_lines() == 2
        assert len(db.session.execute(db.select(Game)).scalars().all()) == 1


def test_one_keyed_write_sent_ten_times_at_once_is_done_once(app):
    phones = [signed_up(app)]
    for _ in range(9):
        phone = app.test_client()
        sign_in(phone)
        phones.append(phone)
    gid = _game(phones[0], 4)
    key = {"Idempotency-Key": "phone-a/delete-1"}
    answers = _at_once(
        [lambda p=p: p.delete(f"/api/games/{gid}/hands/1", headers=key) for p in phones]
    )
    assert [(r.status_code, r.json["hand"]) for r in answers] == [(200, 1)] * 10
    assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in answers) == 9
    assert _hands(phones[0], gid) == [_hand(1), _hand(2), _hand(3)]

    key = {"Idempotency-Key": "phone-a/edit-1"}
    answers = _at_once(
        [lambda p=p: p.put(f"/api/games/{gid}/hands/1", json=_hand(9), headers=key) for p in phones]
    )
    assert [r.status_code for r in answers] == [200] * 10
    assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in answers) == 9

    key = {"Idempotency-Key": "phone-a/game-2"}
    answers = _at_once([lambda p=p: p.post("/api/games", json=START, headers=key) for p in phones])
    assert [r.status_code for r in answers] == [201] * 10
    assert len({r.json["id"] for r in answers}) == 1
    with app.app_context():
        assert len(db.session.execute(db.select(Game)).scalars().all()) == 2


def test_hostile_writes_of_lines_get_a_4xx_and_store_nothing(app, client):
    """POST, PUT and DELETE of lines with hostile line numbers, If-Match, Idempotency-Key
    and bodies: never a 5xx, and a refused write stores nothing."""
    from hypothesis import given
    from hypothesis import strategies as st

    from .test_fuzz import FORM_VALUE, JSON_VALUE, NUMBERS, _counts, fuzz

    gid = _game(client, 3)
    tags = st.one_of(
        FORM_VALUE,
        st.integers(-3, 40).map(lambda v: f'"v{v}"'),
        st.sampled_from(NUMBERS).map(lambda v: f'W/"v{v}"'),
        st.sampled_from(BAD_IF_MATCH),
    )
    lines = st.one_of(st.integers(-2, 8).map(str), st.sampled_from(NUMBERS).map(str), FORM_VALUE)
    bodies = st.one_of(st.integers(0, 30).map(_hand), JSON_VALUE)

    @fuzz(150)
    @given(data=st.data())
    def run(data: Any) -> None:
        method = data.draw(st.sampled_from(["POST", "PUT", "DELETE"]))
        url = f"/api/games/{gid}/hands"
        if method != "POST":
            url += "/" + quote(data.draw(lines)[:300], safe="")
        headers = {}
        for name, values in (("If-Match", tags), ("Idempotency-Key", FORM_VALUE)):
            if data.draw(st.booleans()):
                headers[name] = re.sub("[\r\n]", "", data.draw(values))[:3000]
        body = data.draw(bodies)
        before = _counts(app)
        r = client.open(url, method=method, json=body, headers=headers)
        assert r.status_code < 500 and r.is_json, r.get_data(as_text=True)[:2000]
        if r.status_code not in (200, 201):
            assert _counts(app) == before, (r.status_code, r.json)

    run()


def test_a_line_sent_for_another_account_than_the_one_signed_in_is_not_stored(app, client):
    """A tab of an account that was replaced on this phone still sends that account's hands
    (static/offline/sync.js names it): the co-scorer signed in now does not get them."""
    gid = _game(client)
    client.post(f"/games/{gid}/invite", data={})
    with app.app_context():
        invite = db.session.get(Game, gid).invite_token
        owner = str(db.session.get(Game, gid).owner_id)
    cora = signed_up(app, "cora")
    assert cora.post(f"/join/{gid}/{invite}").status_code == 302
    sent = cora.post(f"/api/games/{gid}/hands", json=_hand(0), headers={"X-Account-Id": owner})
    assert sent.status_code == 403 and "another account" in sent.json["errors"][0]
    assert _hands(client, gid) == []
    games = cora.post("/api/games", json=START, headers={"X-Account-Id": owner})
    assert games.status_code == 403
    # hers, named or not, go as ever
    with app.app_context():
        her = db.session.execute(db.select(Account.id).where(Account.username == "cora"))
        named = {"X-Account-Id": str(her.scalar_one())}
    assert cora.post(f"/api/games/{gid}/hands", json=_hand(0), headers=named).status_code == 201
    assert cora.post(f"/api/games/{gid}/hands", json=_hand(1)).status_code == 201
    assert len(_hands(client, gid)) == 2
