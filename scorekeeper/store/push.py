"""Changes pushed as they commit: which games and events changed, to every process that streams
them (PostgreSQL's LISTEN/NOTIFY across processes and servers; in-process on SQLite)."""

# A key names what a stream follows: "g<id>" a game, "e<id>" an event; with it goes the row's
# version after the write. Every write to a game or an event bumps its version (the ORM's
# version counter, or events' own), so the hooks below see each change at its flush:
# - on PostgreSQL the flush queues `pg_notify(CHANNEL, "g12 34")` in the write's own
#   transaction: it is delivered when, and only if, the write commits, to every process that
#   listens, on this server or another. One listening connection per process reads them.
# - on SQLite (one machine) the commit publishes to this process at once, and a watcher reads
#   the followed rows' versions twice a second for writes made by another process.
# The versions only grow, so a stream that missed a message loses nothing: the next one, or
# the version it reads at its start, says where the row is now.

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from typing import Any

from flask import Flask, current_app, has_app_context
from sqlalchemy import bindparam, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from scorekeeper.store.db import db

CHANNEL = "scorekeeper_changes"
WATCH_EVERY = 0.5  # seconds between two looks at the followed rows' versions (SQLite)
RETRY_AFTER = 1.0  # seconds before listening again after the database went away
# seconds between two looks, by a feed, at whether anything is still followed: a process whose
# last stream ended stops listening (its next stream starts a feed again)
IDLE_CHECK = 5.0

log = logging.getLogger(__name__)


def key(kind: str, row_id: int) -> str:
    """The key of a game ("g") or an event ("e")."""
    return f"{kind}{row_id}"


class Waiter:
    """One stream's subscription: set whenever one of its keys changes."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = frozenset(keys)
        self.changed = threading.Event()  # gevent's, where gunicorn's gevent worker patched it


class Broker:
    """This process's streams and the latest version seen of each followed key."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: dict[str, set[Waiter]] = {}
        self._latest: dict[str, int] = {}
        self._feed: Feed | None = None
        self.closing = False  # the server is stopping: every stream ends now

    def subscribe(self, keys: Iterable[str], engine: Engine) -> Waiter:
        waiter = Waiter(keys)
        with self._lock:
            for k in waiter.keys:
                self._waiters.setdefault(k, set()).add(waiter)
            if self._feed is None:
                self._feed = Feed.start(self, engine)
        return waiter

    def unsubscribe(self, waiter: Waiter) -> None:
        with self._lock:
            for k in waiter.keys:
                found = self._waiters.get(k)
                if found is not None:
                    found.discard(waiter)
                    if not found:
                        del self._waiters[k]
                        self._latest.pop(k, None)

    def still_followed(self, feed: Feed) -> bool:
        """Whether `feed` should go on; if nothing is followed any more, it is let go."""
        with self._lock:
            if self._feed is not feed:
                return False
            if not self._waiters:
                self._feed = None
                return False
            return True

    def followed(self) -> list[str]:
        with self._lock:
            return list(self._waiters)

    def latest(self, k: str) -> int | None:
        return self._latest.get(k)

    def publish(self, k: str, version: int) -> None:
        """`k` is at `version` now: its streams wake (an older version changes nothing)."""
        with self._lock:
            if k not in self._waiters or version <= self._latest.get(k, 0):
                return
            self._latest[k] = version
            waiters = list(self._waiters[k])
        for waiter in waiters:
            waiter.changed.set()

    def close(self) -> None:
        """Ends every stream of this process (the server is stopping)."""
        self.closing = True
        with self._lock:
            waiters = {w for ws in self._waiters.values() for w in ws}
        for waiter in waiters:
            waiter.changed.set()

    def streams(self) -> int:
        with self._lock:
            return len({w for ws in self._waiters.values() for w in ws})


def init_app(app: Flask) -> None:
    """Nothing to set up per app: importing this module installs the session hooks below, and
    each app's broker is made with its first stream."""


def follow(versions: dict[str, int]) -> tuple[Broker, Waiter]:
    """A stream's subscription to the rows `versions` names, each at the version its page
    shows; the request's database connection is let go (the stream holds none: the feed
    reads for every stream of the process)."""
    engine = db.engine
    db.session.remove()
    found = broker()
    waiter = found.subscribe(versions, engine)
    for k, v in versions.items():
        found.publish(k, v)  # what it is now, unless another stream knew of something newer
    return found, waiter


