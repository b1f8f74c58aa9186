"""Writes to one game at the same moment, and retries: no 5xx, every
acknowledged hand stored once, the others told of the conflict; a key is a whole key."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from scorekeeper.store.db import db
from scorekeeper.store.models import Revision
from tests.conftest import signed_up

from .helpers import new_game, sign_in, stored_lines, version_token

N = 20
START = {"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["Ala", "Bartek", "Celina"]}
CONFLICT = "Someone else changed this game"


def _phones(app: Any, n: int) -> list[Any]:
    """`n` phones signed in to one account, each with its own session."""
    phones = [signed_up(app)]
    for _ in range(n - 1):
        phone = app.test_client()
        sign_in(phone)
        phones.append(phone)
    return phones


def _at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Runs every call in its own thread, all released at the same moment."""
    start = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        start.wait()
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def _hand(i: int) -> dict[str, Any]:
    """The i-th of 20 different hands, each valid wherever it lands in the game: a declarer
    bids 110 and fails, so that no order of them ends the game."""
    declarer, k = i % 3, i // 3
    points = [40, 40, 40]
    points[(declarer + 1) % 3] += 5 * k
    points[(declarer + 2) % 3] -= 5 * k
    return {"declarer": declarer, "bid": 110, "points": points}


def _fields(i: int) -> dict[str, str]:
    """_hand(i) as the hand form posts it (hand 1: Ala deals)."""
    h = _hand(i)
    fields = {"dealer": "0", "declarer": str(h["declarer"]), "bid": str(h["bid"])}
    fields.update({f"points-{s}": str(p) for s, p in enumerate(h["points"])})
    return fields


def _stored(phone: Any, game_id: int | str) -> list[str]:
    """The game's stored hands, each as canonical JSON."""
    hands = phone.get(f"/api/games/{game_id}/file").json["hands"]
    return sorted(json.dumps(h, sort_keys=True) for h in hands)


def _gid(game: str) -> str:
    return game.rsplit("/", 1)[1]


def test_twenty_api_appends_at_once_are_each_stored_once(app):
    phones = _phones(app, N)
    gid = phones[0].post("/api/games", json=START).json["id"]
    answers = _at_once(
        [
            lambda p=p, i=i: p.post(
                f"/api/games/{gid}/hands", json=_hand(i), headers={"Idempotency-Key": f"p{i}"}
            )
            for i, p in enumerate(phones)
        ]
    )
    assert [r.status_code for r in answers] == [201] * N  # appends without a version queue up
    assert sorted(r.json["hand"] for r in answers) == list(range(1, N + 1))
    assert _stored(phones[0], gid) == sorted(json.dumps(_hand(i), sort_keys=True) for i in range(N))


def test_twenty_phones_post_the_hand_form_at_once(app):
    phones = _phones(app, N)
    game = new_game(phones[0])
    forms = [version_token(p, f"{game}/hands/new") for p in phones]  # one version, 20 tokens
    answers = _at_once(
        [
            lambda p=p, i=i: p.post(f"{game}/hands/new", data={**forms[i], **_fields(i)})
            for i, p in enumerate(phones)
        ]
    )
    assert [r.status_code for r in answers] == [302] * N
    saved = [i for i, r in enumerate(answers) if r.headers["Location"].endswith("?saved=1")]
    assert len(saved) == 1
    # the winner's hand, once, and nothing of the others
    assert _stored(phones[0], _gid(game)) == [json.dumps(_hand(saved[0]), sort_keys=True)]
    for i, phone in enumerate(phones):
        told = CONFLICT in phone.get(game).get_data(as_text=True)
        assert told == (i not in saved)


