"""Helpers for app tests: start a game and post hands through the pages, like a phone would."""

from __future__ import annotations

import re
from typing import Any

from scorekeeper.store.db import db
from scorekeeper.store.models import Entry, Line


def sign_in(client: Any, username: str = "tester") -> None:
    from tests.conftest import PASSWORD

    r = client.post("/signin", data={"username": username, "password": PASSWORD})
    assert r.status_code == 302, r.get_data(as_text=True)


def new_game(
    client: Any,
    variant: str = "pl-3",
    players: tuple[str, ...] = ("Ala", "Bartek", "Celina"),
    **extra: str,
) -> str:
    data = {"variant": variant, "first_dealer": "0", **extra}
    for i, name in enumerate(players):
        data[f"players-{i}"] = name
    r = client.post("/games/new", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"]


def version_token(client: Any, url: str) -> dict[str, str]:
    page = client.get(url).get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', page)
    token = re.search(r'name="token" type="hidden" value="([^"]+)"', page)
    out = {"version": version.group(1) if version else ""}
    if token:
        out["token"] = token.group(1)
    return out


def hand(
    client: Any,
    game: str,
    points: list[int | None],
    declarer: int | None = None,
    bid: int | None = None,
    **extra: Any,
) -> Any:
    data: dict[str, Any] = version_token(client, f"{game}/hands/new")
    page = client.get(f"{game}/hands/new").get_data(as_text=True)
    dealer = re.search(r'<option selected value="(\d+)">', page)
    data["dealer"] = dealer.group(1) if dealer else "0"
    if declarer is not None:
        data["declarer"] = str(declarer)
    if bid is not None:
        data["bid"] = str(bid)
    for i, p in enumerate(points):
        if p is not None:  # a sitting-out seat posts nothing, as the page's own form
            data[f"points-{i}"] = str(p)
    data.update(extra)
    return client.post(f"{game}/hands/new", data=data)


def totals(client: Any, game: str) -> list[int]:
    page = client.get(game).get_data(as_text=True)
    return [int(x) for x in re.findall(r'<span class="points">(-?\d+)</span>', page)]


def stored_lines() -> int:
    return len(db.session.execute(db.select(Line)).scalars().all())


def stored_entries() -> list[tuple[int, int | None]]:
    return [(e.seat, e.points) for e in db.session.execute(db.select(Entry)).scalars()]


def edit_first(client: Any, game: str, **fields: str) -> Any:
    """Posts the edit form of hand 1 as Ala making 100 with 100/10/10 (fields change it);
    Celina dealt, so Ala opened at 100 (the forced opener)."""
    data = version_token(client, f"{game}/hands/1/edit")
    data.update(
        {
            "dealer": "2",
            "declarer": "0",
            "bid": "100",
            "points-0": "100",
            "points-1": "10",
            "points-2": "10",
            **fields,
        }
    )
    return client.post(f"{game}/hands/1/edit", data=data)
