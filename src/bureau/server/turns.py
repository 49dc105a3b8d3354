"""The moves the server makes itself: seated bots' turns, and each waiting seat's
timeout action once a deadline has passed."""

from __future__ import annotations

import time
from collections.abc import Callable

from sqlalchemy import select

from bureau.bots import make

from .accounts import Reader
from .checks import ServiceError, game_row
from .db import GameRow, SeatRow, Store
from .memory import Loaded


class Turns:
    """The ``Service``'s own moves (``service.py`` composes it with the rest)."""

    store: Store
    loaded: dict[int, Loaded]
    publish: Callable[[int], None]
    game: Callable[[int], Loaded]
    submit: Callable[..., dict]

    def after_change(self, game_id: int) -> None:
        self.publish(game_id)

    def bot_turns(self, game_id: int, limit: int = 200) -> int:
        """Let seated bots act while the game waits for them; returns actions made."""
        loaded = self.loaded.get(game_id)
        if loaded is not None and (not loaded.bots or loaded.match.outcome() is not None):
            return 0  # the common case, without a database read
        with self.store.session() as s:
            row = game_row(s, game_id)
            if row.status != "running":
                return 0
            bots = {
                x.seat: x.bot
                for x in s.scalars(select(SeatRow).where(SeatRow.game_id == game_id))
                if x.bot
            }
            seed = row.seed
        made = 0
        while bots and made < limit:
            loaded = self.game(game_id)
            m = loaded.match
            waiting = [seat for seat in m.pending() if seat in bots]
            if not waiting or m.outcome() is not None:
                break
            seat = waiting[0]
            bot = loaded.players.get(seat)
            if bot is None:
                bot = make(bots[seat], m.game, seat, seed + loaded.version)
                loaded.players[seat] = bot
            action = bot.act(m.state)  # Bot.act re-deals a copy for any bot that reads it
            self.submit(
                game_id, Reader(None, seat), str(action), key=f"bot:{loaded.version}:{seat}"
            )
            made += 1
        return made

    def running(self) -> list[int]:
        """Running games with a bot seated (their bots resume after a restart)."""
        with self.store.session() as s:
            return s.scalars(
                select(GameRow.id)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(GameRow.status == "running", SeatRow.bot.is_not(None))
                .distinct()
                .order_by(GameRow.id)
            ).all()

    def due(self, now: float | None = None) -> list[int]:
        now = time.time() if now is None else now
        with self.store.session() as s:
            return s.scalars(
                select(GameRow.id).where(
                    GameRow.status == "running", GameRow.deadline.is_not(None),
                    GameRow.deadline <= now,
                )
            ).all()  # fmt: skip

    def time_out(self, game_id: int) -> int:
        """At a passed deadline, the game's timeout action for each waiting seat."""
        made = 0
        loaded = self.game(game_id)
        m = loaded.match
        deadline = m.game.deadline(m.state)
        if deadline is None or deadline > time.time():
            return 0
        version = loaded.version
        for seat in list(m.pending()):
            m = self.game(game_id).match
            if m.game.deadline(m.state) != deadline:
                break  # the last timeout ended the decision: the next has its own clock
            if seat not in m.pending():
                continue
            action = m.game.timeout_action(m.state, seat)
            # Dated at the deadline (or the last action, if later): the game applies them
            # as the deadline's own moves, not as late moves of the next phase.
            at = max([deadline] + [a[2] for a in m.actions[-1:] if a[2] is not None])
            try:
                self.submit(
                    game_id, Reader(None, seat), str(action), f"timeout:{version}:{seat}", at
                )
            except ServiceError:
                continue
            made += 1
        return made
