"""The load curve's tables and sign-in (bench/load.py): games with live links, a session."""

from __future__ import annotations

import gzip
import re
import secrets
from typing import Any
from urllib.parse import urlencode

from sqlalchemy import update

try:
    from bench import deal, loadclient
    from bench.loadphones import HEADERS, Table
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]
    import loadclient  # type: ignore[no-redef]
    from loadphones import HEADERS, Table  # type: ignore[no-redef]

FOLLOWERS, PRESET, SETUP_HANDS, LINES, SEQUENCES = 3, "pl-3", 5, 30, 50
COLD_HANDS = 1950  # the cold path's game: a long evening's, at the import limit's scale
PASSWORD = "bench load password"


def sequences() -> list[dict[str, Any]]:
    """SEQUENCES games whose lines after the first SETUP_HANDS are hands only for LINES lines:
    the form logs hands (an adjustment has a form of its own)."""
    out: list[dict[str, Any]] = []
    seed = 0
    while len(out) < SEQUENCES:
        seed += 1
        data = deal.game(PRESET, SETUP_HANDS + LINES, seed)
        if not any("adjustment" in line for line in data["hands"]):
            out.append(data)
    return out


def setup(database_url: str, tables: int, cold: int = 0) -> tuple[str, list[Table], list[int]]:
    """One account and `tables` games of three players, each with a few hands and a live link,
    and `cold` games of COLD_HANDS hands, through the services layer; returns the account's
    username, the tables and the long games."""
    from scorekeeper import create_app
    from scorekeeper.gamefile import parse
    from scorekeeper.services import accounts, games
    from scorekeeper.store.db import db
    from scorekeeper.store.models import Game

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "bench",
            "AUTO_MIGRATE": False,
            "SIGNUPS_PER_HOUR": 0,
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",  # a cheap sign-in
        }
    )
    username = f"bench-{secrets.token_hex(4)}"
    deals = sequences()
    out: list[Table] = []
    long_games: list[int] = []
    with app.app_context():
        owner = accounts.sign_up(username, PASSWORD, "127.0.0.1").id
        files = [parse({**d, "hands": d["hands"][:SETUP_HANDS]}) for d in deals]
        table = Game.__table__
        for i in range(tables):
            data = deals[i % SEQUENCES]
            game = games.create_game(files[i % SEQUENCES], owner, commit_now=False)
            token = secrets.token_urlsafe(24)
            # its live link, as games.set_link gives it, without a commit per game: the
            # games are committed a batch at a time (a commit waits for its WAL flush)
            db.session.execute(update(table).where(table.c.id == game.id).values(share_token=token))
            rest = data["hands"][SETUP_HANDS:]
            out.append(Table(game.id, token, rest, SETUP_HANDS, version=game.version))
            if i % 200 == 199:
                db.session.commit()
                db.session.expunge_all()
        db.session.commit()
        for seed in range(cold):
            data = deal.game(PRESET, COLD_HANDS, 1000 + seed)
            game = games.create_game(parse(data), owner)
            long_games.append(game.id)
        db.session.remove()
        db.engine.dispose()
    return username, out, long_games


def lines_stored(database_url: str, tables: list[Table]) -> dict[int, int]:
    """How many lines each table's game holds now (a duplicate would show as one too many)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url)
    ids = [t.game for t in tables]
    with engine.connect() as conn:
        found = conn.execute(
            text("SELECT game_id, count(*) FROM line WHERE game_id = ANY(:ids) GROUP BY game_id"),
            {"ids": ids},
        ).all()
    engine.dispose()
    return {int(g): int(n) for g, n in found}


async def sign_in(target: tuple[str, int, str], username: str) -> str:
    """The session cookie of a sign-in through the form (its CSRF token), as a phone does."""
    client = loadclient.Client(*target, timeout=30)
    page = await client.request("GET", "/signin", HEADERS)
    text = page.body
    if page.headers.get("content-encoding") == "gzip":  # the app compresses its pages
        text = gzip.decompress(text)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text.decode())
    form = {"csrf_token": csrf.group(1) if csrf else "", "username": username}
    headers = {
        "Cookie": f"session={loadclient.cookie(page, 'session')}",
        "Content-Type": "application/x-www-form-urlencoded",
    }
    body = urlencode({**form, "password": PASSWORD, "next": ""}).encode()
    done = await client.request("POST", "/signin", {**HEADERS, **headers}, body)
    client.close()
    session = loadclient.cookie(done, "session")
    if done.status != 302 or not session:
        raise RuntimeError(f"sign-in failed: {done.status} {done.body[:300]!r}")
    return f"session={session}"
