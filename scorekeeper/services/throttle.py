"""The sign-in and sign-up throttle: guessing is slowed, and a stranger cannot close an account."""

# Counted in throttle_event rows (in the database, so that every worker of a
# hosted instance refuses alike):
# - a browser that signed in to an account before carries a signed device cookie naming it; it
#   may try that account's password whatever strangers did, within its own small limit (5 an
#   hour: a stolen cookie buys few guesses);
# - any other try at a username waits once it has failed a few times in the last day: 2^(n-5)
#   seconds after the last failure for the n-th, at most 15 minutes;
# - an address without a good sign-in in the last 30 days may fail 20 times in 15 minutes;
# - an address may make 5 accounts an hour (each costs a slow password hash);
# - for these, an IPv6 address counts as its /64 (`_origin`).
# A try is recorded and committed BEFORE its password is checked, and the count includes the
# tries still being checked, so parallel guesses cannot slip past it (on SQLite and PostgreSQL
# alike); a refused try is deleted: it counts nothing and checks no password.

from __future__ import annotations

import hashlib
import ipaddress
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy import and_, delete, exists, func, or_, select

from scorekeeper.services.writing import commit
from scorekeeper.store.db import db
from scorekeeper.store.models import ThrottleEvent, now

FREE = 5  # failures of a username before each further try waits
CAP = timedelta(minutes=15)  # the longest wait between two tries at one username
USER_WINDOW = timedelta(days=1)
DEVICE_FREE = 5  # a known browser's own failures per DEVICE_WINDOW
DEVICE_WINDOW = timedelta(hours=1)
PER_ADDRESS = 20  # failures per ADDRESS_WINDOW from an address with no good sign-in lately
ADDRESS_WINDOW = timedelta(minutes=15)
KNOWN = timedelta(days=30)  # how long a good sign-in vouches for its address
VOUCHES_AFTER = timedelta(days=1)  # only an account this old vouches for its address
SIGNUP_WINDOW = timedelta(hours=1)


class Throttled(Exception):
    """Too many tries lately: wait `seconds`."""

    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.seconds = max(1, seconds)


def _key(text: str) -> str:
    """What a row names: the text if it fits its column, else its digest (a NUL byte or an
    odd forwarded address must not reach PostgreSQL as text)."""
    if len(text) <= 64 and text.isascii() and text.isprintable():
        return text
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _origin(address: str) -> str:
    """What the address limits count: an IPv6 address as its /64, which one host or one home
    holds whole (each of its addresses is no new origin), IPv4 as it is (IPv4-mapped too)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return _key(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def _record(*events: tuple[str, str]) -> list[int]:
    """Stores and commits one row per (kind, key), before any password is checked; their ids."""
    rows = [ThrottleEvent(kind=kind, key=key, at=now()) for kind, key in events]
    db.session.add_all(rows)
    commit()
    return [row.id for row in rows]


def _others(kind: str, key: str, since: datetime, mine: list[int]) -> tuple[int, datetime | None]:
    """How many `kind` rows for `key` since `since` besides `mine` (those still being checked
    included: a burst sees itself), and when the latest was."""
    count, last = db.session.execute(
        select(func.count(), func.max(ThrottleEvent.at)).where(
            ThrottleEvent.kind == kind,
            ThrottleEvent.key == key,
            ThrottleEvent.at > since,
            ThrottleEvent.id.not_in(mine),
        )
    ).one()
    return int(count), last


def _free_in(kind: str, key: str, n: int, mine: list[int], window: timedelta) -> int:
    """Seconds until the n-th latest row leaves `window`: the limit opens again then. At least
    one: rows of refused tries may have gone since they were counted."""
    nth = db.session.execute(
        select(ThrottleEvent.at)
        .where(ThrottleEvent.kind == kind, ThrottleEvent.key == key, ThrottleEvent.id.not_in(mine))
        .order_by(ThrottleEvent.at.desc())
        .offset(n - 1)
        .limit(1)
    ).scalar()
    return 1 if nth is None else max(1, int((nth + window - now()).total_seconds() + 0.999))


def _drop(mine: list[int]) -> None:
    """Deletes a refused try's rows: it counts nothing."""
    db.session.execute(delete(ThrottleEvent).where(ThrottleEvent.id.in_(mine)))
    commit()


