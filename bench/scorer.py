"""What a scorer waits for, SQLite and PostgreSQL: .venv/bin/python bench/scorer.py [--quick]

Times the paths a scorer meets at the table rather than a cache hit: the scoreboard
right after a write (every write is a new version, so nothing rendered is reused), the
scoreboard from a worker that remembers nothing (a new gunicorn worker, or one whose memos let
the game go), and posting a hand through the form together with the redirect to the board.
Then the cost of adding a hand to a 10-hand and to a 1,000-hand game, and the board's HTML,
which must not grow with the game. In-process (the test client), p50 and p95 of TIMED each.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench import deal  # noqa: E402
from bench.http_pages import form_fields, percentiles, reset_postgres  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from scorekeeper.store import memo  # noqa: E402
from scorekeeper.store.db import db  # noqa: E402

PRESET, LONG = "pl-3", 200
TIMED = 40 if "--quick" in sys.argv else 150
GOALS = {  # p95 in ms
    "board right after a write": 15,
    "board, worker remembers nothing": 15,
    "form post + its redirect": 25,
}


def ms(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return (time.perf_counter() - start) * 1000, out


def hands_after(client: Any, hands: int, seed: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(game, next hand) pairs: a game of `hands` hands, then its next hands one by one, a new
    game when one runs out."""
    while True:
        seed += 1
        data = deal.game(PRESET, hands + 60, seed)
        r = client.post("/api/games", json={**data, "hands": data["hands"][:hands]})
        assert r.status_code == 201, r.get_data(as_text=True)
        game = r.get_json()["id"]
        for line in data["hands"][hands:]:
            if "adjustment" not in line:  # the form logs hands; the sequence stays valid
                yield game, line
            else:
                client.post(f"/api/games/{game}/hands", json=line)


def board_after_write(client: Any) -> list[float]:
    times = []
    for game, line in hands_after(client, LONG, 100):
        assert client.post(f"/api/games/{game}/hands", json=line).status_code == 201
        took, r = ms(partial(client.get, f"/games/{game}"))
        assert r.status_code == 200
        times.append(took)
        if len(times) == TIMED:
            return times
    raise AssertionError


def board_cold(app: Any, client: Any) -> list[float]:
    times = []
    for game, _line in hands_after(client, LONG, 200):
        app.extensions["scorekeeper.memos"] = memo.Memos()  # a worker that remembers nothing
        took, r = ms(partial(client.get, f"/games/{game}"))
        assert r.status_code == 200
        times.append(took)
        if len(times) == TIMED:
            return times
    raise AssertionError


def form_post(client: Any) -> list[float]:
    times = []
    for game, line in hands_after(client, LONG, 300):
        fields = form_fields(client, game, line)  # the form as the phone got it (untimed)

        took, r = ms(partial(post_and_follow, client, f"/games/{game}/hands/new", fields))
        assert r.status_code == 200
        times.append(took)
        if len(times) == TIMED:
            return times
    raise AssertionError


def post_and_follow(client: Any, url: str, fields: dict[str, Any]) -> Any:
    r = client.post(url, data=fields)
    assert r.status_code == 302, r.get_data(as_text=True)
    return client.get(r.headers["Location"])


def by_length(client: Any) -> None:
    print("  adding a hand (API), p50 ms, by the game's length; the board's HTML after it:")
    for hands in (10, 1000):
        full, minimal, sizes = [], [], []
        source = hands_after(client, hands, 400 + hands)
        for n in range(min(TIMED, 40) * 2):
            game, line = next(source)
            headers = {"Prefer": "return=minimal"} if n % 2 else {}
            post = partial(client.post, f"/api/games/{game}/hands", json=line, headers=headers)
            took, r = ms(post)
            assert r.status_code == 201, r.get_data(as_text=True)
            (minimal if n % 2 else full).append(took)
            sizes.append(len(client.get(f"/games/{game}").get_data()))
        print(
            f"    {hands:>5} hands: {percentiles(full)[0]:6.2f} whole game back, "
            f"{percentiles(minimal)[0]:6.2f} with Prefer: return=minimal; "
            f"board {max(sizes) / 1024:.0f} KB"
        )


def bench(label: str, url: str) -> None:
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    secret = "bench password"
    signup = {"username": "bench", "password": secret, "confirm": secret}
    assert client.post("/signup", data=signup).status_code == 302
    rows = {
        "board right after a write": board_after_write(client),
        "board, worker remembers nothing": board_cold(app, client),
        "form post + its redirect": form_post(client),
    }
    print(f"\n{label}: {TIMED} timed each, a {LONG}-hand game of {PRESET}, in-process")
    print(f"  {'':34}{'p50 ms':>8}{'p95 ms':>8}   goal")
    for name, times in rows.items():
        p50, p95 = percentiles(times)
        ok = "ok" if p95 <= GOALS[name] else "MISSED"
        print(f"  {name:34}{p50:8.2f}{p95:8.2f}   p95 <= {GOALS[name]} ms: {ok}")
    by_length(client)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


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
