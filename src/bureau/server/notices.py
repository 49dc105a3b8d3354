"""What the service mails, and the outbox behind it (``docs/server.md`` "Notifications").

``Notices`` turns what happens in a game into outbox rows: a turn, a timeout, the end
(with an action, in its commit), the start (in the start's commit), an invitation, and
a deadline drawing near (a unique cause per seat, deadline and lead time). Each mail
says only what its reader may know: the game's title and link, the deadline, what the
Bureau played for her (her own move), the public result. ``Postman``
(``bureau.server.mail``) sends them through ``due``, ``claim``, ``check``, ``done`` and
``failed``.
"""

from __future__ import annotations

import secrets
import time

from sqlalchemy import and_, func, or_, select, update
from sqlalchemy.exc import IntegrityError

from .db import AccountRow, GameRow, OutboxRow, SeatRow, SettingRow
from .mail import KINDS, TURN_QUIET, Signer, wants

CONTACT_CACHE = 60.0  # seconds an account's address and choices are trusted unread
LEADS = (3600.0, 86400.0)  # reminders this long before a deadline (a day: for long phases)


def clock_text(at: float) -> str:
    return time.strftime("%d %b %Y %H:%M UTC", time.gmtime(at))


def left_text(seconds: float) -> str:
    """
    >>> left_text(3600), left_text(86400), left_text(90)
    ('1 hour', '24 hours', '2 minutes')
    """
    if seconds >= 3600:
        hours = round(seconds / 3600)
        return f"{hours} hour{'s' * (hours != 1)}"
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute{'s' * (minutes != 1)}"


