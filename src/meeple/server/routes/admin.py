"""The creator's controls: the creator's link (kept in a cookie), the admin page and its form,
and the same over the JSON API: a seat's invite link reissued, a seat handed to a bot. Each
needs the creator's secret (`dependencies.Creator`: 403 without it)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from meeple.bots import DEFAULT_LEVEL, LEVELS
from meeple.server.messages import HandToBot
from meeple.server.routes.cookies import admin_cookie_name, set_cookie
from meeple.server.routes.dependencies import Creator, Service, Templates, json_body
from meeple.server.schema import HUMAN

#: What the creator may hand a seat to.
SEAT_LEVELS = tuple(LEVELS)

router = APIRouter()


@router.get("/admin/{table_id}/{secret}", name="admin_link", response_class=HTMLResponse)
async def admin_link(request: Request, table_id: str, secret: str, tables: Service) -> Response:
    """The creator's link: proves the secret once and keeps it in an HttpOnly cookie."""
    await tables.check_admin(table_id, secret)
    response = RedirectResponse(f"/tables/{table_id}/admin", status_code=303)
    set_cookie(request, response, admin_cookie_name(table_id), secret)
    return response


@router.get("/tables/{table_id}/admin", response_class=HTMLResponse)
async def admin_page(
    request: Request, table_id: str, _creator: Creator, tables: Service, templates: Templates
) -> Response:
    payload = await tables.payload(table_id, None)
    return templates.TemplateResponse(
        request, "admin.html", {"table": table_id, "payload": payload, "levels": SEAT_LEVELS}
    )


@router.post("/tables/{table_id}/admin/seats/{seat}", response_class=HTMLResponse)
async def admin_form(
    request: Request,
    table_id: str,
    seat: int,
    admin: Creator,
    tables: Service,
    templates: Templates,
) -> Response:
    """The admin page's form: the seat handed to the bot chosen, or (no bot) a new invite
    link for it, shown on the page."""
    bot = (await request.form()).get("bot")
    link = None
    if isinstance(bot, str) and bot:
        await tables.hand_to_bot(table_id, admin, seat, bot)
    else:
        secret = await tables.reissue(table_id, admin, seat)
        link = str(request.url_for("join_page", table_id=table_id, secret=secret))
    payload = await tables.payload(table_id, None)
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


@router.post("/tables/{table_id}/admin/fill", response_class=HTMLResponse)
async def fill_with_bots(
    request: Request, table_id: str, admin: Creator, tables: Service
) -> Response:
    """Start now: every human seat nobody has taken goes to the bot level chosen (an open
    table then leaves the lobby's list); the seats taken stay with their players."""
    level = (await request.form()).get("bot")
    payload = await tables.payload(table_id, None)
    for seat in payload["seats"]:
        if seat["kind"] == HUMAN and not seat["name"]:
            await tables.hand_to_bot(table_id, admin, seat["seat"], str(level or DEFAULT_LEVEL))
    return RedirectResponse(f"/tables/{table_id}/admin", status_code=303)


@router.post("/api/tables/{table_id}/seats/{seat}/invite")
async def reissue(table_id: str, seat: int, admin: Creator, tables: Service) -> Any:
    secret = await tables.reissue(table_id, admin, seat)
    return {"seat": seat, "secret": secret, "invite": f"/join/{table_id}/{secret}"}


@router.post("/api/tables/{table_id}/seats/{seat}/bot")
async def hand_to_bot(
    table_id: str,
    seat: int,
    admin: Creator,
    body: Annotated[HandToBot, Depends(json_body(HandToBot))],
    tables: Service,
) -> Any:
    await tables.hand_to_bot(table_id, admin, seat, body.bot)
    return {"seat": seat, "bot": body.bot}
