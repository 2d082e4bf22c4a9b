"""A small client that plays one seat over the protocol (docs/protocol.md): an example for
outside bots, and the tests' player.

`play_seat` needs only a connection with ``send_json`` and ``receive_json`` (FastAPI's test
client has them; `connect` makes one over a real socket). It waits for a position where the
seat has legal actions, sends the chosen one with the version it was chosen at and a fresh
nonce, and goes on until the game is over. It never sends two moves chosen at one version; a
refused move (stale, say) changed nothing, so it asks for the position again and chooses anew.
It takes deltas (only what changed since the position it holds) and applies them with
`applied`, and the answers to its moves in the positions they led to (``?answers=1``: one frame
where there were two), as frames of their own too.

**Connecting again.** Given `reconnect` (`play_url` gives it one), a connection that drops
(`Dropped`, or any `OSError`) is opened again after a short wait (doubling from
`BACKOFF` up to its cap, at most `TRIES` failures in a row; a close code that says retrying
cannot help, `FINAL_CODES`, ends the game with the error). The new socket's address says what
the client holds (``?deltas=1&version=V&log_start=N``, and ``answers=1``), so the server's
first frame is a delta from that version where it still has it, else the position whole. A
move sent but not answered when the connection dropped is sent again with its own nonce and
version: the server answers a nonce it has already applied with its earlier answer
(``repeated``) and does not apply it twice, and a move that never arrived is judged as if it
had. Nonces are the session's random prefix and a counter, so they stay unique across
reconnects (and across clients of the seat).

    python -m meeple.server.client ws://127.0.0.1:8000/ws/TABLE SECRET
"""

from __future__ import annotations

import contextlib
import json
import random
import secrets
import sys
import time
import urllib.parse
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


#: Close codes after which connecting again cannot help: the credential holds no seat, a
#: foreign origin, no such table (docs/protocol.md).
FINAL_CODES = frozenset({4401, 4403, 4404})
#: Failures in a row (a connection refused, or dropped before its first frame) before the
#: client gives up connecting again.
TRIES = 8
#: Seconds before the first attempt to connect again, and the cap of the doubling wait.
BACKOFF = (0.05, 2.0)

#: Opens a new connection to the same table and seat; its argument is what to add to the
#: address's query (``deltas``, ``version``, ``log_start``).
Reconnect = Callable[[dict[str, str]], JsonConnection]


class Dropped(ConnectionError):
    """The connection went away; `code` is the WebSocket close code, if one came."""

    def __init__(self, code: int | None = None, reason: str = "") -> None:
        super().__init__(f"the connection closed ({code}: {reason})" if code else reason)
        self.code = code


def play_seat(
    connection: JsonConnection,
    choose: Chooser,
    on_message: Callable[[dict[str, Any]], None] | None = None,
    max_messages: int = 1_000_000,
    deltas: bool = True,
    reconnect: Reconnect | None = None,
    tries: int = TRIES,
    backoff: tuple[float, float] = BACKOFF,
) -> dict[str, Any]:
    """Play until the game is over; returns the last position (with the score sheet), its
    ``log`` the whole log the client holds (``log_start`` 0). `on_message` sees each frame
    as it came (a `delta` too); without `deltas`, every position comes whole. With
    `reconnect`, a dropped connection is opened again (the module's note); without, its error
    goes up."""
    player = _Player(connection, choose, on_message, deltas, reconnect, tries, backoff)
    return player.play(max_messages)


