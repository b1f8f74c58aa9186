"""Accounts: sign-up, sign-in and its throttle, passwords, personal API tokens.

One transaction per call, like services.py. Passwords are hashed with werkzeug's current
default (scrypt); API tokens are stored as their SHA-256 only, so a copy of the database
signs nobody in.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from .db import db
from .models import Account, ApiToken, Game, Player, SignInFailure, now

# Five wrong passwords for one username within 15 minutes close it for the rest of the window;
# twenty from one address close the address (guessing many usernames). The count lives in the
# database, so every worker of a hosted instance refuses alike.
WINDOW = timedelta(minutes=15)
PER_USERNAME = 5
PER_ADDRESS = 20
USERNAME = re.compile(r"[a-z0-9][a-z0-9._-]{2,39}")
TOKEN_PREFIX = "skt_"


class Taken(Exception):
    """That username already has an account."""


class Throttled(Exception):
    """Too many failed sign-ins lately: wait `minutes`."""

    def __init__(self, minutes: int) -> None:
        super().__init__(minutes)
        self.minutes = minutes


def normal(username: str) -> str:
    """Usernames are case-insensitive: stored and compared lower-case, without spaces."""
    return username.strip().lower()


def _hash(password: str) -> str:
    return generate_password_hash(password, method=current_app.config["PASSWORD_HASH_METHOD"])


def sign_up(username: str, password: str, locale: str | None = None) -> Account:
    """A new account (with the language chosen before signing up, if any). The first account
    on an instance adopts the games (and their players) stored before accounts existed, so
    that a family's history is not lost by the upgrade."""
    account = Account(username=normal(username), password_hash=_hash(password), locale=locale)
    db.session.add(account)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise Taken() from None
    if db.session.execute(select(func.count(Account.id))).scalar_one() == 1:
        db.session.execute(update(Game).where(Game.owner_id.is_(None)).values(owner_id=account.id))
        db.session.execute(
            update(Player).where(Player.account_id.is_(None)).values(account_id=account.id)
        )
    db.session.commit()
    return account


def _throttled(username: str, address: str) -> int | None:
    """Minutes to wait before this username (or address) may try again; None: go ahead."""
    since = now() - WINDOW
    waits = []
    for column, value, limit in (
        (SignInFailure.username, username, PER_USERNAME),
        (SignInFailure.address, address, PER_ADDRESS),
    ):
        times = (
            db.session.execute(
                select(SignInFailure.at)
                .where(column == value, SignInFailure.at > since)
                .order_by(SignInFailure.at.desc())
                .limit(limit)
            )
            .scalars()
            .all()
        )
        if len(times) >= limit:
            # open again once the oldest of the last `limit` failures leaves the window
            free_at = times[-1] + WINDOW
            waits.append(max(1, -(-int((free_at - now()).total_seconds()) // 60)))
    return max(waits) if waits else None


def sign_in(username: str, password: str, address: str) -> Account | None:
    """The account if the password is right; None (and a failure counted) if not.
    Throttled, without looking at the password, while too many failures are recent."""
    username = normal(username)
    wait = _throttled(username, address)
    if wait is not None:
        raise Throttled(wait)
    account = db.session.execute(
        select(Account).where(Account.username == username)
    ).scalar_one_or_none()
    # an unknown username costs a hash check too: the answer's time does not tell it apart
    stored = account.password_hash if account else _dummy_hash()
    if check_password_hash(stored, password) and account is not None:
        db.session.execute(delete(SignInFailure).where(SignInFailure.username == username))
        db.session.commit()
        return account
    db.session.add(SignInFailure(username=username[:40], address=address[:64]))
    # old failures count for nothing: dropped as new ones come
    db.session.execute(delete(SignInFailure).where(SignInFailure.at < now() - 2 * WINDOW))
    db.session.commit()
    return None


_DUMMY: dict[str, str] = {}


def _dummy_hash() -> str:
    method = current_app.config["PASSWORD_HASH_METHOD"]
    if method not in _DUMMY:
        _DUMMY[method] = generate_password_hash(secrets.token_hex(8), method=method)
    return _DUMMY[method]


def change_password(account: Account, old: str, new: str) -> bool:
    """False (nothing changed) if `old` is not the current password."""
    if not check_password_hash(account.password_hash, old):
        return False
    account.password_hash = _hash(new)
    db.session.add(account)
    db.session.commit()
    return True


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(account: Account, name: str) -> str:
    """A new personal API token; its text is shown once and never stored."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    db.session.add(
        ApiToken(account_id=account.id, name=name, digest=_digest(token), hint=token[:10])
    )
    db.session.commit()
    return token


def tokens(account: Account) -> list[ApiToken]:
    return list(
        db.session.execute(
            select(ApiToken).where(ApiToken.account_id == account.id).order_by(ApiToken.id)
        ).scalars()
    )


def revoke_token(account: Account, token_id: int) -> bool:
    """Deletes one of the account's tokens; False if it has no such token."""
    done = db.session.execute(
        delete(ApiToken).where(ApiToken.id == token_id, ApiToken.account_id == account.id)
    )
    db.session.commit()
    return bool(getattr(done, "rowcount", 0))


def token_account(token: str) -> ApiToken | None:
    """The stored token for a Bearer token's text (its account joined), or None."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    found = db.session.execute(
        select(ApiToken).where(ApiToken.digest == _digest(token))
    ).scalar_one_or_none()
    if found is not None and (
        found.last_used_at is None or now() - found.last_used_at > timedelta(minutes=5)
    ):
        # "last used" to the nearest few minutes: not a write per request
        found.last_used_at = now()
        db.session.commit()
    return found
