"""Altiplano's stamps (`meeple.engine.stamps`, `AltiplanoState.stamp` and `own_change`), which
Altiplano's observation trusts instead of comparing every player's data
(`state_observation`): over random games of every table, with re-deals and determinized copies
in between,

- two states with the same stamp hold the same content (a stamp seen again is a copy's, or
  the same state's unchanged);
- every apply and re-deal gives a new stamp;
- after an action of `_ONE_PLAYER`, `own_change` holds the stamp before it and the seat, and
  nothing changed but that seat's player data; after any other it is None."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.engine.registry import game_info
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.state import _ONE_PLAYER
from meeple.research.games import acting_seat

VARIANTS = [
    {"players": players, "role_draft": draft, "missions": missions}
    for players in (2, 3, 4, 5)
    for draft, missions in ((False, False), (True, True))
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_a_stamp_stands_for_one_content_and_an_own_change_touches_one_player(
    options: dict[str, Any],
) -> None:
    info = game_info("altiplano")
    rng = random.Random(options["players"])
    state = AltiplanoState.new(options, seed=options["players"])
    content: dict[int, dict[str, Any]] = {}
    own_changes = 0

    def seen(s: AltiplanoState) -> None:
        json = s.to_json()
        assert content.setdefault(s.stamp, json) == json, "one stamp, two contents"

    steps = 0
    while (seat := acting_seat(state, info)) is not None:
        seen(state)
        copy = state.clone()
        assert copy.stamp == state.stamp
        if rng.random() < 0.05:  # the research adapters' chance, and a searcher's samples
            stamp = state.stamp
            state.redeal_unknown(rng)
            assert state.stamp != stamp and state.own_change is None
            seen(state)
            seen(AltiplanoState.determinize(state.view(seat), rng))
        before, stamp = state.to_json()["state"], state.stamp
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        assert state.stamp != stamp
        after = state.to_json()["state"]
        if type(action) in _ONE_PLAYER:
            assert state.own_change == (stamp, seat)
            others = [p for i, p in enumerate(before["players"]) if i != seat]
            assert [p for i, p in enumerate(after["players"]) if i != seat] == others, action
            table = {k for k in before if k != "players" and before[k] != after[k]}
            assert not table, (action, table)
            own_changes += 1
        else:
            assert state.own_change is None
        seen(copy)  # the copy kept the content of its stamp
        steps += 1
    assert own_changes > 20
