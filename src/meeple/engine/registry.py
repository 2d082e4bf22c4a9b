"""Games by name, so that records and front ends can name a game as a string."""

from __future__ import annotations

import importlib

from meeple.engine.errors import OptionsError
from meeple.engine.game import GameState

_MODULES = {
    "tikal": "meeple.games.tikal",
    "altiplano": "meeple.games.altiplano",
}


def game_names() -> tuple[str, ...]:
    return tuple(_MODULES)


def game_class(name: str) -> type[GameState]:
    """The `GameState` class of a game, imported on first use."""
    if name not in _MODULES:
        raise OptionsError(f"unknown game {name!r}; games: {', '.join(_MODULES)}")
    module = importlib.import_module(_MODULES[name])
    return module.STATE_CLASS
