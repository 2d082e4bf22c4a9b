"""Altiplano's re-deal before a research adapter's chance step (`AltiplanoState.redeal_unknown`,
`hidden.redeal_unknown`): the draws to come always, the extension stack only when the next step
can draw from it (`hidden.stack_drawn_next`). Every seat's view, the players' data and the
stack's cards and letters stay; no step from a position where the stack is left draws from it;
and where it is re-dealt, its top card can come out as any card of its letter."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.engine.registry import game_info
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.hidden import _letters, stack_drawn_next
from meeple.research.games import acting_seat

VARIANTS = [
    {"players": 2, "role_draft": False, "missions": False},
    {"players": 4, "role_draft": True, "missions": True},
]


def letters(state: AltiplanoState) -> list[str]:
    letter_of = _letters(state.comps)
    return [letter_of[card] for card in state.s["stack"]]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_a_redeal_changes_no_view_and_keeps_every_card(options: dict[str, Any]) -> None:
    info = game_info("altiplano")
    state = AltiplanoState.new(options, seed=5)
    rng = random.Random(5)
    viewers = [*range(options["players"]), None]
    shuffled = 0
    while (seat := acting_seat(state, info)) is not None:
        views = [state.view(viewer) for viewer in viewers]
        cards, order = sorted(state.s["stack"]), letters(state)
        players = state.to_json()["state"]["players"]
        stack = state.s["stack"][:]
        state.redeal_unknown(rng)
        assert [state.view(viewer) for viewer in viewers] == views
        assert sorted(state.s["stack"]) == cards and letters(state) == order
        assert state.to_json()["state"]["players"] == players
        shuffled += state.s["stack"] != stack
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert shuffled > 2


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_no_step_draws_from_the_stack_where_a_redeal_leaves_it(options: dict[str, Any]) -> None:
    """Every legal step of every seat to move, from every position of a random game."""
    info = game_info("altiplano")
    state = AltiplanoState.new(options, seed=6)
    rng = random.Random(6)
    drawn = 0
    while (seat := acting_seat(state, info)) is not None:
        for mover in state.to_move():
            for action in state.legal_actions(mover):
                after = state.clone()
                after.apply(mover, action)
                if after.s["stack"] != state.s["stack"]:
                    assert stack_drawn_next(state.s), action
                    drawn += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert drawn > 2


def test_where_the_stack_is_drawn_next_its_top_card_is_any_of_its_letter() -> None:
    info = game_info("altiplano")
    state = AltiplanoState.new({"players": 3}, seed=7)
    rng = random.Random(7)
    while not stack_drawn_next(state.s):
        seat = acting_seat(state, info)
        assert seat is not None
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    order = letters(state)
    top = {
        card for card, letter in zip(state.s["stack"], order, strict=True) if letter == order[-1]
    }
    assert len(top) > 2
    seen = set()
    for _ in range(300):
        copy = state.clone()
        copy.redeal_unknown(rng)
        seen.add(copy.s["stack"][-1])
    assert seen == top
