"""The credentials a request or a WebSocket carries: a seat's cookie (``meeple_<table>``), the
creator's cookie (``meeple.admin.<table>``), or ``Authorization: Bearer <secret>`` for
programs; and how the server hands a browser one."""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import Response

from meeple.server.credentials import ADMIN_COOKIE, SEAT_COOKIE

#: How long a browser keeps a seat's or the creator's cookie.
COOKIE_SECONDS = 365 * 24 * 3600


def cookie_name(table_id: str) -> str:
    """The name of the seat cookie of a table."""
    return f"{SEAT_COOKIE}{table_id}"


def admin_cookie_name(table_id: str) -> str:
    """The name of the creator's cookie of a table."""
    return f"{ADMIN_COOKIE}{table_id}"


def bearer(connection: HTTPConnection) -> str | None:
    """The secret of an ``Authorization: Bearer`` header, if there is one."""
    header = connection.headers.get("authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else None


def credential(connection: HTTPConnection, table_id: str) -> str | None:
    """The seat credential a request or WebSocket carries, if any: Bearer, else the cookie."""
    found = bearer(connection)
    return found if found is not None else connection.cookies.get(cookie_name(table_id))


def admin_credential(connection: HTTPConnection, table_id: str) -> str | None:
    """The creator's secret a request carries: Bearer, else the creator's cookie."""
    found = bearer(connection)
    return found if found is not None else connection.cookies.get(admin_cookie_name(table_id))


def seat_cookies(connection: HTTPConnection) -> dict[str, str]:
    """Table id -> seat cookie, for every table this browser holds a seat at."""
    return _by_table(connection, SEAT_COOKIE)


def admin_cookies(connection: HTTPConnection) -> dict[str, str]:
    """Table id -> the creator's cookie, for every table this browser created."""
    return _by_table(connection, ADMIN_COOKIE)


def _by_table(connection: HTTPConnection, prefix: str) -> dict[str, str]:
    return {
        name[len(prefix) :]: value
        for name, value in connection.cookies.items()
        if name.startswith(prefix)
    }


def set_cookie(connection: HTTPConnection, response: Response, name: str, token: str) -> None:
    """Hands the browser a credential: HttpOnly (no script reads it), SameSite=Lax, Secure
    over HTTPS."""
    response.set_cookie(
        name,
        token,
        httponly=True,
        samesite="lax",
        secure=connection.url.scheme == "https",
        max_age=COOKIE_SECONDS,
    )
