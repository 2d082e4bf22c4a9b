"""Games by name, so that records and front ends can name a game as a string; and the
editions shipped with each game by name, so that ``--edition`` need not be a path."""

from __future__ import annotations

import importlib
import json
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

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


def _editions_folder(game: str) -> Traversable:
    if game not in _MODULES:
        raise OptionsError(f"unknown game {game!r}; games: {', '.join(_MODULES)}")
    return resources.files(_MODULES[game]).joinpath("data", "editions")


def edition_names(game: str) -> tuple[str, ...]:
    """Names of the edition files shipped with a game (``data/editions/NAME.json`` in its
    package): component data other than the built-in one, such as superseded estimates kept
    for comparison."""
    folder = _editions_folder(game)
    if not folder.is_dir():
        return ()
    return tuple(
        sorted(f.name.removesuffix(".json") for f in folder.iterdir() if f.name.endswith(".json"))
    )


def shipped_edition(game: str, name: str) -> Any:
    """The component data of a shipped edition, as the ``edition`` option takes it."""
    if name not in edition_names(game):
        shipped = ", ".join(edition_names(game)) or "none"
        raise OptionsError(f"{game} ships no edition {name!r}; shipped editions: {shipped}")
    text = _editions_folder(game).joinpath(f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)
