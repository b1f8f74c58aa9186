"""an event's results published by a link

Revision ID: 3b8f1d6e2a57
Revises: e94f24bc3a7d
Create Date: 2026-12-06 17:50:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '3b8f1d6e2a57'
down_revision = 'e94f24bc3a7d'
branch_labels = None
depends_on = None


def upgrade():
    # A fact of the director's choice, as a game's live link is: the token of the event's
    # public results (None: not published). Nothing derived is stored.
    op.add_column('event', sa.Column('results_token', sa.String(length=64), nullable=True))
    op.create_index('ix_event_results_token', 'event', ['results_token'], unique=True)


def downgrade():
    op.drop_index('ix_event_results_token', table_name='event')
    op.drop_column('event', 'results_token')
