"""The pages over plain HTTP: status codes for odd requests, escaping, and the static
files; no browser needed."""

from __future__ import annotations

import re

import httpx
import pytest

from bureau.engine import MODERATOR, Match
from bureau.server.localservices import ServerProcess
from bureau.web.pages import _frame_context


@pytest.fixture(scope="module")
def http(tmp_path_factory):
    server = ServerProcess(tmp_path_factory.mktemp("pages")).start()
    client = httpx.Client(base_url=server.url, timeout=30)
    client.post("/api/accounts", json={"name": "Ann", "password": "password123"})
    r = client.post("/api/login", json={"name": "Ann", "password": "password123"})
    client.headers["X-CSRF-Token"] = r.json()["csrf"]
    yield client
    client.close()
    server.stop()


def running_game(http, title: str = "") -> int:
    gid = http.post("/api/games", json={"game": "nobility", "players": 3, "title": title}).json()[
        "id"
    ]
    http.post(f"/api/games/{gid}/join", json={"seat": 0})
    for seat in (1, 2):
        http.post(f"/api/games/{gid}/bots", json={"seat": seat, "bot": "random"})
    assert http.post(f"/api/games/{gid}/start").status_code == 200
    return gid


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/games/999999", 404),
        ("/games/999999/fragment", 404),
        ("/games/999999/replay", 404),
        ("/games/abc", 404),
        ("/static/nothing.js", 404),
    ],
)
def test_odd_pages_answer_clearly(http, path, status):
    r = http.get(path)
    assert r.status_code == status


def test_replay_frames_refuse_bad_steps_until_and_after_the_end(http):
    gid = running_game(http)
    r = http.get(f"/games/{gid}/replay/frame", params={"step": "1"})
    assert r.status_code == 403 and "over" in r.text
    anon = httpx.get(f"{http.base_url}/games/{gid}/replay/frame", params={"step": "x"})
    assert anon.status_code == 403


def test_titles_and_messages_are_escaped(http):
    gid = running_game(http, title="<script>alert(1)</script>")
    page = http.get(f"/games/{gid}").text
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    http.post(
        f"/api/games/{gid}/messages", json={"kind": "public", "text": "<img src=x onerror=1>"}
    )
    talk = http.get(f"/games/{gid}/talk").text
    assert "<img" not in talk and "&lt;img src=x onerror=1&gt;" in talk


def test_static_files_and_the_lobby(http):
    assert "export async function api" in http.get("/static/bureau.js").text
    assert http.get("/static/bureau.css").headers["content-type"].startswith("text/css")
    lobby = http.get("/").text
    assert "New game" in lobby and 'name="csrf"' in lobby
    anon = httpx.get(str(http.base_url))
    assert "Sign up" in anon.text and 'name="csrf"' not in anon.text


def test_invitations_are_links_on_the_public_url(tmp_path):
    """``bureau serve --public-url URL``: the invitation on a table's page is a whole
    link on the address players use, not the one the server was asked for."""
    server = ServerProcess(tmp_path, args=("--public-url", "https://bureau.example/")).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as ann:
            ann.post("/api/accounts", json={"name": "Ann", "password": "password123"})
            r = ann.post("/api/login", json={"name": "Ann", "password": "password123"})
            ann.headers["X-CSRF-Token"] = r.json()["csrf"]
            table = ann.post("/api/games", json={"game": "nobility", "players": 3}).json()
            page = ann.get(f"/games/{table['id']}").text
            shown = re.search(r'class="invite"[^>]*value="([^"]+)"', page).group(1)
            assert shown == f"https://bureau.example/games/{table['id']}?invite={table['invite']}"
            assert table["invite"] not in httpx.get(f"{server.url}/games/{table['id']}").text
    finally:
        server.stop()


def test_a_frame_names_its_reader():
    """A frame (a replay's, a look back's) says whose view it is: the seat's player, the
    moderator (never the name of the seat her number would index), or a spectator."""
    m = Match("seabirds", ["Ann", "Ben", "Cat"], seed=1)
    for seat, me in ((0, "Ann"), (2, "Cat"), (MODERATOR, "moderator"), (None, None)):
        assert _frame_context(m, m.record(), 0, seat)["me"] == me
