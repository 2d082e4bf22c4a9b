"""What a route asks of its request, as FastAPI dependencies: the table service, the settings
and the templates the app was built with, the reader's language, the seat the request's
credential holds, the creator's secret, and a JSON body read within the server's limits and
checked by its pydantic model.

A refusal is the service's typed error (`meeple.server.service.UnknownTable`, `NotAllowed`),
raised as it is: `meeple.server.routes.refusals` turns it into a status code.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar

from fastapi import Depends, HTTPException, Request
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ValidationError
from starlette.requests import HTTPConnection

from meeple.server.inputs import BadInput, read_json
from meeple.server.owners import Owners
from meeple.server.rates import RateLimit
from meeple.server.routes.cookies import admin_credential, credential
from meeple.server.routes.refusals import validation_reason
from meeple.server.settings import Settings
from meeple.web.language import language_of

Model = TypeVar("Model", bound=BaseModel)


def service(connection: HTTPConnection) -> Owners:
    """The owners of the app's tables (made by its lifespan): every request about a table
    goes through its owner (`meeple.server.owners`)."""
    found: Owners = connection.app.state.tables
    return found


def settings(connection: HTTPConnection) -> Settings:
    found: Settings = connection.app.state.settings
    return found


def templates(connection: HTTPConnection) -> Jinja2Templates:
    found: Jinja2Templates = connection.app.state.templates
    return found


def message_rate(connection: HTTPConnection) -> RateLimit:
    """The limit on a WebSocket's messages."""
    found: RateLimit = connection.app.state.message_rate
    return found


def connect_rate(connection: HTTPConnection) -> RateLimit:
    """The limit on the WebSockets one address opens."""
    found: RateLimit = connection.app.state.connect_rate
    return found


def reader_language(connection: HTTPConnection) -> str:
    """The language the reader reads in: ``?lang=``, the language cookie, then the weighed
    ``Accept-Language`` (`meeple.web.language.language_of`)."""
    return language_of(connection)


Service = Annotated[Owners, Depends(service)]
Config = Annotated[Settings, Depends(settings)]
Templates = Annotated[Jinja2Templates, Depends(templates)]
Language = Annotated[str, Depends(reader_language)]


async def seat(request: Request, table_id: str, tables: Service) -> int | None:
    """The seat the request's credential holds (None: no credential, a spectator). No such
    table raises `UnknownTable`; a credential that holds no seat, `NotAllowed`."""
    return await tables.seat_for(table_id, credential(request, table_id))


async def creator(request: Request, table_id: str, tables: Service) -> str:
    """The creator's secret the request carries, checked (`NotAllowed` without it)."""
    secret = admin_credential(request, table_id)
    await tables.check_admin(table_id, secret)
    assert secret is not None  # check_admin refuses none
    return secret


Seat = Annotated[int | None, Depends(seat)]
Creator = Annotated[str, Depends(creator)]


def json_body(model: type[Model]) -> Callable[[Request, Settings], Awaitable[Model]]:
    """A dependency that reads the body as `model`: no further than the size allowed (413
    past it), as JSON through `meeple.server.inputs.read_json` with its depth and text checks
    (400), then validated as `model` (422)."""

    async def read(request: Request, limits: Config) -> Model:
        return validated(model, await _checked_json(request, limits.max_message))

    return read


async def _checked_json(request: Request, most: int) -> object:
    too_big = HTTPException(413, f"a request body is at most {most} bytes")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > most:
        raise too_big
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise too_big
    try:
        return read_json(bytes(body))
    except BadInput as exc:
        raise HTTPException(400, exc.reason) from None


def validated(model: type[Model], data: object) -> Model:
    """`data` as `model`; 422 with what is wrong."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise HTTPException(422, validation_reason(exc)) from None
