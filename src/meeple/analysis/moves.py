"""The estimates of each move of a game (see `meeple.analysis`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from meeple.bots.advice import chance_of, weigh
from meeple.bots.base import Budget
from meeple.engine.actions import Action
from meeple.engine.game import GameState

#: The search's budget a move by default: the figures of docs/benchmarks.md ("Issue 29").
DEFAULT_BUDGET = Budget(iterations=200)
#: Below this share of the budget, the played action's estimate from the full search rests on
#: too few iterations: it gets a search of its own.
WELL_VISITED = 0.1


@dataclasses.dataclass(frozen=True, slots=True)
class MoveEstimate:
    """One move as the search judged it from the mover's view before it."""

    #: The move's index in the game (0: the first action).
    index: int
    seat: int
    #: The action played, as JSON, and its label (the engine's text, said in a reader's
    #: language by the front end).
    action: dict[str, Any]
    label: str
    #: The seat's estimated win chance before the move (that of the action the search
    #: preferred) and after the move played; None for a move that had no alternative.
    before: float | None
    after: float | None
    #: The action the search preferred (None where it is the one played, or there was no
    #: choice), and its label.
    best: dict[str, Any] | None
    best_label: str | None
    #: How many actions the seat had to choose from.
    choices: int

    @property
    def loss(self) -> float:
        """How much the move cost the seat's chances (0 for the preferred move)."""
        if self.before is None or self.after is None:
            return 0.0
        return max(0.0, self.before - self.after)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveEstimate:
        return cls(**data)


def move_seed(seed: int, index: int) -> int:
    """The search's seed for move `index`: each move's figures depend on the analysis's seed
    and the move alone, whichever worker makes them and in whatever order."""
    return (seed * 1_000_003 + index) % (2**63)


def estimate_moves(
    initial: GameState,
    actions: Sequence[tuple[int, Action]],
    budget: Budget = DEFAULT_BUDGET,
    seed: int = 0,
    indexes: range | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[MoveEstimate]:
    """The estimates of the moves at `indexes` (all by default) of the game that starts at
    `initial` (which is played on: pass a copy to keep it) with `actions`. `progress` is
    told each move's index once it is done."""
    indexes = range(len(actions)) if indexes is None else indexes
    state_class = type(initial)
    state = initial
    found = []
    for index, (seat, action) in enumerate(actions[: indexes.stop]):
        if index in indexes:
            found.append(_estimate(state, state_class, index, seat, action, budget, seed))
            if progress is not None:
                progress(index)
        state.apply(seat, action)
    return found


def _estimate(
    state: GameState,
    state_class: type[GameState],
    index: int,
    seat: int,
    action: Action,
    budget: Budget,
    seed: int,
) -> MoveEstimate:
    legal = state.legal_actions(seat)
    label = state.action_label(action)
    if len(legal) < 2:
        return MoveEstimate(index, seat, action.to_json(), label, None, None, None, None, 1)
    view = state.view(seat)
    weighed = weigh(state_class, view, legal, budget, move_seed(seed, index))
    preferred = weighed[0]
    played = next((w for w in weighed if w.action == action), None)
    iterations = budget.iterations or sum(w.visits for w in weighed)
    if played is None or played.visits < WELL_VISITED * iterations:
        after = chance_of(state_class, view, action, budget, move_seed(seed, index) + 1)
    else:
        after = played.chance
    best = None if preferred.action == action else preferred.action
    return MoveEstimate(
        index=index,
        seat=seat,
        action=action.to_json(),
        label=label,
        before=max(preferred.chance, after),
        after=after,
        best=None if best is None else best.to_json(),
        best_label=None if best is None else state.action_label(best),
        choices=len(legal),
    )
