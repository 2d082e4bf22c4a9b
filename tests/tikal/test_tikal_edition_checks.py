"""Each check of a Tikal edition, one malformed edition apiece: the error names the field and
says what was expected. A check that is removed lets its edition through, and its case fails."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from meeple.engine.errors import EditionError
from meeple.engine.testing import DROP, edit_at
from meeple.games.tikal.components import builtin_data, builtin_edition, parse_edition

BUILTIN = builtin_data()
TILES = BUILTIN["terrain_tiles"]["tiles"]["value"]
TREASURE = next(i for i, t in enumerate(TILES) if t["kind"] == "treasure")
TEMPLE = next(i for i, t in enumerate(TILES) if t["kind"] == "temple")
VOLCANO = next(i for i, t in enumerate(TILES) if t["kind"] == "volcano")
PRINTED_TEMPLE = next(
    i for i, t in enumerate(BUILTIN["board"]["preprinted"]["value"]) if t["kind"] == "temple"
)


def _free_space() -> int:
    """A board space with no tile printed on it."""
    printed = {(t["q"], t["r"]) for t in BUILTIN["board"]["preprinted"]["value"]}
    return next(
        i for i, (q, r) in enumerate(BUILTIN["board"]["spaces"]["value"]) if (q, r) not in printed
    )


HEX = ("hex_convention", "neighbour_offsets")
SPACES = ("board", "spaces", "value")
PRINTED = ("board", "preprinted", "value")
TERRAIN = ("terrain_tiles", "tiles", "value")
TREASURES = ("treasure_tokens", "value")
FIGURES = ("figures_per_player", "value")
CASES: list[tuple[Callable[[Any], None], str]] = [
    (edit_at(("board",), 5), "board: must be an object"),
    (edit_at(("treasure_tokens",), DROP), "treasure_tokens: is missing"),
    # the hex convention
    (edit_at(("hex_convention", "sides"), ["N", "NE"]), "hex_convention.sides: must list 6 side"),
    (edit_at(("hex_convention", "sides", 0), 0), "hex_convention.sides[0]: must be a side name"),
    (edit_at(HEX, []), "hex_convention.neighbour_offsets: must be an object mapping side names"),
    (edit_at((*HEX, "N"), [0]), "hex_convention.neighbour_offsets.N: must be a [dq, dr] pair"),
    (
        edit_at((*HEX, "N", 1), -2),
        "hex_convention.neighbour_offsets.N[1]: must be an integer >= -1",
    ),
    (edit_at((*HEX, "S"), [1, 1]), "hex_convention.neighbour_offsets: side N and side S must be"),
    # the board and the tiles printed on it
    (edit_at(SPACES, []), "board.spaces: must be a non-empty list of [q, r] pairs"),
    (edit_at((*SPACES, 0), [0]), "board.spaces[0]: must be a [q, r] pair"),
    (edit_at((*SPACES, 0, 0), "a"), "board.spaces[0][0]: must be an integer >= -999"),
    (edit_at((*SPACES, 0, 1), -1000), "board.spaces[0][1]: must be an integer >= -999"),
    (
        edit_at((*SPACES, 1), BUILTIN["board"]["spaces"]["value"][0]),
        "board.spaces[1]: (0, 0) is lis",
    ),
    (
        edit_at((*SPACES, _free_space()), DROP),
        "board.spaces: 39 spaces cannot hold 4 printed and 36",
    ),
    (edit_at(PRINTED, []), "board.preprinted: must be a non-empty list"),
    (edit_at((*PRINTED, 0), "camp"), "board.preprinted[0]: must be an object"),
    (edit_at((*PRINTED, 0, "kind"), "volcano"), "board.preprinted[0].kind: unknown printed tile"),
    (edit_at((*PRINTED, 1, "q"), DROP), "board.preprinted[1].q: is missing"),
    (edit_at((*PRINTED, 1, "q"), None), "board.preprinted[1].q: must be an integer >= -999"),
    (edit_at((*PRINTED, 1, "r"), 1.5), "board.preprinted[1].r: must be an integer >= -999"),
    (edit_at((*PRINTED, 0, "q"), 50), "board.preprinted[0]: (50, 4) is not a board space"),
    (
        edit_at((*PRINTED, 1, "r"), 4),
        "board.preprinted[1]: a second printed tile on the same space",
    ),
    (
        edit_at((*PRINTED, 0, "kind"), "jungle"),
        "board.preprinted: there must be exactly one base_c",
    ),
    (
        edit_at((*PRINTED, PRINTED_TEMPLE, "temple_value"), 0),
        f"board.preprinted[{PRINTED_TEMPLE}].temple_value: must be an integer >= 1",
    ),
    # the terrain tiles
    (edit_at(TERRAIN, []), "terrain_tiles.tiles: must be a non-empty list"),
    (edit_at((*TERRAIN, 0, "id"), DROP), "terrain_tiles.tiles[0].id: is missing"),
    (
        edit_at((*TERRAIN, 1, "id"), TILES[0]["id"]),
        "terrain_tiles.tiles[1].id: tile 'A1' is repeated",
    ),
    (edit_at((*TERRAIN, 0, "letter"), ""), "terrain_tiles.tiles[0].letter: must be a non-empty"),
    (
        edit_at((*TERRAIN, 3, "kind"), "castle"),
        "terrain_tiles.tiles[3].kind: unknown tile kind 'castle'",
    ),
    (edit_at((*TERRAIN, 0, "steps"), [1, 2]), "terrain_tiles.tiles[0].steps: must be a list of 6"),
    (edit_at((*TERRAIN, 0, "steps", 2), -1), "terrain_tiles.tiles[0].steps[2]: must be a non-neg"),
    (
        edit_at((*TERRAIN, TEMPLE, "temple_value"), DROP),
        f"terrain_tiles.tiles[{TEMPLE}].temple_value: is missing",
    ),
    (
        edit_at((*TERRAIN, TREASURE, "masks"), 0),
        f"terrain_tiles.tiles[{TREASURE}].masks: must be an integer >= 1",
    ),
    (
        edit_at((*TERRAIN, VOLCANO, "steps"), [1, 0, 0, 0, 0, 0]),
        f"terrain_tiles.tiles[{VOLCANO}].steps: a volcano has no stones",
    ),
    (
        edit_at(("terrain_tiles", "count", "value"), 0),
        "terrain_tiles.count: must be an integer >= 1",
    ),
    (
        edit_at(("terrain_tiles", "count", "value"), 35),
        "terrain_tiles.count: says 35 but terrain_t",
    ),
    (
        edit_at(("terrain_tiles", "by_type", "value"), 36),
        "terrain_tiles.by_type: must be an object",
    ),
    (
        edit_at(("terrain_tiles", "by_type", "value", "jungle"), "10"),
        "terrain_tiles.by_type.jungle: must be a non-negative integer",
    ),
    (
        edit_at(("terrain_tiles", "by_type", "value", "temple"), 14),
        "terrain_tiles.by_type.temple: says 14 but the tile list has 15",
    ),
    # temple levels, treasures, figures, action points and costs
    (
        edit_at(("temple_level_tiles", "value"), [3]),
        "temple_level_tiles: must be an object mapping",
    ),
    (
        edit_at(("temple_level_tiles", "value", "x"), 1),
        "temple_level_tiles.x: the key must be a temp",
    ),
    (
        edit_at(("temple_level_tiles", "value", "²"), 1),
        "temple_level_tiles.²: the key must be a tem",
    ),
    (
        edit_at(("temple_level_tiles", "value", "4"), -1),
        "temple_level_tiles.4: must be a non-negative",
    ),
    (edit_at((*TREASURES, "kinds"), 0), "treasure_tokens.kinds: must be an integer >= 1"),
    (
        edit_at((*TREASURES, "copies_per_kind"), 0),
        "treasure_tokens.copies_per_kind: must be an int",
    ),
    (
        edit_at((*TREASURES, "score_by_count"), [1, 3, 6]),
        "treasure_tokens.score_by_count: must be an object mapping counts to points",
    ),
    (
        edit_at((*TREASURES, "score_by_count", "3"), DROP),
        "treasure_tokens.score_by_count.3: is missing",
    ),
    (
        edit_at((*TREASURES, "score_by_count", "2"), -3),
        "treasure_tokens.score_by_count.2: must be a non-negative integer",
    ),
    (
        edit_at((*FIGURES, "leader"), 2),
        "figures_per_player.leader: the rules know exactly one leader",
    ),
    (edit_at((*FIGURES, "workers"), 0), "figures_per_player.workers: must be an integer >= 1"),
    (edit_at((*FIGURES, "camps"), -1), "figures_per_player.camps: must be a non-negative integer"),
    (
        edit_at((*FIGURES, "leader_majority_weight"), 0),
        "figures_per_player.leader_majority_weight: must be an integer >= 1",
    ),
    (
        edit_at(("action_points_per_turn", "value"), 0),
        "action_points_per_turn: must be an integer >= 1",
    ),
    (edit_at(("auction_start_score", "value"), -1), "auction_start_score: must be a non-negative"),
    (edit_at(("costs", "value"), []), "costs: must be an object"),
    (edit_at(("costs", "value", "build_camp"), DROP), "costs.build_camp: is missing"),
    (
        edit_at(("costs", "value", "deploy_figure"), 0),
        "costs.deploy_figure: must be an integer >= 1",
    ),
]


@pytest.mark.parametrize(("edit", "message"), CASES, ids=[message for _, message in CASES])
def test_each_check_names_the_field(edit: Callable[[Any], None], message: str) -> None:
    data = copy.deepcopy(BUILTIN)
    edit(data)
    with pytest.raises(EditionError) as info:
        parse_edition(data)
    assert message in str(info.value)


def test_an_edition_that_is_not_an_object() -> None:
    with pytest.raises(EditionError, match="edition: must be a JSON object"):
        parse_edition([])  # type: ignore[arg-type]


def test_a_figure_may_be_a_bare_value_or_a_record() -> None:
    data = copy.deepcopy(BUILTIN)
    data["action_points_per_turn"] = 10
    data["treasure_tokens"] = data["treasure_tokens"]["value"]
    assert parse_edition(data) == builtin_edition()
