"""What a game publishes: its record with the fairness block, each player's receipts,
and a moderated game's forum posts."""

from __future__ import annotations

from collections.abc import Callable

from bureau.engine import MODERATOR, BureauError

from .accounts import Reader
from .checks import game_row, refuse
from .db import GameRow, Store
from .memory import Loaded


class Records:
    """The ``Service``'s records (``service.py`` composes it with the rest)."""

    store: Store
    game: Callable[[int], Loaded]
    fairness_of: Callable[[GameRow], dict | None]

    def record(self, game_id: int, reader: Reader) -> dict:
        """The game record as published: for everyone once the game is over, with the
        seed, salt and receipts revealed; before that for the moderator only, with the
        seed withheld (she would foresee every roll)."""
        loaded = self.game(game_id)
        if loaded.match.outcome() is None and reader.seat != MODERATOR:
            raise refuse(403, "the full record opens when the game is over")
        return self.full_record(game_id, loaded, reveal=loaded.match.outcome() is not None)

    def full_record(self, game_id: int, loaded: Loaded | None = None, reveal=True) -> dict:
        """The record with its fairness block; ``reveal`` keeps the seed, the salt, the
        nonces and receipts in it (the server's own replays; a finished game's readers)."""
        loaded = loaded or self.game(game_id)
        m = loaded.match
        record = m.record()
        with self.store.session() as s:
            row = game_row(s, game_id)
            block, salt = self.fairness_of(row), row.salt
        if block is None:
            return record
        block.pop("seed", None)
        if reveal:
            block["salt"] = salt
            block["nonces"] = list(loaded.nonces)
            block["receipts"] = [r and r["receipt"] for r in loaded.receipts()]
        else:
            block.pop("salt", None)
            del record["seed"]
        record["fairness"] = block
        return record

    def receipts(self, game_id: int, reader: Reader) -> dict:
        """The reader's receipts: one per action of her seat, to keep until the end."""
        if reader.seat is None:
            raise refuse(403, "receipts are for the players (and the moderator) of a game")
        loaded = self.game(game_id)
        return {
            "commitment": loaded.commitment,
            "player": loaded.match.who(reader.seat),
            "receipts": [r for r in loaded.receipts(reader.seat) if r is not None],
        }

    def forum_post(self, game_id: int, reader: Reader, fmt: str, seat: str | None) -> str:
        """A moderated game's public post (``seat`` None) or a private report, in BBCode
        or Markdown: a player reads his own report, the moderator every one."""
        m = self.game(game_id).match
        if not m.game.moderated:
            raise refuse(404, f"{m.game.title} has no forum posts")
        target = None
        if seat is not None:
            try:
                target = m.seat(seat)
            except BureauError as exc:
                raise refuse(400, str(exc)) from None
            if target == MODERATOR:
                raise refuse(400, "the moderator writes the reports; she has none")
            if reader.seat not in (target, MODERATOR):
                raise refuse(403, "a private report is for its player and the moderator")
        try:
            return m.game.forum_post(m.state, target, fmt)
        except ValueError as exc:  # a format other than BBCode or Markdown
            raise refuse(400, str(exc)) from None
