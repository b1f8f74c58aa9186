"""Accounts: sign-up, sign-in (throttle.py), signed-in browsers, passwords, API tokens."""

# One transaction per call. Passwords are hashed with werkzeug's current default (scrypt); session
# ids and API tokens are stored as their SHA-256 only, so a copy of the database signs nobody in.

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from flask import current_app
from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from werkzeug.security import check_password_hash, generate_password_hash

from scorekeeper.services import devices, throttle
from scorekeeper.services.throttle import Throttled
from scorekeeper.services.writing import Conflict, commit
from scorekeeper.store.db import db, wait_for_no_lock
from scorekeeper.store.models import Account, AccountSession, ApiToken, Game, Player, now

__all__ = ["Taken", "Throttled"]

USERNAME = re.compile(r"[a-z0-9][a-z0-9._-]{2,39}")
TOKEN_PREFIX = "skt_"
SEEN_EVERY = timedelta(minutes=5)  # a browser's "last seen" to the nearest few minutes


class Taken(Exception):
    """That username already has an account."""


def normal(username: str) -> str:
    """Usernames are case-insensitive: stored and compared lower-case, without spaces."""
    return username.strip().lower()


def _hash(password: str) -> str:
    return generate_password_hash(password, method=current_app.config["PASSWORD_HASH_METHOD"])


def sign_up(username: str, password: str, address: str, locale: str | None = None) -> Account:
    """A new account (with the language chosen before signing up, if any). The first account
    on an instance adopts the games (and their players) stored before accounts existed, so
    that a family's history is not lost by the upgrade. Raises Throttled, before hashing
    anything, past the sign-ups an address may make in an hour."""
    throttle.begin_signup(address)
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
    commit()
    return account


def sign_in(
    username: str, password: str, address: str, device: devices.Device | None = None
) -> Account | None:
    """The account if the password is right; None (and a failure counted) if not. Raises
    Throttled, without looking at the password, while this try must wait (throttle.py)."""
    username = normal(username)
    account = (
        db.session.execute(select(Account).where(Account.username == username)).scalar_one_or_none()
        if USERNAME.fullmatch(username)  # nothing else can be one (nor a NUL reach PostgreSQL)
        else None
    )
    return account if _checked(username, account, password, address, device) else None


def _checked(
    username: str,
    account: Account | None,
    password: str,
    address: str,
    device: devices.Device | None,
) -> bool:
    """Whether `password` is the account's, counted by the throttle (Throttled, without
    looking at the password, while this try must wait)."""
    known = device is not None and account is not None and account.id in device.accounts
    mine = throttle.begin(username, address, device.id if known and device else None)
    # an unknown username costs a hash check too: the answer's time does not tell it apart
    stored = account.password_hash if account else _dummy_hash()
    if check_password_hash(stored, password) and account is not None:
        throttle.succeeded(mine, username, address, account.created_at)
        return True
    throttle.failed()
    return False


_DUMMY: dict[str, str] = {}


def _dummy_hash() -> str:
    method = current_app.config["PASSWORD_HASH_METHOD"]
    if method not in _DUMMY:
        _DUMMY[method] = generate_password_hash(secrets.token_hex(8), method=method)
    return _DUMMY[method]


def change_password(
    account: Account, old: str, new: str, address: str, device: devices.Device | None = None
) -> tuple[str, int] | None:
    """None (nothing changed) if `old` is not the current password. Otherwise every session
    and every API token of the account ends, and the browser that changed it goes on in a new
    session: its id, and how many tokens ended, are returned. A copy of even that browser's
    own cookie, taken before, is dead, and so is a token on a stolen phone: whoever changes
    the password because a phone was stolen expects its access to end. `old` is checked as a
    sign-in is (Throttled while it must wait): a stolen session buys no more guesses at the
    password than signing in would."""
    if not _checked(account.username, account, old, address, device):
        return None
    account.password_hash = _hash(new)
    db.session.add(account)
    db.session.execute(delete(AccountSession).where(AccountSession.account_id == account.id))
    ended = _end_tokens(account)
    return start_session(account), ended  # one commit: the password, sessions and tokens


