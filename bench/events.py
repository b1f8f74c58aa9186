"""An event at scale through the director's and the tables' pages, SQLite and PostgreSQL side by
side: .venv/bin/python bench/events.py [--quick]

The full run (both databases; tens of minutes on a busy two-core machine, most of it writing
~16,000 dealt lines a round and starting 250 games): 1,000 players on 250 tables of 4 (pl-4, to
1,000) over 4 rounds, then a 27-table club night. --quick: 200 players on 50 tables over 2
rounds (a few minutes). PostgreSQL is the one of BENCH_DATABASE_URL (or TEST_DATABASE_URL),
emptied first; run it at its default durability (fsync on), as a club's server is.

What a director and a table's phone meet, in-process through the test client (the app's time,
no network): the director's form posts and their redirects (draw, start, close), the tables'
hand form posted from the table link's phone (post -> redirect -> game page), the standings
(page and API) asked after a table's last hand, and the follow page of 250 tables, gzip as the
app sends it. Every table's game is real dealt hands (bench/deal.py) played to its end: all but
its last hand are written straight into the store (as the phones would have over the evening,
untimed), and the director's page read once after them, untimed, as the director following
the room would have read it between those hands; the last hand of 20 tables a round
(Size.phones) is posted from its phone, timed, the round's very last hand among them.
Cold: a new worker (a fresh app on the same database, nothing
remembered) asked the standings first.

Budgets (the event's scale): the draw <= 1 s; the standings after the last hand of a round
<= 1 s; the director's follow page of 250 tables <= 30 KB on the wire. The club night (27
tables, 108 players) at the physical limit: its hand round trip and its standings each within
one phone's network round trip (CLUB_MS), so the app adds less than the network does.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.gamefile import parse
from scorekeeper.rules import Sheet
from scorekeeper.store import events as stored
from scorekeeper.store.db import db
from scorekeeper.store.facts import new_line
from scorekeeper.store.models import Game, now
from scorekeeper.web.events import links

try:
    from bench import deal
    from bench.http_pages import reset_postgres
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]
    from http_pages import reset_postgres  # type: ignore[no-redef]

PRESET, SEATS = "pl-4", 4
SHORTEST, LONGEST = 30, 100  # a dealt game's hands, as club games run (bench/deal.py to 1,000)
CLUB_TABLES, CLUB_HANDS, CLUB_PLAYED = 27, 8, 20  # hands posted a table, hands before them
CLUB_MS = 50  # a phone's round trip on a mobile network: the club night's budget
WARM = 20  # warm repetitions of a page asked twice in a row
WIRE = {"Accept-Encoding": "gzip, deflate, br"}  # what a browser sends


Pool = list[list[dict[str, Any]]]  # dealt games, each its hands


@dataclass
class Size:
    players: int
    rounds: int
    phones: int  # tables a round whose last hand is posted from the phone (timed)
    colds: int  # fresh workers asked the standings cold, after the last round


FULL, QUICK = Size(1000, 4, 20, 3), Size(200, 2, 20, 2)


class Took(NamedTuple):
    """A measure's wall time, and the CPU this process spent on it: the figure the machine's
    load leaves alone (on a loaded machine a request also waits for a core)."""

    wall: float
    cpu: float

    def __add__(self, other: object) -> Took:
        assert isinstance(other, Took)
        return Took(self.wall + other.wall, self.cpu + other.cpu)


class Clock:
    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def took(self) -> Took:
        return Took(
            (time.perf_counter() - self.wall) * 1000, (time.process_time() - self.cpu) * 1000
        )


@dataclass
class Figures:
    """Milliseconds per measure (and the follow page's bytes) for one database."""

    ms: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)  # this process's CPU, ms
    bytes: dict[str, tuple[int, int]] = field(default_factory=dict)
    load: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, name: str, took: Took) -> None:
        self.ms.setdefault(name, []).append(took.wall)
        self.cpu.setdefault(name, []).append(took.cpu)


