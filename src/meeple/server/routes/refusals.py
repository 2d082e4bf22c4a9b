"""The service's refusals as answers: one status code per error type (`STATUS`), said by one
handler (`refusal`) as the error page for a page and as ``{"detail": …}`` for the JSON API.

A page's refusal is said in the reader's language where the catalogue has it: the service's
texts are marked ``N_`` (the ``pages`` catalogue), an engine's refusal names its game (that
game's catalogue).
"""

from __future__ import annotations

from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from starlette.requests import Request

from meeple.engine.errors import MeepleError
from meeple.saying import game_words, page_said, said
from meeple.server.service import NotAllowed, NotNow, TableError, UnknownTable
from meeple.web import language

#: The status of each refusal, most specific first; any other `TableError` or `MeepleError`
#: is a bad request (400).
STATUS: tuple[tuple[type[Exception], int], ...] = (
    (UnknownTable, 404),
    (NotAllowed, 403),
    (NotNow, 409),
)


def status_of(exc: TableError | MeepleError) -> int:
    return next((status for kind, status in STATUS if isinstance(exc, kind)), 400)


async def refusal(request: Request, exc: Exception) -> Response:
    """The one handler of the service's and the engine's refusals: a page route (one that
    answers HTML) answers the error page, or the missing-table page; the API answers JSON."""
    assert isinstance(exc, TableError | MeepleError)
    status = status_of(exc)
    route = request.scope.get("route")
    if not (isinstance(route, APIRoute) and route.response_class is HTMLResponse):
        return JSONResponse({"detail": str(exc)}, status_code=status)
    templates: Jinja2Templates = request.app.state.templates
    if isinstance(exc, UnknownTable):
        return no_table_page(templates, request, request.path_params.get("table_id", ""))
    return refused_page(templates, request, exc, status)


def refused_page(
    templates: Jinja2Templates,
    request: Request,
    exc: TableError | MeepleError,
    status: int,
    hint: str | None = None,
) -> Response:
    """The error page saying why, in the reader's language where the catalogue has it."""
    message = str(exc)
    reader = language.language_of(request)
    if isinstance(exc, TableError) and exc.game is not None:
        message = said(exc.message, game_words(exc.game, reader))
    elif isinstance(exc, TableError):
        message = page_said(reader, exc.message, exc.values)
    return templates.TemplateResponse(
        request, "error.html", {"message": message, "hint": hint}, status_code=status
    )


def no_table_page(templates: Jinja2Templates, request: Request, table_id: str) -> Response:
    """The page for a table that does not exist, in the reader's language."""
    return templates.TemplateResponse(request, "missing.html", {"table": table_id}, status_code=404)


def validation_reason(exc: ValidationError) -> str:
    """What a pydantic model found wrong, as one line: ``field: problem; …``."""
    return "; ".join(
        f"{'.'.join(str(p) for p in error['loc']) or 'message'}: {error['msg']}"
        for error in exc.errors()
    )
