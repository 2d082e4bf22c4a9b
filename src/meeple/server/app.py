"""The HTTP and WebSocket routes (FastAPI), over `TableService`; see docs/protocol.md.

A seat is proven by a credential on every request and every WebSocket message: the cookie
``meeple_<table>`` a browser got on joining by its invite link, or ``Authorization: Bearer
<invite secret>`` for programs. No credential means a spectator; a wrong one is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from starlette.datastructures import UploadFile
from starlette.requests import HTTPConnection

from meeple.bots import DEFAULT_LEVEL
from meeple.engine.errors import MeepleError
from meeple.engine.registry import game_info, game_names
from meeple.server.bots import BotDriver
from meeple.server.hub import STATE, Connection, Hub
from meeple.server.live import Answer
from meeple.server.messages import Move, NewTable, Sync, Undo, client_message
from meeple.server.notify import watch
from meeple.server.schema import BOT, HUMAN
from meeple.server.service import SeatChoice, TableError, TableService
from meeple.server.settings import Settings
from meeple.server.store import Store
from meeple.web.forms import option_fields, read_form, seat_fields

#: WebSocket close codes: a credential that holds no seat, a foreign origin, a message too big.
CLOSE_UNAUTHORISED = 4401
CLOSE_FORBIDDEN_ORIGIN = 4403
CLOSE_TOO_BIG = 1009

QUICK_NAME = "You"


def cookie_name(table_id: str) -> str:
    return f"meeple_{table_id}"


def credential(connection: HTTPConnection, table_id: str) -> str | None:
    """The seat credential a request or WebSocket carries, if any."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return connection.cookies.get(cookie_name(table_id))


