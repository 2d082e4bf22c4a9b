"""Game-agnostic engine: the `GameState` interface, actions, errors, seeded randomness, records."""

from meeple.engine.actions import Action, ActionCodec
from meeple.engine.errors import (
    EditionError,
    IllegalAction,
    MalformedAction,
    MalformedState,
    MeepleError,
    OptionsError,
)
from meeple.engine.game import GameState
from meeple.engine.gameinfo import GameInfo, OptionSpec, SearchHints
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_class, game_info, game_names, register
from meeple.engine.rng import derive_rng

__all__ = [
    "Action",
    "ActionCodec",
    "EditionError",
    "GameInfo",
    "GameRecord",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "MalformedState",
    "MeepleError",
    "OptionSpec",
    "OptionsError",
    "SearchHints",
    "derive_rng",
    "game_class",
    "game_info",
    "game_names",
    "register",
]
