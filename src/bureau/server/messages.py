"""Messages in a game: public, private between the seats the game lets talk, and to the
Bureau (the moderator); what each reader may read, and what a live reader is pushed."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from bureau.engine import MODERATOR

from .accounts import Reader
from .checks import refuse
from .db import MessageRow, Store
from .memory import Loaded


class Messages:
    """The ``Service``'s messages (``service.py`` composes it with the rest)."""

    store: Store
    publish: Callable[[int], None]
    game: Callable[[int], Loaded]
    view_of: Callable[[Loaded, Reader], dict]
    events_of: Callable[..., list[dict]]

    def post(self, game_id: int, reader: Reader, kind: str, text: str, to: int | None) -> dict:
        if reader.seat is None:
            raise refuse(403, "only players (and the moderator) write in a game")
        if not isinstance(text, str) or not text.strip() or len(text) > 20_000:
            raise refuse(400, "a message is 1 to 20000 characters")
        m = self.game(game_id).match
        if kind == "private":
            allowed = (
                set(range(len(m.names)))
                if reader.seat == MODERATOR
                else m.game.channels(m.state, reader.seat)
            )
            if not isinstance(to, int) or isinstance(to, bool) or to not in allowed:
                names = ", ".join(m.names[x] for x in sorted(allowed)) or "nobody"
                raise refuse(403, f"you may write privately to: {names}")
        elif kind not in ("public", "bureau"):
            raise refuse(400, "kind is public, private or bureau")
        with self.store.session() as s:
            row = MessageRow(game_id=game_id, author=reader.seat, kind=kind,
                             to_seat=to if kind == "private" else None, text=text)  # fmt: skip
            s.add(row)
            s.commit()
            out = {"id": self._readable(s, game_id, reader, row.id), "at": row.at}
        self.publish(game_id)
        return out

    def _readable(self, s, game_id: int, reader: Reader, upto: int) -> int:
        """How many messages up to id ``upto`` the reader may read: the number his own
        new message has in his list."""
        rows = s.scalars(
            select(MessageRow).where(MessageRow.game_id == game_id, MessageRow.id <= upto)
        ).all()
        return sum(self._may_read(reader, r) for r in rows)

    def messages(self, game_id: int, reader: Reader, since: int = 0) -> list[dict]:
        """The messages the reader may read after the first ``since`` of them. Their ids
        count only what this reader may read (1, 2, ...): ids counted across the server
        would show, by their gaps, how much was written out of his sight."""
        names = self.game(game_id).match.names
        with self.store.session() as s:
            rows = s.scalars(
                select(MessageRow).where(MessageRow.game_id == game_id).order_by(MessageRow.id)
            ).all()
        seen = [r for r in rows if self._may_read(reader, r)]
        return [
            {
                "id": n,
                "kind": r.kind,
                "from": "moderator" if r.author == MODERATOR else names[r.author],
                "to": names[r.to_seat] if r.to_seat is not None else None,
                "text": r.text,
                "at": r.at,
            }
            for n, r in enumerate(seen[since:], since + 1)
        ]

    @staticmethod
    def _may_read(reader: Reader, r: MessageRow) -> bool:
        mine = reader.seat is not None and reader.seat in (r.author, r.to_seat)
        return (
            r.kind == "public"
            or reader.seat == MODERATOR
            or (r.kind == "private" and mine)
            or (r.kind == "bureau" and r.author == reader.seat)
        )

    def push(self, game_id: int, reader: Reader, since: int, messages_since: int) -> dict:
        """What a live reader is sent, from one catch-up: the view, the events after his
        first ``since`` and the messages after id ``messages_since``."""
        loaded = self.game(game_id)
        return {
            "view": self.view_of(loaded, reader),
            "events": self.events_of(loaded, reader, since),
            "messages": self.messages(game_id, reader, messages_since),
        }
