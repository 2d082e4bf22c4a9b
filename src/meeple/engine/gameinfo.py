"""What a game declares about itself, so that no generic layer needs to know it.

Every game package ends with one `GameInfo`: its name and title, its player range, its options
(each with a type, a default and a help text, from which the terminal, the arena and the
server's table form build their inputs), hints for search bots, its evaluation and its
terminal renderer. The registry (`meeple.engine.registry`) finds these through the
``meeple.games`` entry points, so a game may live in another installed package.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Literal

from meeple.engine.errors import OptionsError
from meeple.engine.evaluation import Evaluation
from meeple.engine.game import GameState
from meeple.engine.plugins import ResearchPlugin, TerminalPlugin, WebPlugin
from meeple.engine.seats import Seats

#: How an option's value is given: ``flag`` a bool (``--auction``); ``seat`` a seat number,
#: 0-based in the options and 1-based for people (``--start-player 2`` is seat 1);
#: ``edition`` component data (a JSON object; on the command line a file or a shipped name).
OptionKind = Literal["flag", "seat", "edition"]

#: The option every game has: how many seats the table has.
PLAYERS = "players"


@dataclasses.dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game, as its front ends offer it."""

    #: Key in the options dict; its flag is the name with dashes (``--role-draft``).
    name: str
    #: How the value is given (see `OptionKind`).
    kind: OptionKind
    #: One line for people: what the option changes, with the ruling that settles it if any.
    help: str
    #: The value when the option is not given (None: the game's built-in data for editions).
    default: Any = None

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclasses.dataclass(frozen=True, slots=True)
class SearchHints:
    """What a search bot should know about the shape of a game's turns."""

    #: Action kinds left out of the search (steps that only undo another step).
    pruned_kinds: frozenset[str] = frozenset()
    #: Whether the search tree stops where the searching seat's own steps end (for games whose
    #: turns are long runs of small steps; see `meeple.bots.ismcts`).
    own_turn_only: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class GameInfo:
    """Everything front ends, bots and the registry need to know about one game."""

    #: Registry name; also the ``"game"`` field of records and the CLI argument.
    name: str
    #: The game's title as people write it, with its designers and year.
    title: str
    #: The engine.
    state_class: type[GameState]
    #: Inclusive player range and the default table size.
    min_players: int
    max_players: int
    default_players: int
    #: The options beyond ``players``, in the order front ends show them.
    options: tuple[OptionSpec, ...] = ()
    #: Builds the evaluation search bots score positions with.
    evaluation: Callable[[], Evaluation] = Evaluation
    #: Hints for search bots.
    search: SearchHints = SearchHints()
    #: Action kinds that end a seat's turn or are final by the rules: undo never goes back
    #: past them (nor past anything revealed; see `GameState.reveal_count`).
    undo_stops: frozenset[str] = frozenset()
    #: Loads what the game's terminal module declares (imported only by the terminal), or None
    #: for the plain JSON view. See `meeple.engine.plugins.TerminalPlugin`.
    terminal: Callable[[], TerminalPlugin] | None = None
    #: Loads the server side of the game's page (`meeple.engine.plugins.WebPlugin`: the board
    #: elements each action involves, the components' figures the page draws), or None.
    web: Callable[[], WebPlugin] | None = None
    #: Loads the numeric forms for learning agents (imported only by `meeple.research`;
    #: `meeple.engine.plugins.ResearchPlugin`), or None.
    research: Callable[[], ResearchPlugin] | None = None
    #: Package holding ``data/editions/*.json`` (editions shipped with the game), if any.
    package: str | None = None

    @property
    def seats(self) -> Seats:
        """How the game's seats look and are named: its state class's one declaration."""
        return self.state_class.seats

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name: it holds classes and functions, and the receiving process has
        its own registry."""
        return (_registered, (self.name,))

    def option(self, name: str) -> OptionSpec:
        """The option called `name`; an unknown name raises `OptionsError` listing them."""
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in self.options) or "none"
        raise OptionsError(f"{self.name} has no option {name!r}; its options: {known}")

    def defaults(self) -> dict[str, Any]:
        """Every option at its default, ``players`` included."""
        return {PLAYERS: self.default_players} | {s.name: s.default for s in self.options}


def _registered(name: str) -> GameInfo:
    """The registry's declaration of `name` (imported here: the registry imports this module)."""
    from meeple.engine.registry import game_info

    return game_info(name)
