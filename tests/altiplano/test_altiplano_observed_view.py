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
    while True:
        for seat in [*range(players), None]:
            before = state.to_json()
            observed = enc.state_observer().observe(state, seat)
            assert state.to_json() == before  # read, not changed
            assert np.array_equal(observed, enc.observation(state.view(seat))), (seat, steps)
        seat = acting_seat(state, info)
        if seat is None or steps == 400:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    assert steps > 100
