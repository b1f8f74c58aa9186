"""Hostile input over every form, page and the API: huge and negative numbers,
NUL and other control characters, long and odd unicode, nested JSON, wrong types, corrupt zips.
Whatever is sent, the answer is never a 5xx, and a refused input stores nothing."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text

from scorekeeper import create_app
from scorekeeper.services import importjobs
from scorekeeper.store.db import db
from scorekeeper.store.eventmodels import EventTable
from scorekeeper.store.models import ImportJob, Revision, Scorer
from scorekeeper.web.games.forms import OPTION_FIELDS
from tests.conftest import pg_database, signed_up
from tests.profiles import examples

from .helpers import hand, new_game, version_token

TEST_CONFIG = {  # the app fixture's (tests/conftest.py)
    "TESTING": True,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
    "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
}


def fuzz(full: int) -> settings:
    """`full` examples in the deep profile, a share of them otherwise (tests/profiles.py)."""
    return settings(
        max_examples=examples(full),
        deadline=None,
        database=None,  # each run the same budget, nothing kept between runs
        suppress_health_check=list(HealthCheck),
    )


# what the throttle and the caches (summaries, record figures, ratings) write on purpose, refused
# or not (an attempt is counted; a page may make a cache as it reads)
NOT_STORED_INPUT = {
    "summary",
    "seat_figures",
    "rating_cache",
    "throttle_event",
    "account_session",
}
# these end the owner's session: the fuzz would go on signed out
SKIPPED = {"accounts.signout", "account.signout_everywhere", "static"}

NUMBERS = [2**31 - 1, 2**31, -(2**31) - 1, 2**63 - 1, 2**63, -(2**63), 10**30, -1, 0, 10**4000]
ODD = [
    "",
    "\x00",
    "a\x00b",
    "\t\n\r",
    "\x1b[31m",
    "\x7f\x85\x9f",
    "\u202eevil\u202c",  # right-to-left override
    "\u200f\u200e\ufeff",
    "e" + "\u0301" * 200,  # one letter, two hundred accents
    "🂡🂱" * 40,  # astral
    "ß" * 31,
    "x" * 100_000,
    "9" * 5000,  # past Python's 4300 digits
    "1e9999",
    "NaN",
    "-0",
    " 12 ",
    "0x10",
    "١٢",  # Arabic-Indic digits
    "²:hearts",
    "1:aces",
    "99999999999999999999:hearts",
    "none",
    "pl-3\x00",
    "//evil.example",
    "<script>",
]
UNICODE = st.characters(exclude_categories=["Cs"])  # a form's bytes are UTF-8: no surrogate
FORM_VALUE = st.one_of(
    st.sampled_from(ODD),
    st.sampled_from(NUMBERS).map(str),
    st.sampled_from(NUMBERS).map(str),
    st.integers(-5, 12).map(str),
    st.integers().map(str),
    st.text(UNICODE, max_size=70),
)
# the hostile ones first: one_of draws each branch as often
HOSTILE_JSON = st.sampled_from(
    [*NUMBERS[:-1], 1e300, float("inf"), float("nan"), -0.5, True, None, [], {}, "", "1"]
    + ODD[:12]
    + ["\ud800", "a\udfff", "x" * 70, "ß" * 31]  # JSON's "\ud800" is a lone surrogate
)
JSON_LEAF = st.one_of(
    HOSTILE_JSON,
    HOSTILE_JSON,
    st.integers(),
    st.floats(),  # inf and nan too: Python's JSON reads Infinity and NaN
    st.text(max_size=20),
)


def _nested(inner: st.SearchStrategy) -> st.SearchStrategy:
    """Lists and objects of JSON values. A named function: hypothesis checks that a lambda
    recurses by reading its source again, and once the file has changed since the import it
    reads the wrong lines and fails the test ("doesn't use its argument")."""
    return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)


JSON_VALUE = st.recursive(JSON_LEAF, _nested, max_leaves=8)
DEEP = ["[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000, "[" * 10**6]


def _hand_fields(seats: int = 3) -> list[str]:
    per_seat = [f"{f}-{s}" for f in ("points", "tricks") for s in range(seats + 2)]
    return [
        *("declarer", "bid", "contract", "give_up", "marriages", "marriage_order", "switches"),
        *("trump", "musik_aces", "musik_marriage", "dealer", "version", "token", "change_reason"),
        *per_seat,
    ]


NEW_GAME = [
    *("variant", "first_dealer", *(f"players-{i}" for i in range(6))),
    *(field for fields in OPTION_FIELDS.values() for field in fields),  # the stake among them
]
HAND = {"dealer": "0", "declarer": "1", "bid": "100", "points-0": "10", "points-1": "100"}
HAND = {**HAND, "points-2": "10"}
# each form: a post that would be taken, and the fields the fuzz changes in it
FORMS: dict[str, tuple[dict[str, str], list[str]]] = {
    "games.new": (
        {"variant": "pl-3", "players-0": "Ala", "players-1": "Bartek", "players-2": "Celina"},
        NEW_GAME,
    ),
    "hands.new": (HAND, _hand_fields()),
    "hands.edit": (HAND, _hand_fields()),
    "hands.preview": (HAND, _hand_fields()),
    "hands.adjust": (
        {"values-0": "50", "values-1": "0", "values-2": "0", "reason": "penalty"},
        ["values-0", "values-1", "values-2", "values-7", "reason", "version", "token"],
    ),
    "hands.delete": ({}, ["version", "change_reason"]),
    "hands.undo": ({}, ["version"]),
    "hands.restore": ({}, ["version"]),
    "players.rename": ({"name": "Ala"}, ["name"]),
    "players.merge": ({}, ["into"]),
    "live.share": ({}, ["revoke"]),
    "invites.invite": ({}, ["revoke"]),
    "invites.join": ({}, ["x"]),
    "i18n.choose": ({"lang": "pl", "next": "/"}, ["lang", "next"]),
    "account.password": ({}, ["current", "new"]),
    "account.token_new": ({"name": "phone"}, ["name"]),
    "accounts.signin": ({"username": "tester"}, ["username", "password", "next"]),
    "accounts.signup": ({}, ["username", "password", "confirm", "next"]),
    "events.new": (
        {"name": "Club night", "size_3": "pl-3", "first": "3", "ranking": "points"},
        ["name", "size_3", "size_4", "first", "ranking", "bye", "points_3", "points_4"]
        + ["confirm", *NEW_GAME],
    ),
    "events.players": ({"names": "Ala\nBartek\nCelina"}, ["names", "pick"]),
    "events.draw": ({"method": "random"}, ["method"]),
    "events.seating": ({}, [f"p{i}" for i in range(8)] + ["version", "x"]),
    "events.start": ({}, ["version", "x"]),
    "events.close": ({}, ["round", "version", "x"]),
    "seasons.new": ({"name": "Autumn", "best": "2"}, ["name", "best", "event", "x"]),
    "seasons.edit": ({"name": "Autumn", "best": "2"}, ["name", "best", "event", "x"]),
}
QUERY = ["player", "variant", "since", "until", "page", "number", "big", "next", "name", "x"]
# how often each route is drawn, against 1 for the others: where the input is
WEIGHTS = {"games.new": 12, "hands.new": 12, "hands.edit": 8, "hands.preview": 4}
WEIGHTS |= {"hands.adjust": 8, "history.index": 6, "players.rename": 4, "players.merge": 4}
WEIGHTS |= {"accounts.signin": 4, "accounts.signup": 4, "account.token_new": 4}
WEIGHTS |= {"events.new": 6, "events.players": 3, "events.seating": 3}
WEIGHTS |= {"seasons.new": 4, "seasons.edit": 3}
DATES = st.sampled_from(["9999-12-31", "0001-01-01", "2026-02-30", "20261231", "2026-W01-1"])


def _table(app: Any, client: Any) -> tuple[str, int]:
    """The owner's game: hands, an adjustment, a deleted hand in the trail, links, a scorer."""
    game = new_game(client)
    for opener in (1, 2, 0):  # dealers 0, 1, 2: the seat after each opens and wins at 100
        hand(client, game, [100 if s == opener else 10 for s in range(3)], declarer=opener, bid=100)
    client.post(
        f"{game}/adjust", data={"values-0": "5", "values-1": "0", "values-2": "0", "reason": "r"}
    )
    client.post(f"{game}/hands/3/delete", data=version_token(client, f"{game}/hands/3/delete"))
    client.post(f"{game}/share", data={})
    client.post(f"{game}/invite", data={})
    client.post("/account/tokens", data={"name": "phone"})
    return game, int(game.rsplit("/", 1)[1])


