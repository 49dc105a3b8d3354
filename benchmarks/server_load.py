"""Durable actions per second, and their latency, through the real game server.

    python benchmarks/server_load.py                       # SQLite; 1, 50, 200 games; 10 s each
    python benchmarks/server_load.py --games 200 --rate 2000   # 2,000 actions/s offered
    python benchmarks/server_load.py --db postgresql --games 200 --seconds 10 --json
    python benchmarks/server_load.py --workload noblesse --games 50 --clients 50

For each game count it starts ``bureau serve`` itself, as a subprocess pinned to one
core (``taskset -c 0``) on a free loopback port, with a fresh database: a new SQLite
file, or a new database on a throwaway PostgreSQL cluster (``initdb``/``pg_ctl`` into a
temporary folder, as the ``postgres`` user when run as root, pinned to the server's
core too, with PostgreSQL's durable defaults: ``fsync`` and ``synchronous_commit`` on).
It creates the accounts and the games over the API, then a separate load process pinned
to the other core drives them over ``--clients`` keep-alive connections (default: one
per game). The load process is asyncio (on uvloop when installed) writing HTTP/1.1 by
hand: about 30 us of its CPU per request, so it is never the limit (httpx in threads
spent its whole core at about 1,100 requests/s; an asyncio httpx client with hundreds
of connections managed less than 100). Each connection owns some of the games and has
one request in flight; it submits each game's next action with an idempotency key
(``POST .../actions``), a game's next action only once its last was acknowledged (a
game's actions are a chain). Without ``--rate`` it does so in a closed loop, without
think time: the server's capacity, with latencies that are the queue of every game
waiting its turn. With ``--rate`` (actions/s in all) each game's actions are due at
fixed intervals, as players would send them, and a latency counts from the time the
action was due, so a server that falls behind shows it (no coordinated omission).

What it measures, after ``--warmup`` seconds and for ``--seconds`` seconds:

* actions/s: acknowledged submissions (HTTP 200) completed in the window. Each is a
  durable action: the server answers only after the engine checked it and the
  version-checked UPDATE and the INSERT into the action log committed (SQLite in WAL
  with ``synchronous=FULL``; PostgreSQL with synchronous commit);
* p50/p90/p99/max latency of those acknowledgements (of the actions sent, or with
  ``--rate`` due, in the window), as the client saw them;
* 429s (the server's per-seat submission rate limit, 120 per 10 s per account and
  game) and errors (any other status, or a failed connection);
* the CPU the server process and the load process used, as a share of one core, and
  the server's CPU per acknowledged action;
* load stall: the longest the load process's own event loop was late in the window;
  tens of milliseconds mean the machine (other processes on the load's core), not the
  server, made part of the latencies;
* stored: the benchmark's actions found in the database afterwards (at least the
  acknowledged count, or an acknowledged action was lost).

Workloads (``--workload``):

* ``aristocracy`` (default): ``--players`` seats, all human accounts (the same accounts
  in every game), every game with the same seed. One script of legal actions is played
  out locally once, before the run (the game is deterministic given its seed and
  names), so the load process spends nothing on choosing moves and the server does one
  cheap engine check per action. The per-seat rate limit caps a game at
  ``players * 12`` actions/s;
* ``noblesse``: the table of ``tests/server/test_durability.py`` (one account in seat 0,
  seven bots), resubmitting a setup, which the setup phase accepts endlessly. Its
  engine check (an Earley parse of the order) costs several milliseconds, so this
  measures the engine more than the durable path; one seat caps a game at 12/s.

``--unlimited`` starts the same app, served as ``bureau serve`` serves it, with the
submission rate limit lifted, to see the server's capacity with few games. Results are
printed as a table; ``--json`` prints them as JSON as well.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import resource
import shutil
import sqlite3
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from bureau.server.localservices import Postgres, ServerProcess

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
PASSWORD = "password123"
ROLES = "1,2,4,5,7,8,10,11"
SETUP = "setup A1 income {} skip uniques unit Regiment with O1, C1 x3, F6 x2"
DESIGNS = ("2-2-1", "3-1-1", "1-3-1", "1-1-3", "2-1-2", "5-0-0", "0-5-0", "0-0-5")

# ``bureau serve`` as it is, but with the per-seat submission limit lifted.
UNLIMITED = """
import sys
from bureau.server import build, run
from bureau.server.app import Limiter
app = build(sys.argv[1], allow_fixtures=True)
for route in app.routes:
    api = getattr(getattr(route, "endpoint", None), "__self__", None)
    if api is not None and hasattr(api, "submit_limit"):
        api.submit_limit = Limiter(10**9, 10)
