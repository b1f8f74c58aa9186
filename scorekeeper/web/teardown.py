"""How a request that only read ends its transaction: with COMMIT, so PostgreSQL plans less."""

# psycopg prepares a statement on a connection at its fifth use (prepare_threshold) and forgets
# every one at a ROLLBACK, since it cannot tell a rolled-back DROP from a plain read; and a
# request that only read ends its transaction with one, when the session is closed. Ending it
# with COMMIT changes nothing stored (it wrote nothing: store.db.only_read) and keeps them, so
# a page's queries are neither parsed nor planned again: about a tenth of a scoreboard read by a
# fresh worker on PostgreSQL (bench/scorer.py). A request that wrote and did not commit (an
# error answered as a page) still ends with ROLLBACK. The COMMIT itself is services' (the one
# commit point): this module only says when.

from __future__ import annotations

from flask import Flask

from scorekeeper.services import writing


def init_app(app: Flask) -> None:
    # registered after Flask-SQLAlchemy's teardown (create_app adds the database before the
    # web), so it runs before the session is removed: teardowns run in reverse order
    app.teardown_appcontext(end_request)


def end_request(exc: BaseException | None) -> None:
    if exc is None:
        writing.end_read()
