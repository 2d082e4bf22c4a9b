"""The pages people read: the lobby and its form, an invite link's page, the table page, "my
games" and a finished game's replay. Each answers HTML in the reader's language; a refusal is
the error page (`meeple.server.routes.refusals`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.datastructures import FormData, UploadFile

from meeple.bots import DEFAULT_LEVEL
from meeple.engine.gameinfo import PLAYERS, GameInfo
from meeple.engine.registry import game_info, game_names
from meeple.i18n import N_
from meeple.saying import game_words, said
from meeple.server.live import NO_LOG
from meeple.server.owners import Owners
from meeple.server.ratings import RATED_NEEDS_AN_ACCOUNT
from meeple.server.routes.cookies import (
    admin_cookie_name,
    admin_cookies,
    cookie_name,
    credential,
    seat_cookies,
    set_cookie,
)
from meeple.server.routes.dependencies import Config, Language, Seat, Service, Templates
from meeple.server.routes.refusals import no_table_page, refused_page
from meeple.server.routes.signed import account_of, check_form
from meeple.server.schema import BOT
from meeple.server.service import (
    NotAllowed,
    ReplacedLink,
    SeatChoice,
    TableError,
    UnknownTable,
)
from meeple.tutorials.script import script_of
from meeple.web import page_words
from meeple.web.forms import (
    CLOCK_UNITS,
    clock_time,
    option_fields,
    read_clock,
    read_form,
    seat_fields,
)
from meeple.web.lobby import PLAY_MINUTES

#: What a wrong invite link's page says to do.
INVITE_HINT = N_(
    "Check that the whole link was copied. If the table's creator has given this seat a new "
    "link, only the new one opens it: ask them for it."
)
#: Why a table page is not a seat's: the browser's seat is gone.
SEAT_GONE = "gone"

router = APIRouter()


def quick_name(info: GameInfo, reader: str) -> str:
    """The name of the person who plays a quick game: seat 1's colour word in their language
    ("Blue"), so that the page reads "Blue (you) places a tile" and the log's colour words,
    the board's colours and the seat's name agree (a name such as "You" would read as
    "You (you)", and would be wrong on every other reader's page)."""
    return said(info.seats.name(0), game_words(info.name, reader))


@router.get("/", response_class=HTMLResponse)
async def index(request: Request, templates: Templates, tables: Service) -> Response:
    games = [
        {
            "info": info,
            "options": option_fields(info),
            "seats": seat_fields(info),
            "levels": DEFAULT_LEVEL,
            "minutes": PLAY_MINUTES.get(info.name),
            "tutorial": script_of(info.name) is not None,
        }
        for info in map(game_info, game_names())
    ]
    waiting = [
        {
            **line,
            "title": game_info(line["game"]).title,
            "clock_time": clock_time(line["clock"]["seconds"]) if line["clock"] else None,
        }
        for line in await tables.open_tables()
    ]
    return templates.TemplateResponse(
        request,
        "index.html",
        {"games": games, "clock_units": CLOCK_UNITS, "open_tables": waiting},
    )


@router.post("/tables", response_class=HTMLResponse)
async def create_from_form(
    request: Request, tables: Service, templates: Templates, limits: Config, reader: Language
) -> Response:
    """The form: a table with invite links, or ("play against bots now") a table where the
    creator takes seat 1 at once and bots the others."""
    form = await request.form(max_part_size=limits.max_edition)
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    uploads = {k: await v.read() for k, v in form.items() if isinstance(v, UploadFile)}
    info = game_info(fields.get("game", ""))
    if fields.get("quick") and PLAYERS not in fields:
        players = info.default_players
        options: dict[str, Any] = {"players": players}
        seats = [SeatChoice()] + [SeatChoice(BOT, DEFAULT_LEVEL)] * (players - 1)
        clock = None
    else:
        options, seats = read_form(info, fields, uploads, limits.max_edition)
        clock = read_clock(fields)
    # The form's box keeps the chat to the players; spectators read it unless it is ticked.
    chat_open = not fields.get("chat_players_only")
    listed = bool(fields.get("open"))
    # "Play against bots now" offers hints; the full form says (its box is ticked at first).
    hints = bool(fields.get("quick") or fields.get("hints"))
    rated = bool(fields.get("rated"))
    if rated and account_of(request) is None:
        raise NotAllowed(RATED_NEEDS_AN_ACCOUNT)
    created = await tables.create(info.name, options, seats, clock, chat_open, listed, hints, rated)
    if fields.get("quick") and 0 in created.invites:  # (also "play again" against bots)
        _, session = await tables.join(created.id, created.invites[0], quick_name(info, reader))
        response = RedirectResponse(f"/tables/{created.id}", status_code=303)
        set_cookie(request, response, cookie_name(created.id), session)
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
    set_cookie(request, page, admin_cookie_name(created.id), created.admin_secret)
    return page


def invite_refused(
    templates: Jinja2Templates, request: Request, table_id: str, exc: TableError
) -> Response:
    """An invite link's refusal as a page that says which: no such table, or a link that
    opens no seat there (cut short, or replaced by a new one), and the way on; any other
    refusal of the link's form (a display name) is a 403 too."""
    if isinstance(exc, UnknownTable):
        return no_table_page(templates, request, table_id)
    wrong_link = isinstance(exc, NotAllowed) and not isinstance(exc, ReplacedLink)
    return refused_page(templates, request, exc, 403, INVITE_HINT if wrong_link else None)


@router.post("/tutorial/{game}", response_class=HTMLResponse)
async def tutorial(request: Request, game: str, tables: Service, reader: Language) -> Response:
    """ "Learn to play": a new tutorial table of `game` (`meeple.server.tutorial`), its
    learner's seat this browser's at once (as a quick game's), redirecting to its page."""
    created = await tables.create_tutorial(game)
    (learner,) = created.invites
    name = quick_name(game_info(game), reader)
    _, session = await tables.join(created.id, created.invites[learner], name)
    response = RedirectResponse(f"/tables/{created.id}", status_code=303)
    set_cookie(request, response, cookie_name(created.id), session)
    return response


@router.post("/tables/{table_id}/sit", response_class=HTMLResponse)
async def sit(request: Request, table_id: str, tables: Service) -> Response:
    """Take the first free seat of an open table from the lobby, under the name given (a
    refusal is the app's error page: no such table, not open, no seat free, a bad name)."""
    form = await request.form()
    name, account = form.get("name"), claiming_account(request, form)
    _, session = await tables.sit(table_id, name if isinstance(name, str) else "", account)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_cookie(request, response, cookie_name(table_id), session)
    return response


@router.get("/join/{table_id}/{secret}", response_class=HTMLResponse, name="join_page")
async def join_page(
    request: Request, table_id: str, secret: str, tables: Service, templates: Templates
) -> Response:
    try:
        seat = await tables.seat_for(table_id, secret)
    except TableError as exc:
        return invite_refused(templates, request, table_id, exc)
    table = await tables.payload(table_id, None, NO_LOG)
    return templates.TemplateResponse(
        request,
        "join.html",
        {
            "seat": seat,
            "table": table_id,
            "title": table["title"],
            "game": table["game"],
            "seats": table["seats"],
            "rated": table["rated"],
        },
    )


@router.post("/join/{table_id}/{secret}", response_class=HTMLResponse)
async def join(
    request: Request,
    table_id: str,
    secret: str,
    tables: Service,
    templates: Templates,
) -> Response:
    form = await request.form()
    name, account = form.get("name"), claiming_account(request, form)
    try:
        _, session = await tables.join(
            table_id, secret, name if isinstance(name, str) else "", account
        )
    except TableError as exc:
        return invite_refused(templates, request, table_id, exc)
    response = RedirectResponse(f"/tables/{table_id}", status_code=303)
    set_cookie(request, response, cookie_name(table_id), session)
    return response


def claiming_account(request: Request, form: FormData) -> int | None:
    """The account that takes a seat by this form: the signed-in one (whose form must carry
    its CSRF token), or None."""
    account = account_of(request)
    if account is None:
        return None
    check_form(request, form)
    return account.id


async def page_seat(request: Request, table_id: str, tables: Owners) -> tuple[int | None, str]:
    """The seat a page's reader holds, and why it is watching instead: ``SEAT_GONE`` for a
    cookie that no longer holds a seat (its page is a spectator's). No such table raises
    `UnknownTable`; a program's wrong secret, `NotAllowed`."""
    try:
        return await tables.seat_for(table_id, credential(request, table_id)), ""
    except NotAllowed:
        if request.headers.get("authorization"):
            raise
        return None, SEAT_GONE


async def account_device(request: Request, table_id: str, tables: Owners) -> tuple[int, str] | None:
    """For a signed-in browser that holds no seat here by its own cookie: the seat its
    account claimed at the table and a seat cookie of this browser's own, or None."""
    account = account_of(request)
    if account is None or request.headers.get("authorization"):
        return None
    return await tables.device(table_id, account.id)


@router.get("/tables/{table_id}", response_class=HTMLResponse)
async def table_page(
    request: Request, table_id: str, tables: Service, templates: Templates, reader: Language
) -> Response:
    seat, gone = await page_seat(request, table_id, tables)
    device = await account_device(request, table_id, tables) if seat is None else None
    if device is not None:
        seat, gone = device[0], ""
    payload = await tables.payload(table_id, seat, 0, reader)
    response = templates.TemplateResponse(
        request,
        "table.html",
        {
            "table": table_id,
            "seat": seat,
            "gone": gone,
            "title": payload["title"],
            "game": payload["game"],
            "rated": payload["rated"],
            "words": page_words.table_words(request, payload["game"]),
        },
    )
    if gone:
        response.delete_cookie(cookie_name(table_id))
    if device is not None:
        set_cookie(request, response, cookie_name(table_id), device[1])
    return response


@router.get("/games", response_class=HTMLResponse)
async def my_games_page(request: Request, tables: Service, templates: Templates) -> Response:
    account = account_of(request)
    games = await tables.my_games(seat_cookies(request), None if account is None else account.id)
    created = await tables.created_games(admin_cookies(request))
    return templates.TemplateResponse(request, "games.html", {"games": games, "created": created})


@router.get("/tables/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(
    request: Request, table_id: str, seat: Seat, tables: Service, templates: Templates
) -> Response:
    first = await tables.replay(table_id, seat, 0)
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


@router.post("/tables/{table_id}/forget")
async def forget_seat(table_id: str) -> Response:
    """Drops this browser's cookie of the table's seat: the page of a seat that is gone
    (taken over elsewhere, handed to a bot, reissued) goes on as a spectator's."""
    response = Response(status_code=204)
    response.delete_cookie(cookie_name(table_id))
    return response
