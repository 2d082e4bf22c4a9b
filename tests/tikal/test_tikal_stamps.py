"""Tikal's stamps (`meeple.engine.stamps`, `TikalState.stamp`, `applied`, `figure_moved` and
`tile_placed`), which Tikal's observation trusts instead of comparing the whole state
(`state_observation`): over random games of every table, with re-deals and determinized copies
in between,

- two states with the same stamp show every seat the same (a stamp seen again is a copy's, the
  same state's unchanged, or the same state's with what no seat sees re-dealt);
- every apply gives a new stamp, and `applied` holds the stamp before it and the action's type,
  and nothing changed but `state.CHANGES` names for that type; a re-deal of what the next step
  may reveal (`redeal_unknown`) keeps the stamp and what the last step changed;
- after a figure's move, `figure_moved` holds the stamp before it and the worker slots it
  changed, and nothing changed but those slots, the leaders, the supplies and the action
  points; after any other step it is None;
- after a placement, `tile_placed` holds the stamp before it and the space, and nothing changed
  but that space and `placement.PLACEMENT_CHANGES`; after any other step it is None."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.games.tikal import TikalState
from meeple.games.tikal.placement import PLACEMENT_CHANGES
from meeple.games.tikal.state import CHANGES

TABLES = [(n, auction) for n in (2, 3, 4) for auction in (False, True)]
#: The fields a figure's move may change besides the worker slots it names.
MOVED = {"leader", "supply", "ap"}
#: The fields a placement changes on the placed space alone.
ON_SPACE = {"tile_at", "rotation", "temple_top", "tokens"}


def test_the_changes_name_fields_of_the_json_form() -> None:
    names = set(TikalState.new({"players": 2}, seed=1).to_json())
    for kind, changes in CHANGES.items():
        assert changes <= names, kind


def differing(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    return {name for name in before if before[name] != after[name]}


def tokens_by_space(json: dict[str, Any]) -> dict[Any, Any]:
    tokens = json["tokens"]
    return {int(k): v for k, v in tokens.items()} if isinstance(tokens, dict) else dict(tokens)


@pytest.mark.parametrize(("players", "auction"), TABLES)
def test_a_stamp_stands_for_one_content_and_a_figures_move_says_what_it_changed(
    players: int, auction: bool
) -> None:
    rng = random.Random(players * 10 + auction)
    state = TikalState.new({"players": players, "auction": auction}, seed=players)
    content: dict[int, dict[str, Any]] = {}
    moves = placements = 0

    def seen(s: TikalState) -> None:
        view = s.view(None)
        assert content.setdefault(s.stamp, view) == view, "one stamp, two views"

    while not state.is_over():
        seen(state)
        copy = state.clone()
        assert copy.stamp == state.stamp
        if rng.random() < 0.1:  # the research adapters' chance, and a searcher's samples
            last = (state.stamp, state.applied, state.figure_moved, state.tile_placed)
            state.redeal_unknown(rng)
            assert (state.stamp, state.applied, state.figure_moved, state.tile_placed) == last
            seen(state)
            seat = state.to_move()[0]
            deal = TikalState.sampler(state.view(seat))
            for sample in (deal(rng), deal(rng), TikalState.determinize(state.view(seat), rng)):
                seen(sample)
        before, stamp = state.to_json(), state.stamp
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        assert state.stamp != stamp and state.applied == (stamp, type(action))
        after = state.to_json()
        assert differing(before, after) <= CHANGES[type(action)], action.kind
        moved = state.figure_moved
        if action.kind in ("walk", "camp_move", "deploy"):
            assert moved is not None and moved[0] == stamp
            slots = moved[1]
            changed = {
                i
                for i, (a, b) in enumerate(zip(before["workers"], after["workers"], strict=True))
                if a != b
            }
            assert changed == set(slots)
            assert differing(before, after) - {"workers"} <= MOVED
            moves += 1
        else:
            assert moved is None
        placed = state.tile_placed
        if action.kind == "place_tile":
            assert placed is not None and placed[0] == stamp
            space = placed[1]
            for name in ("tile_at", "rotation", "temple_top"):
                changed = {
                    i
                    for i, (a, b) in enumerate(zip(before[name], after[name], strict=True))
                    if a != b
                }
                assert changed <= {space}, name
            assert differing(before, after) - ON_SPACE <= set(PLACEMENT_CHANGES)
            assert tokens_by_space(before) | {space: None} == tokens_by_space(after) | {space: None}
            placements += 1
        else:
            assert placed is None
        seen(copy)  # the copy kept the content of its stamp
    assert moves > 20 and placements > 10
