"""How the API answers: the game with its version (ETag), and every refusal of a write."""

# A write to a line (append, replace, delete) ends in one of the answers below, whatever went
# wrong: `line_write` turns what the services raise into them, so the three routes say the same
# thing the same way (412 with the game as it is now, 422 for a key reused).

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, jsonify, request

from scorekeeper import services
from scorekeeper.gamefile import GameFile, to_dict
from scorekeeper.gamefile.output import problem_output, score_output
from scorekeeper.rules import InvalidHand, Tally
from scorekeeper.store import derived, files
from scorekeeper.store.models import Game
from scorekeeper.web.api.requests import BadBody
from scorekeeper.web.i18n import translator

#: game answers may be kept by the browser, never used without asking (If-None-Match)
CACHE = "private, no-cache"
Headers = dict[str, str]
Answer = tuple[Response, int] | tuple[Response, int, Headers]


def etag(version: int) -> str:
    """The game's ETag at `version`: strong and quoted, "v17"."""
    return f'"v{version}"'


def tagged(game: Game, extra: Headers | None = None) -> Headers:
    return {"ETag": etag(game.version), **(extra or {})}


def scored(game: Game, tally: Tally | None = None, file: GameFile | None = None) -> dict[str, Any]:
    """The game as the API gives it: its id and version, and the `scorekeeper score` output."""
    version = game.version  # read first: the lines read after it are of this version or newer
    file = file or files.to_file(game)
    return {"id": game.id, "version": version, **score_output(file, tally or file.read())}


def not_modified(game: Game) -> Response | None:
    """304 when the client's copy (If-None-Match) is of the game's version."""
    if request.if_none_match.contains_weak(f"v{game.version}"):
        return Response(status=304, headers=tagged(game, {"Cache-Control": CACHE}))
    return None


def bad(e: BadBody) -> tuple[Response, int]:
    return jsonify(errors=[str(e)]), 400


def problems(e: InvalidHand) -> tuple[Response, int]:
    """400 with every problem: one English line each, and each at its field (`problems`:
    hand, field, seat and text in the reader's language, with the text's template and
    parameters, as the engine gives them)."""
    tr = translator()
    return jsonify(
        errors=[str(p) for p in e.problems], problems=[problem_output(p, tr) for p in e.problems]
    ), 400


def _missing(game: Game, number: int) -> tuple[Response, int]:
    count = len(derived.rule_lines(game))
    return jsonify(
        errors=[f"there is no line {number} in this game: it has {count} line(s), from 1"]
    ), 404


def _changed(game: Game, version: int | None, number: int | None = None) -> Answer:
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
                **scored(game, file=file),
            ),
            412,
            tagged(game),
        )
    if number is not None and not 1 <= number <= len(derived.rule_lines(game)):
        return _missing(game, number)
    return (
        jsonify(errors=["the game changed meanwhile; read it and try again"], **scored(game)),
        409,
        tagged(game),
    )


def _key_reused(e: services.KeyReused) -> tuple[Response, int]:
    return jsonify(
        errors=[
            f"this Idempotency-Key was already used in this game for line {e.number}, "
            "with another request: nothing was stored; send a new key for a new write"
        ]
    ), 422


class Write:
    """One write to a line: `version` is what its If-Match asked for, once read (a conflict
    is a 412 only when the client named a version)."""

    version: int | None = None


def line_write(
    game: Game, status: int, write: Callable[[Write], services.Outcome], number: int | None = None
) -> Answer:
    """`write` done, answered with the new tally and the line's number (`hand`), marked
    Idempotent-Replayed when a retry found it done; or the refusal it met, worded."""
    asked = Write()
    try:
        outcome = write(asked)
    except BadBody as e:
        return bad(e)
    except InvalidHand as e:
        return problems(e)
    except services.Abandoned:
        return jsonify(errors=["the game was abandoned; its owner can resume it to add lines"]), 409
    except services.KeyReused as e:
        return _key_reused(e)
    except services.Conflict:
        return _changed(game, asked.version, number)
    replayed = {"Idempotent-Replayed": "true"} if outcome.repeated else {}
    if _minimal():  # the line's number and the game's version: the same cost at any length
        body = jsonify(id=game.id, version=game.version, hand=outcome.number)
        return body, status, tagged(game, {**replayed, "Preference-Applied": "return=minimal"})
    body = jsonify(hand=outcome.number, **scored(game, outcome.tally))
    return body, status, tagged(game, replayed)


def _minimal() -> bool:
    """`Prefer: return=minimal` (RFC 7240): the client needs no copy of the whole game back,
    which for a long game is most of the answer's cost (the score output of every line)."""
    asked = ",".join(request.headers.getlist("Prefer")).replace(" ", "").lower()
    return "return=minimal" in asked.split(",")
