"""An import runs as a job, outside the request: queued at once, worked off a chunk of games at a
time, its page (its owner's alone) following it to the end, where it says what was stored and
what was refused and why. Interrupted, it goes on from its last chunk and stores no game twice."""

from __future__ import annotations

import html
import json
import time

import pytest
from sqlalchemy.exc import OperationalError

from scorekeeper import create_app
from scorekeeper.gamefile import loads
from scorekeeper.rules import InvalidHand
from scorekeeper.services import importjobs, importworker, transfer
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, ImportJob, Summary
from tests.conftest import signed_up

from .test_history import GAME_A, GAME_B
from .test_import_limits import expire_leases, family
from .test_transfer import upload, worked, zipped


class Killed(BaseException):
    """The worker's process killed in the middle of a chunk: nothing of it is committed."""


def games(app) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        return db.session.execute(db.select(db.func.count(Game.id))).scalar_one()


def page_of(client, r) -> str:  # type: ignore[no-untyped-def]
    answer = client.get(r.headers["Location"])
    assert answer.status_code == 200
    return html.unescape(answer.get_data(as_text=True))


def test_an_upload_is_queued_at_once_and_its_page_follows_it_to_the_end(app, client):
    long_name = {**GAME_A, "players": ["A" * 61, "Bartek", "Celina"]}
    bad_points = {**GAME_B, "hands": [{"declarer": 0, "bid": 120, "points": [100, 10, 5]}]}
    files = {
        "a.json": json.dumps(GAME_A).encode(),
        "b.json": json.dumps(GAME_B).encode(),
        "points.json": json.dumps(bad_points).encode(),
        "name.json": json.dumps(long_name).encode(),
    }
    r = upload(client, "family.zip", zipped(files))
    assert r.status_code == 302 and r.headers["Location"].startswith("/import/")
    page = page_of(client, r)
    assert "Import of family.zip" in page and "Waiting to start." in page
    assert 'data-running="1"' in page and "You can leave this page" in page
    assert f'href="{r.headers["Location"]}">Check again' in page  # without JavaScript
    assert games(app) == 0  # nothing stored in the request
    listed = client.get("/import").get_data(as_text=True)
    assert f'href="{r.headers["Location"]}">family.zip' in listed and "Waiting to start." in listed

    page = worked(app, client, r)
    assert "Finished." in page and "data-running" not in page
    assert "2 games stored; 0 already here, not imported again; 2 refused" in page
    assert "points.json: hand 1: card points must add up to 120, got 115" in page
    # a problem whose words hold words of their own (the bound of a name) reads as the rules
    # say it, kept as its template and values until the page is drawn
    with pytest.raises(InvalidHand) as refused:
        loads(files["name.json"])
    assert f"name.json: {refused.value.problems[0].located()}" in page
    assert games(app) == 2
    with app.app_context():
        job = db.session.execute(db.select(ImportJob)).scalar_one()
        assert job.state == "done" and job.done == 4 and job.data is None  # the file is gone
    # in another language, the reasons too
    polish = client.get(r.headers["Location"], headers={"Accept-Language": "pl"})
    said = html.unescape(polish.get_data(as_text=True))
    assert 'lang="pl"' in said and "points.json: " in said
    assert "card points must add up to 120" not in said
    # the counts are a sentence of their own: a capital, also where Polish puts the verb first
    assert "<p>Zapisano 2 partie;" in said


def test_an_import_is_its_owners_alone(app, client, anon):
    r = upload(client, "game.json", json.dumps(GAME_A).encode())
    url = r.headers["Location"]
    stranger = signed_up(app, "mallory")
    for when in ("queued", "done"):
        assert stranger.get(url).status_code == 404, when
        assert url not in stranger.get("/import").get_data(as_text=True), when
        answer = anon.get(url)
        assert answer.status_code == 302 and "/signin" in answer.headers["Location"], when
        assert client.get(url).status_code == 200, when
        worked(app, client, r)
    assert client.get(url[: url.rindex("/") + 1] + "99999").status_code == 404


def test_an_interrupted_job_goes_on_from_its_last_chunk_and_stores_no_game_twice(
    app, client, monkeypatch
):
    monkeypatch.setattr(importjobs, "CHUNK_GAMES", 3)
    real, calls = transfer.store_chunk, iter(range(100))

    def killed_in_the_third(*args):  # type: ignore[no-untyped-def]
        real(*args)
        if next(calls) == 2:
            raise Killed()  # written, not committed

    monkeypatch.setattr(transfer, "store_chunk", killed_in_the_third)
    r = upload(client, "family.zip", family(10))
    with app.app_context():
        first = importjobs.claim()
        assert first is not None
        with pytest.raises(Killed):
            importjobs.work(first)
        db.session.rollback()  # as the database does for a connection that died
    monkeypatch.setattr(transfer, "store_chunk", real)
    assert games(app) == 6
    page = page_of(client, r)
    assert "Storing: 6 of 10 game files read." in page and "6 games stored" in page
    with app.app_context():
        assert importjobs.claim() is None  # its lease runs yet: nobody takes it up

    expire_leases(app)
    assert "Interrupted: it goes on from where it stopped" in page_of(client, r)
    with app.app_context():
        second = importjobs.claim()
        assert second is not None and second.token != first.token
        # the first worker comes back: its next commit finds the job taken, and stores nothing
        with pytest.raises(importjobs.Lost):
            importjobs.work(first)
        assert games(app) == 6
        importjobs.work(second)
    page = page_of(client, r)
    assert "Finished." in page and "10 games stored; 0 already here" in page
    with app.app_context():
        prints = [s["fingerprint"] for s in db.session.execute(db.select(Summary.data)).scalars()]
    assert len(prints) == len(set(prints)) == 10  # each game once


