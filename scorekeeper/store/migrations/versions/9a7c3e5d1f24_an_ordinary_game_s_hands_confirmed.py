"""an ordinary game's hands confirmed, by its owner's choice

Revision ID: 9a7c3e5d1f24
Revises: 6c2e9a4f1b83
Create Date: 2026-12-06 18:55:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9a7c3e5d1f24'
down_revision = '6c2e9a4f1b83'
branch_labels = None
depends_on = None


def upgrade():
    # The owner's choice that every hand be confirmed by a seat (as an event's `confirm`); the
    # games stored before did not ask it: the server default fills them.
    op.add_column('game', sa.Column('confirm', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    op.drop_column('game', 'confirm')
