"""A browser or an app signed out elsewhere at the very moment of its request: nobody, no error."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import create_engine, delete, event, update
from sqlalchemy.pool import NullPool

from scorekeeper.services import accounts
from scorekeeper.store.db import db
from scorekeeper.store.models import Account, AccountSession, ApiToken


def _ended_meanwhile(url: str, table: Any) -> None:
    """At the "last seen" write, another request (its own connection) ends the row first, as
    "sign out everywhere" on another phone does."""
    other = create_engine(url, poolclass=NullPool)

    @event.listens_for(db.session, "before_flush", once=True)
    def sign_out_elsewhere(*_args: Any) -> None:
        with other.begin() as conn:
            conn.execute(delete(table))


def test_a_session_ended_during_its_request_names_nobody(app, database_url) -> None:
    with app.test_request_context():
        account = Account(username="ala", password_hash="-")
        db.session.add(account)
        db.session.commit()
        sid = accounts.start_session(account)
        old = accounts.now() - accounts.SEEN_EVERY - timedelta(minutes=1)
        db.session.execute(update(AccountSession).values(seen_at=old))
        db.session.commit()
        _ended_meanwhile(database_url, AccountSession)
        # PostgreSQL: the write finds no row; SQLite: the write is refused as stale (the other
        # connection wrote after this one's read): either way, no error and nobody signed in
        found = accounts.session_account(account.id, sid)
        assert found is None or database_url.startswith("sqlite")
        assert accounts.session_account(account.id, sid) is None  # and the next request too


def test_a_token_ended_during_its_request_names_nobody(app, database_url) -> None:
    with app.test_request_context():
        account = Account(username="ala", password_hash="-")
        db.session.add(account)
        db.session.commit()
        token = accounts.new_token(account, "phone")
        _ended_meanwhile(database_url, ApiToken)
        found = accounts.token_account(token)
        assert found is None or database_url.startswith("sqlite")
        assert accounts.token_account(token) is None
