"""Turn notices: each account's notice settings, its browsers' push subscriptions, the turns
already notified, and the server's VAPID key pair.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_settings",
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("email", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("wait_minutes", sa.Integer(), nullable=True),
        sa.Column("language", sa.String(8), nullable=True),
        sa.Column("unsubscribe_token", sa.String(64), nullable=False, unique=True),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("endpoint", sa.String(2048), nullable=False),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_push_subscriptions_account_id", "push_subscriptions", ["account_id"])
    op.create_table(
        "sent_notices",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "vapid_keys",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("private_pem", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("vapid_keys")
    op.drop_table("sent_notices")
    op.drop_index("ix_push_subscriptions_account_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("notice_settings")
