"""The fuzz run: every broken upload once, then hostile requests of 16 kinds on 6 threads."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from .client import Client, short
from .concurrency import pool
from .hands import VARIANT, Ctx, game_doc
from .inputs import INTS, bad_zips, deep_json, hostile, mutated

HAND_FIELDS = ["declarer", "bid", "contract", "points-0", "points-1", "points-2", "tricks-0"]
HAND_FIELDS += ["dealer", "version", "token", "marriages", "marriage_order", "musik_aces", "trump"]
NEW_FIELDS = ["variant", "players-0", "players-1", "players-2", "players-3", "first_dealer"]
NEW_FIELDS += ["stake", "opt_target", "opt_lock", "opt_barrel", "opt_barrel_at", "opt_rounding"]
GAME_KEYS = ["variant", "players", "first_dealer", "hands", "options", "stake", "format"]
HAND_KEYS = ["declarer", "bid", "points", "contract", "marriages", "adjustment", "reason", "dealer"]
# pages read with a hostile id; {game} is the fuzz game, {{}} (then {}) the id
PAGES = ["/games/{{}}", "/games/{{}}/chart", "/games/{game}/hands/{{}}", "/api/games/{{}}"]
PAGES += ["/api/games/{{}}/file", "/players/{{}}", "/live/{{}}/x", "/live/{game}/{{}}/state"]
PAGES += ["/join/{{}}/abc", "/rules/{{}}", "/games/{{}}/export.csv"]
PAGES += ["/games/{game}/hands/{{}}/edit", "/history?player={{}}", "/history?from={{}}"]
PAGES += ["/history?page={{}}", "/signin?next={{}}", "/games/{game}/hands/new?x={{}}"]
RAW_BODIES = [deep_json(100000), b'{"a":' * 50000 + b"1" + b"}" * 50000, b"{", b"\xff\xfe"]
RAW_BODIES += [
    b'{"hands": [' + b"9" * 5000 + b"]}",
    b"NaN",
    b'"\x00"',
    b"[]" * 10,
    b"x" * (9 << 20),
]


def fuzz_jobs(ctx: Ctx, fuzzer: Client, count: int) -> list[Callable[[], Any]]:
    rng, game, port = ctx.rng, ctx.games["fuzz"], ctx.port
    uploads = bad_zips(rng)
    hand = {"declarer": 0, "bid": 110, "points": [80, 20, 20]}
    gamefile = game_doc([hand])
    player = ctx.games.get("player", 1)
    pages = [p.format(game=game) for p in PAGES]

    def hand_post(path: str) -> Callable[[], Any]:
        fields = {
            "version": "1",
            "token": f"{rng.getrandbits(64):x}",
            "dealer": "0",
            "declarer": "0",
        }
        fields.update({"bid": "110", "points-0": "80", "points-1": "20", "points-2": "20"})
        for name in rng.sample(HAND_FIELDS, rng.randint(1, 3)):
            fields[name] = hostile(rng)
        if rng.random() < 0.2:  # a dealer the game does not have: a message, not a 500
            fields["dealer"] = rng.choice(["3", "-1", "7", str(2**31)])
        return lambda: fuzzer.form(path, fields)

    def anonymous(path: str, fields: dict[str, str]) -> Callable[[], Any]:
        def run() -> None:
            c = Client(port, ctx.tally)
            c.take_csrf(c.get(path.split("?")[0]))
            c.form(path, fields)

        return run

    def url_id() -> str:
        return quote(
            hostile(rng) if rng.random() < 0.3 else str(rng.choice(INTS)),
            safe="",
            errors="surrogatepass",
        )

    def one() -> Callable[[], Any]:
        kind = rng.randrange(16)
        if kind == 0:
            return hand_post(f"/games/{game}/hands/new")
        if kind == 1:
            return hand_post(f"/games/{game}/hands/preview?number={url_id()}")
        if kind == 2:
            return hand_post(f"/games/{game}/hands/1/edit")
        if kind == 3:
            fields = {"version": hostile(rng), "token": hostile(rng), "reason": hostile(rng)}
            fields.update({f"values-{s}": hostile(rng) for s in range(3)})
            return lambda: fuzzer.form(f"/games/{game}/adjust", fields)
        if kind == 4:
            fields = {"variant": VARIANT, "first_dealer": "0", "players-0": "A", "players-1": "B"}
            fields.update({"players-2": "C"})
            fields.update(
                {name: hostile(rng) for name in rng.sample(NEW_FIELDS, rng.randint(1, 3))}
            )
            if rng.random() < 0.3:  # a variant the app does not have: a message, not a 500
                fields["variant"] = rng.choice(["pl-9", "PL-3", "pl-3\x00", "", "ru-2 "])
            return lambda: fuzzer.form("/games/new", fields)
        if kind == 5:
            fields = {"username": hostile(rng), "password": hostile(rng)}
            return anonymous("/signin", fields)
        if kind == 6:
            password = hostile(rng)
            fields = {"username": hostile(rng), "password": password, "confirm": password}
            return anonymous("/signup", fields)
        if kind == 7:
            # every candidate draws its hostile values (in this order) before one is chosen
            choice = rng.choice(
                [
                    ("/account/tokens", {"name": hostile(rng)}),
                    ("/account/password", {"current": hostile(rng), "new": hostile(rng)}),
                    (f"/players/{player}/rename", {"name": hostile(rng), "version": hostile(rng)}),
                    (f"/players/{player}/merge", {"into": hostile(rng)}),
                    ("/language", {"lang": hostile(rng), "next": hostile(rng)}),
                    (f"/games/{game}/undo", {"version": hostile(rng)}),
                    (f"/games/{game}/hands/{url_id()}/delete", {"version": hostile(rng)}),
                ]
            )
            return lambda: fuzzer.form(*choice)
        if kind in (8, 9):
            url = rng.choice(pages).format(url_id())
            return lambda: fuzzer.get(url)
        if kind in (10, 11):
            data = mutated(rng, gamefile, GAME_KEYS)
            return lambda: ctx.api.json("/api/games", data, tally=ctx.tally)
        if kind in (12, 13):
            data = mutated(rng, hand, HAND_KEYS)
            key = rng.choice([None, "k" * 10000, "a\x01b", hostile(rng)])
            headers: dict[str, Any] = {}
            if key is not None:
                raw_key = key.encode("utf-8", "surrogatepass")
                headers["Idempotency-Key"] = raw_key.replace(b"\r", b"").replace(b"\n", b"")
            return lambda: ctx.api.json(f"/api/games/{game}/hands", data, headers)
        if kind == 14:
            raw = rng.choice(RAW_BODIES)
            path = rng.choice(["/api/games", f"/api/games/{game}/hands"])
            return lambda: ctx.api.json(path, raw, what=f"POST {path} raw {short(raw)}")
        name, blob = rng.choice(uploads) if rng.random() < 0.7 else ("x.zip", os.urandom(64))
        return lambda: fuzzer.upload("/import", name, blob, timeout=60)

    return [one() for _ in range(count)]


def fuzz(ctx: Ctx, fuzzer: Client) -> int:
    """Every broken upload once, then the hostile requests on 6 threads; how many ran."""
    for name, data in bad_zips(ctx.rng):
        fuzzer.upload("/import", name, data, timeout=60)
    return pool(fuzz_jobs(ctx, fuzzer, ctx.args.fuzz), threads=6, seconds=ctx.args.fuzz_cap)
