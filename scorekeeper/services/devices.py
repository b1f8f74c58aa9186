"""The device cookie: a signed note, kept a year by a browser, of the accounts it signed in to."""

# The throttle (throttle.py) lets such a browser try its accounts' passwords whatever strangers did
# (a stranger cannot lock the owner out); the note is signed with the secret key: no forgery.

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from flask import current_app
from itsdangerous import BadSignature, URLSafeTimedSerializer

DEVICE_COOKIE = "device"
DEVICE_AGE = timedelta(days=365)
DEVICE_ACCOUNTS = 5  # a shared tablet may know a few accounts


@dataclass(frozen=True)
class Device:
    """What a device cookie says: its random id and the accounts it signed in to."""

    id: str
    accounts: tuple[int, ...]


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key, salt="scorekeeper-device")  # type: ignore[arg-type]


def read_device(cookie: str | None) -> Device | None:
    """The device cookie's content if it is ours and not too old; None otherwise."""
    if not cookie or len(cookie) > 512:
        return None
    try:
        data = _serializer().loads(cookie, max_age=int(DEVICE_AGE.total_seconds()))
        return Device(str(data["d"]), tuple(int(a) for a in data["a"]))
    except (BadSignature, KeyError, TypeError, ValueError):
        return None


def device_cookie(device: Device | None, account_id: int) -> str:
    """The cookie's new value after a good sign-in to `account_id` (this account first)."""
    known = [] if device is None else [a for a in device.accounts if a != account_id]
    data = {
        "d": device.id if device else secrets.token_urlsafe(16),
        "a": [account_id, *known][:DEVICE_ACCOUNTS],
    }
    return _serializer().dumps(data)
