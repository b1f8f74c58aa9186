"""What every page shares: CSRF, security headers, error pages, template helpers."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFProtect

from . import errors
from .i18n import translator
from .rules import SUITS, contract_outcome, marriage_name, suit_name
from .rules.sheet import hand_numbers

csrf = CSRFProtect()

SUIT_SIGNS = {"spades": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥", "aces": "A"}
OUTCOME_SIGNS = {"made": "✓", "failed": "✗", "given up": "–"}  # the printable sheet's marks


def register_common(app: Flask) -> None:
    csrf.init_app(app)
    from . import api

    csrf.exempt(api.bp)
    errors.init_app(app)

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
        )
        return response

    @app.route("/ping")
    def ping() -> str:
        """A trivial route: the benchmark's yardstick."""
        return "ok"

    app.jinja_env.globals.update(SUITS=SUITS, SUIT_SIGNS=SUIT_SIGNS, OUTCOME_SIGNS=OUTCOME_SIGNS)
    app.jinja_env.filters["contract_outcome"] = contract_outcome
    app.jinja_env.filters["line_summary"] = line_summary
    # a line's number as the table counts hands (None: an adjustment): tally.lines|hand_numbers
    app.jinja_env.filters["hand_numbers"] = hand_numbers
    app.jinja_env.filters["signed"] = lambda n: f"+{n}" if n > 0 else str(n)


def line_summary(line: dict[str, Any], names: list[str]) -> str:
    """A stored line (game-file shape) in a few words, for the trail, in the reader's language."""

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    tr = translator()
    if "adjustment" in line:
        values = ", ".join(f"{who(s)} {v:+d}" for s, v in enumerate(line["adjustment"]) if v)
        if line.get("reason"):
            return str(
                _("adjustment %(values)s: %(reason)s", values=values or "0", reason=line["reason"])
            )
        return str(_("adjustment %(values)s", values=values or "0"))
    parts = []
    if line.get("declarer") is not None:
        contract = line.get("contract") or line.get("bid")
        parts.append(f"{who(line['declarer'])} {contract or ''}".strip())
    if line.get("give_up"):
        parts.append(_("gave up"))
    if line.get("points"):
        points = " / ".join("–" if p is None else str(p) for p in line["points"])
        parts.append(_("points %(points)s", points=points))
    for m in line.get("marriages", []):
        parts.append(
            _(
                "%(player)s %(marriage)s",
                player=who(m.get("seat")),
                marriage=marriage_name(str(m.get("suit")), tr),
            )
        )
    if line.get("trump"):
        parts.append(_("trump %(suit)s", suit=suit_name(str(line["trump"]), tr)))
    return ", ".join(parts)
