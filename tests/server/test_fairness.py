"""Fair by construction, and provably so (``docs/server.md`` "Fairness"): a hosted
table's deal is drawn by the Bureau and committed before anyone plays; a chosen seed or
fixture is refused unless the server allows arranged tables, and then every table says
so; ``bureau verify`` proves a finished game fair and names what was altered; nobody can
take the server's own idempotency keys, learn hidden talk from pushes or message ids,
or open a player's live view from another origin."""

from __future__ import annotations

import copy
import json
import re
import socket
import subprocess
import sys
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect as ws_connect

from bureau.engine import Match, RecordError
from bureau.engine.fairness import SCHEME, commitment, receipt, verify
from bureau.server.service import RESERVED_KEYS

from .conftest import Player

# Rule options (not fixtures) that end a game of random bots in a few dozen actions.
QUICK = {
    "aristocracy": (2, {"max_years": 1}),
    "nobility": (3, {"max_turns": 6}),
    "decrees": (4, {"max_turns": 4}),
    "seabirds": (3, {"stops": 1}),
    "noblesse": (8, {"max_nights": 1}),
}


def table(owner: Player, game: str, body: dict | None = None):
    players, options = QUICK[game]
    return owner.post("/api/games", {"game": game, "players": players, "options": options,
                                     **(body or {})})  # fmt: skip


def started(owner: Player, game: str, humans: list[Player] = ()) -> int:
    """A started hosted table: ``humans`` in the first seats, random bots in the rest."""
    created = table(owner, game)
    assert created.status_code == 201, created.text
    gid, invite = created.json()["id"], created.json()["invite"]
    for seat, p in enumerate(humans):
        p.ok("POST", f"/api/games/{gid}/join", {"invite": invite, "seat": seat})
    for seat in range(len(humans), QUICK[game][0]):
        owner.ok("POST", f"/api/games/{gid}/bots", {"seat": seat, "bot": "random"})
    owner.ok("POST", f"/api/games/{gid}/start")
    return gid


def play_out(gid: int, me: Player, seconds: float = 60) -> list[dict]:
    """``me`` plays her first legal action whenever it is her turn, until the end; the
    receipts she was given with each answer."""
    kept, g, deadline = [], f"/api/games/{gid}", time.time() + seconds
    while time.time() < deadline:
        view = me.ok("GET", g + "/view")
        if view["outcome"] is not None:
            return kept
        if view["seat"] not in view["pending"]:
            time.sleep(0.02)
            continue
        legal = me.ok("GET", g + "/legal")["actions"]
        r = me.post(g + "/actions", {"action": legal[0]})
        if r.status_code == 200:
            kept.append(r.json()["receipt"])
    raise AssertionError("the game did not end")


def wait_until(predicate, seconds: float = 20) -> None:
    deadline = time.time() + seconds
    while not predicate():
        assert time.time() < deadline, "timed out"
        time.sleep(0.02)


# -- seeds and fixtures ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "body", "named"),
    [
        ("aristocracy", {"seed": 424242}, "seed"),
        ("aristocracy", {"options": {"deck": "AH,AS,KH", "herald": 1}}, "herald"),
        ("nobility", {"seed": 0}, "seed"),
        ("decrees", {"options": {"heads": "REF EXE HR TRE"}}, "heads"),
        ("seabirds", {"options": {"houses": "a b c", "rolls": "1 2 3"}}, "houses"),
        ("noblesse", {"options": {"roles": "1,2,4,5,7,8,10,11"}}, "roles"),
        ("noblesse", {"options": {"scenario": "/etc/passwd"}}, "scenario"),
        ("decrees", {"options": {"deck": "/tmp/my-deck.toml"}}, "deck"),
        ("decrees", {"options": {"decrees": "../decrees.toml"}}, "decrees"),
    ],
)
def test_a_hosted_table_refuses_a_chosen_seed_and_fixtures(hosted, game, body, named):
    ann = Player(hosted, "Ann")
    r = ann.post("/api/games", {"game": game, "players": QUICK[game][0], **body})
    assert r.status_code == 400, r.text
    assert named in r.json()["error"] and "--allow-fixtures" in r.json()["error"]
    assert ann.ok("GET", "/api/games")["open"] == []  # nothing was made


def test_a_hosted_table_takes_built_in_decks_and_scenarios(hosted):
    ann = Player(hosted, "Ann")
    for game, options in (("decrees", {"deck": "house_v1", "decrees": "house_v1"}),
                          ("noblesse", {"scenario": "house_default_v1"})):  # fmt: skip
        r = ann.post("/api/games", {"game": game, "players": QUICK[game][0], "options": options})
        assert r.status_code == 201, r.text
        assert r.json()["fairness"]["arranged"] == []


