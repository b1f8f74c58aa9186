"""Imports that cannot hurt the host: a zip that lies about its sizes, a huge game, every kind of
damaged archive refused with a message and nothing stored, bounded memory and time in the request
and in the job; a big archive still imports, in chunks, and one interrupted goes on from its last
chunk; CSV cells never run as formulas."""

from __future__ import annotations

import csv
import io
import itertools
import json
import struct
import time
import tracemalloc
import warnings
import zipfile
import zlib
from datetime import UTC, datetime
from functools import cache

import pytest
from sqlalchemy import func
from sqlalchemy.exc import OperationalError

from scorekeeper.gamefile import archive as uploads
from scorekeeper.gamefile import parts as fileparts
from scorekeeper.services import importjobs, transfer
from scorekeeper.services.summaries import summary_data
from scorekeeper.store.db import db
from scorekeeper.store.models import Account, Entry, Game, Line, Player, Revision, Summary
from tests.conftest import signed_up

from .helpers import new_game, version_token
from .test_concurrency import _at_once, _phones
from .test_history import GAME_A, GAME_B, post
from .test_transfer import imported, upload, worked, zipped

MB = 1024 * 1024
# what "fast" means here: seconds, not the minutes (or the swap) of reading a bomb whole. Under
# tracemalloc and on a shared 2-core machine running the browser tests beside it, 10-15 s were
# seen for 1-3 s of work: the bound is for a hang, the figures are in bench/imports.py
QUICK = 60


def counts(app) -> dict[str, int]:  # type: ignore[no-untyped-def]
    with app.app_context():
        return {
            m.__name__: db.session.execute(db.select(db.func.count()).select_from(m)).scalar()
            for m in (Game, Line, Entry, Player, Revision, Summary)
        }


def raw_zip(
    name: str, packed: bytes, crc: int, size: int, method: int = 8, flags: int = 0
) -> bytes:
    """A one-member zip written by hand, its headers saying whatever they are given."""
    n = name.encode()
    local = struct.pack(
        "<4s5H3L2H", b"PK\x03\x04", 20, flags, method, 0, 0x21, crc, len(packed), size, len(n), 0
    )
    central = struct.pack(
        "<4s6H3L5H2L",
        b"PK\x01\x02",
        20,
        20,
        flags,
        method,
        0,
        0x21,
        crc,
        len(packed),
        size,
        len(n),
        0,
        0,
        0,
        0,
        0,
        0,
    )
    body = local + n + packed
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 1, 1, len(central) + len(n), len(body), 0)
    return body + central + n + end


@cache
def bomb(megabytes: int = 400) -> tuple[bytes, int]:
    """Deflated zeros, `megabytes` of them unpacked, and their CRC (some 400 kB packed). After
    a full flush the compressor starts afresh, so every further megabyte packs to the same
    bytes: packed once and repeated, not 400 times (2 s)."""
    squeeze, block = zlib.compressobj(9, zlib.DEFLATED, -15), bytes(MB)
    first = squeeze.compress(block) + squeeze.flush(zlib.Z_FULL_FLUSH)
    again = squeeze.compress(block) + squeeze.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(megabytes):
        crc = zlib.crc32(block, crc)
    return first + again * (megabytes - 1) + squeeze.flush(), crc


def measured(app, client, name: str, data: bytes):  # type: ignore[no-untyped-def]
    """The status of the upload and what it said (the import's page once worked off, when it
    was queued), with the seconds and the peak of memory allocated by the request and the job
    together. The peak is measured on SQLite alone (0 on PostgreSQL): tracemalloc doubles the
    time, and what it watches (the archive read, the problems kept) is the same on both."""
    traced = app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")
    if traced:
        tracemalloc.start()
    start = time.perf_counter()
    try:
        r = upload(client, name, data)
        if r.status_code == 302:
            with app.app_context():
                importjobs.work_all()
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] if traced else 0
    finally:
        if traced:
            tracemalloc.stop()
    said = r.get_data(as_text=True)
    if r.status_code == 302:
        said = client.get(r.headers["Location"]).get_data(as_text=True)
    return r.status_code, said, seconds, peak


