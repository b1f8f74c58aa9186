"""`scorekeeper standings FILE` (and `-`): JSON and exit 0, or one line per problem and exit 2,
never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "standings", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def golden(name: str = "points-ranking.json") -> dict:
    return json.loads((GOLDEN / name).read_text())


def test_a_file_and_standard_input_print_the_standings(tmp_path: Path) -> None:
    data = golden()
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data["event"]))
    done = run(str(path))
    assert done.returncode == 0 and done.stderr == b""
    assert json.loads(done.stdout) == data["expected"]
    piped = run("-", stdin=b"\xef\xbb\xbf" + json.dumps(data["event"]).encode())
    assert piped.returncode == 0 and json.loads(piped.stdout) == data["expected"]


def test_problems_one_per_line_on_stderr_exit_2() -> None:
    event = golden()["event"]
    event["rounds"][1]["tables"][0]["hands"][1]["points"] = [10, 100, 8]
    event["ranking"] = "wins"
    done = run("-", stdin=json.dumps(event).encode())
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().splitlines() == [
        'event: ranking must be one of points, totals, margin, got "wins"',
        "round 2, table 1: hand 2: card points must add up to 120, got 118",
    ]


def test_hostile_input_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    for data in (
        b"\x00\xff binary",
        b"[" * 200_000,
        b'{"players": [' + b'"x",' * 300_000 + b'"x"]}',
    ):
        done = run("-", stdin=data)
        assert done.returncode == 2 and done.stdout == b"", done.stderr
        assert b"Traceback" not in done.stderr and done.stderr.startswith(b"event: ")
    missing = run(str(tmp_path / "none.json"))
    assert missing.returncode == 2 and missing.stderr.startswith(b"event: cannot read ")
    folder = run(str(tmp_path))
    assert folder.stderr == f"event: cannot read {tmp_path}: Is a directory\n".encode()
