"""How good a (determinized) state is for one seat: the interface search bots score with.

A game supplies its own evaluation in its package (`GameInfo.evaluation`); it asks the engine
for everything the rules decide and adds only small positional hints, so that a one-step
lookahead makes progress between scorings. Values are relative, in points: a seat's standing
minus the best opponent's. Games without one get this generic evaluation.
"""

from __future__ import annotations

from meeple.engine.actions import Action
from meeple.engine.errors import MeepleError
from meeple.engine.game import GameState

NEG_INF = float("-inf")


class Evaluation:
    """Generic evaluation: the seat's current points minus the best opponent's."""

    def evaluate(self, state: GameState, seat: int) -> float:
        scores = state.scores()
        others = [p for s, p in enumerate(scores) if s != seat]
        return scores[seat] - (max(others) if others else 0)

    def action_value(self, state: GameState, seat: int, action: Action) -> float:
        """Value for `seat` of doing `action` in `state` (which is left unchanged)."""
        after = state.clone()
        try:
            after.apply(seat, action)
        except MeepleError:
            return NEG_INF
        return self.evaluate(after, seat)
