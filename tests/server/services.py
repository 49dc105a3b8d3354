"""Real PostgreSQL and Redis for the server's scale tests, on loopback and free ports.

``postgres`` and ``redis_url`` are session fixtures: one throwaway PostgreSQL cluster
(``initdb`` into a temporary folder, started with ``pg_ctl``) and one ``redis-server``
without persistence, both torn down after the session. ``database`` hands each test a
fresh, empty database on that cluster. A missing binary FAILS the tests: CI installs
PostgreSQL and Redis (``apt-get install postgresql redis-server``), so a skip would
only hide that the tests never ran.

As root (a container), ``initdb`` and ``postgres`` refuse to run: they run as the
``postgres`` system user instead, in a folder that user owns.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from .conftest import free_port

SUPERUSER = "bureau"
PG_SETTINGS = {
    # a throwaway cluster: speed over durability
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "shared_buffers": "32MB",  # xdist may start one cluster per worker
    # two servers with pools of up to 30 connections each, plus the tests' own
    "max_connections": "200",
}


def missing(what: str) -> None:
    pytest.fail(
        f"{what}; the server scale tests need real PostgreSQL and Redis "
        "(Debian: apt-get install postgresql redis-server)",
        pytrace=False,
    )


def pg_bindir() -> Path:
    """The folder of ``initdb``/``pg_ctl``: the newest ``/usr/lib/postgresql/*/bin``,
    else ``pg_config --bindir``, else the ``PATH``."""

    def version(path: str) -> tuple:
        part = Path(path).parent.name
        return tuple(int(x) for x in part.split(".") if x.isdigit())

    for found in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True):
        if (Path(found) / "initdb").exists() and (Path(found) / "pg_ctl").exists():
            return Path(found)
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True)
        found = Path(out.stdout.strip())
        if (found / "initdb").exists() and (found / "pg_ctl").exists():
            return found
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    missing("PostgreSQL's initdb and pg_ctl were not found")
    raise AssertionError  # unreachable: pytest.fail raises


class Postgres:
    """A private PostgreSQL cluster listening on ``127.0.0.1:port`` (trust auth)."""

    def __init__(self) -> None:
        self.bindir = pg_bindir()
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0
        # Not under pytest's tmp_path: that is 0700 root-owned when running as root,
        # and the postgres user must be able to reach its data folder.
        self.base = Path(tempfile.mkdtemp(prefix="bureau-pg-"))
        self.data = self.base / "data"
        self.log = self.base / "postgres.log"
        self.started = False
        if self.as_postgres:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                missing("running as root, but there is no 'postgres' system user to run initdb")
            os.chown(self.base, user.pw_uid, user.pw_gid)
        self.base.chmod(0o700)

    def run(self, *args: str) -> subprocess.CompletedProcess:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        if self.as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=self.base, check=False)
        if out.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{out.stdout}\n{out.stderr}\n{log}")
        return out

    def start(self) -> Postgres:
        self.run(
            "initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
            "--encoding=UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        options = " ".join(
            [
                "-c listen_addresses=127.0.0.1",
                f"-c port={self.port}",
                f"-c unix_socket_directories={self.base}",
                *(f"-c {k}={v}" for k, v in PG_SETTINGS.items()),
            ]
        )
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                 "-t", "60", "start")  # fmt: skip
        self.started = True
        return self

    def stop(self) -> None:
        if self.started:
            with contextlib.suppress(RuntimeError):
                self.run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.base, ignore_errors=True)

    def url(self, dbname: str = "postgres") -> str:
        """A ``postgresql://`` URL as ``bureau serve --db`` takes it."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{dbname}"

    def connect(self, dbname: str = "postgres", **kw) -> psycopg.Connection:
        return psycopg.connect(self.url(dbname), **kw)

    def create_database(self, dbname: str) -> str:
        with self.connect(autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{dbname}"')
        return self.url(dbname)


class Redis:
    """``redis-server`` on ``127.0.0.1:port``, in memory only."""

    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server") or (
            "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
        )
        if binary is None:
            missing("redis-server was not found")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Redis:
        log = open(self.folder / "redis.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--protected-mode", "yes"],
            stdout=log, stderr=log, cwd=self.folder,
        )  # fmt: skip
        import redis

        client = redis.Redis.from_url(self.url)
        deadline = time.time() + 20
        try:
            while True:
                try:
                    client.ping()
                    return self
                except redis.exceptions.ConnectionError:
                    if self.proc.poll() is not None or time.time() > deadline:
                        self.stop()
                        text = (self.folder / "redis.log").read_text(errors="replace")
                        raise RuntimeError(f"redis-server did not come up:\n{text}") from None
                    time.sleep(0.05)
        finally:
            client.close()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    pg = Postgres()
    try:
        yield pg.start()
    finally:
        pg.stop()


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory) -> Iterator[str]:
    r = Redis(tmp_path_factory.mktemp("redis"))
    try:
        yield r.start().url
    finally:
        r.stop()


_names = itertools.count(1)


@pytest.fixture
def database(postgres) -> str:
    """A fresh empty database for one test: its ``postgresql://`` URL."""
    return postgres.create_database(f"bureau_test_{os.getpid()}_{next(_names)}")
