"""The load curve's tables and sign-in (bench/load.py): games with live links, a session."""

from __future__ import annotations

import gzip
import re
import secrets
from urllib.parse import urlencode

try:
    from bench import deal, loadclient
    from bench.loadphones import HEADERS, Table
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]
    import loadclient  # type: ignore[no-redef]
    from loadphones import HEADERS, Table  # type: ignore[no-redef]

FOLLOWERS, PRESET, SETUP_HANDS, LINES, SEQUENCES = 3, "pl-3", 5, 60, 50
PASSWORD = "bench load password"


def setup(database_url: str, tables: int) -> tuple[str, list[Table]]:
    """One account and `tables` games of three players, each with a few hands and a live link,
    through the services layer; returns the account's username and the tables."""
    from scorekeeper import create_app
    from scorekeeper.gamefile import parse
    from scorekeeper.services import accounts, games
    from scorekeeper.store.db import db

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
    deals = [deal.game(PRESET, SETUP_HANDS + LINES, seed) for seed in range(SEQUENCES)]
    out: list[Table] = []
    with app.app_context():
        owner = accounts.sign_up(username, PASSWORD, "127.0.0.1").id
        for i in range(tables):
            data = deals[i % SEQUENCES]
            game = games.create_game(
                parse({**data, "hands": data["hands"][:SETUP_HANDS]}), owner, commit_now=False
            )
            token = secrets.token_urlsafe(24)
            games.set_link(game, "share_token", token)  # commits the game with its link
            out.append(Table(game.id, token, data["hands"][SETUP_HANDS:], version=game.version))
        db.session.remove()
        db.engine.dispose()
    return username, out


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
