"""line ids never reused on SQLite (AUTOINCREMENT): the trail names lines by their id

Revision ID: 5f3a9c2d7e10
Revises: c2c6eca4e4e3
Create Date: 2026-12-03 12:30:00

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '5f3a9c2d7e10'
down_revision = 'c2c6eca4e4e3'
branch_labels = None
depends_on = None


def upgrade():
    # PostgreSQL's sequences never hand out an id twice: nothing to do there. SQLite gives a
    # new row the largest id + 1, so a line added after the last one was deleted took its id
    # (and its trail); AUTOINCREMENT needs the table made anew (batch mode copies it, with
    # foreign keys off: env.py).
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table(
        "line", recreate="always", table_kwargs={"sqlite_autoincrement": True}
    ) as batch_op:
        pass
    # the largest id handed out so far counts as used (the trail may name a deleted line's
    # id): the copy above set the counter to the largest id still there
    op.execute("DELETE FROM sqlite_sequence WHERE name = 'line'")
    op.execute(
        "INSERT INTO sqlite_sequence (name, seq) SELECT 'line', MAX("
        "COALESCE((SELECT MAX(id) FROM line), 0), "
        "COALESCE((SELECT MAX(line_id) FROM revision), 0))"
    )

def downgrade():
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table(
        "line", recreate="always", table_kwargs={"sqlite_autoincrement": False}
    ) as batch_op:
        pass