def loadavg() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def timed(request: Callable[[], Any], expect: int) -> tuple[Took, Any]:
    clock = Clock()
    response = request()
    took = clock.took()
    assert response.status_code == expect, (response.status_code, response.get_data(as_text=True))
    return took, response


def ending_games(count: int, seed: int) -> list[list[dict[str, Any]]]:
    """Dealt pl-4 games played to their end, SHORTEST to LONGEST hands, the ending hand last."""
    games: list[list[dict[str, Any]]] = []
    while len(games) < count:
        seed += 1
        rng = random.Random(seed)
        data: dict[str, Any] = {
            "format": "scorekeeper-game/1",
            "variant": PRESET,
            "options": {},
            "players": [f"P{s}" for s in range(SEATS)],
            "hands": [],
        }
        sheet = Sheet(parse(data).rules())
        while len(data["hands"]) < LONGEST:
            hand = deal.hand(rng, PRESET, len(data["hands"]) % SEATS)
            sheet.add(parse({**data, "hands": [hand]}).lines[0])
            data["hands"].append(hand)
            if sheet.table.ended_at is not None:
                if len(data["hands"]) >= SHORTEST:
                    games.append(data["hands"])
                break
    return games


def parsed(hands: list[dict[str, Any]]) -> list[Any]:
    data = {"format": "scorekeeper-game/1", "variant": PRESET, "options": {}, "hands": hands}
    return list(parse({**data, "players": [f"P{s}" for s in range(SEATS)]}).lines)


def hand_fields(page: str, hand: dict[str, Any]) -> dict[str, Any]:
    """What the table's phone posts: the form's version, token and dealer; the hand's facts."""
    fields: dict[str, Any] = {
        name: re.search(rf'name="{name}" type="hidden" value="([^"]*)"', page).group(1)  # type: ignore[union-attr]
        for name in ("version", "token")
    }
    dealer = re.search(r'<option selected value="(\d+)">', page)
    fields.update(
        dealer=dealer.group(1) if dealer else "0",
        declarer=str(hand["declarer"]),
        bid=str(hand["bid"]),
    )
    for s, p in enumerate(hand["points"]):
        if p is not None:  # the dealer who sits out posts nothing, as the page's own form
            fields[f"points-{s}"] = str(p)
    for s, t in enumerate(hand.get("tricks") or []):
        if t is not None:
            fields[f"tricks-{s}"] = str(t)
    chosen = [f"{m['seat']}:{m['suit']}" for m in hand.get("marriages", [])]
    fields.update(marriages=chosen, marriage_order=",".join(chosen))
    musik = hand.get("musik")
    if musik and 'name="musik_aces"' in page:
        fields.update(musik_aces=str(musik["aces"]), musik_marriage=musik["marriage"] or "")
    return fields