def _known(address: str) -> bool:
    """Whether the address (as `_key` names it) had a good sign-in or sign-up lately (KNOWN)."""
    return bool(
        db.session.execute(
            select(
                exists().where(
                    ThrottleEvent.kind == "good",
                    ThrottleEvent.key == address,
                    ThrottleEvent.at > now() - KNOWN,
                )
            )
        ).scalar()
    )


def begin(username: str, address: str, device: str | None) -> list[int]:
    """Records a try at `username` (from a browser known to that account, if `device`) and
    returns its rows; raises Throttled, with nothing recorded, if it must wait."""
    t = now()
    if device is not None:
        mine = _record(("device", _key(device)))
        if _others("device", _key(device), t - DEVICE_WINDOW, mine)[0] < DEVICE_FREE:
            return mine
        _drop(mine)  # past its own limit: it tries as any other browser does
    user, addr = _key(username), _origin(address)
    limit_address = not _known(addr)
    mine = _record(("user", user), *([("address", addr)] if limit_address else []))
    waits = [0]
    failed, last = _others("user", user, t - USER_WINDOW, mine)
    if failed >= FREE and last is not None:
        step = min(timedelta(seconds=2 ** min(failed - FREE, 20)), CAP)
        waits.append(int((last + step - t).total_seconds() + 0.999))
    if limit_address and _others("address", addr, t - ADDRESS_WINDOW, mine)[0] >= PER_ADDRESS:
        waits.append(_free_in("address", addr, PER_ADDRESS, mine, ADDRESS_WINDOW))
    if max(waits) > 0:
        _drop(mine)
        raise Throttled(max(waits))
    return mine


def succeeded(mine: list[int], username: str, address: str, since: datetime) -> None:
    """The right password of an account that exists `since`: the username's failures are
    forgiven and, if the account is older than VOUCHES_AFTER, the address is vouched for (the
    address limit no longer applies to it). A new account does not vouch: a guesser who signs
    up, or makes an account of his own to sign in to, does not lift the limit."""
    db.session.execute(
        delete(ThrottleEvent).where(
            or_(
                ThrottleEvent.id.in_(mine),
                and_(ThrottleEvent.kind == "user", ThrottleEvent.key == _key(username)),
            )
        )
    )
    if since <= now() - VOUCHES_AFTER:
        good(address)
    else:
        commit()


def good(address: str) -> None:
    """A good sign-in (or sign-up) from `address`: one row an address, the latest."""
    key = _origin(address)
    db.session.execute(
        delete(ThrottleEvent).where(ThrottleEvent.kind == "good", ThrottleEvent.key == key)
    )
    db.session.add(ThrottleEvent(kind="good", key=key, at=now()))
    commit()


def failed() -> None:
    """A wrong password: its rows stay as failures."""
    _sweep()
    commit()


def _sweep() -> None:
    """Rows too old to count for anything are dropped as new ones come."""
    t = now()
    db.session.execute(
        delete(ThrottleEvent).where(
            or_(
                and_(ThrottleEvent.kind != "good", ThrottleEvent.at < t - USER_WINDOW),
                ThrottleEvent.at < t - KNOWN,
            )
        )
    )


def begin_signup(address: str) -> None:
    """Records a sign-up from `address`; raises Throttled (nothing recorded) past the limit
    (SIGNUPS_PER_HOUR, 5 unless configured; 0: none)."""
    limit = int(current_app.config.get("SIGNUPS_PER_HOUR", 5))
    if limit <= 0:
        return
    key = _origin(address)
    _sweep()
    mine = _record(("signup", key))
    if _others("signup", key, now() - SIGNUP_WINDOW, mine)[0] >= limit:
        wait = _free_in("signup", key, limit, mine, SIGNUP_WINDOW)
        _drop(mine)
        raise Throttled(wait)
