"""Fixed-size numeric forms of a game's actions and seat views, for learning agents.

Research libraries (PettingZoo, OpenSpiel; see `meeple.research`) need what the engine does not:
one discrete action space of fixed size for a game and its options, and an observation tensor
of fixed shape. A game provides them in the module its `GameInfo.research` names, through
``encoding(options) -> Encoding``.

An observation is defined on a seat's *view* only (`GameState.view`), never on the state, so
it cannot hold what the seat may not see: secrecy holds by construction. The research adapters
ask for one at every step through `Encoding.state_observer`, which gives the same vector for a
state and a seat; a game may write it from the state directly and incrementally (the view is a
JSON-ready dict that costs more than the engine's step), and then tests it against the view's
at every position of random games.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, Protocol

from meeple.engine.actions import Action


class _Never:
    """What an incremental observer compares a value with before it has read it (`NEVER`):
    unequal to everything but itself, so the first observation writes every part (no state
    holds it). Compared by identity, object's own comparison: comparisons written in Python
    cost a call each, and an observer's first look compares every value with it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NEVER"


#: The kept value of an observation's part that was never written (see `_Never`).
NEVER: Any = _Never()


def checked_index(index: object, size: int) -> int:
    """`index` as an action index of a space of `size`: an integer (Python's or numpy's) in
    0..size-1; anything else raises `ValueError` naming it. A float, even a whole one such as
    ``4289.0``, or a bool is refused: it is a caller's mistake that would otherwise play some
    action."""
    if isinstance(index, bool | float):
        raise ValueError(f"an action index is an integer, not {index!r}")
    try:
        number = operator.index(index)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"an action index is an integer, not {index!r}") from None
    if not 0 <= number < size:
        raise ValueError(f"action index {number} is not in 0..{size - 1}")
    return number


class Encoding(Protocol):
    """The numeric forms of one game played with one set of (normalised) options."""

    @property
    def action_space_size(self) -> int:
        """How many action indexes there are; every action of the game has exactly one."""

    def action_index(self, action: Action) -> int:
        """The index of `action`; the same action always has the same index."""

    def action_at(self, index: int) -> Action:
        """The action of `index` (inverse of `action_index`); anything but an integer in
        range raises `ValueError` (`checked_index`)."""

    @property
    def secret_kinds(self) -> frozenset[str]:
        """Kinds of action whose choice the other seats may not know (they see that the seat
        acted, not what it chose), besides every choice made in a simultaneous step."""

    @property
    def chance_kinds(self) -> frozenset[str]:
        """Kinds of action after which the engine may reveal something drawn (a tile, a bag's
        goods): the research adapters re-deal what no seat knows before such a step
        (`GameState.redeal_unknown`), from their own generator, so that a copy of the state
        made earlier cannot know the draw. tests/research checks in random games of every
        table that every reveal follows one of them."""

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

    def state_observer(self) -> StateObserver:
        """A new `StateObserver` of these options: one per adapter, never shared between
        threads (it may keep what it wrote last)."""


class StateObserver(Protocol):
    """How the research adapters observe a state."""

    def observe(self, state: Any, seat: int | None) -> Any:
        """Exactly ``Encoding.observation(state.view(seat))``, a new array each time."""