class Director:
    """The director's browser and the event's phones, on one app."""

    def __init__(self, app: Flask, client: FlaskClient, players: int, name: str) -> None:
        self.app, self.client = app, client  # the director's browser, signed in
        self.phones: dict[int, FlaskClient] = {}
        data = {"name": name, "size_4": PRESET, "first": "4", "ranking": "points"}
        r = self.client.post("/events/new", data=data)
        assert r.status_code == 302, r.get_data(as_text=True)
        self.url = "/events/" + r.headers["Location"].split("/")[2]
        self.id = int(self.url.split("/")[2])
        names = "\n".join(f"Player {n + 1:04}" for n in range(players))
        r = self.client.post(f"{self.url}/players", data={"names": names})
        assert r.status_code == 302, r.get_data(as_text=True)

    def version(self) -> str:
        page = self.client.get(self.url).get_data(as_text=True)
        return re.search(r'name="version" type="hidden" value="(\d+)"', page).group(1)  # type: ignore[union-attr]

    def tables(self) -> list[tuple[int, int, str]]:
        """The running round's tables: (table id, game id, the table link's path)."""
        with self.app.app_context():
            event = stored.load(self.id)
            assert event is not None
            round_ = stored.started(event)[-1]
            return [
                (t.id, t.game_id, f"/table/{t.id}/{links.token(t)}")
                for t in round_.tables
                if t.game_id is not None
            ]

    def fill(self, games: dict[int, list[Any]]) -> int:
        """Lines written straight into each game (its phones' evening), in one transaction."""
        with self.app.app_context():
            count = 0
            for game_id, lines in games.items():
                game = db.session.get(Game, game_id)
                assert game is not None and not game.lines
                db.session.add_all(
                    new_line(game_id, n, line, SEATS) for n, line in enumerate(lines, start=1)
                )
                game.updated_at = now()  # a write: the game's version moves (services/writing)
                count += len(lines)
            db.session.commit()
            return count

    def phone(self, table_id: int, link: str) -> FlaskClient:
        """The table's phone, opened on its link (no account)."""
        if table_id not in self.phones:
            phone = self.app.test_client()
            assert phone.get(link).status_code == 302
            self.phones[table_id] = phone
        return self.phones[table_id]


def post_hand(phone: FlaskClient, game: int, hand: dict[str, Any]) -> Took:
    """The phone's hand: the form read (untimed, it is on the screen), then post -> redirect ->
    the game page, timed as one."""
    page = phone.get(f"/games/{game}/hands/new").get_data(as_text=True)
    fields = hand_fields(page, hand)
    clock = Clock()
    r = phone.post(f"/games/{game}/hands/new", data=fields)
    assert r.status_code == 302, r.get_data(as_text=True)[-3000:]
    assert phone.get(r.headers["Location"]).status_code == 200
    return clock.took()


def standings(director: Director, figures: Figures, prefix: str) -> None:
    """The standings page and the API, asked right after a hand, then again (warm)."""
    for what, url in (("page", f"{director.url}/standings"), ("API", f"/api{director.url}")):
        ms, _ = timed(lambda: director.client.get(url), 200)  # noqa: B023
        figures.add(f"{prefix} standings {what}, after a hand", ms)
        ms, _ = timed(lambda: director.client.get(url), 200)  # noqa: B023
        figures.add(f"{prefix} standings {what}, warm", ms)


def event_rounds(director: Director, size: Size, figures: Figures, pool: Pool) -> None:
    app = director.app
    facts = [parsed(hands) for hands in pool]
    written = 0
    for number in range(1, size.rounds + 1):
        figures.load.append(f"round {number}: {loadavg()}")
        ms, r = timed(
            lambda: director.client.post(f"{director.url}/draw", data={"method": "random"}), 302
        )
        figures.add("draw (post)", ms)
        page, _ = timed(lambda r=r: director.client.get(r.headers["Location"]), 200)
        figures.add("draw (post -> redirect -> page)", ms + page)
        version = director.version()
        ms, r = timed(
            lambda v=version: director.client.post(f"{director.url}/start", data={"version": v}),
            302,
        )
        page, _ = timed(lambda r=r: director.client.get(r.headers["Location"]), 200)
        figures.add("start a round (post -> redirect -> page)", ms + page)
        tables = director.tables()
        at = {t: (number * 7 + n) % len(pool) for n, (t, _, _) in enumerate(tables)}
        phones = tables[-size.phones :]  # the round's last hands come from their phones
        start = time.perf_counter()
        written += director.fill(
            {g: facts[at[t]][: -1 if (t, g, link) in phones else None] for t, g, link in tables}
        )
        figures.notes.append(
            f"round {number}: {written:,} lines written so far"
            f" ({(time.perf_counter() - start):.1f} s to write this round's)"
        )
        # the director follows the room over the evening (untimed): their page has read each
        # table as its hands came, as it would have between the hands written above at once
        director.client.get(director.url)
        for table_id, game_id, link in phones:
            phone = director.phone(table_id, link)
            figures.add(
                "a table's last hand (post -> redirect -> page)",
                post_hand(phone, game_id, pool[at[table_id]][-1]),
            )
            standings(director, figures, "")
        for _ in range(WARM):
            ms, r = timed(lambda: director.client.get(director.url, headers=WIRE), 200)
            figures.add("follow page (every table's totals)", ms)
        raw = director.client.get(director.url).get_data()
        figures.bytes[f"follow page, round {number}"] = (len(raw), len(r.get_data()))
        ms, _ = timed(lambda: director.client.get(f"{director.url}/close"), 200)
        post, r = timed(
            lambda n=number: director.client.post(f"{director.url}/close", data={"round": str(n)}),
            302,
        )
        page, _ = timed(lambda r=r: director.client.get(r.headers["Location"]), 200)
        figures.add("close a round (page, post -> redirect -> standings)", ms + post + page)
    figures.load.append(f"after the rounds: {loadavg()}")
    cold(app, director, size, figures)


