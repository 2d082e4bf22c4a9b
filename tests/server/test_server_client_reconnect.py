"""The example client (`meeple.server.client`) survives a dropped connection: against a real
``meeple serve`` process, the test cuts the client's TCP connection now and then (no close
frame, as a network would); the client connects again saying the version and log it holds,
takes the delta the server sends from there, sends again the move left unanswered (applied
once, never twice), and finishes the game holding the server's log for its seat."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from meeple.server import client
from meeple.server.schema import MOVE
from meeple.server.store import Store

MEEPLE = Path(sys.executable).parent / "meeple"
START_TIMEOUT = 60
#: Every how many moves sent the connection is cut, and how many cuts at most.
CUT_EVERY, CUTS = 12, 8


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real server on an SQLite file: (its http base, its ws base, the database file)."""
    folder = tmp_path_factory.mktemp("reconnect")
    db, port = folder / "server.db", free_port()
    command = [str(MEEPLE), "serve", "--port", str(port), "--db", str(db)]
    command += ["--bot-workers", "1", "--message-rate", "1000/second"]
    log = folder / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert process.poll() is None, f"the server stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"the server did not start:\n{log.read_text()}"
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{base}/api/games", timeout=2),
            ):
                break
            time.sleep(0.1)
        yield base, f"ws://127.0.0.1:{port}", db
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def new_table(base: str) -> tuple[str, str]:
    """A Tikal table of a human seat (0) against a random bot: its id and the seat's secret."""
    body = {
        "game": "tikal",
        "options": {"players": 2},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
    }
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        data = json.load(response)
    return data["table"], data["seats"][0]["secret"]


def size(frame: dict[str, Any]) -> int:
    """A frame's length as the server writes it (compact JSON)."""
    return len(json.dumps(frame, separators=(",", ":"), ensure_ascii=False).encode())


class Cut(client._Socket):
    """A real connection that the test cuts: before every `CUT_EVERY`-th move it sends, the
    TCP connection is shut down, alternately before the move goes out (the server never sees
    it) and just after (its answer never comes)."""

    def __init__(self, url: str, secret: str, query: dict[str, str], run: Run) -> None:
        super().__init__(client.with_query(url, query), secret)
        self.run = run

    def send_json(self, data: Any) -> None:
        run = self.run
        cut = data["type"] == "move" and data["nonce"] not in run.sent
        if cut:
            run.sent.add(data["nonce"])
            cut = len(run.sent) % CUT_EVERY == 0 and len(run.cuts) < CUTS
        if cut and len(run.cuts) % 2 == 0:  # before: the move never reaches the server
            run.cut(self, data, sent=False)
        super().send_json(data)
        if cut:  # after: the move went out, its answer will not come on this socket
            run.cut(self, data, sent=True)

    def shut(self) -> None:
        self._socket.socket.shutdown(socket.SHUT_RDWR)


class Run:
    """One seat's play through `Cut` connections, and what the test checks of it."""

    def __init__(self, url: str, secret: str) -> None:
        self.url, self.secret = url, secret
        self.connections: list[Cut] = []
        self.sent: set[str] = set()
        #: Per cut: whether the move had gone out, and its nonce.
        self.cuts: list[dict[str, Any]] = []
        #: Per new connection: the query it was opened with, what the client held then, and
        #: its first frame (type, from, bytes) with the bytes of its position sent whole.
        self.again: list[dict[str, Any]] = []
        #: The position and the log the client holds (the frames it took, applied).
        self.held: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []

    def reconnect(self, query: dict[str, str]) -> Cut:
        if self.connections:
            held = {"version": self.held["version"], "log_start": len(self.log)}
            self.again.append({"query": query, "held": held, "first": None})
        connection = Cut(self.url, self.secret, query, self)
        self.connections.append(connection)
        return connection

    def seen(self, message: dict[str, Any]) -> None:
        frame = message
        if message["type"] == "delta":
            message = client.applied(self.held, message)
        if message["type"] == "state":
            self.held = message
            self.log[message["log_start"] :] = message["log"]
            if self.again and self.again[-1]["first"] is None:
                first = (frame["type"], frame.get("from"), size(frame), size(message))
                self.again[-1]["first"] = first

    def cut(self, connection: Cut, move: dict[str, Any], sent: bool) -> None:
        self.cuts.append({"sent": sent, "nonce": move["nonce"]})
        connection.shut()


