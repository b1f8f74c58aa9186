"""The `scorekeeper` command: `upgrade`, `run` (Flask's CLI), `backup`, `restore`,
`import-worker`, `score FILE`, `standings FILE` and `ratings FILE...`."""

# `upgrade` brings the schema to the head of the migrations; `run` is Flask's development server,
# upgrading first; `backup` and `restore` copy a whole instance (services/backup.py);
# `import-worker` works off the queued imports in a process of its own (services/importworker.py);
# `score FILE` scores a game file with the rules alone; `standings FILE` ranks an event file's
# players (events/) the same way; `ratings FILE...` rates the players of game and event files
# (ratings/).

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

import click

from scorekeeper.gamefile import loads
from scorekeeper.gamefile.output import score_output
from scorekeeper.rules import InvalidHand


def _read(kind: str, file: str) -> bytes:
    """The bytes of FILE (- for standard input); one line and exit 2 when it cannot be read."""
    try:
        if file == "-":
            return sys.stdin.buffer.read()
        with open(file, "rb") as f:
            return f.read()
    except OSError as e:
        click.echo(f"{kind}: cannot read {file}: {e.strerror}", err=True)
        sys.exit(2)


@click.command()
@click.argument("file", type=click.Path(allow_dash=True))  # a folder: "game: cannot read", below
def score(file: str) -> None:
    """Score the game file FILE (- for standard input): JSON on stdout, or problems on stderr."""
    data = _read("game", file)
    try:
        game = loads(data)
        tally = game.score()
    except InvalidHand as e:
        for problem in e.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    click.echo(json.dumps(score_output(game, tally), ensure_ascii=False, indent=2))


@click.command()
@click.argument("file", type=click.Path(allow_dash=True))
def standings(file: str) -> None:
    """The standings of the event file FILE (- for standard input): JSON on stdout, or
    problems on stderr."""
    from scorekeeper.events import InvalidEvent, loads_event, standings_output

    data = _read("event", file)
    try:
        event = loads_event(data)
    except InvalidEvent as e:
        for problem in e.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    click.echo(json.dumps(standings_output(event), ensure_ascii=False, indent=2))


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
def ratings(files: tuple[str, ...]) -> None:
    """The players' ratings over the game and event files FILES (- for standard input), in
    the order given: JSON on stdout, or every refused file's problems on stderr, each line
    after the file's name."""
    from scorekeeper.ratings import InvalidFile, Ratings, file_matches, ratings_output

    rated, names, problems = Ratings(), dict[object, str](), list[str]()
    for file in files:
        try:
            if file == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(file, "rb") as f:
                    data = f.read()
            matches, written = file_matches(data, file)
        except OSError as e:
            problems.append(f"{file}: cannot read: {e.strerror}")
            continue
        except InvalidFile as e:
            problems += [f"{file}: {problem}" for problem in e.problems]
            continue
        for match in matches:
            rated.add(match)
            for player in match.players:  # named as in the first game they were rated in
                names.setdefault(player, written[str(player)])
    if problems:
        for line in problems:
            click.echo(line, err=True)
        sys.exit(2)
    click.echo(json.dumps(ratings_output(rated, names), ensure_ascii=False, indent=2))


def _create_app() -> Any:
    from scorekeeper import create_app

    # the commands decide about the schema themselves (`upgrade`, `run`); `db ...` reports it
    return create_app({"AUTO_MIGRATE": False})


