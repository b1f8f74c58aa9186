"""a round's timer, set by the director

Revision ID: 6c2e9a4f1b83
Revises: 3b8f1d6e2a57
Create Date: 2026-12-06 17:55:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '6c2e9a4f1b83'
down_revision = '3b8f1d6e2a57'
branch_labels = None
depends_on = None


def upgrade():
    # When the director's countdown for the round ends (None: no timer), a fact of theirs: the
    # room's screen and each table's phone count down to it.
    op.add_column('event_round', sa.Column('timer_ends_at', sa.DateTime(), nullable=True))


def downgrade():
    op.drop_column('event_round', 'timer_ends_at')
