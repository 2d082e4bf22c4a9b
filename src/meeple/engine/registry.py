"""Games by name, found through the ``meeple.games`` entry points; and the editions shipped with
each game by name, so that ``--edition`` need not be a path.

A game package declares one `GameInfo` and names it in its distribution's metadata::

    [project.entry-points."meeple.games"]
    tikal = "meeple.games.tikal:GAME"

so a game may live in any installed package. `register` adds one at run time (tests, notebooks);
it wins over an entry point of the same name.
"""

from __future__ import annotations

import json
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from typing import Any

from meeple.engine.errors import OptionsError
from meeple.engine.game import GameState
from meeple.engine.gameinfo import GameInfo

ENTRY_POINT_GROUP = "meeple.games"

_registered: dict[str, GameInfo] = {}
_loaded: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Make a game known by its name (replacing one of that name); returns it, so a module
    can end with ``GAME = register(GameInfo(...))``."""
    if not isinstance(info, GameInfo):
        raise TypeError(f"register takes a GameInfo, not {info!r}")
    _registered[info.name] = info
    return info


def _entry_points() -> dict[str, metadata.EntryPoint]:
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def game_names() -> tuple[str, ...]:
    """Every game installed or registered, entry points first, in name order."""
    return tuple(sorted(_entry_points())) + tuple(sorted(set(_registered) - set(_entry_points())))


def installed_games() -> tuple[str, ...]:
    """The games of installed packages (their entry points), in name order: not those a test
    or a notebook registered, which have no catalogues or rules pages."""
    return tuple(sorted(_entry_points()))


def _unknown(name: str) -> OptionsError:
    return OptionsError(f"unknown game {name!r}; games: {', '.join(game_names())}")


def game_info(name: str) -> GameInfo:
    """The declaration of a game, its package imported on first use."""
    if name in _registered:
        return _registered[name]
    if name in _loaded:
        return _loaded[name]
    entry = _entry_points().get(name)
    if entry is None:
        raise _unknown(name)
    info = entry.load()
    if not isinstance(info, GameInfo) or info.name != name:
        raise OptionsError(
            f"the entry point {name!r} of group {ENTRY_POINT_GROUP} ({entry.value}) is not the "
            f"GameInfo of a game called {name!r}"
        )
    _loaded[name] = info
    return info


def info_for(state_class: type[GameState]) -> GameInfo | None:
    """The declaration of the game an engine class belongs to, if it is registered."""
    try:
        info = game_info(state_class.game_name)
    except (OptionsError, AttributeError):
        return None
    return info if issubclass(state_class, info.state_class) else None


def game_class(name: str) -> type[GameState]:
    """The `GameState` class of a game, imported on first use."""
    return game_info(name).state_class


def _editions_folder(game: str) -> Traversable | None:
    package = game_info(game).package
    return None if package is None else resources.files(package).joinpath("data", "editions")


def edition_names(game: str) -> tuple[str, ...]:
    """Names of the edition files shipped with a game (``data/editions/NAME.json`` in its
    package): component data other than the built-in one, such as superseded estimates kept
    for comparison."""
    folder = _editions_folder(game)
    if folder is None or not folder.is_dir():
        return ()
    return tuple(
        sorted(f.name.removesuffix(".json") for f in folder.iterdir() if f.name.endswith(".json"))
    )


def shipped_edition(game: str, name: str) -> Any:
    """The component data of a shipped edition, as the ``edition`` option takes it."""
    folder = _editions_folder(game)
    if folder is None or name not in edition_names(game):
        shipped = ", ".join(edition_names(game)) or "none"
        raise OptionsError(f"{game} ships no edition {name!r}; shipped editions: {shipped}")
    text = folder.joinpath(f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)
