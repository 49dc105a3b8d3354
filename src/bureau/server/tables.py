"""Tables and the lobby: creating a table (arranged or drawn fairly), its summary and the
lists of tables, taking and leaving seats, seating bots, and starting the game."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable

from sqlalchemy import select

from bureau.bots import kinds
from bureau.engine import BureauError, Match, fairness, load
from bureau.engine.registry import names as game_names

from .accounts import Account
from .checks import game_row, refuse, whole
from .db import AccountRow, GameRow, SeatRow, Store
from .memory import Loaded
from .notices import Notices

MAX_SEED = (1 << 8 * fairness.SEED_BYTES) - 1  # the widest seed a commitment carries


class Tables:
    """The ``Service``'s tables (``service.py`` composes it with the rest)."""

    store: Store
    allow_fixtures: bool
    notices: Notices
    loaded: dict[int, Loaded]
    lock: Callable[[int], threading.RLock]
    after_change: Callable[[int], None]

    def create(self, account: Account, game: str, players: int, options: dict, seed=None,
               title: str = "") -> dict:  # fmt: skip
        if game not in game_names():
            raise refuse(400, f"no game {game!r}; the games are {', '.join(game_names())}")
        g = load(game)
        if (
            not isinstance(players, int) or isinstance(players, bool)
            or not g.min_players <= players <= g.max_players
        ):  # fmt: skip
            raise refuse(400, f"{g.title} takes {g.min_players}-{g.max_players} players")
        if not isinstance(options, dict):
            raise refuse(400, "options must be an object of NAME: VALUE")
        try:
            g.resolve_options(options)
        except BureauError as exc:
            raise refuse(400, str(exc)) from None
        arranged = self._arranged(g, options, seed)
        if options.get("position") is not None:
            self._check_position(g, players, options)
        seed = fairness.draw_seed() if seed is None else whole(seed, "seed", hi=MAX_SEED)
        with self.store.session() as s:
            row = GameRow(
                game=game, title=str(title)[:120], options=options, seed=seed, players=players,
                creator_id=account.id, invite=secrets.token_urlsafe(12), version=0,
                salt=fairness.new_salt(), arranged=arranged or None,
            )  # fmt: skip
            s.add(row)
            s.flush()
            for seat in range(players):
                s.add(SeatRow(game_id=row.id, seat=seat))
            s.commit()
            return self.summary(row.id, account)

    def _arranged(self, g, options: dict, seed) -> list[str]:
        """What the host would choose of the deal (``seed``, fixture options): refused
        with a 400 that says why unless this server allows arranged tables."""
        chosen = (["seed"] if seed is not None else []) + [
            o.name
            for o in g.options
            if options.get(o.name) is not None
            and (o.fixture or (o.builtins and options[o.name] not in o.builtins))
        ]
        if chosen and not self.allow_fixtures:
            raise refuse(
                400,
                f"a hosted table cannot choose {', '.join(chosen)}: the Bureau draws every"
                " deal from the operating system's entropy and commits to it, so no one can"
                " stack, predict or search it, and it reads no file of the server's for a"
                " table. Arranged tables (teaching, testing) need a server started with"
                " --allow-fixtures, and say so to everyone.",
            )
        return chosen

    @staticmethod
    def _check_position(g, players: int, options: dict) -> None:
        """An arranged table's saved position: the document itself (a table reads no file
        of the server's), one that loads for ``players`` seats; else a 400 that says why."""
        if not isinstance(options["position"], dict):
            raise refuse(
                400,
                "option position: give the position document itself (a JSON object,"
                " docs/positions.md), not a file name: a hosted table reads no file of the"
                " server's",
            )
        try:
            g.new(players, 0, options)
        except BureauError as exc:
            raise refuse(400, str(exc)) from None

    @staticmethod
    def fairness_of(row: GameRow) -> dict | None:
        """A table's fairness block: its commitment from the start, what was arranged, and
        the seed and salt once the game is over (None for tables from before commitments)."""
        if row.salt is None:
            return None
        out = {
            "scheme": fairness.SCHEME,
            "commitment": fairness.commitment(row.seed, row.salt),
            "arranged": row.arranged or [],
        }
        if row.status == "over":
            out["seed"], out["salt"] = str(row.seed), row.salt
        return out

    @staticmethod
    def _shown_options(row: GameRow, mine: bool) -> dict:
        """A table's options as its reader may see them: an arranged table's fixtures (a
        deck in order, the roles) only for its host until the game is over."""
        if mine or row.status == "over" or not row.arranged:
            return row.options
        fixtures = {o.name for o in load(row.game).options if o.fixture}
        return {k: ("hidden (arranged)" if k in fixtures else v) for k, v in row.options.items()}

    def summary(self, game_id: int, account: Account | None) -> dict:
        with self.store.session() as s:
            row = game_row(s, game_id)
            seats = s.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            names = {
                a.id: a.display
                for a in s.scalars(
                    select(AccountRow).where(
                        AccountRow.id.in_([x.account_id for x in seats if x.account_id])
                    )
                )
            }
            mine = account is not None and row.creator_id == account.id
            out = {
                "id": row.id,
                "game": row.game,
                "title": row.title,
                "status": row.status,
                "players": row.players,
                "options": self._shown_options(row, mine),
                "seats": [
                    {
                        "seat": x.seat,
                        "player": names.get(x.account_id) if x.account_id else None,
                        "bot": x.bot,
                        "name": x.name or None,
                    }
                    for x in seats
                ],
                "deadline": row.deadline,
                "created_by_you": mine,
                "fairness": self.fairness_of(row),
            }
            if mine:
                out["invite"] = row.invite
            return out

    def list_games(self, account: Account | None) -> dict:
        with self.store.session() as s:
            open_ids = s.scalars(
                select(GameRow.id).where(GameRow.status == "open").order_by(GameRow.id)
            ).all()
            mine: list[int] = []
            if account is not None:
                mine = s.scalars(
                    select(SeatRow.game_id)
                    .where(SeatRow.account_id == account.id)
                    .distinct()
                    .order_by(SeatRow.game_id)
                ).all()
        return {
            "open": [self.summary(i, account) for i in open_ids],
            "mine": [self.summary(i, account) for i in mine],
        }

    def join(self, account: Account, game_id: int, seat: int | None, invite: str | None) -> dict:
        with self.store.session() as s:
            row = game_row(s, game_id)
            if row.status != "open":
                raise refuse(409, "the game has started; spectate it instead")
            if invite != row.invite and row.creator_id != account.id:
                raise refuse(403, "joining needs the game's invitation")
            seats = s.scalars(select(SeatRow).where(SeatRow.game_id == game_id)).all()
            if any(x.account_id == account.id for x in seats):
                raise refuse(409, "you already have a seat in this game")
            free = [x for x in seats if x.account_id is None and x.bot is None]
            if seat is not None:
                free = [x for x in free if x.seat == whole(seat, "seat")]
            if not free:
                raise refuse(409, "no free seat" if seat is None else f"seat {seat} is taken")
            free[0].account_id = account.id
            s.commit()
        return self.summary(game_id, account)

    def leave(self, account: Account, game_id: int) -> dict:
        with self.store.session() as s:
            row = game_row(s, game_id)
            if row.status != "open":
                raise refuse(409, "seats are fixed once the game has started")
            seat = s.scalar(
                select(SeatRow).where(SeatRow.game_id == game_id, SeatRow.account_id == account.id)
            )
            if seat is None:
                raise refuse(409, "you have no seat in this game")
            seat.account_id = None
            s.commit()
        return self.summary(game_id, account)

    def seat_bot(self, account: Account, game_id: int, seat: int, kind: str) -> dict:
        seat = whole(seat, "seat")
        with self.store.session() as s:
            row = game_row(s, game_id)
            available = kinds(load(row.game))
            if not isinstance(kind, str) or kind not in available:
                raise refuse(400, f"no bot {kind!r}; the bots are {', '.join(available)}")
            if row.creator_id != account.id:
                raise refuse(403, "only the game's creator seats bots")
            if row.status != "open":
                raise refuse(409, "seats are fixed once the game has started")
            target = s.get(SeatRow, (game_id, seat))
            if target is None or target.account_id is not None or target.bot is not None:
                raise refuse(409, f"seat {seat} is not free")
            target.bot = kind
            s.commit()
        return self.summary(game_id, account)

    def start(self, account: Account, game_id: int) -> dict:
        with self.lock(game_id), self.store.session() as s:
            row = game_row(s, game_id)
            if row.creator_id != account.id:
                raise refuse(403, "only the game's creator starts it")
            if row.status != "open":
                raise refuse(409, "the game has started already")
            seats = s.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            if any(x.account_id is None and x.bot is None for x in seats):
                raise refuse(409, "every seat needs a player or a bot first")
            accounts = {a.id: a.display for a in s.scalars(select(AccountRow))}
            used: set[str] = set()
            for x in seats:
                name = accounts[x.account_id] if x.account_id else f"Bot{x.seat + 1}"
                if name.lower() in used:
                    name = f"{name}{x.seat + 1}"
                used.add(name.lower())
                x.name = name
            names = [x.name for x in seats]
            try:
                match = Match(row.game, names, row.seed, row.options)
            except BureauError as exc:
                raise refuse(400, str(exc)) from None
            row.status = "running"
            row.started_at = time.time()
            match.begin(row.started_at)
            row.deadline = match.game.deadline(match.state)
            accounts = {x.seat: x.account_id for x in seats if x.account_id}
            s.add_all(self.notices.on_start(game_id, match, accounts))  # in the same commit
            s.commit()
        self.loaded.pop(game_id, None)
        self.after_change(game_id)
        return self.summary(game_id, account)
