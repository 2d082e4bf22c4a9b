"""What a client may send over the WebSocket (and the move and undo bodies over HTTP), read
with pydantic: anything else is answered with an error naming the field, and changes nothing.
See docs/protocol.md."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    TypeAdapter,
)

from meeple.server.clocks import DEFAULT_CLOCK_BOT, MAX_SECONDS, MIN_SECONDS, Clock
from meeple.server.inputs import client_nonce

#: A client's nonce (`meeple.server.inputs.client_nonce`): never one the server uses itself.
Nonce = Annotated[str, AfterValidator(client_nonce)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Sync(_Message):
    """Send me the position now, with my log from `log_start` on; with `deltas`, send me
    deltas from now on, and only what changed since `version`, the position I hold (none: send
    it whole). See `meeple.server.deltas`."""

    type: Literal["sync"]
    log_start: Annotated[StrictInt, Field(ge=0)] = 0
    deltas: StrictBool = False
    version: StrictInt | None = None


class Move(_Message):
    """Play `action` (its JSON), chosen at table version `version`."""

    type: Literal["move"] = "move"
    action: dict[str, Any]
    version: StrictInt
    nonce: Nonce


class Undo(_Message):
    """Take back my last move, if the undo policy allows it."""

    type: Literal["undo"] = "undo"
    version: StrictInt
    nonce: Nonce


class Say(_Message):
    """Write `text` in the table's chat (a seated player only). The answer names the line's
    number; the line itself comes to every reader of the chat, the writer too, in a ``chat``
    frame. The nonce only pairs the answer with the request: a chat line sent twice is kept
    twice."""

    type: Literal["say"]
    text: str
    nonce: Nonce


ClientMessage = Annotated[Sync | Move | Undo | Say, Field(discriminator="type")]

client_message: TypeAdapter[Sync | Move | Undo | Say] = TypeAdapter(ClientMessage)


class NewSeat(_Message):
    kind: Literal["human", "bot"] = "human"
    bot: str | None = None


class NewClock(_Message):
    """A table's clock: per ``move`` (each turn) or per ``game`` (one bank per seat), its
    seconds, and the bot that moves for a seat out of time."""

    kind: Literal["move", "game"]
    seconds: Annotated[float, Field(ge=MIN_SECONDS, le=MAX_SECONDS)]
    bot: str = DEFAULT_CLOCK_BOT

    def clock(self) -> Clock:
        return Clock(self.kind, self.seconds, self.bot)


class NewTable(_Message):
    """The JSON body that creates a table."""

    game: str
    options: dict[str, Any] = {}
    seats: list[NewSeat]
    clock: NewClock | None = None
    #: Whether spectators read the table's chat (its players always do).
    spectators_read_chat: StrictBool = True
    #: Whether the lobby lists the table while a seat is free, for anyone to take.
    open: StrictBool = False
    #: Whether its players may ask "what would a bot do?".
    hints: StrictBool = True
    #: Whether the game is rated: its people's seats are taken only by accounts, undo is
    #: off, and its end changes the ratings (`meeple.server.ratings`).
    rated: StrictBool = False


class HandToBot(_Message):
    """The creator gives a seat to a bot (by level or spec)."""

    bot: str


def frame(message: object) -> str:
    """A server message as the text of a WebSocket frame. orjson: a position is encoded for
    every seat after every move, ten times faster than with `json`. Keys that are not strings
    become strings, as `json` makes them; orjson's option for that costs a position half as
    much again (21.7 against 13.8 µs), and almost no message has such keys, so it is asked
    for only when the plain encoding refuses one (the same text either way)."""
    try:
        return orjson.dumps(message).decode()
    except orjson.JSONEncodeError:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
