"""seasons: named sets of an account's events, with how many results count

Revision ID: 4d2b8e6f0a35
Revises: b7d4e1a9c362
Create Date: 2026-12-06 20:05:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4d2b8e6f0a35'
down_revision = 'b7d4e1a9c362'
branch_labels = None
depends_on = None


def upgrade():
    # New tables only: a season's facts (its name, its N and its events); its ladder is
    # derived from the events' standings (scorekeeper.events.season).
    op.create_table('season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('best', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['owner_id'], ['account.id'], name=op.f('fk_season_owner_id_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_season'))
    )
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_owner_id'), ['owner_id'], unique=False)

    # a deleted event leaves its seasons: its row here goes with it
    op.create_table('season_event',
    sa.Column('season_id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_season_event_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], name=op.f('fk_season_event_season_id_season'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('season_id', 'event_id', name=op.f('pk_season_event'))
    )
    with op.batch_alter_table('season_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_event_event_id'), ['event_id'], unique=False)


def downgrade():
    with op.batch_alter_table('season_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_event_event_id'))
    op.drop_table('season_event')
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_season_owner_id'))
    op.drop_table('season')
