"""The built-in Tikal data: the project's rules data, copied exactly, and the tile-list facts
issue 14 sourced (letter sizes, temple values, masks), read back through the engine."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from tikal_helpers import EDITION

from meeple.games.tikal import TikalState

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "rules" / "tikal-components.json"


def terrain_tiles():
    return [EDITION.tiles[t] for t in EDITION.terrain]


@pytest.mark.skipif(not SHARED.is_file(), reason=f"no shared rules data beside the repo: {SHARED}")
def test_builtin_data_is_an_exact_copy_of_the_shared_rules_data():
    builtin = resources.files("meeple.games.tikal").joinpath("data/components.json")
    assert builtin.read_bytes() == SHARED.read_bytes(), (
        "src/meeple/games/tikal/data/components.json differs from ../shared/rules: copy it again"
    )


def test_letter_groups_hold_the_sourced_sizes_in_the_stack():
    assert Counter(t.letter for t in terrain_tiles()) == {
        "A": 6, "B": 6, "C": 5, "D": 5, "E": 5, "F": 5, "G": 4,
    }  # fmt: skip
    # The engine deals them so: a new game's stack (with the tile in hand) runs A..G in
    # groups of these sizes.
    state = TikalState.new({"players": 2}, 0)
    drawn = [EDITION.tiles[t].letter for t in [state.hand, *state.stack[::-1]]]
    assert drawn == [letter for letter in "ABCDEFG" for _ in range(drawn.count(letter))]
    assert Counter(drawn) == Counter(t.letter for t in terrain_tiles())


def test_temple_values_and_masks_follow_the_tile_list():
    temples = Counter(t.temple_value for t in terrain_tiles() if t.kind == "temple")
    assert temples == {1: 1, 2: 3, 3: 4, 4: 3, 5: 3, 6: 1}
    masks = sorted((t.letter, t.masks) for t in terrain_tiles() if t.kind == "treasure")
    assert masks == [
        ("A", 4), ("A", 4), ("B", 4), ("C", 3), ("D", 3), ("E", 2), ("F", 2), ("G", 2),
    ]  # fmt: skip
    assert sum(m for _, m in masks) == EDITION.treasure_kinds * EDITION.treasure_copies


def test_every_tile_but_a_volcano_has_three_stones_on_one_to_three_sides():
    for tile in terrain_tiles():
        if tile.kind == "volcano":
            assert not any(tile.steps), tile.id
        else:
            assert sum(tile.steps) == 3 and 1 <= sum(n > 0 for n in tile.steps) <= 3, tile.id
