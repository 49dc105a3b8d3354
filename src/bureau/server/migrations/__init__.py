"""Alembic migrations of Bureau's server database (run on start by ``upgrade``)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent
MIGRATION_LOCK = 7_771_001  # any constant, the same in every process


def config(connection=None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema (idempotent). On PostgreSQL an advisory
    lock makes processes starting together migrate one after the other."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        command.upgrade(config(connection), "head")