def test_a_hosted_table_commits_to_its_seed_before_anyone_joins(hosted):
    ann, anon = Player(hosted, "Ann"), Player(hosted, "Cat")
    gid = table(ann, "aristocracy").json()["id"]
    fair = anon.ok("GET", f"/api/games/{gid}")["fairness"]
    assert fair["scheme"] == SCHEME and re.fullmatch(r"[0-9a-f]{64}", fair["commitment"])
    assert fair["arranged"] == [] and "seed" not in fair and "salt" not in fair
    page = anon.get(f"/games/{gid}").text
    assert fair["commitment"] in page


def test_an_arranged_table_says_so_to_everyone(server):
    """On a server started with --allow-fixtures, a chosen seed and fixtures are
    accepted, and the table, the lobby and the record say what was arranged."""
    ann, ben = Player(server, "Ann"), Player(server, "Ben")
    body = {"game": "aristocracy", "players": 2, "seed": 424242,
            "options": {"herald": 1, "max_years": 1}}  # fmt: skip
    gid = ann.ok("POST", "/api/games", body)["id"]
    fair = ben.ok("GET", f"/api/games/{gid}")["fairness"]
    assert fair["arranged"] == ["seed", "herald"]
    assert ben.ok("GET", f"/api/games/{gid}")["options"]["herald"] == "hidden (arranged)"
    assert ann.ok("GET", f"/api/games/{gid}")["options"]["herald"] == 1  # the host's own
    for page in (ben.get("/").text, ben.get(f"/games/{gid}").text):
        assert "arranged" in page.lower() and "herald" in page


def test_hosted_seeds_are_wide_and_their_generators_keep_the_width(hosted):
    """128-bit seeds from the OS; derived seeds keep 256 bits, so no 2^31 or 2^63 space
    can be searched; seeds below 2^63 derive as they always have (records replay)."""
    from bureau.engine.rng import derive

    ann = Player(hosted, "Ann")
    gid = started(ann, "aristocracy", [ann])
    play_out(gid, ann)
    seeds = {int(ann.ok("GET", f"/api/games/{gid}")["fairness"]["seed"])}
    for _ in range(3):
        gid = started(ann, "nobility", [ann])
        play_out(gid, ann)
        seeds.add(int(ann.ok("GET", f"/api/games/{gid}")["fairness"]["seed"]))
    assert len(seeds) == 4 and max(s.bit_length() for s in seeds) > 100
    wide = max(seeds)
    assert derive(wide, "aristocracy").bit_length() > 200
    assert derive(wide, "aristocracy") != derive(wide ^ (1 << 120), "aristocracy")
    assert derive(7, "aristocracy") == 320405674860136246  # as before wide seeds


