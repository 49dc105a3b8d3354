"""Accounts: registering, logging in and out, settings and invitations, and the two
small types that say who is asking: an ``Account`` and, within a game, a ``Reader``."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from bureau.engine import load

from . import auth
from .checks import game_row, refuse
from .db import AccountRow, Store, TokenRow
from .mail import KINDS, email_problem
from .notices import Notices

LOGIN_CACHE = 60.0  # seconds a checked login is trusted without asking the database


@dataclass(frozen=True, slots=True)
class Account:
    """A logged-in account as the service and the pages pass it: its id and the name it
    is shown by.

    >>> Account(3, "Ann").to_json()
    {'id': 3, 'name': 'Ann'}
    """

    id: int
    name: str

    @classmethod
    def of(cls, row: AccountRow) -> Account:
        return cls(row.id, row.display)

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name}


@dataclass(frozen=True)
class Reader:
    """Who is asking about a game: a seat, the moderator, or a spectator (seat None)."""

    account_id: int | None
    seat: int | None


class Accounts:
    """The ``Service``'s accounts (``service.py`` composes it with the rest)."""

    store: Store
    passwords: auth.Passwords
    notices: Notices
    # Logins seen lately: token hash -> (account, token row, when checked)
    logins: dict[str, tuple[Account, TokenRow, float]]

    def register(self, name: str, password: str, email: str | None = None) -> Account:
        problem = auth.name_problem(name) or auth.password_problem(password)
        if email is not None:
            problem = problem or email_problem(email)
        if problem:
            raise refuse(400, problem)
        with self.store.session() as s:
            hashed = self.passwords.hash(password)
            s.add(AccountRow(name=name.lower(), display=name, password_hash=hashed, email=email))
            try:
                s.commit()
            except IntegrityError:
                raise refuse(409, f"the name {name!r} is taken") from None
            return Account.of(s.scalar(select(AccountRow).where(AccountRow.name == name.lower())))

    def login(self, name: str, password: str, kind: str = "session") -> tuple[str, str, Account]:
        """A new token (and its CSRF token) for a right name and password."""
        with self.store.session() as s:
            account = s.scalar(select(AccountRow).where(AccountRow.name == str(name).lower()))
            if account is None or not self.passwords.verify(account.password_hash, str(password)):
                raise refuse(401, "wrong name or password")
            token, csrf = auth.new_token(), auth.new_token()
            s.add(
                TokenRow(
                    token_hash=auth.token_hash(token),
                    account_id=account.id,
                    kind=kind,
                    csrf=csrf,
                    expires_at=time.time() + auth.SESSION_SECONDS,
                )
            )
            s.commit()
            return token, csrf, Account.of(account)

    def settings(self, account: Account) -> dict:
        """The account's e-mail address and notification choices (every kind listed)."""
        with self.store.session() as s:
            a = s.get(AccountRow, account.id)
            return {
                "id": a.id, "name": a.display, "email": a.email,
                "notify": {k: (a.notify or {}).get(k, True) is not False for k in KINDS},
                "kinds": KINDS,
            }  # fmt: skip

    def change_settings(self, account: Account, data: dict) -> dict:
        """Set ``email`` (null: none) and ``notify`` ({kind: true/false}); both optional."""
        unknown = sorted(set(data) - {"email", "notify"})
        if unknown:
            raise refuse(400, f"unknown setting {unknown[0]!r}; the settings are email, notify")
        notify = data.get("notify", {})
        if not isinstance(notify, dict) or any(
            k not in KINDS or not isinstance(v, bool) for k, v in notify.items()
        ):
            raise refuse(400, "notify is an object of KIND: true/false; the kinds are "
                              + ", ".join(KINDS))  # fmt: skip
        email = data.get("email", ...)
        if email not in (None, ...) and email_problem(email):
            raise refuse(400, email_problem(email))
        with self.store.session() as s:
            a = s.get(AccountRow, account.id)
            if email is not ...:
                a.email = email
            a.notify = {**(a.notify or {}), **notify}
            s.commit()
        self.notices.forget(account.id)
        return self.settings(account)

    def invite(self, account: Account, game_id: int, name) -> dict:
        """The creator invites an account by name: it gets the invitation by mail (if it
        has an address and takes invitations)."""
        if not isinstance(name, str):
            raise refuse(400, "name the account to invite")
        with self.store.session() as s:
            row = game_row(s, game_id)
            if row.creator_id != account.id:
                raise refuse(403, "only the game's creator invites")
            if row.status != "open":
                raise refuse(409, "the game has started")
            guest = s.scalar(select(AccountRow).where(AccountRow.name == name.lower()))
            if guest is None:
                raise refuse(404, f"no account {name!r}")
            mail = self.notices.invitation(
                game_id, load(row.game).title, account.name, guest.id, row.invite
            )
            if mail is not None:
                s.add(mail)
                try:
                    s.commit()
                except IntegrityError:  # invited already: one mail per guest and game
                    s.rollback()
        return {"invited": guest.display, "mailed": mail is not None}

    def logout(self, token: str) -> None:
        self.logins.pop(auth.token_hash(token), None)
        with self.store.session() as s:
            row = s.scalar(select(TokenRow).where(TokenRow.token_hash == auth.token_hash(token)))
            if row is not None:
                s.delete(row)
                s.commit()

    def who(self, token: str | None) -> tuple[Account, TokenRow] | None:
        """The account a token logs in, with its token row; None if none or expired."""
        if not token:
            return None
        hashed = auth.token_hash(token)
        cached = self.recent_login(hashed)
        if cached is not None:
            return cached
        with self.store.session() as s:
            row = s.scalar(select(TokenRow).where(TokenRow.token_hash == hashed))
            if row is None or row.expires_at < time.time():
                return None
            found = Account.of(s.get(AccountRow, row.account_id)), row
        self.logins[hashed] = (*found, time.monotonic())
        return found

    def recent_login(self, hashed: str) -> tuple[Account, TokenRow] | None:
        """A login checked in the last ``LOGIN_CACHE`` seconds (a logout elsewhere takes
        effect here within that time)."""
        hit = self.logins.get(hashed)
        if (
            hit is None
            or time.monotonic() - hit[2] > LOGIN_CACHE
            or hit[1].expires_at < time.time()
        ):
            self.logins.pop(hashed, None)
            return None
        return hit[0], hit[1]
