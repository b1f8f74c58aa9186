"""A worker's memory as it serves the pages of many games: .venv/bin/python bench/memory.py

Views the game page of every game, one after another, as a worker that lives for a season
would, and prints its resident memory (VmRSS) as it goes: short games (20 hands), 200-hand
games and 1,000-hand games, each kind in a fresh database and a fresh worker. The memos that
remember each game (store/memo.py) are capped by bytes, so the figure levels off whatever the
length of the games (~150 MB a worker at most; capped by count, it grew 0.47 MB per 200-hand game).
`--quick` views fewer games.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench import deal  # noqa: E402

KINDS = {"20 hands": (20, 3000), "200 hands": (200, 600), "1,000 hands": (1000, 150)}


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def one_kind(hands: int, games: int) -> None:
    """In this process: `games` games of `hands` hands imported, then each game page viewed."""
    from scorekeeper import create_app
    from scorekeeper.store import memo

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/m.sqlite",
                "SECRET_KEY": "bench",
                "WTF_CSRF_ENABLED": False,
            }
        )
        client = app.test_client()
        secret = "bench password"
        signup = {"username": "bench", "password": secret, "confirm": secret}
        assert client.post("/signup", data=signup).status_code == 302
        # a few dealt games, imported again and again: what is remembered is per game id
        files = [deal.game("pl-3", hands, seed) for seed in range(5)]
        ids = []
        for n in range(games):
            r = client.post("/api/games", json=files[n % len(files)])
            assert r.status_code == 201, r.get_data(as_text=True)
            ids.append(r.get_json()["id"])
        gc.collect()
        start = rss_mb()
        marks = {games // 4, games // 2, 3 * games // 4, games - 1}
        row = [f"{hands:>5} hands x {games:>5}: start {start:6.1f} MB"]
        for n, game in enumerate(ids):
            assert client.get(f"/games/{game}").status_code == 200
            if n in marks:
                gc.collect()
                row.append(f"after {n + 1:>5}: {rss_mb():6.1f} MB")
        memos = app.extensions["scorekeeper.memos"]
        held = sum(m.held for m in vars(memos).values() if isinstance(m, memo.Memo))
        row.append(f"memos hold ~{held / memo.MB:.0f} MB (estimated)")
        print("  " + "; ".join(row), flush=True)


def main() -> None:
    quick = "--quick" in sys.argv
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        one_kind(int(sys.argv[2]), int(sys.argv[3]))
        return
    print(
        "Resident memory of one worker viewing every game page once (fresh process each):",
        flush=True,
    )
    for hands, games in KINDS.values():
        games = games // 10 if quick else games
        subprocess.run(
            [sys.executable, __file__, "--one", str(hands), str(games)], check=True, env=os.environ
        )
    print("  goal: levels off under ~150 MB a worker, whatever the length of the games")


if __name__ == "__main__":
    main()
