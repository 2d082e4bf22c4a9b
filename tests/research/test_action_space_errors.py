"""Every game's encoding refuses an action outside its action space with the same error,
`ValueError` naming the action, so a learner's code catches one error for all games."""

from __future__ import annotations

import re

import pytest

from meeple.engine.actions import Action
from meeple.games.altiplano import actions as altiplano
from meeple.games.tikal.actions import Bid
from meeple.research.games import encoding_for


@pytest.mark.parametrize(
    ("game", "options", "action"),
    [
        # no role draft in this variant, so no role is ever chosen
        ("altiplano", {"players": 2}, altiplano.ChooseRole("woodcutter")),
        # food is never stored nor used at the village
        ("altiplano", {"players": 4}, altiplano.Place("loc:village", "food")),
        # far above the highest bid the edition allows
        ("tikal", {"players": 2, "auction": True}, Bid(10**6)),
    ],
)
def test_an_action_outside_the_space_raises_value_error(
    game: str, options: dict[str, object], action: Action
) -> None:
    _, _, encoding = encoding_for(game, options)
    with pytest.raises(ValueError, match=re.escape(f"{action!r} is outside")):
        encoding.action_index(action)
