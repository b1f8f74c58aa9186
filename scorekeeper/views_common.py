"""What every page shares: CSRF, security headers, error pages, template helpers."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, render_template, request
from flask_wtf.csrf import CSRFProtect

from .rules import SUITS, text

csrf = CSRFProtect()

SUIT_SIGNS = {"spades": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥", "aces": "A"}


def register_common(app: Flask) -> None:
    csrf.init_app(app)
    from . import api

    csrf.exempt(api.bp)

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "form-action 'self'; frame-ancestors 'none'",
        )
        return response

    @app.errorhandler(404)
    def not_found(_e: Any) -> tuple[str, int] | tuple[dict[str, Any], int]:
        if request.path.startswith("/api/"):
            return {"errors": ["not found"]}, 404
        return render_template(
            "error.html", title="Not found", message="There is no such page or game."
        ), 404

    @app.route("/ping")
    def ping() -> str:
        """A trivial route: the benchmark's yardstick."""
        return "ok"

    app.jinja_env.globals.update(SUITS=SUITS, SUIT_SIGNS=SUIT_SIGNS)
    app.jinja_env.filters["note_text"] = text
    app.jinja_env.filters["signed"] = lambda n: f"+{n}" if n > 0 else str(n)
