"""The server as it runs at scale: PostgreSQL for storage, Redis between processes.

Two ``bureau serve`` processes share one PostgreSQL database and one Redis (real ones,
started by ``services``): whole games on PostgreSQL, a move on one process reaching a
WebSocket client of the other, concurrent submissions through both processes
serialized into one gapless log, and deadlines timed out once rather than once per
process.
"""

from __future__ import annotations

import copy
import json
import random
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from websockets.sync.client import connect

from bureau.engine import Match

from .conftest import Player, Server
from .services import Postgres, postgres, redis_url  # noqa: F401  (fixtures)

# One PostgreSQL, one Redis and two servers per xdist worker: with ``--dist loadgroup``
# the whole file shares one worker (and one set of them).
pytestmark = pytest.mark.xdist_group("postgres")

# -- the cluster ---------------------------------------------------------------------------


class Cluster:
    """Two server processes (``a`` and ``b``) on one database and one Redis, and four
    accounts logged in once on ``a``; ``on`` gives a player's client for either
    process, with the same bearer token."""

    def __init__(self, pg: Postgres, db: str, a: Server, b: Server):
        self.pg, self.db, self.a, self.b = pg, db, a, b
        self.players = {name: Player(a, name) for name in ("Ann", "Ben", "Cat", "Dan")}
        self.clients: list[Player] = list(self.players.values())

    def on(self, name: str, server: Server, fresh: bool = False) -> Player:
        """``name``'s client for ``server``; ``fresh``: a connection of its own."""
        p = self.players[name]
        if server is self.a and not fresh:
            return p
        other = copy.copy(p)
        other.http = httpx.Client(base_url=server.url, timeout=30, headers=dict(p.http.headers))
        self.clients.append(other)
        return other

    def sql(self, query: str, *args) -> list[tuple]:
        with self.pg.connect(self.db.rsplit("/", 1)[1]) as c:
            return c.execute(query, args).fetchall()

    def log(self, gid: int) -> list[tuple]:
        """The game's action log: (seq, seat, text, at, key) by seq."""
        return self.sql(
            "SELECT seq, seat, text, at, key FROM actions WHERE game_id = %s ORDER BY seq", gid
        )

    def replay(self, gid: int, upto: int | None = None) -> Match:
        """The game rebuilt from the database alone, each logged action checked again."""
        started = "started_at" if self._has_started_at() else "NULL"
        ((game, seed, options, started),) = self.sql(
            f"SELECT game, seed, options, {started} FROM games WHERE id = %s", gid
        )
        names = [n for (n,) in self.sql(
            "SELECT name FROM seats WHERE game_id = %s ORDER BY seat", gid)]  # fmt: skip
        options = json.loads(options) if isinstance(options, str) else options
        m = Match(game, names, int(seed), options)  # the seed is kept as its digits
        if started is not None:
            m.begin(started)
        for seq, seat, text, at, _key in self.log(gid)[:upto]:
            try:
                m.play(seat, text, at)
            except Exception as exc:
                raise AssertionError(
                    f"action {seq} ({seat}: {text!r}) does not replay: {exc}"
                ) from None
        return m

    def _has_started_at(self) -> bool:
        return bool(self.sql(
            "SELECT 1 FROM information_schema.columns "
            "WHERE table_name = 'games' AND column_name = 'started_at'"))  # fmt: skip

    def table(self, game: str, seats: list[str | None], options: dict | None = None,
              seed: int = 1) -> int:  # fmt: skip
        """A started game: named seats for accounts (on process ``a``), None for bots."""
        ann = self.players["Ann"]
        gid = ann.ok("POST", "/api/games", {"game": game, "players": len(seats), "seed": seed,
                                            "options": options or {}})["id"]  # fmt: skip
        invite = ann.ok("GET", f"/api/games/{gid}")["invite"]
        for seat, name in enumerate(seats):
            if name is None:
                ann.ok("POST", f"/api/games/{gid}/bots", {"seat": seat, "bot": "random"})
            else:
                self.players[name].ok("POST", f"/api/games/{gid}/join",
                                      {"invite": invite, "seat": seat})  # fmt: skip
        assert ann.ok("POST", f"/api/games/{gid}/start")["status"] == "running"
        return gid

    def close(self) -> None:
        for p in self.clients:
            p.http.close()