def _event(client: Any) -> int:
    """The owner's event: seven players, round 1 played and closed, round 2 drawn (its seating
    can be moved, it can be started and closed: every page of an event exists)."""
    fields = {"name": "Club night", "size_3": "pl-3", "size_4": "pl-4", "first": "4"}
    r = client.post("/events/new", data={**fields, "ranking": "points"})
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    event = "/events/" + r.headers["Location"].split("/")[2]
    names = "\n".join(["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia"])
    for path, data in (
        ("/players", {"names": names}),
        ("/draw", {"method": "random"}),
        ("/start", {}),
        ("/close", {}),
        ("/draw", {"method": "standings"}),
    ):
        assert client.post(event + path, data=data).status_code == 302, path
    assert client.get(event + "/seating").status_code == 200
    return int(event.rsplit("/", 1)[1])


def _counts(app: Any) -> tuple[int, ...]:
    """Rows of every table that holds what was input, and the games' versions."""
    with app.app_context():
        names = [t.name for t in db.metadata.sorted_tables if t.name not in NOT_STORED_INPUT]
        parts = [f'(SELECT count(*) FROM "{n}")' for n in names]
        row = db.session.execute(
            text(f"SELECT {', '.join(parts)}, (SELECT coalesce(sum(version), 0) FROM game)")
        ).one()
        db.session.remove()
        return tuple(row)


