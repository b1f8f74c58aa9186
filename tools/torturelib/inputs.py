"""Hostile inputs for the fuzz: odd numbers and texts, mangled JSON, broken zips, a lying bomb."""

from __future__ import annotations

import io
import json
import random
import struct
import zipfile
import zlib
from typing import Any

from .hands import game_doc

INTS = [0, -1, 1, 3, 119, 121, -121, 10_001, -10_001, 2**31 - 1, 2**31, -(2**31) - 1, 2**32]
INTS += [2**53 + 1, 2**63 - 1, 2**63, -(2**63) - 1, 2**64, 10**30, 10**400]
TEXTS = ["", " ", "\x00", "a\x00b", "\x01\x02\x1b[31m", "\x7f", "\u0085", "\u2028", "\u202eevil"]
TEXTS += ["\ufeff", "\ud800", "💣" * 50, "é" * 61, "x" * 61, "x" * 201, "y" * 5000, "Ω" * 70000]
TEXTS += ["<script>alert(1)</script>", "'; DROP TABLE game;--", "%(name)s {0} %s %n", "../../etc"]
TEXTS += ["null", "NaN", "-0", "1e309", "0x1f", " 12 ", "１２", "٣", "9" * 5000, "-" * 3, "1.5"]


def hostile(rng: random.Random) -> str:
    return str(rng.choice(INTS)) if rng.random() < 0.5 else rng.choice(TEXTS)


def hostile_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(INTS)
    if roll < 0.55:
        return rng.choice(TEXTS)
    if roll < 0.7:
        return rng.choice([None, True, False, 1.5, -0.0, 1e308, float("inf"), float("nan")])
    if depth > 2:
        return []
    if roll < 0.85:
        return [hostile_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["declarer", "points", "x", "\x00"]): hostile_json(rng, depth + 1)}


def deep_json(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def mutated(rng: random.Random, base: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(base))
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(keys)
        if key in ("points", "players", "adjustment") and rng.random() < 0.6:
            data[key] = [hostile_json(rng) if rng.random() < 0.5 else 40 for _ in range(3)]
        else:
            data[key] = hostile_json(rng)
    return data


def zip_of(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buffer.getvalue()


def lying_zip(megabytes: int, claim: int = 1000) -> bytes:
    """One member whose headers say `claim` bytes (with the CRC of those) but whose deflate
    stream inflates to `megabytes` MB: a reader that trusts the header unpacks it whole."""
    head = b'{"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["A", "B", "C"], "x": "'
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk, parts = b" " * (1 << 20), [co.compress(head)]
    parts += [co.compress(chunk) for _ in range(megabytes)]
    parts += [co.compress(b'"}'), co.flush()]
    data = b"".join(parts)
    crc = zlib.crc32((head + chunk)[:claim])
    name = b"game.json"
    # the local header, the central directory's entry and its end record, deflated (method 8)
    sizes = (crc, len(data), claim, len(name))
    local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0, *sizes, 0)
    central = struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 8, 0, 0, *sizes, *[0] * 6)
    lengths = (len(central) + len(name), len(local) + len(name) + len(data))
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 1, 1, *lengths, 0)
    return local + name + data + central + name + end


def bad_zips(rng: random.Random) -> list[tuple[str, bytes]]:
    good = json.dumps(game_doc())
    plain = zip_of({"a.json": good.encode()})
    flip = bytearray(plain)
    flip[40] ^= 0xFF  # inside the compressed data: a bad CRC or a broken deflate stream
    encrypted = bytearray(plain)
    encrypted[6] |= 1  # the "encrypted" flag in the local header
    central = plain.rfind(b"PK\x01\x02")
    encrypted[central + 8] |= 1
    method = bytearray(plain)
    method[8] = 99  # an unknown compression method (AES in WinZip's scheme)
    method[central + 10] = 99
    deep = json.dumps(game_doc([[[[]]]] * 3)).encode()[:-1] + deep_json(50000)
    return [
        ("junk.zip", b"PK" + bytes(rng.getrandbits(8) for _ in range(300))),
        ("truncated.zip", plain[: len(plain) // 2]),
        ("crc.zip", bytes(flip)),
        ("encrypted.zip", bytes(encrypted)),
        ("method99.zip", bytes(method)),
        ("bzip2.zip", zip_of({"a.json": good.encode()}, zipfile.ZIP_BZIP2)),
        ("lzma.zip", zip_of({"a.json": good.encode()}, zipfile.ZIP_LZMA)),
        ("deep.zip", zip_of({"a.json": deep})),
        ("deep.json", deep_json(100000)),
        (
            "huge-int.json",
            good.replace('"hands": []', f'"first_dealer": {2**63}, "hands": []').encode(),
        ),
        ("nul.json", good.replace("Ala", "A\\u0000la").encode()),
        ("long-name.json", good.replace("Ala", "A" * 300).encode()),
        ("utf16.json", good.encode("utf-16")),
        ("many.zip", zip_of({f"g{i}.json": b"{}" for i in range(5100)}, zipfile.ZIP_STORED)),
        ("traversal.zip", zip_of({"../../evil.json": good.encode()})),
        ("empty.json", b""),
    ]
