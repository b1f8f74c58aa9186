"""an index on game.rematch_of: a game page reads the game's rematches with the game itself

Revision ID: 3c9e1f7a2b64
Revises: b7d41c2e9f03
Create Date: 2026-12-05 19:30:00

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '3c9e1f7a2b64'
down_revision = 'b7d41c2e9f03'
branch_labels = None
depends_on = None


def upgrade():
    # queries.load_game joins the games whose rematch_of is this one on every game page and
    # write: without an index that join reads the whole game table (a club's thousands)
    op.create_index(op.f('ix_game_rematch_of'), 'game', ['rematch_of'], unique=False)


def downgrade():
    op.drop_index(op.f('ix_game_rematch_of'), table_name='game')
