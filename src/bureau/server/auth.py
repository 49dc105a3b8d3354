"""Accounts and logins: argon2 password hashes, browser sessions with a CSRF token,
bearer tokens for scripts and external bots.

>>> hasher = Passwords()
>>> h = hasher.hash("correct horse")
>>> hasher.verify(h, "correct horse"), hasher.verify(h, "wrong")
(True, False)
>>> token_hash("abc") == token_hash("abc") != token_hash("abd")
True
"""

from __future__ import annotations

import hashlib
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

SESSION_COOKIE = "bureau_session"
CSRF_HEADER = "x-csrf-token"
SESSION_SECONDS = 30 * 24 * 3600
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,19}$")
RESERVED = {"moderator", "bureau", "admin"}
MIN_PASSWORD = 8


class Passwords:
    """argon2id hashing with the library's recommended parameters."""

    def __init__(self):
        self.hasher = PasswordHasher()

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, hashed: str, password: str) -> bool:
        try:
            return self.hasher.verify(hashed, password)
        except (VerificationError, InvalidHashError):
            return False


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """Tokens are stored hashed: a database leak does not leak logins."""
    return hashlib.sha256(token.encode()).hexdigest()


def name_problem(name: str) -> str:
    """Why ``name`` cannot be an account name (it becomes a player name), or ``""``."""
    if not isinstance(name, str) or not NAME.match(name):
        return "a name is 2-20 letters, digits, _ or -, starting with a letter"
    if name.lower() in RESERVED:
        return f"{name!r} is reserved"
    return ""


def password_problem(password: str) -> str:
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        return f"a password has at least {MIN_PASSWORD} characters"
    if len(password) > 200:
        return "a password has at most 200 characters"
    return ""
