"""The built-in Tikal data: the project's rules data, copied exactly, and the tile-list facts
issue 14 sourced (letter sizes, temple values, masks), read back through the engine; and the
reconstruction it replaced, still shipped as an edition that plays."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from tikal_helpers import EDITION, conservation

from meeple.engine.errors import OptionsError
from meeple.engine.registry import edition_names, shipped_edition
from meeple.engine.testing import check_random_game
from meeple.games.tikal import TikalState
from meeple.games.tikal.components import parse_edition

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


# -- the reconstruction the sourced data replaced, shipped as an edition ----------------------
RECONSTRUCTION = "reconstruction-2026"


def test_the_reconstruction_is_shipped_by_name_and_differs_from_the_builtin_data():
    assert RECONSTRUCTION in edition_names("tikal")
    data = shipped_edition("tikal", RECONSTRUCTION)
    old = parse_edition(data)
    assert [t.steps for t in old.tiles] != [t.steps for t in EDITION.tiles]
    # its letters are the ones estimated before the tile list was found: A 6, B to G 5
    assert Counter(old.tiles[t].letter for t in old.terrain) == {"A": 6} | dict.fromkeys(
        "BCDEFG", 5
    )
    with pytest.raises(OptionsError, match=RECONSTRUCTION):
        shipped_edition("tikal", "first-edition")  # the error lists what is shipped
    assert edition_names("altiplano") == ()


@pytest.mark.parametrize(("players", "auction"), [(2, False), (2, True)])
def test_the_reconstruction_plays_whole_games(players, auction):
    options = {"players": players, "auction": auction}
    options["edition"] = shipped_edition("tikal", RECONSTRUCTION)
    state = check_random_game(TikalState, options, 3, conservation)
    assert state.is_over() and state.edition != EDITION
    assert len(state.history) >= 4  # three volcano rounds and the final round