def _routes(
    app: Any, game_id: int, event_id: int, season_id: int = 1
) -> list[tuple[str, str, str]]:
    """Every route as (endpoint, method, url) with this game's and this event's ids
    (test_access.py's way)."""
    with app.app_context():
        revision = db.session.execute(db.select(Revision.id)).scalars().first()
        scorer = db.session.execute(db.select(Scorer.id)).scalars().first() or 1
        table = db.session.execute(db.select(EventTable.id)).scalars().first()
    values = {"game_id": game_id, "number": 1, "revision": revision, "scorer_id": scorer}
    values |= {"event_id": event_id, "table_id": table}
    values |= {"player_id": 1, "token_id": 1, "preset": "pl-3", "token": "x" * 32, "lang": "pl"}
    values |= {"job_id": 1, "name": "rules/hand.js"}  # an engine module's path
    values |= {"season_id": season_id}
    out = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in SKIPPED:
            continue
        url = rule.rule
        for name in rule.arguments:
            url = re.sub(rf"<(?:\w+:)?{name}>", str(values[name]), url)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            out.append((rule.endpoint, method, url))
    return out


def _refused_stores_nothing(app: Any, send: Any) -> None:
    before = _counts(app)
    r = send()
    assert r.status_code < 500, r.get_data(as_text=True)[:2000]
    if r.status_code not in (201, 302, 303):  # not taken: nothing of it stored
        assert _counts(app) == before


def test_every_form_and_page_takes_hostile_values_without_5xx(app, client):
    game, game_id = _table(app, client)
    event_id = _event(client)
    season = client.post("/seasons/new", data={"name": "Autumn", "best": "2", "event": event_id})
    assert season.status_code == 302, season.get_data(as_text=True)[:2000]
    season_id = int(season.headers["Location"].rsplit("/", 1)[1])
    routes = [
        r
        for r in _routes(app, game_id, event_id, season_id)
        for _ in range(WEIGHTS.get(r[0], 1))
        if not r[1] == "POST" or not r[2].startswith("/api/")
    ]
    stranger = app.test_client()  # the sign-in and sign-up forms, for someone signed out

    @fuzz(300)
    @given(data=st.data())
    def run(data: Any) -> None:
        endpoint, method, url = data.draw(st.sampled_from(routes))
        who = stranger if endpoint.startswith("accounts.") else client
        if method == "GET":
            value = FORM_VALUE | DATES
            args = data.draw(st.dictionaries(st.sampled_from(QUERY), value, max_size=5))
            path = url
            if data.draw(st.booleans()):  # a hostile value in the path too, where it takes one
                hostile = "/" + quote(data.draw(FORM_VALUE)[:300])
                path = re.sub(r"/x{32}|/pl-3$|/rules/hand\.js$", hostile, url)
            _refused_stores_nothing(app, lambda: who.get(path, query_string=args))
            return
        base, fields = FORMS.get(endpoint, ({}, ["x"]))
        changed = data.draw(
            st.dictionaries(st.sampled_from(fields), FORM_VALUE, min_size=1, max_size=8)
        )
        form = {**base, **changed}
        _refused_stores_nothing(app, lambda: who.post(url, data=form))

    run()