@pytest.fixture(scope="module")
def cluster(postgres, redis_url, tmp_path_factory):  # noqa: F811
    db = postgres.create_database(f"bureau_scale_{random.randrange(1 << 30)}")
    folder = tmp_path_factory.mktemp("scale")
    a, b = Server(folder, db=db, redis=redis_url), Server(folder, db=db, redis=redis_url)
    try:
        # One after the other: processes migrating an empty database at the same moment
        # race in Alembic (a duplicate alembic_version; see the report of these tests).
        a.start()
        b.start()
        c = Cluster(postgres, db, a, b)
        yield c
        c.close()
    finally:
        a.stop()
        b.stop()


def bare(key: str | None, seat: int) -> str | None:
    """An idempotency key as its client sent it: the service may store keys per seat,
    as ``SEAT:KEY``."""
    prefix = f"{seat}:"
    return key[len(prefix) :] if key and key.startswith(prefix) else key


class Replica:
    """A game rebuilt from the database, caught up with the log on demand."""

    def __init__(self, cluster: Cluster, gid: int):
        self.cluster, self.gid = cluster, gid
        self.match = cluster.replay(gid, upto=0)
        self.seq = 0
        self.db = cluster.pg.connect(cluster.db.rsplit("/", 1)[1], autocommit=True)

    def legal(self, seat: int) -> list:
        for seq, who, text, at in self.db.execute(
            "SELECT seq, seat, text, at FROM actions WHERE game_id = %s AND seq > %s "
            "ORDER BY seq", (self.gid, self.seq),
        ):  # fmt: skip
            self.match.play(who, text, at)
            self.seq = seq
        m = self.match
        if m.outcome() is not None or seat not in m.pending():
            return []
        return m.game.legal_actions(m.state, seat)


def read(p: Player, path: str) -> dict:
    r = p.get(path)
    assert r.status_code == 200, (path, r.status_code, r.text)
    return r.json()


def play_out(gid: int, seats: dict[int, tuple[Player, Player]], limit: float = 60) -> dict:
    """Each seat of ``seats`` (its client to read with, and its client to act with)
    plays its first legal action until the game ends; bots take the other seats' turns
    in the background, on the process the actions go to.

    Reads go to the other process, which catches up from the shared log (reads on the
    process where the bots move are ``test_reads_while_bots_play_on_the_same_process``)."""
    anyone = next(iter(seats.values()))[0]
    deadline = time.time() + limit
    while time.time() < deadline:
        view = read(anyone, f"/api/games/{gid}/view")
        if view["outcome"] is not None:
            return view
        moved = False
        for seat in view["pending"]:
            if seat in seats:
                reader, actor = seats[seat]
                legal = read(reader, f"/api/games/{gid}/legal")["actions"]
                if legal:
                    actor.ok("POST", f"/api/games/{gid}/actions", {"action": legal[0]})
                    moved = True
                    break
        if not moved:
            time.sleep(0.02)  # a bot's turn
    raise AssertionError(f"game {gid} did not end within {limit} s")


