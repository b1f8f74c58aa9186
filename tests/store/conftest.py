"""Store tests run inside an app context on each database, with an account that owns games."""

from __future__ import annotations

import pytest

from scorekeeper.store.db import db
from scorekeeper.store.models import Account


@pytest.fixture
def owner(app):  # type: ignore[no-untyped-def]
    """An app context with one account in the database; its id."""
    with app.app_context():
        account = Account(username="owner", password_hash="-")
        db.session.add(account)
        db.session.commit()
        yield account.id
        db.session.rollback()
