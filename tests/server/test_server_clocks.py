"""Table clocks: per move and per game, counted from the move log's own times (so a restarted
server knows them), with the table's clock bot moving for a seat whose time has run out."""

from __future__ import annotations

import random

import pytest
from server_helpers import bearer, random_move

from meeple.server.clocks import PER_GAME, PER_MOVE, Clock, SeatTimes
from meeple.server.service import SeatChoice, TableError, TableService
from meeple.server.store import Store

HUMANS = [SeatChoice(), SeatChoice()]


class FakeTime:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def time():
    return FakeTime()


@pytest.fixture
def store(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'clocks.db'}")
    yield store
    store.close()


def test_a_clock_per_move_gives_each_turn_the_same_time():
    times = SeatTimes()
    clock = Clock(PER_MOVE, 60)
    times.advance([0], 0.0)
    assert times.deadline(clock, 0) == 60 and times.deadline(clock, 1) is None
    times.advance([0], 20.0)  # an action within the same turn: the turn's start stays
    assert times.deadline(clock, 0) == 60
    times.advance([1], 50.0)
    times.advance([0], 55.0)
    assert times.deadline(clock, 0) == 115 and times.spent == {0: 50.0, 1: 5.0}


def test_a_clock_per_game_is_one_bank_per_seat_spent_by_turns():
    times = SeatTimes()
    clock = Clock(PER_GAME, 100)
    times.advance([0, 1], 0.0)  # a simultaneous step: both seats' clocks run
    times.advance([1], 30.0)
    times.advance([0], 70.0)
    assert times.spent == {0: 30.0, 1: 70.0}
    assert times.deadline(clock, 0) == 70 + 70 and times.deadline(clock, 1) is None
    times.advance([1], 200.0)
    assert times.deadline(clock, 1) == 200 + 30


def test_a_clock_is_checked(store):
    with pytest.raises(ValueError, match="per move or per game"):
        Clock("per turn", 60)
    with pytest.raises(ValueError, match="seconds"):
        Clock(PER_MOVE, 0)
    with pytest.raises(TableError, match="clock's bot"):
        TableService(store).create("tikal", {"players": 2}, HUMANS, Clock(PER_MOVE, 5, "x"))


def test_the_clock_bot_moves_for_a_seat_out_of_time_and_a_restart_keeps_the_clock(store, time):
    service = TableService(store, now=time)
    created = service.create("tikal", {"players": 2}, HUMANS, Clock(PER_MOVE, 60, "random"))
    table = created.id
    first = service._live(table).state.to_move()[0]
    assert service.next_deadline(table) == time.now + 60
    time.now += 59
    assert service.bot_turns(table) == []
    time.now += 1
    (turn,) = service.bot_turns(table)
    assert turn.seat == first and turn.spec == "random"
    answer = service.move(table, turn.seat, turn.legal[0], turn.version, "clock")
    assert answer.ok
    deadlines = service.payload(table, None)["clock"]["deadlines"]

    restarted = TableService(store, now=time)
    assert restarted.payload(table, None)["clock"]["deadlines"] == deadlines
    assert restarted.next_deadline(table) == service.next_deadline(table)


def test_a_seat_that_moves_in_time_is_left_alone(store, time):
    service = TableService(store, now=time)
    created = service.create("tikal", {"players": 2}, HUMANS, Clock(PER_GAME, 100))
    table = created.id
    rng = random.Random(4)
    state = service._live(table).state
    mover = state.to_move()[0]
    time.now += 90
    while list(service._live(table).state.to_move()) == [mover]:
        seat, action = random_move(service._live(table).state, rng)
        assert service.move(table, seat, action, service.version(table), f"n{time.now}").ok
        time.now += 1
    assert service.bot_turns(table) == []
    spent = service.payload(table, None)["clock"]["spent"]
    assert spent[str(mover)] >= 90
    assert service._live(table).out_of_time(mover, time.now) is False


@pytest.mark.timeout(60)
def test_clock_expiry_over_the_protocol(client):
    response = client.post(
        "/api/tables",
        json={
            "game": "tikal",
            "options": {"players": 2},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "clock": {"kind": "move", "seconds": 1, "bot": "random"},
        },
    )
    assert response.status_code == 201, response.text
    data = response.json()
    table = data["table"]
    with client.websocket_connect(f"/ws/{table}", headers=bearer(data["seats"][0]["secret"])) as ws:
        state = ws.receive_json()
        assert state["clock"]["kind"] == "move" and state["version"] == 0
        waiting = state["to_move"][0]
        assert set(state["clock"]["deadlines"]) == {str(waiting)}
        while state["version"] == 0:  # nobody moves: the clock bot does, within a second or so
            state = ws.receive_json()
    assert state["log"], "the bot's move is in the log"


def test_a_bad_clock_is_refused(client):
    for clock, words in [
        ({"kind": "move", "seconds": 0}, "greater than or equal"),
        ({"kind": "fortnight", "seconds": 5}, "kind"),
        ({"kind": "game", "seconds": 60, "bot": "nobody"}, "unknown bot"),
    ]:
        response = client.post(
            "/api/tables",
            json={"game": "tikal", "seats": [{}, {}], "clock": clock},
        )
        assert response.status_code in (400, 422) and words in response.text, response.text
