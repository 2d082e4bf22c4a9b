"""The HTTP and WebSocket routes (FastAPI), over `TableService`; see docs/protocol.md.

A seat is proven by a credential on every request and every WebSocket message: the cookie
``meeple_<table>`` a browser got on joining by its invite link, or ``Authorization: Bearer
<invite secret>`` for programs. No credential means a spectator; a wrong one is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from starlette.datastructures import UploadFile
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketState
from uvicorn.protocols.utils import ClientDisconnected

from meeple.bots import DEFAULT_LEVEL, LEVELS
from meeple.engine.errors import MeepleError
from meeple.engine.gameinfo import PLAYERS, GameInfo, OptionSpec
from meeple.engine.registry import edition_names, game_info, game_names
from meeple.server.bots import BotDriver
from meeple.server.credentials import ADMIN_COOKIE, SEAT_COOKIE
from meeple.server.hub import STATE, Connection, Hub
from meeple.server.inputs import BadInput, read_json
from meeple.server.live import Answer, facts_of, said, words
from meeple.server.messages import HandToBot, Move, NewTable, Sync, Undo, client_message, frame
from meeple.server.notify import watch
from meeple.server.origin import cross_site_refusal, same_origin
from meeple.server.owners import FromThread, Owners
from meeple.server.rates import RateLimit
from meeple.server.schema import BOT, HUMAN
from meeple.server.service import SeatChoice, TableError, TableService, UnknownTable
from meeple.server.settings import Settings
from meeple.server.store import Store
from meeple.web import language, page_words
from meeple.web.forms import CLOCK_UNITS, option_fields, read_clock, read_form, seat_fields
from meeple.web.lobby import PLAY_MINUTES
from meeple.web.routes import routes

log = logging.getLogger(__name__)

#: WebSocket close codes: a credential that holds no seat, a foreign origin, no such table, a
#: message too big.
CLOSE_UNAUTHORISED = 4401
CLOSE_FORBIDDEN_ORIGIN = 4403
CLOSE_NO_TABLE = 4404
CLOSE_TOO_BIG = 1009
#: Closed because the server failed to push a position (the client should connect again).
CLOSE_SERVER_ERROR = 1011
#: Closed for going over the connection rate.
CLOSE_POLICY = 1008

#: Headers on every answer: no page of another site may frame ours (clicks tricked through a
#: frame would act with the player's cookie); no address of ours, whose invite links and
#: creator's links hold secrets, is sent to another site as a referrer; no content is sniffed.
BROWSER_GUARDS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}

#: What a wrong invite link's page says to do.
INVITE_HINT = language.N_(
    "Check that the whole link was copied. If the table's creator has given this seat a new "
    "link, only the new one opens it: ask them for it."
)
#: Why a table page is not a seat's: no such table, or the browser's seat is gone.
NO_TABLE = "no table"
SEAT_GONE = "gone"
#: The longest board element id read from a request.
MAX_ELEMENT = 64
#: What the creator may hand a seat to.
SEAT_LEVELS = tuple(LEVELS)


def quick_name(info: GameInfo, reader: str) -> str:
    """The name of the person who plays a quick game: seat 1's colour word in their language
    ("Blue"), so that the page reads "Blue (you) places a tile" and the log's colour words,
    the board's colours and the seat's name agree (a name such as "You" would read as
    "You (you)", and would be wrong on every other reader's page)."""
    return str(said(info.seats.name(0), words(info.name, reader)))


def cookie_name(table_id: str) -> str:
    return f"{SEAT_COOKIE}{table_id}"


def admin_credential(connection: HTTPConnection, table_id: str) -> str | None:
    """The creator's secret a request carries: ``Authorization: Bearer`` or the creator's
    cookie of that table."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return connection.cookies.get(f"{ADMIN_COOKIE}{table_id}")


def seat_cookies(connection: HTTPConnection) -> dict[str, str]:
    """Table id -> seat cookie, for every table this browser holds a seat at."""
    return {
        name[len(SEAT_COOKIE) :]: value
        for name, value in connection.cookies.items()
        if name.startswith(SEAT_COOKIE)
    }


def admin_cookies(connection: HTTPConnection) -> dict[str, str]:
    """Table id -> the creator's cookie, for every table this browser created."""
    return {
        name[len(ADMIN_COOKIE) :]: value
        for name, value in connection.cookies.items()
        if name.startswith(ADMIN_COOKIE)
    }


def credential(connection: HTTPConnection, table_id: str) -> str | None:
    """The seat credential a request or WebSocket carries, if any."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return connection.cookies.get(cookie_name(table_id))


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    web = resources.files("meeple.web")
    templates = Jinja2Templates(
        directory=str(web.joinpath("templates")), context_processors=[language.context]
    )
    language.install(templates.env)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db_url)
        service = TableService(store, max_tables=settings.max_tables)
        hub = Hub()
        service.subscribe(hub.changed)
        tables = Owners(service, settings.idle_seconds)
        bots = BotDriver(tables, settings.bot_workers)
        tables.bot_turns_to = bots.start
        others = watch(store, FromThread(tables), hub.changed)  # processes on the same database
        app.state.service, app.state.tables = service, tables
        app.state.hub, app.state.bots = hub, bots
        for table_id in await tables.io(service.tables_to_resume):  # bots and clocks go on
            tables.look(table_id)
        try:
            yield
        finally:
            if others is not None:
                await asyncio.to_thread(others.stop)
            await tables.close()
            await asyncio.to_thread(bots.close)
            store.close()

    app = FastAPI(title="Meeple server", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=str(web.joinpath("static"))), name="static")
    app.include_router(routes(templates))
    http_rate = RateLimit(settings.http_rate)
    message_rate = RateLimit(settings.message_rate)
    connect_rate = RateLimit(settings.connect_rate)

    @app.middleware("http")
    async def limit_rate(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        if not http_rate.hit(_address(request)):
            return JSONResponse(
                {"detail": http_rate.refusal()}, status_code=429, headers={"Retry-After": "1"}
            )
        return await call_next(request)

    @app.middleware("http")
    async def guard_browsers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        """Every request that may change something is checked on every route
        (`meeple.server.origin`); every answer carries `BROWSER_GUARDS`."""
        refusal = cross_site_refusal(request, request.method, settings.allowed_origins)
        if refusal:
            response: Response = JSONResponse({"detail": refusal}, status_code=403)
        else:
            response = await call_next(request)
        response.headers.update(BROWSER_GUARDS)
        return response

    def service_of(request: HTTPConnection) -> Owners:
        """The tables' owners: every request about a table goes through its owner."""
        tables: Owners = request.app.state.tables
        return tables

    async def seat_of(request: Request, table_id: str) -> int | None:
        """The seat the request's credential holds (None: a spectator); 404 for no such
        table, 403 for a credential that holds no seat."""
        try:
            return await service_of(request).seat_for(table_id, credential(request, table_id))
        except TableError as exc:
            status = 404 if isinstance(exc, UnknownTable) else 403
            raise HTTPException(status, str(exc)) from None

    async def body_json(request: Request) -> Any:
        """The body as JSON (`meeple.server.inputs.read_json`), read no further than the
        size allowed: 413 past it, 400 for what is not JSON the server reads."""
        too_big = HTTPException(413, f"a request body is at most {settings.max_message} bytes")
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > settings.max_message:
            raise too_big
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > settings.max_message:
                raise too_big
        try:
            return read_json(bytes(body))
        except BadInput as exc:
            raise HTTPException(400, exc.reason) from None

    # -- pages ------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request) -> Response:
        games = []
        for name in game_names():
            info = game_info(name)
            games.append(
                {
                    "info": info,
                    "options": option_fields(info),
                    "seats": seat_fields(info),
                    "levels": DEFAULT_LEVEL,
                    "minutes": PLAY_MINUTES.get(name),
                }
            )
        return templates.TemplateResponse(
            request, "index.html", {"games": games, "clock_units": CLOCK_UNITS}
        )

    @app.post("/tables")
    async def create_from_form(request: Request) -> Response:
        """The form: a table with invite links, or ("play against bots now") a table where the
        creator takes seat 1 at once and bots the others."""
        form = await request.form(max_part_size=settings.max_edition)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        uploads = {k: await v.read() for k, v in form.items() if isinstance(v, UploadFile)}
        service = service_of(request)
        try:
            info = game_info(fields.get("game", ""))
            if fields.get("quick") and PLAYERS not in fields:
                players = info.default_players
                options: dict[str, Any] = {"players": players}
                seats = [SeatChoice()] + [SeatChoice(BOT, DEFAULT_LEVEL)] * (players - 1)
                clock = None
            else:
                options, seats = read_form(info, fields, uploads, settings.max_edition)
                clock = read_clock(fields)
            created = await service.create(info.name, options, seats, clock)
        except (TableError, MeepleError) as exc:
            return refused(request, exc, 400)
        if fields.get("quick") and 0 in created.invites:  # (also "play again" against bots)
            _, session = await service.join(
                created.id,
                created.invites[0],
                quick_name(info, language.language_of(request)),
            )
            response = RedirectResponse(f"/tables/{created.id}", status_code=303)
            set_seat_cookie(request, response, created.id, session)
            return response
        links = {
            seat: str(request.url_for("join_page", table_id=created.id, secret=secret))
            for seat, secret in created.invites.items()
        }
        admin = str(request.url_for("admin_link", table_id=created.id, secret=created.admin_secret))
        page = templates.TemplateResponse(
            request,
            "created.html",
            {"table": created.id, "links": links, "admin": admin, "title": info.title},
        )
        # The creator's browser keeps the creator's secret, as its link would: "my games"
        # lists the table there before the creator takes a seat.
        _set_cookie(request, page, f"{ADMIN_COOKIE}{created.id}", created.admin_secret)
        return page

    def invite_refused(request: Request, table_id: str, exc: TableError) -> Response:
        """An invite link's refusal as a page that says which: no such table, or a link that
        opens no seat there (cut short, or replaced by a new one), and the way on."""
        if isinstance(exc, UnknownTable):
            return no_table_page(request, table_id)
        if "no seat" not in exc.message:
            return refused(request, exc, 403)
        return refused(request, exc, 403, INVITE_HINT)

    def refused(
        request: Request, exc: TableError | MeepleError, status: int, hint: str | None = None
    ) -> Response:
        """The error page saying why, in the reader's language where the catalogue has it."""
        message = str(exc)
        reader = language.language_of(request)
        if isinstance(exc, TableError) and exc.game is not None:
            message = said(exc.message, words(exc.game, reader))
        elif isinstance(exc, TableError):
            message = language.said(reader, exc.message, exc.values)
        return templates.TemplateResponse(
            request, "error.html", {"message": message, "hint": hint}, status_code=status
        )

    def set_seat_cookie(request: Request, response: Response, table_id: str, token: str) -> None:
        _set_cookie(request, response, cookie_name(table_id), token)

    @app.get("/join/{table_id}/{secret}", response_class=HTMLResponse, name="join_page")
    async def join_page(request: Request, table_id: str, secret: str) -> Response:
        try:
            seat = await service_of(request).seat_for(table_id, secret)
        except TableError as exc:
            return invite_refused(request, table_id, exc)
        no_log = 1 << 30
        table = await service_of(request).payload(table_id, None, no_log)
        return templates.TemplateResponse(
            request,
            "join.html",
            {
                "seat": seat,
                "table": table_id,
                "title": table["title"],
                "game": table["game"],
                "seats": table["seats"],
            },
        )

    @app.post("/join/{table_id}/{secret}")
    async def join(request: Request, table_id: str, secret: str) -> Response:
        form = await request.form()
        name = form.get("name")
        try:
            _, session = await service_of(request).join(
                table_id, secret, name if isinstance(name, str) else ""
            )
        except TableError as exc:
            return invite_refused(request, table_id, exc)
        response = RedirectResponse(f"/tables/{table_id}", status_code=303)
        set_seat_cookie(request, response, table_id, session)
        return response

    @app.get("/tables/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> Response:
        seat, gone = await page_seat(request, table_id)
        if gone == NO_TABLE:
            return no_table_page(request, table_id)
        payload = await service_of(request).payload(
            table_id, seat, 0, language.language_of(request)
        )
        response = templates.TemplateResponse(
            request,
            "table.html",
            {
                "table": table_id,
                "seat": seat,
                "gone": gone,
                "title": payload["title"],
                "game": payload["game"],
                "words": page_words.table_words(request, payload["game"]),
            },
        )
        if gone:
            response.delete_cookie(cookie_name(table_id))
        return response

    @app.get("/games", response_class=HTMLResponse)
    async def my_games_page(request: Request) -> Response:
        games = await service_of(request).my_games(seat_cookies(request))
        created = await service_of(request).created_games(admin_cookies(request))
        return templates.TemplateResponse(
            request, "games.html", {"games": games, "created": created}
        )

    @app.get("/tables/{table_id}/replay", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str) -> Response:
        seat = await seat_of(request, table_id)
        try:
            first = await service_of(request).replay(table_id, seat, 0)
        except TableError as exc:
            return refused(request, exc, 409)
        return templates.TemplateResponse(
            request,
            "replay.html",
            {
                "table": table_id,
                "game": first["game"],
                "title": game_info(first["game"]).title,
                "steps": first["steps"],
                "words": page_words.replay_words(request, first["game"]),
            },
        )

    # -- the creator's controls -------------------------------------------------------------
    @app.get("/admin/{table_id}/{secret}", name="admin_link")
    async def admin_link(request: Request, table_id: str, secret: str) -> Response:
        """The creator's link: proves the secret once and keeps it in an HttpOnly cookie."""
        try:
            await service_of(request).check_admin(table_id, secret)
        except TableError as exc:
            return refused(request, exc, 403)
        response = RedirectResponse(f"/tables/{table_id}/admin", status_code=303)
        _set_cookie(request, response, f"{ADMIN_COOKIE}{table_id}", secret)
        return response

    async def admin_of(request: Request, table_id: str) -> str:
        admin = admin_credential(request, table_id)
        try:
            await service_of(request).check_admin(table_id, admin)
        except TableError as exc:
            status = 404 if isinstance(exc, UnknownTable) else 403
            raise HTTPException(status, str(exc)) from None
        assert admin is not None
        return admin

    @app.get("/tables/{table_id}/admin", response_class=HTMLResponse)
    async def admin_page(request: Request, table_id: str) -> Response:
        await admin_of(request, table_id)
        payload = await service_of(request).payload(table_id, None)
        return templates.TemplateResponse(
            request,
            "admin.html",
            {"table": table_id, "payload": payload, "levels": SEAT_LEVELS},
        )

    @app.post("/tables/{table_id}/admin/seats/{seat}", response_class=HTMLResponse)
    async def admin_form(request: Request, table_id: str, seat: int) -> Response:
        admin = await admin_of(request, table_id)
        form = await request.form()
        service = service_of(request)
        link = None
        try:
            bot = form.get("bot")
            if isinstance(bot, str) and bot:
                await service.hand_to_bot(table_id, admin, seat, bot)
            else:
                secret = await service.reissue(table_id, admin, seat)
                link = str(request.url_for("join_page", table_id=table_id, secret=secret))
        except TableError as exc:
            return refused(request, exc, 400)
        payload = await service.payload(table_id, None)
        return templates.TemplateResponse(
            request,
            "admin.html",
            {
                "table": table_id,
                "payload": payload,
                "levels": SEAT_LEVELS,
                "link": link,
                "link_seat": seat,
            },
        )

    @app.post("/api/tables/{table_id}/seats/{seat}/invite")
    async def reissue(request: Request, table_id: str, seat: int) -> Any:
        admin = await admin_of(request, table_id)
        try:
            secret = await service_of(request).reissue(table_id, admin, seat)
        except TableError as exc:
            raise HTTPException(400, str(exc)) from None
        return {"seat": seat, "secret": secret, "invite": f"/join/{table_id}/{secret}"}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def hand_to_bot(request: Request, table_id: str, seat: int) -> Any:
        admin = await admin_of(request, table_id)
        try:
            body = HandToBot.model_validate(await body_json(request))
        except ValidationError as exc:
            raise HTTPException(422, _errors(exc)) from None
        try:
            await service_of(request).hand_to_bot(table_id, admin, seat, body.bot)
        except TableError as exc:
            raise HTTPException(400, str(exc)) from None
        return {"seat": seat, "bot": body.bot}

    # -- JSON API ---------------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game with its players and options, to build a table form."""
        return [_game_json(name) for name in game_names()]

    @app.post("/api/tables")
    async def create(request: Request) -> JSONResponse:
        try:
            new = NewTable.model_validate(await body_json(request))
        except ValidationError as exc:
            raise HTTPException(422, _errors(exc)) from None
        seats = [SeatChoice(s.kind, s.bot) for s in new.seats]
        options = {PLAYERS: len(seats), **new.options}  # as many players as seats, unless said
        clock = None if new.clock is None else new.clock.clock()
        try:
            created = await service_of(request).create(new.game, options, seats, clock)
        except TableError as exc:
            raise HTTPException(400, str(exc)) from None
        return JSONResponse(
            {
                "table": created.id,
                "admin": created.admin_secret,
                "seats": [
                    {
                        "seat": seat,
                        "kind": choice.kind,
                        "bot": choice.bot,
                        "secret": created.invites.get(seat),
                        "invite": f"/join/{created.id}/{created.invites[seat]}"
                        if seat in created.invites
                        else None,
                    }
                    for seat, choice in enumerate(seats)
                ],
            },
            status_code=201,
        )

    @app.get("/api/tables/{table_id}")
    async def table_state(request: Request, table_id: str, log_start: int = 0) -> Any:
        seat = await seat_of(request, table_id)
        return await service_of(request).payload(
            table_id, seat, log_start, language.language_of(request)
        )

    @app.get("/api/tables/{table_id}/facts")
    async def table_facts(request: Request, table_id: str) -> Any:
        """The component figures the table's page draws (names, costs, points), fetched once
        by the game's drawing module: the view names cards only by id."""
        seat = await seat_of(request, table_id)
        no_log = 1 << 30  # a log start past the end: the log is not needed here
        payload = await service_of(request).payload(table_id, seat, no_log)
        return facts_of(game_info(payload["game"]), payload["view"], language.language_of(request))

    @app.post("/api/tables/{table_id}/moves")
    async def post_move(request: Request, table_id: str) -> JSONResponse:
        seat = await seat_of(request, table_id)
        try:
            move = Move.model_validate(await body_json(request))
        except ValidationError as exc:
            raise HTTPException(422, _errors(exc)) from None
        answer = await _apply(service_of(request), table_id, seat, move)
        return _answer_response(answer, language.language_of(request))

    @app.post("/api/tables/{table_id}/undo")
    async def post_undo(request: Request, table_id: str) -> JSONResponse:
        seat = await seat_of(request, table_id)
        try:
            undo = Undo.model_validate(await body_json(request))
        except ValidationError as exc:
            raise HTTPException(422, _errors(exc)) from None
        answer = await _apply(service_of(request), table_id, seat, undo)
        return _answer_response(answer, language.language_of(request))

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> Any:
        """The game's record with its seed, as a file to keep (once the game is over)."""
        await seat_of(request, table_id)
        try:
            data = await service_of(request).record(table_id)
        except TableError as exc:
            raise HTTPException(409, str(exc)) from None
        filename = f"meeple-{data['game']}-{table_id}.json"
        return JSONResponse(
            data, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay(request: Request, table_id: str, step: int) -> Any:
        """The finished game as the reader saw it after `step` moves."""
        seat = await seat_of(request, table_id)
        try:
            return await service_of(request).replay(
                table_id, seat, step, language.language_of(request)
            )
        except TableError as exc:
            raise HTTPException(409, str(exc)) from None

    @app.get("/api/my-games")
    async def my_games(request: Request) -> Any:
        """The tables this browser holds a seat at, those where it is its turn first."""
        return await service_of(request).my_games(seat_cookies(request))

    # -- the table page's helpers ----------------------------------------------------------
    @app.get("/api/tables/{table_id}/why")
    async def why_not(request: Request, table_id: str) -> Any:
        """Why the reader's seat cannot go on with the board elements picked so far (the last
        one just clicked): the rule and the reason, in the reader's language. Plays nothing.
        Only for the table's own page: another site's page gets 403 (the engine's work here is
        not for it to set off, and its answer not for it to read)."""
        if not same_origin(request, settings.allowed_origins):
            raise HTTPException(403, "requests from another site are refused")
        seat = await seat_of(request, table_id)
        picked = [e[:MAX_ELEMENT] for e in request.query_params.getlist("element")]
        return await service_of(request).why_not(
            table_id,
            seat,
            picked,
            language.language_of(request),
        )

    async def page_seat(request: Request, table_id: str) -> tuple[int | None, str]:
        """The seat a page's reader holds, and why it is watching instead: ``NO_TABLE``, or
        ``SEAT_GONE`` for a cookie that no longer holds a seat (its page is a spectator's)."""
        try:
            seat = await service_of(request).seat_for(table_id, credential(request, table_id))
        except TableError as exc:
            if isinstance(exc, UnknownTable):
                return None, NO_TABLE
            if request.headers.get("authorization"):  # a program's wrong secret
                raise HTTPException(403, str(exc)) from None
            return None, SEAT_GONE
        return seat, ""

    def no_table_page(request: Request, table_id: str) -> Response:
        """The page for a table that does not exist, in the reader's language."""
        return templates.TemplateResponse(
            request, "missing.html", {"table": table_id}, status_code=404
        )

    @app.post("/tables/{table_id}/forget")
    async def forget_seat(request: Request, table_id: str) -> Response:
        """Drops this browser's cookie of the table's seat: the page of a seat that is gone
        (taken over elsewhere, handed to a bot, reissued) goes on as a spectator's."""
        response = Response(status_code=204)
        response.delete_cookie(cookie_name(table_id))
        return response

    # -- WebSocket --------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        service = service_of(websocket)
        # A refused handshake is accepted and then closed with the code saying why: refused
        # before accepting, a browser sees only an HTTP 403 and no code (and would retry).
        if not same_origin(websocket, settings.allowed_origins):
            await _refuse(websocket, CLOSE_FORBIDDEN_ORIGIN, "foreign origin")
            return
        if not connect_rate.hit(_address(websocket)):
            await _refuse(websocket, CLOSE_POLICY, connect_rate.refusal())
            return
        token = credential(websocket, table_id)
        try:
            seat = await service.seat_for(table_id, token)
        except TableError as exc:
            code = CLOSE_NO_TABLE if isinstance(exc, UnknownTable) else CLOSE_UNAUTHORISED
            await _refuse(websocket, code, str(exc))
            return
        await websocket.accept()
        connection = Connection(table_id, seat, language.language_of(websocket))
        hub: Hub = websocket.app.state.hub
        hub.add(connection)
        sender = asyncio.create_task(_send_loop(websocket, service, connection, token))

        def pushes_ended(task: asyncio.Task[None]) -> None:
            """A push that failed must not leave the client waiting for positions that never
            come: the error is logged and the socket closed, so the client connects again. A
            client that closed while a position was on its way is no error."""
            if task.cancelled() or task.exception() is None:
                return
            if websocket.client_state == WebSocketState.DISCONNECTED or isinstance(
                task.exception(), WebSocketDisconnect | ClientDisconnected
            ):
                log.debug("table %s: a client left while a position was pushed", table_id)
                return
            log.error("pushes to table %s stopped", table_id, exc_info=task.exception())
            closing = asyncio.ensure_future(websocket.close(CLOSE_SERVER_ERROR, "connect again"))
            closing.add_done_callback(lambda done: done.cancelled() or done.exception())

        sender.add_done_callback(pushes_ended)
        try:
            await _receive_loop(websocket, service, connection, token)
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(connection)
            sender.cancel()

    async def _still_holds(service: Owners, connection: Connection, token: str | None) -> bool:
        try:
            seat = await service.seat_for(connection.table_id, token)
        except TableError:
            return False
        return seat == connection.seat

    async def _receive_loop(
        websocket: WebSocket, service: Owners, connection: Connection, token: str | None
    ) -> None:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(message.get("code", 1000))
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace")
            if len(text.encode("utf-8")) > settings.max_message:
                await websocket.close(CLOSE_TOO_BIG, f"at most {settings.max_message} bytes")
                return
            if not message_rate.hit(str(connection.serial)):
                connection.reply({**_error(message_rate.refusal()), "retry_after": 1})
                continue
            if not await _still_holds(service, connection, token):
                await websocket.close(CLOSE_UNAUTHORISED, "this credential holds no seat")
                return
            try:
                request = client_message.validate_python(read_json(text, "the message"))
            except BadInput as exc:
                connection.reply(_error(exc.reason))
                continue
            except ValidationError as exc:
                connection.reply(_error(_errors(exc)))
                continue
            if isinstance(request, Sync):
                connection.log_start = request.log_start
                connection.want_state()
                continue
            answer = await _apply(service, connection.table_id, connection.seat, request)
            reply = answer.to_json(connection.language)
            connection.reply({"type": "answer", "nonce": request.nonce, **reply})

    async def _send_loop(
        websocket: WebSocket, service: Owners, connection: Connection, token: str | None
    ) -> None:
        connection.want_state()
        while True:
            item = await connection.next()
            if item is STATE:
                payload = await service.payload_if_held(
                    connection.table_id,
                    token,
                    connection.seat,
                    connection.log_start,
                    connection.language,
                )
                if payload is None:
                    await websocket.close(CLOSE_UNAUTHORISED, "this credential holds no seat")
                    return
                connection.log_start = payload["log_size"]
                await websocket.send_text(frame(payload))
            else:
                await websocket.send_text(frame(item))

    return app


def _set_cookie(request: Request, response: Response, name: str, token: str) -> None:
    response.set_cookie(
        name,
        token,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        max_age=365 * 24 * 3600,
    )


async def _refuse(websocket: WebSocket, code: int, reason: str) -> None:
    """Refuse a handshake with a close `code` the client can read (see `live`)."""
    await websocket.accept()
    await websocket.close(code, reason.encode("utf-8")[:120].decode("utf-8", "ignore"))


def _address(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client else "unknown"


async def _apply(service: Owners, table_id: str, seat: int | None, request: Move | Undo) -> Answer:
    if seat is None:
        version = await service.version(table_id)
        return Answer(False, version, "not a seat", "spectators cannot move")
    if isinstance(request, Move):
        return await service.move(table_id, seat, request.action, request.version, request.nonce)
    return await service.undo(table_id, seat, request.version, request.nonce)


def _answer_response(answer: Answer, language: str) -> JSONResponse:
    return JSONResponse(answer.to_json(language), status_code=200 if answer.ok else 409)


def _error(reason: str) -> dict[str, Any]:
    return {"type": "error", "reason": reason}


def _errors(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in error['loc']) or 'message'}: {error['msg']}"
        for error in exc.errors()
    )


def _game_json(name: str) -> dict[str, Any]:
    info = game_info(name)
    return {
        "name": info.name,
        "title": info.title,
        "players": {
            "min": info.min_players,
            "max": info.max_players,
            "default": info.default_players,
        },
        "options": [
            {
                "name": s.name,
                "kind": s.kind,
                "help": s.help,
                "default": s.default,
                **_values(info, s),
            }
            for s in info.options
        ],
        "seats": [HUMAN, BOT],
    }


def _values(info: GameInfo, spec: OptionSpec) -> dict[str, Any]:
    """What values an option takes, for clients that build their own form: a flag's two, a
    seat's range (0-based; below the table's player count), an edition's shipped names (or an
    object, the edition itself)."""
    if spec.kind == "flag":
        return {"values": [False, True]}
    if spec.kind == "seat":
        return {"min": 0, "max": info.max_players - 1}
    return {"names": list(edition_names(info.name))}
