"""Garbage collection on the server's schedule (``bureau.server.collector``): the request
path makes no reference cycles, so turning Python's automatic collector off loses no
memory there; and the collector collects what rarer paths leave once the server is
idle."""

from __future__ import annotations

import asyncio
import gc
import json
from collections import Counter

import pytest

from bureau.engine import Match
from bureau.server import build
from bureau.server.collector import Collector

NAMES = ["Ann", "Ben", "Cat"]
PASSWORD = "password123"


class Client:
    """Calls the ASGI app directly, in this event loop: no HTTP client whose own objects
    would count."""

    def __init__(self, app):
        self.app = app

    async def call(self, method: str, path: str, body=None, token: str | None = None):
        raw = json.dumps(body).encode() if body is not None else b""
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(raw))]
        if token:
            headers.append((b"authorization", f"Bearer {token}".encode()))
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": b"", "root_path": "", "headers": headers,
            "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80),
        }  # fmt: skip
        messages = [{"type": "http.request", "body": raw, "more_body": False}]

        async def receive():
            return messages.pop() if messages else {"type": "http.disconnect"}

        out: dict = {"body": b""}

        async def send(message):
            if message["type"] == "http.response.start":
                out["status"] = message["status"]
            else:
                out["body"] += message.get("body", b"")

        await self.app(scope, receive, send)
        return out["status"], json.loads(out["body"] or b"null")


async def with_app(tmp_path, play):
    """``play(client)`` against the app on a fresh SQLite file, with its lifespan."""
    app = build(str(tmp_path / "bureau.sqlite3"), workers=False, allow_fixtures=True)
    inbox: asyncio.Queue = asyncio.Queue()
    started = asyncio.Event()

    async def send(message):
        if message["type"] == "lifespan.startup.complete":
            started.set()

    life = asyncio.create_task(
        app({"type": "lifespan", "asgi": {"version": "3.0"}}, inbox.get, send)
    )
    await inbox.put({"type": "lifespan.startup"})
    await started.wait()
    try:
        return await play(Client(app), app)
    finally:
        await inbox.put({"type": "lifespan.shutdown"})
        await life


async def a_started_game(c: Client) -> tuple[int, list[str]]:
    tokens = []
    for name in NAMES:
        status, _ = await c.call("POST", "/api/accounts", {"name": name, "password": PASSWORD})
        assert status == 201
        body = {"name": name, "password": PASSWORD, "bearer": True}
        status, out = await c.call("POST", "/api/login", body)
        assert status == 200
        tokens.append(out["token"])
    status, game = await c.call(
        "POST", "/api/games", {"game": "nobility", "players": 3, "seed": 4}, tokens[0]
    )
    assert status == 201, game
    gid = game["id"]
    for seat, token in enumerate(tokens):
        body = {"invite": game["invite"], "seat": seat}
        status, out = await c.call("POST", f"/api/games/{gid}/join", body, token)
        assert status == 200, out
    status, out = await c.call("POST", f"/api/games/{gid}/start", {}, tokens[0])
    assert status == 200, out
    return gid, tokens


def test_submissions_and_reads_make_no_reference_cycles(tmp_path):
    # The same game, played locally, says what to submit.
    script = []
    m = Match("nobility", NAMES, 4, {})
    while len(script) < 60:
        seat = m.pending()[0]
        text = str(m.game.legal_actions(m.state, seat)[0])
        m.play(seat, text)
        script.append((seat, text))

    async def play(c: Client, app):
        gid, tokens = await a_started_game(c)

        async def submit(k: int) -> None:
            seat, text = script[k]
            body = {"action": text, "key": f"k{k}"}
            status, out = await c.call("POST", f"/api/games/{gid}/actions", body, tokens[seat])
            assert status == 200, out
            status, _ = await c.call("GET", f"/api/games/{gid}/view", token=tokens[seat])
            assert status == 200

        for k in range(10):  # the first of each kind: caches, compiled statements
            await submit(k)
        gc.collect()
        gc.disable()
        gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds stays in gc.garbage
        try:
            for k in range(10, len(script)):
                await submit(k)
            found = gc.collect()
            kinds = Counter(type(o).__name__ for o in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
        assert found == 0, f"{len(script) - 10} submissions left cycles: {kinds.most_common(8)}"

    asyncio.run(with_app(tmp_path, play))


def test_the_collector_collects_once_the_server_is_idle(tmp_path):
    async def play(c: Client, app):
        collector: Collector = app.state.collector
        collector.idle, collector.floor, collector.period = 0.2, 1, 0.05
        gc.disable()  # as ``bureau serve`` runs (``tune``): the collector's loop runs
        try:
            task = asyncio.create_task(collector.run())
            await a_started_game(c)  # logins and a new game: the ORM leaves cycles
            before = collector.collections
            for _ in range(200):
                if collector.collections > before:
                    break
                await asyncio.sleep(0.02)
            assert collector.collections > before, "nothing collected while idle"
            assert gc.get_count()[0] < collector.floor + 1000
        finally:
            gc.enable()
        await asyncio.wait_for(task, 1)  # with the automatic collector back, it stops

    asyncio.run(with_app(tmp_path, play))


@pytest.mark.parametrize(
    ("young", "quiet", "due"),
    [(5, 10.0, False), (50, 0.1, False), (50, 2.0, True), (500, 0.0, True)],
)
def test_when_a_collection_is_due(young, quiet, due):
    c = Collector(idle=1.0, floor=10, ceiling=500)
    assert c.due(young, c.last_request + quiet) is due
