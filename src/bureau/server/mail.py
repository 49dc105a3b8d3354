"""E-mail notifications: what a mail says, how it is signed, and how it is sent.

Mails are never sent where they are caused. The service writes each one to the
``outbox`` table in the same transaction as its cause (an action, a start, an
invitation, a deadline drawing near), under a ``cause`` that is unique, so a cause
makes one mail however many processes see it. ``Postman`` then claims due mails one by
one (an update that only one process can win), sends them through SMTP and marks them
sent. A crash before the mark leaves the claim to lapse and the mail is sent again,
with the same ``Message-ID``: the only repeat possible, and a recognisable one.

>>> SmtpConfig.parse("smtp+starttls://ann:secret@mail.example:587").starttls
True
>>> s = Signer("k" * 32)
>>> s.open(s.token(7, "turn"))
(7, 'turn')
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import os
import re
import smtplib
import socket
import ssl
import time
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate
from urllib.parse import unquote, urlsplit

from anyio import to_thread

log = logging.getLogger("bureau.server")

# The kinds of notification, and what an account's settings call them.
KINDS = {
    "turn": "it is your turn",
    "deadline": "a deadline is near",
    "timeout": "time ran out and the Bureau acted for you",
    "start": "a game you are in started",
    "end": "a game you are in ended",
    "invite": "you are invited to a game",
}
TURN_QUIET = 3600.0  # seconds: in a game without a clock, one turn mail an hour at most
LEASE = 120.0  # seconds a claim holds before another sender may take the mail again
RETRY = (30.0, 120.0, 600.0, 3600.0)  # waits after failed sends (then hourly)
REMIND_EVERY = 30.0  # seconds between looks for deadlines drawing near
EMAIL = re.compile(r"[^@\s]{1,64}@[A-Za-z0-9.-]{1,252}\.[A-Za-z0-9-]{2,63}")


def email_problem(address) -> str | None:
    """What is wrong with an e-mail address, or None.

    >>> email_problem("ann@example.org") is None, email_problem("ann")
    (True, "'ann' is not an e-mail address (name@example.org)")
    """
    if not isinstance(address, str) or len(address) > 254 or not EMAIL.fullmatch(address):
        return f"{address!r} is not an e-mail address (name@example.org)"
    return None


def wants(notify: dict | None, kind: str) -> bool:
    """Whether an account's choices take mails of ``kind`` (every kind unless turned off)."""
    return (notify or {}).get(kind, True) is not False


@dataclass(frozen=True)
class SmtpConfig:
    """Where mails go: ``smtp://[user:pass@]host[:port]`` (plain; add ``?starttls=1``),
    ``smtp+starttls://...`` (STARTTLS, then login) or ``smtps://...`` (TLS from the
    start). Login happens when the URL carries a user."""

    host: str
    port: int
    user: str | None = None
    password: str | None = None
    starttls: bool = False
    tls: bool = False

    @classmethod
    def parse(cls, url: str) -> SmtpConfig:
        parts = urlsplit(url)
        schemes = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
        if parts.scheme not in schemes or not parts.hostname:
            raise ValueError(
                f"--smtp {url!r}: write smtp://HOST:PORT, smtp+starttls://USER:PASS@HOST:587"
                " or smtps://USER:PASS@HOST:465"
            )
        return cls(
            host=parts.hostname,
            port=parts.port or schemes[parts.scheme],
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            starttls=parts.scheme == "smtp+starttls" or "starttls=1" in parts.query,
            tls=parts.scheme == "smtps",
        )


