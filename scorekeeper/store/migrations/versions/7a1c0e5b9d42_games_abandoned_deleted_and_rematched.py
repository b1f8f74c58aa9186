"""games abandoned, deleted (restorable) and rematched; the trail names game-wide actions

Revision ID: 7a1c0e5b9d42
Revises: 5f3a9c2d7e10
Create Date: 2026-12-10 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7a1c0e5b9d42'
down_revision = '5f3a9c2d7e10'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('abandoned_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('deleted_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('rematch_of', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('rematch_token', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_game_rematch_token'), ['rematch_token'])
        batch_op.create_foreign_key(
            batch_op.f('fk_game_rematch_of_game'), 'game', ['rematch_of'], ['id'],
            ondelete='SET NULL',
        )
    # "delete-game" and "restore-game" are longer than the ten characters a line's action took
    with op.batch_alter_table('revision', schema=None) as batch_op:
        batch_op.alter_column(
            'action', existing_type=sa.String(length=10), type_=sa.String(length=16),
            existing_nullable=False,
        )


def downgrade():
    op.execute("DELETE FROM revision WHERE action IN ('delete-game', 'restore-game')")
    with op.batch_alter_table('revision', schema=None) as batch_op:
        batch_op.alter_column(
            'action', existing_type=sa.String(length=16), type_=sa.String(length=10),
            existing_nullable=False,
        )
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_game_rematch_of_game'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('uq_game_rematch_token'), type_='unique')
        batch_op.drop_column('rematch_token')
        batch_op.drop_column('rematch_of')
        batch_op.drop_column('deleted_at')
        batch_op.drop_column('abandoned_at')
