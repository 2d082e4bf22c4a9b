"""Which requests may change something: the server's guard against cross-site requests.

A browser sends its cookies (a seat's, the creator's) with every request to this server, also
those a page of another site makes it send. SameSite=Lax does not stop a page on another port
or a sibling subdomain, which count as the same site. So every request that may change
something (any method but GET, HEAD and OPTIONS) is refused when

- it carries an ``Origin`` that is not the server's own (nor one allowed in the settings), or
- ``Sec-Fetch-Site`` says another origin made it, or
- it carries no ``Origin`` but a credential cookie, without ``Authorization`` (browsers send
  ``Origin`` with every such request; only a page of another site could make one without it).

Programs that send ``Authorization: Bearer`` and no ``Origin`` are not browsers: nothing ambient
proves their seat, so they pass. The WebSocket handshake is checked the same way (`same_origin`);
it changes nothing by itself, and every message it carries is a seat's move.
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection

from meeple.server.credentials import ACCOUNT_COOKIE, ADMIN_COOKIE, SEAT_COOKIE

#: Methods that change nothing, never checked.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The prefixes of the cookies that prove a seat, the creator or an account.
CREDENTIAL_COOKIES = (SEAT_COOKIE, ADMIN_COOKIE, ACCOUNT_COOKIE)
#: What ``Sec-Fetch-Site`` says of a request this server's own pages made (or the user typed).
OWN_FETCH_SITES = frozenset({"same-origin", "none"})


def same_origin(connection: HTTPConnection, allowed: Collection[str]) -> bool:
    """A connection without ``Origin`` (not a browser) passes; a browser's must be this
    server's own origin, or one of `allowed`."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    return origin in allowed or urlsplit(origin).netloc == connection.headers.get("host")


def cross_site_refusal(connection: HTTPConnection, method: str, allowed: Collection[str]) -> str:
    """Why a request must be refused as possibly made by another site's page ("" if not)."""
    if method in SAFE_METHODS:
        return ""
    headers = connection.headers
    if "origin" in headers:
        return "" if same_origin(connection, allowed) else "requests from another site are refused"
    if headers.get("sec-fetch-site", "same-origin") not in OWN_FETCH_SITES:
        return "requests from another site are refused"
    carries_cookie = any(name.startswith(CREDENTIAL_COOKIES) for name in connection.cookies)
    if carries_cookie and "authorization" not in headers:
        return "a browser's request must say its Origin: requests from another site are refused"
    return ""
