"""Service tests run in an app context on each database, as the account that owns the games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.store.db import db
from scorekeeper.store.models import Account


@pytest.fixture
def owner(app) -> Iterator[int]:  # type: ignore[no-untyped-def]
    """An app context with one account in the database; its id."""
    with app.app_context():
        account = Account(username="owner", password_hash="-")
        db.session.add(account)
        db.session.commit()
        yield account.id
        db.session.rollback()
