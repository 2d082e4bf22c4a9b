"""The bot driver: it never leaves a bot seat that is to move without a decision running, even
when two decisions were taken at one version, and it survives a worker process that dies."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from concurrent.futures import Future

import pytest

from meeple.server.bots import BotDriver
from meeple.server.live import Answer
from meeple.server.service import SeatChoice
from meeple.server.turns import BotTurn


class OneTableService:
    """Answers every move with `answer` and counts how often the bots' turns are asked for."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.asked = 0

    def look(self, _table_id):
        self.asked += 1

    async def move(self, *_args):
        return self.answer


def decided(action):
    future = Future()
    future.set_result(action)
    return future


TURN = BotTurn("t", "tikal", 1, "random", 7, 0, {}, [])


@pytest.mark.parametrize(
    "answer",
    [
        Answer(True, 8),
        Answer(True, 8, repeated=True),  # a second decision taken at version 7: look again
        Answer(False, 9, "stale", "the table has changed"),
    ],
)
def test_after_each_answer_the_driver_looks_at_the_table_again(answer):
    service = OneTableService(answer)
    driver = BotDriver(service, workers=1)
    try:
        asyncio.run(driver._play(TURN, decided({"kind": "end_turn"})))
        assert service.asked == 1
    finally:
        driver.close()


def test_a_refused_bot_is_asked_again_a_bounded_number_of_times():
    service = OneTableService(Answer(False, 7, "TIK-6", "no"))
    driver = BotDriver(service, workers=1)
    try:
        for _ in range(10):
            asyncio.run(driver._play(TURN, decided({"kind": "end_turn"})))
        assert service.asked == 5
    finally:
        driver.close()


@pytest.mark.timeout(120)
def test_a_bot_game_goes_on_when_a_worker_process_is_killed(client):
    service = client.app.state.service
    bots = client.app.state.bots
    created = service.create("tikal", {"players": 2}, [SeatChoice("bot", "random")] * 2)
    while service.version(created.id) < 3:
        time.sleep(0.05)
    for process in list(bots._pool._processes.values()):
        os.kill(process.pid, signal.SIGKILL)
    killed_at = service.version(created.id)
    with client.websocket_connect(f"/ws/{created.id}") as spectator:
        state = spectator.receive_json()
        while not state["over"]:
            state = spectator.receive_json()
    assert state["version"] > killed_at and state["winners"]


def test_a_bot_waits_for_the_seats_before_it_in_a_simultaneous_step(tmp_path):
    from meeple.server.service import TableService
    from meeple.server.store import Store

    store = Store(f"sqlite:///{tmp_path / 'wait.db'}")
    service = TableService(store)
    created = service.create(
        "altiplano", {"players": 2, "start_player": 0}, [SeatChoice(), SeatChoice("bot", "random")]
    )
    table = service._live(created.id)
    while len(table.state.to_move()) < 2:  # on to the first step where both seats may act
        seat = table.state.to_move()[0]
        if seat == 1:
            (turn,) = service.bot_turns(created.id)
            action = turn.legal[0]
        else:
            assert service.bot_turns(created.id) == []
            action = table.state.legal_actions(0)[0].to_json()
        assert service.move(created.id, seat, action, table.version, f"n{table.version}").ok
    assert list(table.state.to_move()) == [0, 1]
    assert service.bot_turns(created.id) == [], "the bot waits for the start player"
    store.close()
