"""Open tables: a table its creator lists in the lobby, for anyone to take a free seat.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN, as in 0003: a batch operation would copy the table.
    op.add_column(
        "tables", sa.Column("open", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("open")
