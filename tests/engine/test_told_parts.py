"""The part of Altiplano's spectator view the log is made from (issue 25: the server narrates
every move without building whole views) is the view's own part, at sampled positions of random
games. Tikal's view is built from its told part, and tests/tikal/test_tikal_narration_once.py
checks its lines against each reader's full views."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.engine.testing import random_positions
from meeple.games.altiplano import hidden
from meeple.games.altiplano.state import AltiplanoState

ALTIPLANO_OPTIONS = [
    {"players": 2},
    {"players": 4, "missions": True},
    {"players": 3, "role_draft": True, "missions": True},
]


@pytest.mark.parametrize("options", ALTIPLANO_OPTIONS)
def test_altiplano_told_part_is_the_spectators_view(options: dict[str, Any]) -> None:
    compared = 0
    for state in random_positions(AltiplanoState, options, seed=3, every=7):
        view = state.view(None)["state"]
        told = hidden.told_part(state)
        assert set(told) == {*hidden.TOLD_TABLE_FIELDS, "players"}
        for key in hidden.TOLD_TABLE_FIELDS:
            assert told[key] == view[key], key
        for mine, seen in zip(told["players"], view["players"], strict=True):
            assert mine == {key: seen[key] for key in hidden.TOLD_PLAYER_FIELDS}
        compared += 1
    assert compared > 10
