"""The pages: the lobby, a game's table (seats before the start, the live table after),
its talk panel, and the replay viewer. Every page is drawn from what the API would tell
the same reader; changes go through the API from ``static/bureau.js``."""

from __future__ import annotations

import time
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse

from bureau.bots import kinds
from bureau.engine import MODERATOR, Match, all_games, load
from bureau.server import auth
from bureau.server.mygames import my_games
from bureau.server.service import Account, Reader, ServiceError

from . import tables
from .replays import Frames
from .rules import link_rules

EVENTS_SHOWN = 40
LOG_PAGE = 100  # events on a page of the whole log
WATCHING_SHOWN = 50  # games under way the lobby lists


def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("bureau.web"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["table_of"] = lambda game, ctx: Markup(tables.render(env, game, ctx))
    env.globals["acted_seats"] = lambda ctx: tables.acted(ctx["game"], ctx)
    env.globals["forced_order"] = lambda ctx: tables.forced(ctx["game"], ctx)
    env.globals["result_of"] = lambda ctx: tables.result(ctx["game"], ctx)
    env.globals["talk_targets"] = lambda ctx: tables.talk_targets(ctx["game"], ctx)
    env.filters["extract"] = lambda index, items: items[index]
    env.filters["rule_links"] = link_rules  # a text that cites rules links to them
    env.filters["clock"] = _clock
    return env


def _clock(at) -> str:
    """A time (seconds since the epoch) as ``05 Mar 14:00`` (UTC). What no clock can show
    (none, not a number, infinity, a time too far off) is a dash, never an error."""
    if isinstance(at, bool) or not isinstance(at, int | float):
        return "—"
    try:
        return time.strftime("%d %b %H:%M", time.gmtime(at))
    except (ValueError, OverflowError, OSError):
        return "—"


class Pages:
    """The page handlers, bound to the API (its service, its caller into threads)."""

    def __init__(self, api):
        self.api = api
        self.service = api.service
        self.env = _environment()
        self.frames = Frames()

    # -- plumbing ------------------------------------------------------------------------------

    async def session(self, request: Request) -> tuple[Account | None, str | None]:
        """The browser's account and its CSRF token, from the session cookie."""
        found = await self.api.signed_in(request.cookies.get(auth.SESSION_COOKIE))
        return (None, None) if found is None else (found[0], found[1].csrf)

    def render(self, name: str, status: int = 200, **ctx) -> HTMLResponse:
        return HTMLResponse(self.env.get_template(name).render(**ctx), status_code=status)

    def problem(self, account, csrf, exc: ServiceError) -> HTMLResponse:
        return self.render(
            "problem.html", exc.status, account=account, csrf=csrf, message=exc.message
        )

    async def unsubscribe(self, request: Request):
        """A mail's one-click unsubscribe link (GET from a reader, POST from a mail client,
        RFC 8058): its signed token turns that kind of mail off; no login needed."""
        account, csrf = await self.session(request)
        token = request.query_params.get("token", "")
        kind = await self.api.call(self.service.notices.unsubscribe, token) if token else None
        if kind is None:
            message = "This unsubscribe link is not valid (it may have been cut short)."
            return self.render("problem.html", 400, account=account, csrf=csrf,
                               heading="Not unsubscribed", message=message)  # fmt: skip
        message = (f"You will get no more mails when {kind}. Mail me, in the lobby, turns"
                   " them on again.")  # fmt: skip
        return self.render("problem.html", account=account, csrf=csrf, heading="Unsubscribed",
                           message=message)  # fmt: skip

    # -- the lobby -----------------------------------------------------------------------------

    async def lobby(self, request: Request):
        account, csrf = await self.session(request)
        lists = await self.api.call(self._lobby_lists, account)
        if account is not None:
            lists["settings"] = await self.api.call(self.service.settings, account)
            lists["mailing"] = self.service.notices.enabled
        games = [
            {
                "name": g.name,
                "title": g.title,
                "summary": g.summary,
                "min": g.min_players,
                "max": g.max_players,
                "clock": [o for o in g.options if _is_clock(o.name)],
                "options": [o for o in g.options if not o.fixture and not _is_clock(o.name)],
            }
            for g in all_games()
        ]
        return self.render("lobby.html", account=account, csrf=csrf, games=games, **lists)

    def _lobby_lists(self, account: Account | None) -> dict:
        """My games (``mygames.my_games``: waiting for me first, then by the nearest
        deadline), open tables, and games under way."""
        mine = [] if account is None else my_games(self.service, account)["mine"]
        for row in mine:
            row["emblem"] = emblem(row["game"])
        opened = self.service.list_games(None)["open"]
        known = {r["id"] for r in mine} | {s["id"] for s in opened}
        shown = [i for i in self.service.running() if i not in known][:WATCHING_SHOWN]
        watching = [self.service.summary(i, account) for i in shown]  # only those listed
        return {"mine": mine, "open": opened, "watching": watching}

    # -- a table ------------------------------------------------------------------------------

    async def table(self, request: Request):
        account, csrf = await self.session(request)
        gid = request.path_params["game_id"]
        try:
            summary = await self.api.call(self.service.summary, gid, account)
            if summary["status"] == "open":
                game = load(summary["game"])
                invite = request.query_params.get("invite", "")
                return self.render(
                    "seats.html", account=account, csrf=csrf, game=summary,
                    bots=sorted(kinds(game)), title=game.title, invite=invite,
                    invite_url=self.invite_url(request, gid, summary.get("invite")),
                )  # fmt: skip
            reader = await self.api.call(self.service.reader, account, gid)
            ctx = await self.api.call(self.context, gid, reader)
        except ServiceError as exc:
            return self.problem(account, csrf, exc)
        return self.render(
            "table.html", account=account, csrf=csrf, game=summary, ctx=ctx,
            channels=ctx["channels"], moderated=ctx["moderated"],
        )  # fmt: skip

    def invite_url(self, request: Request, gid: int, code: str | None) -> str | None:
        """The invitation as an absolute link, clickable where it is pasted: on the
        server's ``--public-url`` if it has one, else on the address it was asked for."""
        if not code:
            return None
        base = self.api.public_url or str(request.base_url)
        return f"{base.rstrip('/')}/games/{gid}?invite={quote(code)}"

    async def fragment(self, request: Request):
        """The live part of the table, fetched again whenever the WebSocket says so."""
        account, _ = await self.session(request)
        gid = request.path_params["game_id"]
        try:
            reader = await self.api.call(self.service.reader, account, gid)
            ctx = await self.api.call(self.context, gid, reader)
        except ServiceError as exc:
            return _alert(exc)
        return self.render("live.html", ctx=ctx)

    def context(self, gid: int, reader: Reader) -> dict:
        """All a table template may use: the reader's view and nothing else of the state."""
        loaded = self.service.game(gid)  # caught up once for all that follows
        m = loaded.match
        answer = self.service.view_of(loaded, reader)
        seat = reader.seat
        playing = seat is not None and seat >= 0
        legal = self.service.legal_of(loaded, reader)
        events = self.service.events_of(loaded, reader, last=EVENTS_SHOWN)
        deadline = m.game.deadline(m.state)
        return {
            "id": gid,
            "game": m.game.name,
            "title": m.game.title,
            "names": list(m.names),
            "seat": seat,
            "me": _reader_name(m.names, seat),
            "view": answer["view"],
            "pending": answer["pending"],
            "my_turn": playing and seat in answer["pending"],
            "legal": legal,
            "events": list(reversed(events)),
            "outcome": answer["outcome"],
            "deadline": deadline,
            "at_deadline": self._at_deadline(m, seat, deadline),
            "channels": self._channels(m, seat),
            "moderated": m.game.moderated,
            "moderator": seat == MODERATOR,
            "reveal": self._reveal(m) if answer["outcome"] is not None else [],
            "rules": _rule_options(m),
        }

    @staticmethod
    def _at_deadline(m: Match, seat: int | None, deadline: float | None) -> str:
        """What happens when the clock runs out, said plainly (only the reader's own
        default move: another's could tell what he holds)."""
        if deadline is None or m.outcome() is not None:
            return ""
        if seat is not None and seat >= 0 and seat in m.pending():
            try:
                action = m.game.timeout_action(m.state, seat)
            except NotImplementedError:
                action = None
            if action is not None:
                return f"If you have not acted by then, the Bureau plays “{action}” for you."
        return "Whoever has not acted by then gets the Bureau's default move for them."

    @staticmethod
    def _channels(m: Match, seat: int | None) -> list[dict]:
        """The private threads the reader may write in, as seats and names."""
        if seat is None:
            return []
        seats = range(len(m.names)) if seat == MODERATOR else m.game.channels(m.state, seat)
        return [{"seat": s, "name": m.names[s]} for s in sorted(seats)]

    @staticmethod
    def _reveal(m: Match) -> list[dict]:
        """After the end every view is open: each seat's table as its player saw it."""
        return [{"name": name, "view": m.view(seat)} for seat, name in enumerate(m.names)]

    async def talk(self, request: Request):
        """The talk panel: the messages the reader may read, by thread."""
        account, _ = await self.session(request)
        gid = request.path_params["game_id"]
        try:
            reader = await self.api.call(self.service.reader, account, gid)
            messages, me = await self.api.call(self._talk, gid, reader)
        except ServiceError as exc:
            return _alert(exc)
        return self.render("talk.html", messages=messages, me=me)

    def _talk(self, gid: int, reader: Reader) -> tuple[list[dict], str | None]:
        """The site's messages the reader may read, merged with the game's own board
        where the game keeps one (``tables.talk``: Seabirds), from her view only; and
        who reads them. Read in a worker thread: a game read on the event loop's thread
        could catch up under a submission awaiting its commit."""
        messages = self.service.messages(gid, reader)
        loaded = self.service.game(gid)
        m = loaded.match
        me = _name_in(m, reader)
        if not tables.keeps_board(m.game.name):
            return messages, me
        view = self.service.view_of(loaded, reader)["view"]
        return tables.talk(m.game.name, view, list(m.names), messages), me

    # -- replays ------------------------------------------------------------------------------

    async def replay(self, request: Request):
        account, csrf = await self.session(request)
        gid = request.path_params["game_id"]
        try:
            reader = await self.api.call(self.service.reader, account, gid)
            record = await self.api.call(self.service.record, gid, reader)
        except ServiceError as exc:
            return self.problem(account, csrf, exc)
        summary = await self.api.call(self.service.summary, gid, account)
        return self.render(
            "replay.html", account=account, csrf=csrf, game=summary,
            steps=len(record["actions"]), names=record["players"],
        )  # fmt: skip

    async def frame(self, request: Request):
        """The table at step N of the record, as one seat (or a spectator) saw it."""
        account, _ = await self.session(request)
        gid = request.path_params["game_id"]
        try:
            reader = await self.api.call(self.service.reader, account, gid)
            record = await self.api.call(self.service.record, gid, reader)
            step = _whole(request.query_params.get("step", "0"), len(record["actions"]))
            seat = _whole(request.query_params.get("seat", ""), len(record["players"]) - 1)
        except ServiceError as exc:
            return _alert(exc)
        ctx = await self.api.call(self.frame_context, gid, record, step, seat)
        return self.render("frame.html", ctx=ctx)

    # -- looking back at a running game -------------------------------------------------------

    async def history(self, request: Request):
        """Step back through your own view of the game: one step for each action after
        which you saw something (never a step for what you did not see)."""
        account, csrf = await self.session(request)
        gid = request.path_params["game_id"]
        try:
            summary = await self.api.call(self.service.summary, gid, account)
            reader = await self.api.call(self.service.reader, account, gid)
            steps = len(await self.api.call(self._seen_after, gid, reader))
        except ServiceError as exc:
            return self.problem(account, csrf, exc)
        return self.render(
            "history.html", account=account, csrf=csrf, game=summary, steps=steps,
            me=await self.api.call(_name_of, self, gid, reader),
        )  # fmt: skip

    def _seen_after(self, gid: int, reader: Reader) -> list[int]:
        return self.service.game(gid).match.seen_after(reader.seat)

    async def history_frame(self, request: Request):
        account, _ = await self.session(request)
        gid = request.path_params["game_id"]
        try:
            reader = await self.api.call(self.service.reader, account, gid)
            ctx = await self.api.call(self.history_context, gid, reader,
                                      request.query_params.get("step", "0"))  # fmt: skip
        except ServiceError as exc:
            return _alert(exc)
        return self.render("history_frame.html", ctx=ctx)

    def history_context(self, gid: int, reader: Reader, raw_step: str) -> dict:
        """The reader's view after her ``step``-th step, with what she saw at it."""
        m = self.service.game(gid).match
        seen = m.seen_after(reader.seat)
        step = _whole(raw_step, len(seen)) or 0
        upto = seen[step - 1] if step else 0
        record = m.record()  # the server's own replay (seed and all): only the view is sent
        then = self.frames.at(gid, record, upto)
        first = m.ends[upto - 2] if upto > 1 else 0
        said = [then.describe(e) for e in then.events[first:] if e.visible_to(reader.seat)]
        ctx = _frame_context(then, record, upto, reader.seat)
        ctx.update(last=None, step=step, steps=len(seen), said=said)
        return ctx

    async def log(self, request: Request):
        """The whole event log as the reader sees it, a page at a time (oldest first)."""
        account, csrf = await self.session(request)
        gid = request.path_params["game_id"]
        try:
            summary = await self.api.call(self.service.summary, gid, account)
            reader = await self.api.call(self.service.reader, account, gid)
            events = await self.api.call(self.service.events, gid, reader)
            pages = max(1, -(-len(events) // LOG_PAGE))
            page = _whole(request.query_params.get("page", str(pages)), pages) or 1
        except ServiceError as exc:
            return self.problem(account, csrf, exc)
        shown = events[(page - 1) * LOG_PAGE : page * LOG_PAGE]
        return self.render(
            "log.html", account=account, csrf=csrf, game=summary, events=shown, page=page,
            pages=pages, total=len(events),
        )  # fmt: skip

    def frame_context(self, gid: int, record: dict, step: int, seat: int | None) -> dict:
        """A frame from the replay checkpoints: the slider does not replay from the start.
        Replayed from the server's own record: a moderator's, mid-game, withholds the seed."""
        if "seed" not in record:
            record = {**record, "seed": self.service.game(gid).match.seed}
        return _frame_context(self.frames.at(gid, record, step), record, step, seat)


def _alert(exc: ServiceError) -> HTMLResponse:
    """A refused fragment: the reason, for the part of the page it would have filled."""
    return HTMLResponse(f"<p role='alert'>{Markup.escape(exc.message)}</p>", exc.status)


# A small emblem per game for the lists: a symbol and a colour (any other game: its
# initial on grey).
EMBLEMS = {
    "aristocracy": ("♛", "#6a3d8f"),
    "nobility": ("⚜", "#1f5f8b"),
    "decrees": ("§", "#8b5a1f"),
    "seabirds": ("⚓", "#1f6f6b"),
    "noblesse": ("⚔", "#8b1f2e"),
}


def emblem(game: str) -> dict:
    """The game's emblem: ``{"symbol", "colour"}``."""
    symbol, colour = EMBLEMS.get(game) or (load(game).title[:1].upper(), "#5d5750")
    return {"symbol": symbol, "colour": colour}


def _is_clock(option: str) -> bool:
    """Clock options are named by their unit (``decision_seconds``, ``day_hours``)."""
    return option.endswith(("_seconds", "_hours"))


def _rule_options(m: Match) -> dict:
    """The table's rule options (public: the lobby shows them), never its fixtures (a
    deck order or a deal would tell what is hidden)."""
    fixtures = {o.name for o in m.game.options if o.fixture}
    return {k: v for k, v in m.state.options.items() if k not in fixtures}


def _name_of(pages: Pages, gid: int, reader: Reader) -> str | None:
    return _name_in(pages.service.game(gid).match, reader)


def _name_in(m: Match, reader: Reader) -> str | None:
    seated = reader.seat is not None and reader.seat >= 0
    return _reader_name(m.names if seated else (), reader.seat)


def _reader_name(names, seat: int | None) -> str | None:
    """Who reads the table: her seat's name, the moderator, or None (a spectator)."""
    if seat is None:
        return None
    return "moderator" if seat == MODERATOR else names[seat]


def _whole(raw: str, top: int) -> int | None:
    """A number 0..top from a query string, None when empty."""
    if raw == "":
        return None
    if not raw.isdigit() or int(raw) > top:
        raise ServiceError(400, f"a number from 0 to {top}, not {raw!r}")
    return int(raw)


def _frame_context(m: Match, record: dict, step: int, seat: int | None) -> dict:
    last = record["actions"][step - 1] if step else None
    return {
        "game": m.game.name,
        "names": list(m.names),
        "seat": seat,
        "me": _reader_name(m.names, seat),
        "view": m.view(seat),
        "pending": list(m.pending()),
        "legal": [],
        "step": step,
        "last": last,
        "outcome": None if m.outcome() is None else m.outcome().to_json(),
        "rules": _rule_options(m),
    }
