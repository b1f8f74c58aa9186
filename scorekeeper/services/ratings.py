"""The account's ratings as pages read them, the game summaries made on the way kept."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime

from flask import current_app
from sqlalchemy import delete, insert
from sqlalchemy.exc import IntegrityError, OperationalError

from scorekeeper.ratings import PlayerRating, Step
from scorekeeper.services.summaries import _writing_on_sqlite, keep
from scorekeeper.store import ratings as derive
from scorekeeper.store.db import db, wait_for_no_lock
from scorekeeper.store.models import RatingCache
from scorekeeper.store.ratings import RANKED_AFTER
from scorekeeper.store.ratingstate import AccountRatings, encoded

log = logging.getLogger(__name__)

__all__ = ["RANKED_AFTER", "PlayerSteps", "Ranking", "account_ratings", "ranking", "steps"]


#: the most games a page rates itself (about 0.3 s of a core, bench/ratings.py): when more
#: are to be rated again (a past game of 10,000 edited, players merged), a thread of the worker
#: rates them and the page shows the ratings as they were, saying so
ON_A_PAGE = 2000
_lock = threading.Lock()
_rating: dict[tuple[int, int, str], threading.Thread] = {}  # (app, account, what) -> its thread


def account_ratings(account_id: int, wait: bool = False) -> AccountRatings:
    """The account's ratings now (store/ratings.py): remembered, extended or made again (with
    `wait`, however many games that takes, and kept as the cache row; else ON_A_PAGE at most,
    the rest off the request path); the game summaries and the ratings made on the way kept as
    cache rows."""
    found, fresh, made = derive.account_ratings(account_id, None if wait else ON_A_PAGE, wait)
    keep(fresh)
    if made is not None:
        if wait:
            keep_ratings(account_id, made)
        else:
            # a page does not wait for the row: encoding 10,000 games and writing them was
            # most of the ranking after an edit of a recent game (0.6 s on PostgreSQL)
            _later("row", account_id, lambda: keep_ratings(account_id, made))
    if found.pending:
        rate_later(account_id)
    return found


def rate_later(account_id: int) -> None:
    """The account's ratings made by a thread of this worker (one at a time per account)."""
    _later("ratings", account_id, lambda: rate_now(account_id))


def _later(what: str, account_id: int, job: Callable[[], None]) -> None:
    """`job` done by a thread of this worker, in the app's context; one `what` at a time per
    account (one asked for meanwhile is dropped: the one running does the same)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    key = (id(app), account_id, what)

    def run() -> None:
        try:
            with app.app_context():
                job()
        except Exception:  # a cache: a page makes it again later
            log.exception("%s of account %s not done by its thread", what, account_id)
        finally:
            with _lock:
                _rating.pop(key, None)

    with _lock:
        if key in _rating:
            return
        thread = _rating[key] = threading.Thread(target=run, name=what, daemon=True)
    thread.start()


def settle(timeout: float = 60) -> None:
    """Waits for the ratings being made, and their rows being kept, by threads (tests,
    benchmarks)."""
    with _lock:
        threads = list(_rating.values())
    for thread in threads:
        thread.join(timeout)


def rate_now(account_id: int) -> None:
    """The account's ratings made and kept now, by a worker of its own (after an import): a
    cache, so a failure is only logged; the read's transaction ended."""
    try:
        account_ratings(account_id, wait=True)
    except Exception:  # a cache made later by a page instead; the import itself is done
        log.exception("the ratings of account %s were not made after its import", account_id)
    finally:
        db.session.rollback()


def keep_ratings(account_id: int, made: AccountRatings) -> None:
    """Stores the ratings a read made as the account's cache row (replacing the one before),
    in a transaction of its own, as services/summaries.keep stores summaries: a cache never
    ends nor rolls back the caller's transaction, and waits for another time when the
    database is busy."""
    if _writing_on_sqlite():  # the guard of the summaries' rows: SQLite's write lock held
        return
    try:
        with db.engine.begin() as connection:
            wait_for_no_lock(connection)
            connection.execute(delete(RatingCache).where(RatingCache.account_id == account_id))
            connection.execute(
                insert(RatingCache),
                [{"account_id": account_id, "key": made.key, "data": encoded(made)}],
            )
    except IntegrityError:
        pass  # another worker kept them at the same moment
    except OperationalError:
        pass  # the database is busy: a cache can wait for next time


@dataclass(frozen=True)
class Ranking:
    """The ranking page: the players ranked (RANKED_AFTER rated games or more), each with
    their place, and the others with their games so far."""

    ranked: list[tuple[int, str, PlayerRating]]  # place (shared when equal), name, rating
    unranked: list[tuple[str, int, int]]  # name, player id, rated games
    pending: bool = False  # being made again off the request path: these are as they were


def ranking(account_id: int) -> Ranking:
    """The account's players by rating (the ordinal, highest first; ties share a place and
    are listed in the order they first played)."""
    found = account_ratings(account_id)
    rated = found.ratings
    names = derive.names(account_id)
    ranked: list[tuple[int, str, PlayerRating]] = []
    unranked: list[tuple[str, int, int]] = []
    order = rated.ranking()
    for r in order:
        if not isinstance(r.player, int) or r.player not in names:
            continue  # a player merged away since: gone with their seats
        if r.games < RANKED_AFTER:
            unranked.append((names[r.player], r.player, r.games))
            continue
        same = ranked and ranked[-1][2].ordinal == r.ordinal
        ranked.append((ranked[-1][0] if same else len(ranked) + 1, names[r.player], r))
    rated_ids = {r.player for r in order}
    unranked += [(name, pid, 0) for pid, name in names.items() if pid not in rated_ids]
    unranked.sort(key=lambda row: (-row[2], row[0].casefold()))
    return Ranking(ranked, unranked, found.pending)


@dataclass(frozen=True)
class PlayerSteps:
    """A player's rating after each of their rated games, oldest first; when the first and the
    last of those games ended; whether the ratings are being made again; and `state`, which
    changes whenever any of that may have (a page may keep what it made of the steps)."""

    steps: Sequence[Step]
    first: datetime | None
    last: datetime | None
    pending: bool
    state: Hashable


def steps(account_id: int, player_id: int) -> PlayerSteps:
    """The player's steps as the account's ratings have them now (nothing is copied: 10,000
    games are 10,000 steps, and a page only reads them)."""
    found = account_ratings(account_id)
    made = found.ratings.steps.get(player_id, [])

    def ended(step: Step) -> datetime | None:
        return found.ended(step.label) if isinstance(step.label, int) else None

    return PlayerSteps(
        made,
        ended(made[0]) if made else None,
        ended(made[-1]) if made else None,
        found.pending,
        (found.key, found.ratings.matches, found.pending, len(made)),
    )