# -- 1. whole games on PostgreSQL ------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("aristocracy", 4, {"max_years": 2}),
        ("nobility", 3, {"max_turns": 20}),
        ("decrees", 4, {}),
        ("seabirds", 3, {"stops": 2}),
    ],
)
def test_a_whole_game_on_postgresql(cluster, game, players, options):
    seats = ["Ann", "Ben"] + [None] * (players - 2)
    gid = cluster.table(game, seats, options, seed=7)
    a, b = cluster.a, cluster.b
    ann, ben = (
        (cluster.on("Ann", b), cluster.on("Ann", a)),
        (cluster.on("Ben", b), cluster.on("Ben", a)),
    )
    final = play_out(gid, {0: ann, 1: ben})
    assert final["outcome"]["ranking"]
    record = ben[0].ok("GET", f"/api/games/{gid}/record")
    log = cluster.log(gid)
    assert [row[0] for row in log] == list(range(1, len(log) + 1))
    assert len(record["actions"]) == len(log)
    assert cluster.sql("SELECT status, version FROM games WHERE id = %s", gid) == [
        ("over", len(log))
    ]
    # the database alone rebuilds the same ending
    assert cluster.replay(gid).outcome().to_json() == final["outcome"]


# -- 2. a move on one process reaches a WebSocket client of the other -------------------------


def test_a_move_on_one_process_reaches_a_websocket_client_of_the_other(cluster):
    gid = cluster.table("aristocracy", ["Ann", "Ben"], seed=3)
    a_side = {0: cluster.on("Ann", cluster.a), 1: cluster.on("Ben", cluster.a)}
    view = a_side[0].ok("GET", f"/api/games/{gid}/view")
    mover = view["pending"][0]
    watcher = 1 - mover
    token = a_side[watcher].http.headers["Authorization"].split()[1]
    # the token both ways: in the Authorization header (scripts) and, as older servers
    # took it, in the URL
    url = f"ws://127.0.0.1:{cluster.b.port}/api/games/{gid}/live?token={token}"
    auth = {"Authorization": f"Bearer {token}"}
    with connect(url, open_timeout=10, additional_headers=auth) as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["view"]["seat"] == watcher, "the WebSocket did not log the watcher in"
        assert first["view"]["pending"] == view["pending"]
        seen = len(first["events"])
        action = a_side[mover].ok("GET", f"/api/games/{gid}/legal")["actions"][0]
        sent = time.time()
        a_side[mover].ok("POST", f"/api/games/{gid}/actions", {"action": action, "key": "ws-1"})
        after = a_side[watcher].ok("GET", f"/api/games/{gid}/view")
        assert after != first["view"]
        pushed = []
        while time.time() < sent + 5:
            try:
                pushed.append(json.loads(ws.recv(timeout=max(0.01, sent + 5 - time.time()))))
            except TimeoutError:
                break
            if pushed[-1]["view"] == after:
                break
        assert pushed, "process B pushed nothing within 5 s of a move on process A"
        assert pushed[-1]["view"] == after, "process B never pushed the view after the move"
        events = [e for msg in pushed for e in msg["events"]]
        assert events, "the push carried no events"
        every = a_side[watcher].ok("GET", f"/api/games/{gid}/events")["events"]
        assert events == every[seen:]


def test_failed_logins_are_counted_across_both_processes(cluster):
    """The login limit is kept in Redis: ten failed guesses from one address, half on each
    process, lock that address out of both; another address can still log in."""

    def client(server: Server, address: str) -> httpx.Client:
        transport = httpx.HTTPTransport(local_address=address)
        return httpx.Client(base_url=server.url, timeout=30, transport=transport)

    def login(c: httpx.Client, password: str) -> httpx.Response:
        return c.post("/api/login", json={"name": "Ann", "password": password})

    guesser = {side: client(getattr(cluster, side), "127.0.0.201") for side in ("a", "b")}
    for k in range(10):
        r = login(guesser["ab"[k % 2]], f"guess {k}")
        assert r.status_code == 401, (k, r.text)
    for side in ("a", "b"):
        r = login(guesser[side], "password123")
        assert r.status_code == 429, (side, r.text)
        assert "token" not in r.text
    elsewhere = client(cluster.b, "127.0.0.202")
    assert login(elsewhere, "password123").status_code == 200
    for c in (*guesser.values(), elsewhere):
        c.close()