class Signer:
    """Signed tokens for one-click unsubscribe links: an account and a kind, and an
    HMAC-SHA256 under the server's key (no login needed, nothing else unlocked)."""

    def __init__(self, key: str):
        self.key = key.encode()

    def token(self, account_id: int, kind: str) -> str:
        payload = f"{account_id}:{kind}".encode()
        mac = hmac.new(self.key, payload, hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(payload + b"." + mac).decode().rstrip("=")

    def open(self, token: str) -> tuple[int, str] | None:
        """(account id, kind) of a genuine token, else None."""
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            payload, dot, mac = raw[:-17], raw[-17:-16], raw[-16:]
            good = hmac.new(self.key, payload, hashlib.sha256).digest()[:16]
            if dot != b"." or not hmac.compare_digest(mac, good):
                return None
            account, kind = payload.decode().split(":")
            return (int(account), kind) if kind in KINDS else None
        except (ValueError, UnicodeDecodeError):  # not base64, not ACCOUNT:KIND
            return None


def message_id(outbox_id: int, cause: str, domain: str) -> str:
    """A mail's stable Message-ID: a resend after a crash carries the same one."""
    digest = hashlib.sha256(cause.encode()).hexdigest()[:16]
    return f"<bureau.{outbox_id}.{digest}@{domain}>"


class Mailer:
    """Sends one mail at a time through the configured SMTP server."""

    def __init__(self, config: SmtpConfig, sender: str, public_url: str, timeout: float = 20):
        self.config, self.sender, self.public_url = config, sender, public_url.rstrip("/")
        self.domain = urlsplit(self.public_url).hostname or "bureau.invalid"
        self.timeout = timeout

    def compose(self, row, to: str, unsubscribe: str) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = to
        msg["Subject"] = row.subject
        msg["Date"] = formatdate(row.created_at, usegmt=True)
        msg["Message-ID"] = message_id(row.id, row.cause, self.domain)
        msg["List-Unsubscribe"] = f"<{unsubscribe}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        msg["Auto-Submitted"] = "auto-generated"
        footer = (
            f"\n\n-- \nYou get this because of your Bureau notification settings."
            f"\nNo more mails of this kind ({KINDS[row.kind]}): {unsubscribe}\n"
        )
        msg.set_content(row.body + footer)
        return msg

    def send(self, msg: EmailMessage) -> None:
        """Hand ``msg`` to the SMTP server (raises on any failure)."""
        c = self.config
        if c.tls:
            smtp = smtplib.SMTP_SSL(c.host, c.port, timeout=self.timeout,
                                    context=ssl.create_default_context())  # fmt: skip
        else:
            smtp = smtplib.SMTP(c.host, c.port, timeout=self.timeout)
        with smtp:
            if c.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if c.user:
                smtp.login(c.user, c.password or "")
            smtp.send_message(msg)


class Postman:
    """The sending worker: claims due mails from the outbox (``Notices``), sends them,
    marks them."""

    def __init__(self, notices, mailer: Mailer):
        self.notices, self.mailer = notices, mailer
        self.name = f"{socket.gethostname()[:24]}:{os.getpid()}"

    def deliver_due(self, now: float | None = None, limit: int = 20) -> int:
        """Send what is due now; returns how many mails were sent."""
        now = time.time() if now is None else now
        sent = 0
        for row_id in self.notices.due(now, limit, LEASE):
            row = self.notices.claim(row_id, self.name, time.time(), LEASE)
            if row is not None:  # else another sender has it
                sent += self.deliver(row)
        return sent

    def deliver(self, row) -> int:
        """Send one claimed mail (or skip it, or put it off, saying why); 1 if sent."""
        skip, to, later = self.notices.check(row)
        if skip is not None:
            self.notices.done(row.id, self.name, f"skipped: {skip}")
            return 0
        if later is not None:
            self.notices.later(row.id, self.name, later, "put off: one turn mail an hour")
            return 0
        unsubscribe = self.notices.unsubscribe_link(row.account_id, row.kind)
        try:
            self.mailer.send(self.mailer.compose(row, to, unsubscribe))
        except (OSError, smtplib.SMTPException) as exc:
            wait = RETRY[min(row.attempts - 1, len(RETRY) - 1)]
            log.warning("mail %s to account %s not sent (%s); again in %.0f s",
                        row.id, row.account_id, exc, wait)  # fmt: skip
            self.notices.later(row.id, self.name, time.time() + wait, f"failed: {exc}")
            return 0
        self.notices.done(row.id, self.name, "sent")
        log.info("mail %s (%s) sent to account %s", row.id, row.kind, row.account_id)
        return 1

    async def run(self, period: float = 1.0, remind_every: float = REMIND_EVERY) -> None:
        """Send due mails every ``period`` seconds; write deadline reminders every
        ``remind_every`` (their leads are an hour and a day: a finer look costs a catch-up
        of every game near its deadline each time, for nothing)."""
        reminded = 0.0
        while True:
            try:
                if time.monotonic() - reminded >= remind_every:
                    await to_thread.run_sync(self.notices.remind)
                    reminded = time.monotonic()
                await to_thread.run_sync(self.deliver_due)
            except Exception:  # a broken database or mail server must not stop the loop
                log.exception("mail sender")
            await asyncio.sleep(period)
