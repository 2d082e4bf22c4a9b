"""Every log line a seat reads says who acted (issue 24): over the HTTP view, for every seat
and a spectator, each move's lines begin with a line whose ``seat`` is the seat that moved,
and that seat has a name to show (its player's, else its colour word) and a look to draw its
chip with. A line without a seat is an event of the game itself (a new round, a scoring),
never a move, and comes only after the line of the move that set it off.
"""

from __future__ import annotations

import random

import pytest
from server_helpers import bearer, new_table, random_move

from meeple.engine.registry import game_info


@pytest.mark.timeout(300)
@pytest.mark.parametrize(
    ("game", "options"), [("tikal", {"auction": True}), ("altiplano", {"missions": True})]
)
def test_each_line_a_reader_gets_names_the_seat_that_acted(client, game, options):
    table, secrets = new_table(client, game, options, ("human", "human"))
    service = client.app.state.service
    rng = random.Random(7)
    movers = []
    while not service._live(table).state.is_over():
        seat, action = random_move(service._live(table).state, rng)
        version = service.version(table)
        answer = client.post(
            f"/api/tables/{table}/moves",
            json={"action": action, "version": version, "nonce": f"n{version}"},
            headers=bearer(secrets[seat]),
        )
        assert answer.json()["ok"], answer.text
        movers.append(seat)
    looks = game_info(game).seats.to_json(2)
    for headers in ({}, bearer(secrets[0]), bearer(secrets[1])):
        state = client.get(f"/api/tables/{table}", headers=headers).json()
        for entry, look in zip(state["seats"], looks, strict=True):
            assert entry["word"] == look["word"] and entry["colour"] == look["colour"]
            assert entry["name"] or entry["word"]  # the page's name for the actor
        replay = client.get(f"/api/tables/{table}/replay/{len(movers)}", headers=headers).json()
        log, ends = state["log"], replay["log_at"]
        assert len(log) == state["log_size"] == ends[-1] and len(ends) == len(movers) + 1
        # log_at[k] is the log's length after k moves: move k made the lines from log_at[k - 1].
        for step, (mover, start, end) in enumerate(zip(movers, ends, ends[1:], strict=False)):
            assert end > start, f"move {step + 1} made no line"
            assert log[start]["seat"] == mover, f"move {step + 1} reads {log[start]}"
            for entry in log[start:end]:
                assert entry["seat"] is None or 0 <= entry["seat"] < 2, entry
