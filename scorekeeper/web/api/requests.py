"""What the API reads of a request: a JSON body, an Idempotency-Key, the If-Match version."""

# Every fault here is a BadBody: the view answers 400 with its English message, and nothing is
# read further (docs/operations.md: "Bounds", "Writes at the same moment").

from __future__ import annotations

import json
import re
from typing import Any

from flask import request

from scorekeeper import services
from scorekeeper.rules import ENGLISH
from scorekeeper.rules.bounds import REASON_MAX, text_problem
from scorekeeper.services import writing
from scorekeeper.store.models import Game
from scorekeeper.web import access

#: deeper JSON is refused whole (never a RecursionError): a game file nests six levels
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


class BadBody(Exception):
    """The request is not what the API takes (400, the message in English): its body, or a
    header (Idempotency-Key, If-Match)."""


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


def json_body() -> Any:
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


def line_body() -> dict[str, Any]:
    """The body as one line of a game file (its shape is checked by the game file's reader)."""
    raw = json_body()
    if not isinstance(raw, dict):
        raise BadBody("the body must be a JSON object: one hand or adjustment")
    return raw


def key_text() -> str | None:
    """The Idempotency-Key header, if any; BadBody if it is not one the API takes."""
    key = request.headers.get("Idempotency-Key")
    if key is not None and (problem := writing.key_problem(key)):
        raise BadBody(problem)
    return key


def change_reason() -> str:
    """Why a line is changed or deleted (`?reason=`, optional), kept in the trail as the edit
    and delete pages keep theirs; BadBody if it is longer or stranger than theirs takes."""
    reason = request.args.get("reason", "")
    if (wrong := text_problem(reason, REASON_MAX, lines=True)) is not None:
        raise BadBody(f"reason: {wrong.text(ENGLISH)}")
    return reason


def request_key(text: str | None, asked: Any) -> services.Key | None:
    """The key of this request, with what it asks for (`asked`: the same key asking for
    something else is refused with 422)."""
    if text is None:
        return None
    return services.Key(text, access.me().id, writing.body_digest(asked))


def if_match(game: Game) -> int | None:
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