# -- 3. concurrent submissions through two processes ---------------------------------------


def test_concurrent_submissions_through_two_processes_are_serialized(cluster):
    """Every seat submits from both processes at once, each submission with its own
    key: the log is gapless, holds each accepted submission exactly once, and nothing
    that was refused; and it replays."""
    names = ["Ann", "Ben", "Cat"]
    gid = cluster.table("nobility", names, seed=11)
    tries = 25  # submissions per thread: the rate limit is 120 per 10 s per account,
    # game and process
    results: list[tuple[str, int, dict]] = []
    lock = threading.Lock()
    go = threading.Barrier(2 * len(names))
    until = time.time() + 6
    replicas: list[Replica] = []

    def hammer(name: str, side: str) -> None:
        # The legal actions come from the log itself (a local replay kept up to date),
        # so the threads only submit: reads have a race of their own (see below).
        p = cluster.on(name, getattr(cluster, side), fresh=True)
        seat = names.index(name)
        replica = Replica(cluster, gid)
        replicas.append(replica)
        go.wait()
        sent = 0
        while sent < tries and time.time() < until and replica.match.outcome() is None:
            actions = [str(a) for a in replica.legal(seat)]
            if not actions:
                time.sleep(0.002)
                continue
            key = f"{name}-{side}-{sent}"
            r = p.post(f"/api/games/{gid}/actions", {"action": actions[0], "key": key})
            sent += 1
            with lock:
                results.append((key, r.status_code, r.json()))

    with ThreadPoolExecutor(2 * len(names)) as pool:
        for f in [pool.submit(hammer, n, s) for n in names for s in ("a", "b")]:
            f.result()

    statuses = Counter(status for _, status, _ in results)
    assert set(statuses) <= {200, 409, 422, 429, 503}, statuses
    accepted = {key: body["action"] for key, status, body in results if status == 200}
    assert len(accepted) >= 30, statuses  # enough to have raced
    assert not any(body.get("repeated") for _, status, body in results if status == 200)
    log = cluster.log(gid)
    assert [row[0] for row in log] == list(range(1, len(log) + 1)), "seq has gaps"
    keys = [bare(key, seat) for _, seat, _, _, key in log]
    assert len(keys) == len(set(keys)), "a key is in the log twice"
    assert set(keys) == set(accepted), "the log and the accepted submissions differ"
    assert {bare(key, seat): text for _, seat, text, _, key in log} == accepted
    assert all(
        seat == names.index(key.split("-")[0]) for key, (_, seat, *_) in zip(keys, log, strict=True)
    )
    assert cluster.sql("SELECT version FROM games WHERE id = %s", gid) == [(len(log),)]
    cluster.replay(gid)


def test_concurrent_reads_while_the_other_process_writes(cluster):
    """Each move goes through process B; right after it, several clients read the game
    from process A at once (A's cache is one action behind). Every read succeeds and
    shows the state the log replays to."""
    names = ["Ann", "Ben", "Cat"]
    gid = cluster.table("nobility", names, seed=12)
    b_side = {seat: cluster.on(name, cluster.b) for seat, name in enumerate(names)}
    readers = [cluster.on("Ann", cluster.a, fresh=True) for _ in range(8)]
    go = threading.Barrier(len(readers))

    def read_view(p: Player) -> tuple[int, dict | str]:
        go.wait()
        try:
            r = p.get(f"/api/games/{gid}/view")
        except httpx.HTTPError as exc:
            return 0, repr(exc)
        return r.status_code, r.json() if r.status_code == 200 else r.text

    with ThreadPoolExecutor(len(readers)) as pool:
        for i in range(20):
            view = b_side[0].ok("GET", f"/api/games/{gid}/view")
            if view["outcome"] is not None:
                break
            seat = view["pending"][0]
            action = b_side[seat].ok("GET", f"/api/games/{gid}/legal")["actions"][0]
            b_side[seat].ok("POST", f"/api/games/{gid}/actions", {"action": action, "key": f"r{i}"})
            want = json.loads(json.dumps(cluster.replay(gid).view(0)))
            for status, body in pool.map(read_view, readers):
                assert status == 200, f"a read after move {i + 1} failed: {status} {body}"
                assert body["view"] == want, f"a read after move {i + 1} shows another state"


