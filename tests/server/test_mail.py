"""E-mail notifications through a real SMTP server (aiosmtpd on loopback): a turn, a
start, an end, a timeout, an invitation and a deadline drawing near each make one mail
with the table's link and a one-click unsubscribe link; one mail per cause across a
SIGKILL of the server and across two server processes; no mail tells its reader more
than the game would."""

from __future__ import annotations

import email
import re
import sqlite3
import threading
import time
from email import policy

import httpx
import pytest
from aiosmtpd.controller import Controller

from bureau.server.db import OutboxRow, database_url, open_store
from bureau.server.localservices import free_port
from bureau.server.mail import Mailer, Postman, Signer, SmtpConfig
from bureau.server.migrations import upgrade
from bureau.server.service import Reader, Service

from .conftest import Server
from .services import postgres  # noqa: F401  (a fixture)


class Inbox:
    """What the SMTP server received: parsed messages, thread-safe."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]

    def wait(self, count: int, seconds: float = 20) -> list:
        deadline = time.time() + seconds
        while time.time() < deadline:
            with self.lock:
                if len(self.messages) >= count:
                    return list(self.messages)
            time.sleep(0.05)
        raise AssertionError(f"{len(self.messages)} mails arrived, not {count}")


@pytest.fixture
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller, inbox
    controller.stop()


def body(msg) -> str:
    return msg.get_body(("plain",)).get_content()


# -- in one process: what each cause mails, and what it says -----------------------------------


def service_with_mail(tmp_path, controller) -> tuple[Service, Postman]:
    store = open_store(database_url(str(tmp_path / "m.sqlite3")), create=False)
    upgrade(store.engine)
    svc = Service(store)
    svc.notices.enabled, svc.notices.public_url = True, "https://bureau.example"
    config = SmtpConfig.parse(f"smtp://127.0.0.1:{controller.port}")
    return svc, Postman(svc.notices, Mailer(config, "Bureau <b@bureau.example>",
                                            "https://bureau.example"))  # fmt: skip


def table(svc: Service, game: str, names: list[str], options: dict) -> tuple[int, list[dict]]:
    accounts = [svc.register(n, "password123", f"{n.lower()}@example.org") for n in names]
    created = svc.create(accounts[0], game, len(names), options)
    for seat, a in enumerate(accounts):
        svc.join(a, created["id"], seat, created["invite"])
    svc.start(accounts[0], created["id"])
    return created["id"], accounts


def test_a_start_and_a_turn_mail_with_the_tables_link_and_unsubscribe(tmp_path, smtp):
    controller, inbox = smtp
    svc, postman = service_with_mail(tmp_path, controller)
    gid, _ = table(svc, "nobility", ["Ann", "Ben", "Cat"], {"max_turns": 6})
    pending = svc.game(gid).match.pending()
    postman.deliver_due()
    names = ["Ann", "Ben", "Cat"]
    for seat, name in enumerate(names):
        mails = inbox.to(f"{name.lower()}@example.org")
        subjects = sorted(m["Subject"] for m in mails)
        expected = ["Started: Nobility #1"] + ["Your turn: Nobility #1"] * (seat in pending)
        assert subjects == sorted(expected), (name, subjects)
        for m in mails:
            assert f"https://bureau.example/games/{gid}" in body(m)
            assert re.fullmatch(r"<bureau\.\d+\.[0-9a-f]{16}@bureau\.example>", m["Message-ID"])
            unsubscribe = str(m["List-Unsubscribe"]).strip()
            assert unsubscribe.startswith("<https://bureau.example/unsubscribe?token=")
    assert postman.deliver_due() == 0  # each once
    # A player's move makes the next seat's turn mail, and that seat only.
    first = pending[0]
    legal = svc.legal(gid, Reader(None, first))
    svc.submit(gid, Reader(None, first), legal[0])
    now_pending = [p for p in svc.game(gid).match.pending() if p != first]
    postman.deliver_due()
    for seat in now_pending:
        turn = [m for m in inbox.to(f"{names[seat].lower()}@example.org")
                if m["Subject"].startswith("Your turn")]  # fmt: skip
        assert turn, names[seat]


def test_the_unsubscribe_link_turns_one_kind_off_without_a_login(tmp_path, smtp):
    controller, inbox = smtp
    svc, postman = service_with_mail(tmp_path, controller)
    _, accounts = table(svc, "nobility", ["Ann", "Ben", "Cat"], {"max_turns": 6})
    postman.deliver_due()
    start = next(m for m in inbox.to("ann@example.org") if m["Subject"].startswith("Started"))
    token = str(start["List-Unsubscribe"]).strip().split("token=")[1].rstrip(">")
    assert svc.notices.unsubscribe(token) == "a game you are in started"
    assert svc.settings(accounts[0])["notify"]["start"] is False
    assert svc.settings(accounts[0])["notify"]["turn"] is True
    assert svc.notices.unsubscribe(token[:-2] + "AA") is None  # a forged token does nothing
    assert Signer("other key").open(token) is None


def test_a_timeout_mail_names_the_move_to_its_player_only(tmp_path, smtp):
    controller, inbox = smtp
    svc, postman = service_with_mail(tmp_path, controller)
    gid, _ = table(svc, "aristocracy", ["Ann", "Ben"], {"decision_seconds": 1, "max_years": 1})
    time.sleep(1.1)
    waiting = set(svc.game(gid).match.pending())
    assert svc.time_out(gid) == len(waiting)
    postman.deliver_due()
    played = {seat: text for seat, text, _ in svc.game(gid).match.actions}
    for seat, name in enumerate(["Ann", "Ben"]):
        timeouts = [m for m in inbox.to(f"{name.lower()}@example.org")
                    if m["Subject"].startswith("Time ran out")]  # fmt: skip
        assert len(timeouts) == (seat in waiting)
        for m in timeouts:
            assert f"the Bureau played '{played[seat]}' for you" in body(m)
        for m in inbox.to(f"{name.lower()}@example.org"):
            for other in waiting - {seat}:
                assert f"'{played[other]}'" not in body(m)  # another's secret stall


def test_mails_tell_no_one_more_than_the_game_would(tmp_path, smtp):
    """The no-leak property, for mails: a whole game of timeouts; every quoted move in a
    player's mails is one of her own, and no mail holds another player's hand."""
    controller, inbox = smtp
    svc, postman = service_with_mail(tmp_path, controller)
    gid, _ = table(svc, "aristocracy", ["Ann", "Ben", "Cat"],
                   {"decision_seconds": 1, "max_years": 1})  # fmt: skip
    while svc.game(gid).match.outcome() is None:
        time.sleep(1.02)
        svc.time_out(gid)
        postman.deliver_due()
    m = svc.game(gid).match
    for seat, name in enumerate(m.names):
        mine = {text for s, text, _ in m.actions if s == seat}
        mails = inbox.to(f"{name.lower()}@example.org")
        assert any(x["Subject"].startswith("Game over") for x in mails)
        for x in mails:
            for quoted in re.findall(r"'([^']+)'", body(x)):
                assert quoted in mine, (name, quoted)


def test_a_deadline_reminder_once_and_a_turn_mail_at_most_hourly_without_a_clock(tmp_path, smtp):
    controller, inbox = smtp
    svc, postman = service_with_mail(tmp_path, controller)
    gid, _ = table(svc, "aristocracy", ["Ann", "Ben"], {"decision_seconds": 1800})
    pending = svc.game(gid).match.pending()
    assert svc.notices.remind() == len(pending)
    assert svc.notices.remind() == 0
    svc.notices.reminded.clear()  # as another process would: the cause is written once
    assert svc.notices.remind() == 0
    postman.deliver_due()
    reminders = [x for x in inbox.messages if "left:" in x["Subject"]]
    assert len(reminders) == len(pending)
    assert "30 minutes" in reminders[0]["Subject"]
    assert "If you have not acted by then, the Bureau plays" in body(reminders[0])
    # Without a clock: a second turn mail within the hour waits for the hour.
    gid2, accounts = table(svc, "nobility", ["Dan", "Eve", "Fay"], {})
    seat = svc.game(gid2).match.pending()[0]
    postman.deliver_due()
    with svc.store.session() as s:
        s.add(OutboxRow(**svc.notices.row(f"turn:{gid2}:99:{seat}", "turn",
                                          accounts[seat].id, gid2, seat, "Your turn", "x")))
        s.commit()  # fmt: skip
    assert postman.deliver_due() == 0
    with svc.store.session() as s:
        later = s.query(OutboxRow).filter_by(cause=f"turn:{gid2}:99:{seat}").one()
        assert later.sent_at is None and later.not_before > time.time() + 3500


def test_accounts_give_an_address_and_choose_their_mails(hosted):
    r = httpx.post(f"{hosted.url}/api/accounts",
                   json={"name": "Ann", "password": "password123", "email": "not an address"})
    assert r.status_code == 400 and "e-mail" in r.json()["error"]
    r = httpx.post(f"{hosted.url}/api/accounts",
                   json={"name": "Ann", "password": "password123", "email": "ann@example.org"})
    assert r.status_code == 201
    with httpx.Client(base_url=hosted.url) as c:
        token = c.post("/api/login", json={"name": "Ann", "password": "password123",
                                            "bearer": True}).json()["token"]  # fmt: skip
        c.headers["Authorization"] = f"Bearer {token}"
        me = c.get("/api/me").json()
        assert me["email"] == "ann@example.org" and all(me["notify"].values())
        me = c.post("/api/me", json={"notify": {"turn": False}, "email": "a@b.org"}).json()
        assert me["email"] == "a@b.org" and me["notify"]["turn"] is False
        assert c.post("/api/me", json={"notify": {"gossip": True}}).status_code == 400
        assert c.post("/api/me", json={"email": "nope"}).status_code == 400
        assert c.post("/api/me", json={"email": None}).json()["email"] is None


# -- real servers: a SIGKILL, two processes -----------------------------------------------------


def sign_up(url: str, name: str) -> httpx.Client:
    c = httpx.Client(base_url=url, timeout=30)
    c.post("/api/accounts", json={"name": name, "password": "password123",
                                  "email": f"{name.lower()}@example.org"})  # fmt: skip
    token = c.post("/api/login", json={"name": name, "password": "password123",
                                       "bearer": True}).json()["token"]  # fmt: skip
    c.headers["Authorization"] = f"Bearer {token}"
    return c


def a_started_game(url: str, names=("Ann", "Ben", "Cat")) -> int:
    people = [sign_up(url, n) for n in names]
    created = people[0].post("/api/games", json={"game": "nobility", "players": 3,
                                                 "options": {"max_turns": 6}}).json()  # fmt: skip
    for seat, p in enumerate(people):
        assert p.post(f"/api/games/{created['id']}/join",
                      json={"invite": created["invite"], "seat": seat}).status_code == 200
    assert people[0].post(f"/api/games/{created['id']}/start").status_code == 200
    for p in people:
        p.close()
    return created["id"]


def test_one_mail_per_cause_across_a_sigkill(tmp_path):
    """The server writes the mails with the start, then dies (SIGKILL) before it could
    send them (the SMTP server is not up yet); started again, it sends each once. A mail
    sent but not marked (a crash in that instant) goes again with the same Message-ID."""
    port = free_port()
    srv = Server(tmp_path, allow_fixtures=False,
                 args=("--smtp", f"smtp://127.0.0.1:{port}")).start()  # fmt: skip
    a_started_game(srv.url)
    time.sleep(1.5)  # the sender tried once, and failed: nobody listens yet
    srv.kill()
    db = sqlite3.connect(tmp_path / "bureau.sqlite3")
    causes = [c for (c,) in db.execute("SELECT cause FROM outbox WHERE sent_at IS NULL")]
    assert len(causes) == 4  # three starts, one turn
    db.execute("UPDATE outbox SET not_before = 0")  # the retry's wait has passed
    db.commit()
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        srv.start()
        mails = inbox.wait(4)
        time.sleep(1.5)
        assert len(inbox.messages) == 4
        ids = {m["Message-ID"] for m in mails}
        assert len(ids) == 4
        # A crash between sending one and marking it: its claim lapses, it goes again.
        db.execute("UPDATE outbox SET sent_at = NULL, claimed_at = 1, outcome = NULL"
                   " WHERE id = (SELECT min(id) FROM outbox)")  # fmt: skip
        db.commit()
        inbox.wait(5)
        assert inbox.messages[-1]["Message-ID"] in ids  # recognisably the same mail
    finally:
        srv.stop()
        controller.stop()
        db.close()


@pytest.mark.xdist_group("postgres")
def test_two_processes_send_each_mail_once(tmp_path, postgres, smtp):  # noqa: F811
    controller, inbox = smtp
    db = postgres.create_database(f"bureau_mail_{free_port()}")
    args = ("--smtp", f"smtp://127.0.0.1:{controller.port}")
    a = Server(tmp_path, db=db, allow_fixtures=False, args=args).start()
    b = Server(tmp_path, db=db, allow_fixtures=False, args=args).start()
    try:
        for _ in range(3):
            a_started_game(a.url if _ % 2 else b.url, names=tuple(
                f"{n}{_}" for n in ("Ann", "Ben", "Cat")))  # fmt: skip
        mails = inbox.wait(12)
        time.sleep(2.5)  # both senders had time to send a second copy, if they would
        assert len(inbox.messages) == 12
        assert len({m["Message-ID"] for m in mails}) == 12
    finally:
        a.stop()
        b.stop()
