"""A small client that plays one seat over the protocol (docs/protocol.md): an example for
outside bots, and the tests' player.

`play_seat` needs only a connection with ``send_json`` and ``receive_json`` (FastAPI's test
client has them; `connect` makes one over a real socket). It waits for a position where the
seat has legal actions, sends the chosen one with the version it was chosen at and a fresh
nonce, and goes on until the game is over. It never sends two moves chosen at one version; a
refused move (stale, say) changed nothing, so it asks for the position again and chooses anew.
It takes deltas (only what changed since the position it holds) and applies them with
`applied`.

    python -m meeple.server.client ws://127.0.0.1:8000/ws/TABLE SECRET
"""

from __future__ import annotations

import contextlib
import json
import random
import secrets
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol

Chooser = Callable[[dict[str, Any]], dict[str, Any]]


class JsonConnection(Protocol):
    def send_json(self, data: Any) -> None: ...

    def receive_json(self) -> Any: ...


def random_chooser(seed: int = 0) -> Chooser:
    """Picks one of the legal actions at random (as JSON)."""
    rng = random.Random(seed)

    def choose(state: dict[str, Any]) -> dict[str, Any]:
        action: dict[str, Any] = rng.choice(state["legal"])["action"]
        return action

    return choose


def applied(position: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The position (as a `state` frame says it) that `delta` makes of `position`, the one
    its client held at the delta's ``from`` version. `position` is left as it was: only the
    objects on a changed path are copied."""
    result = dict(position)
    copied = {id(result)}
    for change in delta["changes"]:
        path = change[0]
        node: Any = result
        for key in path[:-1]:
            child = node[key]
            if id(child) not in copied:
                child = dict(child) if isinstance(child, dict) else list(child)
                copied.add(id(child))
                node[key] = child
            node = child
        if len(change) == 1:
            del node[path[-1]]
        else:
            node[path[-1]] = change[1]
    result.update(
        type="state", version=delta["version"], log_start=delta["log_start"], log=delta["log"]
    )
    return result


def play_seat(
    connection: JsonConnection,
    choose: Chooser,
    on_message: Callable[[dict[str, Any]], None] | None = None,
    max_messages: int = 1_000_000,
    deltas: bool = True,
) -> dict[str, Any]:
    """Play until the game is over; returns the last position (with the score sheet).
    `on_message` sees each frame as it came (a `delta` too); without `deltas`, every position
    comes whole."""
    # Nonces are unique per seat and table for good: a client that plays on after a reconnect
    # or a restart must not send one that an earlier session used (it would be answered, not
    # applied, and the client would wait for a position that never comes).
    session = secrets.token_hex(4)
    nonce = 0
    log: list[dict[str, Any]] = []
    #: The version of our move still unanswered: no second move is chosen at it.
    waiting_at: int | None = None
    #: The last position, whole.
    position: dict[str, Any] | None = None
    connection.send_json({"type": "sync", "log_start": 0, "deltas": deltas})
    for _ in range(max_messages):
        message: dict[str, Any] = connection.receive_json()
        if on_message is not None:
            on_message(message)
        if message["type"] in ("answer", "error"):
            if not message.get("ok"):  # refused (stale, say): nothing changed, so ask again
                waiting_at = None
                time.sleep(message.get("retry_after", 0))  # over the server's message rate
                held = None if position is None else position["version"]
                sync = {"type": "sync", "log_start": len(log), "deltas": deltas, "version": held}
                connection.send_json(sync)
            continue
        if message["type"] == "delta":
            if position is None or message["from"] != position["version"]:
                raise RuntimeError(f"a delta from version {message['from']}, not the one held")
            message = applied(position, message)
        elif message["type"] != "state":
            continue
        position = message
        log[message["log_start"] :] = message["log"]
        if message["over"]:
            return message
        if message["legal"] and message["version"] != waiting_at:
            waiting_at = message["version"]
            nonce += 1
            connection.send_json(
                {
                    "type": "move",
                    "action": choose(message),
                    "version": message["version"],
                    "nonce": f"{session}-{nonce}",
                }
            )
    raise RuntimeError(f"the game did not end within {max_messages} messages")


class _Socket:
    """A `websockets` connection with the JSON methods `play_seat` uses."""

    def __init__(self, url: str, secret: str | None) -> None:
        from websockets.sync.client import connect

        headers = {"Authorization": f"Bearer {secret}"} if secret else None
        self._open = contextlib.ExitStack()  # websockets wants its connection as a context
        self._socket = self._open.enter_context(connect(url, additional_headers=headers))

    def send_json(self, data: Any) -> None:
        self._socket.send(json.dumps(data))

    def receive_json(self) -> Any:
        return json.loads(self._socket.recv())

    def close(self) -> None:
        self._open.close()


def connect(url: str, secret: str | None = None) -> _Socket:
    """A connection to ``ws://host:port/ws/TABLE`` holding the seat of invite `secret`."""
    return _Socket(url, secret)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    socket = connect(argv[0], argv[1])
    try:
        final = play_seat(socket, random_chooser())
    finally:
        socket.close()
    print(json.dumps({"scores": final["scores"], "winners": final["winners"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
