"""The language a person reads the pages in, and the pages' catalogue (the ``pages`` domain).

The language is the one the person chose with the language menu (kept in the ``meeple.lang``
cookie, or given once as ``?lang=``), else the best match of the browser's
``Accept-Language``, else English (`meeple.i18n.negotiate`). The same choice serves a page and
its WebSocket, so `language_of` takes either. The words a page's scripts write: `page_words`;
the translation itself: `meeple.saying`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from jinja2 import Environment, pass_context
from jinja2.runtime import Context
from starlette.requests import HTTPConnection, Request

from meeple.i18n import LANGUAGES, SOURCE_LANGUAGE, negotiate
from meeple.saying import page_plural, page_text
from meeple.web.lobby_texts import short_title

#: The cookie that keeps a person's choice, and the query parameter that makes it for one page.
LANGUAGE_COOKIE = "meeple.lang"
LANGUAGE_PARAMETER = "lang"


def language_of(connection: HTTPConnection) -> str:
    """The language for a request or a WebSocket: ``?lang=``, then the ``meeple.lang`` cookie,
    then the browser's ``Accept-Language``, then English."""
    wanted = connection.query_params.get(LANGUAGE_PARAMETER) or connection.cookies.get(
        LANGUAGE_COOKIE
    )
    return negotiate(connection.headers.get("accept-language"), wanted)


def local_path(target: str | None) -> str:
    """Where to go back to after a switch: a path on this site only (never another host, so
    the switch cannot be used to send people elsewhere)."""
    parts = urlsplit(target or "/")
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return "/"
    return parts.path + (f"?{parts.query}" if parts.query else "")


def install(environment: Environment) -> None:
    """Jinja2's i18n extension on `environment`, translating into the ``language`` each page's
    context holds (`context`), with gettext's %(name)s placeholders and plural forms."""
    environment.add_extension("jinja2.ext.i18n")
    environment.policies["ext.i18n.trimmed"] = True

    @pass_context
    def page_gettext(context: Context, message: str) -> str:
        return page_text(context.get("language", SOURCE_LANGUAGE), message)

    @pass_context
    def page_ngettext(context: Context, singular: str, plural: str, count: int) -> str:
        return page_plural(context.get("language", SOURCE_LANGUAGE), singular, plural, count)

    environment.install_gettext_callables(  # type: ignore[attr-defined]
        page_gettext, page_ngettext, newstyle=True
    )

    @pass_context
    def translate(context: Context, text: str, **values: object) -> str:
        """A text from data (a game's title, an option's help) translated as plain text:
        unlike ``_()``, whose texts are the templates' own markup, it stays escaped."""
        translated = page_text(context.get("language", SOURCE_LANGUAGE), text)
        return translated % values if values else translated

    environment.filters["translate"] = translate
    environment.filters["short_title"] = short_title


def context(request: Request) -> dict[str, Any]:
    """What every template gets: the language, the menu's languages, and where the menu's
    switch comes back to: this page without its ``?lang=`` (which would undo the switch), or
    the lobby for a page that answers a form (it cannot be fetched again)."""
    return {"language": language_of(request), "languages": LANGUAGES, "here": here(request)}


def here(request: Request) -> str:
    if request.method != "GET":
        return "/"
    query = urlencode(
        [(k, v) for k, v in request.query_params.multi_items() if k != LANGUAGE_PARAMETER]
    )
    return request.url.path + (f"?{query}" if query else "")
