"""seat figures: a player's records per game, a cache keyed by version

Revision ID: 4d8b2f6a9c31
Revises: 4d7b2e9c6a15
Create Date: 2026-12-06 20:05:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4d8b2f6a9c31'
down_revision = '4d7b2e9c6a15'
branch_labels = None
depends_on = None

FIGURES = (
    'ended', 'won', 'total', 'hands', 'declared', 'made', 'contract_sum', 'bid_over_sum',
    'blind', 'blind_made', 'give_ups', 'spades', 'clubs', 'diamonds', 'hearts', 'aces',
    'climbs', 'barrel_wins', 'bolts', 'staked',
)


def upgrade():
    # A cache, not a fact: made from the lines when a game is written (or first read after
    # this upgrade), so the games stored before need nothing here.
    op.create_table('seat_figures',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    *[sa.Column(name, sa.Integer(), nullable=False) for name in FIGURES],
    # in ten-thousandths: points x a stake of up to 4 decimals outgrows 32 bits
    sa.Column('money_won', sa.BigInteger(), nullable=False),
    sa.Column('money_lost', sa.BigInteger(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_seat_figures_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'seat', name=op.f('pk_seat_figures'))
    )


def downgrade():
    op.drop_table('seat_figures')