def cold(app: Flask, director: Director, size: Size, figures: Figures) -> None:
    """A new worker (nothing remembered, templates not compiled) asked the standings first."""
    cookie = director.client.get_cookie("session")
    assert cookie is not None
    for n in range(size.colds):
        fresh = create_app(dict(app.config, TESTING=True))
        browser = fresh.test_client()
        browser.set_cookie("session", cookie.value)
        url = f"{director.url}/standings" if n % 2 == 0 else f"/api{director.url}"
        ms, _ = timed(lambda: browser.get(url), 200)  # noqa: B023
        figures.add(f"standings {'page' if n % 2 == 0 else 'API'}, cold (a new worker)", ms)
        with fresh.app_context():
            db.session.remove()
            db.engine.dispose()


def club_night(director: Director, figures: Figures, pool: Pool) -> None:
    """27 tables: CLUB_PLAYED hands each written, then CLUB_HANDS a table from the phones, in
    turn round the room, the director asking the standings after each."""
    figures.load.append(f"club night: {loadavg()}")
    long = [hands for hands in pool if len(hands) > CLUB_PLAYED + CLUB_HANDS]
    assert (
        director.client.post(f"{director.url}/draw", data={"method": "random"}).status_code == 302
    )
    version = director.version()
    assert (
        director.client.post(f"{director.url}/start", data={"version": version}).status_code == 302
    )
    tables = director.tables()
    hands = {t: long[n % len(long)] for n, (t, _, _) in enumerate(tables)}
    director.fill({g: parsed(hands[t][:CLUB_PLAYED]) for t, g, _ in tables})
    for n in range(CLUB_PLAYED, CLUB_PLAYED + CLUB_HANDS):
        for table_id, game_id, link in tables:
            phone = director.phone(table_id, link)
            figures.add(
                "club: a hand (post -> redirect -> page)",
                post_hand(phone, game_id, hands[table_id][n]),
            )
            standings(director, figures, "club:")
    for _ in range(WARM):
        ms, r = timed(lambda: director.client.get(director.url, headers=WIRE), 200)
        figures.add("club: follow page", ms)
    figures.load.append(f"after the club night: {loadavg()}")


def bench(label: str, url: str, size: Size, pool: Pool) -> Figures:
    print(f"{label}: load average {loadavg()} ...", flush=True)
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "IMPORT_WORKER": False,  # no thread of this app's polling after its database went
        }
    )
    client = app.test_client()
    secret = "bench password"
    signup = {"username": "director", "password": secret, "confirm": secret}
    assert client.post("/signup", data=signup).status_code == 302
    figures = Figures()
    figures.load.append(f"start: {loadavg()}")
    event_rounds(Director(app, client, size.players, "Open"), size, figures, pool)
    club_night(Director(app, client, CLUB_TABLES * SEATS, "Club night"), figures, pool)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return figures