@pytest.mark.parametrize("claimed", [1000, uploads.MAX_MEMBER - 1])
def test_a_zip_that_lies_about_its_size_is_refused_fast_in_little_memory(app, client, claimed):
    packed, crc = bomb()
    data = raw_zip("game.json", packed, crc, claimed)
    assert len(data) < 500_000  # 400 MB unpacked
    before = counts(app)
    status, said, seconds, peak = measured(app, client, "bomb.zip", data)
    assert status == 422  # in the request: nothing queued
    assert "game.json: damaged or cut short in the archive" in said
    assert seconds < QUICK and peak < 300 * MB  # z.read() took 400 MB here, 6.2 GB on the host
    assert counts(app) == before


def test_an_honest_big_member_and_too_much_in_all_are_refused_by_their_claims(app, client):
    packed, crc = bomb(5)
    r = upload(client, "big.zip", raw_zip("big.json", packed, crc, 5 * MB))
    assert r.status_code == 422
    assert "big.json: too big; a game file is at most 4 MB" in r.get_data(as_text=True)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for i in range(22):
            z.writestr(f"g{i}.json", bytes(3 * MB))  # 66 MB, each under 4 MB
    many = out.getvalue()
    r = upload(client, "many.zip", many)
    assert r.status_code == 422 and "at most 64 MB of game files" in r.get_data(as_text=True)


def test_a_game_of_seven_times_the_lines_is_refused_fast_in_little_memory(app, client):
    """Refused by its count of lines before any line is read as a hand. 14,000 lines, seven
    times the bound, and 30 MB: the bound per line of the 140,000 lines and 300 MB this was
    first written with (under tracemalloc those took 35 s of the suite for the same path; the
    file is parsed whole, some 0.3 kB a line, and nothing more may be built per line)."""
    game = {**GAME_B, "hands": [{"adjustment": [0, 0, 0]}] * 14_000}
    text = json.dumps(game, separators=(",", ":")).encode()
    before = counts(app)
    # a game file alone is checked in the request; an archive's games by the job
    for name, data, status in (
        ("long.zip", zipped({"long.json": text}), 302),
        ("long.json", text, 422),
    ):
        answer, said, seconds, peak = measured(app, client, name, data)
        assert answer == status
        assert "long.json: 14000 lines; a game holds at most 2000" in said
        assert seconds < QUICK and peak < 30 * MB
    assert counts(app) == before


def test_a_file_of_many_bad_values_is_refused_fast_in_little_memory(app, client):
    """A problem per bad value, each put in words: 380,000 bad names in a 3.8 MB file (114 kB
    zipped) took 30 s and 355 MB; 400,000 bad marriages in one hand made 400,000. Here a tenth
    of those values, still 40 times the 1,000 problems kept, and a tenth of the bound: kept
    whole, the 40,000 problems peak at 14 MB against the 1 MB of the bounded reader (the full
    sizes took 33 s of the suite under tracemalloc, for the same path and the same messages)."""
    names = {**GAME_B, "players": ["\x00"] * 38_000}
    marriages = {**GAME_B, "hands": [{**GAME_B["hands"][0], "marriages": [1] * 40_000}]}
    before = counts(app)
    # the marriages in one file: the 1,000 problems kept of a file are bounded by the file, and
    # three of them took 10 s under tracemalloc (the names' three files take half a second)
    for game, reason, files in (
        (names, "2.json: game: ru-3 is played by 3 players, got 38000", 3),
        (marriages, "0.json: … and 990 more problems.", 1),  # 1,000 found, 10 listed a game
    ):
        text = json.dumps(game, separators=(",", ":")).encode()
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for i in range(files):
                z.writestr(f"{i}.json", text)
        status, said, seconds, peak = measured(app, client, "bad.zip", out.getvalue())
        assert status == 302 and reason in said and "0 games stored" in said
        assert seconds < QUICK and peak < 10 * MB
    assert counts(app) == before


def _deflated(text: bytes) -> bytes:
    squeeze = zlib.compressobj(6, zlib.DEFLATED, -15)
    return squeeze.compress(text) + squeeze.flush()


GOOD = json.dumps(GAME_A).encode()


