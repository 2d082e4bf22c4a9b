"""The lineup schedule: every entrant in every seat equally often, every pair meeting alike."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from meeple.arena.schedule import cycle_length, entrant_names, lineup


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("entrants", [1, 2, 3, 4])
def test_every_entrant_sits_in_every_seat_equally_often(entrants, players):
    cycle = cycle_length(entrants, players)
    for cycles in (1, 2):
        seats = Counter(
            (entrant, seat)
            for index in range(cycle * cycles)
            for seat, entrant in enumerate(lineup(index, entrants, players))
        )
        assert len(set(seats.values())) == 1
        assert len(seats) == entrants * players


@pytest.mark.parametrize(("entrants", "players"), [(3, 2), (4, 2), (4, 3), (5, 3)])
def test_more_entrants_than_seats_meet_each_other_equally(entrants, players):
    cycle = cycle_length(entrants, players)
    meetings = Counter(
        pair
        for index in range(cycle)
        for pair in itertools.combinations(sorted(lineup(index, entrants, players)), 2)
    )
    assert len(meetings) == entrants * (entrants - 1) // 2
    assert len(set(meetings.values())) == 1
    assert all(len(set(lineup(i, entrants, players))) == players for i in range(cycle))


def test_cycles_and_lineups_by_hand():
    assert [lineup(i, 3, 3) for i in range(3)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert [lineup(i, 2, 3) for i in range(2)] == [(0, 1, 0), (1, 0, 1)]
    assert [lineup(i, 3, 2) for i in range(6)] == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    assert lineup(6, 3, 2) == (0, 1)
    assert (cycle_length(3, 3), cycle_length(2, 3), cycle_length(4, 2)) == (3, 2, 12)


def test_duplicate_specs_are_separate_entrants():
    assert entrant_names(["greedy", "random", "greedy"]) == ["greedy#1", "random", "greedy#2"]
    assert entrant_names(["ismcts:300i", "greedy"]) == ["ismcts:300i", "greedy"]
