"""ratings of an account, a cache keyed by its games' versions

Revision ID: b7d4e1a9c362
Revises: 4d8b2f6a9c31
Create Date: 2026-12-06 20:10:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b7d4e1a9c362'
down_revision = '4d8b2f6a9c31'
branch_labels = None
depends_on = None


def upgrade():
    # a cache, not a fact (docs/ratings.md): the ratings derived from an account's games,
    # under the versions they were made from; dropping it loses nothing
    op.create_table('rating_cache',
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.Text(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], name=op.f('fk_rating_cache_account_id_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('account_id', name=op.f('pk_rating_cache'))
    )


def downgrade():
    op.drop_table('rating_cache')
