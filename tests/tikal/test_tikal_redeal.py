"""Tikal's re-deal before a research adapter's chance step (`TikalState.redeal_unknown`,
`views.redeal_next`): only what the next step can reveal is re-dealt, drawn as a whole re-deal
would draw it. Every seat's view stays as it was, nothing is added or lost, and the stack's
top tile and each pile's top token can come out as any tile of the top letter and any unseen
token."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meeple.engine.testing import random_step
from meeple.games.tikal import TikalState
from meeple.games.tikal.actions import EndTurn, Recover


def unseen(state: TikalState) -> tuple[Counter[int], Counter[int], list[int]]:
    """The stack's tiles, the face-down tokens with the supply, and the piles' sizes."""
    tokens = Counter(k for pile in state.tokens.values() for k in pile)
    tokens.update(state.token_supply)
    return Counter(state.stack), tokens, [len(p) for p in state.tokens.values()]


@pytest.mark.parametrize("auction", [False, True])
def test_a_redeal_changes_no_view_and_keeps_every_tile_and_token(auction: bool) -> None:
    state = TikalState.new({"players": 4, "auction": auction}, seed=3)
    rng = random.Random(3)
    while not state.is_over():
        before, view = unseen(state), state.view(None)
        letters = [state.edition.tile_letters[t] for t in state.stack]
        state.redeal_unknown(rng)
        assert state.view(None) == view
        assert unseen(state) == before
        assert [state.edition.tile_letters[t] for t in state.stack] == letters
        random_step(state, rng)


def test_the_next_tile_and_tokens_are_drawn_from_all_that_could_come() -> None:
    state = TikalState.new({"players": 2}, seed=5)
    rng = random.Random(5)
    while len(state.tokens) < 2 or not state.stack:
        random_step(state, rng)
    letter_of = state.edition.tile_letters
    top_letter = letter_of[state.stack[-1]]
    top_group = {t for t in state.stack if letter_of[t] == top_letter}
    kinds = set(unseen(state)[1])
    tops: set[int] = set()
    pile_tops: dict[int, set[int]] = {space: set() for space in state.tokens}
    for seed in range(400):
        copy = state.clone()
        copy.redeal_unknown(random.Random(seed))
        tops.add(copy.stack[-1])
        for space, pile in copy.tokens.items():
            pile_tops[space].add(pile[-1])
    assert tops == top_group
    for drawn in pile_tops.values():
        assert drawn == kinds


def test_before_an_end_of_turn_only_tiles_and_before_a_recovery_only_tokens() -> None:
    """Told the coming step, a re-deal leaves what that step cannot reveal where it is (the
    tokens before an end of turn, the stack before a recovery), and still draws the rest
    from all that could come."""
    state = TikalState.new({"players": 2}, seed=5)
    rng = random.Random(5)
    while len(state.tokens) < 2 or not state.stack:
        random_step(state, rng)
    letter_of = state.edition.tile_letters
    top_group = {t for t in state.stack if letter_of[t] == letter_of[state.stack[-1]]}
    kinds = set(unseen(state)[1])
    tops: set[int] = set()
    pile_tops: set[int] = set()
    for seed in range(200):
        copy = state.clone()
        copy.redeal_unknown(random.Random(seed), EndTurn())
        assert (copy.tokens, copy.token_supply) == (state.tokens, state.token_supply)
        tops.add(copy.stack[-1])
        copy = state.clone()
        copy.redeal_unknown(random.Random(seed), Recover(space=next(iter(state.tokens))))
        assert copy.stack == state.stack
        pile_tops.update(pile[-1] for pile in copy.tokens.values())
    assert tops == top_group
    assert pile_tops == kinds
