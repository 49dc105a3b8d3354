"""Real PostgreSQL and Redis for the server's scale tests, on loopback and free ports.

``postgres`` and ``redis_url`` are session fixtures: one throwaway PostgreSQL cluster
(``initdb`` into a temporary folder, started with ``pg_ctl``) and one ``redis-server``
without persistence, both torn down after the session. ``database`` hands each test a
fresh, empty database on that cluster. A missing binary FAILS the tests: ``./run test``
installs PostgreSQL and Redis (``apt-get install postgresql redis-server``), so a skip
would only hide that the tests never ran.

The services themselves are ``bureau.server.localservices`` (shared with the
benchmarks).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest

from bureau.server.localservices import Missing, Postgres, Redis


def missing(exc: Missing) -> None:
    pytest.fail(
        f"{exc}; the server scale tests need real PostgreSQL and Redis "
        "(./run test installs them; Debian: apt-get install postgresql redis-server)",
        pytrace=False,
    )


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    try:
        pg = Postgres()
    except Missing as exc:
        missing(exc)
    try:
        yield pg.start()
    finally:
        pg.stop()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory) -> Iterator[str]:
    try:
        r = Redis(tmp_path_factory.mktemp("redis"))
    except Missing as exc:
        missing(exc)
    try:
        yield r.start().url
    finally:
        r.stop()


_names = itertools.count(1)


@pytest.fixture
def database(postgres) -> str:
    """A fresh empty database for one test: its ``postgresql://`` URL."""
    return postgres.create_database(f"bureau_test_{os.getpid()}_{next(_names)}")