class _Player:
    """The state of one seat's play across its connections (see `play_seat`)."""

    def __init__(
        self,
        connection: JsonConnection,
        choose: Chooser,
        on_message: Callable[[dict[str, Any]], None] | None,
        deltas: bool,
        reconnect: Reconnect | None,
        tries: int,
        backoff: tuple[float, float],
    ) -> None:
        self.connection = connection
        self.choose = choose
        self.on_message = on_message
        self.deltas = deltas
        self.reconnect = reconnect
        self.tries = tries
        self.backoff = backoff
        # Nonces are unique per seat and table for good: a client that plays on after a
        # reconnect or a restart must not send one that an earlier session used (it would be
        # answered, not applied, and the client would wait for a position that never comes).
        self.session = secrets.token_hex(4)
        self.nonce = 0
        self.log: list[dict[str, Any]] = []
        #: The version of our move still unanswered: no second move is chosen at it.
        self.waiting_at: int | None = None
        #: The last move sent and not yet answered (sent again, as it was, on a new connection).
        self.pending: dict[str, Any] | None = None
        #: The last position, whole.
        self.position: dict[str, Any] | None = None
        #: A whole position was asked for (a delta from another version came): deltas until
        #: it comes are dropped.
        self.resyncing = False
        #: Connections opened again, and failures in a row since the last frame received.
        self.reconnects = 0
        self.failures = 0

    def play(self, max_messages: int) -> dict[str, Any]:
        self.send({"type": "sync", "log_start": 0, "deltas": self.deltas})
        for _ in range(max_messages):
            try:
                message: dict[str, Any] = self.connection.receive_json()
            except OSError as exc:
                self.connect_again(exc)
                continue
            self.failures = 0
            final = self.take(message)
            if final is not None:
                return final
        raise RuntimeError(f"the game did not end within {max_messages} messages")

    def take(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Read one frame; returns the last position once the game is over."""
        if self.on_message is not None:
            self.on_message(message)
        if message["type"] in ("answer", "error"):
            self.answered(message)
            return None
        if "answers" in message:  # answers that came in this position: not part of it
            for answer in message["answers"]:
                self.answered(answer)
            message = {key: value for key, value in message.items() if key != "answers"}
        if message["type"] == "delta":
            if self.resyncing:
                return None
            if self.position is None or message["from"] != self.position["version"]:
                # not the position held (docs/protocol.md): ask for it whole
                self.resyncing = True
                self.send({"type": "sync", "log_start": len(self.log), "deltas": self.deltas})
                return None
            message = applied(self.position, message)
        elif message["type"] != "state":
            return None
        self.resyncing = False
        self.position = message
        self.log[message["log_start"] :] = message["log"]
        if message["over"]:
            return {**message, "log_start": 0, "log": list(self.log)}
        if message["legal"] and message["version"] != self.waiting_at:
            self.waiting_at = message["version"]
            self.nonce += 1
            self.pending = {
                "type": "move",
                "action": self.choose(message),
                "version": message["version"],
                "nonce": f"{self.session}-{self.nonce}",
            }
            self.send(self.pending)
        return None

    def answered(self, message: dict[str, Any]) -> None:
        """An answer or an error. A refusal of the move last sent (or an error, which may be
        one: the rate) changed nothing: ask for the position again and choose anew. The
        answer to an older move (sent again after a reconnect) changes nothing here: the
        position it led to comes as a frame of its own."""
        nonce = message.get("nonce")
        latest = self.pending is not None and nonce == self.pending["nonce"]
        if latest or message["type"] == "error":
            self.pending = None
        if message.get("ok") or not (latest or message["type"] == "error"):
            return
        self.waiting_at = None
        time.sleep(message.get("retry_after", 0))  # over the server's message rate
        held = None if self.position is None else self.position["version"]
        sync = {"type": "sync", "log_start": len(self.log), "deltas": self.deltas}
        self.send({**sync, "version": held})

    def send(self, data: dict[str, Any]) -> None:
        try:
            self.connection.send_json(data)
        except OSError as exc:  # the move is pending, sent again on the new connection;
            self.connect_again(exc)  # a sync is not needed: a new one pushes the position

    def connect_again(self, exc: OSError) -> None:
        """Open a new connection that says what the client holds, and send the unanswered
        move again; or raise `exc` where that cannot be done or cannot help."""
        if self.reconnect is None or (isinstance(exc, Dropped) and exc.code in FINAL_CODES):
            raise exc
        close = getattr(self.connection, "close", None)
        if close is not None:
            with contextlib.suppress(Exception):
                close()
        delay, cap = self.backoff
        while True:
            self.failures += 1
            if self.failures > self.tries:
                raise Dropped(None, f"gave up after {self.tries} failures in a row") from exc
            # the first wait too: the server parks the old socket's position once it sees it
            # close, and the delta from it needs it
            time.sleep(min(cap, delay * 2 ** (self.failures - 1)))
            try:
                self.connection = self.reconnect(self.address())
                break
            except OSError as failed:
                if isinstance(failed, Dropped) and failed.code in FINAL_CODES:
                    raise
                exc = failed
        self.reconnects += 1
        self.resyncing = False
        if self.pending is not None:
            self.send(self.pending)

    def address(self) -> dict[str, str]:
        """What the new socket's address says the client holds."""
        query = {"log_start": str(len(self.log)), "answers": "1"}
        if self.deltas:
            query["deltas"] = "1"
            if self.position is not None:
                query["version"] = str(self.position["version"])
        return query


class _Socket:
    """A `websockets` connection with the JSON methods `play_seat` uses; a closed connection
    raises `Dropped`."""

    def __init__(self, url: str, secret: str | None) -> None:
        from websockets.exceptions import InvalidHandshake
        from websockets.sync.client import connect

        headers = {"Authorization": f"Bearer {secret}"} if secret else None
        self._open = contextlib.ExitStack()  # websockets wants its connection as a context
        try:
            self._socket = self._open.enter_context(connect(url, additional_headers=headers))
        except InvalidHandshake as exc:
            raise Dropped(None, str(exc)) from exc

    def send_json(self, data: Any) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            self._socket.send(json.dumps(data))
        except ConnectionClosed as exc:
            raise _dropped(exc) from exc

    def receive_json(self) -> Any:
        from websockets.exceptions import ConnectionClosed

        try:
            return json.loads(self._socket.recv())
        except ConnectionClosed as exc:
            raise _dropped(exc) from exc

    def close(self) -> None:
        self._open.close()


def _dropped(exc: Any) -> Dropped:
    """`Dropped` with the close code the server sent, if any."""
    received = exc.rcvd
    return Dropped(None if received is None else received.code, getattr(received, "reason", ""))


def connect(url: str, secret: str | None = None) -> _Socket:
    """A connection to ``ws://host:port/ws/TABLE`` holding the seat of invite `secret`."""
    return _Socket(url, secret)


def with_query(url: str, query: dict[str, str]) -> str:
    """`url` with `query`'s parameters set (replacing those of the same names)."""
    parts = urllib.parse.urlsplit(url)
    params = dict(urllib.parse.parse_qsl(parts.query))
    params.update(query)
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(params)))


def play_url(url: str, secret: str | None, choose: Chooser, **options: Any) -> dict[str, Any]:
    """`play_seat` over ``ws://host:port/ws/TABLE``, connecting again (with what it holds)
    whenever the connection drops; `options` are `play_seat`'s."""
    opened: list[_Socket] = []

    def reconnect(query: dict[str, str]) -> JsonConnection:
        socket = connect(with_query(url, query), secret)
        opened.append(socket)
        return socket

    try:
        first = reconnect({"answers": "1"})
        return play_seat(first, choose, reconnect=reconnect, **options)
    finally:
        for socket in opened:
            with contextlib.suppress(Exception):
                socket.close()


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    final = play_url(argv[0], argv[1], random_chooser())
    print(json.dumps({"scores": final["scores"], "winners": final["winners"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