def broker() -> Broker:
    """The broker of the app being served (one per app: a test's apps share no streams)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    found = app.extensions.get("push_broker")
    if found is None:
        found = app.extensions.setdefault("push_broker", Broker())
    return found  # type: ignore[no-any-return]


class Feed:
    """What tells the broker of changes made by other processes (started with the first
    stream of a process)."""

    @staticmethod
    def start(broker: Broker, engine: Engine) -> Feed:
        feed: Feed = Listener(broker, engine) if _postgres(engine) else Watcher(broker, engine)
        threading.Thread(target=feed.run, name=type(feed).__name__, daemon=True).start()
        return feed

    def __init__(self, broker: Broker, engine: Engine) -> None:
        self.broker = broker
        self.engine = engine

    def run(self) -> None:
        raise NotImplementedError


class Listener(Feed):
    """PostgreSQL: one connection LISTENs on CHANNEL; each notification wakes its streams."""

    def run(self) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while self.broker.still_followed(self):
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    # changes made while nobody listened: read where the followed rows are
                    self._catch_up()
                    while self.broker.still_followed(self):
                        for note in conn.notifies(timeout=IDLE_CHECK):
                            found = _parsed(note.payload)
                            if found is not None:
                                self.broker.publish(*found)
            except Exception:  # noqa: BLE001 - the database away: listen again in a moment
                log.warning("push: listening again in %s s", RETRY_AFTER, exc_info=True)
                time.sleep(RETRY_AFTER)

    def _catch_up(self) -> None:
        for k, version in read_versions(self.engine, self.broker.followed()):
            self.broker.publish(k, version)


class Watcher(Feed):
    """SQLite: the versions of the followed rows, read every WATCH_EVERY seconds (writes of
    this process are published at their commit already)."""

    def run(self) -> None:
        while self.broker.still_followed(self):
            time.sleep(WATCH_EVERY)
            try:
                for k, version in read_versions(self.engine, self.broker.followed()):
                    self.broker.publish(k, version)
            except Exception:  # noqa: BLE001 - locked or away: look again next time
                log.debug("push: watcher could not read", exc_info=True)


def read_versions(engine: Engine, keys: Iterable[str]) -> list[tuple[str, int]]:
    """The stored versions of the games and events named by `keys`."""
    games = [int(k[1:]) for k in keys if k[0] == "g"]
    events = [int(k[1:]) for k in keys if k[0] == "e"]
    found: list[tuple[str, int]] = []
    with engine.connect() as conn:
        for kind, table, ids in (("g", "game", games), ("e", "event", events)):
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                query = text(f"SELECT id, version FROM {table} WHERE id IN :ids")  # noqa: S608
                query = query.bindparams(bindparam("ids", expanding=True))
                rows = conn.execute(query, {"ids": chunk})
                found.extend((key(kind, int(i)), int(v)) for i, v in rows)
    return found


def _postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def _parsed(payload: str) -> tuple[str, int] | None:
    k, _, version = payload.partition(" ")
    if not k or k[0] not in "ge" or not k[1:].isdigit() or not version.isdigit():
        return None
    return k, int(version)


# --- the writing side: every flush that changes a game or an event --------------------------

_PENDING = "push_pending"
_FLUSHING = "push_flushing"


def changed(session: Session, versions: dict[str, int]) -> None:
    """Tells the streams that these rows are at these versions once the session commits (also
    for writes the ORM does not see, an UPDATE of many games at once)."""
    if not versions:
        return
    connection = session.connection()  # not session.execute: no autoflush inside a flush
    if _postgres(connection.engine):
        for k, version in versions.items():
            connection.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{k} {version}"},
            )
    else:
        pending: dict[str, int] = session.info.setdefault(_PENDING, {})
        for k, version in versions.items():
            pending[k] = max(version, pending.get(k, 0))


@event.listens_for(Session, "before_flush")
def _before_flush(session: Session, context: Any, instances: Any) -> None:
    # the games and events this flush writes; their versions are read after it
    from scorekeeper.store.eventmodels import Event
    from scorekeeper.store.models import Game

    session.info[_FLUSHING] = [
        obj for obj in (*session.new, *session.dirty) if isinstance(obj, (Game, Event))
    ]


@event.listens_for(Session, "after_flush_postexec")
def _after_flush(session: Session, context: Any) -> None:
    from scorekeeper.store.models import Game

    versions: dict[str, int] = {}
    for obj in session.info.pop(_FLUSHING, ()):
        if obj.id is not None and obj.version is not None:
            versions[key("g" if isinstance(obj, Game) else "e", obj.id)] = obj.version
    changed(session, versions)


@event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    pending = session.info.pop(_PENDING, None)
    if pending and has_app_context():
        found = broker()
        for k, version in pending.items():
            found.publish(k, version)


@event.listens_for(Session, "after_rollback")
def _after_rollback(session: Session) -> None:
    session.info.pop(_PENDING, None)
