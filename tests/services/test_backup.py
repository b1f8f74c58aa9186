"""Backups: taken while a phone logs hands, restored whole or not at all, on SQLite and
PostgreSQL and from one to the other."""

from __future__ import annotations

import gzip
import io
import json
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, text

from scorekeeper import create_app
from scorekeeper.services import backup
from scorekeeper.store.db import db
from scorekeeper.store.models import AccountSession, Line, Revision
from scorekeeper.store.scoreboards import boards
from tests.conftest import PASSWORD, _emptied, pg_database, signed_up

CONFIG = {
    "TESTING": True,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
    "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
    "SIGNUPS_PER_HOUR": 0,
}
GAME = {"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["Ala", "Bartek", "Celina"]}


def wait_for(condition: Callable[[], bool], seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.005)


@dataclass(frozen=True)
class Ack:
    """One write the server acknowledged, with the game as its answer showed it."""

    game: int
    version: int
    board: tuple[Any, ...]  # (totals, lines)
    sent: float  # monotonic: when the request left
    answered: float


def board_of(answer: dict[str, Any]) -> tuple[Any, ...]:
    return (tuple(answer["totals"]), len(answer["hands"]))


class Phone(threading.Thread):
    """A scorer logging hands through the API round its games as fast as it is answered (a
    hand, then an agreed adjustment that takes it back, so no game ever ends)."""

    def __init__(self, client: Any, games: dict[int, dict[str, Any]]) -> None:
        super().__init__(daemon=True)
        self.client, self.last = client, games
        self.acks: list[Ack] = []
        self.stop = threading.Event()
        self.failure: str | None = None

    def post(self, game: int, body: dict[str, Any]) -> None:
        sent = time.monotonic()
        r = self.client.post(f"/api/games/{game}/hands", json=body)
        if r.status_code != 201:
            raise AssertionError(f"{r.status_code} {r.get_data(as_text=True)}")
        self.last[game] = r.json
        self.acks.append(Ack(game, r.json["version"], board_of(r.json), sent, time.monotonic()))

    def step(self, game: int) -> None:
        dealers = [h["dealer"] for h in self.last[game]["hands"] if h["dealer"] is not None]
        opener = (dealers[-1] + 2) % 3 if dealers else 0  # Celina deals first: Ala opens
        points = [10, 10, 10]
        points[opener] = 100
        self.post(game, {"declarer": opener, "bid": 100, "points": points})
        scores = self.last[game]["hands"][-1]["scores"]
        self.post(game, {"adjustment": [-s for s in scores], "reason": "back to zero"})

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                for game in list(self.last):
                    self.step(game)
        except Exception as e:  # noqa: BLE001 - the test reports it
            self.failure = repr(e)


def start_games(client: Any, count: int, rounds: int) -> Phone:
    """`count` games of `rounds` hands (and their adjustments) each, and the phone that
    logged them, not yet started."""
    games = {}
    for _ in range(count):
        r = client.post("/api/games", json={**GAME, "first_dealer": 2})
        assert r.status_code == 201, r.get_data(as_text=True)
        games[r.json["id"]] = client.get(f"/api/games/{r.json['id']}").json
    phone = Phone(client, games)
    for _ in range(rounds):
        for game in games:
            phone.step(game)
    return phone


class HeldOpen(io.BytesIO):
    """The backup's file: its first write, made once the backup has begun to read, waits for
    the phone to get `more` writes acknowledged, so that they land in the middle of it."""

    def __init__(self, phone: Phone, more: int) -> None:
        super().__init__()
        self.phone, self.more = phone, more
        self.opened: float | None = None

    def write(self, data: Any) -> int:
        if self.opened is None:
            self.opened = time.monotonic()
            wanted = len(self.phone.acks) + self.more
            wait_for(lambda: len(self.phone.acks) >= wanted or self.phone.failure is not None)
        return super().write(data)


def options(url: str) -> dict[str, Any]:
    return {"pool_pre_ping": True}


def restored_app(url: str) -> Any:
    return create_app({**CONFIG, "SQLALCHEMY_DATABASE_URI": url, "AUTO_MIGRATE": False})


def closed(app: Any) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def fresh_url(database_url: str, tmp_path: Path) -> Iterator[str]:
    """A database of the same engine with nothing in it, not even a schema."""
    if database_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'restored.sqlite'}"
        return
    with pg_database() as url:
        yield url


