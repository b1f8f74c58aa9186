"""A worker boots without its database, answers 503 with Retry-After while it is away (JSON on
the API), stores nothing meanwhile, and serves again by itself when it is back."""

from __future__ import annotations

import re
import runpy
import socket
import sqlite3
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from sqlalchemy import inspect
from sqlalchemy.engine import make_url

from scorekeeper import create_app
from scorekeeper.store.db import db
from tests.conftest import PASSWORD

from .helpers import hand, new_game, stored_lines, version_token

HAND = {"declarer": "1", "bid": "100", "dealer": "0", "points-0": "10", "points-1": "100"}
HAND["points-2"] = "10"
SIGNUP = {"username": "ala", "password": PASSWORD, "confirm": PASSWORD}
ROOT = Path(__file__).resolve().parents[2]


class Proxy:
    """127.0.0.1:<port> forwarded to a server; `down()` refuses new connections and drops the
    live ones, as a stopped PostgreSQL does."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.is_up = True
        self.live: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            if not self.is_up:
                near.close()
                continue
            far = socket.create_connection(self.target)
            with self.lock:
                self.live += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def down(self) -> None:
        self.is_up = False
        with self.lock:
            for s in self.live:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
            self.live.clear()

    def up(self) -> None:
        self.is_up = True

    def close(self) -> None:
        self.down()
        self.listener.close()


def _config(url: str) -> dict[str, object]:
    return {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": url,
        "SECRET_KEY": "test",
        "WTF_CSRF_ENABLED": False,
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        "AUTO_MIGRATE": False,  # as under gunicorn: the schema is `scorekeeper upgrade`'s
    }


def _dispose(app) -> None:  # type: ignore[no-untyped-def]
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _assert_503(r, lang: str = "en") -> None:  # type: ignore[no-untyped-def]
    assert r.status_code == 503 and r.headers["Retry-After"] == "5", r.status_code
    if r.mimetype == "application/json":
        assert r.get_json()["errors"] == ["the database is unavailable; try again in a few seconds"]
    else:
        assert f'<html lang="{lang}">' in r.get_data(as_text=True)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_worker_booted_while_postgresql_is_down_answers_503_then_serves(database_url):
    _dispose(create_app({**_config(database_url), "AUTO_MIGRATE": True}))  # the deployment step
    target = make_url(database_url)
    proxy = Proxy(target.host or "127.0.0.1", target.port or 5432)
    try:
        proxy.down()
        url = target.set(host="127.0.0.1", port=proxy.port).render_as_string(False)
        app = create_app(_config(url))  # boots: it does not touch the database
        phone = app.test_client()
        _assert_503(phone.post("/signup", data=SIGNUP, headers={"Accept-Language": "pl"}), "pl")
        proxy.up()
        assert phone.post("/signup", data=SIGNUP).status_code == 302
        game = new_game(phone)
        api = f"/api/games/{game.rsplit('/', 1)[1]}"
        phone.post(f"{game}/share", data=version_token(phone, f"{game}/share"))
        live = re.search(r'(/live/\d+/[^"]+)"', phone.get(f"{game}/share").get_data(as_text=True))
        assert live
        check = {"If-None-Match": phone.get(f"{live[1]}/state").headers["ETag"]}
        assert phone.get(f"{live[1]}/state", headers=check).status_code == 304  # its own connection
        proxy.down()  # every pooled connection dies with it, and the live check's own
        _assert_503(phone.get(f"{live[1]}/state", headers=check))
        _assert_503(phone.get(game))  # the session's account is loaded first: Flask-Login's loader
        _assert_503(phone.get(api))
        _assert_503(phone.get("/no/such/page"))  # its 404 page would have loaded the account
        _assert_503(phone.post(f"{game}/hands/new", data=HAND))
        _assert_503(phone.post(f"{api}/hands", json={"declarer": 1, "points": [10, 100, 10]}))
        proxy.up()  # pool_pre_ping replaces the dead connections
        assert phone.get(f"{live[1]}/state", headers=check).status_code == 304  # a new one
        assert phone.get(game).status_code == 200
        assert phone.get(api).get_json()["hands"] == []
        with app.app_context():
            assert stored_lines() == 0
        _dispose(app)
    finally:
        proxy.close()


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_locked_sqlite_is_503_for_writes_until_it_is_free(app, client, monkeypatch):
    monkeypatch.setattr("scorekeeper.store.db.SQLITE_BUSY_MS", 50)  # not 5 s a request in a test
    _dispose(app)  # new connections take the short wait
    game = new_game(client)
    api = f"/api/games/{game.rsplit('/', 1)[1]}"
    path = urlsplit(app.config["SQLALCHEMY_DATABASE_URI"]).path
    locker = sqlite3.connect(path, isolation_level=None)
    try:
        locker.execute("BEGIN EXCLUSIVE")  # another process in a long write
        _assert_503(hand(client, game, [10, 100, 10], declarer=1, bid=100))
        _assert_503(client.post(f"{api}/hands", json={"declarer": 1, "points": [10, 100, 10]}))
        assert client.get(game).status_code == 200  # WAL: the score can still be read
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert hand(client, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    with app.app_context():
        assert stored_lines() == 1


def test_create_app_does_not_touch_the_database_unless_asked(tmp_path, monkeypatch):
    free = socket.create_server(("127.0.0.1", 0))
    closed_port = free.getsockname()[1]
    free.close()
    nowhere = f"postgresql+psycopg://postgres@127.0.0.1:{closed_port}/none"
    create_app(_config(nowhere))  # a worker boots while PostgreSQL is away
    empty = f"sqlite:///{tmp_path / 'empty.sqlite'}"
    config = {k: v for k, v in _config(empty).items() if k != "AUTO_MIGRATE"}
    monkeypatch.setenv("SERVER_SOFTWARE", "gunicorn/23.0.0")  # as gunicorn's master sets it
    app = create_app(config)
    with app.app_context():
        assert inspect(db.engine).get_table_names() == []
    _dispose(app)
    monkeypatch.delenv("SERVER_SOFTWARE")
    monkeypatch.setenv("AUTO_MIGRATE", "0")
    app = create_app(config)
    with app.app_context():
        assert inspect(db.engine).get_table_names() == []
    _dispose(app)
    monkeypatch.delenv("AUTO_MIGRATE")
    app = create_app(config)  # a test, a script: it brings the schema up itself
    with app.app_context():
        assert "game" in inspect(db.engine).get_table_names()
    _dispose(app)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_postgresql_that_accepts_but_never_answers_is_a_503_before_the_worker_is_killed(
    database_url,
):
    """A paused database host (the TCP handshake done by the kernel, no server answering) must
    not hold the worker until gunicorn kills it: libpq's connect_timeout (5 s a try) ends each
    try, and the request is answered 503 within gunicorn's timeout."""
    silent = socket.create_server(("127.0.0.1", 0))
    url = make_url(database_url).set(host="127.0.0.1", port=silent.getsockname()[1])
    worker_timeout = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["timeout"]
    answers: list[object] = []
    try:
        app = create_app(_config(url.render_as_string(False)))
        client = app.test_client()
        asking = threading.Thread(
            target=lambda: answers.append(client.post("/signup", data=SIGNUP)), daemon=True
        )
        asking.start()
        asking.join(worker_timeout)  # the answer, or gunicorn's kill
        assert answers, f"no answer within gunicorn's timeout ({worker_timeout} s)"
        _assert_503(answers[0])
        _dispose(app)
    finally:
        silent.close()
