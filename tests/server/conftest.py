"""A real server for the tests: ``bureau serve`` in a subprocess on a free loopback port,
with its own SQLite file, and small HTTP clients that log in as players."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``bureau serve`` running on ``url``; ``stop``/``kill``/``start`` for restart tests."""

    def __init__(self, folder: Path, db: str | None = None, redis: str | None = None):
        self.folder = folder
        self.db = db or str(folder / "bureau.sqlite3")
        self.redis = redis
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Server:
        args = [sys.executable, "-m", "bureau", "serve", "--db", self.db, "--port", str(self.port)]
        if self.redis:
            args += ["--redis", self.redis]
        log = open(self.folder / f"server-{self.port}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(args, stdout=log, stderr=log, cwd=self.folder)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                httpx.get(self.url + "/api/games", timeout=1)
                return self
            except httpx.HTTPError:
                if self.proc.poll() is not None:
                    log = (self.folder / f"server-{self.port}.log").read_text()
                    raise RuntimeError(log) from None
                time.sleep(0.1)
        raise RuntimeError("the server did not come up")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


class Player:
    """An account logged in with a bearer token."""

    def __init__(self, server: Server, name: str, password: str = "password123"):
        self.name = name
        self.http = httpx.Client(base_url=server.url, timeout=30)
        r = self.http.post("/api/accounts", json={"name": name, "password": password})
        assert r.status_code in (201, 409), r.text
        r = self.http.post("/api/login", json={"name": name, "password": password, "bearer": True})
        assert r.status_code == 200, r.text
        self.http.headers["Authorization"] = f"Bearer {r.json()['token']}"

    def get(self, path: str, **kw):
        return self.http.get(path, **kw)

    def post(self, path: str, body: dict | None = None):
        return self.http.post(path, json=body or {})

    def ok(self, method: str, path: str, body: dict | None = None) -> dict:
        r = self.post(path, body) if method == "POST" else self.get(path)
        assert r.status_code in (200, 201), (path, r.status_code, r.text)
        return r.json()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path).start()
    yield s
    s.stop()


@pytest.fixture
def players(server):
    made = []

    def make(name: str) -> Player:
        p = Player(server, name)
        made.append(p)
        return p

    yield make
    for p in made:
        p.http.close()
