#!/usr/bin/env python3
"""A club night through a network cut: every table scores offline, then everything is sent.

    .venv/bin/python tools/rehearse_cut.py                    # 27 tables, a 10-minute cut, SQLite
    .venv/bin/python tools/rehearse_cut.py --database postgresql+psycopg://...  # at its head
    .venv/bin/python tools/rehearse_cut.py --tables 4 --hands 3          # what the tests run

In-process, through the app's own routes (Flask's test client: no network, so the cut is
simulated, not waited for). A director runs an event of tables of 3 (pl-3); each table's phone
opens its table link (no account) and scores through the game's API as the phones' outbox does
(static/offline/sync.js): each line with its Idempotency-Key and the version it was made on
(If-Match), sent in order, the versions of the lines behind it moved on after each 201.

1. Before the cut every table logs two hands online.
2. The cut (`--cut` seconds of the evening, `--hands` hands a table): every phone queues its
   hands; at a few tables (--second-phones, spread out) a second phone on mobile data logs
   one hand meanwhile.
3. The return: the phones send their outboxes, a table after another in turns, one line each;
   the first line of every table is sent twice (an answer lost on the way: the retry must be
   answered as the first, not stored again).

It counts what the phones had acknowledged against what the games hold: a hand lost (queued,
neither stored nor kept on its phone as a conflict) or stored twice fails it, as does a
conflict (a 412: another phone wrote) that is not surfaced to its table's phone. Then the
standings are asked until they equal `scorekeeper standings` of the exported event file, and
the seconds from the return to right standings are said (the budget is 30 s). Exit 1 on any
failure.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.events import loads, standings_output  # noqa: E402

SEATS = 3  # pl-3: every seat plays every hand, the dealer's left opens at 100
PASSWORD = "rehearsal password"
BUDGET_S = 30  # the standings right within this long after the connection is back


@dataclass
class Entry:
    """A line waiting on a phone (static/offline/base.js: an outbox entry)."""

    line: dict[str, Any]
    key: str
    version: str  # the ETag of the game the line was made on
    state: str = "waiting"  # "conflict": another phone wrote, the scorer chooses


@dataclass
class Phone:
    """A table's phone: its table link's session, its game and its outbox."""

    client: FlaskClient
    game: int
    first_dealer: int
    hands: int  # the hands the phone knows of (the server's and its own)
    version: str
    outbox: list[Entry] = field(default_factory=list)
    acknowledged: int = 0  # lines the server answered 201 for
    replays: int = 0  # retries answered as the first post


@dataclass
class Report:
    tables: int = 0
    cut_s: int = 0
    others: int = 0  # tables where a second phone wrote during the cut
    queued: int = 0  # hands logged with no connection
    stored: int = 0  # of those, stored on the return
    conflicts: int = 0  # of those, kept on their phone: another phone had written
    lost: int = 0
    duplicated: int = 0
    replays: int = 0
    unsurfaced: int = 0  # a 412 the phone was not told of
    standings_s: float = 0.0
    standings_right: bool = False
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        failed = self.lost or self.duplicated or self.unsurfaced or self.problems
        return not failed and self.standings_right and self.standings_s <= BUDGET_S


def hand(dealer: int) -> dict[str, Any]:
    """A hand that fits any pl-3 game early on: the opener (the dealer's left, forced to 100)
    declares 100 and makes it; the others take 10 each."""
    declarer = (dealer + 1) % SEATS
    return {
        "declarer": declarer,
        "bid": 100,
        "points": [100 if s == declarer else 10 for s in range(SEATS)],
    }


def _post(phone: Phone, line: dict[str, Any], key: str, version: str | None) -> Any:
    headers = {"Idempotency-Key": key, "Prefer": "return=minimal"}
    if version:
        headers["If-Match"] = version
    return phone.client.post(f"/api/games/{phone.game}/hands", json=line, headers=headers)


def _file(phone: Phone) -> tuple[dict[str, Any], str]:
    r = phone.client.get(f"/api/games/{phone.game}/file")
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json(), r.headers["ETag"]


def online(phone: Phone) -> None:
    """A hand logged with a connection: sent at once."""
    r = _post(phone, hand((phone.first_dealer + phone.hands) % SEATS), str(uuid.uuid4()), None)
    assert r.status_code == 201, r.get_data(as_text=True)
    phone.hands += 1
    phone.version = r.headers.get("ETag") or phone.version


def send(phone: Phone, report: Report, retry: bool = False) -> bool:
    """The first waiting line of the phone sent, as sync.js sends it; False when none waits."""
    entry = next((e for e in phone.outbox if e.state == "waiting"), None)
    if entry is None:
        return False
    r = _post(phone, entry.line, entry.key, entry.version)
    if retry:  # the first answer was lost on the way: the phone sends it again, same key
        r = _post(phone, entry.line, entry.key, entry.version)
        if r.headers.get("Idempotent-Replayed") == "true":
            phone.replays += 1
    if r.status_code == 201:
        phone.outbox.remove(entry)
        phone.acknowledged += 1
        for later in phone.outbox:  # the lines behind it were made on the version before
            later.version = r.headers.get("ETag") or later.version
    elif r.status_code == 412:
        # another phone wrote: kept, shown to the scorer with theirs; the lines behind it too
        for later in phone.outbox:
            later.state = "conflict"
    else:
        report.problems.append(f"game {phone.game}: {r.status_code} {r.get_data(as_text=True)}")
        phone.outbox.remove(entry)
    return True


def director_event(app: Flask, tables: int) -> tuple[FlaskClient, str, list[str]]:
    """A director's event of `tables` tables of 3, its first round started: the table links."""
    director = app.test_client()
    signup = {"username": f"director-{uuid.uuid4().hex[:8]}", "password": PASSWORD}
    r = director.post("/signup", data={**signup, "confirm": PASSWORD})
    assert r.status_code == 302, r.get_data(as_text=True)
    fields = {"name": "Club night", "size_3": "pl-3", "first": "3", "ranking": "points"}
    r = director.post("/events/new", data=fields)
    assert r.status_code == 302, r.get_data(as_text=True)
    event = "/events/" + r.headers["Location"].split("/")[2]
    names = "\n".join(f"Player {n + 1:03}" for n in range(tables * SEATS))
    assert director.post(f"{event}/players", data={"names": names}).status_code == 302
    assert director.post(f"{event}/draw", data={"method": "random"}).status_code == 302
    assert director.post(f"{event}/start").status_code == 302
    plan = director.get(f"{event}/plan").get_data(as_text=True)
    links = re.findall(r'<a href="https?://[^/"]+(/table/\d+/[^"]+)"', plan)
    assert len(links) == tables, plan[:2000]
    return director, event, links


def rehearse(
    app: Flask, tables: int = 27, hands: int = 6, cut_s: int = 600, second_phones: int = 3
) -> Report:
    """The night (module docstring); `second_phones` tables, spread out, get a second phone
    that writes during the cut."""
    report = Report(tables=tables, cut_s=cut_s)
    step = max(1, tables // max(1, second_phones))
    director, event, links = director_event(app, tables)
    phones: list[Phone] = []
    for link in links:
        client = app.test_client()
        r = client.get(link)
        assert r.status_code == 302, r.get_data(as_text=True)
        game = int(r.headers["Location"].rsplit("/", 1)[1])
        phone = Phone(client, game, 0, 0, "")
        data, phone.version = _file(phone)
        phone.first_dealer = data.get("first_dealer", 0)
        phones.append(phone)
        for _ in range(2):  # 1. before the cut
            online(phone)
    before = {p.game: p.hands for p in phones}
    # 2. the cut: each phone queues its hands; at a few tables a second phone writes meanwhile
    for phone in phones:
        for _ in range(hands):
            dealer = (phone.first_dealer + phone.hands) % SEATS
            phone.outbox.append(Entry(hand(dealer), str(uuid.uuid4()), phone.version))
            phone.hands += 1
            report.queued += 1
    other = {}
    for number, phone in enumerate(phones):
        if second_phones and number % step == step // 2 and len(other) < second_phones:
            game, dealer = phone.game, phone.first_dealer
            second = Phone(app.test_client(), game, dealer, before[game], "")
            assert second.client.get(links[number]).status_code == 302
            online(second)
            other[phone.game] = 1
    # 3. the return: the phones send in turns, a line each, the first of each sent twice
    back = time.perf_counter()
    first = {p.game for p in phones}
    while True:
        sent = False
        for phone in phones:
            sent = send(phone, report, retry=phone.game in first) or sent
            first.discard(phone.game)
        if not sent:
            break
    for phone in phones:
        report.replays += phone.replays
        report.stored += phone.acknowledged
        kept = sum(1 for e in phone.outbox if e.state == "conflict")
        report.conflicts += kept
        data, _ = _file(phone)
        held = len(data["hands"])
        expected = before[phone.game] + other.get(phone.game, 0) + phone.acknowledged
        report.duplicated += max(0, held - expected)
        report.lost += max(0, expected - held)
        if phone.game in other and kept == 0:
            report.unsurfaced += 1  # another phone wrote, and this one was never told
        if phone.game not in other and kept:
            report.problems.append(f"game {phone.game}: a conflict with no other phone")
    report.lost += report.queued - report.stored - report.conflicts
    report.others = len(other)
    # the standings, asked until they are what the exported file gives
    while True:
        exported = director.get(f"{event}/file").get_data()
        expected_standings = standings_output(loads(exported))
        shown = director.get(f"/api{event}").get_json()
        report.standings_s = time.perf_counter() - back
        if shown == json.loads(json.dumps(expected_standings)):
            report.standings_right = True
            break
        if report.standings_s > BUDGET_S:
            break
        time.sleep(0.5)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=27)
    parser.add_argument("--hands", type=int, default=6, help="hands a table logs in the cut")
    parser.add_argument("--cut", type=int, default=600, help="the cut's length, seconds")
    parser.add_argument("--second-phones", type=int, default=3, help="tables a 2nd phone writes at")
    parser.add_argument("--database", help="a database URL (a throwaway one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database or f"sqlite:///{Path(tmp) / 'rehearsal.sqlite'}"
        config = {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "rehearsal"}
        app = create_app({**config, "WTF_CSRF_ENABLED": False, "IMPORT_WORKER": False})
        app.config["SIGNUPS_PER_HOUR"] = 0
        report = rehearse(app, args.tables, args.hands, args.cut, args.second_phones)
    print(
        f"{report.tables} tables, a {report.cut_s // 60}-minute cut: {report.queued} hands logged"
        f" with no connection; on the return {report.stored} stored, {report.conflicts} kept on"
        f" their phone as conflicts (another phone wrote at {report.others} tables),"
        f" {report.lost} lost, {report.duplicated} stored twice, {report.replays} retries"
        f" answered as the first; {report.unsurfaced} conflicts not shown to their table."
    )
    right = "right" if report.standings_right else "NOT right"
    print(f"standings {right} {report.standings_s:.1f} s after the return (budget {BUDGET_S} s)")
    for problem in report.problems:
        print("problem:", problem)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
