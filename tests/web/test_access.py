"""Who may see and change a game: its owner and co-scorers. A stranger finds nothing (404) by
guessing ids, in pages and in the API; the read-only link changes nothing, whatever is tried."""

from __future__ import annotations

import io
import json
import re

import pytest

from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Revision, Scorer
from tests.conftest import signed_up

from .helpers import hand, new_game, version_token

HAND = {
    "dealer": "0",
    "declarer": "1",
    "bid": "100",
    "points-0": "10",
    "points-1": "100",
    "points-2": "10",
}
# what each write would need to succeed, so that only the access check can stop it
POSTS = {
    "hands.new": HAND,
    "hands.edit": HAND,
    "hands.preview": HAND,
    "hands.adjust": {"values-0": "50", "values-1": "0", "values-2": "0", "reason": "penalty"},
    "invites.join": {},
}
JSON = {"api.add": {"dealer": 0, "declarer": 1, "bid": 100, "points": [10, 100, 10]}}
JSON["api.replace"] = JSON["api.add"]
GAME = {"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["Ala", "Bartek", "Celina"]}


def _set_table(app, client, anon_ok: bool = True):  # type: ignore[no-untyped-def]
    """A game with hands, a deleted hand in its trail, a live link, an invite and a co-scorer."""
    game = new_game(client)
    for opener in (1, 2, 0):  # dealers 0, 1, 2: the seat after each opens and wins at 100
        hand(client, game, [100 if s == opener else 10 for s in range(3)], declarer=opener, bid=100)
    client.post(f"{game}/hands/3/delete", data=version_token(client, f"{game}/hands/3/delete"))
    client.post(f"{game}/share", data={})
    client.post(f"{game}/invite", data={})
    game_id = int(game.rsplit("/", 1)[1])
    with app.app_context():
        row = db.session.get(Game, game_id)
        invite = row.invite_token
    scorer = signed_up(app, "cora")
    assert scorer.post(f"/join/{game_id}/{invite}").status_code == 302
    return game, game_id


def _state(app, game_id: int):  # type: ignore[no-untyped-def]
    with app.app_context():
        row = db.session.get(Game, game_id)
        db.session.refresh(row)
        scorers = db.session.execute(db.select(Scorer).where(Scorer.game_id == game_id))
        return (
            row.version,
            row.share_token,
            row.invite_token,
            len(row.lines),
            [(e.seat, e.points, e.adjustment) for line in row.lines for e in line.entries],
            len(scorers.all()),
        )


def _routes(app, game_id: int, token: str = "x" * 32):  # type: ignore[no-untyped-def]
    """Every route of a game (every rule with a game id), as (endpoint, method, url)."""
    with app.app_context():
        revision = db.session.execute(db.select(Revision.id)).scalars().first()
        scorer = db.session.execute(db.select(Scorer.id)).scalars().first()
    values = {"game_id": game_id, "number": 1, "revision": revision, "scorer_id": scorer}
    out = []
    for rule in app.url_map.iter_rules():
        if "game_id" not in rule.arguments:
            continue
        url = rule.rule
        for name in rule.arguments:
            value = token if name == "token" else values[name]
            url = re.sub(rf"<(?:\w+:)?{name}>", str(value), url)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            out.append((rule.endpoint, method, url))
    assert len(out) > 20  # the routes were found
    return out


def _call(client, endpoint: str, method: str, url: str):  # type: ignore[no-untyped-def]
    if method == "GET":
        return client.get(url)
    if method != "POST":  # the API's PUT and DELETE of a line
        return client.open(url, method=method, json=JSON.get(endpoint))
    if endpoint in JSON:
        return client.post(url, json=JSON[endpoint])
    return client.post(url, data=POSTS.get(endpoint, {}))


def test_a_stranger_finds_nothing_by_id_in_pages_or_the_api(app, client):
    game, game_id = _set_table(app, client)
    before = _state(app, game_id)
    stranger = signed_up(app, "mallory")
    for endpoint, method, url in _routes(app, game_id):
        r = _call(stranger, endpoint, method, url)
        assert r.status_code == 404, (endpoint, method, url, r.status_code)
    assert _state(app, game_id) == before
    # nor does the stranger's home page list it, nor suggest its players' names
    assert "Bartek" not in stranger.get("/").get_data(as_text=True)
    assert "Bartek" not in stranger.get("/games/new").get_data(as_text=True)
    # the owner still sees it all
    assert client.get(game).status_code == 200 and "Bartek" in client.get("/").get_data(
        as_text=True
    )


def test_a_stranger_finds_no_import_by_id(app, client, anon):
    """Every route of an import (every rule with a job id) is its owner's alone."""
    r = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(GAME).encode()), "game.json")},
        content_type="multipart/form-data",
    )
    job_id = int(r.headers["Location"].rsplit("/", 1)[1])
    stranger = signed_up(app, "mallory")
    rules = [rule for rule in app.url_map.iter_rules() if "job_id" in rule.arguments]
    assert rules  # the routes were found
    for rule in rules:
        url = re.sub(r"<(?:\w+:)?job_id>", str(job_id), rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            assert client.open(url, method=method).status_code == 200, (url, method)
            assert stranger.open(url, method=method).status_code == 404, (url, method)
            answer = anon.open(url, method=method)
            assert answer.status_code == 302 and "/signin" in answer.headers["Location"]


def test_the_read_only_link_changes_nothing(app, client, anon):
    game, game_id = _set_table(app, client)
    with app.app_context():
        share = db.session.get(Game, game_id).share_token
    live = f"/live/{game_id}/{share}"
    assert anon.get(live).status_code == 200
    before = _state(app, game_id)
    tried = 0
    for endpoint, method, url in _routes(app, game_id, token=share):
        if endpoint in ("live.view", "live.state", "streams.live"):
            continue  # the live view itself and its stream: read-only
        r = _call(anon, endpoint, method, url)
        tried += method == "POST"
        if endpoint == "invites.join" and method == "GET":
            # an invite says what it is before sign-in: this token is no invite
            assert r.status_code == 404, (endpoint, url)
        elif url.startswith("/api/"):
            assert r.status_code == 401, (endpoint, method, url)
        else:  # to the sign-in page, whatever was asked
            assert r.status_code == 302 and "/signin" in r.headers["Location"], (endpoint, url)
    assert tried >= 12
    assert (
        anon.post("/api/games", json={"variant": "pl-3", "players": ["A", "B", "C"]}).status_code
        == 401
    )
    assert _state(app, game_id) == before
    assert anon.get(live).status_code == 200  # and the link still works


def test_signed_out_pages_lead_to_sign_in_and_back(app, client, anon):
    game = new_game(client)
    r = anon.get(game)
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/signin?next={game}")
    assert anon.get("/").headers["Location"].startswith("/signin")
    r = anon.post(
        "/signin", data={"username": "tester", "password": "correct horse battery", "next": game}
    )
    assert r.headers["Location"] == game
    # never off the site (`////host` was once left as `//host`)
    for target in NASTY_NEXT:
        r = app.test_client().post(
            "/signin",
            data={"username": "tester", "password": "correct horse battery", "next": target},
        )
        assert r.headers["Location"] == "/", target
        r = anon.post("/language", data={"lang": "en", "next": target})  # the switcher's too
        assert r.headers["Location"] == "/", target


NASTY_NEXT = [
    "////evil.example",
    "///evil.example/x",
    "//evil.example/x",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "https://evil.example/",
    "HTTPS:evil.example",
    "http:/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ /evil.example",
    "/\x00/evil.example",
    "\t//evil.example",
    " //evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "",
]


def test_safe_next_keeps_a_path_on_this_site_and_refuses_the_rest(app):
    from scorekeeper.web.access import safe_next

    with app.test_request_context():
        for target in ("/games/12", "/games/12/hands/new?x=1#top", "/games/%C5%82"):
            assert safe_next(target) == target
        for target in NASTY_NEXT + [None]:
            assert safe_next(target) == "/", target


def test_a_co_scorer_logs_and_corrects_but_does_not_share_or_invite(app, client):
    game, game_id = _set_table(app, client)
    cora = app.test_client()
    from .helpers import sign_in

    sign_in(cora, "cora")
    assert "Bartek" in cora.get("/").get_data(as_text=True)  # on the co-scorer's home page
    assert hand(cora, game, [100, 10, 10], declarer=0, bid=100).status_code == 302
    data = version_token(cora, f"{game}/hands/1/edit")
    data.update(HAND, **{"points-0": "20", "points-2": "0", "change_reason": "miscounted"})
    assert cora.post(f"{game}/hands/1/edit", data=data).status_code == 302
    explained = cora.get(f"{game}/hands/1").get_data(as_text=True)
    assert "cora" in explained and "miscounted" in explained  # the trail says who
    before = _state(app, game_id)
    for url in (f"{game}/share", f"{game}/invite"):
        assert cora.post(url, data={"revoke": "1"}).status_code == 403
    assert "Stop sharing" not in cora.get(f"{game}/share").get_data(as_text=True)
    assert _state(app, game_id) == before
    # the owner removes the co-scorer: the game is gone for them
    share = client.get(f"{game}/share").get_data(as_text=True)
    remove = re.search(r'action="(/games/\d+/scorers/\d+/remove)"', share).group(1)
    assert client.post(remove, data={}).status_code == 302
    assert cora.get(game).status_code == 404


def test_a_revoked_invite_link_lets_nobody_in(app, client):
    game, game_id = _set_table(app, client)
    with app.app_context():
        old = db.session.get(Game, game_id).invite_token
    client.post(f"{game}/invite", data={"revoke": "1"})
    dan = signed_up(app, "dan")
    assert dan.get(f"/join/{game_id}/{old}").status_code == 404
    assert dan.post(f"/join/{game_id}/{old}").status_code == 404
    assert dan.get(game).status_code == 404


@pytest.mark.parametrize("path", ["/api/games/1", "/api/games/1/file"])
def test_the_api_without_credentials_answers_401(client, anon, path):
    new_game(client)
    r = anon.get(path)
    assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
    assert r.json["errors"]


def test_a_cross_site_form_cannot_post_to_the_api_with_the_session(app, client):
    """The API takes no CSRF token; a page elsewhere can only send a form (not JSON) to it,
    which the API refuses, and SameSite=Lax keeps the cookie off a cross-site post anyway."""
    body = '{"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["A", "B", "C"]}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        r = client.post("/api/games", data=body, content_type=kind)
        assert r.status_code == 400, kind
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None