def choose_language(account: Account, locale: str) -> None:
    """The language chosen with the switcher, kept on the account (nothing if it is already)."""
    if account.locale != locale:
        account.locale = locale
        commit()


def start_session(account: Account) -> str:
    """A new signed-in browser: its random session id (for the cookie; only its digest is
    stored). Sessions idle longer than PERMANENT_SESSION_LIFETIME are dropped meanwhile."""
    sid = secrets.token_urlsafe(32)
    idle = now() - current_app.permanent_session_lifetime
    db.session.execute(delete(AccountSession).where(AccountSession.seen_at < idle))
    db.session.add(AccountSession(account_id=account.id, digest=_digest(sid)))
    commit()
    return sid


def session_account(account_id: int, sid: str) -> Account | None:
    """The account a session cookie names if that session is still on (one indexed read);
    None once it was signed out, ended by a password change or idle too long."""
    found = db.session.execute(
        select(AccountSession, Account)
        .join(Account, Account.id == AccountSession.account_id)
        .where(AccountSession.digest == _digest(sid), AccountSession.account_id == account_id)
    ).one_or_none()
    if found is None:
        return None
    browser, account = found
    t = now()
    if browser.seen_at < t - current_app.permanent_session_lifetime:
        return None
    if t - browser.seen_at > SEEN_EVERY:  # not a write per request
        browser.seen_at = t
        if not _commit_by_the_way():
            return None  # signed out elsewhere at this very moment
    return account


def _commit_by_the_way() -> bool:
    """A "last seen" write: if the database is busy (SQLite while another writes), the
    request goes on without it at once, rather than wait or fail for a detail. False when the
    row is gone (the session or token ended by another request meanwhile): it names nobody."""
    try:
        wait_for_no_lock(db.session.connection())
        commit()
    except OperationalError:
        db.session.rollback()  # refused by the wait, before commit() (which rolls back its own)
    except Conflict:  # the UPDATE found no row: commit() rolled back
        return False
    return True


def end_session(sid: str) -> None:
    """Signs out the one browser whose session id this is (its cookie signs nobody in now)."""
    db.session.execute(delete(AccountSession).where(AccountSession.digest == _digest(sid)))
    commit()


def end_sessions(account: Account) -> int:
    """Signs the account out on every browser and ends its API tokens ("sign out
    everywhere": a lost phone's app too); how many tokens ended."""
    db.session.execute(delete(AccountSession).where(AccountSession.account_id == account.id))
    ended = _end_tokens(account)
    commit()
    return ended


def _end_tokens(account: Account) -> int:
    """Deletes every API token of the account (in the caller's transaction); how many."""
    done = db.session.execute(delete(ApiToken).where(ApiToken.account_id == account.id))
    return int(getattr(done, "rowcount", 0) or 0)


def sessions(account: Account) -> list[AccountSession]:
    """The account's signed-in browsers, the latest seen first."""
    return list(
        db.session.execute(
            select(AccountSession)
            .where(
                AccountSession.account_id == account.id,
                AccountSession.seen_at >= now() - current_app.permanent_session_lifetime,
            )
            .order_by(AccountSession.seen_at.desc(), AccountSession.id.desc())
        ).scalars()
    )


def is_this(browser: AccountSession, sid: str | None) -> bool:
    """Whether `browser` is the session of the cookie's id (the page's "This browser")."""
    return sid is not None and browser.digest == _digest(sid)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(account: Account, name: str) -> str:
    """A new personal API token; its text is shown once and never stored."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    db.session.add(
        ApiToken(account_id=account.id, name=name, digest=_digest(token), hint=token[:10])
    )
    commit()
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
    commit()
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
        if not _commit_by_the_way():
            return None  # ended by "sign out everywhere" at this very moment
    return found
