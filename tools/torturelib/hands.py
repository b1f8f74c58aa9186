"""Valid hands, the ledger of those acknowledged, the run's context, and posting games and hands."""

from __future__ import annotations

import argparse
import json
import random
import re
import threading
from dataclasses import dataclass, field
from typing import Any

from .client import Client, Reply, Tally, grab

VARIANT, PLAYERS = "pl-3", ["Ala", "Bartek", "Celina"]


def game_doc(hands: list[Any] | None = None) -> dict[str, Any]:
    """A pl-3 game file of the three players, with these hands (none by default)."""
    doc: dict[str, Any] = {"format": "scorekeeper-game/1", "variant": VARIANT, "players": PLAYERS}
    return {**doc, "hands": [] if hands is None else hands}


class Hands:
    """Valid pl-3 hands, each different, in any order: bid 110 by seat k % 3 (any seat may
    outbid the forced 100), declarer 50-109 card points (so the contract fails and nobody nears
    the lock or the target), the rest split between the defenders, never 1 or 119; ~7,000."""

    def __init__(self, seed: int) -> None:
        combos = [
            (a, b, 120 - a - b)
            for a in range(50, 110)
            for b in range(0, 121 - a)
            if 1 not in (b, 120 - a - b)
        ]
        random.Random(seed).shuffle(combos)
        self.combos, self.count, self.lock = combos, 0, threading.Lock()

    def next(self) -> dict[str, Any]:
        with self.lock:
            k, self.count = self.count, self.count + 1
        if k // 3 >= len(self.combos):
            raise RuntimeError("out of distinct hands: fewer requests, or a longer list")
        declarer, (a, b, c) = k % 3, self.combos[k // 3]
        points = [b, c]
        points.insert(declarer, a)
        return {"declarer": declarer, "bid": 110, "points": points}


def identity(hand: dict[str, Any]) -> tuple[Any, ...]:
    return (hand.get("declarer"), tuple(hand.get("points") or ()))


@dataclass
class Ledger:
    """What the server acknowledged, per game and hand, to compare with what it stored."""

    acked: dict[int, set[tuple[Any, ...]]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ack(self, game: int, hand: dict[str, Any]) -> None:
        with self.lock:
            self.acked.setdefault(game, set()).add(identity(hand))

    def check(self, client: Client) -> tuple[int, int, int, dict[int, int]]:
        """(acknowledged, lost, duplicated, lost per game) over every game, read back
        through the API."""
        acked = lost = dup = 0
        per_game: dict[int, int] = {}
        for game, hands in self.acked.items():
            stored: dict[tuple[Any, ...], int] = {}
            reply = client.get(f"/api/games/{game}/file")
            if reply.status != 200:
                raise RuntimeError(f"cannot read game {game} back: {reply.status}")
            for line in json.loads(reply.body)["hands"]:
                key = identity(line)
                stored[key] = stored.get(key, 0) + 1
            acked += len(hands)
            per_game[game] = sum(1 for h in hands if h not in stored)
            lost += per_game[game]
            dup += sum(1 for n in stored.values() if n > 1)
        return acked, lost, dup, per_game


@dataclass
class Ctx:
    args: argparse.Namespace
    port: int
    tally: Tally
    hands: Hands
    ledger: Ledger
    owner: Client
    api: Client
    games: dict[str, int] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)


def new_game_api(c: Client) -> int:
    r = c.json("/api/games", {**game_doc(), "first_dealer": 0})
    if r.status != 201:
        raise RuntimeError(f"POST /api/games gave {r.status}: {r.text[:300]}")
    return int(json.loads(r.body)["id"])


def new_game_form(c: Client) -> int:
    c.take_csrf(c.get("/games/new"))
    fields = {"variant": VARIANT, "first_dealer": "0", "stake": ""}
    fields.update({f"players-{i}": n for i, n in enumerate([*PLAYERS, ""])})
    r = c.form("/games/new", fields)
    found = re.search(r"/games/(\d+)", r.headers.get("location", ""))
    if r.status != 302 or not found:
        raise RuntimeError(f"the new-game form gave {r.status}: {r.text[:300]}")
    return int(found.group(1))


def post_api(ctx: Ctx, game: int, hand: dict[str, Any], key: str | None, **kw: Any) -> Reply:
    headers = {"Idempotency-Key": key} if key else {}
    r = ctx.api.json(f"/api/games/{game}/hands", hand, headers, **kw)
    if r.status == 201:
        ctx.ledger.ack(game, hand)
    return r


def hand_form(c: Client, game: int) -> dict[str, str]:
    """The hand form as a phone gets it: CSRF, version, token and the dealer it preselects."""
    page = c.get(f"/games/{game}/hands/new").text
    fields = {"csrf_token": c.take_csrf(Reply(200, {}, page.encode()))}
    for name in ("version", "token"):
        fields[name] = grab(rf'name="{name}"[^>]*value="([^"]*)"', page)
    fields["dealer"] = grab(r'<option selected value="(\d+)">', page, "0")
    return fields


def post_form(ctx: Ctx, c: Client, game: int, base: dict[str, str], hand: dict[str, Any]) -> Reply:
    fields = {**base, "declarer": str(hand["declarer"]), "bid": str(hand["bid"])}
    fields.update({f"points-{s}": str(p) for s, p in enumerate(hand["points"])})
    r = c.form(f"/games/{game}/hands/new", fields)
    # stored: the score page naming the new line (?saved=N); a conflict redirects without it
    if r.status in (302, 303) and "saved=" in r.headers.get("location", ""):
        ctx.ledger.ack(game, hand)
    return r