# -- 4. deadlines with two processes ---------------------------------------------------------


def test_a_passed_deadline_times_out_each_waiting_seat_once(cluster):
    """Nobody acts: at the first deadline each waiting seat gets one timeout action,
    not one per process; the next decision's clock starts afresh."""
    seconds = 4
    names = ["Ann", "Ben", "Cat"]
    gid = cluster.table("aristocracy", names, {"decision_seconds": seconds}, seed=5)
    view = cluster.players["Ann"].ok("GET", f"/api/games/{gid}/view")
    waiting = set(view["pending"])
    deadline = view.get("deadline")
    assert deadline is not None, "the first decision of a timed game has no deadline"
    assert deadline > time.time()
    # the timeouts land within a tick or two; the next clock runs `seconds` from them
    while time.time() < deadline + 2.5:
        time.sleep(0.1)
    log = cluster.log(gid)
    assert log, "no timeout action 2.5 s after the deadline"
    assert all((bare(key, seat) or "").startswith("timeout:") for _, seat, *_, key in log), log
    seats = Counter(seat for _, seat, *_ in log)
    assert seats == Counter(waiting), f"waiting {waiting}, timed out {seats}: {log}"
    assert all(at >= deadline for _, _, _, at, _ in log), "a timeout came early"
    m = cluster.replay(gid)
    later = m.game.deadline(m.state)
    assert later is not None and later >= max(at for _, _, _, at, _ in log) + seconds - 0.001


def test_deadlines_keep_one_timeout_per_decision_over_many_decisions(cluster):
    """A game left to its clocks for a while, both processes watching: each decision
    is timed out once per waiting seat, never early (checked by replaying the log)."""
    gid = cluster.table("aristocracy", ["Ann", "Ben"], {"decision_seconds": 1}, seed=6)
    time.sleep(6)
    log = cluster.log(gid)
    assert len(log) >= 3, log
    seen: Counter = Counter()
    for i, (seq, seat, text, at, key) in enumerate(log):
        m = cluster.replay(gid, upto=i)  # the state the action was taken in
        due = m.game.deadline(m.state)
        assert (bare(key, seat) or "").startswith("timeout:"), key
        assert seat in m.pending(), f"action {seq} ({text}) for a seat not waiting"
        assert due is not None and at >= due, f"action {seq} came before its deadline"
        seen[(due, seat)] += 1
    assert max(seen.values()) == 1, f"a seat timed out twice at one deadline: {seen}"


def test_reads_while_bots_play_on_the_same_process(cluster):
    """Bots play a whole game on process A while clients keep reading it there: every
    read succeeds."""
    gid = cluster.table("nobility", [None, None, None], {"max_turns": 60}, seed=13)
    readers = [cluster.on("Ann", cluster.a, fresh=True) for _ in range(6)]
    until = time.time() + 20
    failed = threading.Event()

    def keep_reading(p: Player) -> Counter:
        seen: Counter = Counter()
        while time.time() < until and not failed.is_set():
            try:
                r = p.get(f"/api/games/{gid}/view")
            except httpx.HTTPError as exc:
                seen[repr(exc)] += 1
                failed.set()
                break
            seen[r.status_code] += 1
            if r.status_code != 200:
                failed.set()
            elif r.json()["outcome"] is not None:
                break
        return seen

    with ThreadPoolExecutor(len(readers)) as pool:
        statuses = sum(pool.map(keep_reading, readers), Counter())
    assert set(statuses) == {200}, statuses
