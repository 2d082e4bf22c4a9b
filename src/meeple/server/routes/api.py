"""The JSON API (docs/protocol.md): the games, creating a table, a seat's position and facts,
moves and undos over HTTP, the record and replay of a finished game, "my games", and the table
page's "why not" helper. Refusals are ``{"detail": …}`` with the status of their type."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import JSONResponse

from meeple.engine.gameinfo import PLAYERS, GameInfo, OptionSpec
from meeple.engine.registry import edition_names, game_info, game_names
from meeple.server.live import NO_LOG, Answer, facts_of
from meeple.server.messages import Move, NewTable, Undo
from meeple.server.origin import same_origin
from meeple.server.routes.cookies import seat_cookies
from meeple.server.routes.dependencies import Config, Language, Seat, Service, json_body
from meeple.server.routes.playing import play
from meeple.server.routes.signed import account_of
from meeple.server.schema import BOT, HUMAN
from meeple.server.service import SeatChoice

#: The longest board element id read from a request.
MAX_ELEMENT = 64

router = APIRouter(prefix="/api")


@router.get("/games")
async def games() -> list[dict[str, Any]]:
    """Every game with its players and options, to build a table form."""
    return [_game_json(game_info(name)) for name in game_names()]


@router.get("/open-tables")
async def open_tables(tables: Service) -> list[dict[str, Any]]:
    """The open tables waiting for players, newest first: each with its game, options, clock
    and seats (a free one is null), and how many are free."""
    return await tables.open_tables()


@router.post("/tables")
async def create(
    new: Annotated[NewTable, Depends(json_body(NewTable))], tables: Service
) -> JSONResponse:
    seats = [SeatChoice(s.kind, s.bot) for s in new.seats]
    options = {PLAYERS: len(seats), **new.options}  # as many players as seats, unless said
    clock = None if new.clock is None else new.clock.clock()
    created = await tables.create(
        new.game, options, seats, clock, new.spectators_read_chat, new.open, new.hints, new.rated
    )
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


@router.get("/tables/{table_id}")
async def table_state(
    table_id: str, seat: Seat, tables: Service, reader: Language, log_start: int = 0
) -> Any:
    return await tables.payload(table_id, seat, log_start, reader)


@router.get("/tables/{table_id}/facts")
async def table_facts(table_id: str, seat: Seat, tables: Service, reader: Language) -> Any:
    """The component figures the table's page draws (names, costs, points), fetched once
    by the game's drawing module: the view names cards only by id."""
    payload = await tables.payload(table_id, seat, NO_LOG)
    return facts_of(game_info(payload["game"]), payload["view"], reader)


@router.post("/tables/{table_id}/moves")
async def post_move(
    table_id: str,
    seat: Seat,
    move: Annotated[Move, Depends(json_body(Move))],
    tables: Service,
    reader: Language,
) -> JSONResponse:
    return answered(await play(tables, table_id, seat, move), reader)


@router.post("/tables/{table_id}/undo")
async def post_undo(
    table_id: str,
    seat: Seat,
    undo: Annotated[Undo, Depends(json_body(Undo))],
    tables: Service,
    reader: Language,
) -> JSONResponse:
    return answered(await play(tables, table_id, seat, undo), reader)


def answered(answer: Answer, reader: str) -> JSONResponse:
    """A move's or an undo's answer: 200 accepted, 409 refused."""
    return JSONResponse(answer.to_json(reader), status_code=200 if answer.ok else 409)


@router.get("/tables/{table_id}/record")
async def record(table_id: str, seat: Seat, tables: Service) -> Any:
    """The game's record with its seed, as a file to keep (once the game is over)."""
    data = await tables.record(table_id)
    filename = f"meeple-{data['game']}-{table_id}.json"
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.get("/tables/{table_id}/replay/{step}")
async def replay(table_id: str, step: int, seat: Seat, tables: Service, reader: Language) -> Any:
    """The finished game as the reader saw it after `step` moves."""
    return await tables.replay(table_id, seat, step, reader)


@router.get("/my-games")
async def my_games(request: Request, tables: Service) -> Any:
    """The tables this browser holds a seat at, and those of its signed-in account, those
    where it is its turn first."""
    account = account_of(request)
    return await tables.my_games(seat_cookies(request), None if account is None else account.id)


async def own_page_only(request: Request, limits: Config) -> None:
    """403 for a request another site's page made (by its ``Origin``)."""
    if not same_origin(request, limits.allowed_origins):
        raise HTTPException(403, "requests from another site are refused")


@router.get("/tables/{table_id}/why", dependencies=[Depends(own_page_only)])
async def why_not(
    table_id: str,
    seat: Seat,
    tables: Service,
    reader: Language,
    element: Annotated[list[str], Query()] = [],  # noqa: B006 (FastAPI copies a default)
) -> Any:
    """Why the reader's seat cannot go on with the board elements picked so far (the last
    one just clicked): the rule and the reason, in the reader's language. Plays nothing.
    Only for the table's own page: another site's page gets 403 (the engine's work here is
    not for it to set off, and its answer not for it to read)."""
    picked = [e[:MAX_ELEMENT] for e in element]
    return await tables.why_not(table_id, seat, picked, reader)


def _game_json(info: GameInfo) -> dict[str, Any]:
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
