"""The HTTP and WebSocket API (Starlette on uvicorn); ``GET /api/openapi.json`` describes it.

Every endpoint checks who is asking: a session cookie (browsers; unsafe methods also
need the ``X-CSRF-Token`` header from login) or ``Authorization: Bearer TOKEN``
(scripts and external bots). Errors are JSON ``{"error": message}`` with a 4xx status;
bodies over ``MAX_BODY`` bytes get 413; logins and submissions are rate-limited.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from urllib.parse import urlsplit

from anyio import to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.schemas import SchemaGenerator
from starlette.websockets import WebSocket, WebSocketDisconnect

from bureau import web

from . import auth, mygames
from .collector import Collector
from .db import Store
from .limits import Limiter, LoginGuard
from .live import Hub
from .mail import Mailer, Postman, SmtpConfig
from .service import Account, Reader, Service, ServiceError, client_key

log = logging.getLogger("bureau.server")
MAX_BODY = 256 * 1024
SCHEMAS = SchemaGenerator({"openapi": "3.0.0", "info": {"title": "Bureau", "version": "1"}})


def openapi_document(routes) -> dict:
    """The routes' docstrings as OpenAPI 3, with the path parameter, the query parameter
    ``since`` and JSON bodies declared (the docstrings give summaries and responses)."""
    doc = SCHEMAS.get_schema(routes=routes)
    game_id = {"name": "game_id", "in": "path", "required": True,
               "schema": {"type": "integer", "minimum": 0}}  # fmt: skip
    since_q = {"name": "since", "in": "query", "required": False,
               "schema": {"type": "integer", "minimum": 0}}  # fmt: skip
    body = {"required": False, "content": {"application/json": {"schema": {"type": "object"}}}}
    for path, methods in doc.get("paths", {}).items():
        for method, operation in methods.items():
            params = [game_id] if "{game_id}" in path else []
            if method == "get" and path.endswith(("/events", "/messages")):
                params.append(since_q)
            if params:
                operation["parameters"] = params
            if method == "post":
                operation["requestBody"] = body
            for response in operation.get("responses", {}).values():
                response.setdefault("content", {"application/json": {"schema": {}}})
    doc["components"] = {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}
    doc["security"] = [{"bearer": []}, {}]
    return doc


def since(request) -> int:
    """The ``since`` query parameter: a whole number, 0 by default."""
    raw = request.query_params.get("since", "0")
    if not re.fullmatch(r"[0-9]{1,12}", raw):
        raise ServiceError(400, "since must be a whole number")
    return int(raw)


def bearer(headers) -> str | None:
    """The token of an ``Authorization: Bearer`` header ("" if empty), or None."""
    header = headers.get("authorization", "")
    if not header.lower().startswith("bearer"):
        return None
    return header[6:].strip()


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class BodyLimit:
    """Refuse request bodies over ``MAX_BODY`` bytes before reading them whole; tell the
    ``collector`` that a request came in (it collects garbage when the server is idle)."""

    def __init__(self, app, collector: Collector | None = None):
        self.app = app
        self.collector = collector

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if self.collector is not None:
            self.collector.touch()
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return await error(413, f"the request body is over {MAX_BODY} bytes")(
                scope, receive, send
            )
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise ServiceError(413, f"the request body is over {MAX_BODY} bytes")
            return message

        return await self.app(scope, limited, send)


class Api:
    """The routes, bound to one service."""

    def __init__(self, service: Service, hub: Hub, public_url: str | None = None):
        self.service = service
        self.hub = hub
        self.public_url = public_url
        self.secure_cookies = False
        self.login_guard = LoginGuard(10, 60)
        self.submit_limit = Limiter(120, 10)

    # -- plumbing --------------------------------------------------------------------------

    async def call(self, fn, *args):
        return await to_thread.run_sync(fn, *args)

    async def body(self, request: Request) -> dict:
        chunks = []  # read straight from the ASGI channel: cheaper than request.json()
        while True:
            message = await request.receive()
            if message["type"] == "http.disconnect":
                raise ClientDisconnect()
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        try:
            data = json.loads(chunks[0] if len(chunks) == 1 else b"".join(chunks))
        except (ValueError, RecursionError):  # bad JSON, bad UTF-8, absurd nesting
            raise ServiceError(400, "the body must be a JSON object") from None
        if not isinstance(data, dict):
            raise ServiceError(400, "the body must be a JSON object")
        return data

    async def account(self, request: Request, required: bool = True) -> Account | None:
        """The account asking, checking CSRF for cookie sessions on unsafe methods."""
        token = bearer(request.headers)
        if token == "":
            raise ServiceError(401, "an empty bearer token")
        found = await self.signed_in(
            token if token is not None else request.cookies.get(auth.SESSION_COOKIE)
        )
        if found is None:
            if required:
                raise ServiceError(401, "log in first (session cookie or bearer token)")
            return None
        account, row = found
        unsafe = request.method not in ("GET", "HEAD", "OPTIONS")
        if token is None and unsafe and request.headers.get(auth.CSRF_HEADER) != row.csrf:
            raise ServiceError(403, "missing or wrong X-CSRF-Token header")
        return account

    async def signed_in(self, token: str | None):
        """(account, token row) for a token or session cookie, or None."""
        found = self.service.recent_login(auth.token_hash(token)) if token else None
        if found is None:  # not checked lately: ask the database, off the event loop
            found = await self.call(self.service.who, token)
        return found

    def game_id(self, request: Request) -> int:
        return request.path_params["game_id"]

    async def reader(self, request: Request, required: bool = False) -> Reader:
        account = await self.account(request, required=required)
        if account is not None:
            cached = self.service.readers.get((account.id, self.game_id(request)))
            if cached is not None:
                return cached
        return await self.call(self.service.reader, account, self.game_id(request))

    # -- accounts --------------------------------------------------------------------------

    async def register(self, request: Request):
        """
        summary: Create an account (argon2-hashed password).
        responses:
          201: {description: the account}
          400: {description: "a bad name, password or e-mail address"}
          409: {description: the name is taken}
        """
        data = await self.body(request)
        account = await self.call(
            self.service.register, data.get("name"), data.get("password"), data.get("email")
        )
        return JSONResponse(account.to_json(), status_code=201)

    async def login(self, request: Request):
        """
        summary: Log in. Sets the session cookie and returns a bearer token and the CSRF token.
        responses:
          200: {description: "token, csrf and the account"}
          401: {description: wrong name or password}
          429: {description: too many attempts}
        """
        client = request.client.host if request.client else "?"
        if await self.login_guard.blocked(client, self.hub.redis):
            raise ServiceError(429, "too many failed login attempts; wait a minute")
        data = await self.body(request)
        kind = "bearer" if data.get("bearer") else "session"
        try:
            token, csrf, account = await self.call(
                self.service.login, data.get("name"), data.get("password"), kind
            )
        except ServiceError as exc:
            if exc.status == 401:
                await self.login_guard.failed(client, self.hub.redis)
            raise
        response = JSONResponse({"token": token, "csrf": csrf, "account": account.to_json()})
        if kind == "session":
            response.set_cookie(
                auth.SESSION_COOKIE, token, max_age=auth.SESSION_SECONDS, httponly=True,
                samesite="strict", secure=self.secure_cookies,  # behind HTTPS: never in clear
            )  # fmt: skip
        return response

    async def logout(self, request: Request):
        """
        summary: Log out (ends this session or token).
        responses:
          200: {description: done}
          401: {description: not logged in}
        """
        await self.account(request)
        token = bearer(request.headers)
        await self.call(self.service.logout, token or request.cookies.get(auth.SESSION_COOKIE))
        response = JSONResponse({"ok": True})
        response.delete_cookie(auth.SESSION_COOKIE)
        return response

    async def me(self, request: Request):
        """
        summary: The account logged in, with its e-mail address and notification choices
          (GET); change them (POST email, notify {KIND true/false}).
        responses:
          200: {description: "the account: id, name, email, notify, kinds"}
          400: {description: "a bad address, kind or setting"}
          401: {description: not logged in}
        """
        account = await self.account(request)
        if request.method == "GET":
            return JSONResponse(await self.call(self.service.settings, account))
        data = await self.body(request)
        return JSONResponse(await self.call(self.service.change_settings, account, data))

    async def invite(self, request: Request):
        """
        summary: Invite an account by name (the creator; it gets the invitation by mail).
        responses:
          200: {description: "who was invited, and whether a mail went out"}
          403: {description: not the creator}
          404: {description: no such account}
        """
        account = await self.account(request)
        data = await self.body(request)
        out = await self.call(
            self.service.invite, account, self.game_id(request), data.get("name")
        )
        return JSONResponse(out)

    # -- tables ----------------------------------------------------------------------------

    async def games(self, request: Request):
        """
        summary: Open games, and the games you have a seat in; with mine=1 your games
          only (seated or moderating), each with its players, status line, whose turn,
          deadline and result, waiting for you first (docs/server.md).
        responses:
          200: {description: "open and mine; with mine=1, mine and your_turn"}
          401: {description: "mine=1 without logging in"}
        """
        if request.query_params.get("mine") not in (None, "", "0"):
            account = await self.account(request)
            return JSONResponse(await self.call(mygames.my_games, self.service, account))
        account = await self.account(request, required=False)
        return JSONResponse(await self.call(self.service.list_games, account))

    async def create(self, request: Request):
        """
        summary: Create a game with its options (and clock options such as decision_seconds).
        responses:
          201: {description: the game, with its invitation code}
          400: {description: a bad game, player count or option}
          401: {description: not logged in}
        """
        account = await self.account(request)
        data = await self.body(request)
        out = await self.call(
            self.service.create, account, data.get("game"), data.get("players"),
            data.get("options") or {}, data.get("seed"), data.get("title") or "",
        )  # fmt: skip
        return JSONResponse(out, status_code=201)

    async def game(self, request: Request):
        """
        summary: A game's table (seats, status, deadline).
        responses:
          200: {description: the game}
          404: {description: no such game}
        """
        account = await self.account(request, required=False)
        return JSONResponse(await self.call(self.service.summary, self.game_id(request), account))

    async def join(self, request: Request):
        """
        summary: Take a seat (with the invitation code).
        responses:
          200: {description: the game}
          403: {description: no invitation}
          409: {description: no free seat, or started}
        """
        account = await self.account(request)
        data = await self.body(request)
        seat = data.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise ServiceError(400, "seat must be a number")
        out = await self.call(
            self.service.join, account, self.game_id(request), seat, data.get("invite")
        )
        return JSONResponse(out)

    async def leave(self, request: Request):
        """
        summary: Leave your seat before the game starts.
        responses:
          200: {description: the game}
          409: {description: started, or no seat}
        """
        account = await self.account(request)
        return JSONResponse(await self.call(self.service.leave, account, self.game_id(request)))

    async def bot(self, request: Request):
        """
        summary: Seat a Bureau bot (the creator only).
        responses:
          200: {description: the game}
          403: {description: not the creator}
          409: {description: the seat is taken}
        """
        account = await self.account(request)
        data = await self.body(request)
        seat = data.get("seat")
        if not isinstance(seat, int):
            raise ServiceError(400, "seat must be a number")
        out = await self.call(
            self.service.seat_bot, account, self.game_id(request), seat, data.get("bot", "random")
        )
        return JSONResponse(out)

    async def start(self, request: Request):
        """
        summary: Start the game (the creator, once every seat is taken).
        responses:
          200: {description: the game}
          403: {description: not the creator}
          409: {description: seats free, or started}
        """
        account = await self.account(request)
        out = await self.call(self.service.start, account, self.game_id(request))
        self.hub.wake_bots(self.game_id(request))
        return JSONResponse(out)

    # -- playing ---------------------------------------------------------------------------

    async def view(self, request: Request):
        """
        summary: Your view of the game (a spectator's without a seat).
        responses:
          200: {description: the view}
          409: {description: not started}
        """
        reader = await self.reader(request)
        return JSONResponse(await self.call(self.service.view, self.game_id(request), reader))

    async def legal(self, request: Request):
        """
        summary: Your legal actions now, as canonical text.
        responses:
          200: {description: the actions}
          401: {description: not logged in}
          403: {description: a spectator}
        """
        reader = await self.reader(request, required=True)
        out = await self.call(self.service.legal, self.game_id(request), reader)
        return JSONResponse({"actions": out})

    async def submit(self, request: Request):
        """
        summary: Submit an action as canonical text; "key" makes retries safe.
        responses:
          200: {description: accepted, with the events you may see}
          403: {description: no seat}
          422: {description: illegal, with the engine's message}
          429: {description: too many submissions}
        """
        gid = self.game_id(request)
        reader = await self.reader(request, required=True)
        if not self.submit_limit.allow(f"{reader.account_id}:{gid}"):
            raise ServiceError(429, "too many submissions; slow down")
        data = await self.body(request)
        key = client_key(data.get("key"))
        out = await self.service.submit_async(gid, reader, data.get("action"), key)
        self.hub.wake_bots(gid)
        return JSONResponse(out)

    async def receipts(self, request: Request):
        """
        summary: Your receipts, one per action of your seat, to keep until the game is over
          (then `bureau verify RECORD --receipts FILE` checks them against the record).
        responses:
          200: {description: "the commitment, your name and your receipts"}
          401: {description: not logged in}
          403: {description: a spectator}
        """
        reader = await self.reader(request, required=True)
        return JSONResponse(await self.call(self.service.receipts, self.game_id(request), reader))

    async def check(self, request: Request):
        """
        summary: Check an action as you type, without playing it.
        responses:
          200: {description: legal now, with its canonical text}
          403: {description: no seat}
          422: {description: illegal, with the engine's message}
        """
        reader = await self.reader(request, required=True)
        data = await self.body(request)
        return JSONResponse(
            await self.call(self.service.check, self.game_id(request), reader, data.get("action"))
        )

    async def events(self, request: Request):
        """
        summary: Your events after the first N (query since=N), for reconnecting clients.
        responses:
          200: {description: the events}
        """
        reader = await self.reader(request)
        out = await self.call(self.service.events, self.game_id(request), reader, since(request))
        return JSONResponse({"events": out})

    async def record(self, request: Request):
        """
        summary: The full game record, once the game is over, with the seed, salt and
          receipts revealed (the moderator any time, the seed withheld until the end).
        responses:
          200: {description: the record}
          403: {description: the game is not over}
        """
        reader = await self.reader(request)
        return JSONResponse(await self.call(self.service.record, self.game_id(request), reader))

    async def forum(self, request: Request):
        """
        summary: A moderated game's public post, or with seat=NAME that player's private
          report (his own, or any for the moderator); format=bbcode|markdown.
        responses:
          200: {description: the post as text}
          403: {description: another player's report}
          404: {description: the game has no forum posts}
        """
        reader = await self.reader(request)
        query = request.query_params
        text = await self.call(
            self.service.forum_post,
            self.game_id(request),
            reader,
            query.get("format", "bbcode"),
            query.get("seat"),
        )
        return PlainTextResponse(text)

    async def messages(self, request: Request):
        """
        summary: The messages you may read (GET, since=ID), or write one (POST kind, text, to).
        responses:
          200: {description: messages, or the new message's id}
          403: {description: not allowed to write there}
        """
        reader = await self.reader(request, required=request.method != "GET")
        gid = self.game_id(request)
        if request.method == "GET":
            out = await self.call(self.service.messages, gid, reader, since(request))
            return JSONResponse({"messages": out})
        data = await self.body(request)
        to = data.get("to")
        if isinstance(to, str):
            names = [n.lower() for n in (await self.call(self.service.game, gid)).match.names]
            to = names.index(to.lower()) if to.lower() in names else -1
        out = await self.call(
            self.service.post, gid, reader, data.get("kind", "public"), data.get("text"), to
        )
        return JSONResponse(out)

    async def openapi(self, request: Request):
        """
        summary: This API's OpenAPI document.
        responses:
          200: {description: the document}
        """
        return JSONResponse(openapi_document(request.app.routes))

    # -- live updates ----------------------------------------------------------------------

    def same_origin(self, headers) -> bool:
        """Whether a browser's ``Origin`` is this server (the host it was asked for, or
        ``--public-url``): a page elsewhere must not open a player's live view with her
        cookie."""
        origin = urlsplit(headers.get("origin", ""))
        if not origin.netloc:
            return False
        ours = {headers.get("host", "")}
        if self.public_url:
            ours.add(urlsplit(self.public_url).netloc)
        return origin.netloc in ours

    async def live(self, websocket: WebSocket):
        """Pushes the reader's view, new events and new messages he may read whenever
        something he may see changed (query ``since`` / ``messages_since`` resume)."""
        gid = websocket.path_params["game_id"]
        # A browser sends its session cookie; a script the Authorization header. Never a
        # token in the URL: URLs end up in logs.
        token = bearer(websocket.headers)
        if token is None and auth.SESSION_COOKIE in websocket.cookies:
            if not self.same_origin(websocket.headers):
                await websocket.close(code=4403, reason="a session cookie from another origin")
                return
            token = websocket.cookies[auth.SESSION_COOKIE]
        found = await self.call(self.service.who, token)
        account = None if found is None else found[0]
        try:
            reader = await self.call(self.service.reader, account, gid)
            await self.call(self.service.game, gid)
        except ServiceError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.message)
            return
        await websocket.accept()
        raw = websocket.query_params.get("since", "0")
        seen = int(raw) if re.fullmatch(r"[0-9]{1,12}", raw) else 0
        raw = websocket.query_params.get("messages_since", "0")
        last_message = int(raw) if re.fullmatch(r"[0-9]{1,12}", raw) else 0
        changed = self.hub.subscribe(gid)
        closed = asyncio.ensure_future(self._closed(websocket))
        shown = None  # the view last sent
        try:
            while not closed.done():
                push = await self.call(self.service.push, gid, reader, seen, last_message)
                if push["events"] or push["messages"] or push["view"] != shown:
                    await websocket.send_json(push)  # only news: a wake-up alone says nothing
                    shown = push["view"]
                seen += len(push["events"])
                messages = push["messages"]
                last_message = messages[-1]["id"] if messages else last_message
                woken = asyncio.ensure_future(self.hub.wait(gid, changed))
                await asyncio.wait({woken, closed}, return_when=asyncio.FIRST_COMPLETED)
                woken.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            closed.cancel()
            self.hub.unsubscribe(gid, changed)

    async def _closed(self, websocket: WebSocket) -> None:
        """Returns when the client goes away (clients send nothing else we need)."""
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return


async def _errors(request: Request, exc: Exception):
    if isinstance(exc, ClientDisconnect):  # anyone can cause it: one quiet line, no trace
        client = request.client.host if request.client else "?"
        log.info("%s %s: the client %s went away before its body was read",
                 request.method, request.url.path, client)  # fmt: skip
        return Response(status_code=400)  # nobody is there to read it
    if isinstance(exc, ServiceError):
        return error(exc.status, exc.message)
    if isinstance(exc, HTTPException):  # unknown route (404), wrong method (405)
        return error(exc.status_code, exc.detail)
    raise exc


def create_app(
    store: Store, redis_url: str | None = None, workers: bool = True, secure_cookies=False,
    allow_fixtures: bool = False, public_url: str | None = None, smtp: str | None = None,
    mail_from: str | None = None,
) -> Starlette:  # fmt: skip
    """The ASGI app: the API over ``store``; ``redis_url`` fans live updates out to
    other server processes; ``workers`` runs bots and deadlines in the background;
    ``allow_fixtures`` lets hosts arrange tables (marked so); ``public_url`` is the
    address players use (a browser origin the WebSocket accepts, the base of links in
    mails); ``smtp`` (a URL, ``mail.SmtpConfig``) turns e-mail notifications on, sent
    from ``mail_from``."""
    hub = Hub(redis_url)
    collector = Collector()
    service = Service(store, publish=hub.publish_threadsafe, allow_fixtures=allow_fixtures)
    hub.service = service
    postman = None
    if smtp:
        base = (public_url or "http://127.0.0.1:8000").rstrip("/")
        service.notices.public_url, service.notices.enabled = base, True
        sender = mail_from or f"Bureau <bureau@{urlsplit(base).hostname or 'localhost'}>"
        postman = Postman(service.notices, Mailer(SmtpConfig.parse(smtp), sender, base))
    api = Api(service, hub, public_url)
    api.secure_cookies = secure_cookies
    g = "/api/games/{game_id:int}"
    routes = [
        # Submissions first: Starlette tries routes in order, and they are most requests.
        Route(g + "/actions", api.submit, methods=["POST"]),
        Route("/api/accounts", api.register, methods=["POST"]),
        Route("/api/login", api.login, methods=["POST"]),
        Route("/api/logout", api.logout, methods=["POST"]),
        Route("/api/me", api.me, methods=["GET", "POST"]),
        Route("/api/games", api.games, methods=["GET"]),
        Route("/api/games", api.create, methods=["POST"]),
        Route(g, api.game, methods=["GET"]),
        Route(g + "/join", api.join, methods=["POST"]),
        Route(g + "/leave", api.leave, methods=["POST"]),
        Route(g + "/bots", api.bot, methods=["POST"]),
        Route(g + "/start", api.start, methods=["POST"]),
        Route(g + "/invite", api.invite, methods=["POST"]),
        Route(g + "/view", api.view, methods=["GET"]),
        Route(g + "/legal", api.legal, methods=["GET"]),
        Route(g + "/check", api.check, methods=["POST"]),
        Route(g + "/events", api.events, methods=["GET"]),
        Route(g + "/record", api.record, methods=["GET"]),
        Route(g + "/receipts", api.receipts, methods=["GET"]),
        Route(g + "/messages", api.messages, methods=["GET", "POST"]),
        Route(g + "/forum", api.forum, methods=["GET"]),
        Route("/api/openapi.json", api.openapi, methods=["GET"], include_in_schema=False),
        WebSocketRoute(g + "/live", api.live),
        *web.routes(api),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        hub.loop = asyncio.get_running_loop()
        await hub.start()
        tasks = [asyncio.create_task(collector.run())]
        if workers:
            tasks.append(asyncio.create_task(hub.run_workers()))
            if postman is not None:
                tasks.append(asyncio.create_task(postman.run()))
        yield
        for t in tasks:
            t.cancel()
        await hub.stop()

    app = Starlette(
        routes=routes,
        middleware=[Middleware(BodyLimit, collector=collector)],
        exception_handlers={
            ServiceError: _errors,
            HTTPException: _errors,
            ClientDisconnect: _errors,
        },
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.hub = hub
    app.state.collector = collector
    return app
