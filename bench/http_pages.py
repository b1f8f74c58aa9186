"""HTTP server times and page weight, SQLite and PostgreSQL: .venv/bin/python bench/http_pages.py"""

from __future__ import annotations

import os
import re
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.store.db import db

try:
    from bench import deal
    from bench.pageweight import import_game, page_weight
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]
    from pageweight import import_game, page_weight  # type: ignore[no-redef]

PRESET, LONG, SHORT = "pl-3", 200, 50
WARMUP, TIMED = 10, 200
PER_GAME = 20  # hands posted onto each 200-hand game, so every post lands on a game of ~200-220
# the p95 each measure must stay under: in ms, and as a multiple of the trivial route's p95
GOALS: dict[str, tuple[float, float | None]] = {
    "scoreboard": (15, 5),
    "post hand (API)": (20, None),
    "post hand (form)": (20, None),
}


def percentiles(ms: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(ms, n=100, method="inclusive")
    return cuts[49], cuts[94]


def timed(request: Callable[[], Any], expect: int) -> float:
    """Milliseconds the app takes for one in-process request (no network, no server loop)."""
    start = time.perf_counter()
    response = request()
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == expect, (response.status_code, response.get_data(as_text=True))
    return elapsed


def repeat(request: Callable[[], Any], expect: int = 200) -> list[float]:
    for _ in range(WARMUP):  # first requests fill caches (templates, statements, connections)
        timed(request, expect)
    return [timed(request, expect) for _ in range(TIMED)]


def long_games(client: FlaskClient, seed: int) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """Fresh 200-line games, each with the lines that follow it, which stay valid in order."""
    while True:
        seed += 1
        data = deal.game(PRESET, LONG + PER_GAME + 10, seed)  # +10: room for adjustment lines
        yield import_game(client, {**data, "hands": data["hands"][:LONG]}), data["hands"][LONG:]


def form_fields(client: FlaskClient, game: int, hand: dict[str, Any]) -> dict[str, Any]:
    """What a phone posts: version, token, dealer as the form page gives them; the hand's facts."""
    page = client.get(f"/games/{game}/hands/new").get_data(as_text=True)
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
        fields[f"points-{s}"] = "" if p is None else str(p)
    for s, t in enumerate(hand.get("tricks") or []):
        fields[f"tricks-{s}"] = "" if t is None else str(t)
    chosen = [f"{m['seat']}:{m['suit']}" for m in hand.get("marriages", [])]
    fields.update(marriages=chosen, marriage_order=",".join(chosen))  # order: who declared first
    return fields


def post_hands(client: FlaskClient, form: bool) -> list[float]:
    """Times of TIMED hand posts (after WARMUP), each onto a game of 200 to 200+PER_GAME lines."""
    times: list[float] = []
    games = long_games(client, 1000 if form else 2000)
    while len(times) < WARMUP + TIMED:
        game, rest = next(games)
        hands = 0
        for line in rest:
            if hands == PER_GAME:
                break
            if "adjustment" in line:
                # the form page logs hands only: keep the game's sequence via the API, untimed
                timed(partial(client.post, f"/api/games/{game}/hands", json=line), 201)
                continue
            if form:  # the form answers with a redirect to the scoreboard, the API with 201
                post = partial(
                    client.post, f"/games/{game}/hands/new", data=form_fields(client, game, line)
                )
            else:
                post = partial(client.post, f"/api/games/{game}/hands", json=line)
            times.append(timed(post, 302 if form else 201))
            hands += 1
    return times[WARMUP : WARMUP + TIMED]  # the first posts warm up, like the other measures


def bench(label: str, url: str) -> None:
    app: Flask = create_app(
        {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    # signed in, as a phone at the table is (the scoreboard's access check is in the figures)
    secret = "bench password"
    signup = {"username": "bench", "password": secret, "confirm": secret}
    assert client.post("/signup", data=signup).status_code == 302
    board = import_game(client, deal.game(PRESET, LONG, 1))
    ping = percentiles(repeat(lambda: client.get("/ping")))
    rows = {
        "trivial (/ping)": ping,
        "scoreboard": percentiles(repeat(lambda: client.get(f"/games/{board}"))),
        "post hand (API)": percentiles(post_hands(client, form=False)),
        "post hand (form)": percentiles(post_hands(client, form=True)),
    }
    print(f"\n{label}: {TIMED} timed requests each after {WARMUP} warm-up, in-process test client")
    print(f"  {'':18}{'p50 ms':>8}{'p95 ms':>8}{'x p50':>7}{'x p95':>7}   goal")
    for name, (p50, p95) in rows.items():
        goal = ""
        if name in GOALS:
            ms, times = GOALS[name]
            ok = p95 < ms and (times is None or p95 < times * ping[1])
            goal = f"p95 < {ms:g} ms" + (f" and < {times:g}x trivial" if times else "")
            goal += ": " + ("ok" if ok else "MISSED")
        print(f"  {name:18}{p50:8.2f}{p95:8.2f}{p50 / ping[0]:7.1f}{p95 / ping[1]:7.1f}   {goal}")
    print(
        f"  (scoreboard: a {LONG}-hand game; posts: onto games of {LONG}-{LONG + PER_GAME} lines)"
    )
    page_weight(client)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def reset_postgres(url: str) -> None:
    """An empty schema, so that the app migrates from nothing and the games are only ours."""
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bench("SQLite", f"sqlite:///{os.path.join(tmp, 'bench.sqlite')}")
    pg = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    if not pg:
        print("\nPostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL")
        return
    reset_postgres(pg)
    bench("PostgreSQL", pg)


if __name__ == "__main__":
    main()
