"""The `scorekeeper` command: `run` serves the app (Flask's CLI), `score FILE` scores a file."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from .gamefile import loads
from .output import score_output
from .rules import InvalidHand


@click.command()
@click.argument("file", type=click.Path(allow_dash=True, dir_okay=False))
def score(file: str) -> None:
    """Score the game file FILE (- for standard input): JSON on stdout, or problems on stderr."""
    try:
        if file == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(file, "rb") as f:
                data = f.read()
    except OSError as e:
        click.echo(f"game: cannot read {file}: {e.strerror}", err=True)
        sys.exit(2)
    try:
        game = loads(data)
        tally = game.score()
    except InvalidHand as e:
        for problem in e.problems:
            click.echo(str(problem), err=True)
        sys.exit(2)
    click.echo(json.dumps(score_output(game, tally), ensure_ascii=False, indent=2))


def _create_app() -> Any:
    from . import create_app

    return create_app()


def flask_cli() -> click.Group:
    """Flask's CLI for the app (`run`, `routes`, `shell`, `db`), with `score` beside them."""
    from flask.cli import FlaskGroup

    group = FlaskGroup(
        name="scorekeeper",
        help="Thousand Scorekeeper: `scorekeeper run --host 0.0.0.0` serves the app.",
        create_app=_create_app,
        add_version_option=False,
        load_dotenv=False,
    )
    group.add_command(score)
    return group


def main() -> None:
    # `score` needs only the rules: it starts without loading Flask, its plugins and Alembic.
    if sys.argv[1:2] == ["score"]:
        score.main(args=sys.argv[2:], prog_name="scorekeeper score")
    else:
        flask_cli().main(prog_name="scorekeeper")
