"""Who may do what through the API, and what nobody may learn.

One real server for the whole module. Every client connects from its own loopback
address (127.0.0.N), so the login rate limit (per client address) only bites where a
test means it to. The routes are those of ``create_app``; each is asked by an anonymous
client, a logged-in spectator, another seated player, the seat holder and the
moderator of a Noblesse game (its creator, without a seat). What each reader gets from
``/view`` and ``/events`` is compared with the engine's own ``view`` and event
audiences, replaying the game record (the moderator's record mid-game, everyone's after
the end).
"""

from __future__ import annotations

import html
import itertools
import json
import time
import uuid

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect as ws_connect

from bureau.engine import MODERATOR, Match
from bureau.engine.record import parse_time

from .conftest import Server, wait_for

PASSWORD = "password123"
_addresses = itertools.count(2)


def fresh_address() -> str:
    n = next(_addresses)
    assert n < 255, "out of loopback addresses"
    return f"127.0.0.{n}"


class Client:
    """An HTTP client from its own loopback address; logged in with a bearer token, a
    session cookie (``session=True``), or not at all (no name)."""

    def __init__(self, srv: Server, name: str | None = None, *, session: bool = False):
        self.srv = srv
        self.name = name
        self.address = fresh_address()
        transport = httpx.HTTPTransport(local_address=self.address)
        self.http = httpx.Client(base_url=srv.url, timeout=30, transport=transport)
        self.token: str | None = None
        self.csrf: str | None = None
        if name is not None:
            r = self.http.post("/api/accounts", json={"name": name, "password": PASSWORD})
            assert r.status_code in (201, 409), r.text
            body = {"name": name, "password": PASSWORD, "bearer": not session}
            r = self.http.post("/api/login", json=body)
            assert r.status_code == 200, r.text
            self.token, self.csrf = r.json()["token"], r.json()["csrf"]
            if not session:
                self.http.headers["Authorization"] = f"Bearer {self.token}"

    def get(self, path: str, **kw) -> httpx.Response:
        return self.http.get(path, **kw)

    def post(self, path: str, body=None, **kw) -> httpx.Response:
        if "content" in kw:
            return self.http.post(path, **kw)
        return self.http.post(path, json={} if body is None else body, **kw)

    def ok(self, method: str, path: str, body=None) -> dict:
        r = self.post(path, body) if method == "POST" else self.get(path)
        assert r.status_code in (200, 201), (path, r.status_code, r.text)
        return r.json()

    def close(self) -> None:
        self.http.close()


def is_json_error(r: httpx.Response) -> bool:
    try:
        body = r.json()
    except ValueError:
        return False
    return isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"]


