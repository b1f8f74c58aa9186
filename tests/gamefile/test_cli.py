"""`scorekeeper score FILE` (and `-`): JSON and exit 0, or one line per problem and exit 2;
`scorekeeper upgrade`: the schema at the head of the migrations, or why not."""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "scorekeeper" / "examples"


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_scores_a_file():
    done = run("score", str(EXAMPLES / "pl-3.json"))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) == {
        "variant",
        "players",
        "hands",
        "totals",
        "finished",
        "winners",
        "settlement",
    }
    first = out["hands"][0]
    assert first["number"] == 1 and first["scores"] == [40, 120, 20]
    assert {"seat": 0, "rule": "rounding", "text": "35 rounded to 40"} in first["notes"]
    previous = [0, 0, 0]
    for line in out["hands"]:
        assert [p + s for p, s in zip(previous, line["scores"])] == line["totals"]
        previous = line["totals"]
    assert out["totals"] == previous and done.stderr == ""


def test_reads_standard_input():
    text = (EXAMPLES / "pl-3.json").read_text()
    assert json.loads(run("score", "-", stdin=text).stdout) == json.loads(
        run("score", str(EXAMPLES / "pl-3.json")).stdout
    )


def test_problems_one_per_line_exit_2():
    game = json.loads((EXAMPLES / "pl-3.json").read_text())
    game["hands"][0]["points"] = [35, 70, 13]
    game["hands"].append({"declarer": 9})
    done = run("score", "-", stdin=json.dumps(game))
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines[0] == "hand 1: card points must add up to 120, got 118"
    assert lines[1].startswith(f"hand {len(game['hands'])}: ")


def test_not_json_is_a_problem_not_a_traceback():
    done = run("score", "-", stdin="\x00garbage")
    assert done.returncode == 2 and done.stderr.startswith("game: the file is not JSON")
    assert "Traceback" not in done.stderr


def test_missing_file():
    done = run("score", "/nonexistent/game.json")
    assert done.returncode == 2 and done.stderr.startswith("game: cannot read")


def test_a_folder_is_a_file_that_cannot_be_read_said_in_one_line(tmp_path):
    done = run("score", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"game: cannot read {tmp_path}: Is a directory\n"


def test_utf8_with_a_byte_order_mark_is_read():
    data = (EXAMPLES / "pl-3.json").read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", "-"],
        input=b"\xef\xbb\xbf" + data,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def _head() -> str:
    from alembic.script import ScriptDirectory

    from scorekeeper.store.db import MIGRATIONS

    return ScriptDirectory(MIGRATIONS).get_current_head()


def test_upgrade_brings_an_empty_database_to_the_head(empty_database_url):
    database_url = empty_database_url
    """The deployment's one migration step (README): `scorekeeper upgrade`, then the workers."""
    from sqlalchemy import create_engine, inspect, text

    env = {**os.environ, "DATABASE_URL": database_url}
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "upgrade"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("is up to date")
    engine = create_engine(database_url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == _head()
        assert {"account", "game", "line"} <= set(inspect(conn).get_table_names())
    engine.dispose()


def test_upgrade_waits_for_the_database_then_says_why_it_gave_up():
    free = socket.create_server(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    env = {**os.environ, "DATABASE_URL": f"postgresql://postgres:secret@127.0.0.1:{port}/x"}
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "upgrade", "--wait", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert done.returncode == 1 and time.monotonic() - start >= 1
    assert done.stderr.startswith(
        f"scorekeeper upgrade: cannot reach postgresql+psycopg://postgres:***@127.0.0.1:{port}/x: "
    )
    assert "Connection refused" in done.stderr and "Traceback" not in done.stderr
