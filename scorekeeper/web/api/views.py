"""The JSON API: the same facts as the pages, for import, export and other clients."""

# A phone that logged hands with no connection sends them later: every game answer
# carries the game's version (the ETag "v17" and, in the body, "version"); a write with
# If-Match is refused with 412 and the game as it is now when another phone wrote since, and a
# write with an Idempotency-Key, tried again, answers as its first try did and stores nothing.
# Reading the request: requests.py; wording the answers: answers.py.

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, url_for

from scorekeeper import services
from scorekeeper.gamefile import parse, parse_line, to_dict
from scorekeeper.rules import InvalidHand
from scorekeeper.store import derived, files
from scorekeeper.web import access
from scorekeeper.web.api.answers import (
    CACHE,
    Answer,
    Headers,
    Write,
    bad,
    line_write,
    not_modified,
    problems,
    scored,
    tagged,
)
from scorekeeper.web.api.requests import (
    BadBody,
    change_reason,
    if_match,
    json_body,
    key_text,
    line_body,
    request_key,
)

bp = Blueprint("api", __name__, url_prefix="/api")
bp.before_request(access.require_sign_in)
bp.before_request(access.require_same_account)


@bp.route("/games", methods=["POST"])
def create() -> Answer:
    """A game file in: 201 with its id, version and Location, or 400 with every problem. With
    an Idempotency-Key (the account's), a retry answers with the game the first try made
    (Idempotent-Replayed) and stores nothing; the same key with another file is a 422."""
    try:
        text = key_text()
        raw = json_body()
        file = parse(raw)
        key = request_key(text, raw)
        if key is None:
            game, repeated = services.create_game(file, access.me().id), False
        else:
            game, repeated = services.create_game_once(file, key)
    except BadBody as e:
        return bad(e)
    except InvalidHand as e:
        return problems(e)
    except services.KeyReused as e:
        return jsonify(
            errors=[
                f"this Idempotency-Key already made game {e.number} from another game file: "
                "nothing was stored; send a new key for a new game"
            ]
        ), 422
    except services.Conflict:
        return jsonify(errors=["another request made a game at the same moment; try again"]), 409
    headers = {"Location": url_for("api.read", game_id=game.id)}
    if repeated:
        headers["Idempotent-Replayed"] = "true"
    return jsonify(id=game.id, version=game.version), 201, tagged(game, headers)


@bp.route("/games/<int:game_id>")
def read(game_id: int) -> Response | tuple[dict[str, Any], int, Headers]:
    """The `scorekeeper score` output of the game, plus its id and version (304 for a copy
    of this version: If-None-Match)."""
    game = access.game_or_404(game_id)
    if (same := not_modified(game)) is not None:
        return same
    headers = tagged(game, {"Cache-Control": CACHE})  # of the version the body is of
    return scored(game), 200, headers


@bp.route("/games/<int:game_id>/hands", methods=["POST"])
def add(game_id: int) -> Answer:
    """One hand or adjustment in game-file shape, appended: 201 with the new tally and the
    line's number (`hand`), or 400. Appends at the same moment are stored one after the
    other. With If-Match, 412 if another write got in since that version. With an
    Idempotency-Key, a retry answers as the first post did (201, marked Idempotent-Replayed,
    whatever its If-Match) and stores nothing; the same key with another body is a 422."""
    game = access.game_or_404(game_id)

    def write(asked: Write) -> services.Outcome:
        key = key_text()
        asked.version = if_match(game)
        line = parse_line(len(derived.rule_lines(game)) + 1, line_body())
        return services.add_line(game, line, asked.version, token=key)

    return line_write(game, 201, write)


@bp.route("/games/<int:game_id>/hands/<int:number>", methods=["PUT"])
def replace(game_id: int, number: int) -> Answer:
    """Line `number` replaced by a hand or adjustment in game-file shape, checked as the edit
    page checks it: 200 with the new tally and `hand`, 400 with every problem, 404 if there
    is no such line. `?reason=` says why (the trail keeps it). If-Match and Idempotency-Key
    as for an append."""
    game = access.game_or_404(game_id)

    def write(asked: Write) -> services.Outcome:
        text = key_text()
        asked.version = if_match(game)
        raw = line_body()
        line = parse_line(number, raw)
        reason = change_reason()
        asked_for = {"method": "PUT", "hand": number, "line": raw}
        # a reason is part of what the key asked for; none leaves the digest as before it
        key = request_key(text, {**asked_for, "reason": reason} if reason else asked_for)
        return services.update_line(
            game, number, line, asked.version, reason, who=access.who(), key=key
        )

    return line_write(game, 200, write, number)


@bp.route("/games/<int:game_id>/hands/<int:number>", methods=["DELETE"])
def remove(game_id: int, number: int) -> Answer:
    """Line `number` deleted, the lines after it moving up (the trail keeps it, as the delete
    page does): 200 with the new tally and `hand`, 404 if there is no such line, 400 if the
    lines after it would not stand without it; `?reason=` as for a change. If-Match and
    Idempotency-Key as for an append:
    a retried delete answers as the first and leaves the line now at `number` alone."""
    game = access.game_or_404(game_id)

    def write(asked: Write) -> services.Outcome:
        text = key_text()
        asked.version = if_match(game)
        reason = change_reason()
        asked_for: dict[str, Any] = {"method": "DELETE", "hand": number}
        key = request_key(text, {**asked_for, "reason": reason} if reason else asked_for)
        return services.delete_line(game, number, asked.version, reason, who=access.who(), key=key)

    return line_write(game, 200, write, number)


@bp.route("/games/<int:game_id>/file")
def file(game_id: int) -> Response | tuple[dict[str, Any], int, Headers]:
    """The game file: it imports back to the same game (so its version is in the ETag
    only: a game file has no such field). 304 as for the game."""
    game = access.game_or_404(game_id)
    if (same := not_modified(game)) is not None:
        return same
    headers = tagged(game, {"Cache-Control": CACHE})
    return to_dict(files.to_file(game)), 200, headers
