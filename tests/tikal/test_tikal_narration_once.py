"""Tikal narrates a move once for every reader (`TikalState.narrate_all`) from the parts of
the view the narration reads (`views.told_part`): the lines are those each reader's own full
views give, over whole random games. The server narrates every move for every reader, also when
it loads a finished table again from its log (docs/benchmarks.md, issue 25)."""

from __future__ import annotations

import random

import pytest

from meeple.engine.log import LogEntry
from meeple.games.tikal import narration, views
from meeple.games.tikal.state import TikalState


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 12)])
def test_narrating_once_reads_as_each_reader_s_full_views(players, seed):
    state = TikalState.new({"players": players}, seed)
    rng = random.Random(seed)
    readers = [None, *range(players)]
    lines = 0
    while not state.is_over():
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        before = state.clone()
        state.apply(seat, action)
        told = state.narrate_all(before, seat, action, readers)
        for reader in readers:
            old, new = before.view(reader), state.view(reader)
            assert views.told_part(before) == {k: old[k] for k in views.told_part(before)}
            full = [
                LogEntry(seat, before.action_label(action)),
                *narration.events(state, old, new),
            ]
            assert told[reader] == full == state.narrate(before, seat, action, reader)
        lines += len(told[None])
    assert lines > 0


def test_narrating_for_a_seat_that_is_not_one_is_refused():
    state = TikalState.new({"players": 2}, 3)
    before = state.clone()
    seat = state.to_move()[0]
    action = state.legal_actions(seat)[0]
    state.apply(seat, action)
    with pytest.raises(Exception, match="a view is for a seat"):
        state.narrate_all(before, seat, action, [None, 2])
