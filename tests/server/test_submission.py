"""The one submission path: ``submit`` (worker threads) and ``submit_async`` (the event
loop) make the same attempt, so a retried key answers the first result on either, and a
write that another process overtook is rebuilt from the log and checked again."""

from __future__ import annotations

import asyncio
import time

import pytest

from bureau.engine import Match
from bureau.server.accounts import Account
from bureau.server.checks import game_row
from bureau.server.db import database_url, open_store
from bureau.server.migrations import upgrade
from bureau.server.service import Service, ServiceError


@pytest.fixture
def two(tmp_path):
    """Two services (two processes' worth) on one database, and a running table."""
    url = database_url(str(tmp_path / "p.sqlite3"))
    store = open_store(url, create=False)
    upgrade(store.engine)
    first = Service(store, allow_fixtures=True)
    second = Service(open_store(url, create=False))
    accounts = [first.register(name, "password123") for name in ("Ann", "Ben")]
    game = first.create(accounts[0], "aristocracy", 2, {}, seed=3)
    for a in accounts:
        first.join(a, game["id"], None, game["invite"])
    first.start(accounts[0], game["id"])
    yield first, second, accounts, game["id"]
    first.writer.close()
    second.writer.close()


def turn(svc: Service, gid: int, accounts: list[Account]):
    m = svc.game(gid).match
    seat = m.pending()[0]
    reader = svc.reader(accounts[seat], gid)
    return reader, str(m.game.legal_actions(m.state, seat)[0])


def test_accounts_are_typed_and_frozen(two):
    first, _, accounts, _ = two
    assert accounts[0] == Account(accounts[0].id, "Ann")
    with pytest.raises(AttributeError):
        accounts[0].name = "Eve"
    token, _, account = first.login("ann", "password123")
    assert account == accounts[0] and first.who(token)[0] == accounts[0]


def test_a_retried_key_answers_the_first_result_on_either_path(two):
    first, _, accounts, gid = two
    reader, action = turn(first, gid, accounts)
    answer = asyncio.run(first.submit_async(gid, reader, action, "once"))
    assert answer["accepted"] and not answer.get("repeated")
    version = first.game(gid).version
    again = first.submit(gid, reader, action, "once")
    assert again == {"accepted": True, "repeated": True, "action": answer["action"]}
    assert asyncio.run(first.submit_async(gid, reader, action, "once")) == again
    assert first.game(gid).version == version  # applied once


@pytest.mark.parametrize("path", ["submit", "submit_async"])
def test_an_overtaken_write_is_checked_again_on_the_new_log(two, path):
    """A client retries her action against another process that has not seen the first
    try: that process's write is overtaken, it rebuilds the game from the log, and finds
    the key answered already."""
    first, second, accounts, gid = two
    stale = first.game(gid)  # the first process knows the game before the action
    reader, action = turn(second, gid, accounts)
    done = second.submit(gid, reader, action, "retried")  # the second process goes first
    if path == "submit":
        answer = first.submit(gid, reader, action, "retried")
    else:
        answer = asyncio.run(first.submit_async(gid, reader, action, "retried"))
    assert answer == {"accepted": True, "repeated": True, "action": done["action"]}
    rebuilt = first.game(gid)
    assert rebuilt is not stale and rebuilt.version == 1
    assert rebuilt.match.record() == second.game(gid).match.record()
    with pytest.raises(ServiceError) as refused:  # under another key: checked anew
        first.submit(gid, reader, action, "other")
    assert refused.value.status == 422


def test_a_catch_up_during_an_awaited_commit_applies_nothing_twice(two):
    """While ``submit_async`` awaits its commit, the event loop's thread holds the game's
    (reentrant) lock and runs other requests' work. A catch-up there must not replay the
    action just written to the log: the submission adopts it itself, and the record would
    hold it twice (a table's talk panel once did this)."""
    first, _, accounts, gid = two
    reader, action = turn(first, gid, accounts)

    def committed() -> bool:
        with first.store.session() as s:
            return game_row(s, gid).version == 1

    async def meanwhile():
        task = asyncio.create_task(first.submit_async(gid, reader, action, "k"))
        while gid not in first.submitting:
            await asyncio.sleep(0)
        deadline = time.monotonic() + 10
        while not committed():  # blocks the loop: the submission cannot resume yet
            assert time.monotonic() < deadline, "the write never committed"
            time.sleep(0.005)
        during = first.game(gid)  # the loop's thread, the lock held by the submission
        assert during.version == 0 and during.match.actions == []
        return await task

    answer = asyncio.run(meanwhile())
    assert answer["accepted"] and answer["action"] == action
    loaded = first.game(gid)
    assert loaded.version == 1 and [a[1] for a in loaded.match.actions] == [action]
    replayed = Match.replay(first.full_record(gid, loaded))  # the record holds it once
    assert [a[:2] for a in replayed.actions] == [a[:2] for a in loaded.match.actions]
