"""Alembic migrations of Bureau's server database (run on start by ``upgrade``)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent


def config(connection=None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema (idempotent)."""
    with engine.begin() as connection:
        command.upgrade(config(connection), "head")
