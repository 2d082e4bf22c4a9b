"""Shared by the server tests: engine-side searches for moves to send (generic: through the
`GameState` interface only)."""

from __future__ import annotations

import random
from typing import Any

from meeple.engine.errors import IllegalAction
from meeple.engine.game import GameState


def illegal_move(state: GameState, seat: int) -> tuple[dict[str, Any], str] | None:
    """An action `seat` might try now that a numbered rule (``TIK-…``, ``ALT-…``) refuses,
    with that rule; None if there is none at this point."""
    legal = set(state.legal_actions(seat))
    for action in state.tried_actions(seat):
        if action in legal:
            continue
        try:
            state.clone().apply(seat, action)
        except IllegalAction as exc:
            if "-" in exc.rule:
                return action.to_json(), exc.rule
    return None


def random_move(state: GameState, rng: random.Random, seat: int | None = None) -> tuple[int, Any]:
    """A random legal move of `seat` (or of a random seat to move), as (seat, action JSON)."""
    seat = rng.choice(state.to_move()) if seat is None else seat
    return seat, rng.choice(state.legal_actions(seat)).to_json()
