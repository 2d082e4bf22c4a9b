"""Optional accounts: the accounts, their browsers' sessions, password resets, the seats an
account claimed and the seat cookies of its other browsers.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(128), nullable=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_password_resets_account_id", "password_resets", ["account_id"])
    op.create_table(
        "seat_devices",
        sa.Column("session_hash", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
    )
    op.create_index("ix_seat_devices_table", "seat_devices", ["table_id", "seat"])
    # A plain ADD COLUMN, as in 0003, without a reference: SQLite cannot add a constraint to
    # a table without copying it, which fails while the moves refer to the tables.
    op.add_column("seats", sa.Column("account_id", sa.Integer(), nullable=True))
    op.create_index("ix_seats_account", "seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_account", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
    op.drop_table("seat_devices")
    op.drop_table("password_resets")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