def _where(app: Any) -> str:
    """The database URL for a message, its password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(app.config["SQLALCHEMY_DATABASE_URI"]).render_as_string(hide_password=True)


def upgrade_database(app: Any, wait: float = 0) -> None:
    """Bring the schema to the head of the migrations; while the database cannot be reached,
    try again every second for up to `wait` seconds, then exit 1 with the reason."""
    from sqlalchemy import exc

    from scorekeeper.config import upgrade_schema
    from scorekeeper.store.db import unavailable

    deadline = time.monotonic() + wait
    while True:
        try:
            upgrade_schema(app)
            return
        except (exc.OperationalError, exc.InterfaceError) as e:
            if not unavailable(e):
                raise
            if time.monotonic() >= deadline:
                reason = str(e.orig or e).strip().splitlines()[0]
                click.echo(f"scorekeeper upgrade: cannot reach {_where(app)}: {reason}", err=True)
                sys.exit(1)
            time.sleep(1)


def _upgrade_command() -> click.Command:
    from flask import current_app
    from flask.cli import with_appcontext

    @click.command("upgrade")
    @click.option(
        "--wait", default=0.0, show_default=True, help="Seconds to wait for the database."
    )
    @with_appcontext
    def upgrade(wait: float) -> None:
        """Create the schema or bring it up to date (once per deployment, before the workers)."""
        from scorekeeper.services.careers import fill_every

        app = current_app._get_current_object()  # type: ignore[attr-defined]
        upgrade_database(app, wait)
        click.echo(f"scorekeeper: the schema of {_where(app)} is up to date")
        # the players' records of the games stored before their cache (docs/records.md):
        # made here once, so that no first view of a player's page replays every game
        made = fill_every()
        if made:
            click.echo(f"scorekeeper: the records of {made} games made")

    return upgrade


def _run_command() -> click.Command:
    """Flask's `run`, which first brings the schema up (`--no-upgrade` to skip it): a fresh
    clone serves at once. The reloader's child finds it done."""
    from flask.cli import ScriptInfo, run_command

    from scorekeeper.config import where_data_lives
    from scorekeeper.web.addresses import served_url

    def run(upgrade: bool, **options: Any) -> None:
        app = click.get_current_context().ensure_object(ScriptInfo).load_app()
        child = bool(os.environ.get("WERKZEUG_RUN_MAIN"))  # the reloader's: done once before
        if upgrade and not child:
            upgrade_database(app)
            from scorekeeper.services.careers import fill_every

            with app.app_context():
                fill_every()  # the records of games stored before their cache (as `upgrade`)
        # the share page's links name this address when the page was opened as 127.0.0.1
        app.config["LAN_URL"] = served_url(options["host"], options["port"], bool(options["cert"]))
        if not child:
            click.echo(_where_to_open(app.config["LAN_URL"], options["port"]))
            click.echo(where_data_lives(app))
        click.get_current_context().invoke(run_command, **options)

    flag = click.Option(["--upgrade/--no-upgrade"], default=True, help="Upgrade the schema first.")
    return click.Command(
        "run", callback=run, params=[*run_command.params, flag], help=run_command.help
    )


def _import_worker_command() -> click.Command:
    from flask import current_app
    from flask.cli import with_appcontext

    @click.command("import-worker")
    @click.option("--once", is_flag=True, help="Work off the imports waiting now, then exit.")
    @with_appcontext
    def import_worker(once: bool) -> None:
        """Work off the queued imports in a process of its own (each app worker does it too,
        unless IMPORT_WORKER=0); TERM or Ctrl-C puts the import under way back in the queue."""
        import signal

        from scorekeeper.services import importjobs, importworker

        if once:
            click.echo(f"scorekeeper import-worker: {importjobs.work_all()} imports worked off")
            return
        worker = importworker.Worker(current_app._get_current_object())  # type: ignore[attr-defined]

        def stop(_signal: int, _frame: Any) -> None:
            worker.stopping.set()
            worker.wake.set()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        worker.start()
        while worker.is_alive():
            worker.join(1)

    return import_worker


def _where_to_open(lan: str | None, port: int) -> str:
    """The start-up line: the address a phone on the network opens first (not loopback)."""
    if lan:
        return (
            f"Thousand Scorekeeper: open {lan} on a phone on this network "
            f"(or http://127.0.0.1:{port} on this machine)"
        )
    return (
        f"Thousand Scorekeeper: http://127.0.0.1:{port} opens on this machine only; other phones "
        "cannot reach it (serve with --host 0.0.0.0 on a network, or set SCOREKEEPER_PUBLIC_URL)"
    )


def flask_cli() -> click.Group:
    """Flask's CLI for the app (`run`, `routes`, `shell`, `db`), with `upgrade` and `score`."""
    from flask.cli import FlaskGroup

    group = FlaskGroup(
        name="scorekeeper",
        help="Thousand Scorekeeper: `scorekeeper run --host 0.0.0.0` serves the app.",
        create_app=_create_app,
        add_version_option=False,
        load_dotenv=False,
    )
    group.add_command(score)
    group.add_command(standings)
    group.add_command(ratings)
    group.add_command(_upgrade_command())
    group.add_command(_run_command())
    group.add_command(_import_worker_command())
    from scorekeeper.backupcli import backup_command, restore_command

    group.add_command(backup_command())
    group.add_command(restore_command())
    return group


def main() -> None:
    # `score`, `standings` and `ratings` need only the rules: they start without loading
    # Flask, its plugins and Alembic.
    if sys.argv[1:2] == ["score"]:
        score.main(args=sys.argv[2:], prog_name="scorekeeper score")
    elif sys.argv[1:2] == ["standings"]:
        standings.main(args=sys.argv[2:], prog_name="scorekeeper standings")
    elif sys.argv[1:2] == ["ratings"]:
        ratings.main(args=sys.argv[2:], prog_name="scorekeeper ratings")
    else:
        flask_cli().main(prog_name="scorekeeper")