def test_a_backup_taken_while_hands_are_written_has_every_hand_acknowledged_before_it(
    app: Any, database_url: str, fresh_url: str
) -> None:
    client = signed_up(app)
    phone = start_games(client, count=3, rounds=1)
    phone.start()
    wait_for(lambda: len(phone.acks) >= 6 or phone.failure is not None)
    file = HeldOpen(phone, more=6)
    asked = time.monotonic()
    backup.take(database_url, options(database_url), file)
    wait_for(lambda: len(phone.acks) >= 6 + 6 + 12 + 4 or phone.failure is not None)
    phone.stop.set()
    phone.join(10)
    assert phone.failure is None, phone.failure
    assert file.opened is not None
    during = [a for a in phone.acks if a.sent > file.opened]
    assert len(during) >= 6  # written while the backup was reading, then after it

    data = file.getvalue()
    with pytest.raises(backup.Damaged):
        backup.restore(fresh_url, options(fresh_url), io.BytesIO(data[:-20]))
    copy = restored_app(fresh_url)
    with copy.app_context(), db.engine.connect() as conn:
        # not even the schema was kept: the failed restore left the database as it found it
        assert db.engine.dialect.get_table_names(conn) == []
    closed(copy)
    restored = backup.restore(fresh_url, options(fresh_url), io.BytesIO(data))
    assert restored.rows > 0
    reader = copy.test_client()
    r = reader.post("/signin", data={"username": "tester", "password": PASSWORD})
    assert r.status_code == 302  # the account came back, its password too
    for game in phone.last:
        answer = reader.get(f"/api/games/{game}").json
        mine = [a for a in phone.acks if a.game == game]
        # every write acknowledged before the backup was asked for is in it; none sent after
        # it began to read is (one moment: nothing half-written, no game half in it)
        must = max(a.version for a in mine if a.answered < asked)
        never = min((a.version for a in mine if a.sent > file.opened), default=10**9)
        assert must <= answer["version"] < never, (game, must, answer["version"], never)
        # and the game is what the app showed at that version: the same totals, every line
        at = {a.version: a.board for a in mine}
        assert board_of(answer) == at[answer["version"]]
    closed(copy)