def test_api_appends_and_forms_at_once(app):
    """Appends through the API go in; of the forms made before them, at most one does."""
    phones = _phones(app, 10)
    game = new_game(phones[0])
    gid = _gid(game)
    forms = [version_token(p, f"{game}/hands/new") for p in phones[5:]]
    api = [
        lambda p=p, i=i: p.post(f"/api/games/{gid}/hands", json=_hand(i))
        for i, p in enumerate(phones[:5])
    ]
    pages = [
        lambda p=p, i=i: p.post(f"{game}/hands/new", data={**forms[i], **_fields(5 + i)})
        for i, p in enumerate(phones[5:])
    ]
    answers = _at_once(api + pages)
    assert [r.status_code for r in answers] == [201] * 5 + [302] * 5
    saved = [5 + i for i, r in enumerate(answers[5:]) if "?saved=" in r.headers["Location"]]
    assert len(saved) <= 1
    expected = [json.dumps(_hand(i), sort_keys=True) for i in [0, 1, 2, 3, 4, *saved]]
    assert _stored(phones[0], gid) == sorted(expected)


def test_one_form_posted_ten_times_at_once_stores_one_hand(app):
    phones = _phones(app, 10)
    game = new_game(phones[0])
    data = {**version_token(phones[0], f"{game}/hands/new"), **_fields(4)}
    answers = _at_once([lambda p=p: p.post(f"{game}/hands/new", data=data) for p in phones])
    # every tap answers as the first: the score page, marking the hand
    where = [(r.status_code, r.headers["Location"].rsplit("?", 1)[-1]) for r in answers]
    assert where == [(302, "saved=1")] * 10
    assert all(CONFLICT not in p.get(game).get_data(as_text=True) for p in phones)
    with app.app_context():
        assert stored_lines() == 1


def test_one_api_key_sent_ten_times_at_once_stores_one_hand(app):
    phones = _phones(app, 10)
    gid = phones[0].post("/api/games", json=START).json["id"]
    key = {"Idempotency-Key": "table-7/hand-1"}
    answers = _at_once(
        [lambda p=p: p.post(f"/api/games/{gid}/hands", json=_hand(0), headers=key) for p in phones]
    )
    assert [(r.status_code, r.json["hand"]) for r in answers] == [(201, 1)] * 10
    assert sum(r.headers.get("Idempotent-Replayed") == "true" for r in answers) == 9
    assert _stored(phones[0], gid) == [json.dumps(_hand(0), sort_keys=True)]


def _game_with_hands(phone: Any, n: int) -> str:
    game = new_game(phone)
    for i in range(n):
        assert phone.post(f"/api/games/{_gid(game)}/hands", json=_hand(i)).status_code == 201
    return game


def test_corrections_at_once_take_effect_once(app):
    """Ten phones of one account tap undo, delete, edit or restore from one version: it is
    done once. The same request from each is answered as done (a double tap, or two tabs);
    a different one (another reason, another edit) gets the conflict page."""
    phones = _phones(app, 10)
    game = _game_with_hands(phones[0], 4)
    gid = _gid(game)

    def at_once(url: str, form: str, fields: Callable[[int], dict[str, str]]) -> list[bool]:
        data = [version_token(p, form) for p in phones]
        answers = _at_once(
            [
                lambda p=p, i=i: p.post(url, data={**data[i], **fields(i)})
                for i, p in enumerate(phones)
            ]
        )
        assert [r.status_code for r in answers] == [302] * 10
        return [CONFLICT in p.get(game).get_data(as_text=True) for p in phones]

    def hands(*numbers: int) -> list[str]:
        return sorted(json.dumps(_hand(i), sort_keys=True) for i in numbers)

    assert at_once(f"{game}/undo", game, lambda i: {}) == [False] * 10
    assert _stored(phones[0], gid) == hands(0, 1, 2)
    told = at_once(
        f"{game}/hands/1/delete", f"{game}/hands/1/delete", lambda i: {"change_reason": f"r{i}"}
    )
    assert told.count(False) == 1
    assert _stored(phones[0], gid) == hands(1, 2)
    told = at_once(f"{game}/hands/1/edit", f"{game}/hands/1/edit", lambda i: _fields(6 + i))
    assert told.count(False) == 1
    stored = phones[0].get(f"/api/games/{gid}/file").json["hands"]
    assert stored[1:] == [_hand(2)] and stored[0] == _hand(6 + told.index(False))
    told = at_once(
        f"{game}/hands/2/edit", f"{game}/hands/2/edit", lambda i: {**_fields(19), "dealer": "1"}
    )
    assert told == [False] * 10
    assert phones[0].get(f"/api/games/{gid}/file").json["hands"][1] == _hand(19)
    with app.app_context():
        deletes = db.session.execute(
            db.select(Revision.id).where(Revision.action == "delete")
        ).scalars()
        revision = min(deletes)  # the undo's: hand 4 comes back last
    assert at_once(f"{game}/restore/{revision}", game, lambda i: {}) == [False] * 10
    assert len(phones[0].get(f"/api/games/{gid}/file").json["hands"]) == 3
    with app.app_context():
        actions = db.session.execute(db.select(Revision.action)).scalars().all()
        assert sorted(actions) == ["delete", "delete", "edit", "edit", "restore"]


