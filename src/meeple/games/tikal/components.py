"""Tikal's components, read from data: the built-in edition or a user's own edition file.

Some figures are estimates (the stones on the hexes printed on the board) and others were until
a source turned up (the whole tile list, issue 14), so the engine knows none of them:
everything the rules count comes from an `Edition`. `load_edition` checks a file thoroughly and
names the field and the problem, because a user who types an edition by hand must be able to
find the mistake.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from meeple.engine.errors import EditionError

TILE_KINDS = ("temple", "jungle", "treasure", "volcano")
PREPRINTED_KINDS = ("base_camp", "temple", "jungle", "treasure")
SIDES = 6


@dataclasses.dataclass(frozen=True)
class TileDef:
    """One hexagonal tile: a terrain tile of the stack or a tile printed on the board."""

    id: str
    letter: str  # "" for tiles printed on the board
    kind: str  # base_camp, temple, jungle, treasure, volcano
    steps: tuple[int, ...]  # stones on each side before rotation, sides as in the data
    temple_value: int = 0
    masks: int = 0

    def rotated(self, rotation: int) -> tuple[int, ...]:
        """Stones per side after turning the tile `rotation` sides clockwise."""
        r = rotation % SIDES
        return self.steps[-r:] + self.steps[:-r] if r else self.steps


@dataclasses.dataclass(frozen=True)
class Edition:
    """Every component figure the Tikal rules need, plus lookup tables derived from them."""

    spaces: tuple[tuple[int, int], ...]  # axial (q, r) of each board space, by index
    neighbours: tuple[tuple[int, ...], ...]  # [space][side] -> space index or -1
    preprinted: tuple[tuple[int, int], ...]  # (space, tile index) printed on the board
    tiles: tuple[TileDef, ...]  # printed tiles first, then the terrain tiles
    terrain: tuple[int, ...]  # tile indices of the terrain tiles, in data order
    letters: tuple[str, ...]  # stack letters, top group first
    temple_levels: tuple[int, ...]  # [value] -> number of temple level tiles
    treasure_kinds: int
    treasure_copies: int
    treasure_points: tuple[int, ...]  # [count of one kind held] -> points (0 for 0)
    workers: int
    camps: int
    leader_weight: int
    action_points: int
    costs: Mapping[str, int]
    auction_start_score: int
    # derived: for each tile, the rotations that give distinct stone layouts, and the layouts
    distinct_rotations: tuple[tuple[int, ...], ...]
    rotated_steps: tuple[tuple[tuple[int, ...], ...], ...]  # [tile][rotation] -> steps

    # Lookup tables derived once per edition (cached on the instance: `cached_property` writes
    # to the instance's dict, which a frozen dataclass allows; they are not fields, so they take
    # no part in comparisons).
    @functools.cached_property
    def base_camp(self) -> int:
        return next(s for s, t in self.preprinted if self.tiles[t].kind == "base_camp")

    @functools.cached_property
    def tile_kinds(self) -> tuple[str, ...]:
        """[tile index] -> kind."""
        return tuple(t.kind for t in self.tiles)

    @functools.cached_property
    def tile_letters(self) -> tuple[str, ...]:
        """[tile index] -> stack letter ("" for printed tiles)."""
        return tuple(t.letter for t in self.tiles)

    @functools.cached_property
    def index_of_id(self) -> dict[str, int]:
        """Tile id -> tile index, as views name tiles (a printed tile and a terrain tile of a
        user's edition may share an id: the terrain tile, listed later, wins)."""
        return {t.id: i for i, t in enumerate(self.tiles)}

    @functools.cached_property
    def neighbour_sides(self) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """[space] -> (side, neighbour, the neighbour's touching side) for each neighbour on
        the board, sides in order."""
        return tuple(
            tuple((side, nb, (side + 3) % SIDES) for side, nb in enumerate(around) if nb >= 0)
            for around in self.neighbours
        )

    @functools.cached_property
    def stone_sides(self) -> tuple[tuple[int, ...], ...]:
        """[tile][rotation] -> bit mask of the sides with at least one stone."""
        return tuple(
            tuple(
                sum(1 << side for side, stones in enumerate(layout) if stones >= 1)
                for layout in layouts
            )
            for layouts in self.rotated_steps
        )

    @functools.cached_property
    def memo(self) -> dict[Any, Any]:
        """Results the engine memoises per edition, keyed by everything they depend on."""
        return {}

    def tile_index(self, tile_id: str) -> int:
        for index, tile in enumerate(self.tiles):
            if tile.id == tile_id:
                return index
        raise KeyError(tile_id)


_COST_KEYS = (
    "deploy_figure",
    "camp_to_camp",
    "excavate_level",
    "recover_treasure",
    "exchange_treasure",
    "build_camp",
    "place_guard",
)


def builtin_data() -> dict[str, Any]:
    """The component data shipped with Meeple (a copy of the project's rules data)."""
    text = (
        resources.files("meeple.games.tikal")
        .joinpath("data/components.json")
        .read_text(encoding="utf-8")
    )
    return json.loads(text)


@functools.cache
def builtin_edition() -> Edition:
    return parse_edition(builtin_data())


def load_edition(data: Mapping[str, Any] | None) -> Edition:
    """The built-in edition for ``None``, else the checked edition described by `data`."""
    if data is None:
        return builtin_edition()
    return parse_edition(data)


def _value(data: Mapping[str, Any], *path: str) -> Any:
    """Read a figure, unwrapping ``{"value": ..., "status": ...}`` records."""
    node: Any = data
    for depth, key in enumerate(path):
        if isinstance(node, Mapping) and key not in node and "value" in node:
            node = node["value"]
        if not isinstance(node, Mapping) or key not in node:
            raise EditionError(f"{'.'.join(path[: depth + 1])}: missing")
        node = node[key]
    if isinstance(node, Mapping) and "value" in node:
        node = node["value"]
    return node


def _int(value: Any, field: str, minimum: int = 0) -> int:
    if type(value) is not int or value < minimum:
        raise EditionError(f"{field}: must be an integer >= {minimum}, not {value!r}")
    return value


def _steps(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != SIDES:
        raise EditionError(f"{field}: must be a list of {SIDES} stone counts")
    return tuple(_int(v, f"{field}[{i}]") for i, v in enumerate(value))


def parse_edition(data: Mapping[str, Any]) -> Edition:
    """Check `data` (the structure of tikal-components.json) and build an `Edition`."""
    if not isinstance(data, Mapping):
        raise EditionError("edition: must be a JSON object")
    offsets = _parse_offsets(data)
    spaces = _parse_spaces(data)
    index_of = {space: i for i, space in enumerate(spaces)}
    neighbours = tuple(
        tuple(index_of.get((q + dq, r + dr), -1) for dq, dr in offsets) for q, r in spaces
    )

    tiles: list[TileDef] = []
    preprinted: list[tuple[int, int]] = []
    printed = _value(data, "board", "preprinted")
    if not isinstance(printed, list) or not printed:
        raise EditionError("board.preprinted: must be a non-empty list")
    for i, entry in enumerate(printed):
        field = f"board.preprinted[{i}]"
        if not isinstance(entry, Mapping):
            raise EditionError(f"{field}: must be an object")
        kind = entry.get("kind")
        if kind not in PREPRINTED_KINDS:
            raise EditionError(f"{field}.kind: must be one of {PREPRINTED_KINDS}, not {kind!r}")
        position = (
            _int(entry.get("q"), f"{field}.q", -999),
            _int(entry.get("r"), f"{field}.r", -999),
        )
        if position not in index_of:
            raise EditionError(f"{field}: ({position[0]}, {position[1]}) is not a board space")
        if any(spaces[s] == position for s, _ in preprinted):
            raise EditionError(f"{field}: a second printed tile on the same space")
        tiles.append(_tile(entry, field, f"board{i + 1}", "", kind))
        preprinted.append((index_of[position], len(tiles) - 1))
    if sum(tiles[t].kind == "base_camp" for _, t in preprinted) != 1:
        raise EditionError("board.preprinted: there must be exactly one base_camp")

    terrain_entries = _value(data, "terrain_tiles", "tiles")
    if not isinstance(terrain_entries, list) or not terrain_entries:
        raise EditionError("terrain_tiles.tiles: must be a non-empty list")
    ids: set[str] = set()
    terrain: list[int] = []
    for i, entry in enumerate(terrain_entries):
        field = f"terrain_tiles.tiles[{i}]"
        if not isinstance(entry, Mapping):
            raise EditionError(f"{field}: must be an object")
        tile_id, letter, kind = entry.get("id"), entry.get("letter"), entry.get("kind")
        if not isinstance(tile_id, str) or not tile_id or tile_id in ids:
            raise EditionError(f"{field}.id: must be a unique non-empty string, not {tile_id!r}")
        if not isinstance(letter, str) or not letter:
            raise EditionError(f"{field}.letter: must be a non-empty string")
        if kind not in TILE_KINDS:
            raise EditionError(f"{field}.kind: must be one of {TILE_KINDS}, not {kind!r}")
        ids.add(tile_id)
        tiles.append(_tile(entry, field, tile_id, letter, kind))
        terrain.append(len(tiles) - 1)
    _check_tile_counts(data, [tiles[t] for t in terrain])
    if len(terrain) + len(preprinted) > len(spaces):
        raise EditionError(
            f"board.spaces: {len(spaces)} spaces cannot hold {len(preprinted)} printed and "
            f"{len(terrain)} terrain tiles"
        )
    letters = tuple(sorted({tiles[t].letter for t in terrain}))

    levels_data = _value(data, "temple_level_tiles")
    if not isinstance(levels_data, Mapping):
        raise EditionError("temple_level_tiles: must map temple values to counts")
    levels: dict[int, int] = {}
    for key, count in levels_data.items():
        if not str(key).isdigit():
            raise EditionError(f"temple_level_tiles.{key}: the key must be a temple value")
        levels[int(key)] = _int(count, f"temple_level_tiles.{key}")
    top = max([*levels, *(t.temple_value for t in tiles)]) + 1
    temple_levels = tuple(levels.get(v, 0) for v in range(top + 1))

    kinds = _int(_value(data, "treasure_tokens", "kinds"), "treasure_tokens.kinds", 1)
    copies = _int(
        _value(data, "treasure_tokens", "copies_per_kind"), "treasure_tokens.copies_per_kind", 1
    )
    by_count = _value(data, "treasure_tokens", "score_by_count")
    if not isinstance(by_count, Mapping):
        raise EditionError("treasure_tokens.score_by_count: must map counts to points")
    points = [0]
    for count in range(1, copies + 1):
        if str(count) not in by_count:
            raise EditionError(f"treasure_tokens.score_by_count.{count}: missing")
        points.append(_int(by_count[str(count)], f"treasure_tokens.score_by_count.{count}"))

    figures = "figures_per_player"
    if _int(_value(data, figures, "leader"), f"{figures}.leader") != 1:
        raise EditionError(f"{figures}.leader: the rules know exactly one leader per player")
    costs = _value(data, "costs")
    if not isinstance(costs, Mapping):
        raise EditionError("costs: must be an object")
    cost_values = {key: _int(costs.get(key), f"costs.{key}", 1) for key in _COST_KEYS}

    distinct: list[tuple[int, ...]] = []
    rotated: list[tuple[tuple[int, ...], ...]] = []
    for tile in tiles:
        layouts = tuple(tile.rotated(r) for r in range(SIDES))
        rotated.append(layouts)
        seen: dict[tuple[int, ...], int] = {}
        for r, layout in enumerate(layouts):
            seen.setdefault(layout, r)
        distinct.append(tuple(seen.values()))

    return Edition(
        spaces=spaces,
        neighbours=neighbours,
        preprinted=tuple(preprinted),
        tiles=tuple(tiles),
        terrain=tuple(terrain),
        letters=letters,
        temple_levels=temple_levels,
        treasure_kinds=kinds,
        treasure_copies=copies,
        treasure_points=tuple(points),
        workers=_int(_value(data, figures, "workers"), f"{figures}.workers", 1),
        camps=_int(_value(data, figures, "camps"), f"{figures}.camps"),
        leader_weight=_int(
            _value(data, figures, "leader_majority_weight"), f"{figures}.leader_majority_weight", 1
        ),
        action_points=_int(_value(data, "action_points_per_turn"), "action_points_per_turn", 1),
        costs=cost_values,
        auction_start_score=_int(_value(data, "auction_start_score"), "auction_start_score"),
        distinct_rotations=tuple(distinct),
        rotated_steps=tuple(rotated),
    )


def _parse_offsets(data: Mapping[str, Any]) -> list[tuple[int, int]]:
    sides = _value(data, "hex_convention", "sides")
    offsets = _value(data, "hex_convention", "neighbour_offsets")
    if not isinstance(sides, list) or len(sides) != SIDES:
        raise EditionError(f"hex_convention.sides: must list {SIDES} side names")
    if not isinstance(offsets, Mapping):
        raise EditionError("hex_convention.neighbour_offsets: must map side names to offsets")
    result = []
    for side in sides:
        offset = offsets.get(side)
        field = f"hex_convention.neighbour_offsets.{side}"
        if not isinstance(offset, list) or len(offset) != 2:
            raise EditionError(f"{field}: must be a [dq, dr] pair")
        result.append((_int(offset[0], field, -1), _int(offset[1], field, -1)))
    for i, (dq, dr) in enumerate(result):
        if result[(i + 3) % SIDES] != (-dq, -dr):
            raise EditionError(
                f"hex_convention.neighbour_offsets: side {sides[i]} and side "
                f"{sides[(i + 3) % SIDES]} must be opposite"
            )
    return result


def _parse_spaces(data: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    raw = _value(data, "board", "spaces")
    if not isinstance(raw, list) or not raw:
        raise EditionError("board.spaces: must be a non-empty list of [q, r] pairs")
    spaces: list[tuple[int, int]] = []
    for i, pair in enumerate(raw):
        field = f"board.spaces[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise EditionError(f"{field}: must be a [q, r] pair")
        space = (_int(pair[0], field, -999), _int(pair[1], field, -999))
        if space in spaces:
            raise EditionError(f"{field}: ({space[0]}, {space[1]}) is listed twice")
        spaces.append(space)
    return tuple(spaces)


def _tile(entry: Mapping[str, Any], field: str, tile_id: str, letter: str, kind: str) -> TileDef:
    steps = _steps(entry.get("steps"), f"{field}.steps")
    temple_value = masks = 0
    if kind == "temple":
        temple_value = _int(entry.get("temple_value"), f"{field}.temple_value", 1)
    if kind == "treasure":
        masks = _int(entry.get("masks"), f"{field}.masks", 1)
    if kind == "volcano" and any(steps):
        raise EditionError(f"{field}.steps: a volcano has no stones")
    return TileDef(tile_id, letter, kind, steps, temple_value, masks)


def _check_tile_counts(data: Mapping[str, Any], terrain: list[TileDef]) -> None:
    count = _int(_value(data, "terrain_tiles", "count"), "terrain_tiles.count", 1)
    if count != len(terrain):
        raise EditionError(
            f"terrain_tiles.count: says {count} but terrain_tiles.tiles lists {len(terrain)}"
        )
    by_type = _value(data, "terrain_tiles", "by_type")
    if not isinstance(by_type, Mapping):
        raise EditionError("terrain_tiles.by_type: must map tile kinds to counts")
    for kind in TILE_KINDS:
        expected = _int(by_type.get(kind, 0), f"terrain_tiles.by_type.{kind}")
        actual = sum(tile.kind == kind for tile in terrain)
        if expected != actual:
            raise EditionError(
                f"terrain_tiles.by_type.{kind}: says {expected} but the tile list has {actual}"
            )
