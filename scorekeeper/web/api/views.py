"""The JSON API: the same facts as the pages, for import, export and other clients."""

# A phone that logged hands with no connection sends them later (issue 14): every game answer
# carries the game's version (the ETag "v17" and, in the body, "version"); a write with
# If-Match is refused with 412 and the game as it is now when another phone wrote since, and a
# write with an Idempotency-Key, tried again, answers as its first try did and stores nothing.

from __future__ import annotations

import json
import re
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from scorekeeper import services
from scorekeeper.gamefile import GameFile, parse, parse_line, to_dict
from scorekeeper.gamefile.output import problem_output, score_output
from scorekeeper.rules import InvalidHand, Tally
from scorekeeper.services import writing
from scorekeeper.store import derived, files
from scorekeeper.store.models import Game
from scorekeeper.web import access
from scorekeeper.web.i18n import translator

bp = Blueprint("api", __name__, url_prefix="/api")
bp.before_request(access.require_sign_in)

#: deeper JSON is refused whole: a game file nests six levels (issue 11, point 5)
MAX_DEPTH = 32

#: one entity tag of a game: its version, as the ETag header gives it ("v17"); W/ (a proxy that
#: compresses may weaken a tag) names the same version
_TAG = re.compile(r'(?:W/)?"v([0-9]{1,18})"')
#: the longest If-Match taken (a list of tags is fine; a page of them is not a request)
MAX_IF_MATCH = 1000
_IF_MATCH_HELP = (
    'If-Match must be the ETag a game answer gave, e.g. "v17" (quotes included), '
    "several of them separated by commas, or *"
)
#: game answers may be kept by the browser, never used without asking (If-None-Match)
_CACHE = "private, no-cache"
Headers = dict[str, str]


class BadBody(Exception):
    """The request is not what the API takes (400, the message in English): its body, or a
    header (Idempotency-Key, If-Match)."""


def _errors(e: InvalidHand) -> tuple[Response, int]:
    """400 with every problem: one English line each, and each at its field (`problems`:
    hand, field, seat and text in the reader's language, with the text's template and
    parameters, as the engine gives them)."""
    tr = translator()
    return jsonify(
        errors=[str(p) for p in e.problems], problems=[problem_output(p, tr) for p in e.problems]
    ), 400


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


def _line_body() -> dict[str, Any]:
    raw = _json()
    if not isinstance(raw, dict):
        raise BadBody("the body must be a JSON object: one hand or adjustment")
    return raw


def _key_text() -> str | None:
    """The Idempotency-Key header, if any; BadBody if it is not one the API takes."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and (problem := writing.key_problem(key)):
        raise BadBody(problem)
    return key


def _key(text: str | None, asked: Any) -> services.Key | None:
    """The key of this request, with what it asks for (`asked`: the same key asking for
    something else is refused with 422)."""
    if text is None:
        return None
    return services.Key(text, access.me().id, writing.body_digest(asked))


def etag(version: int) -> str:
    """The game's ETag at `version`: strong and quoted, "v17"."""
    return f'"v{version}"'


def _if_match(game: Game) -> int | None:
    """The version an If-Match header asks the game to be at (None: no header, or *); BadBody
    if it is not one of the game's tags. Of several tags, the game's version if it is among
    them (the write checks it again under the game's lock), else the first."""
    raw = request.headers.get("If-Match")
    if raw is None or raw.strip() == "*":
        return None
    if len(raw) > MAX_IF_MATCH:
        raise BadBody(f"If-Match is longer than {MAX_IF_MATCH} characters; {_IF_MATCH_HELP}")
    versions = []
    for part in raw.split(","):
        found = _TAG.fullmatch(part.strip())
        if found is None:
            raise BadBody(_IF_MATCH_HELP)
        versions.append(int(found.group(1)))
    return game.version if game.version in versions else versions[0]


