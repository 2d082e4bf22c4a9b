"""A table's chat, and whether its spectators read it.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (SQLite has it for a column with a default): a batch operation would
    # copy the table, and dropping the old copy fails while seats and moves refer to it.
    op.add_column(
        "tables",
        sa.Column("spectators_read_chat", sa.Boolean(), nullable=False, server_default=sa.true()),
    )
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("spectators_read_chat")
