"""Notifications: an account's e-mail address and choices, the outbox of mails (one per
cause), and the server's shared settings (the key that signs unsubscribe links).

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
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(sa.Column("notify", sa.JSON, nullable=True))
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("cause", sa.String(200), nullable=False, unique=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("game_id", sa.Integer, nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("not_before", sa.Float, nullable=False, index=True),
        sa.Column("claimed_by", sa.String(40), nullable=True),
        sa.Column("claimed_at", sa.Float, nullable=True),
        sa.Column("sent_at", sa.Float, nullable=True, index=True),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("outcome", sa.String(200), nullable=True),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("settings")
    op.drop_table("outbox")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("notify")
        batch.drop_column("email")
