"""A real server for the tests: ``bureau serve`` in a subprocess on a free loopback port,
with its own SQLite file, and small HTTP clients that log in as players."""

from __future__ import annotations

import time

import httpx
import pytest

from bureau.server.localservices import ServerProcess


def wait_for(predicate, seconds: float = 20.0, what: str = "the condition"):
    """``predicate()``'s first truthy answer, asked until ``seconds`` pass."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        out = predicate()
        if out:
            return out
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what}")


class Server(ServerProcess):
    """``bureau serve`` for one test: ``stop``/``kill``/``start`` for restart tests. It
    allows arranged tables (a chosen seed, fixtures) unless told not to: most tests
    compare the server's games with the same deals played locally."""

    def __init__(self, folder, *args, allow_fixtures: bool = True, **kwargs):
        super().__init__(folder, *args, allow_fixtures=allow_fixtures, **kwargs)

    def start(self, timeout: float = 30) -> Server:
        super().start(timeout)
        return self


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
def hosted(tmp_path):
    """A server as ``bureau serve`` runs by default: no arranged tables."""
    s = Server(tmp_path, allow_fixtures=False).start()
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