def close_enough(a, b, path="") -> str:
    """ "" when two JSON values are equal (floats within 10 ms: records keep milliseconds),
    else where they first differ."""
    if isinstance(a, bool) or isinstance(b, bool):
        return "" if a == b else f"{path}: {a!r} != {b!r}"
    if isinstance(a, int | float) and isinstance(b, int | float):
        return "" if abs(a - b) < 0.01 else f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return f"{path}: keys {sorted(set(a) ^ set(b))} differ"
        for k in a:
            d = close_enough(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return ""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = close_enough(x, y, f"{path}[{i}]")
            if d:
                return d
        return ""
    return "" if a == b else f"{path}: {a!r} != {b!r}"


def jsonish(value):
    """``value`` as the server would send it (tuples become lists, int keys strings)."""
    return json.loads(json.dumps(value))


def engine_events(m: Match, seat: int | None) -> list[dict]:
    return jsonish([e.to_json() for e in m.events if e.visible_to(seat)])


def replay_steps(record: dict):
    """The record's match after 0, 1, 2, ... of its actions (one Match, advanced)."""
    m = Match.replay(record, upto=0)
    yield m
    for who, text, at in record["actions"]:
        m.play(m.seat(who), text, parse_time(at))
        yield m


# -- the module's server and people ------------------------------------------------------------


@pytest.fixture(scope="module")
def srv(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("security")).start()
    yield s
    s.stop()


SEED = 7  # the Noblesse table's, arranged


class World:
    """Ann and Ben seated in a running Noblesse game that Mia created (and moderates),
    Cat logged in without a seat, and an anonymous client; bots hold the other seats."""

    def __init__(self, srv: Server):
        self.srv = srv
        self.ann, self.ben = Client(srv, "Ann"), Client(srv, "Ben")
        self.cat, self.mia = Client(srv, "Cat"), Client(srv, "Mia")
        self.anon = Client(srv)
        table = self.mia.ok("POST", "/api/games", {"game": "noblesse", "players": 8, "seed": SEED})
        self.gid, self.invite = table["id"], table["invite"]
        g = f"/api/games/{self.gid}"
        self.ann.ok("POST", g + "/join", {"invite": self.invite, "seat": 0})
        self.ben.ok("POST", g + "/join", {"invite": self.invite, "seat": 1})
        for seat in range(2, 8):
            self.mia.ok("POST", g + "/bots", {"seat": seat, "bot": "random"})
        self.mia.ok("POST", g + "/start")
        wait_for(
            lambda: set(self.mia.ok("GET", g + "/view")["pending"]) <= {0, 1},
            what="the Noblesse bots to be ready",
        )
        self.by_role = {
            "anonymous": self.anon,
            "spectator": self.cat,
            "other": self.ben,
            "holder": self.ann,
            "moderator": self.mia,
        }
        self.seat_of = {
            "anonymous": None,
            "spectator": None,
            "other": 1,
            "holder": 0,
            "moderator": MODERATOR,
        }

    def tokens_except(self, client: Client) -> list[str]:
        return [c.token for c in (self.ann, self.ben, self.cat, self.mia) if c is not client]

    def close(self):
        for c in (self.ann, self.ben, self.cat, self.mia, self.anon):
            c.close()


def moderators_record(world: World) -> dict:
    """The record the moderator may read mid-game, with the seed the table was arranged
    with: the server withholds it until the end (it would foresee every roll)."""
    record = world.mia.ok("GET", f"/api/games/{world.gid}/record")
    assert "seed" not in record and "salt" not in record["fairness"]
    return {**record, "seed": SEED}


@pytest.fixture(scope="module")
def world(srv):
    w = World(srv)
    yield w
    w.close()


ROLES = ("anonymous", "spectator", "other", "holder", "moderator")


def everyone(status: int) -> dict:
    return dict.fromkeys(ROLES, status)


def login_needed(status: int, **others) -> dict:
    return {"anonymous": 401, **dict.fromkeys(ROLES[1:], status), **others}


# (method, path ({g}: the Noblesse game), body, expected status by role)
ROUTES = [
    ("GET", "/api/me", None, login_needed(200)),
    ("POST", "/api/me", {"notify": {"turn": True}}, login_needed(200)),
    ("GET", "/api/games", None, everyone(200)),
    ("GET", "/api/games?mine=1", None, login_needed(200)),
    ("POST", "/api/games", {"game": "aristocracy", "players": 3}, login_needed(201)),
    ("GET", "{g}", None, everyone(200)),
    ("POST", "{g}/join", {"invite": "wrong"}, login_needed(409)),  # started: seats fixed
    ("POST", "{g}/leave", None, login_needed(409)),
    ("POST", "{g}/bots", {"seat": 0}, login_needed(403, moderator=409)),
    ("POST", "{g}/start", None, login_needed(403, moderator=409)),
    ("POST", "{g}/invite", {"name": "Ann"}, login_needed(403, moderator=409)),
    ("GET", "{g}/view", None, everyone(200)),
    ("GET", "{g}/legal", None, login_needed(200, spectator=403)),
    ("POST", "{g}/actions", {"action": "fly to the moon"}, login_needed(422, spectator=403)),
    ("POST", "{g}/check", {"action": "fly to the moon"}, login_needed(422, spectator=403)),
    ("GET", "{g}/events", None, everyone(200)),
    ("GET", "{g}/record", None, {**everyone(403), "moderator": 200}),
    ("GET", "{g}/receipts", None, login_needed(200, spectator=403)),
    ("GET", "{g}/messages", None, everyone(200)),
    ("POST", "{g}/messages", {"kind": "public", "text": "hello"}, login_needed(200, spectator=403)),
    ("GET", "{g}/forum", None, everyone(200)),
    ("GET", "{g}/forum?seat=Ann", None, {**everyone(403), "holder": 200, "moderator": 200}),
    ("GET", "/api/openapi.json", None, everyone(200)),
]

MATRIX = [
    pytest.param(method, path, body, role, expect[role], id=f"{method} {path} {role}")
    for method, path, body, expect in ROUTES
    for role in ROLES
]


@pytest.mark.parametrize(("method", "path", "body", "role", "status"), MATRIX)
def test_route_matrix(world, method, path, body, role, status):
    """Every HTTP route of create_app, asked by each kind of reader of a running game."""
    client = world.by_role[role]
    url = path.replace("{g}", f"/api/games/{world.gid}")
    r = client.post(url, body) if method == "POST" else client.get(url)
    assert r.status_code == status, (r.status_code, r.text)
    assert r.status_code < 500
    if r.status_code >= 400:
        assert is_json_error(r), r.text
    # Nobody learns another's login, nor the invitation unless he created the game.
    for token in world.tokens_except(client):
        assert token not in r.text
    if role != "moderator":
        assert world.invite not in r.text
    if url.endswith("/api/me") and status == 200:
        assert r.json()["name"] == client.name
    if url.endswith("/record") and status == 403:
        assert "actions" not in r.json()


# The web pages (browsers: session cookies), by role, on the same running Noblesse game.
PAGES = [
    ("GET", "/", everyone(200)),
    ("GET", "{g}", everyone(200)),
    ("GET", "{g}/fragment", everyone(200)),
    ("GET", "{g}/talk", everyone(200)),
    ("GET", "{g}/replay", {**everyone(403), "moderator": 200}),
    ("GET", "{g}/replay/frame?step=1", {**everyone(403), "moderator": 200}),
    ("GET", "{g}/log", everyone(200)),
    ("GET", "{g}/history", everyone(200)),
    ("GET", "{g}/history/frame?step=1", everyone(200)),
    ("GET", "/rules", everyone(200)),
    ("GET", "/rules/{game}", everyone(200)),
    ("GET", "/unsubscribe?token=not-a-token", everyone(400)),
    ("POST", "/unsubscribe?token=not-a-token", everyone(400)),
]


@pytest.fixture(scope="module")
def browsers(srv, world):
    """Each role's account logged in again with a session cookie, as a browser is."""
    out = {"anonymous": Client(srv)}
    for role, client in world.by_role.items():
        if client.name is not None:
            out[role] = Client(srv, client.name, session=True)
    yield out
    for c in out.values():
        c.close()


@pytest.mark.parametrize(
    ("path", "role", "status"),
    [pytest.param(path, role, expect[role], id=f"{path} {role}")
     for _, path, expect in PAGES for role in ROLES],
)  # fmt: skip
def test_page_matrix(world, browsers, path, role, status):
    client = browsers[role]
    r = client.get(path.replace("{g}", f"/games/{world.gid}").replace("{game}", "noblesse"))
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("text/html")
    for token in world.tokens_except(world.by_role[role]):
        assert token not in r.text
    if role != "moderator":
        assert world.invite not in r.text


def test_pages_show_each_reader_only_their_view(world, browsers):
    """Ann's secrets (her house's words that no other reader's own view holds) never
    reach another reader's table; the moderator's console only reaches the moderator."""
    m = Match.replay(moderators_record(world))
    mine = {s for s in strings(m.view(0)["you"]) if len(s) >= 6}
    for role, client in browsers.items():
        page = client.get(f"/games/{world.gid}/fragment").text
        assert ("Moderator's console" in page) == (role == "moderator")
        if role in ("holder", "moderator"):
            continue
        theirs = set(strings(m.view(world.seat_of[role])))
        leaked = {s for s in mine - theirs if html.escape(s) in page}
        assert not leaked, f"{role} sees Ann's {leaked}"
    assert any(html.escape(s) in browsers["holder"].get(f"/games/{world.gid}/fragment").text
               for s in mine)  # fmt: skip


def test_looking_back_shows_each_reader_only_what_she_saw(world, browsers):
    """A running game's look back: each reader steps through her own view only, one
    step for each action after which she saw an event (so the count of steps says nothing
    of what she did not see); the whole log pages her own events."""
    m = Match.replay(moderators_record(world))
    mine = {s for s in strings(m.view(0)["you"]) if len(s) >= 6}
    for role, client in browsers.items():
        seat = world.seat_of[role]
        steps = len(m.seen_after(seat))
        page = client.get(f"/games/{world.gid}/history").text
        assert f'max="{steps}"' in page, role
        for step in range(steps + 1):
            frame = client.get(f"/games/{world.gid}/history/frame?step={step}")
            assert frame.status_code == 200
            if role not in ("holder", "moderator"):
                theirs = set(strings(m.view(seat)))
                leaked = {s for s in mine - theirs if html.escape(s) in frame.text}
                assert not leaked, f"{role} sees Ann's {leaked} at step {step}"
        assert client.get(f"/games/{world.gid}/history/frame?step={steps + 1}").status_code == 400
        log = client.get(f"/games/{world.gid}/log").text
        events = [e for e in m.events if e.visible_to(seat)]
        assert f"{len(events)} event" in log, role


def strings(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings(v)
    elif isinstance(value, str):
        yield value


def test_the_matrix_asks_every_route():
    from bureau.server.app import create_app
    from bureau.server.db import open_store

    store = open_store("sqlite://")
    routes = {
        (method, route.path.replace("{game_id:int}", "{g}").replace("/api/games/{g}", "{g}"))
        for route in create_app(store, workers=False).routes
        for method in (getattr(route, "methods", None) or ())
        if method != "HEAD"
    }
    asked = {(method, path.split("?")[0]) for method, path, _, _ in ROUTES}
    asked |= {
        (method, path.split("?")[0].replace("{g}", "/games/{g}")) for method, path, _ in PAGES
    }
    # Signing up, in and out are for anyone: test_accounts_login_and_logout asks them.
    accounts = {("POST", "/api/accounts"), ("POST", "/api/login"), ("POST", "/api/logout")}
    assert routes - asked == accounts


def test_forum_posts_are_the_engines(world):
    """The public post for anyone; a private report for its player and the moderator, in
    BBCode or Markdown, exactly as the engine writes it."""
    g = f"/api/games/{world.gid}"
    m = Match.replay(moderators_record(world))
    for fmt in ("bbcode", "markdown"):
        got = world.anon.get(g + "/forum", params={"format": fmt})
        assert got.text == m.game.forum_post(m.state, None, fmt)
        got = world.mia.get(g + "/forum", params={"format": fmt, "seat": "ben"})
        assert got.text == m.game.forum_post(m.state, 1, fmt)
    assert world.ann.get(g + "/forum", params={"seat": "Ben"}).status_code == 403
    r = world.ann.get(g + "/forum", params={"format": "html"})
    assert r.status_code == 400 and "bbcode" in r.json()["error"]
    r = world.mia.get(g + "/forum", params={"seat": "Zed"})
    assert r.status_code == 400 and "Ann" in r.json()["error"]


def test_each_reader_gets_exactly_the_engines_view_of_noblesse(world):
    """Mid-game, the moderator's record replayed by the engine gives every reader's view
    and events; the server answers each reader with exactly those (a seat's orders and
    reports stay its own)."""
    g = f"/api/games/{world.gid}"
    record = moderators_record(world)
    assert record["game"] == "noblesse" and record["actions"]
    m = Match.replay(record)
    for role, client in world.by_role.items():
        seat = world.seat_of[role]
        got = client.ok("GET", g + "/view")
        assert got["seat"] == seat
        diff = close_enough(got["view"], jsonish(m.view(seat)))
        assert not diff, f"{role}'s view differs from the engine's: {diff}"
        events = client.ok("GET", g + "/events")["events"]
        assert [e["n"] for e in events] == list(range(1, len(events) + 1))
        diff = close_enough([e["data"] for e in events], engine_events(m, seat))
        assert not diff, f"{role}'s events differ from the engine's: {diff}"
        if seat not in (None, MODERATOR):
            legal = client.ok("GET", g + "/legal")["actions"]
            assert legal == [str(a) for a in m.game.legal_actions(m.state, seat)]
    # Ann's own view is not what Ben, Cat or an anonymous reader get.
    mine = world.ann.ok("GET", g + "/view")["view"]
    for other in (world.ben, world.cat, world.anon):
        assert other.ok("GET", g + "/view")["view"] != mine


def test_private_messages_only_along_channels_and_only_to_their_readers(world):
    g = f"/api/games/{world.gid}"
    m = Match.replay(moderators_record(world))
    allowed = set(m.game.channels(m.state, 0))
    assert allowed != set(range(8)) - {0}, "Noblesse channels should not be open to all"
    closed = min(set(range(1, 8)) - allowed)
    before = world.mia.ok("GET", g + "/messages")["messages"]

    secret = f"closed-{uuid.uuid4().hex}"
    r = world.ann.post(g + "/messages", {"kind": "private", "text": secret, "to": closed})
    assert r.status_code == 403 and is_json_error(r)
    for bad_to in (0, -1, 99, "nobody", None, [1]):
        r = world.ann.post(g + "/messages", {"kind": "private", "text": secret, "to": bad_to})
        assert r.status_code == 403, (bad_to, r.status_code, r.text)
    r = world.cat.post(g + "/messages", {"kind": "private", "text": secret, "to": 0})
    assert r.status_code == 403
    assert world.mia.ok("GET", g + "/messages")["messages"] == before, "a refused post stored"

    # The moderator writes privately to anyone (by seat or by name); only the two read it.
    to_ben = f"to-ben-{uuid.uuid4().hex}"
    world.mia.ok("POST", g + "/messages", {"kind": "private", "text": to_ben, "to": "ben"})
    to_ann = f"to-ann-{uuid.uuid4().hex}"
    world.mia.ok("POST", g + "/messages", {"kind": "private", "text": to_ann, "to": 0})
    to_bureau = f"bureau-{uuid.uuid4().hex}"
    world.ann.ok("POST", g + "/messages", {"kind": "bureau", "text": to_bureau})
    sent = [to_ben, to_ann, to_bureau]
    if allowed:
        along = f"along-{uuid.uuid4().hex}"
        world.ann.ok(
            "POST", g + "/messages", {"kind": "private", "text": along, "to": min(allowed)}
        )
        sent.append(along)
    may_read = {
        to_ben: {"other", "moderator"},
        to_ann: {"holder", "moderator"},
        to_bureau: {"holder", "moderator"},
    }
    if allowed:
        may_read[along] = {"holder", "moderator"} | ({"other"} if min(allowed) == 1 else set())
    for role, client in world.by_role.items():
        text = client.get(g + "/messages").text
        for message, readers in may_read.items():
            assert (message in text) == (role in readers), (role, message)
        since = client.get(g + "/messages", params={"since": "0"}).text
        for message in sent:
            if role not in may_read[message]:
                assert message not in since
                # nor anywhere else that reader looks
                for tail in ("/view", "/events", ""):
                    assert message not in client.get(g + tail).text


def test_table_routes_on_an_open_game(world):
    """join, leave, bots and start before the game starts: the invitation, the creator."""
    ann, ben, cat, mia, anon = world.ann, world.ben, world.cat, world.mia, world.anon
    table = mia.ok("POST", "/api/games", {"game": "aristocracy", "players": 3, "seed": 1})
    g, invite = f"/api/games/{table['id']}", table["invite"]
    for path, body in (
        ("/join", {"invite": invite}),
        ("/leave", None),
        ("/bots", {"seat": 2}),
        ("/start", None),
    ):
        r = anon.post(g + path, body)
        assert r.status_code == 401 and is_json_error(r), (path, r.text)
    assert cat.post(g + "/join", {}).status_code == 403
    assert cat.post(g + "/join", {"invite": "wrong"}).status_code == 403
    assert cat.post(g + "/join", {"invite": None}).status_code == 403
    assert cat.post(g + "/bots", {"seat": 2}).status_code == 403
    assert cat.post(g + "/start").status_code == 403
    assert cat.post(g + "/leave").status_code == 409
    joined = ann.ok("POST", g + "/join", {"invite": invite})
    assert "invite" not in joined and invite not in json.dumps(joined)
    assert ann.post(g + "/bots", {"seat": 2}).status_code == 403
    assert ann.post(g + "/start").status_code == 403
    ann.ok("POST", g + "/leave")
    ann.ok("POST", g + "/join", {"invite": invite, "seat": 0})
    assert ann.post(g + "/join", {"invite": invite}).status_code == 409
    mia.ok("POST", g + "/bots", {"seat": 2})
    assert mia.post(g + "/bots", {"seat": 2}).status_code == 409
    assert mia.post(g + "/start").status_code == 409  # seat 1 is free
    for who in (anon, cat, ann, ben):
        listed = who.get("/api/games")
        assert listed.status_code == 200 and invite not in listed.text
        assert invite not in who.get(g).text
    assert invite in mia.get(g).text
    assert mia.ok("GET", "/api/games")["open"]
    for who in (anon, cat, ann, ben):
        assert who.get(g + "/view").status_code == 409  # not started: nothing to see
        assert who.get(g + "/record").status_code == 409
    ben.ok("POST", g + "/join", {"invite": invite})
    assert ann.post(g + "/start").status_code == 403
    assert mia.ok("POST", g + "/start")["status"] == "running"
    assert ann.post(g + "/leave").status_code == 409
    assert cat.post(g + "/join", {"invite": invite}).status_code == 409
    assert mia.post(g + "/start").status_code == 409


def test_accounts_login_and_logout(srv):
    anon = Client(srv)
    name = f"Zed{uuid.uuid4().hex[:8]}"
    r = anon.post("/api/accounts", {"name": name, "password": PASSWORD})
    assert r.status_code == 201 and "password" not in r.text and PASSWORD not in r.text
    assert (
        anon.post("/api/accounts", {"name": name.upper(), "password": PASSWORD}).status_code == 409
    )
    for bad in (
        {"name": "Moderator", "password": PASSWORD},
        {"name": "x", "password": PASSWORD},
        {"name": "Okname", "password": "short"},
    ):
        r = anon.post("/api/accounts", bad)
        assert r.status_code == 400 and is_json_error(r)
    r = anon.post("/api/login", {"name": name, "password": "wrong-password"})
    assert r.status_code == 401 and "token" not in r.json()
    r = anon.post("/api/login", {"name": "nobody-here", "password": PASSWORD})
    assert r.status_code == 401
    assert anon.post("/api/logout").status_code == 401
    r = anon.post("/api/login", {"name": name, "password": PASSWORD, "bearer": True})
    assert r.status_code == 200 and "set-cookie" not in r.headers
    token = r.json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    assert anon.get("/api/me", headers=auth).json()["name"] == name
    assert anon.post("/api/logout", headers=auth).status_code == 200
    assert anon.get("/api/me", headers=auth).status_code == 401  # the token is gone
    assert anon.post("/api/logout", headers=auth).status_code == 401
    assert anon.get("/api/me", headers={"Authorization": "Bearer nonsense"}).status_code == 401
    anon.close()


# -- CSRF --------------------------------------------------------------------------------------


def count_games(client: Client) -> int:
    return len(client.ok("GET", "/api/games")["open"])


def test_csrf_for_cookie_sessions(srv, world):
    dee = Client(srv, "Dee", session=True)
    assert dee.http.cookies.get("bureau_session") == dee.token and dee.csrf
    assert dee.ok("GET", "/api/me")["name"] == "Dee"  # safe methods need no CSRF token
    body = {"game": "aristocracy", "players": 2}
    before = count_games(world.cat)
    r = dee.post("/api/games", body)
    assert r.status_code == 403 and is_json_error(r)
    r = dee.post("/api/games", body, headers={"X-CSRF-Token": "wrong"})
    assert r.status_code == 403
    r = dee.post("/api/games", body, headers={"X-CSRF-Token": ""})
    assert r.status_code == 403
    other = Client(srv, "Eli", session=True)  # another session's CSRF token does not do
    r = dee.post("/api/games", body, headers={"X-CSRF-Token": other.csrf})
    assert r.status_code == 403
    assert count_games(world.cat) == before, "a refused request created a game"
    r = dee.post("/api/logout")
    assert r.status_code == 403 and dee.get("/api/me").status_code == 200
    g = f"/api/games/{world.gid}"
    r = dee.post(g + "/messages", {"text": "x"})
    assert r.status_code == 403

    r = dee.post("/api/games", body, headers={"X-CSRF-Token": dee.csrf})
    assert r.status_code == 201
    assert count_games(world.cat) == before + 1
    # Bearer requests need no CSRF token.
    assert world.cat.post("/api/games", body).status_code == 201
    r = dee.post("/api/logout", headers={"X-CSRF-Token": dee.csrf})
    assert r.status_code == 200 and dee.get("/api/me").status_code == 401
    dee.close()
    other.close()


def test_an_empty_bearer_token_does_not_skip_the_csrf_check(srv, world):
    fay = Client(srv, "Fay", session=True)
    before = count_games(world.cat)
    r = fay.post(
        "/api/games",
        {"game": "aristocracy", "players": 2},
        headers={"Authorization": b"Bearer \xa0"},
    )
    created = count_games(world.cat) - before
    fay.close()
    assert r.status_code in (401, 403) and created == 0, (r.status_code, r.text)


# -- limits and malformed requests ------------------------------------------------------------


def test_request_size_limit(srv, world):
    big = json.dumps({"name": "Big", "password": "x" * 300_000}).encode()
    anon = Client(srv)
    r = anon.post("/api/accounts", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and is_json_error(r)

    def chunks():
        for i in range(0, len(big), 16_384):
            yield big[i : i + 16_384]

    r = anon.post("/api/accounts", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and is_json_error(r)
    r = world.ann.post(
        f"/api/games/{world.gid}/messages",
        content=big,
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 413
    assert anon.get("/api/games").status_code == 200  # still up
    assert world.ann.ok("GET", "/api/me")["name"] == "Ann"
    anon.close()


def test_login_rate_limit(srv):
    bob = Client(srv, "Bob")  # an account, logged in from its own address
    guesser = Client(srv)
    for attempt in range(10):
        r = guesser.post("/api/login", {"name": f"Nobody{attempt}", "password": "guess"})
        assert r.status_code == 401, (attempt, r.text)
    r = guesser.post("/api/login", {"name": "Bob", "password": PASSWORD})
    assert r.status_code == 429 and is_json_error(r)
    assert "token" not in r.text
    elsewhere = Client(srv)  # the limit is per client
    assert elsewhere.post("/api/login", {"name": "Bob", "password": PASSWORD}).status_code == 200
    for c in (bob, guesser, elsewhere):
        c.close()


def test_only_failed_logins_count_toward_the_limit(srv):
    """Many people behind one address (an office, a club) can all log in."""
    office = Client(srv, "Carol")  # an account, and one login
    for attempt in range(15):
        r = office.post("/api/login", {"name": "Carol", "password": PASSWORD})
        assert r.status_code == 200, (attempt, r.text)
    for attempt in range(10):
        r = office.post("/api/login", {"name": "Carol", "password": "not it"})
        assert r.status_code == 401, (attempt, r.text)
    r = office.post("/api/login", {"name": "Carol", "password": PASSWORD})
    assert r.status_code == 429 and "failed login" in r.json()["error"]
    office.close()


# (who: "anon" or "ann", method, path, raw body or JSON value)
MALFORMED = [
    ("anon", "POST", "/api/accounts", b"not json"),
    ("anon", "POST", "/api/accounts", b"[1, 2]"),
    ("anon", "POST", "/api/accounts", b""),
    ("anon", "POST", "/api/accounts", b"\xff\xfe\x00garbage"),
    ("anon", "POST", "/api/accounts", {"name": ["Ann"], "password": 12345678}),
    ("anon", "POST", "/api/accounts", {"name": "Okname", "password": {"a": 1}}),
    ("anon", "POST", "/api/login", b"{"),
    ("anon", "POST", "/api/login", b"null"),
    ("ann", "POST", "/api/games", b"{"),
    ("ann", "POST", "/api/games", b'"a string"'),
    ("ann", "POST", "/api/games", {"game": 5, "players": 3}),
    ("ann", "POST", "/api/games", {"game": {"a": 1}, "players": 3}),
    ("ann", "POST", "/api/games", {"game": "aristocracy", "players": "3"}),
    ("ann", "POST", "/api/games", {"game": "aristocracy", "players": 3, "options": [1]}),
    ("ann", "POST", "/api/games", {"game": "aristocracy", "players": 3, "options": {"x": 1}}),
    (
        "ann",
        "POST",
        "/api/games",
        {"game": "aristocracy", "players": 3, "options": {"max_years": "many"}},
    ),
    (
        "ann",
        "POST",
        "/api/games",
        {"game": "aristocracy", "players": 3, "options": {"max_years": [1]}},
    ),
    ("ann", "POST", "/api/games", {"game": "aristocracy", "players": 3, "seed": "x"}),
    ("ann", "POST", "/api/games", {"game": "aristocracy", "players": 3, "seed": 1.5}),
    pytest.param(
        "ann",
        "POST",
        "/api/games",
        {"game": "aristocracy", "players": 3, "seed": 10**80},
    ),
    ("ann", "POST", "{open}/join", {"seat": "0", "invite": "{invite}"}),
    ("ann", "POST", "{open}/bots", {"seat": "x"}),
    ("ann", "POST", "{open}/bots", {"seat": 1, "bot": "no-such-bot"}),
    pytest.param(
        "ann",
        "POST",
        "{open}/bots",
        {"seat": 1, "bot": ["random"]},
    ),
    pytest.param(
        "ann",
        "POST",
        "{open}/bots",
        {"seat": 10**30},
    ),
    ("ann", "POST", "{g}/actions", b"[]"),
    ("ann", "POST", "{g}/actions", {"action": 5}),
    ("ann", "POST", "{g}/actions", {"action": ["ready"]}),
    ("ann", "POST", "{g}/actions", {"action": "ready", "key": 5}),
    ("ann", "POST", "{g}/actions", {"action": "ready", "key": "k" * 81}),
    ("ann", "POST", "{g}/messages", b"nul"),
    ("ann", "POST", "{g}/messages", {"text": 5}),
    ("ann", "POST", "{g}/messages", {"text": ""}),
    ("ann", "POST", "{g}/messages", {"kind": 5, "text": "x"}),
    ("ann", "POST", "{g}/messages", {"kind": "shout", "text": "x"}),
    ("ann", "GET", "{g}/events?since=abc", None),
    ("ann", "GET", "{g}/events?since=-1", None),
    pytest.param(
        "ann",
        "GET",
        "{g}/events?since=%C2%B2",
        None,
    ),
    ("ann", "GET", "{g}/messages?since=1.5", None),
    pytest.param(
        "ann",
        "GET",
        "{g}/messages?since=%C2%B2",
        None,
    ),
    pytest.param(
        "anon",
        "POST",
        "/api/accounts",
        b"[" * 60_000 + b"]" * 60_000,
    ),
]


@pytest.mark.parametrize(("who", "method", "path", "body"), MALFORMED)
def test_malformed_requests_get_400(srv, world, who, method, path, body):
    client = Client(srv)  # a fresh connection each: a 500 may drop a kept-alive one
    if who == "ann":
        client.http.headers["Authorization"] = f"Bearer {world.ann.token}"
    open_table = world.ann.ok("POST", "/api/games", {"game": "aristocracy", "players": 3})
    url = path.replace("{g}", f"/api/games/{world.gid}").replace(
        "{open}", f"/api/games/{open_table['id']}"
    )
    if isinstance(body, dict):
        body = {k: (open_table["invite"] if v == "{invite}" else v) for k, v in body.items()}
    if method == "GET":
        r = client.get(url)
    elif isinstance(body, bytes):
        r = client.post(url, content=body, headers={"Content-Type": "application/json"})
    else:
        r = client.post(url, body)
    assert r.status_code == 400, (r.status_code, r.text[:300])
    assert is_json_error(r), r.text[:300]
    client.close()


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/99999999999999999999999",
        "/api/games/999999",
        "/api/games/999999/view",
        "/api/games/999999/record",
        "/api/games/999999/messages",
    ],
)
def test_no_such_game_is_404(world, path):
    r = world.ann.get(path)
    assert r.status_code == 404 and is_json_error(r), (r.status_code, r.text[:200])


def test_unknown_routes_and_methods_answer_json_errors(world):
    r = world.anon.get("/api/no-such-route")
    assert r.status_code == 404 and is_json_error(r)
    r = world.anon.get("/api/login")
    assert r.status_code == 405 and is_json_error(r)


# -- the WebSocket -----------------------------------------------------------------------------


def ws_url(srv: Server, gid: int) -> str:
    return srv.url.replace("http://", "ws://") + f"/api/games/{gid}/live"


def ws_open(srv: Server, gid: int, token: str | None = None, **kw):
    """A WebSocket to the game, logged in by a bearer token header (never in the URL)."""
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return ws_connect(ws_url(srv, gid), additional_headers=headers, **kw)


def ws_refused(srv: Server, gid: int, token: str | None = None) -> bool:
    """True when the server refuses the connection or closes it without a word."""
    try:
        with ws_open(srv, gid, token, open_timeout=5, close_timeout=2) as ws:
            try:
                ws.recv(timeout=3)
            except ConnectionClosed:
                return True
            except TimeoutError:
                return False
            return False
    except InvalidHandshake:
        return True


def test_live_refuses_a_game_that_does_not_exist_or_has_not_started(srv, world):
    assert ws_refused(srv, 999_999, world.ann.token)
    assert ws_refused(srv, 999_999)
    table = world.ann.ok("POST", "/api/games", {"game": "aristocracy", "players": 3})
    assert ws_refused(srv, table["id"], world.ann.token)
    assert world.anon.get("/api/games").status_code == 200


def test_live_pushes_each_reader_its_own_view(srv, world):
    g = f"/api/games/{world.gid}"
    cases = [
        (world.ann.token, world.ann),
        (world.ben.token, world.ben),
        (world.cat.token, world.cat),
        (world.mia.token, world.mia),
        (None, world.anon),
        ("not-a-token", world.anon),
    ]
    for token, client in cases:
        with ws_open(srv, world.gid, token, open_timeout=5) as ws:
            first = json.loads(ws.recv(timeout=10))
        assert first["view"] == client.ok("GET", g + "/view"), client.name
        assert first["events"] == client.ok("GET", g + "/events")["events"], client.name
        for other in world.tokens_except(client):
            assert other not in json.dumps(first)


def test_live_tokens_do_not_reach_the_server_log(srv, world):
    with ws_open(srv, world.gid, world.ben.token, open_timeout=5) as ws:
        ws.recv(timeout=10)
    time.sleep(0.3)
    logs = "".join(p.read_text(errors="replace") for p in srv.folder.glob("server-*.log"))
    assert world.ben.token not in logs


# -- hidden information through whole games ---------------------------------------------------


class Snapshot:
    def __init__(self, views: dict, events: dict):
        self.views, self.events = views, events


def snapshot(gid: int, readers: dict) -> Snapshot | None:
    """Every reader's view and events while only humans are pending (nothing moves)."""
    g = f"/api/games/{gid}"
    views = {label: c.ok("GET", g + "/view") for label, (c, _) in readers.items()}
    events = {label: c.ok("GET", g + "/events")["events"] for label, (c, _) in readers.items()}
    first = next(iter(readers))
    if readers[first][0].ok("GET", g + "/view") != views[first]:
        return None  # something moved while we looked
    return Snapshot(views, events)


def play_watching(
    gid: int, humans: dict, readers: dict, choose, snaps: list | None = None, seconds: float = 25
):
    """Humans play (``choose(seat, legal)``) until the end; a snapshot before each move.
    Returns the snapshots and every response text each reader got."""
    g = f"/api/games/{gid}"
    snaps = [] if snaps is None else snaps
    seen: dict[str, list[str]] = {label: [] for label in readers}
    deadline = time.time() + seconds
    any_human = next(iter(humans.values()))
    while time.time() < deadline:
        view = any_human.ok("GET", g + "/view")
        if view["outcome"] is not None:
            return snaps, seen
        pending = set(view["pending"])
        if not pending or not pending <= set(humans):
            time.sleep(0.02)  # a bot's turn
            continue
        snap = snapshot(gid, readers)
        if snap is None:
            continue
        snaps.append(snap)
        for label, (c, _) in readers.items():
            seen[label].append(json.dumps(snap.views[label]) + json.dumps(snap.events[label]))
            seen[label].append(c.get(g + "/messages").text)
        seat = min(pending)
        p = humans[seat]
        legal = p.ok("GET", g + "/legal")["actions"]
        for action in choose(seat, legal):
            r = p.post(g + "/actions", {"action": action})
            if r.status_code == 429:
                time.sleep(1)
                break
            assert r.status_code == 200, (action, r.text)
            for label, (c, _) in readers.items():
                if c is p:
                    seen[label].append(r.text)
    raise AssertionError("the game did not end in time")


def check_snapshots_against_replay(record: dict, snaps: list[Snapshot], readers: dict) -> None:
    """Each snapshot is the engine's view and events of every reader at one point of the
    replayed record, points in order."""
    todo = list(snaps)
    for m in replay_steps(record):
        cache: dict = {}

        def expected(seat, m=m, cache=cache):
            if seat not in cache:
                cache[seat] = (jsonish(m.view(seat)), list(m.pending()), engine_events(m, seat))
            return cache[seat]

        while todo:
            snap = todo[0]
            problems = []
            for label, (_, seat) in readers.items():
                view, pending, events = expected(seat)
                got = snap.views[label]
                problems.append(close_enough(got["view"], view, f"{label} view"))
                problems.append("" if got["pending"] == pending else f"{label} pending")
                data = [e["data"] for e in snap.events[label]]
                problems.append(close_enough(data, events, f"{label} events"))
            if any(problems):
                break
            todo.pop(0)
        if not todo:
            return
    # Say how the first unmatched snapshot differs from the final state.
    last = Match.replay(record, upto=len(record["actions"]))
    snap = todo[0]
    detail = [
        close_enough(snap.views[label]["view"], jsonish(last.view(seat)), label)
        for label, (_, seat) in readers.items()
    ]
    raise AssertionError(
        f"{len(todo)} of {len(snaps)} snapshots match no point of the record: {detail}"
    )


def start_three(world, game: str, seed: int, options: dict) -> int:
    table = world.ann.ok(
        "POST", "/api/games", {"game": game, "players": 3, "seed": seed, "options": options}
    )
    g = f"/api/games/{table['id']}"
    world.ann.ok("POST", g + "/join", {"invite": table["invite"], "seat": 0})
    world.ben.ok("POST", g + "/join", {"invite": table["invite"], "seat": 1})
    world.ann.ok("POST", g + "/bots", {"seat": 2, "bot": "random"})
    world.ann.ok("POST", g + "/start")
    return table["id"]


def readers_of(world) -> dict:
    return {
        "ann": (world.ann, 0),
        "ben": (world.ben, 1),
        "cat": (world.cat, None),
        "anon": (world.anon, None),
    }


def test_nobility_hands_stay_hidden(world):
    """Nobility to the end (capped): at every human decision each reader's view and events
    are the engine's for that reader; no view before the end shows another's hand."""
    gid = start_three(world, "nobility", 11, {"max_turns": 4})
    readers = readers_of(world)
    snaps, _ = play_watching(
        gid, {0: world.ann, 1: world.ben}, readers, lambda seat, legal: legal[:1]
    )
    assert len(snaps) >= 3
    for snap in snaps:
        for label, (_, seat) in readers.items():
            for q, pv in enumerate(snap.views[label]["view"]["players"]):
                assert ("hand" in pv) == (q == seat), (label, q)
    record = world.cat.ok("GET", f"/api/games/{gid}/record")  # open to all after the end
    check_snapshots_against_replay(record, snaps, readers)


def test_seabirds_private_and_sealed_messages_stay_hidden(world):
    """Seabirds to the end: Ann tells Ben one thing (in the game and by server message) and
    seals another; nobody else reads them (views, events, messages, action answers), the
    sealed one not even Ben before it opens, and every reader's view is the engine's."""
    gid = start_three(world, "seabirds", 5, {"stops": 2})
    g = f"/api/games/{gid}"
    tell_ben, sealed, note = (f"{k}{uuid.uuid4().hex}" for k in ("TB", "SL", "PM"))
    said: list[int] = []
    snaps: list[Snapshot] = []

    def choose(seat, legal):
        if seat == 0 and "ready" in legal and not said:
            said.append(len(snaps))
            world.ann.ok("POST", g + "/messages", {"kind": "private", "text": note, "to": "Ben"})
            r = world.ann.post(g + "/messages", {"kind": "private", "text": "x", "to": 0})
            assert r.status_code == 403  # not to oneself
            return [f"tell Ben: {tell_ben}", f"hide: {sealed}", "ready"]
        return ["ready"] if "ready" in legal else legal[:1]

    readers = readers_of(world)
    _, seen = play_watching(gid, {0: world.ann, 1: world.ben}, readers, choose, snaps)
    assert said, "Ann never had a turn to talk"
    for label, texts in seen.items():
        everything = "\n".join(texts)
        assert (tell_ben in everything) == (label in ("ann", "ben")), label
        assert (note in everything) == (label in ("ann", "ben")), label
    # The first look after Ann sealed her message: hers alone (it opens at the landing).
    if len(snaps) > said[0]:
        after = snaps[said[0]]
        for label in readers:
            text = json.dumps(after.views[label]) + json.dumps(after.events[label])
            opened = any(e["kind"] == "revealed" for e in after.events[label])
            assert (sealed in text) == (label == "ann" or opened), label
    record = world.cat.ok("GET", g + "/record")
    check_snapshots_against_replay(record, snaps, readers)


def test_an_idempotency_key_never_returns_another_seats_action(world):
    gid = start_three(world, "seabirds", 6, {"stops": 2})
    g = f"/api/games/{gid}"
    wait_for(
        lambda: set(world.ann.ok("GET", g + "/view")["pending"]) <= {0, 1}, what="the bot's pick"
    )
    for p in (world.ann, world.ben):  # the draft: each picks a House
        wait_for(lambda p=p: p.ok("GET", g + "/legal")["actions"], what="a turn")
        p.ok("POST", g + "/actions", {"action": p.ok("GET", g + "/legal")["actions"][0]})
    wait_for(lambda: "ready" in world.ann.ok("GET", g + "/legal")["actions"], what="Air")
    secret = f"S{uuid.uuid4().hex}"
    key = f"k-{uuid.uuid4().hex}"
    world.ann.ok("POST", g + "/actions", {"action": f"hide: {secret}", "key": key})
    r = world.ben.post(g + "/actions", {"action": "post: hello", "key": key})
    assert secret not in r.text, r.text
    assert r.status_code != 200 or not r.json().get("repeated"), r.text
