"""Fixed-size numeric forms of a game's actions and seat views, for learning agents.

Research libraries (PettingZoo, OpenSpiel; see `meeple.research`) need what the engine does not:
one discrete action space of fixed size for a game and its options, and an observation tensor
of fixed shape. A game provides them in the module its `GameInfo.research` names, through
``encoding(options) -> Encoding``.

An observation is built from a seat's *view* only (`GameState.view`), never from the state, so
it cannot hold what the seat may not see: secrecy holds by construction.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from meeple.engine.actions import Action


class Encoding(Protocol):
    """The numeric forms of one game played with one set of (normalised) options."""

    @property
    def action_space_size(self) -> int:
        """How many action indexes there are; every action of the game has exactly one."""

    def action_index(self, action: Action) -> int:
        """The index of `action`; the same action always has the same index."""

    def action_at(self, index: int) -> Action:
        """The action of `index` (inverse of `action_index`); an index out of range raises
        `IndexError`."""

    @property
    def secret_kinds(self) -> frozenset[str]:
        """Kinds of action whose choice the other seats may not know (they see that the seat
        acted, not what it chose), besides every choice made in a simultaneous step."""

    @property
    def max_game_length(self) -> int:
        """A true upper bound on the steps of a game as the research adapters play it (they
        leave out the steps that only undo another, `meeple.research.games`): OpenSpiel's
        `max_game_length`, which every game it runs must declare."""

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """Shape of every observation of this game and options."""

    def observation(self, view: Mapping[str, Any]) -> Any:
        """A seat's view (or the spectators' view) as a float32 ``numpy`` array of
        `observation_shape`; the fields are documented in ``docs/research.md``."""
