"""The live table: one WebSocket per reader (docs/protocol.md). Its seat is proven on the
handshake and again before every message; the positions it is pushed are its own seat's.

A refused handshake is accepted and then closed with the code saying why: refused before
accepting, a browser sees only an HTTP 403 and no code (and would retry).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketState
from uvicorn.protocols.utils import ClientDisconnected

from meeple.i18n import N_
from meeple.saying import page_said
from meeple.server import deltas
from meeple.server.hub import CHAT, STATE, Connection, Hub
from meeple.server.inputs import BadInput, read_json
from meeple.server.messages import Say, Sync, client_message, frame
from meeple.server.origin import same_origin
from meeple.server.owners import Owners
from meeple.server.rates import RateLimit
from meeple.server.routes.cookies import credential
from meeple.server.routes.dependencies import Config, Language, Service, connect_rate, message_rate
from meeple.server.routes.playing import error, play
from meeple.server.routes.refusals import validation_reason
from meeple.server.service import (
    SPECTATORS_DO_NOT_WRITE,
    ChatRefused,
    TableError,
    UnknownTable,
)
from meeple.server.settings import Settings
from meeple.server.store import ChatLine

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

#: Why a chat line was refused before it reached the table (the others: `chat_text`).
CHAT_TOO_FAST = N_("too many chat lines at once: wait a few seconds")

router = APIRouter()


@router.websocket("/ws/{table_id}")
async def live(
    websocket: WebSocket, table_id: str, tables: Service, limits: Config, reader: Language
) -> None:
    if not same_origin(websocket, limits.allowed_origins):
        await _refuse(websocket, CLOSE_FORBIDDEN_ORIGIN, "foreign origin")
        return
    connections = connect_rate(websocket)
    if not connections.hit(address(websocket)):
        await _refuse(websocket, CLOSE_POLICY, connections.refusal())
        return
    token = credential(websocket, table_id)
    try:
        seat = await tables.seat_for(table_id, token)
    except TableError as exc:
        code = CLOSE_NO_TABLE if isinstance(exc, UnknownTable) else CLOSE_UNAUTHORISED
        await _refuse(websocket, code, str(exc))
        return
    await websocket.accept()
    connection = Connection(table_id, seat, reader)
    takes_deltas, held, connection.log_start = deltas.from_address(websocket.query_params)
    deltas.wanted(connection, takes_deltas, held)
    connection.answers_in_positions = websocket.query_params.get("answers") == "1"
    hub: Hub = websocket.app.state.hub
    hub.add(connection)
    connection.want_chat()
    sender = asyncio.create_task(_send_loop(websocket, tables, connection, token))

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
        await _receive_loop(websocket, tables, limits, connection, token)
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(connection)
        sender.cancel()


def address(connection: HTTPConnection) -> str:
    """The client's address, the key of its rates."""
    return connection.client.host if connection.client else "unknown"


async def _refuse(websocket: WebSocket, code: int, reason: str) -> None:
    """Refuse a handshake with a close `code` the client can read (see the module's note)."""
    await websocket.accept()
    await websocket.close(code, reason.encode("utf-8")[:120].decode("utf-8", "ignore"))


async def _still_holds(service: Owners, connection: Connection, token: str | None) -> bool:
    try:
        seat = await service.seat_for(connection.table_id, token)
    except TableError:
        return False
    return seat == connection.seat


