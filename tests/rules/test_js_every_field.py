"""Every field of a hand and every option crosses the phone's engine as it crosses the server's.

Games built from the dataclasses and the option specs (tests/everyfield.py), not by hand: a field
added to `Hand` or an option added to `OPTION_SPECS` that the JavaScript reader drops, or that
its writer leaves out, fails here with the field's name and the layer that lost it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.gamefile.file import parse, to_dict
from scorekeeper.gamefile.output import engine_output
from tests.everyfield import every_field_games

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")

# the phone's reader and writer and its engine (static/gamefile/output.js), on each
# game: what it writes back, and what it scores
SCRIPT = """
import fs from "node:fs";
const root = new URL(process.argv[1]);
const { engineOutput, loads, toDict } = await import(new URL("gamefile/output.js", root).href);
const games = JSON.parse(fs.readFileSync(0, "utf8"));
const out = games.map((text) => ({
  written: toDict(loads(text)),
  scored: engineOutput(JSON.parse(text)),
}));
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def phone() -> list[dict[str, Any]]:
    if NODE is None:
        if os.environ.get("CI"):
            pytest.fail("CI must compare the browser engine: no node", pytrace=False)
        pytest.skip("no Node.js: the browser engine is not compared here")
    texts = [json.dumps(g) for g in every_field_games()]
    done = subprocess.run(
        [
            NODE,
            "--input-type=module",
            "-e",
            SCRIPT,
            (ROOT / "scorekeeper" / "static").as_uri() + "/",
        ],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return list(json.loads(done.stdout))


def _lost(want: Any, got: Any, where: str) -> list[str]:
    """The keys (a field, an option) `got` lacks or changed, each with its path."""
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for key in want:
            if key not in got:
                out.append(f"{where}.{key} dropped")
            else:
                out += _lost(want[key], got[key], f"{where}.{key}")
        return out + [f"{where}.{key} added" for key in got if key not in want]
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        return [m for i, (a, b) in enumerate(zip(want, got)) for m in _lost(a, b, f"{where}[{i}]")]
    return [] if want == got else [f"{where}: {want!r} became {got!r}"]


def test_the_phone_writes_back_every_field_and_option_it_read(phone: list[dict[str, Any]]) -> None:
    for game, answer in zip(every_field_games(), phone, strict=True):
        server = to_dict(parse(game))
        lost = _lost(server, answer["written"], game["variant"])
        assert not lost, "the phone's game file reader or writer (static/gamefile/output.js): " + (
            "; ".join(lost)
        )


def test_the_phone_scores_every_field_and_option_as_the_server(phone: list[dict[str, Any]]) -> None:
    for game, answer in zip(every_field_games(), phone, strict=True):
        server = json.loads(json.dumps(engine_output(game)))
        assert "problems" not in server, server
        lost = _lost(server, answer["scored"], game["variant"])
        assert not lost, "the phone's engine (static/gamefile/output.js): " + "; ".join(lost)
