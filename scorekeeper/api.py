"""The JSON API: the same facts as the pages, for import, export and other clients."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from . import access, readers, services
from .gamefile import parse, parse_line, to_dict
from .output import score_output
from .rules import InvalidHand

bp = Blueprint("api", __name__, url_prefix="/api")
bp.before_request(access.require_sign_in)


def _errors(e: InvalidHand) -> tuple[Response, int]:
    return jsonify(errors=[str(p) for p in e.problems]), 400


def _json() -> Any:
    data = request.get_json(silent=True)
    if data is None:
        raise InvalidHand.one(None, "game", "the request body must be JSON")
    return data


@bp.route("/games", methods=["POST"])
def create() -> tuple[Response, int, dict[str, str]] | tuple[Response, int]:
    """A game file in: 201 with its id and Location, or 400 with every problem."""
    try:
        game = services.create_game(parse(_json()), access.me().id)
    except InvalidHand as e:
        return _errors(e)
    return jsonify(id=game.id), 201, {"Location": url_for("api.read", game_id=game.id)}


def _scored(game: Any, tally: Any = None) -> dict[str, Any]:
    file = readers.to_file(game)
    return {"id": game.id, **score_output(file, tally or file.score())}


@bp.route("/games/<int:game_id>")
def read(game_id: int) -> dict[str, Any]:
    """The `scorekeeper score` output of the game, plus its id."""
    game = access.game_or_404(game_id)
    return _scored(game)


@bp.route("/games/<int:game_id>/hands", methods=["POST"])
def add(game_id: int) -> tuple[Response, int] | tuple[dict[str, Any], int]:
    """One hand or adjustment in game-file shape: 201 with the new tally, or 400."""
    game = access.game_or_404(game_id)
    try:
        line = parse_line(len(services.rule_lines(game)) + 1, _json())
        outcome = services.add_line(game, line, token=request.headers.get("Idempotency-Key"))
    except InvalidHand as e:
        return _errors(e)
    except services.Conflict:
        return jsonify(errors=["the game changed meanwhile; read it and try again"]), 409
    return _scored(game, outcome.tally), 201


@bp.route("/games/<int:game_id>/file")
def file(game_id: int) -> dict[str, Any]:
    """The game file: it imports back to the same game."""
    game = access.game_or_404(game_id)
    return to_dict(readers.to_file(game))
