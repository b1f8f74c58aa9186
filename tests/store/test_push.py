"""What tells the streams of each write (store/push.py): only what commits, and nothing lost when
the database drops the listening connection."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import text

from scorekeeper.store import push
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from tests.web.helpers import hand, new_game


def _game(client: Any) -> int:
    return int(new_game(client).split("/")[-1])


def _version(app: Any, game_id: int) -> int:
    with app.app_context():
        found = db.session.get(Game, game_id)
        assert found is not None
        return found.version


def _wait(waiter: push.Waiter, broker: push.Broker, key: str, version: int) -> bool:
    """Whether the broker learns that `key` is at `version` within 10 s."""
    end = time.monotonic() + 10
    while time.monotonic() < end:
        if (broker.latest(key) or 0) >= version:
            return True
        waiter.changed.wait(0.2)
        waiter.changed.clear()
    return False


def test_a_committed_write_wakes_the_streams_and_a_rolled_back_one_does_not(
    app: Any, client: Any
) -> None:
    game = _game(client)
    key = push.key("g", game)
    with app.app_context():
        broker = push.broker()
        waiter = broker.subscribe([key], db.engine)
        broker.publish(key, _version(app, game))
        waiter.changed.clear()
        # a write that rolls back tells nobody
        row = db.session.get(Game, game)
        assert row is not None
        row.abandoned_at = row.created_at
        db.session.flush()
        db.session.rollback()
        assert not waiter.changed.wait(1.0)
    before = _version(app, game)
    assert hand(client, f"/games/{game}", [10, 100, 10], declarer=1, bid=100).status_code == 302
    with app.app_context():
        assert _wait(waiter, broker, key, before + 1)
        broker.unsubscribe(waiter)


def test_a_listener_cut_off_by_the_database_listens_again_and_catches_up(
    app: Any, client: Any
) -> None:
    game = _game(client)
    key = push.key("g", game)
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            return  # SQLite's watcher reads the versions themselves (the first test)
        broker = push.broker()
        waiter = broker.subscribe([key], db.engine)
        broker.publish(key, _version(app, game))
        assert _wait(waiter, broker, key, _version(app, game))
        # the database ends the listening connection (a restart, a failover), once it listens
        ended: list[Any] = []
        end = time.monotonic() + 10
        while not ended and time.monotonic() < end:
            with db.engine.connect() as conn:
                ended = list(
                    conn.execute(
                        text(
                            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                            "WHERE query LIKE 'LISTEN %' AND datname = current_database()"
                        )
                    )
                )
                conn.commit()
            if not ended:
                waiter.changed.wait(0.1)  # the listener connects in its own thread
        assert ended, "the listening connection was found and ended"
    # ... and a hand is stored while nobody listens
    before = _version(app, game)
    assert hand(client, f"/games/{game}", [10, 100, 10], declarer=1, bid=100).status_code == 302
    with app.app_context():
        assert _wait(waiter, broker, key, before + 1), "caught up after listening again"
        broker.unsubscribe(waiter)
