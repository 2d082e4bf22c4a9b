"""Who a browser is signed in as, and the forms' CSRF tokens: both resolved once per request
by the app's middleware (`resolve`) and read by routes and templates from ``request.state``.

The CSRF token is a double-submit token: a random value in the ``meeple.csrf`` cookie
(HttpOnly, SameSite=Lax) that each form repeats in a hidden ``csrf`` field. A page of another
site can make a browser post a form, but cannot read the cookie to fill the field. It backs up
the origin check (`meeple.server.origin`), which refuses a cross-site post first. Signing in or
out hands the browser a new token. (Written here rather than taken from a CSRF package: the
ones for Starlette check a header that plain HTML forms cannot send, and the check is a
comparison of two strings.)
"""

from __future__ import annotations

import asyncio
import secrets

from starlette.datastructures import FormData
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from meeple.i18n import N_
from meeple.server.account_store import Account
from meeple.server.accounts import Accounts
from meeple.server.credentials import ACCOUNT_COOKIE, CSRF_COOKIE, new_secret
from meeple.server.routes.cookies import set_cookie
from meeple.server.service import NotAllowed

#: The form field that repeats the CSRF cookie.
CSRF_FIELD = "csrf"
#: What a form without its token, or with another's, is answered (403).
STALE_FORM = N_(
    "this form is out of date or came from another site: reload the page and send it again"
)


def accounts(connection: HTTPConnection) -> Accounts:
    found: Accounts = connection.app.state.accounts
    return found


async def resolve(request: Request) -> None:
    """Puts the request's account (or None) and CSRF token on ``request.state``."""
    token = request.cookies.get(ACCOUNT_COOKIE)
    request.state.account = (
        await asyncio.to_thread(accounts(request).signed_in, token) if token else None
    )
    request.state.new_csrf = CSRF_COOKIE not in request.cookies
    request.state.csrf = request.cookies.get(CSRF_COOKIE) or new_secret()


def hand_out(request: Request, response: Response) -> None:
    """Sets the CSRF cookie on `response` if the request came without one."""
    if getattr(request.state, "new_csrf", False) and CSRF_COOKIE not in response.headers.get(
        "set-cookie", ""
    ):
        set_cookie(request, response, CSRF_COOKIE, request.state.csrf)


def template_context(request: Request) -> dict[str, object]:
    """What every page's template gets: the signed-in account (None) and the CSRF token its
    forms repeat."""
    return {"account": account_of(request), "csrf": getattr(request.state, "csrf", "")}


def account_of(request: Request) -> Account | None:
    """The account the request's browser is signed in to (after `resolve`)."""
    found: Account | None = getattr(request.state, "account", None)
    return found


async def account_of_socket(connection: HTTPConnection) -> Account | None:
    """The account a WebSocket's browser is signed in to (no middleware runs for those)."""
    token = connection.cookies.get(ACCOUNT_COOKIE)
    return await asyncio.to_thread(accounts(connection).signed_in, token) if token else None


def check_form(request: Request, form: FormData) -> None:
    """Refuses a form whose ``csrf`` field is not this browser's CSRF cookie (`NotAllowed`:
    403, the error page)."""
    sent, kept = form.get(CSRF_FIELD), request.cookies.get(CSRF_COOKIE)
    if not isinstance(sent, str) or not kept or not secrets.compare_digest(sent, kept):
        raise NotAllowed(STALE_FORM)


def sign_in_browser(request: Request, response: Response, session: str) -> None:
    """The browser is signed in by `session`, with a new CSRF token besides."""
    set_cookie(request, response, ACCOUNT_COOKIE, session)
    set_cookie(request, response, CSRF_COOKIE, new_secret())


def sign_out_browser(request: Request, response: Response) -> None:
    response.delete_cookie(ACCOUNT_COOKIE)
    set_cookie(request, response, CSRF_COOKIE, new_secret())