def cuts(ms: list[float]) -> tuple[float, float, float]:
    """p50, p95, p99 (a single figure for a measure taken once)."""
    if len(ms) < 2:
        return ms[0], ms[0], ms[0]
    q = statistics.quantiles(ms, n=100, method="inclusive")
    return q[49], q[94], q[98]


def budget(name: str, tables: int) -> tuple[float | None, str]:
    """The budget a measure's p95 (or its only figure) must keep, in ms, and its words."""
    if name.startswith("club:") and "warm" not in name and "follow" not in name:
        return CLUB_MS, f"<= {CLUB_MS} ms (a phone's round trip)"
    if name.startswith("draw"):
        return 1000, "<= 1 s"
    if "after a hand" in name or "cold" in name:
        return 1000, "<= 1 s"
    return None, ""


def report(results: dict[str, Figures], size: Size) -> None:
    tables = size.players // SEATS
    labels = list(results)
    names = list(dict.fromkeys(n for f in results.values() for n in f.ms))
    print(
        f"\n{size.players} players on {tables} tables of 4 ({PRESET}) over {size.rounds} rounds,"
        f" {size.phones} tables' last hands a round from their phones; club night {CLUB_TABLES}"
        f" tables x {CLUB_HANDS} hands. Milliseconds, in-process (no network)."
    )
    head = "".join(f"{label + ' p50/p95/p99 (CPU p95)':>36}{'n':>5}" for label in labels)
    ratio = "  PG/SQLite p95" if len(labels) == 2 else ""
    print(f"  {'measure':54}{head}{ratio}  budget (p95)")
    for name in names:
        row, p95s, ok = "", [], True
        limit, words = budget(name, tables)
        for label in labels:
            ms = results[label].ms.get(name)
            if not ms:
                row += f"{'-':>36}{'':>5}"
                continue
            p50, p95, p99 = cuts(ms)
            cpu = cuts(results[label].cpu[name])[1]
            p95s.append(p95)
            ok = ok and (limit is None or p95 <= limit)
            row += f"{p50:>10.1f}{p95:>8.1f}{p99:>8.1f}{f'({cpu:.1f})':>10}{len(ms):>5}"
        if len(labels) == 2:
            row += f"{p95s[1] / p95s[0]:>15.1f}" if len(p95s) == 2 else f"{'':>15}"
        verdict = f"  {words}: {'ok' if ok else 'MISSED'}" if limit is not None else ""
        print(f"  {name:54}{row}{verdict}")
    for label, figures in results.items():
        for page, (raw, wire) in figures.bytes.items():
            kept = "ok" if wire <= 30 * 1024 else "MISSED"
            print(
                f"  {label}: {page}: {raw / 1024:.1f} KB raw, {wire / 1024:.1f} KB on the wire"
                f" (gzip; budget <= 30 KB: {kept})"
            )
    for label, figures in results.items():
        print(f"  {label} load average (1, 5, 15 min): " + "; ".join(figures.load))
        for note in figures.notes:
            print(f"  {label} {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="200 players over 2 rounds")
    parser.add_argument("--sqlite-only", action="store_true")
    size = QUICK if parser.parse_args().quick else FULL
    quick = parser.parse_args().quick
    print(f"load average {loadavg()}; dealing games ...", flush=True)
    pool = ending_games(24 if quick else 64, 1)
    results: dict[str, Figures] = {}
    with tempfile.TemporaryDirectory() as tmp:
        results["SQLite"] = bench(
            "SQLite", f"sqlite:///{os.path.join(tmp, 'e.sqlite')}", size, pool
        )
    pg = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    if pg and not parser.parse_args().sqlite_only:
        reset_postgres(pg)
        results["PostgreSQL"] = bench("PostgreSQL", pg, size, pool)
    else:
        print("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL")
    report(results, size)


if __name__ == "__main__":
    main()