# -- commit, reveal, verify -----------------------------------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A hosted Nobility game played to the end by Ann (and two bots): its record, Ann's
    receipts as she got them, and the commitment she saw at the start."""
    from .conftest import Server

    srv = Server(tmp_path_factory.mktemp("fair"), allow_fixtures=False).start()
    ann = Player(srv, "Ann")
    gid = started(ann, "nobility", [ann])
    committed = ann.ok("GET", f"/api/games/{gid}")["fairness"]["commitment"]
    mid = ann.get(f"/api/games/{gid}/record")
    assert mid.status_code == 403
    kept = play_out(gid, ann)
    record = ann.ok("GET", f"/api/games/{gid}/record")
    listed = ann.ok("GET", f"/api/games/{gid}/receipts")
    yield {"record": record, "kept": kept, "listed": listed, "commitment": committed,
           "srv": srv, "gid": gid, "ann": ann}  # fmt: skip
    ann.http.close()
    srv.stop()


def test_a_finished_game_reveals_its_seed_and_verifies_fair(finished, tmp_path):
    record, kept = finished["record"], finished["kept"]
    fair = record["fairness"]
    assert fair["commitment"] == finished["commitment"]
    assert commitment(record["seed"], fair["salt"]) == fair["commitment"]
    assert len(fair["receipts"]) == len(fair["nonces"]) == len(record["actions"])
    assert kept and finished["listed"]["receipts"] == kept  # what she got, listed again
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(finished["listed"]))
    out = bureau("verify", str(path), "--receipts", str(mine), "--commitment",
                 finished["commitment"])  # fmt: skip
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith(
        "fair: the deal was fixed before the first action and every action was applied by the rules"
    )
    assert f"all {len(kept)} of your saved receipts are in the record" in out.stdout


def bureau(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bureau", *args], capture_output=True,
                          text=True, timeout=60)  # fmt: skip


def altered(record: dict, change) -> dict:
    out = copy.deepcopy(record)
    change(out)
    return out


def ann_choice(record: dict) -> tuple[int, str]:
    """The index of one of Ann's actions in the record where she had another choice (a
    deal can leave her first move forced), and another text she could have played."""
    for i, a in enumerate(record["actions"]):
        if a[0] == "Ann" and (other := other_legal_text(record, i)) is not None:
            return i, other
    raise AssertionError("Ann never had a choice in the record")


def other_legal_text(record: dict, index: int) -> str | None:
    """Another action Ann could have played at ``index`` (a different canonical text),
    or None where her move was forced."""
    m = Match.replay(record, upto=index)
    texts = [str(a) for a in m.game.legal_actions(m.state, 0)]
    return next((t for t in texts if t != record["actions"][index][1]), None)


def test_verify_names_every_alteration(finished):
    record, kept = finished["record"], finished["kept"]
    i, other = ann_choice(record)

    def seed(r):
        r["seed"] += 1

    def salt(r):
        r["fairness"]["salt"] = "00" * 32

    def action(r):
        r["actions"][i][1] = other

    def dropped(r):  # her action gone, with its nonce and receipt: the record still replays?
        del r["actions"][-1], r["fairness"]["nonces"][-1], r["fairness"]["receipts"][-1]

    def receipt_(r):
        r["fairness"]["receipts"][i] = "0" * 64

    def outcome(r):
        r["outcome"] = {"winners": ["Ben"]}

    cases = {
        seed: "do not match the commitment",
        salt: "do not match the commitment",
        action: "",
        dropped: "",
        receipt_: f"the receipt of action {i + 1}",
        outcome: "outcome",
    }
    for change, said in cases.items():
        verdict = verify(altered(record, change), kept, finished["commitment"])
        assert not verdict.fair, change.__name__
        assert said in verdict.summary and verdict.summary.startswith("unfair: "), verdict.summary
    # An altered action whose receipt the Bureau recomputed is caught by her own copy.
    forged = altered(record, action)
    player, number = forged["actions"][i][0], 1
    forged["fairness"]["receipts"][i] = receipt(
        forged["fairness"]["commitment"], number, player, forged["actions"][i][1],
        forged["fairness"]["nonces"][i],
    )  # fmt: skip
    verdict = verify(forged, kept)
    assert not verdict.fair and "altered or dropped" in verdict.summary, verdict.summary
    assert not verify(record, kept, "ab" * 32).fair  # not the commitment she saw
    assert verify(record, kept, finished["commitment"]).fair


def test_verify_in_the_terminal_says_unfair_and_exits_1(finished, tmp_path):
    record = altered(finished["record"], lambda r: r.update(seed=r["seed"] + 1))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = bureau("verify", str(path))
    assert out.returncode == 1
    assert "unfair: the revealed seed and salt do not match the commitment" in out.stdout


def test_a_record_with_its_seed_withheld_cannot_be_replayed(finished):
    record = copy.deepcopy(finished["record"])
    del record["seed"]
    with pytest.raises(RecordError, match="withheld"):
        Match.replay(record)
    assert "withheld" in verify(record).summary


def test_receipts_name_nothing_but_their_own_action(finished):
    """A receipt holds its player's own action number, never the game's: a global count
    would show how much happened out of her sight."""
    kept = finished["kept"]
    assert [r["number"] for r in kept] == list(range(1, len(kept) + 1))
    for r in kept:
        assert set(r) == {"scheme", "commitment", "player", "number", "text", "nonce",
                          "receipt"}  # fmt: skip
        assert len(bytes.fromhex(r["nonce"])) >= 16


# -- reserved keys, strict types -----------------------------------------------------------------


def test_the_servers_own_keys_are_refused_from_clients(hosted):
    ann = Player(hosted, "Ann")
    gid = started(ann, "aristocracy", [ann])
    g = f"/api/games/{gid}"
    wait_until(lambda: 0 in ann.ok("GET", g + "/view")["pending"])
    legal = ann.ok("GET", g + "/legal")["actions"]
    for key in ("timeout:4:0", "bot:1:0", "Timeout:1:0", "server:x"):
        r = ann.post(g + "/actions", {"action": legal[0], "key": key})
        assert r.status_code == 400, r.text
        assert all(p in r.json()["error"] for p in RESERVED_KEYS)
    assert ann.ok("GET", g + "/receipts")["receipts"] == []  # nothing of hers was applied
    ok = ann.post(g + "/actions", {"action": legal[0], "key": "mine:1"})
    assert ok.status_code == 200


def test_booleans_are_not_numbers(hosted):
    ann, ben = Player(hosted, "Ann"), Player(hosted, "Ben")
    r = ann.post("/api/games", {"game": "nobility", "players": True})
    assert r.status_code == 400
    created = table(ann, "nobility").json()
    gid, invite = created["id"], created["invite"]
    assert ben.post(f"/api/games/{gid}/join", {"invite": invite, "seat": True}).status_code == 400
    assert ann.post(f"/api/games/{gid}/bots", {"seat": False}).status_code == 400
    ben.ok("POST", f"/api/games/{gid}/join", {"invite": invite, "seat": 1})
    ann.ok("POST", f"/api/games/{gid}/join", {"invite": invite, "seat": 0})
    ann.ok("POST", f"/api/games/{gid}/bots", {"seat": 2})
    ann.ok("POST", f"/api/games/{gid}/start")
    r = ann.post(f"/api/games/{gid}/messages", {"kind": "private", "to": True, "text": "hi"})
    assert r.status_code in (400, 403) and r.status_code != 200
    assert ben.ok("GET", f"/api/games/{gid}/messages")["messages"] == []


# -- pushes and message ids ----------------------------------------------------------------------


def ws(srv, gid: int, token: str | None = None, headers: dict | None = None):
    url = srv.url.replace("http://", "ws://") + f"/api/games/{gid}/live"
    h = dict(headers or {})
    if token is not None:
        h["Authorization"] = f"Bearer {token}"
    return ws_connect(url, additional_headers=h, open_timeout=5, close_timeout=2)


def bearer_of(p: Player) -> str:
    return p.http.headers["Authorization"].split()[1]


def test_hidden_talk_wakes_no_one_who_cannot_read_it(hosted):
    """A spectator of a Nobility game gets no push when two players talk privately, and
    the message ids each reader sees count only what he may read."""
    ann, ben, cat = Player(hosted, "Ann"), Player(hosted, "Ben"), Player(hosted, "Cat")
    created = table(ann, "nobility").json()
    gid, invite = created["id"], created["invite"]
    ann.ok("POST", f"/api/games/{gid}/join", {"invite": invite, "seat": 0})
    ben.ok("POST", f"/api/games/{gid}/join", {"invite": invite, "seat": 1})
    ann.ok("POST", f"/api/games/{gid}/bots", {"seat": 2, "bot": "random"})
    ann.ok("POST", f"/api/games/{gid}/start")
    g = f"/api/games/{gid}"
    # Nothing moves while a human is to play: the bot's moves would be news for anyone.
    wait_until(lambda: set(cat.ok("GET", g + "/view")["pending"]) <= {0, 1})
    ann.ok("POST", g + "/messages", {"kind": "public", "text": "hello all"})
    with ws(hosted, gid, bearer_of(cat)) as spectator:
        spectator.recv(timeout=10)  # the first push: the view as it is
        for n in range(3):
            ann.ok("POST", g + "/messages", {"kind": "private", "to": 1, "text": f"psst {n}"})
        with pytest.raises(TimeoutError):
            spectator.recv(timeout=1.5)
        ann.ok("POST", g + "/messages", {"kind": "public", "text": "and now for everyone"})
        push = json.loads(spectator.recv(timeout=10))
    assert [(m["id"], m["text"]) for m in push["messages"]] == [(2, "and now for everyone")]
    assert [m["id"] for m in cat.ok("GET", g + "/messages")["messages"]] == [1, 2]
    assert [m["id"] for m in ben.ok("GET", g + "/messages")["messages"]] == [1, 2, 3, 4, 5]
    assert [m["text"] for m in cat.ok("GET", g + "/messages?since=1")["messages"]] == [
        "and now for everyone"
    ]


def test_a_cookie_opens_the_live_view_only_from_the_servers_own_origin(hosted):
    ann = Player(hosted, "Ann")
    gid = started(ann, "aristocracy", [ann])
    login = ann.http.post("/api/login", json={"name": "Ann", "password": "password123"})
    cookie = f"bureau_session={login.cookies['bureau_session']}"
    evil = {"Cookie": cookie, "Origin": "https://evil.example"}
    with pytest.raises((InvalidHandshake, ConnectionClosed)), ws(hosted, gid, headers=evil) as s:
        s.recv(timeout=5)
    with ws(hosted, gid, headers={"Cookie": cookie, "Origin": hosted.url}) as s:
        assert json.loads(s.recv(timeout=10))["view"]["seat"] == 0
    with ws(hosted, gid, bearer_of(ann)) as s:  # a script: a bearer token, no origin
        assert json.loads(s.recv(timeout=10))["view"]["seat"] == 0


def test_a_client_that_leaves_mid_body_costs_one_quiet_line(hosted):
    ann = Player(hosted, "Ann")
    token = bearer_of(ann)
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", hosted.port)) as raw:
            raw.sendall(
                b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                b"\r\nAuthorization: Bearer " + token.encode() + b"\r\nContent-Length: 10\r\n\r\n{}"
            )
    time.sleep(0.5)
    assert ann.get("/api/games").status_code == 200
    log = hosted.logfile.read_text()
    assert "Traceback" not in log and "ERROR" not in log, log[-2000:]
    assert log.count("went away before its body was read") == 3
