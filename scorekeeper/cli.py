"""The `scorekeeper` command: `run` serves the app (Flask's CLI), `score FILE` scores a file."""

from __future__ import annotations

import json
import sys

import click
from flask.cli import FlaskGroup

from .gamefile import loads
from .output import score_output
from .rules import InvalidHand


def _create_app():  # type: ignore[no-untyped-def]
    from . import create_app

    return create_app()


@click.group(cls=FlaskGroup, create_app=_create_app, add_version_option=False, load_dotenv=False)
def main() -> None:
    """Thousand Scorekeeper: `scorekeeper run --host 0.0.0.0` serves the app."""


@main.command(with_appcontext=False)
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
