"""The schema's revisions (the migrations in migrations/versions), run on a connection the
caller holds, inside the caller's transaction."""

# `scorekeeper upgrade` runs the migrations through Flask-Migrate's env.py, each call its own
# transaction. A restore needs them inside its one transaction, beside the rows it loads, so
# that a failure anywhere leaves the database as it was: Alembic's EnvironmentContext, given a
# connection already in a transaction, runs in it and neither begins nor commits.

from __future__ import annotations

from functools import cache
from typing import Any

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

from scorekeeper.store.db import MIGRATIONS


@cache
def _scripts() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    return ScriptDirectory.from_config(config)


def head() -> str:
    """The revision this code's models are at."""
    found = _scripts().get_current_head()
    assert found is not None
    return found


def known(revision: str) -> bool:
    """Whether the revision is one of this code's (older or the head), not a newer one's."""
    return revision in {script.revision for script in _scripts().walk_revisions()}


def migrate(conn: Connection, revision: str) -> None:
    """Brings the schema reached through `conn` (none, or an older revision) to `revision`,
    in the transaction `conn` is in."""
    scripts = _scripts()

    def steps(current: Any, _context: Any) -> Any:
        return scripts._upgrade_revs(revision, current)  # what `alembic upgrade` itself runs

    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    with EnvironmentContext(config, scripts, fn=steps, destination_rev=revision) as env:
        env.configure(connection=conn, render_as_batch=True)
        with env.begin_transaction():
            env.run_migrations()
