"""Fair seeds: a seed of any width (kept as text), the commitment's salt, what an
arranged table's host chose, and each action's receipt nonce.

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
    with op.batch_alter_table("games") as batch:
        batch.alter_column(
            "seed", type_=sa.String(80), existing_type=sa.Integer, existing_nullable=False,
            postgresql_using="seed::text",
        )  # fmt: skip
        batch.add_column(sa.Column("salt", sa.String(64), nullable=True))
        batch.add_column(sa.Column("arranged", sa.JSON, nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("nonce", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("nonce")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("arranged")
        batch.drop_column("salt")
        batch.alter_column(
            "seed", type_=sa.Integer, existing_type=sa.String(80), existing_nullable=False,
            postgresql_using="seed::integer",
        )  # fmt: skip
