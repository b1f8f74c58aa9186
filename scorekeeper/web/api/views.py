"""The JSON API: the same facts as the pages, for import, export and other clients."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from scorekeeper import services
from scorekeeper.gamefile import parse, parse_line, to_dict
from scorekeeper.gamefile.output import score_output
from scorekeeper.rules import InvalidHand
from scorekeeper.services import writing
from scorekeeper.store import derived, files
from scorekeeper.web import access

bp = Blueprint("api", __name__, url_prefix="/api")
bp.before_request(access.require_sign_in)

#: deeper JSON is refused whole: a game file nests six levels (issue 11, point 5)
MAX_DEPTH = 32


class BadBody(Exception):
    """The request body is not what the API takes (400, the message in English)."""


def _errors(e: InvalidHand) -> tuple[Response, int]:
    return jsonify(errors=[str(p) for p in e.problems]), 400


def _too_deep(data: Any) -> bool:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return True
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
    return False


def _json() -> Any:
    """The body as JSON; BadBody if it is not JSON, or nested deeper than a game file can be
    (the parser's own RecursionError included)."""
    if not request.is_json:
        raise BadBody("send the body as JSON, with Content-Type: application/json")
    try:
        data = json.loads(request.get_data())
    except RecursionError:
        raise BadBody(f"the JSON is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:
        raise BadBody(f"the body is not JSON ({e})") from None
    if _too_deep(data):
        raise BadBody(f"the JSON is nested deeper than {MAX_DEPTH} levels")
    return data


@bp.route("/games", methods=["POST"])
def create() -> tuple[Response, int, dict[str, str]] | tuple[Response, int]:
    """A game file in: 201 with its id and Location, or 400 with every problem."""
    try:
        game = services.create_game(parse(_json()), access.me().id)
    except BadBody as e:
        return jsonify(errors=[str(e)]), 400
    except InvalidHand as e:
        return _errors(e)
    return jsonify(id=game.id), 201, {"Location": url_for("api.read", game_id=game.id)}


def _scored(game: Any, tally: Any = None) -> dict[str, Any]:
    file = files.to_file(game)
    return {"id": game.id, **score_output(file, tally or file.score())}


@bp.route("/games/<int:game_id>")
def read(game_id: int) -> dict[str, Any]:
    """The `scorekeeper score` output of the game, plus its id."""
    game = access.game_or_404(game_id)
    return _scored(game)


@bp.route("/games/<int:game_id>/hands", methods=["POST"])
def add(game_id: int) -> tuple[Response, int] | tuple[Response, int, dict[str, str]]:
    """One hand or adjustment in game-file shape, appended: 201 with the new tally and the
    line's number (`hand`), or 400. Appends at the same moment are stored one after the
    other. With an Idempotency-Key, a retry answers as the first post did (201, marked
    Idempotent-Replayed) and stores nothing; the same key with another body is a 422."""
    game = access.game_or_404(game_id)
    key = request.headers.get("Idempotency-Key")
    try:
        if key is not None and (problem := writing.key_problem(key)):
            raise BadBody(problem)
        raw = _json()
        if not isinstance(raw, dict):
            raise BadBody("the body must be a JSON object: one hand or adjustment")
        line = parse_line(len(derived.rule_lines(game)) + 1, raw)
        outcome = services.add_line(game, line, token=key)
    except BadBody as e:
        return jsonify(errors=[str(e)]), 400
    except InvalidHand as e:
        return _errors(e)
    except services.Abandoned:
        return jsonify(errors=["the game was abandoned; its owner can resume it to add lines"]), 409
    except services.KeyReused as e:
        return jsonify(
            errors=[
                f"this Idempotency-Key was already used in this game for line {e.number}, "
                "with another body: nothing was stored; send a new key for a new line"
            ]
        ), 422
    except services.Conflict:
        # only if the write clashed all the same: the game as it is now, to try again from
        return jsonify(
            errors=["the game changed meanwhile; read it and try again"], **_scored(game)
        ), 409
    body = jsonify(hand=outcome.number, **_scored(game, outcome.tally))
    return body, 201, {"Idempotent-Replayed": "true"} if outcome.repeated else {}


@bp.route("/games/<int:game_id>/file")
def file(game_id: int) -> dict[str, Any]:
    """The game file: it imports back to the same game."""
    game = access.game_or_404(game_id)
    return to_dict(files.to_file(game))
