"""Throwaway PostgreSQL, Redis and ``bureau serve`` processes on loopback, for the tests,
the benchmarks, and for trying several server processes on one machine.

``Postgres`` runs ``initdb`` into a temporary folder and starts a private cluster on
``127.0.0.1`` and a free port (trust authentication); ``Redis`` starts ``redis-server``
in memory only. As root (a container), ``initdb`` and ``postgres`` refuse to run: they
run as the ``postgres`` system user instead, in a folder that user owns. A missing
binary raises ``Missing`` naming the Debian packages (``postgresql``, ``redis-server``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SUPERUSER = "bureau"
# A throwaway cluster for tests: speed over durability. ``durable=True`` keeps
# PostgreSQL's own defaults (fsync and synchronous commits on), for benchmarks.
FAST = {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}
COMMON = {"shared_buffers": "32MB", "max_connections": "200"}


class Missing(RuntimeError):
    """A binary PostgreSQL or Redis needs is not installed."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pinned(cmd: list[str], core: int | None) -> list[str]:
    """``cmd`` run on one CPU core (``taskset``) when ``core`` is given and possible."""
    if core is None or shutil.which("taskset") is None:
        return cmd
    return ["taskset", "-c", str(core), *cmd]


def pg_bindir() -> Path:
    """The folder of ``initdb``/``pg_ctl``: the newest ``/usr/lib/postgresql/*/bin``,
    else ``pg_config --bindir``, else the ``PATH``."""

    def version(path: str) -> tuple:
        return tuple(int(x) for x in Path(path).parent.name.split(".") if x.isdigit())

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
    raise Missing("PostgreSQL's initdb and pg_ctl were not found (apt-get install postgresql)")


class Postgres:
    """A private PostgreSQL cluster listening on ``127.0.0.1:port``."""

    def __init__(self, durable: bool = False, core: int | None = None) -> None:
        self.bindir = pg_bindir()
        self.durable, self.core = durable, core
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0
        # Not under a root-owned 0700 folder (pytest's tmp_path as root): the postgres
        # user must reach its data folder.
        self.base = Path(tempfile.mkdtemp(prefix="bureau-pg-"))
        self.data = self.base / "data"
        self.log = self.base / "postgres.log"
        self.started = False
        if self.as_postgres:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                raise Missing("running as root, but there is no 'postgres' user") from None
            os.chown(self.base, user.pw_uid, user.pw_gid)
        self.base.chmod(0o700)

    def run(self, *args: str) -> subprocess.CompletedProcess:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        if self.as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        out = subprocess.run(
            pinned(cmd, self.core), capture_output=True, text=True, cwd=self.base, check=False
        )
        if out.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{out.stdout}\n{out.stderr}\n{log}")
        return out

    def start(self) -> Postgres:
        self.run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                 "--encoding=UTF8", "--locale=C", "--no-sync")  # fmt: skip
        settings = COMMON if self.durable else {**FAST, **COMMON}
        options = " ".join(
            [
                "-c listen_addresses=127.0.0.1",
                f"-c port={self.port}",
                f"-c unix_socket_directories={self.base}",
                *(f"-c {k}={v}" for k, v in settings.items()),
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

    def connect(self, dbname: str = "postgres", **kw):
        import psycopg

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
            raise Missing("redis-server was not found (apt-get install redis-server)")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Redis:
        import redis

        log = open(self.folder / "redis.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--protected-mode", "yes"],
            stdout=log, stderr=log, cwd=self.folder,
        )  # fmt: skip
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


class ServerProcess:
    """``bureau serve`` in a subprocess on a free loopback port (its own SQLite file in
    ``folder`` unless ``db`` says otherwise), optionally pinned to one core; ``start``,
    ``stop`` and ``kill`` (SIGKILL) for restart tests. ``command`` replaces the usual one
    (it gets the database and the port as its last two arguments); ``allow_fixtures``
    starts it with ``--allow-fixtures`` (tests that set up exact deals); ``args`` are
    more options of ``bureau serve`` (``--smtp URL``)."""

    def __init__(self, folder: Path, db: str | None = None, redis: str | None = None,
                 core: int | None = None, command: list[str] | None = None,
                 allow_fixtures: bool = False, args: tuple[str, ...] = ()):  # fmt: skip
        self.folder, self.redis, self.core, self.command = folder, redis, core, command
        self.allow_fixtures, self.args = allow_fixtures, tuple(args)
        self.db = db or str(folder / "bureau.sqlite3")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.logfile = folder / f"server-{self.port}.log"
        self.proc: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> ServerProcess:
        import httpx

        if self.command is not None:
            cmd = [*self.command, self.db, str(self.port)]
        else:
            cmd = [sys.executable, "-m", "bureau", "serve", "--db", self.db, "--port",
                   str(self.port), *(["--redis", self.redis] if self.redis else []),
                   *(["--allow-fixtures"] if self.allow_fixtures else []), *self.args]  # fmt: skip
        log = open(self.logfile, "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            pinned(cmd, self.core), stdout=log, stderr=log, cwd=self.folder
        )
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                httpx.get(self.url + "/api/games", timeout=1)
                return self
            except httpx.HTTPError:
                if self.proc.poll() is not None:
                    raise RuntimeError(self.logfile.read_text()) from None
                time.sleep(0.1)
        raise RuntimeError("the server did not come up")

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid  # taskset execs the server: the same process

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
