"""blind bids: a hand whose declarer bid before seeing the musik (scoring.md 5.1)

Revision ID: b7d41c2e9f03
Revises: 8948a870edb7
Create Date: 2026-12-12 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b7d41c2e9f03'
down_revision = '8948a870edb7'
branch_labels = None
depends_on = None


def upgrade():
    # every line logged before was not blind: the server default fills them. It stays, so that
    # SQLite adds the column in place (dropping a default would copy the table, and with it
    # lose the AUTOINCREMENT of migration 5f3a9c2d7e10); the app always writes the column.
    # (op.add_column, not batch mode: SQLite's ALTER TABLE ADD COLUMN takes it as it is)
    op.add_column(
        'line', sa.Column('blind', sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade():
    # SQLite drops a column in place since 3.35 (the table keeps its AUTOINCREMENT)
    op.drop_column('line', 'blind')
