"""`scorekeeper backup` and `scorekeeper restore` as an operator runs them: backups named and
kept in a folder, a refusal as one line and an exit code (never a traceback), and the check of
a backup against the database it came from."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from sqlalchemy import create_engine, text

from scorekeeper import create_app
from scorekeeper.cli import flask_cli
from scorekeeper.store.db import db
from tests.conftest import signed_up

GAME = {
    "format": "scorekeeper-game/1",
    "variant": "pl-3",
    "players": ["Ala", "Bartek", "Celina"],
    "first_dealer": 2,  # Celina deals: Ala opens at 100
    "hands": [{"declarer": 0, "bid": 100, "points": [100, 10, 10]}],
}


def run(url: str, *args: str, stdin: bytes | None = None) -> Result:
    env = {"DATABASE_URL": url, "SECRET_KEY": "test", "AUTO_MIGRATE": "0"}
    return CliRunner().invoke(flask_cli(), list(args), env=env, input=stdin)


@pytest.fixture
def instance(tmp_path: Path, sqlite_template: Path) -> str:
    """A SQLite database with an account and two games of one hand."""
    path = tmp_path / "instance.sqlite"
    shutil.copyfile(sqlite_template, path)
    url = f"sqlite:///{path}"
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            "SIGNUPS_PER_HOUR": 0,
        }
    )
    client = signed_up(app)
    for _ in range(2):
        assert client.post("/api/games", json=GAME).status_code == 201
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    return url


def empty(tmp_path: Path, name: str) -> str:
    return f"sqlite:///{tmp_path / name}"


def test_backups_in_a_folder_are_named_by_time_and_the_newest_kept(
    instance: str, tmp_path: Path
) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    for stamp in ("20250101-033000", "20250102-033000", "20250103-033000"):
        (folder / f"scorekeeper-{stamp}.jsonl.gz").write_bytes(b"an older backup")
    (folder / "notes.txt").write_text("not a backup: never removed")
    done = run(instance, "backup", "--keep", "2", "--check", str(folder))
    assert done.exit_code == 0, done.output
    kept = sorted(p.name for p in folder.iterdir())
    assert kept[0] == "notes.txt" and kept[1] == "scorekeeper-20250103-033000.jsonl.gz"
    assert len(kept) == 3 and kept[2].startswith("scorekeeper-2") and ".partial" not in kept[2]
    assert "2 the same as in" in done.output  # --check: both games restored and replayed
    assert "removed" in done.output and "20250101" in done.output


def test_a_backup_goes_through_a_pipe(instance: str, tmp_path: Path) -> None:
    taken = run(instance, "backup", "-")
    assert taken.exit_code == 0 and taken.stdout_bytes[:2] == b"\x1f\x8b", taken.stderr
    target = empty(tmp_path, "piped.sqlite")
    done = run(target, "restore", "-", stdin=taken.stdout_bytes)
    assert done.exit_code == 0, done.output
    assert "restored into" in done.stdout


def test_refusals_are_one_line_and_an_exit_code(instance: str, tmp_path: Path) -> None:
    file = tmp_path / "instance.jsonl.gz"
    assert run(instance, "backup", str(file)).exit_code == 0
    data = file.read_bytes()
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    target = empty(tmp_path, "target.sqlite")
    cases: list[tuple[tuple[str, ...], int, str]] = [
        ((instance, "restore", str(file)), 3, "the database is not empty (1 account, 2 games"),
        ((target, "restore", str(cut)), 2, "cut short"),
        ((target, "restore", str(tmp_path / "missing")), 2, "cannot read"),
        ((target, "restore", "--check", "--replace", str(file)), 2, "no --replace"),
    ]
    for (url, *args), code, words in cases:
        done = run(url, *args)
        assert (done.exit_code, done.stdout) == (code, ""), done.output
        assert words in done.stderr and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    with create_engine(target).connect() as conn:
        assert conn.exec_driver_sql("SELECT name FROM sqlite_master").all() == []


def test_the_check_compares_every_game_with_the_database(instance: str, tmp_path: Path) -> None:
    file = tmp_path / "instance.jsonl.gz"
    assert run(instance, "backup", str(file)).exit_code == 0
    good = run(instance, "restore", "--check", str(file))
    assert good.exit_code == 0, good.output
    assert "2 games restored and replayed" in good.stdout and "2 the same" in good.stdout
    # a line changed behind the app's back (no new version): the copy no longer agrees
    with create_engine(instance).begin() as conn:
        conn.execute(text("UPDATE entry SET points = 5 WHERE seat = 1 AND line_id = 1"))
        conn.execute(text("UPDATE entry SET points = 15 WHERE seat = 2 AND line_id = 1"))
    bad = run(instance, "restore", "--check", str(file))
    assert bad.exit_code == 1 and "games that differ at the same version: 1" in bad.stderr
    assert "1 the same" in bad.stdout
