"""events a director runs: players, rounds, tables and their games

Revision ID: e94f24bc3a7d
Revises: 9d4e2b7c5a13
Create Date: 2026-12-06 14:04:57

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e94f24bc3a7d'
down_revision = '9d4e2b7c5a13'
branch_labels = None
depends_on = None


def upgrade():
    # New tables only: an event's facts (its header, entrants, rounds, tables and their
    # games); its places, points and standings are derived by scorekeeper.events.
    op.create_table('event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('tables', sa.JSON(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('points', sa.JSON(), nullable=True),
    sa.Column('bye', sa.String(length=16), nullable=True),
    sa.Column('ranking', sa.String(length=8), nullable=True),
    sa.Column('confirm', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['owner_id'], ['account.id'], name=op.f('fk_event_owner_id_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event'))
    )
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_owner_id'), ['owner_id'], unique=False)

    op.create_table('event_player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_event_player_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_event_player_player_id_player'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_player')),
    sa.UniqueConstraint('event_id', 'position', name=op.f('uq_event_player_event_id'))
    )
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_player_event_id'), ['event_id'], unique=False)

    op.create_table('event_round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('method', sa.String(length=12), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=True),
    sa.Column('closed_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_event_round_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_round')),
    sa.UniqueConstraint('event_id', 'number', name=op.f('uq_event_round_event_id'))
    )
    with op.batch_alter_table('event_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_round_event_id'), ['event_id'], unique=False)

    op.create_table('event_confirmation',
    sa.Column('line_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['line_id'], ['line.id'], name=op.f('fk_event_confirmation_line_id_line'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('line_id', name=op.f('pk_event_confirmation'))
    )
    op.create_table('event_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seats', sa.JSON(), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('closed', sa.Boolean(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('link_salt', sa.String(length=32), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_event_table_game_id_game'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['round_id'], ['event_round.id'], name=op.f('fk_event_table_round_id_event_round'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_table')),
    sa.UniqueConstraint('game_id', name=op.f('uq_event_table_game_id')),
    sa.UniqueConstraint('round_id', 'number', name=op.f('uq_event_table_round_id'))
    )
    with op.batch_alter_table('event_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_table_round_id'), ['round_id'], unique=False)



def downgrade():
    with op.batch_alter_table('event_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_table_round_id'))

    op.drop_table('event_table')
    op.drop_table('event_confirmation')
    with op.batch_alter_table('event_round', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_round_event_id'))

    op.drop_table('event_round')
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_player_event_id'))

    op.drop_table('event_player')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_owner_id'))

    op.drop_table('event')