@pytest.mark.timeout(300)
def test_the_client_plays_on_through_dropped_connections(server):
    base, ws, db = server
    table, secret = new_table(base)
    run = Run(f"{ws}/ws/{table}", secret)
    first = run.reconnect({})
    final = client.play_seat(
        first, client.random_chooser(5), on_message=run.seen, reconnect=run.reconnect
    )
    assert final["over"] and final["winners"]
    assert len(run.cuts) == CUTS, "the game ended before every cut was made"
    assert len(run.connections) == CUTS + 1, "one new connection a cut"

    # Each new connection said what the client held then, and got a delta from it, or
    # (where a cut came after a move went out, and the server had pushed the position after
    # it on the old socket before seeing it close) the position whole.
    deltas, delta_bytes, whole_bytes = 0, 0, 0
    for again, cut in zip(run.again, run.cuts, strict=True):
        held = again["held"]
        assert again["query"] == {
            "answers": "1",
            "deltas": "1",
            "version": str(held["version"]),
            "log_start": str(held["log_start"]),
        }
        kind, start, length, whole = again["first"]
        if kind == "delta":
            assert start == held["version"], "a delta from the version the client said it held"
            assert length < whole, "a delta is smaller than the position it makes, whole"
            deltas, delta_bytes, whole_bytes = deltas + 1, delta_bytes + length, whole_bytes + whole
        else:
            assert cut["sent"], "a whole position where nothing was on its way"
    # Cut before its move went out, nothing else was on its way: the server parked the
    # client's own position and sent a delta from it. (A delta after a move carries the
    # legal actions whole when their number changed; the others carry only `seats`.)
    assert deltas >= CUTS // 2 and delta_bytes < whole_bytes / 2

    # The client holds the server's log for its seat, and the final position.
    request = urllib.request.Request(
        f"{base}/api/tables/{table}?log_start=0", headers={"Authorization": f"Bearer {secret}"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        served = json.load(response)
    assert final["log_start"] == 0 and final["log"] == served["log"] == run.log
    assert served["version"] == final["version"] and served["scores"] == final["scores"]

    # Every move cut off was applied once: sent again with its nonce, never a second time.
    store = Store(f"sqlite:///{db}")
    try:
        stored = store.load_table(table)
    finally:
        store.close()
    assert stored is not None
    nonces = [entry.nonce for entry in stored.log if entry.seat == 0 and entry.kind == MOVE]
    assert len(nonces) == len(set(nonces))
    for cut in run.cuts:
        assert nonces.count(cut["nonce"]) == 1, f"a move cut off ({cut}) is not in the log once"
    assert set(nonces) <= run.sent, "only the client's own nonces (each used once)"


def test_a_credential_that_holds_no_seat_is_not_retried(server):
    base, ws, _ = server
    table, _ = new_table(base)
    opened: list[dict[str, str]] = []

    def reconnect(query: dict[str, str]) -> client.JsonConnection:
        opened.append(query)
        return client.connect(client.with_query(f"{ws}/ws/{table}", query), "not-a-secret")

    with pytest.raises(client.Dropped) as refused:
        client.play_seat(reconnect({}), client.random_chooser(), reconnect=reconnect)
    assert refused.value.code == 4401 and len(opened) == 1


class Gone:
    """A connection that has dropped."""

    def send_json(self, data: Any) -> None:
        pass

    def receive_json(self) -> Any:
        raise client.Dropped(1006, "gone")


def test_connecting_again_gives_up_after_its_tries():
    attempts = []

    def reconnect(query: dict[str, str]) -> client.JsonConnection:
        attempts.append(time.monotonic())
        raise ConnectionRefusedError("nobody listens")

    started = time.monotonic()
    with pytest.raises(client.Dropped, match="gave up after 4 failures"):
        client.play_seat(
            Gone(), client.random_chooser(), reconnect=reconnect, tries=4, backoff=(0.01, 0.02)
        )
    assert len(attempts) == 4
    assert time.monotonic() - started < 5  # waits of 0.01, 0.02 (the cap), 0.02, 0.02


def test_the_address_says_what_is_held():
    url = "ws://h:1/ws/T?deltas=0&x=1"
    assert client.with_query(url, {"deltas": "1", "version": "8", "log_start": "6"}) == (
        "ws://h:1/ws/T?deltas=1&x=1&version=8&log_start=6"
    )


def test_the_command_plays_a_seat_to_the_end(server, capsys):
    base, ws, _ = server
    table, secret = new_table(base)
    assert client.main([f"{ws}/ws/{table}", secret]) == 0  # `play_url`, which can reconnect
    printed = json.loads(capsys.readouterr().out)
    assert len(printed["scores"]) == 2 and printed["winners"]
