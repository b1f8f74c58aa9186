"""`scorekeeper ratings FILE...` (ratings.md section 2): one JSON object and exit 0, players by
ordinal, numbers to 3 decimals; games not ended skipped; an invalid file refused, its name
before each problem line, exit 2, nothing on standard output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

GOLDEN = Path(__file__).parents[1] / "events" / "golden"


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "ratings", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def game(players: list[str], adjust: list[int], deals: int | None = 1) -> dict[str, Any]:
    """A pl-3 game of one deal after an adjustment: each final total is the adjustment plus
    [10, 100, 10] (seat 1 bids 100 and makes it); with `deals` None it has not ended."""
    return {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "options": {"deals": deals} if deals else {},
        "players": players,
        "hands": [
            {"adjustment": adjust, "reason": "carried over"},
            {"declarer": 1, "bid": 100, "contract": 100, "points": [10, 100, 10]},
        ],
    }


def write(tmp: Path, name: str, data: Any) -> str:
    path = tmp / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def library(matches: list[tuple[list[str], list[int]]]) -> dict[str, Any]:
    """The expected object, from the library driven by hand: casefolded names, 3 decimals."""
    model = PlackettLuce()
    now: dict[str, Any] = {}
    games: dict[str, int] = {}
    shown: dict[str, str] = {}
    for names, places in matches:
        keys = [n.casefold() for n in names]
        after = model.rate([[now.get(k) or model.rating()] for k in keys], ranks=places)
        for key, name, (rating,) in zip(keys, names, after):
            now[key] = rating
            games[key] = games.get(key, 0) + 1
            shown.setdefault(key, name)
    order = sorted(now, key=lambda k: now[k].ordinal(), reverse=True)
    return {
        "ratings": [
            {
                "player": shown[k],
                "mu": round(now[k].mu, 3),
                "sigma": round(now[k].sigma, 3),
                "ordinal": round(now[k].ordinal(), 3),
                "games": games[k],
            }
            for k in order
        ]
    }


def test_game_files_in_command_line_order(tmp_path: Path) -> None:
    files = [
        # totals 310, 100, 310: Ala and Cy won jointly (first, shared), Bob third
        write(tmp_path, "1.json", game(["Ala", "Bob", "Cy"], [300, 0, 300])),
        # not ended (no `deals`, nobody at 1,000): skipped without a word
        write(tmp_path, "2.json", game(["Ala", "Bob", "Dora"], [0, 0, 0], deals=None)),
        # "ALA" is Ala; totals 10, 600, 210: Bob first, Dora second, Ala third
        write(tmp_path, "3.json", game(["ALA", "Bob", "Dora"], [0, 500, 200])),
    ]
    done = run(*files)
    assert done.returncode == 0 and done.stderr == b""
    got = json.loads(done.stdout)
    assert got == library([(["Ala", "Bob", "Cy"], [1, 3, 1]), (["ALA", "Bob", "Dora"], [3, 1, 2])])
    # Bob won a game and was third in the other, Ala the other way round: Bob first, Ala
    # last; named as first rated (Ala, not ALA)
    names = [r["player"] for r in got["ratings"]]
    assert names[0] == "Bob" and names[-1] == "Ala" and sorted(names[1:3]) == ["Cy", "Dora"]
    assert {r["player"]: r["games"] for r in got["ratings"]} == {
        "Bob": 2,
        "Cy": 1,
        "Dora": 1,
        "Ala": 2,
    }
    # every number has at most 3 decimals
    for row in got["ratings"]:
        for field in ("mu", "sigma", "ordinal"):
            assert round(row[field], 3) == row[field]
    # the order of the files is the order of the games: the other way round, other figures
    back = json.loads(run(files[2], files[0]).stdout)
    assert back == library([(["ALA", "Bob", "Dora"], [3, 1, 2]), (["Ala", "Bob", "Cy"], [1, 3, 1])])
    assert back != got


def test_equal_ordinals_keep_the_order_of_first_appearance(tmp_path: Path) -> None:
    # everybody shares the first place: three equal ratings, listed as seated
    one = write(tmp_path, "tie.json", game(["Zoe", "Ann", "Max"], [90, 0, 90]))
    got = json.loads(run(one).stdout)["ratings"]
    assert [r["player"] for r in got] == ["Zoe", "Ann", "Max"]
    assert len({(r["mu"], r["sigma"], r["ordinal"]) for r in got}) == 1


def test_an_event_file_counts_its_tables_round_by_round(tmp_path: Path) -> None:
    data = json.loads((GOLDEN / "points-ranking.json").read_text())
    event = data["event"]
    done = run(write(tmp_path, "event.json", event))
    assert done.returncode == 0, done.stderr
    # the same tables, from the standings' own places (events.md section 2), in file order
    standings = data["expected"]["standings"]
    matches = []
    for number, round_ in enumerate(event["rounds"], start=1):
        for table_number, table in enumerate(round_["tables"], start=1):
            seats = [event["players"][p] for p in table["seats"]]
            places = []
            for name in seats:
                row = next(r for r in standings if r["player"] == name)
                entry = [
                    e
                    for e in row["rounds"]
                    if e["round"] == number and e.get("table") == table_number
                ]
                places.append(entry[0]["place"] if entry else None)
            if None not in places:  # a pending table does not count
                matches.append((seats, places))
    assert matches and json.loads(done.stdout) == library(matches)


def test_closed_and_pending_event_tables(tmp_path: Path) -> None:
    event = {
        "format": "scorekeeper-event/1",
        "name": "Club night",
        "tables": {"3": "pl-3"},
        "players": ["Ala", "Bob", "Cy", "Dora", "Ed", "Fay"],
        "rounds": [
            {
                "tables": [
                    # closed before its end: places by final total alone (110, 100, 10)
                    {
                        "seats": [0, 1, 2],
                        "closed": True,
                        "hands": [
                            {"adjustment": [100, 0, 0], "reason": "r"},
                            {"declarer": 1, "bid": 100, "contract": 100, "points": [10, 100, 10]},
                        ],
                    },
                    # neither ended nor closed: pending, no game rated
                    {"seats": [3, 4, 5], "hands": []},
                ]
            }
        ],
    }
    done = run(write(tmp_path, "night.json", event))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == library([(["Ala", "Bob", "Cy"], [1, 2, 3])])


def test_standard_input_and_no_counting_game(tmp_path: Path) -> None:
    piped = run("-", stdin=json.dumps(game(["Ala", "Bob", "Cy"], [300, 0, 0])).encode())
    assert piped.returncode == 0
    assert json.loads(piped.stdout) == library([(["Ala", "Bob", "Cy"], [1, 2, 3])])
    unended = write(tmp_path, "u.json", game(["Ala", "Bob", "Cy"], [0, 0, 0], deals=None))
    assert json.loads(run(unended).stdout) == {"ratings": []}


def test_invalid_files_are_refused_with_their_names(tmp_path: Path) -> None:
    good = write(tmp_path, "good.json", game(["Ala", "Bob", "Cy"], [300, 0, 0]))
    wrong = game(["Ala", "Bob", "Cy"], [0, 0, 0])
    wrong["hands"][1]["points"] = [10, 100, 8]
    bad = write(tmp_path, "bad.json", wrong)
    event = json.loads((GOLDEN / "points-ranking.json").read_text())["event"]
    event["ranking"] = "wins"
    bad_event = write(tmp_path, "bad-event.json", event)
    missing = str(tmp_path / "none.json")
    done = run(good, bad, bad_event, missing)
    assert done.returncode == 2 and done.stdout == b""
    lines = done.stderr.decode().splitlines()
    assert lines[0] == f"{bad}: hand 2: card points must add up to 120, got 118"
    assert (
        lines[1] == f'{bad_event}: event: ranking must be one of points, totals, margin, got "wins"'
    )
    assert lines[2].startswith(f"{missing}: cannot read")
    assert len(lines) == 3
    # what `scorekeeper score` says of the same file, the same words after the name
    score = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", bad], capture_output=True, timeout=60
    )
    assert score.returncode == 2
    assert [f"{bad}: {line}" for line in score.stderr.decode().splitlines()] == lines[:1]
    for hostile in (b"\x00\xff binary", b"[" * 200_000, b"[]"):
        done = run("-", stdin=hostile)
        assert done.returncode == 2 and done.stdout == b""
        assert b"Traceback" not in done.stderr and done.stderr.startswith(b"-: ")