def _scored(game: Game, tally: Tally | None = None, file: GameFile | None = None) -> dict[str, Any]:
    """The game as the API gives it: its id and version, and the `scorekeeper score` output."""
    version = game.version  # read first: the lines read after it are of this version or newer
    file = file or files.to_file(game)
    return {"id": game.id, "version": version, **score_output(file, tally or file.score())}


def _tagged(game: Game, extra: Headers | None = None) -> Headers:
    return {"ETag": etag(game.version), **(extra or {})}


def _not_modified(game: Game) -> Response | None:
    """304 when the client's copy (If-None-Match) is of the game's version."""
    if request.if_none_match.contains_weak(f"v{game.version}"):
        return Response(status=304, headers=_tagged(game, {"Cache-Control": _CACHE}))
    return None


def _missing(game: Game, number: int) -> tuple[Response, int]:
    count = len(derived.rule_lines(game))
    return jsonify(
        errors=[f"there is no line {number} in this game: it has {count} line(s), from 1"]
    ), 404


def _changed(
    game: Game, version: int | None, number: int | None = None
) -> tuple[Response, int, Headers] | tuple[Response, int]:
    """A write that lost to another (services.Conflict, nothing stored): 412 with the game as
    it is now when If-Match named another version; 404 if line `number` is not there (any
    more); else 409, a clash that got through the game's lock all the same."""
    # rolled back: what is read now is the game as stored
    if version is not None and version != game.version:
        file = files.to_file(game)
        return (
            jsonify(
                errors=[
                    f"the game changed since version {version} (another phone wrote): "
                    f"nothing was stored; this is the game as it is now, version "
                    f"{game.version}: send the write again with If-Match: {etag(game.version)} "
                    "if it still applies"
                ],
                conflict=True,
                file=to_dict(file),
                **_scored(game, file=file),
            ),
            412,
            _tagged(game),
        )
    if number is not None and not 1 <= number <= len(derived.rule_lines(game)):
        return _missing(game, number)
    return (
        jsonify(errors=["the game changed meanwhile; read it and try again"], **_scored(game)),
        409,
        _tagged(game),
    )


def _key_reused(e: services.KeyReused) -> tuple[Response, int]:
    return jsonify(
        errors=[
            f"this Idempotency-Key was already used in this game for line {e.number}, "
            "with another request: nothing was stored; send a new key for a new write"
        ]
    ), 422


def _written(game: Game, outcome: services.Outcome, status: int) -> tuple[Response, int, Headers]:
    """The answer of a line written (or found written: Idempotent-Replayed)."""
    body = jsonify(hand=outcome.number, **_scored(game, outcome.tally))
    replayed = {"Idempotent-Replayed": "true"} if outcome.repeated else {}
    return body, status, _tagged(game, replayed)


@bp.route("/games", methods=["POST"])
def create() -> tuple[Response, int, Headers] | tuple[Response, int]:
    """A game file in: 201 with its id, version and Location, or 400 with every problem. With
    an Idempotency-Key (the account's), a retry answers with the game the first try made
    (Idempotent-Replayed) and stores nothing; the same key with another file is a 422."""
    try:
        text = _key_text()
        raw = _json()
        file = parse(raw)
        key = _key(text, raw)
        if key is None:
            game, repeated = services.create_game(file, access.me().id), False
        else:
            game, repeated = services.create_game_once(file, key)
    except BadBody as e:
        return jsonify(errors=[str(e)]), 400
    except InvalidHand as e:
        return _errors(e)
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
    return jsonify(id=game.id, version=game.version), 201, _tagged(game, headers)


@bp.route("/games/<int:game_id>")
def read(game_id: int) -> Response | tuple[dict[str, Any], int, Headers]:
    """The `scorekeeper score` output of the game, plus its id and version (304 for a copy
    of this version: If-None-Match)."""
    game = access.game_or_404(game_id)
    if (same := _not_modified(game)) is not None:
        return same
    headers = _tagged(game, {"Cache-Control": _CACHE})  # of the version the body is of
    return _scored(game), 200, headers