def test_one_accounts_imports_take_turns_and_no_two_workers_take_the_same(app, client):
    other = signed_up(app, "other")
    mine = [
        upload(client, f"{i}.json", json.dumps(g).encode()) for i, g in enumerate((GAME_A, GAME_B))
    ]
    theirs = upload(other, "a.json", json.dumps(GAME_A).encode())
    ids = [int(r.headers["Location"].rsplit("/", 1)[1]) for r in (*mine, theirs)]
    with app.app_context():
        a, b = importjobs.claim(), importjobs.claim()
        assert a is not None and b is not None
        # the account's second import waits for its first; the other account's goes meanwhile
        assert (a.job_id, b.job_id) == (ids[0], ids[2])
        assert importjobs.claim() is None
        importjobs.work(a)
        c = importjobs.claim()
        assert c is not None and c.job_id == ids[1]
        importjobs.work(b)
        importjobs.work(c)
        assert importjobs.claim() is None
    assert games(app) == 3


def test_an_import_that_keeps_stopping_its_worker_is_given_up_saying_what_is_stored(
    app, client, monkeypatch
):
    monkeypatch.setattr(importjobs, "CHUNK_GAMES", 2)
    real, calls = transfer.store_chunk, iter(range(100))

    def killed_after_the_first(*args):  # type: ignore[no-untyped-def]
        real(*args)
        if next(calls) > 0:
            raise Killed()

    monkeypatch.setattr(transfer, "store_chunk", killed_after_the_first)
    r = upload(client, "family.zip", family(6))
    for _ in range(importjobs.TRIES + 2):  # one that moved on, TRIES that did not, the last
        with app.app_context():
            lease = importjobs.claim()
            assert lease is not None
            try:
                importjobs.work(lease)
            except Killed:
                db.session.rollback()
        expire_leases(app)
    page = page_of(client, r)
    assert "Stopped before the end." in page and "2 games stored" in page
    assert "its worker was stopped 5 times in a row" in page
    assert "data-running" not in page and games(app) == 2


def test_more_imports_than_an_account_may_have_waiting_are_refused_at_the_field(
    app, client, monkeypatch
):
    monkeypatch.setattr(importjobs, "FINISHED_KEPT", 2)
    for i in range(importjobs.UNFINISHED_MAX):
        assert upload(client, f"{i}.json", json.dumps(GAME_A).encode()).status_code == 302
    r = upload(client, "more.json", json.dumps(GAME_B).encode())
    page = html.unescape(r.get_data(as_text=True))
    assert r.status_code == 429 and r.headers["Retry-After"] == "30"
    assert 'id="file-error">3 imports of yours are waiting or running' in page
    with app.app_context():
        assert importjobs.work_all() == importjobs.UNFINISHED_MAX
    assert upload(client, "more.json", json.dumps(GAME_B).encode()).status_code == 302
    # of the finished reports the newest are kept: the oldest went when this one was queued
    listed = client.get("/import").get_data(as_text=True)
    assert "more.json" in listed and "2.json" in listed and "1.json" in listed
    assert "0.json" not in listed


def test_the_worker_thread_works_the_queue_rides_out_the_database_and_stops_with_its_app(
    database_url, monkeypatch
):
    """The thread the served app runs works the queue by itself (the tests' other apps have
    none: they work the queue themselves). The database failing under it, it tries again
    with the job it holds, well before its lease would let another worker take it; and it
    ends with its app."""
    monkeypatch.setattr(importworker, "POLL", 0.05)
    monkeypatch.setattr(importjobs, "CHUNK_GAMES", 2)
    real, calls = transfer.store_chunk, iter(range(100))

    def fails_once(*args):  # type: ignore[no-untyped-def]
        real(*args)
        if next(calls) == 1:  # written, then the database goes away before the commit
            raise OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr(transfer, "store_chunk", fails_once)
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            "IMPORT_WORKER": True,
        }
    )
    try:
        assert "import_worker" not in app.extensions  # not at import, nor at the app's making
        client = signed_up(app)
        worker = app.extensions["import_worker"]
        assert worker.is_alive()
        r = upload(client, "family.zip", family(6))
        deadline = time.monotonic() + importjobs.LEASE.total_seconds() / 2
        while "Finished." not in (page := page_of(client, r)):
            assert time.monotonic() < deadline, page
            time.sleep(0.1)
        assert "6 games stored" in page and games(app) == 6
    finally:
        importworker.stop(app)
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    assert not worker.is_alive()