def test_a_double_tap_on_the_last_line_s_delete_is_answered(app, client):
    game = _game_with_hands(client, 2)
    data = version_token(client, f"{game}/hands/2/delete")
    assert client.post(f"{game}/hands/2/delete", data=data).status_code == 302
    again = client.post(f"{game}/hands/2/delete", data=data)  # line 2 is gone: not a 404
    assert again.status_code == 302 and CONFLICT not in client.get(game).get_data(as_text=True)
    assert _stored(client, _gid(game)) == [json.dumps(_hand(0), sort_keys=True)]
    # a form without its version, after another write: the conflict page, not a 500
    assert client.post(f"{game}/hands/2/delete", data={}).status_code == 302
    assert CONFLICT in client.get(game).get_data(as_text=True)


def test_keys_sharing_a_long_prefix_are_two_hands(app, client):
    gid = client.post("/api/games", json=START).json["id"]
    prefix = "order-" + "0" * 150
    a = client.post(
        f"/api/games/{gid}/hands", json=_hand(0), headers={"Idempotency-Key": prefix + "a"}
    )
    b = client.post(
        f"/api/games/{gid}/hands", json=_hand(1), headers={"Idempotency-Key": prefix + "b"}
    )
    assert (a.status_code, a.json["hand"], b.status_code, b.json["hand"]) == (201, 1, 201, 2)
    again = client.post(
        f"/api/games/{gid}/hands", json=_hand(0), headers={"Idempotency-Key": prefix + "a"}
    )
    assert again.status_code == 201 and again.json["hand"] == 1
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(_stored(client, gid)) == 2


def test_a_key_with_another_body_is_refused(app, client):
    gid = client.post("/api/games", json=START).json["id"]
    key = {"Idempotency-Key": "hand-1"}
    assert client.post(f"/api/games/{gid}/hands", json=_hand(0), headers=key).status_code == 201
    r = client.post(f"/api/games/{gid}/hands", json=_hand(1), headers=key)
    assert r.status_code == 422
    assert "Idempotency-Key was already used in this game for line 1" in r.json["errors"][0]
    assert _stored(client, gid) == [json.dumps(_hand(0), sort_keys=True)]
    # the same hand in another spelling is the same body
    spelled = {"points": _hand(0)["points"], "bid": 110, "declarer": 0}
    assert client.post(f"/api/games/{gid}/hands", json=spelled, headers=key).status_code == 201
    assert len(_stored(client, gid)) == 1


def test_a_key_must_be_short_printable_ascii(app, client):
    gid = client.post("/api/games", json=START).json["id"]
    for bad in ("k" * 201, "", "clé", "tab\there"):
        r = client.post(f"/api/games/{gid}/hands", json=_hand(0), headers={"Idempotency-Key": bad})
        assert r.status_code == 400 and "Idempotency-Key must be 1 to 200" in r.json["errors"][0]
    ok = {"Idempotency-Key": "k" * 200}
    assert client.post(f"/api/games/{gid}/hands", json=_hand(0), headers=ok).status_code == 201
    assert len(_stored(client, gid)) == 1


