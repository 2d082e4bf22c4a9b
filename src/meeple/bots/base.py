"""The bot interface shared by every game.

A bot sees exactly what a player at the table sees: its own seat's view (``state.view(seat)``)
and the legal actions of its seat. It never receives the `GameState`; a bot that wants to search
builds a state of its own with ``state_class.determinize(view, rng)``, which samples whatever
the view hides.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from meeple.engine.actions import Action
from meeple.engine.game import GameState


class Bot(ABC):
    """A computer player for one seat of one game."""

    #: Registry name (``make_bot(name, ...)``).
    name: ClassVar[str] = ""

    def __init__(self, state_class: type[GameState], seed: int = 0) -> None:
        self.state_class = state_class
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Pick one of `legal` (never empty) knowing only `view`, the view of the bot's seat."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.state_class.game_name!r}, seed={self.seed})"


def view_seat(view: Mapping[str, Any]) -> int:
    """The seat a view belongs to (every game's view names it in ``"seat"``)."""
    seat = view.get("seat")
    if type(seat) is not int:
        raise ValueError("a bot needs the view of a seat, not a spectator's view")
    return seat