def _game_file() -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "options": {"lock": 900},
        "players": ["Ala", "Bartek", "Celina"],
        "first_dealer": 0,
        "hands": [
            {"declarer": 1, "bid": 100, "points": [10, 100, 10]},
            {"adjustment": [0, 5, 0], "reason": "r"},
        ],
        "trail": [{"action": "delete", "hand": 2, "before": {"adjustment": [0, 0, 0]}}],
    }


PATHS = [
    ("variant",),
    ("format",),
    ("options",),
    ("players",),
    ("first_dealer",),
    ("hands",),
    ("trail",),
    *((k,) for k in ("x",)),
    ("options", "lock"),
    ("options", "stake"),
    ("options", "target"),
    ("options", "barrel"),
    ("options", "give_up"),
    *(("players", i) for i in range(3)),
    *(("hands", 0, k) for k in ("dealer", "declarer", "bid", "contract", "points", "tricks")),
    *(("hands", 0, k) for k in ("marriages", "trump", "musik", "give_up", "x")),
    ("hands", 0, "points", 1),
    ("hands", 1, "adjustment"),
    ("hands", 1, "adjustment", 1),
    ("hands", 1, "reason"),
    *(("trail", 0, k) for k in ("action", "hand", "before", "after", "reason", "who", "at")),
]