class Notices:
    def __init__(self, service, public_url: str = "http://127.0.0.1:8000"):
        self.service = service
        self.store = service.store
        self.public_url = public_url.rstrip("/")
        self.enabled = False  # True once a mailer is configured (bureau serve --smtp)
        self.contacts: dict[int, tuple[str | None, dict | None, float]] = {}
        self.reminded: set[str] = set()  # deadline causes this process wrote already
        self._signer: Signer | None = None

    # -- accounts ------------------------------------------------------------------------------

    def contact(self, account_id: int) -> tuple[str | None, dict | None]:
        """An account's address and choices, read at most once a minute."""
        hit = self.contacts.get(account_id)
        if hit is not None and time.monotonic() - hit[2] < CONTACT_CACHE:
            return hit[0], hit[1]
        with self.store.session() as s:
            a = s.get(AccountRow, account_id)
            found = (None, None) if a is None else (a.email, a.notify)
        self.contacts[account_id] = (*found, time.monotonic())
        return found

    def forget(self, account_id: int) -> None:
        self.contacts.pop(account_id, None)

    def mailable(self, account_id: int | None, kind: str) -> bool:
        if not self.enabled or account_id is None:
            return False
        email, notify = self.contact(account_id)
        return email is not None and wants(notify, kind)

    # -- links and signing -----------------------------------------------------------------------

    def link(self, game_id: int) -> str:
        return f"{self.public_url}/games/{game_id}"

    @property
    def signer(self) -> Signer:
        """The signing key shared by every process (made once, kept in ``settings``)."""
        if self._signer is None:
            with self.store.session() as s:
                row = s.get(SettingRow, "mail_key")
                if row is None:
                    s.add(SettingRow(key="mail_key", value=secrets.token_hex(32)))
                    try:
                        s.commit()
                    except IntegrityError:  # another process made it first
                        s.rollback()
                    row = s.get(SettingRow, "mail_key")
                self._signer = Signer(row.value)
        return self._signer

    def unsubscribe_link(self, account_id: int, kind: str) -> str:
        return f"{self.public_url}/unsubscribe?token={self.signer.token(account_id, kind)}"

    def unsubscribe(self, token: str) -> str | None:
        """Turn off the kind a genuine token names; the kind's words, or None."""
        opened = self.signer.open(token)
        if opened is None:
            return None
        account_id, kind = opened
        with self.store.session() as s:
            a = s.get(AccountRow, account_id)
            if a is None:
                return None
            a.notify = {**(a.notify or {}), kind: False}
            s.commit()
        self.forget(account_id)
        return KINDS[kind]

    # -- what causes mails ---------------------------------------------------------------------

    def row(self, cause: str, kind: str, account_id: int, game_id: int | None, seat,
            subject: str, body: str, not_before: float = 0.0) -> dict:  # fmt: skip
        return {
            "cause": cause, "kind": kind, "account_id": account_id, "game_id": game_id,
            "seat": seat, "subject": subject[:200], "body": body, "created_at": time.time(),
            "not_before": not_before, "attempts": 0,
        }  # fmt: skip

    def title(self, game_id: int, match) -> str:
        return f"{match.game.title} #{game_id}"

    def on_action(self, game_id: int, loaded, trial, seat: int, canonical: str,
                  timeout: bool, seq: int) -> list[dict]:  # fmt: skip
        """The mails an accepted action causes, to go in its commit."""
        if not self.enabled:
            return []
        m = loaded.match
        game, title = m.game, self.title(game_id, m)
        out = []
        if timeout and self.mailable(loaded.accounts.get(seat), "timeout"):
            out.append(self.row(
                f"timeout:{game_id}:{seq}", "timeout", loaded.accounts[seat], game_id, seat,
                f"Time ran out: {title}",
                f"Time ran out for {m.names[seat]} in {title}: the Bureau played"
                f" '{canonical}' for you.\n\nThe table: {self.link(game_id)}",
            ))  # fmt: skip
        outcome = game.outcome(trial)
        if outcome is not None:
            return out + self._ended(game_id, loaded, outcome)
        before, after = set(game.pending(m.state)), game.pending(trial)
        deadline = game.deadline(trial)
        for s in after:
            account = loaded.accounts.get(s)
            if s in before or not self.mailable(account, "turn"):
                continue
            when = f"\nThe deadline: {clock_text(deadline)}." if deadline else ""
            out.append(self.row(
                f"turn:{game_id}:{seq}:{s}", "turn", account, game_id, s,
                f"Your turn: {title}",
                f"It is your turn in {title}.{when}\n\nThe table: {self.link(game_id)}",
            ))  # fmt: skip
        return out

    def _ended(self, game_id: int, loaded, outcome) -> list[dict]:
        m = loaded.match
        title = self.title(game_id, m)
        winners = ", ".join(m.names[w] for w in outcome.winners) or "nobody"
        body = (
            f"{title} is over: {outcome.reason}.\nWinner{'s' * (len(outcome.winners) != 1)}:"
            f" {winners}.\n\nThe table, the replay and the record (with its seed revealed,"
            f" to check with bureau verify): {self.link(game_id)}"
        )
        return [
            self.row(
                f"end:{game_id}:{account}",
                "end",
                account,
                game_id,
                seat,
                f"Game over: {title}",
                body,
            )
            for seat, account in sorted(loaded.accounts.items())
            if self.mailable(account, "end")
        ]

    def on_start(self, game_id: int, match, accounts: dict[int, int]) -> list[OutboxRow]:
        """The start's mails (for each seated player, and whose turn it is)."""
        if not self.enabled:
            return []
        title, out = self.title(game_id, match), []
        names = ", ".join(match.names)
        pending = match.pending()
        for seat, account in sorted(accounts.items()):
            if self.mailable(account, "start"):
                out.append(self.row(
                    f"start:{game_id}:{account}", "start", account, game_id, seat,
                    f"Started: {title}",
                    f"{title} has started. The players: {names}.\n\nThe table:"
                    f" {self.link(game_id)}",
                ))  # fmt: skip
            if seat in pending and self.mailable(account, "turn"):
                out.append(self.row(
                    f"turn:{game_id}:0:{seat}", "turn", account, game_id, seat,
                    f"Your turn: {title}",
                    f"It is your turn in {title}.\n\nThe table: {self.link(game_id)}",
                ))  # fmt: skip
        return [OutboxRow(**r) for r in out]

    def invitation(self, game_id: int, game_title: str, host: str, account_id: int,
                   invite: str) -> OutboxRow | None:  # fmt: skip
        if not self.mailable(account_id, "invite"):
            return None
        link = f"{self.link(game_id)}?invite={invite}"
        return OutboxRow(**self.row(
            f"invite:{game_id}:{account_id}", "invite", account_id, game_id, None,
            f"{host} invites you to {game_title} #{game_id}",
            f"{host} invites you to a game of {game_title} (#{game_id}).\n\nTake your seat:"
            f" {link}",
        ))  # fmt: skip

    def remind(self, now: float | None = None) -> int:
        """Mails for deadlines drawing near (1 hour before; 24 hours too when the phase
        lasts a day or more), one per seat, deadline and lead: returns how many."""
        if not self.enabled:
            return 0
        now = time.time() if now is None else now
        with self.store.session() as s:
            games = s.scalars(
                select(GameRow.id).where(
                    GameRow.status == "running", GameRow.deadline.is_not(None),
                    GameRow.deadline > now, GameRow.deadline <= now + max(LEADS),
                )
            ).all()  # fmt: skip
        made = 0
        for game_id in games:
            made += self._remind_game(game_id, now)
        return made

    def _remind_game(self, game_id: int, now: float) -> int:
        loaded = self.service.game(game_id)
        m = loaded.match
        deadline = m.game.deadline(m.state)
        if deadline is None or deadline <= now or m.outcome() is not None:
            return 0
        began = max([t for _, _, t in m.actions[-1:] if t is not None] + [m.started or 0.0])
        made = 0
        for lead in LEADS:
            if deadline - now > lead or (lead > LEADS[0] and deadline - began < lead):
                continue
            for seat in m.pending():
                account = loaded.accounts.get(seat)
                cause = f"deadline:{game_id}:{seat}:{deadline:.0f}:{lead:.0f}"
                if cause in self.reminded or not self.mailable(account, "deadline"):
                    continue
                self.reminded.add(cause)
                made += self._write_once(self._reminder(game_id, m, seat, account, deadline,
                                                        now, cause))  # fmt: skip
        return made

    def _reminder(self, game_id, m, seat, account, deadline, now, cause) -> dict:
        title = self.title(game_id, m)
        try:
            default = m.game.timeout_action(m.state, seat)
        except NotImplementedError:
            default = None
        then = f" If you have not acted by then, the Bureau plays '{default}' for you." * (
            default is not None
        )
        return self.row(
            cause, "deadline", account, game_id, seat,
            f"{left_text(deadline - now)} left: {title}",
            f"The deadline in {title} is {clock_text(deadline)}, in"
            f" {left_text(deadline - now)}.{then}\n\nThe table: {self.link(game_id)}",
        )  # fmt: skip

    def _write_once(self, row: dict) -> int:
        """Insert a mail whose cause may be written already (another process): 1 if new."""
        with self.store.session() as s:
            s.add(OutboxRow(**row))
            try:
                s.commit()
            except IntegrityError:
                return 0
        return 1

    # -- the outbox, for the Postman -----------------------------------------------------------

    def due(self, now: float, limit: int, lease: float = 120.0) -> list[int]:
        with self.store.session() as s:
            return s.scalars(
                select(OutboxRow.id)
                .where(
                    OutboxRow.sent_at.is_(None), OutboxRow.not_before <= now,
                    or_(OutboxRow.claimed_at.is_(None), OutboxRow.claimed_at < now - lease),
                )
                .order_by(OutboxRow.id)
                .limit(limit)
            ).all()  # fmt: skip

    def claim(self, row_id: int, me: str, now: float, lease: float) -> OutboxRow | None:
        """Take a mail for sending; None if another sender holds it or it was sent."""
        with self.store.session() as s:
            won = s.execute(
                update(OutboxRow)
                .where(
                    OutboxRow.id == row_id, OutboxRow.sent_at.is_(None),
                    or_(OutboxRow.claimed_at.is_(None), OutboxRow.claimed_at < now - lease),
                )
                .values(claimed_by=me, claimed_at=now, attempts=OutboxRow.attempts + 1)
            ).rowcount  # fmt: skip
            s.commit()
            return s.get(OutboxRow, row_id) if won == 1 else None

    def check(self, row: OutboxRow) -> tuple[str | None, str | None, float | None]:
        """(why to skip it, or None; the address; a later time to send it instead)."""
        with self.store.session() as s:
            a = s.get(AccountRow, row.account_id)
            if a is None or not a.email:
                return "no e-mail address", None, None
            if not wants(a.notify, row.kind):
                return f"{row.kind} mails turned off", None, None
            if row.kind != "turn":
                return None, a.email, None
            m = self.service.game(row.game_id).match
            if m.outcome() is not None or row.seat not in m.pending():
                return "no longer their turn", None, None
            if m.game.deadline(m.state) is None:  # no clock: one turn mail an hour
                last = s.scalar(
                    select(func.max(OutboxRow.sent_at)).where(
                        and_(OutboxRow.account_id == row.account_id,
                             OutboxRow.game_id == row.game_id, OutboxRow.kind == "turn",
                             OutboxRow.outcome == "sent")
                    )
                )  # fmt: skip
                if last is not None and time.time() - last < TURN_QUIET:
                    return None, a.email, last + TURN_QUIET
            return None, a.email, None

    def done(self, row_id: int, me: str, outcome: str) -> None:
        with self.store.session() as s:
            s.execute(
                update(OutboxRow)
                .where(OutboxRow.id == row_id, OutboxRow.claimed_by == me)
                .values(sent_at=time.time(), outcome=outcome[:200])
            )
            s.commit()

    def later(self, row_id: int, me: str, when: float, why: str) -> None:
        """Give the mail back, to be sent no sooner than ``when``."""
        with self.store.session() as s:
            s.execute(
                update(OutboxRow)
                .where(OutboxRow.id == row_id, OutboxRow.claimed_by == me)
                .values(claimed_by=None, claimed_at=None, not_before=when, outcome=why[:200])
            )
            s.commit()

    def accounts_of(self, s, game_id: int) -> dict[int, int]:
        return {
            x.seat: x.account_id
            for x in s.scalars(select(SeatRow).where(SeatRow.game_id == game_id))
            if x.account_id is not None
        }
