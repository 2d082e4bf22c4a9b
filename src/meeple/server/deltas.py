"""Deltas: what a connection is sent when its client already holds a position.

A client that opts in (``deltas`` in its `sync`, or ``?deltas=1`` on the socket's address) gets
a full position (`state`) once, and after it only what changed (`delta`): the top-level fields
and the parts of the view that differ from the position this connection last sent, and the new
log lines. The delta is computed from the two payloads of the connection's own seat, so it
holds nothing the seat may not see: each value in it is a part of the new payload, and a path
names only keys of the seat's own payloads.

Why per connection and not one stream per seat: the payloads are already built per connection
(its credential is checked on each), pushes are coalesced per connection, and a diff of two
payloads costs less than encoding the whole one (equal parts compare in C; only changed
branches are walked). A client that connects again names the version it holds; the server
keeps the last position of each closed connection (per table, seat and language, a bounded
LRU: `Parked`) and sends a delta from it when the versions match, a full position otherwise
(new, too far behind, or forgotten). See docs/protocol.md.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.server.hub import Connection

#: How many closed connections' last positions are kept for a quick reconnect.
PARKED = 256

#: Fields a delta carries as such (the log part, exactly as a `state` frame says it) or names
#: outright (its version), never as changes.
_OWN = frozenset({"type", "version", "log_start", "log"})

#: A position's fields that can change without its version (a seat's name, kind, bot): a delta
#: from a parked position, whose client may have seen them at another moment, sends them whole.
_UNVERSIONED = ("seats",)

Path = list[str | int]


def changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[list[Any]]:
    """What turns payload `old` into `new` (the log aside): ``[path, value]`` sets the value at
    `path` (a list of object keys and array indices), ``[path]`` removes a top-level field."""
    out: list[list[Any]] = []
    for key, value in new.items():
        if key in _OWN:
            continue
        if key not in old:
            out.append([[key], value])
        else:
            before = old[key]
            if before is not value and (before != value or type(before) is not type(value)):
                _diff(before, value, [key], out)
    out.extend([[key]] for key in old if key not in new and key not in _OWN)
    return out


def _diff(old: Any, new: Any, path: Path, out: list[list[Any]]) -> None:
    """Appends the sets that turn `old` into `new` at `path`, which the caller found to differ.
    An object whose keys differ is sent whole (so removals are only of top-level fields). JSON
    objects are unordered: equal objects whose keys come in another order are equal, and the
    client keeps its order.

    Most of a position is unchanged from one move to the next, so each child is compared before
    it is walked (equal parts compare in C) and a path is made only for a child that differs."""
    if isinstance(new, dict) and isinstance(old, dict) and new.keys() == old.keys():
        for key, after in new.items():
            before = old[key]
            if before is not after and (before != after or type(before) is not type(after)):
                _diff(before, after, [*path, _json_key(key)], out)
    elif isinstance(new, list | tuple) and isinstance(old, list | tuple) and len(new) == len(old):
        for index, (before, after) in enumerate(zip(old, new, strict=True)):
            if before is not after and (before != after or type(before) is not type(after)):
                _diff(before, after, [*path, index], out)
    else:
        out.append([path, new])


def _json_key(key: object) -> str:
    """An object key as JSON says it (`messages.frame` writes keys that are not strings as
    orjson does)."""
    if isinstance(key, str):
        return key
    if isinstance(key, bool):
        return "true" if key else "false"
    return "null" if key is None else str(key)


def delta(
    old: Mapping[str, Any], new: Mapping[str, Any], whole: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The `delta` frame from `old` to `new` (the payloads of one reader), with the fields in
    `whole` sent whole even when unchanged."""
    found = changes(old, new)
    named = {tuple(change[0]) for change in found}
    found.extend([[key], new[key]] for key in whole if key in new and (key,) not in named)
    return {
        "type": "delta",
        "from": old["version"],
        "version": new["version"],
        "changes": found,
        "log_start": new["log_start"],
        "log": new["log"],
    }


class Parked:
    """The last position sent on each closed connection, per table, seat and language (the
    newest `size` of them): what a client that connects again may still hold."""

    def __init__(self, size: int = PARKED) -> None:
        self._size = size
        self._positions: OrderedDict[tuple[str, int | None, str], dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def keep(self, connection: Connection) -> None:
        if connection.sent is None:
            return
        key = (connection.table_id, connection.seat, connection.language)
        with self._lock:
            self._positions[key] = connection.sent
            self._positions.move_to_end(key)
            while len(self._positions) > self._size:
                self._positions.popitem(last=False)

    def at(self, connection: Connection, version: int) -> dict[str, Any] | None:
        """The parked position of the connection's reader at `version`, if it is still kept."""
        key = (connection.table_id, connection.seat, connection.language)
        with self._lock:
            position = self._positions.get(key)
        return position if position is not None and position["version"] == version else None


def outgoing(connection: Connection, payload: dict[str, Any], parked: Parked) -> dict[str, Any]:
    """The frame that brings `connection`'s client to `payload`: a delta where it opted in and
    holds a position the server knows, else the position itself. Remembers what was sent."""
    base: Mapping[str, Any] | None = None
    whole: tuple[str, ...] = ()
    if connection.deltas:
        if connection.resume_from is not None:
            base = parked.at(connection, connection.resume_from)
            whole = _UNVERSIONED
        elif not connection.full_next:
            base = connection.sent
    connection.resume_from = None
    connection.full_next = False
    # A client of whole positions gets no delta from it: it is not kept (nor parked).
    connection.sent = payload if connection.deltas else None
    connection.sent_version = payload["version"]
    return payload if base is None else delta(base, payload, whole)


def held(connection: Connection) -> int | None:
    """The version at which the connection's client had its log of ``log_start`` lines: the
    parked one it resumes from, else the last one sent (frames arrive in order), else none."""
    if connection.resume_from is not None:
        return connection.resume_from
    return connection.sent_version


def wanted(connection: Connection, deltas: bool, version: int | None) -> None:
    """A client said (in its `sync` or the socket's address) whether it takes deltas and which
    version it holds (None: none, send the whole position)."""
    connection.deltas = deltas
    if version is None:
        connection.full_next = True
    elif connection.sent_version is None:  # a new connection: maybe a parked one is its own
        connection.resume_from = version
    elif connection.sent is None:  # it took whole positions until now: one more
        connection.full_next = True
    # else: frames reach the client in order, so it holds (or will hold) what was last sent


def from_address(query: Mapping[str, str]) -> tuple[bool, int | None, int]:
    """``?deltas=1&version=V&log_start=N`` on the socket's address (what a reconnecting page
    holds, before the first frame): whether deltas are wanted, the version held, the log held.
    A value that is no number is taken as absent."""
    version = _number(query.get("version", ""))
    return query.get("deltas") == "1", version, _number(query.get("log_start", "")) or 0


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else None
