"""imports queued as jobs, worked off outside the request

Revision ID: 9d4e2b7c5a13
Revises: 3c9e1f7a2b64
Create Date: 2026-12-06 09:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9d4e2b7c5a13'
down_revision = '3c9e1f7a2b64'
branch_labels = None
depends_on = None


def upgrade():
    # A new table only: an upload waits here, with its file, until a worker has stored its
    # games; `done` moves on in the transaction that stores them, so none is stored twice.
    op.create_table('import_job',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('filename', sa.String(length=200), nullable=False),
    sa.Column('state', sa.String(length=12), nullable=False),
    sa.Column('data', sa.LargeBinary(), nullable=True),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('lines', sa.Integer(), nullable=True),
    sa.Column('done', sa.Integer(), nullable=False),
    sa.Column('stored', sa.Integer(), nullable=False),
    sa.Column('known', sa.Integer(), nullable=False),
    sa.Column('refused', sa.Integer(), nullable=False),
    sa.Column('refusals', sa.JSON(), nullable=False),
    sa.Column('reason', sa.JSON(), nullable=True),
    sa.Column('lease_token', sa.String(length=32), nullable=True),
    sa.Column('lease_until', sa.DateTime(), nullable=True),
    sa.Column('tries', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('finished_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['owner_id'], ['account.id'], name=op.f('fk_import_job_owner_id_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_import_job'))
    )
    with op.batch_alter_table('import_job', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_import_job_owner_id'), ['owner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_import_job_state'), ['state'], unique=False)


def downgrade():
    with op.batch_alter_table('import_job', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_import_job_state'))
        batch_op.drop_index(batch_op.f('ix_import_job_owner_id'))

    op.drop_table('import_job')
