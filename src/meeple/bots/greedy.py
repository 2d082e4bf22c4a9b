"""The greedy bot: one-step lookahead on a state sampled from its own view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.bots.base import Bot, evaluation_for, view_seat
from meeple.engine.actions import Action
from meeple.engine.game import GameState


class GreedyBot(Bot):
    """Tries every legal action on a determinized copy of its view and keeps the best by the
    game's evaluation; ties are broken by the seeded generator."""

    name = "greedy"

    def __init__(self, state_class: type[GameState], seed: int = 0) -> None:
        super().__init__(state_class, seed)
        self.evaluation = evaluation_for(state_class)
        self.last_state: GameState | None = None  # the last determinized state (for tests)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        seat = view_seat(view)
        # A view the engine cannot complete is a bug to report, not to play around.
        state = self.state_class.determinize(view, self.rng)
        self.last_state = state
        values = [self.evaluation.action_value(state, seat, action) for action in legal]
        best = max(values)
        ties = [a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]
        return self.rng.choice(ties)
