"""What every page shares: CSRF, security headers, error pages, template helpers."""

from __future__ import annotations

import unicodedata
from typing import Any

from flask import Flask, Response, current_app, request
from flask_babel import gettext as _
from flask_babel import ngettext

from scorekeeper.extensions import csrf  # noqa: E402
from scorekeeper.rules import SUITS, VARIANTS, contract_outcome, marriage_name, suit_name
from scorekeeper.rules.sheet import hand_numbers
from scorekeeper.web import access, errors
from scorekeeper.web.i18n import translator
from scorekeeper.web.words import VARIANT_NAMES

# The browser features a page may use: the screen wake lock (static/app.js keeps the screen on at
# the table), for this site only. Every feature that reaches a device, a sensor, the person's
# data, credentials, payment or the local network, and that the app never uses, is off: no
# script, of this site or smuggled into it, may ask for the camera, the location and the like.
# (Names a browser does not know, it skips with a warning in its console: these are the ones
# Chromium knows.)
PERMISSIONS_POLICY = ", ".join(
    # the screen kept on at the table; an event's results shared (Web Share) or copied
    ["screen-wake-lock=(self)", "web-share=(self)", "clipboard-write=(self)"]
    + [
        f"{feature}=()"
        for feature in (
            "accelerometer",
            "autoplay",
            "browsing-topics",
            "camera",
            "captured-surface-control",
            "clipboard-read",
            "compute-pressure",
            "digital-credentials-get",
            "display-capture",
            "encrypted-media",
            "fullscreen",
            "gamepad",
            "geolocation",
            "gyroscope",
            "hid",
            "identity-credentials-get",
            "idle-detection",
            "interest-cohort",
            "keyboard-map",
            "local-fonts",
            "local-network-access",
            "magnetometer",
            "microphone",
            "midi",
            "otp-credentials",
            "payment",
            "picture-in-picture",
            "publickey-credentials-create",
            "publickey-credentials-get",
            "serial",
            "speaker-selection",
            "storage-access",
            "sync-xhr",
            "unload",
            "usb",
            "window-management",
            "xr-spatial-tracking",
        )
    ]
)
SUIT_SIGNS = {"spades": "♠", "clubs": "♣", "diamonds": "♦", "hearts": "♥", "aces": "A"}
OUTCOME_SIGNS = {"made": "✓", "failed": "✗", "given up": "–"}  # the printable sheet's marks


def register_common(app: Flask) -> None:
    csrf.init_app(app)
    from scorekeeper.web.api import views as api

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
        # a page's policy: a script or a file needs none, nor a 304 (it came with the 200)
        page = response.status_code != 304 and request.endpoint not in access.POLLED
        if response.mimetype == "text/html" and page:
            response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        # HTTPS as the app sees it (behind a proxy: with PROXY_HOPS, as for the Secure cookie);
        # a browser ignores the header over plain HTTP, and a LAN served so never gets it
        hsts = current_app.config["HSTS_SECONDS"]
        if hsts and request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", f"max-age={hsts}")
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
    app.jinja_env.filters["short_names"] = short_names
    app.jinja_env.filters["variant_title"] = variant_title
    # seats to their names: `tally.winners|pick(names)|names` ("Ala and Bartek")
    app.jinja_env.filters["pick"] = lambda seats, values: [values[s] for s in seats]


def variant_title(key: str) -> str:
    """A variant as players name it, in the reader's language: "Polish Tysiąc, 3 players"."""
    if key not in VARIANTS:
        return key
    seats = VARIANTS[key].seats
    players = ngettext("%(num)d player", "%(num)d players", seats)
    return str(_("%(name)s, %(players)s", name=VARIANT_NAMES.get(key, key), players=players))


SHORT = 3  # letters kept at least: "Mał." and "Кон." still say who it is at a glance


def short_names(names: list[str]) -> list[str]:
    """Each name as short as a narrow column needs, distinct among the seats: the shortest
    start of it (3 letters or more) that no other name shares, with a "." when cut."""
    folded = [n.casefold() for n in names]
    out = []
    for i, name in enumerate(names):
        others = [f for j, f in enumerate(folded) if j != i]
        k = SHORT
        while k < len(name) and any(f[:k] == folded[i][:k] for f in others):
            k += 1
        if name[k - 1 : k].isspace():  # "Kasia B." against "Kasia": "Kasia B", not "Kasia."
            k += 1
        # a letter and its combining accent stay together
        while k < len(name) and unicodedata.combining(name[k]):
            k += 1
        cut = name[:k].rstrip()
        if k > SHORT + 3 and len(name) > SHORT + 3 and " " not in cut:
            # "Aleksander" / "Aleksandra": the start, and the letter where they differ
            out.append(f"{name[:SHORT]}…{name[k - 1]}")
        elif len(name) - len(cut) < 2:  # "Mare." saves nothing over "Marek"
            out.append(name)
        else:
            out.append(f"{cut}.")
    # names the rules keep distinct but only by case or a trailing dot: the full names then
    return out if len({s.casefold() for s in out}) == len(out) else list(names)


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
