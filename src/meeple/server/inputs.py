"""What the server takes from outside, checked before any work is done with it.

JSON (request bodies, WebSocket messages, uploaded editions) is read here: nesting is bounded,
and every text in it must be one that each supported database stores (PostgreSQL refuses the
NUL character in text and in JSON; neither database takes a lone surrogate, which no UTF-8
encoding has). A refusal is a `BadInput` with the reason, answered with 4xx: never a 500 from
deep in a parser or a driver.

Nonces are the client's (`client_nonce`) or the server's own (`server_nonce`, for bot and clock
moves): the server's begin with a character that no client nonce may begin with, so a client
can never take a nonce that a bot will use, and freeze its seat by answering it `repeated`.
"""

from __future__ import annotations

import json
from typing import Any

#: How deep arrays and objects may nest in anything the server reads (the deepest shipped
#: edition nests 6 deep; an action 1).
MAX_DEPTH = 32
#: Longest nonce a client may send.
MAX_NONCE = 64
#: The first character of the server's own nonces, and of no client's.
SERVER_NONCE_MARK = "!"


class BadInput(ValueError):
    """Input the server will not read, with the reason (said to the client as it is)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_json(data: bytes | str, what: str = "the body") -> Any:
    """`data` read as JSON and checked (`check_json`); `BadInput` saying why not."""
    try:
        value = json.loads(data)
    except RecursionError:
        raise BadInput(f"{what} nests arrays or objects more than {MAX_DEPTH} deep") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadInput(f"{what} is not JSON: {exc}") from None
    if not _plain(data):
        check_json(value, what)
    return value


def _plain(data: bytes | str) -> bool:
    """Whether `check_json` would pass anything read from `data`, seen from its text alone:
    it escapes no character (so each text in it is a piece of it), holds no NUL and only
    ASCII (so no lone surrogate), and opens at most `MAX_DEPTH` arrays and objects (so
    nothing in it nests deeper). A move's message is such, and is read without the walk,
    which took four fifths of its reading (docs/benchmarks.md, "Session 27")."""
    return (
        isinstance(data, str)
        and "\\" not in data
        and "\x00" not in data
        and data.isascii()
        and data.count("{") + data.count("[") <= MAX_DEPTH
    )


def check_json(value: Any, what: str = "the body") -> None:
    """Raise `BadInput` if `value` (JSON-like data) nests more than `MAX_DEPTH` deep or holds
    a text (key or value) that a database would not store."""
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, str):
            check_text(item, what)
        elif isinstance(item, dict | list):
            if depth > MAX_DEPTH:
                raise BadInput(f"{what} nests arrays or objects more than {MAX_DEPTH} deep")
            if isinstance(item, dict):
                for key, inner in item.items():
                    check_text(key, what)
                    pending.append((inner, depth + 1))
            else:
                pending.extend((inner, depth + 1) for inner in item)


def check_text(text: str, what: str = "a text") -> str:
    """`text`, if every supported database stores it; else `BadInput`."""
    if "\x00" in text:
        raise BadInput(f"{what} holds the NUL character (U+0000), which is not stored")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadInput(f"{what} holds a lone surrogate, which is not Unicode text") from None
    return text


def client_nonce(nonce: str) -> str:
    """`nonce`, if a client may use it: 1 to `MAX_NONCE` printable characters, not beginning
    with `SERVER_NONCE_MARK`; else `BadInput`."""
    if not 1 <= len(nonce) <= MAX_NONCE or not nonce.isprintable():
        raise BadInput(f"a nonce is 1 to {MAX_NONCE} printable characters")
    if nonce.startswith(SERVER_NONCE_MARK):
        raise BadInput(f"a client's nonce may not begin with {SERVER_NONCE_MARK!r}")
    return nonce


def server_nonce(source: str, version: int) -> str:
    """The nonce of a move the server makes itself (`source`: ``bot``) chosen at `version`:
    one per seat and version, so that two decisions taken at one version are played once."""
    return f"{SERVER_NONCE_MARK}{source}-{version}"