@pytest.fixture
def other_url(database_url: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database at the head of the migrations on the other engine."""
    if database_url.startswith("sqlite"):
        url = request.getfixturevalue("pg_migrated")
        _emptied(url)
        return str(url)
    path = tmp_path / "other.sqlite"
    shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
    return f"sqlite:///{path}"


def test_a_backup_moves_between_sqlite_and_postgresql_and_ids_go_on(
    app: Any, database_url: str, other_url: str
) -> None:
    client = signed_up(app)
    phone = start_games(client, count=2, rounds=2)
    game = next(iter(phone.last))
    # the last line deleted: the trail names its id, which must never be given again
    assert client.delete(f"/api/games/{game}/hands/4?reason=dealt+twice").status_code == 200
    with app.app_context():
        before = dict(boards())
        named = db.session.execute(select(func.max(Revision.line_id))).scalar_one()
        db.session.remove()
    file = io.BytesIO()
    backup.take(database_url, options(database_url), file)
    backup.restore(other_url, options(other_url), io.BytesIO(file.getvalue()))

    copy = restored_app(other_url)
    with copy.app_context():
        assert dict(boards()) == before  # every game's totals as the rules derive them
        # nobody is signed in on the copy: a session ended since the backup cannot come back
        assert db.session.execute(select(func.count(AccountSession.id))).scalar_one() == 0
    phone.client = copy.test_client()
    phone.client.post("/signin", data={"username": "tester", "password": PASSWORD})
    phone.step(game)
    r = phone.client.post("/api/games", json=GAME)
    assert r.status_code == 201 and r.json["id"] > max(before)  # a fresh game id too
    with copy.app_context():
        newest = db.session.execute(select(func.max(Line.id))).scalar_one()
        history = phone.client.get(f"/api/games/{game}").json
        assert newest > named and len(history["hands"]) == 5
    closed(copy)


def unchanged(app: Any) -> Callable[[], None]:
    """A check that the database of `app` still shows every game as it does now."""
    with app.app_context():
        now = dict(boards())
        db.session.remove()

    def check() -> None:
        with app.app_context():
            assert dict(boards()) == now
            db.session.remove()

    return check


def rewritten(data: bytes, change: Callable[[list[Any]], None]) -> bytes:
    """The backup with its lines (as JSON) changed by `change`."""
    lines = [json.loads(x) for x in gzip.decompress(data).splitlines()]
    change(lines)
    return gzip.compress(b"".join(json.dumps(x).encode() + b"\n" for x in lines))


def _twice_the_first_player(lines: list[Any]) -> None:
    """A row of the player table given twice, the counts mended: a well-formed file whose
    rows the schema refuses (the same id twice) once half of it is in."""
    start = next(
        i for i, x in enumerate(lines) if isinstance(x, dict) and x.get("table") == "player"
    )
    batch = lines[start + 1]  # the table's rows, a few hundred to a line
    batch.insert(1, batch[0])
    for x in lines:
        if isinstance(x, dict) and x.get("end") == "player":
            x["rows"] += 1
        if isinstance(x, dict) and x.get("end") == "thousand-scorekeeper-backup":
            x["rows"] += 1


def test_a_restore_refuses_what_it_cannot_keep_whole_and_changes_nothing(
    app: Any, database_url: str
) -> None:
    client = signed_up(app)
    phone = start_games(client, count=2, rounds=2)
    file = io.BytesIO()
    backup.take(database_url, options(database_url), file)
    taken = file.getvalue()
    with app.app_context():
        at_backup = dict(boards())
        db.session.remove()
    phone.step(next(iter(phone.last)))  # the database moves on past the backup
    same = unchanged(app)
    closed(app)

    def restore(data: bytes, replace: bool = True) -> None:
        backup.restore(database_url, options(database_url), io.BytesIO(data), replace)

    with pytest.raises(backup.Refused, match="not empty"):
        restore(taken, replace=False)
    with pytest.raises(backup.NewerSchema, match="newer version"):
        restore(rewritten(taken, lambda lines: lines[0].update(revision="ffffffffffff")))
    with pytest.raises(backup.Damaged, match="cut short"):
        restore(taken[: len(taken) // 2])
    middle = len(taken) // 2
    with pytest.raises(backup.Damaged):
        restore(taken[:middle] + bytes([taken[middle] ^ 0x55]) + taken[middle + 1 :])
    with pytest.raises(backup.NotABackup):
        restore(json.dumps(GAME).encode())
    with pytest.raises(backup.Damaged, match="refused"):
        restore(rewritten(taken, _twice_the_first_player))
    same()  # even told to replace, a file that cannot be restored whole changes nothing

    done = backup.restore(database_url, options(database_url), io.BytesIO(taken), True)
    assert done.replaced["game"] == 2
    with app.app_context():
        assert dict(boards()) == at_backup  # the hand logged since is gone, as told
        db.session.remove()


def test_a_backup_of_an_older_version_is_restored_and_upgraded(
    database_url: str, tmp_path: Path
) -> None:
    from flask_migrate import upgrade

    from scorekeeper.store.db import MIGRATIONS

    old_url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    old = create_app({**CONFIG, "SQLALCHEMY_DATABASE_URI": old_url, "AUTO_MIGRATE": False})
    t = {"t": "2026-01-01"}
    with old.app_context():
        upgrade(directory=MIGRATIONS, revision="b7d41c2e9f03")  # before the rematches' index
        with db.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO account (id, username, password_hash, created_at) "
                    "VALUES (1, 'family', '-', :t)"
                ),
                t,
            )
            for i, name in enumerate(("Ala", "Bartek", "Celina"), start=1):
                conn.execute(
                    text(
                        "INSERT INTO player (id, account_id, name, key, created_at) "
                        "VALUES (:i, 1, :n, :k, :t)"
                    ),
                    {"i": i, "n": name, "k": name.lower(), **t},
                )
            conn.execute(
                text(
                    "INSERT INTO game (id, variant, options, first_dealer, created_at, "
                    "updated_at, version, owner_id) VALUES (1, 'pl-3', '{}', 2, :t, :t, 2, 1)"
                ),
                t,
            )
            for seat in range(3):
                conn.execute(
                    text("INSERT INTO seat (game_id, position, player_id) VALUES (1, :s, :p)"),
                    {"s": seat, "p": seat + 1},
                )
            conn.execute(
                text(
                    "INSERT INTO line (id, game_id, position, kind, dealer, declarer, bid, "
                    "give_up, blind, reason, created_at) "
                    "VALUES (1, 1, 1, 'hand', 2, 0, 100, false, false, '', :t)"
                ),
                t,
            )
            for seat, points in enumerate((100, 10, 10)):
                conn.execute(
                    text("INSERT INTO entry (line_id, seat, points) VALUES (1, :s, :p)"),
                    {"s": seat, "p": points},
                )
        db.session.remove()
        db.engine.dispose()
    file = io.BytesIO()
    backup.take(old_url, {}, file)

    done = backup.restore(database_url, options(database_url), io.BytesIO(file.getvalue()))
    assert done.header.revision == "b7d41c2e9f03" and done.upgraded_to is not None
    app = restored_app(database_url)
    with app.app_context():
        ((gid, board),) = boards()
        assert (gid, board.totals, board.players) == (1, (100, 10, 10), ("Ala", "Bartek", "Celina"))
    closed(app)


def test_no_schema_to_back_up_is_refused(tmp_path: Path) -> None:
    with pytest.raises(backup.Refused, match="no Thousand Scorekeeper schema"):
        backup.take(f"sqlite:///{tmp_path / 'nothing.sqlite'}", {}, io.BytesIO())
