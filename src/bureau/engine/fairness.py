"""Fairness a player can check: a committed seed, receipts for actions, and ``verify``.

A hosted game's seed is drawn from the operating system's entropy (``draw_seed``, 128
bits) and never chosen by anyone. When the game starts, the Bureau publishes
``commitment(seed, salt)``; seed and salt are revealed only when the game is over.
Each action gets a ``receipt`` its player sees at once: a hash of the action's text,
its player, its number among that player's actions and a random nonce, bound to the
commitment. After the reveal, ``verify`` checks a record: the commitment against the
revealed seed, every action by replaying the whole game under the rules, and every
receipt, the player's own saved copies included.

The byte layouts (scheme ``bureau-fair/1``; ``docs/server.md`` "Fairness"):

- commitment = SHA-256( b"bureau-fair/1 seed" 0x00, seed as 32 bytes big-endian,
  salt (32 bytes) )
- receipt = SHA-256( b"bureau-fair/1 receipt" 0x00, commitment (32 bytes),
  number (8 bytes big-endian, 1 for the player's first action), player (UTF-8),
  0x00, text (UTF-8), 0x00, nonce (16 bytes) )

>>> salt = "11" * 32
>>> c = commitment(7, salt)
>>> len(c), c == commitment(7, salt), c == commitment(8, salt)
(64, True, False)
>>> r = receipt(c, 1, "Ann", "stall 7H 9S", "22" * 16)
>>> len(r), r == receipt(c, 1, "Ann", "stall 7H 9C", "22" * 16)
(64, False)
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .errors import BureauError, RecordError
from .match import Match
from .record import parse_time

SCHEME = "bureau-fair/1"
SEED_BITS = 128  # a hosted game's seed: no one can search a space this size
SEED_BYTES = 32  # the widest seed a commitment can carry (256 bits)
SALT_BYTES = 32
NONCE_BYTES = 16
FAIR = "fair: the deal was fixed before the first action and every action was applied by the rules"


def draw_seed() -> int:
    """A seed from the operating system's entropy, ``SEED_BITS`` wide."""
    return secrets.randbits(SEED_BITS)


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def _hex(value: str, size: int, what: str) -> bytes:
    try:
        raw = bytes.fromhex(value)
    except (TypeError, ValueError):
        raw = b""
    if len(raw) != size:
        raise RecordError(f"{what} must be {2 * size} hexadecimal digits")
    return raw


def commitment(seed: int, salt: str) -> str:
    """The SHA-256 commitment to ``seed`` under ``salt`` (hex), as hex."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 8 * SEED_BYTES:
        raise RecordError(f"a committed seed is a whole number from 0 to 2^{8 * SEED_BYTES} - 1")
    data = b"bureau-fair/1 seed\x00" + seed.to_bytes(SEED_BYTES, "big")
    return hashlib.sha256(data + _hex(salt, SALT_BYTES, "the salt")).hexdigest()


def receipt(committed: str, number: int, player: str, text: str, nonce: str) -> str:
    """The receipt of ``player``'s ``number``-th action ``text`` (hex SHA-256)."""
    data = b"".join(
        (
            b"bureau-fair/1 receipt\x00",
            _hex(committed, 32, "the commitment"),
            number.to_bytes(8, "big"),
            player.encode(),
            b"\x00",
            text.encode(),
            b"\x00",
            _hex(nonce, NONCE_BYTES, "a nonce"),
        )
    )
    return hashlib.sha256(data).hexdigest()


def numbered(players: list) -> list[int]:
    """Each action's number among its player's actions (1 for each player's first).

    >>> numbered(["Ann", "Ben", "Ann", "moderator", "Ann"])
    [1, 1, 2, 1, 3]
    """
    seen: Counter = Counter()
    out = []
    for who in players:
        seen[who] += 1
        out.append(seen[who])
    return out


@dataclass
class Verdict:
    """What ``verify`` found: ``fair`` when every check passed; ``checks`` says what was
    checked, ``problem`` the first check that failed."""

    fair: bool
    checks: list[str] = field(default_factory=list)
    problem: str | None = None
    arranged: list[str] = field(default_factory=list)

    @property
    def summary(self) -> str:
        if not self.fair:
            return f"unfair: {self.problem}"
        if self.arranged:
            return (
                f"arranged: the host chose {', '.join(self.arranged)}; from there the deal was"
                " fixed before the first action and every action was applied by the rules"
            )
        return FAIR


class Unfair(Exception):
    """A failed check (its message says which)."""