run(app, port=int(sys.argv[2]))
"""


def cores() -> tuple[int | None, int | None]:
    """The server's core and the load's core (None: not pinned)."""
    mine = sorted(os.sched_getaffinity(0))
    if len(mine) < 2:
        return None, None
    return mine[0], mine[1]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process (Linux ``/proc``)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the server ----------------------------------------------------------------------------


class Server(ServerProcess):
    """``bureau serve`` (or the unlimited variant) on a free port, pinned to ``core``."""

    def __init__(self, folder: Path, db: str, core: int | None, unlimited: bool = False):
        command = [sys.executable, "-c", UNLIMITED] if unlimited else None
        # Every table plays one script, so its seed is chosen: an arranged table.
        super().__init__(folder, db, core=core, command=command, allow_fixtures=True)


# -- accounts, tables and the actions to play ----------------------------------------------


def ok(r: httpx.Response) -> dict:
    if r.status_code not in (200, 201):
        raise RuntimeError(f"{r.request.method} {r.request.url}: {r.status_code} {r.text}")
    return r.json()


def account(url: str, name: str) -> str:
    """Register ``name`` and log in: its bearer token."""
    with httpx.Client(base_url=url, timeout=60) as http:
        r = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
        if r.status_code != 409:
            ok(r)
        body = {"name": name, "password": PASSWORD, "bearer": True}
        return ok(http.post("/api/login", json=body))["token"]


def aristocracy_table(url: str, tokens: list[str], seed: int) -> int:
    players = len(tokens)
    with httpx.Client(base_url=url, timeout=60) as http:
        auth = [{"Authorization": f"Bearer {t}"} for t in tokens]
        body = {"game": "aristocracy", "players": players, "seed": seed}
        game = ok(http.post("/api/games", json=body, headers=auth[0]))
        gid = game["id"]
        for seat in range(players):
            ok(http.post(f"/api/games/{gid}/join", json={"invite": game["invite"], "seat": seat},
                         headers=auth[seat]))  # fmt: skip
        ok(http.post(f"/api/games/{gid}/start", json={}, headers=auth[0]))
    return gid


def noblesse_table(url: str, token: str) -> int:
    """seat 0 for the account, seven bots; ready once only seat 0 is pending."""
    with httpx.Client(base_url=url, timeout=60, headers={"Authorization": f"Bearer {token}"}) as h:
        body = {"game": "noblesse", "players": 8, "seed": 3, "options": {"roles": ROLES.split(",")}}
        game = ok(h.post("/api/games", json=body))
        gid = game["id"]
        ok(h.post(f"/api/games/{gid}/join", json={"invite": game["invite"], "seat": 0}))
        for seat in range(1, 8):
            ok(h.post(f"/api/games/{gid}/bots", json={"seat": seat}))
        ok(h.post(f"/api/games/{gid}/start", json={}))
        deadline = time.time() + 120
        while ok(h.get(f"/api/games/{gid}/view"))["pending"] != [0]:
            if time.time() > deadline:
                raise RuntimeError(f"the bots of game {gid} never finished their setups")
            time.sleep(0.2)
    return gid


def aristocracy_script(players: int, seed: int, length: int) -> list[tuple[int, str]]:
    """``length`` legal actions (seat, text) of an Aristocracy game between the first
    ``players`` NAMES with ``seed``: what every benchmark table will be asked to play."""
    from bureau.engine import Match

    m = Match("aristocracy", list(NAMES[:players]), seed, {})
    rng = random.Random(seed)
    out: list[tuple[int, str]] = []
    while len(out) < length and m.outcome() is None:
        seat = m.pending()[0]
        text = str(rng.choice(m.game.legal_actions(m.state, seat)))
        m.play(seat, text, None)
        out.append((seat, text))
    return out


def tables(url: str, workload: str, games: int, players: int, seed: int) -> list[dict]:
    """The started games: [{"id": gid, "tokens": [token of seat 0, ...]}]."""
    if workload == "aristocracy":
        tokens = [account(url, name) for name in NAMES[:players]]
        with ThreadPoolExecutor(8) as pool:
            ids = list(pool.map(lambda _: aristocracy_table(url, tokens, seed), range(games)))
        return [{"id": gid, "tokens": tokens} for gid in ids]
    token = account(url, "Ann")
    with ThreadPoolExecutor(8) as pool:
        ids = list(pool.map(lambda _: noblesse_table(url, token), range(games)))
    return [{"id": gid, "tokens": [token]} for gid in ids]


# -- the load process ----------------------------------------------------------------------


def load(url: str, games: list[dict], script: list[tuple[int, str]] | None, clients: int,
         rate: float, warmup: float, seconds: float, core: int | None, out) -> None:  # fmt: skip
    """The load process: pin to ``core``, drive the games, put the result on ``out``."""
    if core is not None:
        os.sched_setaffinity(0, {core})
    before = resource.getrusage(resource.RUSAGE_SELF)
    main = drive(url, games, script, clients, rate, warmup, seconds)
    try:
        import uvloop
    except ImportError:
        result = asyncio.run(main)
    else:
        result = uvloop.run(main)
    after = resource.getrusage(resource.RUSAGE_SELF)
    result["load_cpu_s"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    out.put(result)


class Connection:
    """One keep-alive HTTP/1.1 connection, requests written by hand: the cheapest client
    (asyncio streams on uvloop spend about 30 us a request; an asyncio httpx client with
    hundreds of connections, or httpx in threads, spent its whole core before the
    server's)."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, headers: bytes, body: bytes) -> int:
        """POST ``body`` (JSON); the status, after reading the whole response."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        head = (
            b"POST %s HTTP/1.1\r\nHost: %s\r\n%sContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % (path.encode(), self.host.encode(), headers, len(body))
        )
        try:
            self.writer.write(head + body)
            head = await self.reader.readuntil(b"\r\n\r\n")
            lines = head.split(b"\r\n")
            status = int(lines[0].split(b" ", 2)[1])
            length, close = None, False
            for line in lines[1:]:
                name, _, value = line.partition(b":")
                name = name.strip().lower()
                if name == b"content-length":
                    length = int(value)
                elif name == b"connection" and value.strip().lower() == b"close":
                    close = True
            if length is None:  # the server always sends Content-Length
                raise ConnectionError("a response without Content-Length")
            await self.reader.readexactly(length)
        except BaseException:
            self.close()
            raise
        if close:
            self.close()
        return status

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def drive(url: str, games: list[dict], script, clients: int, rate: float, warmup: float,
                seconds: float) -> dict:  # fmt: skip
    """``clients`` connections share the games out; each has one request in flight and
    sends each of its games' actions in turn, a game's next action only after its last
    was acknowledged. With ``rate`` (actions/s in all), a game's actions are due at fixed
    intervals (``games / rate`` s apart) instead of at once, and a latency counts from
    the time the action was due, so a server that falls behind shows it (no coordinated
    omission)."""
    host, port = url.split("://", 1)[1].rsplit(":", 1)
    latencies: list[float] = []
    counts = {"ok": 0, "limited": 0, "errors": 0, "exhausted": 0}
    statuses: dict[str, int] = {}
    clients = max(1, min(clients, len(games)))
    start = time.perf_counter()
    opens, closes = start + warmup, start + warmup + seconds
    every = len(games) / rate if rate else 0.0
    jitter = random.Random(7)

    def action(pos: int) -> tuple[int, str]:
        if script is None:  # noblesse: the same setup, endlessly
            return 0, SETUP.format(DESIGNS[pos % len(DESIGNS)])
        return script[pos]

    def note(status: str, due: float, done: float) -> None:
        if not opens <= done <= closes:
            return
        statuses[status] = statuses.get(status, 0) + 1
        if status == "200":
            counts["ok"] += 1
            if due >= opens:  # a latency counts if the action was due in the window too
                latencies.append(done - due)
        elif status == "429":
            counts["limited"] += 1
        else:
            counts["errors"] += 1

    async def client(mine: list[dict]) -> None:
        conn = Connection(host, int(port))
        auth = {g["id"]: [b"Authorization: Bearer %s\r\n" % t.encode() for t in g["tokens"]]
                for g in mine}  # fmt: skip
        pos = {g["id"]: 0 for g in mine}
        phase = {g["id"]: jitter.random() * every for g in mine}
        due = {gid: start + phase[gid] for gid in phase}
        live = [g["id"] for g in mine]
        i = 0
        anchored = False
        while live and time.perf_counter() < closes:
            if every and not anchored and time.perf_counter() >= opens:
                # The measured window starts on schedule: a backlog from the warm-up
                # (games loaded into memory, connections opened) is not carried over.
                anchored = True
                due = {gid: opens + phase[gid] for gid in phase}
            if every:  # the game whose action is due first
                gid = min(live, key=due.__getitem__)
                if due[gid] >= closes:
                    break
                wait = due[gid] - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
            else:
                gid = live[i % len(live)]
                i += 1
                due[gid] = time.perf_counter()
            if script is not None and pos[gid] >= len(script):
                live.remove(gid)
                counts["exhausted"] += 1
                continue
            seat, text = action(pos[gid])
            body = json.dumps({"action": text, "key": f"bench-{gid}-{pos[gid]}"}).encode()
            try:
                code = await conn.post(f"/api/games/{gid}/actions", auth[gid][seat], body)
                status = str(code)
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as exc:
                status = type(exc).__name__
            now = time.perf_counter()
            note(status, due[gid], now)
            if status == "200":
                pos[gid] += 1
                due[gid] += every
            elif status == "429":
                due[gid] = now + 0.05
                await asyncio.sleep(0.05)
            elif status == "422":  # out of step with the script: leave this game
                live.remove(gid)
            else:
                due[gid] = now + 0.01
                await asyncio.sleep(0.01)
        conn.close()

    async def watch() -> None:
        """The load process's own stalls (its event loop late by more than a
        millisecond): long ones mean the latencies measured the machine, not the
        server."""
        while time.perf_counter() < closes:
            before = time.perf_counter()
            await asyncio.sleep(0.005)
            late = time.perf_counter() - before - 0.005
            if opens <= before and late > stalls["max"]:
                stalls["max"] = late

    stalls = {"max": 0.0}
    watcher = asyncio.ensure_future(watch())
    await asyncio.gather(*(client(games[i::clients]) for i in range(clients)))
    watcher.cancel()
    latencies.sort()
    return {"latencies": latencies, "counts": counts, "statuses": statuses, "clients": clients,
            "elapsed": time.perf_counter() - start, "load_stall": stalls["max"]}  # fmt: skip


def percentile(xs: list[float], p: float) -> float | None:
    if not xs:
        return None
    return xs[min(len(xs) - 1, max(0, round(p / 100 * len(xs)) - 1))] * 1000


# -- one run -------------------------------------------------------------------------------


def run(args, db_kind: str, games: int, pg: Postgres | None, script, folder: Path) -> dict:
    server_core, load_core = cores()
    if db_kind == "sqlite":
        db = str(folder / f"bench-{games}-{time.time_ns()}.sqlite3")
    else:
        assert pg is not None
        db = pg.create_database(f"bench_{games}_{time.time_ns()}")
    server = Server(folder, db, server_core, args.unlimited).start()
    try:
        made = tables(server.url, args.workload, games, args.players, args.seed)
        clients = args.clients or games
        ctx = mp.get_context("spawn")
        out = ctx.Queue()
        work = (server.url, made, script, clients, args.rate, args.warmup, args.seconds)
        proc = ctx.Process(target=load, args=(*work, load_core, out))
        proc.start()
        # the server's CPU over the measured window only
        time.sleep(args.warmup + 0.5)  # the child takes ~0.5 s to start (spawn + imports)
        cpu0, t0 = cpu_seconds(server.pid), time.perf_counter()
        result = out.get(timeout=args.warmup + args.seconds + 120)
        cpu1, t1 = cpu_seconds(server.pid), time.perf_counter()
        proc.join(timeout=30)
    finally:
        server.stop()
    if db_kind == "sqlite":
        with contextlib.closing(sqlite3.connect(db)) as c:
            query = "SELECT count(*) FROM actions WHERE key LIKE '%bench-%'"
            stored = c.execute(query).fetchone()[0]
    else:
        with pg.connect(db.rsplit("/", 1)[1]) as c:
            query = "SELECT count(*) FROM actions WHERE key LIKE '%bench-%'"
            stored = c.execute(query).fetchone()[0]
    lat = result["latencies"]
    c = result["counts"]
    return {
        "db": db_kind,
        "workload": args.workload,
        "games": games,
        "clients": result["clients"],
        "seconds": args.seconds,
        "offered_per_s": args.rate or None,
        "actions_per_s": round(c["ok"] / args.seconds, 1),
        "acknowledged": c["ok"],
        "p50_ms": percentile(lat, 50),
        "p90_ms": percentile(lat, 90),
        "p99_ms": percentile(lat, 99),
        "max_ms": lat[-1] * 1000 if lat else None,
        "rate_limited_429": c["limited"],
        "errors": c["errors"],
        "statuses": result["statuses"],
        "games_out_of_script": c["exhausted"],
        "server_cpu": round((cpu1 - cpu0) / (t1 - t0), 2),
        "server_cpu_ms_per_action": round((cpu1 - cpu0) / (t1 - t0) / rate * 1000, 3)
        if (rate := c["ok"] / args.seconds)
        else None,
        "load_cpu": round(result["load_cpu_s"] / result["elapsed"], 2),
        "load_stall_ms": round(result["load_stall"] * 1000, 1),
        "stored_total": stored,
        "unlimited": args.unlimited,
        "server_core": server_core,
        "load_core": load_core,
    }


def table(rows: list[dict]) -> str:
    head = ("db", "games", "clients", "offered/s", "actions/s", "p50 ms", "p90 ms", "p99 ms",
            "max ms", "429s", "errors", "srv cpu", "ms cpu/action", "load cpu",
            "load stall ms")  # fmt: skip

    def f(x):
        if isinstance(x, float):
            return f"{x:.2f}" if x < 10 else f"{x:.1f}"
        return "-" if x is None else str(x)

    lines = [
        (
            r["db"],
            r["games"],
            r["clients"],
            r["offered_per_s"],
            r["actions_per_s"],
            r["p50_ms"],
            r["p90_ms"],
            r["p99_ms"],
            r["max_ms"],
            r["rate_limited_429"],
            r["errors"],
            f"{r['server_cpu']:.0%}",
            r["server_cpu_ms_per_action"],
            f"{r['load_cpu']:.0%}",
            r["load_stall_ms"],
        )
        for r in rows
    ]
    cells = [head, *[tuple(f(x) for x in line) for line in lines]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(head))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True))
                     for row in cells)  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    p.add_argument("--games", default="1,50,200", help="game counts, comma-separated")
    p.add_argument("--seconds", type=float, default=10.0, help="measured seconds per game count")
    p.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds first")
    p.add_argument(
        "--clients",
        type=int,
        default=0,
        help="concurrent keep-alive connections (default: one per game)",
    )
    p.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="offered actions/s in all, paced evenly over the games (default: as fast as "
        "the server answers, each connection one request after the other)",
    )
    p.add_argument("--workload", choices=("aristocracy", "noblesse"), default="aristocracy")
    p.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(2, 6),
        help="seats per Aristocracy game, all human accounts",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--script",
        type=int,
        default=0,
        help="Aristocracy actions to prepare per game (default: from --seconds)",
    )
    p.add_argument(
        "--unlimited", action="store_true", help="lift the server's per-seat submission rate limit"
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON too")
    args = p.parse_args()
    counts = [int(x) for x in args.games.split(",") if x.strip()]

    script = None
    if args.workload == "aristocracy":
        # Enough for the fastest game we expect (one game alone: up to about 1,000
        # actions/s); a game that runs out stops.
        fastest = 1000 if min(counts) <= 2 else 300
        length = args.script or int(fastest * (args.seconds + args.warmup + 2))
        t = time.perf_counter()
        script = aristocracy_script(args.players, args.seed, length)
        print(f"prepared {len(script)} Aristocracy actions in {time.perf_counter() - t:.1f} s",
              file=sys.stderr)  # fmt: skip

    folder = Path(tempfile.mkdtemp(prefix="bureau-bench-"))
    pg = Postgres(durable=True, core=cores()[0]).start() if args.db == "postgresql" else None
    rows = []
    try:
        for games in counts:
            row = run(args, args.db, games, pg, script, folder)
            rows.append(row)
            print(f"{games} games: {row['actions_per_s']} actions/s, p99 {row['p99_ms']} ms",
                  file=sys.stderr)  # fmt: skip
    finally:
        if pg is not None:
            pg.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(table(rows))
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