def same_origin(connection: HTTPConnection, settings: Settings) -> bool:
    """A request without Origin (not a browser) passes; a browser's must be this server's own
    or one allowed in the settings."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    return origin in settings.allowed_origins or urlsplit(origin).netloc == connection.headers.get(
        "host"
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    web = resources.files("meeple.web")
    templates = Jinja2Templates(directory=str(web.joinpath("templates")))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db_url)
        service = TableService(store)
        hub = Hub()
        service.subscribe(hub.changed)
        bots = BotDriver(service, settings.bot_workers)
        others = watch(store, service, hub.changed)  # other processes on the same database
        app.state.service, app.state.hub, app.state.bots = service, hub, bots
        for table_id in service.playing_tables():  # games with bots go on after a restart
            bots.kick(table_id)
        try:
            yield
        finally:
            if others is not None:
                others.stop()
            bots.close()
            store.close()

    app = FastAPI(title="Meeple server", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=str(web.joinpath("static"))), name="static")

    def service_of(request: HTTPConnection) -> TableService:
        service: TableService = request.app.state.service
        return service

    def check_origin(request: Request) -> None:
        if not same_origin(request, settings):
            raise HTTPException(403, "requests from another site are refused")

    async def seat_of(request: Request, table_id: str) -> int | None:
        """The seat the request's credential holds (None: a spectator); 404 for no such
        table, 403 for a credential that holds no seat."""
        try:
            return await run_in_threadpool(
                service_of(request).seat_for, table_id, credential(request, table_id)
            )
        except TableError as exc:
            status = 404 if str(exc).startswith("no table") else 403
            raise HTTPException(status, str(exc)) from None

    async def body_json(request: Request) -> Any:
        body = await request.body()
        if len(body) > settings.max_message:
            raise HTTPException(413, f"a request body is at most {settings.max_message} bytes")
        try:
            return json.loads(body)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise HTTPException(400, f"the body is not JSON: {exc}") from None

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
                }
            )
        return templates.TemplateResponse(request, "index.html", {"games": games})

    @app.post("/tables")
    async def create_from_form(request: Request) -> Response:
        """The form: a table with invite links, or ("play against bots now") a table where the
        creator takes seat 1 at once and bots the others."""
        check_origin(request)
        form = await request.form(max_part_size=settings.max_edition)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        uploads = {k: await v.read() for k, v in form.items() if isinstance(v, UploadFile)}
        service = service_of(request)
        try:
            info = game_info(fields.get("game", ""))
            if fields.get("quick"):
                players = info.default_players
                options: dict[str, Any] = {"players": players}
                seats = [SeatChoice()] + [SeatChoice(BOT, DEFAULT_LEVEL)] * (players - 1)
            else:
                options, seats = read_form(info, fields, uploads, settings.max_edition)
            created = await run_in_threadpool(service.create, info.name, options, seats)
        except (TableError, MeepleError) as exc:
            return templates.TemplateResponse(
                request, "error.html", {"message": str(exc)}, status_code=400
            )
        if fields.get("quick"):
            _, session = await run_in_threadpool(
                service.join, created.id, created.invites[0], QUICK_NAME
            )
            response = RedirectResponse(f"/tables/{created.id}", status_code=303)
            set_seat_cookie(request, response, created.id, session)
            return response
        links = {
            seat: str(request.url_for("join_page", table_id=created.id, secret=secret))
            for seat, secret in created.invites.items()
        }
        return templates.TemplateResponse(
            request, "created.html", {"table": created.id, "links": links}
        )

    def set_seat_cookie(request: Request, response: Response, table_id: str, token: str) -> None:
        response.set_cookie(
            cookie_name(table_id),
            token,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            max_age=365 * 24 * 3600,
        )

    @app.get("/join/{table_id}/{secret}", response_class=HTMLResponse, name="join_page")
    async def join_page(request: Request, table_id: str, secret: str) -> Response:
        try:
            seat = await run_in_threadpool(service_of(request).seat_for, table_id, secret)
        except TableError as exc:
            return templates.TemplateResponse(
                request, "error.html", {"message": str(exc)}, status_code=403
            )
        return templates.TemplateResponse(request, "join.html", {"seat": seat, "table": table_id})

    @app.post("/join/{table_id}/{secret}")
    async def join(request: Request, table_id: str, secret: str) -> Response:
        check_origin(request)
        form = await request.form()
        name = form.get("name")
        try:
            _, session = await run_in_threadpool(
                service_of(request).join, table_id, secret, name if isinstance(name, str) else ""
            )
        except TableError as exc:
            return templates.TemplateResponse(
                request, "error.html", {"message": str(exc)}, status_code=403
            )
        response = RedirectResponse(f"/tables/{table_id}", status_code=303)
        set_seat_cookie(request, response, table_id, session)
        return response

    @app.get("/tables/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str) -> Response:
        seat = await seat_of(request, table_id)
        payload = await run_in_threadpool(service_of(request).payload, table_id, seat)
        return templates.TemplateResponse(
            request,
            "table.html",
            {
                "table": table_id,
                "seat": seat,
                "title": payload["title"],
                "view": json.dumps(payload["view"], indent=1, ensure_ascii=False),
            },
        )

    # -- JSON API ---------------------------------------------------------------------------
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game with its players and options, to build a table form."""
        return [_game_json(name) for name in game_names()]

    @app.post("/api/tables")
    async def create(request: Request) -> JSONResponse:
        check_origin(request)
        try:
            new = NewTable.model_validate(await body_json(request))
        except ValidationError as exc:
            raise HTTPException(422, _errors(exc)) from None
        seats = [SeatChoice(s.kind, s.bot) for s in new.seats]
        try:
            created = await run_in_threadpool(
                service_of(request).create, new.game, new.options, seats
            )
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
        return await run_in_threadpool(service_of(request).payload, table_id, seat, log_start)

    @app.post("/api/tables/{table_id}/moves")
    async def post_move(request: Request, table_id: str) -> JSONResponse:
        seat = await seat_of(request, table_id)
        try:
            move = Move.model_validate(await body_json(request))
        except ValidationError as exc:
            raise HTTPException(422, _errors(exc)) from None
        return _answer_response(await _apply(service_of(request), table_id, seat, move))

    @app.post("/api/tables/{table_id}/undo")
    async def post_undo(request: Request, table_id: str) -> JSONResponse:
        seat = await seat_of(request, table_id)
        try:
            undo = Undo.model_validate(await body_json(request))
        except ValidationError as exc:
            raise HTTPException(422, _errors(exc)) from None
        return _answer_response(await _apply(service_of(request), table_id, seat, undo))

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> Any:
        await seat_of(request, table_id)
        try:
            return await run_in_threadpool(service_of(request).record, table_id)
        except TableError as exc:
            raise HTTPException(409, str(exc)) from None

    # -- WebSocket --------------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def live(websocket: WebSocket, table_id: str) -> None:
        service = service_of(websocket)
        if not same_origin(websocket, settings):
            await websocket.close(CLOSE_FORBIDDEN_ORIGIN, "foreign origin")
            return
        token = credential(websocket, table_id)
        try:
            seat = await run_in_threadpool(service.seat_for, table_id, token)
        except TableError as exc:
            await websocket.close(CLOSE_UNAUTHORISED, str(exc)[:120])
            return
        await websocket.accept()
        connection = Connection(table_id, seat)
        hub: Hub = websocket.app.state.hub
        hub.add(connection)
        sender = asyncio.create_task(_send_loop(websocket, service, connection, token))
        try:
            await _receive_loop(websocket, service, connection, token)
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(connection)
            sender.cancel()

    async def _still_holds(
        service: TableService, connection: Connection, token: str | None
    ) -> bool:
        try:
            seat = await run_in_threadpool(service.seat_for, connection.table_id, token)
        except TableError:
            return False
        return seat == connection.seat

    async def _receive_loop(
        websocket: WebSocket, service: TableService, connection: Connection, token: str | None
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
            if not await _still_holds(service, connection, token):
                await websocket.close(CLOSE_UNAUTHORISED, "this credential holds no seat")
                return
            try:
                request = client_message.validate_json(text)
            except ValidationError as exc:
                connection.reply(_error(_errors(exc)))
                continue
            if isinstance(request, Sync):
                connection.log_start = request.log_start
                connection.want_state()
                continue
            answer = await _apply(service, connection.table_id, connection.seat, request)
            connection.reply({"type": "answer", "nonce": request.nonce, **answer.to_json()})

    async def _send_loop(
        websocket: WebSocket, service: TableService, connection: Connection, token: str | None
    ) -> None:
        connection.want_state()
        while True:
            item = await connection.next()
            if item is STATE:
                if not await _still_holds(service, connection, token):
                    await websocket.close(CLOSE_UNAUTHORISED, "this credential holds no seat")
                    return
                payload = await run_in_threadpool(
                    service.payload, connection.table_id, connection.seat, connection.log_start
                )
                connection.log_start = payload["log_size"]
                await websocket.send_json(payload)
            else:
                await websocket.send_json(item)

    return app


async def _apply(
    service: TableService, table_id: str, seat: int | None, request: Move | Undo
) -> Answer:
    if seat is None:
        version = await run_in_threadpool(service.version, table_id)
        return Answer(False, version, "not a seat", "spectators cannot move")
    if isinstance(request, Move):
        return await run_in_threadpool(
            service.move, table_id, seat, request.action, request.version, request.nonce
        )
    return await run_in_threadpool(service.undo, table_id, seat, request.version, request.nonce)


def _answer_response(answer: Answer) -> JSONResponse:
    return JSONResponse(answer.to_json(), status_code=200 if answer.ok else 409)


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
            {"name": s.name, "kind": s.kind, "help": s.help, "default": s.default}
            for s in info.options
        ],
        "seats": [HUMAN, BOT],
    }
