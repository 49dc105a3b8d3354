"""What the service refuses, and the checks every part of it shares."""

from __future__ import annotations

from .db import GameRow

MAX_INT = 2**31 - 1  # ids and seats fit every database's INTEGER


class ServiceError(Exception):
    """A request the service refuses: ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def refuse(status: int, message: str) -> ServiceError:
    return ServiceError(status, message)


def whole(value, what: str, lo: int = 0, hi: int = MAX_INT) -> int:
    """``value`` as a whole number in range (never a boolean), or a 400 naming ``what``."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        top = hi if hi <= MAX_INT else f"2^{hi.bit_length()} - 1"
        raise refuse(400, f"{what} must be a whole number from {lo} to {top}")
    return value


def game_row(s, game_id: int) -> GameRow:
    """The game's row in the session ``s``, or a 404."""
    row = s.get(GameRow, game_id) if 0 <= game_id <= MAX_INT else None
    if row is None:
        raise refuse(404, f"no game {game_id}")
    return row