def _archives() -> dict[str, tuple[bytes, str]]:
    """Each archive fault, and the message that names it."""
    crc, packed = zlib.crc32(GOOD), _deflated(GOOD)
    corrupt = bytearray(packed)
    corrupt[len(corrupt) // 2] ^= 0xFF
    bz = io.BytesIO()
    with zipfile.ZipFile(bz, "w", zipfile.ZIP_BZIP2) as z:
        z.writestr("game.json", GOOD)
    whole = zipped({"game.json": GOOD, "other.json": GOOD})
    damaged = "game.json: damaged or cut short in the archive"
    unreadable = "not a zip archive that can be read"
    return {
        "not a zip": (b"PK\x03\x04 not really a zip at all", unreadable),
        "cut short": (whole[: len(whole) // 2], unreadable),
        "corrupt data": (raw_zip("game.json", bytes(corrupt), crc, len(GOOD)), damaged),
        "truncated stream": (raw_zip("game.json", packed[:-20], crc, len(GOOD)), damaged),
        "wrong CRC": (raw_zip("game.json", packed, crc ^ 1, len(GOOD)), damaged),
        "encrypted": (raw_zip("game.json", packed, crc, len(GOOD), flags=1), "encrypted"),
        "bzip2": (bz.getvalue(), "game.json: packed in a way this app does not read"),
        "unknown method": (
            raw_zip("game.json", packed, crc, len(GOOD), method=99),
            "packed in a way this app does not read",
        ),
        "too many files": (
            zipped({f"n{i}.txt": b"" for i in range(uploads.MAX_MEMBERS + 1)}),
            "too many files in the archive; at most 5000",
        ),
        "too many games": (
            zipped({f"g{i}.json": b"{}" for i in range(uploads.MAX_GAMES + 1)}),
            "too many games in one archive; at most 2500",
        ),
        "a name twice": (_twice(), "the archive holds a.json twice"),
    }


def _twice() -> bytes:
    out = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(out, "w") as z:
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name it writes
        z.writestr("a.json", GOOD)
        z.writestr("a.json", GOOD)
    return out.getvalue()


ARCHIVES = _archives()


def test_every_archive_fault_is_a_message_and_stores_nothing(app, client):
    # one test for them all: an app each (0.1-0.3 s) was most of the time of eleven tests
    for fault, (data, message) in ARCHIVES.items():
        before = counts(app)
        r = upload(client, "games.zip", data)
        page = r.get_data(as_text=True)
        assert r.status_code == 422 and "Nothing was imported" in page, fault
        assert message in page, fault
        assert counts(app) == before, fault


def test_folders_and_a_macs_resource_forks_are_fine(app, client):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("backup/", b"")
        z.writestr("backup/2024/", b"")
        z.writestr("backup/2024/game.json", GOOD)
        z.writestr("__MACOSX/backup/2024/._game.json", b"\x00\x05\x16\x07 resource fork")
        z.writestr("backup/._game.json", b"\x00\x05\x16\x07")
        z.writestr("backup/notes.txt", b"what we played")
    page = imported(app, client, "backup.zip", out.getvalue())
    assert "The upload holds 1 game file." in page and "1 game stored" in page


def test_too_many_lines_in_all_is_refused_before_any_game_is_stored(app, client, monkeypatch):
    monkeypatch.setattr(uploads, "MAX_LINES", 5)
    archive = zipped({f"g{i}.json": GOOD for i in range(3)})  # 3 lines each
    before = counts(app)
    page = imported(app, client, "games.zip", archive)
    assert "Nothing was imported" in page
    assert "g1.json: too many lines in all; at most 5 in one import" in page
    assert counts(app) == before


def family(games: int) -> bytes:
    """An archive of `games` distinct games: two deals, played by many seatings; the last
    one writes Ala as "ALA " (the same player)."""
    seatings = itertools.permutations(("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"), 3)
    files = {}
    for i, seat in zip(range(games - 1), seatings, strict=False):
        base = GAME_A if i % 2 else {**GAME_B, "hands": GAME_B["hands"] * 3}
        files[f"{i}.json"] = json.dumps({**base, "players": list(seat)}).encode()
    files["last.json"] = json.dumps({**GAME_A, "players": ["ALA ", "Zenek", "Ewa"]}).encode()
    return zipped(files)


def test_a_big_archive_is_stored_in_chunks_with_summaries_that_replay(app, client, monkeypatch):
    monkeypatch.setattr(importjobs, "CHUNK_GAMES", 7)  # several chunks, each its own transaction
    games = 60
    archive = family(games)
    assert f"{games} games stored" in imported(app, client, "family.zip", archive)
    assert counts(app)["Game"] == counts(app)["Summary"] == games
    with app.app_context():
        stored = dict(db.session.execute(db.select(Summary.game_id, Summary.data)).all())
        versions = dict(db.session.execute(db.select(Game.id, Game.version)).all())
        db.session.execute(db.delete(Summary))
        db.session.commit()
        assert summary_data(versions) == stored  # what the lines replay to, fingerprint too
        # "ALA " is Ala: one player, whatever the spelling in the file
        assert db.session.execute(db.select(db.func.count(Player.id))).scalar() == 7
    page = imported(app, client, "family.zip", archive)
    assert f"0 games stored; {games} already here" in page
    assert counts(app)["Game"] == games


def test_the_database_failing_half_way_keeps_the_chunks_stored_and_the_job_goes_on_from_there(
    app, client, monkeypatch
):
    monkeypatch.setattr(importjobs, "CHUNK_GAMES", 4)
    games = 12
    real, calls = transfer.store_chunk, itertools.count()

    def fails_second(*args):  # type: ignore[no-untyped-def]
        if next(calls) == 1:
            real(*args)  # written, then the database goes away before the commit
            raise OperationalError("INSERT", {}, Exception("database is locked"))
        return real(*args)

    monkeypatch.setattr(transfer, "store_chunk", fails_second)
    r = upload(client, "family.zip", family(games))
    with app.app_context(), pytest.raises(OperationalError):
        importjobs.work_all()  # the worker's thread logs it and tries again later
    assert counts(app)["Game"] == 4
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "4 games stored" in page and 'value="4"' in page  # the progress bar: 4 of 12 read
    with app.app_context():
        assert importjobs.work_all() == 0  # its lease still runs: nobody takes it up yet
    expire_leases(app)
    monkeypatch.setattr(transfer, "store_chunk", real)
    page = worked(app, client, r)
    assert "Finished." in page and f"{games} games stored; 0 already here" in page
    assert counts(app)["Game"] == games  # each game once


def expire_leases(app) -> None:  # type: ignore[no-untyped-def]
    """As if every worker's lease had run out (its worker killed, or away from the database)."""
    from sqlalchemy import update

    from scorekeeper.store.models import ImportJob

    with app.app_context():
        gone = datetime.now(UTC).replace(tzinfo=None) - importjobs.LEASE
        db.session.execute(update(ImportJob).values(lease_until=gone))
        db.session.commit()


def test_csv_cells_that_a_spreadsheet_would_run_are_text_and_numbers_stay_numbers(client):
    players = ['=HYPERLINK("http://x")', "@SUM(A1:A9)", "+Darek"]
    game = post(client, {**GAME_B, "players": players})
    body = client.get(f"/games/{game}/export.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))
    assert rows[0][6:9] == [f"'{n} score" for n in players]
    assert rows[1][4] == '\'=HYPERLINK("http://x")'  # the declarer, as text
    assert rows[1][6:9] == ["-120", "10", "10"]  # Ala failed 120: a negative number
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)


def test_an_imported_trail_is_stored_as_the_api_stores_it(app, client):
    one, two = GAME_A["hands"][0], GAME_A["hands"][1]
    at = "2026-01-02T10:00:00"
    trail = [
        {"action": "edit", "hand": 1, "before": two, "after": one, "reason": "x", "at": at},
        {"action": "delete", "hand": 2, "before": two, "after": None, "who": "tester", "at": at},
        {"action": "restore", "hand": 2, "before": None, "after": two, "at": at},
        {"action": "delete", "hand": 3, "before": one, "after": None, "reason": "misdeal"},
    ]
    game = {**GAME_A, "trail": trail}
    assert "1 game stored" in imported(app, client, "trail.json", json.dumps(game).encode())
    other = signed_up(app, "reference")
    post(other, game)  # services.create_game and trail.load: one ORM row at a time

    def revisions(owner: str) -> list[tuple]:
        with app.app_context():
            rows = db.session.execute(
                db.select(Revision)
                .join(Game, Revision.game_id == Game.id)
                .join(Account, Game.owner_id == Account.id)
                .where(Account.username == owner)
                .order_by(Revision.id)
            ).scalars()
            ids = {}
            out = []
            for i, r in enumerate(rows):
                ids[r.id] = i
                out.append(
                    [r.action, r.position, r.before, r.after, r.reason, r.who, r.restored_by]
                )
            for row in out:  # the link as the revision's place in the trail, not its id
                row[-1] = ids.get(row[-1])
            return [tuple(r[:6]) + (r[6],) for r in out]

    mine, reference = revisions("tester"), revisions("reference")
    assert mine == reference and len(mine) == 4
    assert [r[-1] for r in mine] == [None, 2, None, None]  # the first delete was restored


def test_imports_and_new_games_at_once_with_the_same_new_players_add_each_player_once(app):
    """Each import adds the account's players it does not have yet, as a new game does: its
    jobs worked by several workers while new games start with the same new names, every game
    is stored and each name added once."""
    phones = _phones(app, importjobs.UNFINISHED_MAX)
    seatings = list(itertools.permutations(("Ala", "Bartek", "Celina")))
    for i, phone in enumerate(phones):
        file = json.dumps({**GAME_A, "players": list(seatings[i])}).encode()
        assert upload(phone, "game.json", file).status_code == 302

    def worker() -> int:
        with app.app_context():
            return importjobs.work_all()

    answers = _at_once(
        [worker] * len(phones)
        + [
            lambda p=p, s=s: new_game(p, players=s)
            for p, s in zip(phones, seatings[3:], strict=True)
        ]
    )
    assert sum(answers[: len(phones)]) == len(phones)  # each job worked once, by one worker
    assert counts(app)["Game"] == 2 * len(phones)
    with app.app_context():
        names = db.session.execute(db.select(Player.name)).scalars().all()
        assert sorted(names) == ["Ala", "Bartek", "Celina"]


def test_an_imported_game_is_edited_deleted_restored_and_exported_as_one_made_here(app, client):
    """The bulk rows of an import carry a game through every later write as the ORM's do."""
    one = GAME_A["hands"][0]
    trail = [{"action": "delete", "hand": 3, "before": one, "after": None, "reason": "misdeal"}]
    game = {**GAME_A, "trail": trail}
    assert "1 game stored" in imported(app, client, "game.json", json.dumps(game).encode())
    other = signed_up(app, "reference")
    made = {"tester": (client, ""), "reference": (other, f"/games/{post(other, game)}")}
    with app.app_context():
        mine = db.session.execute(
            db.select(Game.id)
            .join(Account, Game.owner_id == Account.id)
            .where(Account.username == "tester")
        ).scalar_one()
    made["tester"] = (client, f"/games/{mine}")
    exports = {}
    for owner, (phone, url) in made.items():
        page = f"{url}/hands/2/delete"
        r = phone.post(page, data={**version_token(phone, page), "change_reason": "oops"})
        assert r.status_code == 302, owner
        with app.app_context():
            deleted = db.session.execute(
                db.select(func.max(Revision.id))
                .join(Game, Revision.game_id == Game.id)
                .join(Account, Game.owner_id == Account.id)
                .where(Account.username == owner, Revision.action == "delete")
            ).scalar_one()
        r = phone.post(f"{url}/restore/{deleted}", data=version_token(phone, url))
        assert r.status_code == 302, owner
        page = f"{url}/hands/1/edit"
        fields = {**version_token(phone, page), "dealer": "0", "declarer": "1", "bid": "120"}
        fields |= {"points-0": "30", "points-1": "75", "points-2": "15", "marriages": "1:hearts"}
        assert phone.post(page, data=fields).status_code == 302, owner
        assert phone.post(f"{url}/undo", data=version_token(phone, url)).status_code == 302
        exported = phone.get(f"{url}/export.json")
        assert exported.status_code == 200, owner
        data = json.loads(exported.get_data(as_text=True))
        for change in data["trail"]:
            change.pop("at"), change.pop("who")  # when, and by which of the two accounts
        exports[owner] = (data, phone.get(f"{url}/export.csv").get_data(as_text=True))
    assert exports["tester"][0] == exports["reference"][0]
    assert exports["tester"][1] == exports["reference"][1]
    data = exports["tester"][0]
    assert len(data["hands"]) == 2 and data["hands"][0]["points"] == [30, 75, 15]
    assert [c["action"] for c in data["trail"]] == ["delete", "delete", "restore", "edit", "delete"]


def test_a_trail_longer_than_its_game_imports_up_to_the_readers_bound(app, client, monkeypatch):
    """A trail is bounded by TRAIL_MAX (fileparts.trail), not by the lines of a game: an
    export whose trail outgrew 2,000 changes imports as the API takes it."""
    one = GAME_A["hands"][0]
    edit = {"action": "edit", "hand": 1, "before": one, "after": one}
    long = {**GAME_A, "trail": [edit] * (uploads.MAX_GAME_LINES + 1)}
    assert "1 game stored" in imported(app, client, "long.json", json.dumps(long).encode())
    assert counts(app)["Revision"] == uploads.MAX_GAME_LINES + 1
    monkeypatch.setattr(fileparts, "TRAIL_MAX", 3)
    r = upload(client, "longer.json", json.dumps({**GAME_B, "trail": [edit] * 4}).encode())
    assert r.status_code == 422
    assert "longer.json: game: a trail has at most 3 changes, got 4" in r.get_data(as_text=True)
    assert counts(app)["Game"] == 1


def test_a_game_imported_again_with_its_names_cased_otherwise_is_recognised(app, client):
    """The fingerprint compares names as the players do (casefold): "STRASSE" is Straße."""
    game = {**GAME_B, "players": ["Straße", "Σίσυφος", "Darek"]}
    assert "1 game stored" in imported(app, client, "a.json", json.dumps(game).encode())
    again = {**game, "players": ["STRASSE", "ΣΊΣΥΦΟΣ", "darek"]}
    page = imported(app, client, "b.json", json.dumps(again).encode())
    assert "0 games stored; 1 already here" in page
    assert counts(app)["Game"] == 1 and counts(app)["Player"] == 3


@pytest.mark.parametrize(
    "at, stored",
    [
        ("2026-01-02T10:00:00+02:00", datetime(2026, 1, 2, 8, 0)),
        ("0001-01-01T00:00:00+05:00", None),  # before year 1 in UTC: the time of the import
        ("9999-12-31T23:00:00-05:00", None),
    ],
)
def test_a_trail_time_with_an_offset_is_stored_in_utc_as_every_time(app, client, at, stored):
    """COPY into PostgreSQL's timestamp dropped the offset: 10:00+02:00 was stored as 10:00."""
    one = GAME_A["hands"][0]
    trail = [{"action": "delete", "hand": 3, "before": one, "after": None, "at": at}]
    game = {**GAME_A, "trail": trail}
    before = datetime.now(UTC).replace(tzinfo=None)
    assert "1 game stored" in imported(app, client, "t.json", json.dumps(game).encode())
    with app.app_context():
        found = db.session.execute(db.select(Revision.at)).scalar_one()
    assert found == stored if stored else found >= before


def test_a_game_made_here_is_recognised_in_a_file_that_writes_its_empty_values(app, client):
    """A file may give a given-up hand's points and tricks as nulls; the rows keep nothing
    of them, so the stored game's fingerprint must not count them either."""
    empty = [None, None, None]
    game = {**GAME_B, "hands": [{"declarer": 0, "bid": 105, "give_up": True, "points": empty}]}
    game["hands"].append({**game["hands"][0], "tricks": empty})
    post(client, game)  # one ORM row at a time, its summary made from its rows
    page = imported(app, client, "same.json", json.dumps(game).encode())
    assert "0 games stored; 1 already here" in page
    assert counts(app)["Game"] == 1


def test_an_import_after_an_undo_gives_no_line_the_undone_lines_id(app, client):
    """The trail names lines by id: an import's bulk rows (their ids counted by hand on
    SQLite) never take the id of a line that was undone, whose delete the trail keeps."""
    game = client.post("/api/games", json=GAME_A).json["id"]
    client.post(f"/games/{game}/undo", data=version_token(client, f"/games/{game}"))
    with app.app_context():
        undone = db.session.execute(
            db.select(Revision.line_id).where(Revision.action == "delete")
        ).scalar_one()
    assert "1 game stored" in imported(app, client, "b.json", json.dumps(GAME_B).encode())
    with app.app_context():
        ids = db.session.execute(db.select(Line.id)).scalars().all()
    assert undone not in ids and max(ids) > undone