@bp.route("/games/<int:game_id>/hands", methods=["POST"])
def add(
    game_id: int,
) -> tuple[Response, int] | tuple[Response, int, Headers]:
    """One hand or adjustment in game-file shape, appended: 201 with the new tally and the
    line's number (`hand`), or 400. Appends at the same moment are stored one after the
    other. With If-Match, 412 if another write got in since that version. With an
    Idempotency-Key, a retry answers as the first post did (201, marked Idempotent-Replayed,
    whatever its If-Match) and stores nothing; the same key with another body is a 422."""
    game = access.game_or_404(game_id)
    version = None
    try:
        key = _key_text()
        version = _if_match(game)
        line = parse_line(len(derived.rule_lines(game)) + 1, _line_body())
        outcome = services.add_line(game, line, version, token=key)
    except BadBody as e:
        return jsonify(errors=[str(e)]), 400
    except InvalidHand as e:
        return _errors(e)
    except services.Abandoned:
        return jsonify(errors=["the game was abandoned; its owner can resume it to add lines"]), 409
    except services.KeyReused as e:
        return _key_reused(e)
    except services.Conflict:
        return _changed(game, version)
    return _written(game, outcome, 201)


@bp.route("/games/<int:game_id>/hands/<int:number>", methods=["PUT"])
def replace(game_id: int, number: int) -> tuple[Response, int] | tuple[Response, int, Headers]:
    """Line `number` replaced by a hand or adjustment in game-file shape, checked as the edit
    page checks it: 200 with the new tally and `hand`, 400 with every problem, 404 if there
    is no such line. If-Match and Idempotency-Key as for an append."""
    game = access.game_or_404(game_id)
    version = None
    try:
        text = _key_text()
        version = _if_match(game)
        raw = _line_body()
        line = parse_line(number, raw)
        key = _key(text, {"method": "PUT", "hand": number, "line": raw})
        outcome = services.update_line(game, number, line, version, who=access.who(), key=key)
    except BadBody as e:
        return jsonify(errors=[str(e)]), 400
    except InvalidHand as e:
        return _errors(e)
    except services.KeyReused as e:
        return _key_reused(e)
    except services.Conflict:
        return _changed(game, version, number)
    return _written(game, outcome, 200)


@bp.route("/games/<int:game_id>/hands/<int:number>", methods=["DELETE"])
def remove(game_id: int, number: int) -> tuple[Response, int] | tuple[Response, int, Headers]:
    """Line `number` deleted, the lines after it moving up (the trail keeps it, as the delete
    page does): 200 with the new tally and `hand`, 404 if there is no such line, 400 if the
    lines after it would not stand without it. If-Match and Idempotency-Key as for an append:
    a retried delete answers as the first and leaves the line now at `number` alone."""
    game = access.game_or_404(game_id)
    version = None
    try:
        text = _key_text()
        version = _if_match(game)
        key = _key(text, {"method": "DELETE", "hand": number})
        outcome = services.delete_line(game, number, version, who=access.who(), key=key)
    except BadBody as e:
        return jsonify(errors=[str(e)]), 400
    except InvalidHand as e:
        return _errors(e)
    except services.KeyReused as e:
        return _key_reused(e)
    except services.Conflict:
        return _changed(game, version, number)
    return _written(game, outcome, 200)


@bp.route("/games/<int:game_id>/file")
def file(game_id: int) -> Response | tuple[dict[str, Any], int, Headers]:
    """The game file: it imports back to the same game (so its version is in the ETag
    only: a game file has no such field). 304 as for the game."""
    game = access.game_or_404(game_id)
    if (same := _not_modified(game)) is not None:
        return same
    headers = _tagged(game, {"Cache-Control": _CACHE})
    return to_dict(files.to_file(game)), 200, headers
