"""Tutorial tables: a table that is its game's guided first game ("Learn to play").

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, as in 0003 and 0004: a batch operation would copy the table.
    op.add_column(
        "tables", sa.Column("tutorial", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("tutorial")
