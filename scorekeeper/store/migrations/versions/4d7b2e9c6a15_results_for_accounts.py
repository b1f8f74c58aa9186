"""an event's results published to the accounts of the server only

Revision ID: 4d7b2e9c6a15
Revises: 9a7c3e5d1f24
Create Date: 2026-12-06 20:05:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4d7b2e9c6a15'
down_revision = '9a7c3e5d1f24'
branch_labels = None
depends_on = None


def upgrade():
    # The director's choice of who reads the published results: anyone with the link (false,
    # as every event published before) or only someone signed in to an account of this server.
    op.add_column('event', sa.Column('results_signed_in', sa.Boolean(), nullable=False,
                                     server_default=sa.false()))


def downgrade():
    op.drop_column('event', 'results_signed_in')