async def _receive_loop(
    websocket: WebSocket,
    service: Owners,
    limits: Settings,
    connection: Connection,
    token: str | None,
) -> None:
    messages = message_rate(websocket)
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            data = message.get("bytes") or b""
            text = data.decode("utf-8", "replace")
        if len(text.encode("utf-8")) > limits.max_message:
            await websocket.close(CLOSE_TOO_BIG, f"at most {limits.max_message} bytes")
            return
        if not messages.hit(str(connection.serial)):
            connection.reply({**error(messages.refusal()), "retry_after": 1})
            continue
        if not await _still_holds(service, connection, token):
            await websocket.close(CLOSE_UNAUTHORISED, "this credential holds no seat")
            return
        try:
            request = client_message.validate_python(read_json(text, "the message"))
        except BadInput as exc:
            connection.reply(error(exc.reason))
            continue
        except ValidationError as exc:
            connection.reply(error(validation_reason(exc)))
            continue
        if isinstance(request, Sync):
            connection.log_start = request.log_start
            deltas.wanted(connection, request.deltas, request.version)
            connection.want_state()
            continue
        if isinstance(request, Say):
            reply = await _say(websocket, service, connection, request)
            connection.reply({"type": "answer", "nonce": request.nonce, **reply})
            continue
        answer = await play(service, connection.table_id, connection.seat, request)
        reply = answer.to_json(connection.language)
        connection.reply({"type": "answer", "nonce": request.nonce, **reply})


async def _send_loop(
    websocket: WebSocket, service: Owners, connection: Connection, token: str | None
) -> None:
    hub: Hub = websocket.app.state.hub
    connection.want_state()
    while True:
        item = await connection.next()
        if item is STATE:
            if not await _push_state(websocket, service, connection, token, hub):
                await websocket.close(CLOSE_UNAUTHORISED, "this credential holds no seat")
                return
        elif item is CHAT:
            if not await _still_holds(service, connection, token):
                await websocket.close(CLOSE_UNAUTHORISED, "this credential holds no seat")
                return
            lines = await service.chat(connection.table_id, connection.seat, connection.chat_seen)
            if lines:
                connection.chat_seen = lines[-1].number
                await websocket.send_text(frame(chat_frame(lines)))
        else:
            await websocket.send_text(frame(item))


async def _push_state(
    websocket: WebSocket, service: Owners, connection: Connection, token: str | None, hub: Hub
) -> bool:
    """Send the newest position (or its delta); False if the credential no longer holds the
    seat. A function of its own so that the payload is freed once sent: kept in the send
    loop's frame until the next move, it was walked by a garbage collection and freed a
    second later from a cold cache (docs/benchmarks.md, "Session 27"). A client that takes
    answers in positions gets those waiting in the outbox in this one (`answers`)."""
    answers = connection.take_answers() if connection.answers_in_positions else None
    payload = await service.payload_if_held(
        connection.table_id,
        token,
        connection.seat,
        connection.log_start,
        connection.language,
        deltas.held(connection),
    )
    if payload is None:
        return False
    connection.log_start = payload["log_size"]
    message = deltas.outgoing(connection, payload, hub.parked)
    if answers:  # not in the payload: a client of deltas keeps that for the next diff
        message = {**message, "answers": answers}
    await websocket.send_text(frame(message))
    return True


def chat_frame(lines: list[ChatLine]) -> dict[str, Any]:
    """The ``chat`` frame of lines a connection has not had: each with its number, the seat
    that wrote it (the page names and colours it as it does the seat), its text as written (a
    page shows it as text) and when (epoch seconds)."""
    return {
        "type": "chat",
        "lines": [
            {"number": line.number, "seat": line.seat, "text": line.text, "at": line.at}
            for line in lines
        ],
    }


async def _say(
    websocket: WebSocket, service: Owners, connection: Connection, request: Say
) -> dict[str, Any]:
    """Keep the chat line of `request`, or the refusal saying why (in the reader's language):
    from a spectator, over the seat's chat rate, or not 1 to 500 characters of text."""
    refused = {"ok": False, "rule": "chat"}
    if connection.seat is None:
        reason = page_said(connection.language, SPECTATORS_DO_NOT_WRITE, {})
        return {**refused, "reason": reason}
    rate: RateLimit = websocket.app.state.chat_rate
    if not rate.hit(f"{connection.table_id} {connection.seat}"):
        return {**refused, "reason": page_said(connection.language, CHAT_TOO_FAST, {})}
    try:
        line = await service.say(connection.table_id, connection.seat, request.text)
    except ChatRefused as exc:
        return {**refused, "reason": page_said(connection.language, exc.message, exc.values)}
    return {"ok": True, "number": line.number}
