"""Every game passes the conformance harness (`meeple.engine.testing.check_conformance`): the
installed games, and Kuhn poker, the tiny game of tests/tinygame, which registers itself when
imported.

Each game plays one random game with its default options and one with every flag on, every
seat option at the last seat and the fewest players. At most 100 moves of each game are
checked in depth: the long games' own simulations test them at length already.
"""

from __future__ import annotations

from typing import Any

import kuhn  # noqa: F401 - registers the tiny game
import pytest

from meeple.engine import registry
from meeple.engine.gameinfo import PLAYERS, GameInfo
from meeple.engine.testing import check_conformance


def other_options(info: GameInfo) -> dict[str, Any]:
    """Every option away from its usual value: flags on, seats last, the fewest players."""
    fewest = info.min_players
    options: dict[str, Any] = {PLAYERS: fewest}
    for spec in info.options:
        if spec.kind == "flag":
            options[spec.name] = True
        elif spec.kind == "seat":
            options[spec.name] = fewest - 1
    return options


CASES = [
    pytest.param(name, options, id=f"{name}-{label}")
    for name in registry.game_names()
    for label, options in (
        ("defaults", None),
        ("other-options", other_options(registry.game_info(name))),
    )
]


def test_the_tiny_game_is_among_the_games():
    assert "kuhn" in registry.game_names()


@pytest.mark.parametrize(("game", "options"), CASES)
def test_every_game_conforms(game, options):
    found = check_conformance(registry.game_info(game), options, seeds=(1,), in_depth=100)
    assert found.moves and found.narrations, found
    codec = registry.game_info(game).state_class.codec
    if any(codec.fields(kind) for kind in codec.kinds):  # Kuhn's actions have no fields
        assert found.odd, found
    # Every game here hides something; a game that hid nothing would pass the secrecy checks
    # by comparing each state with itself.
    assert found.hidden, f"nothing was hidden in {game}: {found}"
