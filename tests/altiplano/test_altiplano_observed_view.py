"""Altiplano's observation as the research adapters make it (`AltiplanoEncoding.observe`, from
the part of the view it reads, sharing the state's data) against the documented one, made from
the view: the same vector at every position of random games, for every seat and the spectators,
and the state left as it was."""

from __future__ import annotations

import random

import numpy as np
import pytest

from meeple.engine.registry import game_info
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.encoding import encoding
from meeple.research.games import acting_seat

VARIANTS = [
    {"players": players, "role_draft": draft, "missions": missions}
    for players in (2, 3, 4, 5)
    for draft, missions in ((False, False), (True, True))
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_observe_gives_the_views_observation(options: dict[str, object]) -> None:
    info, enc = game_info("altiplano"), encoding(options)
    state = AltiplanoState.new(options, seed=7)
    rng = random.Random(7)
    players = int(options["players"])  # type: ignore[call-overload]
    steps = 0
    kept = enc.state_observer()  # keeps each player's block from one call to the next
    while True:
        for seat in [*range(players), None]:
            before = state.to_json()
            observed = enc.state_observer().observe(state, seat)
            assert state.to_json() == before  # read, not changed
            expected = enc.observation(state.view(seat))
            assert np.array_equal(observed, expected), (seat, steps)
            assert np.array_equal(kept.observe(state, seat), expected), (seat, steps)
            assert np.array_equal(enc.observe(state, seat), expected), (seat, steps)
        seat = acting_seat(state, info)
        if seat is None or steps == 400:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    assert steps > 100


@pytest.mark.parametrize("options", VARIANTS[::3], ids=lambda o: "-".join(map(str, o.values())))
def test_one_observer_of_two_games_at_once(options: dict[str, object]) -> None:
    """One observer asked about two games in turn, and about a clone left behind, keeps
    nothing of one that shows in the other's vectors."""
    info, enc = game_info("altiplano"), encoding(options)
    games = [AltiplanoState.new(options, seed=seed) for seed in (3, 4)]
    rng = random.Random(3)
    players = int(options["players"])  # type: ignore[call-overload]
    observer = enc.state_observer()
    behind = games[0].clone()
    for step in range(300):
        for state in (*games, behind):
            seat = rng.choice([*range(players), None])
            expected = enc.observation(state.view(seat))
            got = observer.observe(state, seat)
            assert got.dtype == np.float32
            assert np.array_equal(got, expected), (step, seat)
            got[:] = -1.0  # the caller's own array: nothing kept changes
        for state in games:
            seat = acting_seat(state, info)
            if seat is not None:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        if step % 50 == 0:
            behind = games[step % 2].clone()
