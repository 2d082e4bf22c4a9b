"""The bot interface shared by every game.

A bot sees exactly what a player at the table sees: its own seat's view (``state.view(seat)``)
and the legal actions of its seat. It never receives the `GameState`; a bot that wants to search
builds a state of its own with ``state_class.determinize(view, rng)``, which samples whatever
the view hides.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from meeple.engine.actions import Action
from meeple.engine.errors import OptionsError
from meeple.engine.evaluation import Evaluation
from meeple.engine.game import GameState
from meeple.engine.gameinfo import SearchHints
from meeple.engine.registry import info_for


@dataclass(frozen=True)
class Budget:
    """How much a searching bot may think per decision: seconds, iterations, or both (whichever
    runs out first). An iteration budget makes a bot's choices reproducible from its seed."""

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise OptionsError("a budget needs seconds or iterations")
        if self.seconds is not None and not (math.isfinite(self.seconds) and self.seconds > 0):
            raise OptionsError(f"a budget's seconds must be positive, not {self.seconds!r}")
        if self.iterations is not None and (
            type(self.iterations) is not int or self.iterations < 1
        ):
            raise OptionsError(
                f"a budget's iterations must be a positive integer, not {self.iterations!r}"
            )

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``"1.5s"`` → 1.5 seconds, ``"400i"`` → 400 iterations."""
        text = text.strip().lower()
        try:
            if text.endswith("s"):
                return cls(seconds=float(text[:-1]))
            if text.endswith("i"):
                return cls(iterations=int(text[:-1]))
        except ValueError:
            pass
        raise OptionsError(f"a budget is like '1s' (seconds) or '400i' (iterations), not {text!r}")

    def __str__(self) -> str:
        parts = []
        if self.seconds is not None:
            parts.append(f"{self.seconds:g}s")
        if self.iterations is not None:
            parts.append(f"{self.iterations}i")
        return "+".join(parts)


class Bot(ABC):
    """A computer player for one seat of one game."""

    #: Registry name (``make_bot(name, ...)``).
    name: ClassVar[str] = ""
    #: Whether the bot searches and so accepts a `Budget` (``make_bot("ismcts:1s", ...)``).
    takes_budget: ClassVar[bool] = False

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


def evaluation_for(state_class: type[GameState]) -> Evaluation:
    """The evaluation a game declares (`GameInfo.evaluation`), or the generic one for an
    engine that is not registered."""
    info = info_for(state_class)
    return Evaluation() if info is None else info.evaluation()


def search_hints(state_class: type[GameState]) -> SearchHints:
    """The search hints a game declares (`GameInfo.search`); none for an unregistered engine."""
    info = info_for(state_class)
    return SearchHints() if info is None else info.search