def test_a_saved_form_changed_and_saved_again_says_so(app, client):
    """Back after saving, a value changed, Save again: the form says it was saved as hand 1,
    stores nothing, and a fresh form follows."""
    game = new_game(client)
    form = version_token(client, f"{game}/hands/new")
    assert client.post(f"{game}/hands/new", data={**form, **_fields(0)}).status_code == 302
    r = client.post(f"{game}/hands/new", data={**form, **_fields(3)})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"{game}/hands/new")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "This form was already saved as hand 1, so these values were not saved" in page
    assert form["token"] not in page  # the fresh form has a token of its own
    assert _stored(client, _gid(game)) == [json.dumps(_hand(0), sort_keys=True)]
    # the same form sent again unchanged is the saved hand, without a word
    again = client.post(f"{game}/hands/new", data={**form, **_fields(0)})
    assert again.headers["Location"].endswith("?saved=1")
    assert "already saved" not in client.get(game).get_data(as_text=True)
    # an adjustment's form too
    adjust = version_token(client, f"{game}/adjust")
    values = {"values-0": "-50", "values-1": "0", "values-2": "0", "reason": "exposed a card"}
    assert client.post(f"{game}/adjust", data={**adjust, **values}).status_code == 302
    r = client.post(f"{game}/adjust", data={**adjust, **values, "values-0": "-60"})
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "This form was already saved as line 2" in page
    with app.app_context():
        assert stored_lines() == 2


def test_new_games_at_once_with_the_same_new_players(app):
    """Each adds the account's players it does not have yet: at once, they add each once."""
    phones = _phones(app, 10)
    answers = _at_once([lambda p=p: p.post("/api/games", json=START) for p in phones])
    assert [r.status_code for r in answers] == [201] * 10
    assert len({r.json["id"] for r in answers}) == 10
    with app.app_context():
        from scorekeeper.store.models import Player

        names = db.session.execute(db.select(Player.name)).scalars().all()
        assert sorted(names) == ["Ala", "Bartek", "Celina"]


def test_renewing_links_while_hands_are_saved_is_no_clash(app):
    """The owner renews the live and invite links while phones save hands: no 5xx, every hand
    stored, and a hand form opened before the renewal still saves (a link is not a change
    of the score)."""
    phones = _phones(app, 9)
    owner = phones[0]
    gid = owner.post("/api/games", json=START).json["id"]
    game = f"/games/{gid}"
    calls: list[Callable[[], Any]] = []
    for i, phone in enumerate(phones):
        if i % 3 == 0:
            calls.append(lambda p=phone: p.post(f"{game}/share", data={}))
        elif i % 3 == 1:
            calls.append(lambda p=phone: p.post(f"{game}/invite", data={}))
        else:
            calls.append(
                lambda p=phone, i=i: p.post(
                    f"/api/games/{gid}/hands", json=_hand(i), headers={"Idempotency-Key": f"l{i}"}
                )
            )
    answers = _at_once(calls)
    assert all(r.status_code < 500 for r in answers), [r.status_code for r in answers]
    assert sorted(r.status_code for r in answers if "/api/" in r.request.path) == [201, 201, 201]
    assert len(_stored(owner, gid)) == 3
    assert "/live/" in owner.get(f"{game}/share").get_data(as_text=True)
    # a hand form opened before a renewal is still saved: a link is not a change of the score
    later = version_token(owner, f"{game}/hands/new")
    owner.post(f"{game}/share", data={})
    fields = {**_fields(3), **later}
    saved = owner.post(f"{game}/hands/new", data=fields)
    assert saved.status_code == 302 and "?saved=4" in saved.headers["Location"]


def test_a_delete_after_another_phones_hand_is_a_conflict_not_an_old_twin(app, client):
    """Line 2 deleted, then the new line 2's delete form opened; another phone logs a hand
    before it is sent. The one write since the form is that hand, not the earlier delete of
    a line 2 (same position, reason and account): the conflict page, nothing deleted."""
    game = _game_with_hands(client, 4)
    gid = _gid(game)
    assert (
        client.post(f"{game}/hands/2/delete", data=version_token(client, game)).status_code == 302
    )
    form = version_token(client, f"{game}/hands/2/delete")  # the new line 2: _hand(2)
    assert client.post(f"/api/games/{gid}/hands", json=_hand(5)).status_code == 201
    assert client.post(f"{game}/hands/2/delete", data=form).status_code == 302
    assert CONFLICT in client.get(game).get_data(as_text=True)
    assert _stored(client, gid) == sorted(
        json.dumps(_hand(i), sort_keys=True) for i in (0, 2, 3, 5)
    )