def verify(record: dict, receipts: Sequence[dict] = (), committed: str | None = None) -> Verdict:
    """Check a finished hosted game's ``record``; ``receipts`` are a player's saved
    receipts (as the server gave them), ``committed`` the commitment she saw at the start.

    Never raises for a bad record: a problem is an unfair verdict naming it.
    """
    verdict = Verdict(True)
    try:
        _verify(record, list(receipts), committed, verdict)
    except Unfair as exc:
        verdict.fair, verdict.problem = False, str(exc)
    return verdict


def _verify(record: dict, receipts: list[dict], committed: str | None, v: Verdict) -> None:
    fair = record.get("fairness") if isinstance(record, dict) else None
    if not isinstance(fair, dict):
        raise Unfair("the record has no commitment (a local game, or not from a server)")
    if fair.get("scheme") != SCHEME:
        raise Unfair(f"unknown fairness scheme {fair.get('scheme')!r}; this Bureau knows {SCHEME}")
    promised = fair.get("commitment")
    if committed is not None and committed.lower() != promised:
        raise Unfair("the record's commitment is not the one you saw at the start")
    if "seed" not in record or fair.get("salt") is None:
        raise Unfair("the seed is still withheld: the game is not over")
    try:
        if commitment(record["seed"], fair["salt"]) != promised:
            raise Unfair("the revealed seed and salt do not match the commitment")
    except RecordError as exc:
        raise Unfair(str(exc)) from None
    v.checks.append(f"the seed matches the commitment {promised[:16]}...")
    arranged = fair.get("arranged") or []
    v.arranged = [str(a) for a in arranged] if isinstance(arranged, list) else ["?"]
    issued = _check_receipts(record, fair, promised)
    v.checks.append(f"all {len(issued)} receipts in the record match their actions")
    _check_saved(receipts, issued, promised, v)
    _check_times(record, v)
    try:
        match = Match.replay(record)
    except BureauError as exc:
        raise Unfair(f"the replay fails: {exc}") from None
    v.checks.append(f"all {len(match.actions)} actions replay by the rules")
    out = match.outcome()
    if (None if out is None else json.loads(json.dumps(out.to_json()))) != record.get("outcome"):
        raise Unfair("the recorded outcome is not the one the actions lead to")
    if out is None:
        raise Unfair("the actions do not end the game, so its seed should not be revealed")
    v.checks.append("the recorded outcome is the replayed one")


def _check_times(record: dict, v: Verdict) -> None:
    """The commitment came with the start, before every action."""
    try:
        started = parse_time(record.get("started"))
        first = next((parse_time(a[2]) for a in record["actions"] if len(a) >= 3 and a[2]), None)
    except (BureauError, TypeError, KeyError) as exc:
        raise Unfair(f"the record's times cannot be read: {exc}") from None
    if started is not None and first is not None and first < started:
        raise Unfair("an action comes before the start, when the seed was committed")
    if started is not None:
        v.checks.append(f"committed at the start, {record['started']}, before the first action")


def _check_receipts(record: dict, fair: dict, promised: str) -> dict[tuple[str, int], str]:
    """Every receipt of the record recomputed from its action; (player, number) -> receipt."""
    actions = record.get("actions", [])
    nonces, issued = fair.get("nonces"), fair.get("receipts")
    if not (isinstance(nonces, list) and isinstance(issued, list)):
        raise Unfair("the record lacks its nonces and receipts")
    if not len(nonces) == len(issued) == len(actions):
        raise Unfair(f"{len(actions)} actions but {len(issued)} receipts and {len(nonces)} nonces")
    out = {}
    players = [str(a[0]) for a in actions]
    for index, (entry, number, nonce, given) in enumerate(
        zip(actions, numbered(players), nonces, issued, strict=True), 1
    ):
        who = players[index - 1]
        try:
            expected = receipt(promised, number, who, str(entry[1]), nonce)
        except RecordError as exc:
            raise Unfair(f"action {index}: {exc}") from None
        if given != expected:
            raise Unfair(f"the receipt of action {index} ({who}'s action {number}) is not its own")
        out[(who.lower(), number)] = expected
    return out


def _check_saved(saved: list[dict], issued: dict, promised: str, v: Verdict) -> None:
    """A player's saved receipts are the record's: nothing she did was altered or dropped."""
    for item in saved:
        if not isinstance(item, dict):
            raise Unfair(f"{item!r} is not a receipt")
        who, number = str(item.get("player", "")), item.get("number")
        if item.get("commitment") not in (None, promised):
            raise Unfair(f"{who}'s receipt {number} was issued for another commitment")
        if issued.get((who.lower(), number)) != item.get("receipt"):
            raise Unfair(
                f"{who}'s receipt for her action {number} ({item.get('text', '?')!r}) does not"
                " match the record: that action was altered or dropped"
            )
    if saved:
        v.checks.append(f"all {len(saved)} of your saved receipts are in the record")
