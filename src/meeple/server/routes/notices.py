"""The turn notices' routes: the service worker, the server's VAPID public key, a browser's
push subscription for its account, and the unsubscribe link of the notices. (The account's
choices, email and wait, are a form of the account page: `meeple.server.routes.account`.)"""

from __future__ import annotations

import asyncio
import time
from importlib import resources
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.datastructures import FormData

from meeple.i18n import LANGUAGES
from meeple.server.account_store import Account
from meeple.server.notice_store import NoticeStore
from meeple.server.push import BadSubscription, checked_subscription
from meeple.server.routes.dependencies import Templates
from meeple.server.routes.signed import account_of, accounts, check_form

router = APIRouter()


def notice_store(request: Request) -> NoticeStore:
    found: NoticeStore = request.app.state.notice_store
    return found


async def notice_context(request: Request, account: Account) -> dict[str, Any]:
    """What the account page shows of the notices: the account's choices, whether the server
    sends emails, and the endpoints of its browsers' subscriptions (the page's script tells
    from them whether this browser's is among them)."""
    store = notice_store(request)
    settings = await asyncio.to_thread(store.settings_made, account.id)
    subscriptions = await asyncio.to_thread(store.subscriptions, account.id)
    return {
        "notices": settings,
        "mail": accounts(request).mailer.enabled,
        "push_endpoints": [s.endpoint for s in subscriptions],
    }


async def remember_language(request: Request, account: Account, language: str) -> None:
    """The account's notices are in the language it last used the pages in."""
    if language in LANGUAGES:
        await asyncio.to_thread(notice_store(request).set_language, account.id, language)


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    """The service worker, from the site's root so that its scope is every page: it shows a
    turn notice pushed to the browser and opens the table on a click."""
    script = resources.files("meeple.web").joinpath("static", "sw.js").read_bytes()
    return Response(script, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


@router.get("/api/push/key")
async def push_key(request: Request) -> dict[str, str]:
    """The server's VAPID public key, for ``pushManager.subscribe``'s applicationServerKey."""
    return {"key": request.app.state.vapid_public_key}


def _text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


async def _signed_form(request: Request) -> tuple[Account | None, FormData]:
    form = await request.form()
    check_form(request, form)
    return account_of(request), form


def _not_signed_in() -> Response:
    return JSONResponse({"detail": "sign in first"}, status_code=401)


@router.post("/account/push")
async def subscribe(request: Request) -> Response:
    """This browser's push subscription (form `csrf`, `endpoint`, `p256dh`, `auth`) for the
    signed-in account: 204; 400 for what is not a subscription."""
    account, form = await _signed_form(request)
    if account is None:
        return _not_signed_in()
    try:
        subscription = checked_subscription(
            _text(form, "endpoint"), _text(form, "p256dh"), _text(form, "auth")
        )
    except BadSubscription as exc:
        return JSONResponse({"detail": str(exc)}, status_code=400)
    await asyncio.to_thread(notice_store(request).subscribe, account.id, subscription, time.time())
    return Response(status_code=204)


@router.post("/account/push/off")
async def unsubscribe_browser(request: Request) -> Response:
    """No more notices to this browser (form `csrf`, `endpoint`): 204."""
    account, form = await _signed_form(request)
    if account is None:
        return _not_signed_in()
    store = notice_store(request)
    await asyncio.to_thread(store.unsubscribe_browser, account.id, _text(form, "endpoint"))
    return Response(status_code=204)


@router.get("/unsubscribe/{token}", response_class=HTMLResponse)
async def unsubscribe_page(request: Request, token: str, templates: Templates) -> Response:
    """The unsubscribe link of a notice: a page with one button (a link alone changes
    nothing: mail programs open links to look at them)."""
    return templates.TemplateResponse(request, "unsubscribe.html", {"token": token, "done": False})


@router.post("/unsubscribe/{token}", response_class=HTMLResponse)
async def unsubscribe(request: Request, token: str, templates: Templates) -> Response:
    """Turn the notices of the token's account off: no email, no browser. No CSRF token nor
    sign-in: the link's token is the credential, and a mail program's one-click unsubscribe
    (RFC 8058, ``List-Unsubscribe-Post``) posts it without any cookie. 404 for a token of no
    account."""
    done = await asyncio.to_thread(notice_store(request).unsubscribe, token)
    return templates.TemplateResponse(
        request,
        "unsubscribe.html",
        {"token": token, "done": done},
        status_code=200 if done else 404,
    )
