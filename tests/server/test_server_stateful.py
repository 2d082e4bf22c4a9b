"""A Hypothesis state machine plays a table of two human seats over the protocol (the in-process
app): joins by link, moves (mostly legal, some illegal, malformed, stale, repeated or from the
future) over the WebSocket or HTTP, undos, disconnects and reconnects, a spectator watching.

After every step the stored game is the replay of its move log: the table loaded fresh from the
store, replayed by the engine, equals the service's state. A refused move or undo changes
nothing; a repeated nonce gets the earlier answer and is not applied again; every position a
reader receives is its own seat's (view and legal actions) at that version."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as run_settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from server_helpers import bearer, illegal_move, new_table, replay
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.server.live import LiveTable
from meeple.server.settings import Settings

SEATS = (0, 1)
READERS = (None, *SEATS)
#: The ways to send a move that must not be applied as sent.
MISTAKES = ["out of turn", "illegal", "malformed", "garbage", "stale", "future"]
UNAUTHORISED = 4401


@pytest.fixture
def settings(tmp_path):
    """No rate limit: the machine sends far more requests a second than a person."""
    unlimited = "100000/second"
    return Settings(
        db_url=f"sqlite:///{tmp_path / 'server.db'}",
        bot_workers=1,
        http_rate=unlimited,
        message_rate=unlimited,
        connect_rate=unlimited,
    )


def normal(data: Any) -> Any:
    """`data` as it comes out of JSON."""
    return json.loads(json.dumps(data))


class TableMachine(RuleBasedStateMachine):
    """One table of `game`, played through `client`; the subclass made by the test sets both."""

    client: TestClient
    game: str

    def __init__(self) -> None:
        super().__init__()
        self.table, self.invites = new_table(self.client, self.game)
        self.service = self.client.app.state.service
        #: Each seat's credential: its invite secret until it joins, then its session.
        self.credentials: dict[int, str] = dict(self.invites)
        #: Open WebSockets by reader (None: the spectator), with the credential each opened with.
        self.sockets: dict[int | None, tuple[Any, str | None]] = {}
        self.open = contextlib.ExitStack()
        #: Accepted nonces: (seat, nonce) -> the version it was accepted at.
        self.accepted: dict[tuple[int, str], int] = {}
        self.nonces = 0
        #: What each reader must be sent at each version: its view and its legal actions.
        self.expected: dict[int, dict[int | None, tuple[Any, Any]]] = {}
        #: Positions received before their version was known here (a push may come before
        #: the answer to the move that led to it), checked once it is.
        self.received: list[tuple[int | None, dict[str, Any]]] = []
        self.remember_position()

    def teardown(self) -> None:
        self.open.close()

    # -- the table as the service has it ------------------------------------------------------
    @property
    def live(self) -> LiveTable:
        return self.service._live(self.table)

    def snapshot(self) -> tuple[int, Any, int]:
        """What a refusal must leave alone: the version, the state, the stored log's length."""
        stored = self.service.store.load_table(self.table)
        return self.live.version, self.live.state.to_json(), len(stored.log)

    def remember_position(self) -> None:
        state = self.live.state
        self.expected[self.live.version] = {
            reader: (
                normal(state.view(reader)),
                []
                if reader is None
                else normal([a.to_json() for a in state.legal_actions(reader)]),
            )
            for reader in READERS
        }

    def check_position(self, reader: int | None, message: dict[str, Any]) -> None:
        """A position sent to `reader` is that reader's, at a version the table has had."""
        assert message["seat"] == reader
        view, legal = self.expected[message["version"]][reader]
        assert message["view"] == view, "a reader got a view that is not its own"
        assert [entry["action"] for entry in message["legal"]] == legal

    def fresh_nonce(self) -> str:
        self.nonces += 1
        return f"n{self.nonces}"

    # -- channels -----------------------------------------------------------------------------
    def headers(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else bearer(self.credentials[seat])

    def position(self, seat: int) -> dict[str, Any]:
        response = self.client.get(f"/api/tables/{self.table}", headers=self.headers(seat))
        assert response.status_code == 200
        payload: dict[str, Any] = response.json()
        self.check_position(seat, payload)
        return payload

    def receive(self, reader: int | None) -> dict[str, Any]:
        socket, _ = self.sockets[reader]
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == "state":
            self.received.append((reader, message))
        return message

    def catch_up(self) -> None:
        """Every open socket, asked to sync, is read up to the table's version."""
        for reader, (socket, _) in self.sockets.items():
            socket.send_json({"type": "sync"})
            message = self.receive(reader)
            while message["type"] != "state" or message["version"] != self.live.version:
                assert message["type"] == "state", message
                message = self.receive(reader)
        for reader, message in self.received:
            self.check_position(reader, message)
        self.received.clear()

    def send(self, seat: int, body: dict[str, Any]) -> dict[str, Any]:
        """A move or undo (or garbage) sent by `seat`, over its socket if it has one, else over
        HTTP; the answer, or the error."""
        if seat in self.sockets:
            self.sockets[seat][0].send_json(body)
            message = self.receive(seat)
            while message["type"] == "state":
                message = self.receive(seat)
            if message["type"] == "answer":
                assert message["nonce"] == body["nonce"]
            return message
        path = "undo" if body["type"] == "undo" else "moves"
        content = {k: v for k, v in body.items() if k != "type"}
        response = self.client.post(
            f"/api/tables/{self.table}/{path}", json=content, headers=self.headers(seat)
        )
        if response.status_code == 422:
            return {"type": "error", "reason": response.json()["detail"]}
        answer: dict[str, Any] = response.json()
        assert response.status_code == (200 if answer["ok"] else 409)
        return {"type": "answer", "nonce": body.get("nonce"), **answer}

    def settle(
        self, seat: int, body: dict[str, Any], before: tuple[int, Any, int]
    ) -> dict[str, Any]:
        """Sends `body`: a refusal leaves the table as it was `before`, an acceptance adds one
        entry to its log. Returns the answer (or the error)."""
        answer = self.send(seat, body)
        if answer["type"] == "error" or not answer["ok"] or answer.get("repeated"):
            assert self.snapshot() == before, "a refused or repeated request changed the table"
        else:
            assert answer["version"] == before[0] + 1 == self.live.version
            self.accepted[seat, body["nonce"]] = answer["version"]
            self.remember_position()
        self.catch_up()
        return answer

    # -- rules --------------------------------------------------------------------------------
    @rule(seat=st.sampled_from(SEATS), name=st.text(min_size=1, max_size=12))
    def join(self, seat: int, name: str) -> None:
        """Joining by the link binds the seat to a new session; an older session of the seat
        loses it on every channel (its socket is closed with 4401)."""
        response = self.client.post(
            f"/join/{self.table}/{self.invites[seat]}", data={"name": name}, follow_redirects=False
        )
        self.client.cookies.clear()
        if response.status_code != 303:
            assert response.status_code == 403 and "display name" in response.text
            return
        old = self.credentials[seat]
        self.credentials[seat] = response.cookies[f"meeple_{self.table}"]
        if old != self.invites[seat]:
            gone = self.client.get(f"/api/tables/{self.table}", headers=bearer(old))
            assert gone.status_code == 403
        if seat in self.sockets and self.sockets[seat][1] != self.invites[seat]:
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    self.receive(seat)
            assert closed.value.code == UNAUTHORISED
            del self.sockets[seat]
        self.catch_up()

    @precondition(lambda self: len(self.sockets) < len(READERS))
    @rule(pick=st.integers(0, 2), by_invite=st.booleans())
    def connect(self, pick: int, by_invite: bool) -> None:
        """A reader opens its socket (a seat by its invite secret or its latest session) and
        is sent the position at once."""
        unconnected = [reader for reader in READERS if reader not in self.sockets]
        reader = unconnected[pick % len(unconnected)]
        credential = None
        if reader is not None:
            credential = self.invites[reader] if by_invite else self.credentials[reader]
        headers = {} if credential is None else bearer(credential)
        socket = self.open.enter_context(
            self.client.websocket_connect(f"/ws/{self.table}", headers=headers)
        )
        self.sockets[reader] = (socket, credential)
        self.catch_up()

    @precondition(lambda self: self.sockets)
    @rule(pick=st.integers(0, 2))
    def disconnect(self, pick: int) -> None:
        connected = list(self.sockets)
        socket, _ = self.sockets.pop(connected[pick % len(connected)])
        socket.close()

    @rule(pick=st.integers(0, 10**6))
    def play(self, pick: int) -> None:
        """A legal move of a seat to move, chosen from its position: accepted."""
        before = self.snapshot()
        movers = self.live.state.to_move()
        if not movers:
            return
        seat = movers[pick % len(movers)]
        legal = self.position(seat)["legal"]
        body = {"type": "move", "action": legal[pick % len(legal)]["action"], "version": before[0]}
        answer = self.settle(seat, {**body, "nonce": self.fresh_nonce()}, before)
        assert answer["ok"], answer

    @rule(seat=st.sampled_from(SEATS), mistake=st.sampled_from(MISTAKES), pick=st.integers(0, 999))
    def misplay(self, seat: int, mistake: str, pick: int) -> None:
        """A move that is refused, or (chosen at an older version) accepted only if it is
        still fresh."""
        before = self.snapshot()
        version = before[0]
        state = self.live.state
        movers = state.to_move()
        body: dict[str, Any] = {"type": "move", "version": version, "nonce": self.fresh_nonce()}
        if movers:
            legal = state.legal_actions(movers[pick % len(movers)])
            body["action"] = legal[pick % len(legal)].to_json()
        else:
            body["action"] = {"kind": "pass"}
        expected: dict[str, Any] = {"ok": False}
        if mistake == "out of turn":
            idle = [s for s in SEATS if s not in movers]
            if not idle or not movers:
                return
            seat, expected["rule"] = idle[pick % len(idle)], "turn order"
        elif mistake == "illegal":
            found = illegal_move(state, seat)
            if found is None:
                return
            body["action"], expected["rule"] = found
        elif mistake == "malformed":
            body["action"], expected["rule"] = {"kind": "no such action"}, "malformed"
        elif mistake == "garbage":
            body["version"], expected = str(version), {"type": "error"}
        elif mistake == "future":
            body["version"], expected["rule"] = version + 1 + pick % 3, "stale"
        else:  # stale: chosen at an older version, by a seat to move now
            if version == 0 or seat not in movers:
                return
            body["version"] = version - 1 - pick % version
            body["action"] = state.legal_actions(seat)[pick % len(state.legal_actions(seat))]
            body["action"] = body["action"].to_json()
        answer = self.settle(seat, body, before)
        if mistake == "stale":
            assert answer["ok"] or answer["rule"] == "stale", answer
        else:
            assert {key: answer.get(key) for key in expected} == expected, answer

    @rule(seat=st.sampled_from(SEATS), pick=st.integers(0, 999))
    def repeat(self, seat: int, pick: int) -> None:
        """A nonce the seat had accepted, sent again with another move (or an undo): answered
        as before, not applied."""
        mine = [nonce for (s, nonce) in self.accepted if s == seat]
        if not mine:
            return
        before = self.snapshot()
        movers = self.live.state.to_move()
        nonce = mine[pick % len(mine)]
        body: dict[str, Any] = {"type": "undo", "version": before[0], "nonce": nonce}
        if movers and pick % 2:
            legal = self.live.state.legal_actions(movers[pick % len(movers)])
            body |= {"type": "move", "action": legal[pick % len(legal)].to_json()}
        answer = self.settle(seat, body, before)
        assert (answer["ok"], answer.get("repeated")) == (True, True), answer
        assert answer["version"] == self.accepted[seat, nonce]

    @rule(by_last_mover=st.booleans())
    def undo(self, by_last_mover: bool) -> None:
        """An undo is accepted exactly when the seat's position said it could undo."""
        last = self.live.moves[-1].seat if self.live.moves else 0
        seat = last if by_last_mover else 1 - last
        before = self.snapshot()
        can_undo = self.position(seat)["can_undo"]
        body = {"type": "undo", "version": before[0], "nonce": self.fresh_nonce()}
        answer = self.settle(seat, body, before)
        assert answer["ok"] == can_undo, answer
        if not can_undo:
            assert answer["rule"] in ("undo", "game over")

    # -- the invariant ------------------------------------------------------------------------
    @invariant()
    def the_stored_game_is_the_replay_of_its_log(self) -> None:
        stored = self.service.store.load_table(self.table)
        assert stored.version == len(stored.log) == self.live.version
        *_, (version, state) = replay(stored)
        assert version == self.live.version
        assert state.to_json() == self.live.state.to_json()


@pytest.mark.timeout(120, method="thread")  # Hypothesis would catch the signal's exception
@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_the_stored_game_is_always_the_replay_of_its_log(client, game):
    machine = type(f"{game.title()}Table", (TableMachine,), {"client": client, "game": game})
    run_state_machine_as_test(
        machine,
        settings=run_settings(
            max_examples=8,
            stateful_step_count=35,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