def _put(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """`doc` with the value at `path` replaced (a JSON document as the fuzz changes it)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(doc, dict):
        return {**doc, head: _put(doc.get(head), rest, value)}
    if isinstance(doc, list) and isinstance(head, int) and head < len(doc):
        return [*doc[:head], _put(doc[head], rest, value), *doc[head + 1 :]]
    return value


def test_the_api_takes_hostile_json_without_5xx(app, client):
    _game, game_id = _table(app, client)
    token = re.search(
        r"<code[^>]*>([\w-]{20,})</code>", client.get("/account").get_data(as_text=True)
    )
    bearer = {"Authorization": f"Bearer {token.group(1)}"} if token else {}

    @fuzz(200)
    @given(data=st.data())
    def run(data: Any) -> None:
        to_game = data.draw(st.booleans())
        if to_game:
            doc = _game_file()
            for _ in range(data.draw(st.integers(1, 4))):
                doc = _put(doc, data.draw(st.sampled_from(PATHS)), data.draw(JSON_VALUE))
            url = "/api/games"
        else:
            doc = _put(  # a hand the game takes (Ala deals, Bartek opens) until damaged
                {"dealer": 0, "declarer": 1, "bid": 100, "points": [10, 100, 10]},
                data.draw(st.sampled_from(PATHS))[2:] or ("bid",),
                data.draw(JSON_VALUE),
            )
            url = f"/api/games/{game_id}/hands"
        body = data.draw(st.sampled_from([json.dumps(doc), json.dumps(doc), *DEEP, "{", "\x00"]))
        headers = dict(bearer) if data.draw(st.booleans()) else {}
        if data.draw(st.booleans()):
            headers["Idempotency-Key"] = re.sub("[\r\n]", "", data.draw(FORM_VALUE)[:500])
        kind = data.draw(st.sampled_from(["application/json", "text/plain"]))
        _refused_stores_nothing(
            app, lambda: client.post(url, data=body, content_type=kind, headers=headers)
        )

    run()


def _zip(members: dict[str, bytes], corrupt: bool = False) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in members.items():
            z.writestr(name, content)
    raw = out.getvalue()
    if corrupt:  # the deflated bytes of the first member garbled, its header intact
        raw = raw[:40] + bytes(b ^ 0x5A for b in raw[40:80]) + raw[80:]
    return raw


def test_the_import_form_takes_hostile_files_without_5xx(app, client):
    _table(app, client)
    good = json.dumps(_game_file()).encode()

    @fuzz(40)
    @given(data=st.data())
    def run(data: Any) -> None:
        doc = _put(_game_file(), data.draw(st.sampled_from(PATHS)), data.draw(JSON_VALUE))
        content = data.draw(
            st.sampled_from(
                [
                    json.dumps(doc).encode(),
                    _zip({"a.json": json.dumps(doc).encode()}),
                    _zip({"a.json": good, "b.json": json.dumps(doc).encode()}),
                    _zip({"a.json": good * 50}, corrupt=True),
                    _zip({"../../etc/x.json": good, "\u202enosj.zip": good}),
                    b"PK\x03\x04" + b"\xff" * 200,
                    b"\xef\xbb\xbf" + good,
                    b"\xff\xfe\x00",
                    DEEP[0].encode(),
                ]
            )
        )
        name = data.draw(st.sampled_from(["game.json", "games.zip", "x", "\u202egpj.zip"]))
        upload = {"file": (io.BytesIO(content), name)}
        _refused_stores_nothing(
            app,
            lambda: client.post("/import", data=upload, content_type="multipart/form-data"),
        )
        # what was queued is worked off as the import worker would: whatever a game file
        # holds, the job ends (stored or refused) and its page is answered
        with app.app_context():
            importjobs.work_all()
            jobs = db.session.execute(db.select(ImportJob.id, ImportJob.state)).all()
        assert all(state in ("done", "refused") for _, state in jobs), jobs
        for job_id, _state in jobs[-1:]:
            assert client.get(f"/import/{job_id}").status_code == 200

    run()


GAME = {"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["A", "B", "C"]}
# one request each, each of them once a 500 on one database or both
REPRODUCERS: list[tuple[str, str, dict[str, Any]]] = [
    ("/games/new", "form", {"variant": "zz", "players-0": "A", "players-1": "B"}),
    ("/games/new", "form", {**FORMS["games.new"][0], "players-0": "A\x00"}),
    ("/games/new", "form", {**FORMS["games.new"][0], "players-0": "A" * 61}),
    ("/games/new", "form", {**FORMS["games.new"][0], "players-0": "ß" * 40}),
    ("/games/new", "form", {**FORMS["games.new"][0], "stake": "1e9999"}),
    ("{game}/hands/new", "form", {**HAND, "dealer": "9"}),
    ("{game}/hands/new", "form", {**HAND, "dealer": str(2**63)}),
    ("{game}/hands/new", "form", {**HAND, "marriages": "²:hearts"}),
    ("{game}/hands/new", "form", {**HAND, "tricks-0": "1" + "0" * 310}),
    ("{game}/hands/new", "form", {**HAND, "token": "a\x00"}),
    ("{game}/hands/1/edit", "form", {**HAND, "change_reason": "a\x00"}),
    ("{game}/hands/2/delete", "form", {"change_reason": "a\x00"}),
    ("{game}/adjust", "form", {"values-0": str(2**40), "values-1": "0", "reason": "x"}),
    ("{game}/adjust", "form", {"values-0": "1", "values-1": "0", "reason": "x\x00"}),
    ("/history?until=9999-12-31&player=" + str(2**40), "get", {}),
    ("/players/1/merge", "form", {"into": str(2**40)}),
    ("/players/1/rename", "form", {"name": "x\x00"}),
    (
        "/api/games",
        "json",
        {
            **GAME,
            "variant": "ru-2",
            "players": ["A", "B"],
            "hands": [{"declarer": 0, "bid": 100, "give_up": True, "points": [0]}],
        },
    ),
    ("/api/games", "json", {**GAME, "trail": [{"action": "edit", "hand": 2**40}]}),
    ("/api/games", "json", {**GAME, "trail": [{"action": "edit", "hand": 1, "reason": "\x00"}]}),
    ("/api/games", "json", {**GAME, "players": ["A\ud800", "B", "C"]}),
    ("/api/games", "json", {**GAME, "options": {"stake": "1e999999"}}),
    ("/api/games", "json", {**GAME, "hands": [{"adjustment": [0, 0, 0]}] * 2001}),
    ("{game_api}/hands", "json", {"adjustment": [2**40, 0, 0]}),
    (
        "{game_api}/hands",
        "json",
        {"declarer": 1, "bid": 100, "points": [10, 100, 10], "tricks": [-1, 9, 0]},
    ),
]


def test_the_issues_reproducers_are_answered_and_store_nothing(app, client):
    game, game_id = _table(app, client)
    for url, kind, body in REPRODUCERS:
        url = url.format(game=game, game_api=f"/api/games/{game_id}")
        before = _counts(app)
        if kind == "get":
            r = client.get(url)
        elif kind == "json":  # json.dumps writes a lone surrogate as JSON's "\ud800"
            r = client.post(url, data=json.dumps(body), content_type="application/json")
        else:
            r = client.post(url, data=body)
        assert r.status_code in (200, 400, 422) if kind != "get" else r.status_code == 200, url
        assert _counts(app) == before, (url, body)


def test_sign_in_tokens_keys_deep_json_and_corrupt_zips_are_answered(app, client):
    """The same for the inputs of sign-in, API tokens, idempotency keys, JSON and archives."""
    _game, game_id = _table(app, client)
    corrupt = _zip({"a.json": json.dumps(_game_file()).encode() * 50}, corrupt=True)
    hand_body = {"dealer": 0, "declarer": 1, "bid": 100, "points": [10, 100, 10]}
    sends = [
        lambda: app.test_client().post("/signin", data={"username": "a\x00", "password": "x"}),
        lambda: client.post("/account/tokens", data={"name": "phone\x00"}),
        lambda: client.post(
            f"/api/games/{game_id}/hands", json=hand_body, headers={"Idempotency-Key": "k\x00"}
        ),
        lambda: client.post("/api/games", data=DEEP[0], content_type="application/json"),
        lambda: client.post(
            "/import",
            data={"file": (io.BytesIO(corrupt), "games.zip")},
            content_type="multipart/form-data",
        ),
    ]
    for send in sends:
        before = _counts(app)
        r = send()
        assert r.status_code in (400, 401, 413, 422), r.status_code
        assert _counts(app) == before


COLUMNS = [
    *(("players", i) for i in range(3)),
    *(("hands", 0, k) for k in ("dealer", "declarer", "bid", "contract", "trump")),
    *(("hands", 0, k, 1) for k in ("points", "tricks")),
    ("hands", 0, "musik"),
    ("hands", 1, "reason"),
    ("hands", 1, "adjustment", 1),
    *(("trail", 0, k) for k in ("hand", "reason", "who", "at")),
    ("options", "stake"),
    ("first_dealer",),
]


def test_a_game_file_sqlite_takes_postgresql_takes_too(tmp_path):
    """The same hostile game files to an app on each database: the same answers, so that an
    archive moves between them."""
    with pg_database() as pg_url:
        _the_same_answers(tmp_path, pg_url)


def _the_same_answers(tmp_path: Path, pg_url: str) -> None:
    apps = [
        create_app({**TEST_CONFIG, "SQLALCHEMY_DATABASE_URI": url})
        for url in (f"sqlite:///{tmp_path / 'a.sqlite'}", pg_url)
    ]
    clients = [signed_up(app) for app in apps]

    @fuzz(60)
    @given(data=st.data())
    def run(data: Any) -> None:
        doc = _game_file()
        for _ in range(data.draw(st.integers(1, 3))):
            # what goes into a column: texts and numbers, as hostile as they come
            path = data.draw(st.sampled_from(COLUMNS))
            doc = _put(doc, path, data.draw(HOSTILE_JSON | st.text(max_size=70)))
        body = json.dumps(doc)
        posted = [c.post("/api/games", data=body, content_type="application/json") for c in clients]
        answers = [r.status_code for r in posted]
        assert answers[0] == answers[1] and answers[0] in (201, 400), (answers, body[:500])
        if answers[0] == 201:  # and what each stored reads back the same
            files = [c.get(f"/games/{r.json['id']}/export.json") for c, r in zip(clients, posted)]
            assert [f.status_code for f in files] == [200, 200], body[:500]
            read = [json.loads(f.get_data(as_text=True)) for f in files]
            for file in read:  # when: the time of the post, where the file gives none
                for change in file.get("trail", []):
                    change.pop("at")
            assert read[0] == read[1], body[:500]

    try:
        run()
    finally:
        for app in apps:
            with app.app_context():
                db.session.remove()
                db.engine.dispose()
