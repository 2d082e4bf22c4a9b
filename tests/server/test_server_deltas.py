"""Deltas (`meeple.server.deltas`): a client that applies every frame it gets, a delta as the
Python client applies it (`meeple.server.client.applied`), holds exactly the position the server
would send it whole, whatever it skipped (coalesced pushes), after undos and after connecting
again; and over the socket, a client opts in and gets deltas, an old one positions."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from server_helpers import bearer, new_table, random_move

from meeple.server import deltas
from meeple.server.client import applied
from meeple.server.messages import frame
from meeple.server.service import SeatChoice, TableService
from meeple.server.store import Store

GAMES = [("tikal", {"players": 4}), ("altiplano", {"players": 3, "missions": True})]
LANGUAGES = ("en", "de")


@dataclass
class Reader:
    """One connection as `deltas` sees it, and what its client holds."""

    table_id: str
    seat: int | None
    language: str
    deltas: bool = True
    sent: dict[str, Any] | None = None
    sent_version: int | None = None
    full_next: bool = False
    resume_from: int | None = None
    log_start: int = 0
    #: The client's side: its position (whole) and its log.
    position: dict[str, Any] | None = None
    log: list[Any] = field(default_factory=list)


def receive(reader: Reader, service: TableService, parked: deltas.Parked) -> str:
    """Push the newest position to `reader` as the socket loop does, and let its client apply
    the frame as it arrives (JSON text); returns the frame's type."""
    held = deltas.held(reader)  # type: ignore[arg-type]
    payload = service.payload(reader.table_id, reader.seat, reader.log_start, reader.language, held)
    reader.log_start = payload["log_size"]
    message = json.loads(frame(deltas.outgoing(reader, payload, parked)))  # type: ignore[arg-type]
    kind = message["type"]
    if kind == "delta":
        assert reader.position is not None and message["from"] == reader.position["version"]
        message = applied(reader.position, message)
    reader.position = message
    reader.log[message["log_start"] :] = message["log"]
    return kind


def assert_holds_the_whole(reader: Reader, service: TableService) -> None:
    whole = json.loads(frame(service.payload(reader.table_id, reader.seat, 0, reader.language)))
    held = {**reader.position, "log_start": 0, "log": reader.log}
    assert orjson.dumps(held, option=orjson.OPT_SORT_KEYS) == orjson.dumps(
        whole, option=orjson.OPT_SORT_KEYS
    )


@settings(
    max_examples=1,  # a whole game each: a new seed every run
    deadline=None,
    phases=[Phase.explicit, Phase.generate],  # a whole game shrinks for minutes
    suppress_health_check=[HealthCheck.too_slow],
)
@pytest.mark.parametrize("game", GAMES, ids=[name for name, _ in GAMES])
@given(seed=st.integers(0, 2**20))
def test_applying_every_delta_gives_the_whole_position(tmp_path_factory, game, seed):
    name, options = game
    rng = random.Random(seed)
    service = TableService(Store(f"sqlite:///{tmp_path_factory.mktemp('deltas') / 't.db'}"))
    table = service.create(name, options, [SeatChoice()] * options["players"]).id
    parked = deltas.Parked()
    readers = [
        Reader(table, seat, rng.choice(LANGUAGES)) for seat in [None, *range(options["players"])]
    ]
    for reader in readers:
        assert receive(reader, service, parked) == "state"
    kinds = set()
    live = service._live(table)
    nonce = 0
    while not live.state.is_over():
        nonce += 1
        last = live.moves[-1].seat if live.moves else None
        if last is not None and rng.random() < 0.1:
            service.undo(table, last, live.version, f"u{nonce}")
        else:
            seat, action = random_move(live.state, rng)
            assert service.move(table, seat, action, live.version, f"m{nonce}").ok
        for index, reader in enumerate(readers):
            if rng.random() < 0.03:  # the client connects again, saying what it holds
                parked.keep(reader)
                again = Reader(table, reader.seat, reader.language, log_start=len(reader.log))
                deltas.wanted(again, True, reader.position["version"])
                again.position, again.log = reader.position, reader.log
                reader = readers[index] = again
            elif rng.random() < 0.6:  # pushes coalesce: this reader is behind for now
                continue
            kinds.add(receive(reader, service, parked))
            if rng.random() < 0.2:  # a whole position costs as much as the push: now and then
                assert_holds_the_whole(reader, service)
    for reader in readers:
        receive(reader, service, parked)
        assert_holds_the_whole(reader, service)
    assert kinds == {"delta"}, "every client held a position the server knew"


def test_a_resume_from_a_version_not_kept_is_a_whole_position(tmp_path):
    service = TableService(Store(f"sqlite:///{tmp_path / 't.db'}"))
    table = service.create("tikal", {"players": 2}, [SeatChoice()] * 2).id
    parked = deltas.Parked(size=1)
    first, other = Reader(table, 0, "en"), Reader(table, 1, "en")
    for reader in (first, other):
        receive(reader, service, parked)
        parked.keep(reader)  # the newest one parked pushes out the other
    again = Reader(table, 0, "en")
    deltas.wanted(again, True, first.position["version"])
    assert receive(again, service, parked) == "state"
    behind = Reader(table, 1, "en")
    deltas.wanted(behind, True, other.position["version"] - 1)
    assert receive(behind, service, parked) == "state"
    resumed = Reader(table, 1, "en")
    deltas.wanted(resumed, True, other.position["version"])
    resumed.position = other.position
    assert receive(resumed, service, parked) == "delta"
    assert_holds_the_whole(resumed, service)


def delta_frames(ws, version):
    """Frames up to the position at `version` (answers skipped)."""
    frames = []
    while not frames or frames[-1].get("version", -1) < version or frames[-1]["type"] == "answer":
        frames.append(ws.receive_json())
    return [f for f in frames if f["type"] != "answer"]


@pytest.mark.timeout(60)
def test_over_the_socket_a_client_opts_in_and_connects_again_with_its_version(client):
    table, secrets = new_table(client)
    service = client.app.state.service
    with client.websocket_connect(f"/ws/{table}?deltas=1") as spectator:
        held = spectator.receive_json()
        assert held["type"] == "state"
        live = service._live(table)
        seat, action = random_move(live.state, random.Random(1))
        with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[seat])) as old:
            assert old.receive_json()["type"] == "state"
            old.send_json({"type": "move", "action": action, "version": 0, "nonce": "n1"})
            (pushed,) = delta_frames(spectator, 1)
            assert pushed["type"] == "delta" and pushed["from"] == 0 and pushed["version"] == 1
            assert {frame["type"] for frame in delta_frames(old, 1)} == {"state"}
            spectator.send_json({"type": "sync", "deltas": True, "version": 1, "log_start": 1})
            (synced,) = delta_frames(spectator, 1)
            assert synced["type"] == "delta" and synced["changes"] == [] and synced["log"] == []
        held = applied(held, pushed)
    # A new connection, saying the version it holds: a delta from the last position of the
    # closed one (parked), with the seats whole.
    log_size = held["log_size"]
    with client.websocket_connect(f"/ws/{table}?deltas=1&version=1&log_start={log_size}") as ws:
        resumed = ws.receive_json()
        assert resumed["type"] == "delta" and resumed["from"] == 1
        assert [["seats"], held["seats"]] in resumed["changes"]
        ws.send_json({"type": "sync", "deltas": True})  # no version: the position, whole
        assert ws.receive_json()["type"] == "state"


@pytest.mark.parametrize(
    "sync",
    [
        {"type": "sync", "deltas": "yes"},
        {"type": "sync", "deltas": True, "version": "1"},
        {"type": "sync", "deltas": True, "since": 1},
    ],
)
def test_a_sync_with_a_wrong_field_is_answered_with_an_error(client, sync):
    table, _ = new_table(client)
    with client.websocket_connect(f"/ws/{table}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json(sync)
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["reason"]
