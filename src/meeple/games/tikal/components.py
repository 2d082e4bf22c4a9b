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
from typing import Any, NamedTuple

from meeple.engine import datacheck as check
from meeple.engine.words import say, say_n, term

TILE_KINDS = ("temple", "jungle", "treasure", "volcano")
PREPRINTED_KINDS = ("base_camp", "temple", "jungle", "treasure")
SIDES = 6
#: What the checked fields name, for the refusals of `check.one_of` and `check.new_id`.
_PRINTED_TILE = term("edition entry", "printed tile")
_TILE_KIND = term("edition entry", "tile kind")
_TILE = term("edition entry", "tile")


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

    @functools.cached_property
    def labels(self) -> dict[Any, Any]:
        """The action labels made from this edition (`narration.describe`), keyed by the
        action and what else of the state each reads: kept apart from `memo`, whose paths
        search must not lose to labels."""
        return {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its figures only: the lookup tables and the engine's
        memo are this process's, rebuilt where the copy lands, so a copy's size never depends
        on what was played before. The built-in edition comes back as that process's own
        instance, which every state of it shares."""
        if self is builtin_edition():
            return (builtin_edition, ())
        return (Edition, tuple(getattr(self, f.name) for f in dataclasses.fields(self)))

    @functools.cached_property
    def _tile_indexes(self) -> dict[str, int]:
        return {tile.id: index for index, tile in enumerate(self.tiles)}

    def tile_index(self, tile_id: str) -> int:
        """Where the tile of `tile_id` is in `tiles` (the labels and log lines name tiles by
        id, a look-up for each: a dict, not a search). Raises `KeyError` for no such tile."""
        return self._tile_indexes[tile_id]


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
    data: dict[str, Any] = json.loads(text)
    return data


@functools.cache
def builtin_edition() -> Edition:
    return parse_edition(builtin_data())


def load_edition(data: Mapping[str, Any] | None) -> Edition:
    """The built-in edition for ``None``, else the checked edition described by `data`."""
    if data is None:
        return builtin_edition()
    return parse_edition(data)


def parse_edition(data: Mapping[str, Any]) -> Edition:
    """Check `data` (the structure of tikal-components.json) and build an `Edition`."""
    if not isinstance(data, Mapping):
        raise check.fail("", say("must be a JSON object"))
    offsets = _neighbour_offsets(data)
    spaces = _board_spaces(data)
    printed, preprinted = _preprinted_tiles(data, spaces)
    terrain = _terrain_tiles(data)
    _check_tile_counts(data, terrain)
    _check_board_room(spaces, printed, terrain)
    tiles = (*printed, *terrain)
    treasures = _treasure_tokens(data)
    figures = _figures_per_player(data)
    rotated = tuple(tuple(tile.rotated(r) for r in range(SIDES)) for tile in tiles)
    return Edition(
        spaces=spaces,
        neighbours=_neighbours(spaces, offsets),
        preprinted=preprinted,
        tiles=tiles,
        terrain=tuple(range(len(printed), len(tiles))),
        letters=tuple(sorted({tile.letter for tile in terrain})),
        temple_levels=_temple_levels(data, tiles),
        treasure_kinds=treasures.kinds,
        treasure_copies=treasures.copies,
        treasure_points=treasures.points,
        workers=figures.workers,
        camps=figures.camps,
        leader_weight=figures.leader_weight,
        action_points=_int_figure(data, "action_points_per_turn", 1),
        costs=_costs(data),
        auction_start_score=_int_figure(data, "auction_start_score"),
        distinct_rotations=tuple(_distinct_rotations(layouts) for layouts in rotated),
        rotated_steps=rotated,
    )


# -- the edition checks: one small function per part of the edition --------------------------

#: The smallest board coordinate an edition may use (a bound on typing mistakes, not a rule).
_COORDINATE_MIN = -999


class _Treasures(NamedTuple):
    """The ``treasure_tokens`` figures: points by how many of one kind a player holds."""

    kinds: int
    copies: int
    points: tuple[int, ...]  # [count] -> points, 0 for 0


class _Figures(NamedTuple):
    """The ``figures_per_player`` besides the one leader."""

    workers: int
    camps: int
    leader_weight: int


def _figure(data: Mapping[str, Any], path: str) -> Any:
    """The figure at the dotted `path`, unwrapping ``{"value": ..., "status": ...}`` records
    on the way (a record's own keys win over its value's)."""
    keys = path.split(".")
    node: Any = data
    for depth, key in enumerate(keys):
        if check.is_object(node) and key not in node and "value" in node:
            node = node["value"]
        node = check.field(node, key, ".".join(keys[:depth]))
    if check.is_object(node) and "value" in node:
        node = node["value"]
    return node


def _int_figure(data: Mapping[str, Any], path: str, minimum: int = 0) -> int:
    return check.integer(_figure(data, path), path, minimum)


def _pair(value: Any, path: str, names: str, minimum: int) -> tuple[int, int]:
    """Two integers such as ``[q, r]`` (`names`)."""
    if not isinstance(value, list) or len(value) != 2:
        raise check.fail(path, say("must be a {names} pair", names=names))
    first, second = check.integers(value, path, minimum)
    return first, second


def _neighbour_offsets(data: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The (dq, dr) step across each side, sides in the order of ``hex_convention.sides``."""
    sides = _figure(data, "hex_convention.sides")
    path = "hex_convention.neighbour_offsets"
    offsets = check.mapping(
        _figure(data, path), path, say("must be an object mapping side names to offsets")
    )
    if not isinstance(sides, list) or len(sides) != SIDES:
        raise check.fail(
            "hex_convention.sides",
            say_n("must list {n} side name", "must list {n} side names", n=SIDES),
        )
    result = []
    for i, side in enumerate(sides):
        if not isinstance(side, str):
            raise check.fail(f"hex_convention.sides[{i}]", say("must be a side name (a string)"))
        result.append(_pair(offsets.get(side), f"{path}.{side}", "[dq, dr]", -1))
    for i, (dq, dr) in enumerate(result):
        if result[(i + 3) % SIDES] != (-dq, -dr):
            opposite = sides[(i + 3) % SIDES]
            raise check.fail(
                path,
                say(
                    "side {side} and side {opposite} must be opposite",
                    side=sides[i],
                    opposite=opposite,
                ),
            )
    return result


def _board_spaces(data: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    raw = _figure(data, "board.spaces")
    if not isinstance(raw, list) or not raw:
        raise check.fail("board.spaces", say("must be a non-empty list of [q, r] pairs"))
    spaces: list[tuple[int, int]] = []
    for i, pair in enumerate(raw):
        space = _pair(pair, f"board.spaces[{i}]", "[q, r]", _COORDINATE_MIN)
        if space in spaces:
            raise check.fail(
                f"board.spaces[{i}]", say("({q}, {r}) is listed twice", q=space[0], r=space[1])
            )
        spaces.append(space)
    return tuple(spaces)


def _neighbours(
    spaces: tuple[tuple[int, int], ...], offsets: list[tuple[int, int]]
) -> tuple[tuple[int, ...], ...]:
    index_of = {space: i for i, space in enumerate(spaces)}
    return tuple(tuple(index_of.get((q + dq, r + dr), -1) for dq, dr in offsets) for q, r in spaces)


def _preprinted_tiles(
    data: Mapping[str, Any], spaces: tuple[tuple[int, int], ...]
) -> tuple[tuple[TileDef, ...], tuple[tuple[int, int], ...]]:
    """The tiles printed on the board, and (space, tile index) for each; one is the base camp."""
    index_of = {space: i for i, space in enumerate(spaces)}
    tiles: list[TileDef] = []
    placed: dict[int, int] = {}  # space -> tile index
    entries = check.array(_figure(data, "board.preprinted"), "board.preprinted", non_empty=True)
    for i, entry in enumerate(entries):
        path = f"board.preprinted[{i}]"
        kind = check.one_of(
            check.field(entry, "kind", path), f"{path}.kind", PREPRINTED_KINDS, _PRINTED_TILE
        )
        q = check.integer(check.field(entry, "q", path), f"{path}.q", _COORDINATE_MIN)
        r = check.integer(check.field(entry, "r", path), f"{path}.r", _COORDINATE_MIN)
        if (q, r) not in index_of:
            raise check.fail(path, say("({q}, {r}) is not a board space", q=q, r=r))
        if index_of[q, r] in placed:
            raise check.fail(path, say("a second printed tile on the same space"))
        tiles.append(_tile(entry, path, f"board{i + 1}", "", kind))
        placed[index_of[q, r]] = i
    if sum(tile.kind == "base_camp" for tile in tiles) != 1:
        raise check.fail(
            "board.preprinted", say("there must be exactly one {kind}", kind="base_camp")
        )
    return tuple(tiles), tuple(placed.items())


def _terrain_tiles(data: Mapping[str, Any]) -> tuple[TileDef, ...]:
    """The tiles of the stack, in data order; ids are unique."""
    entries = _figure(data, "terrain_tiles.tiles")
    tiles: dict[str, TileDef] = {}
    for i, entry in enumerate(check.array(entries, "terrain_tiles.tiles", non_empty=True)):
        path = f"terrain_tiles.tiles[{i}]"
        tile_id = check.new_id(check.field(entry, "id", path), f"{path}.id", tiles, _TILE)
        letter = check.text(check.field(entry, "letter", path), f"{path}.letter")
        kind = check.one_of(
            check.field(entry, "kind", path), f"{path}.kind", TILE_KINDS, _TILE_KIND
        )
        tiles[tile_id] = _tile(entry, path, tile_id, letter, kind)
    return tuple(tiles.values())


def _tile(entry: Mapping[str, Any], path: str, tile_id: str, letter: str, kind: str) -> TileDef:
    """One tile's stones per side, and a temple's value or a treasure tile's masks."""
    steps = _steps(check.field(entry, "steps", path), f"{path}.steps")
    temple_value = masks = 0
    if kind == "temple":
        temple_value = check.integer(
            check.field(entry, "temple_value", path), f"{path}.temple_value", 1
        )
    if kind == "treasure":
        masks = check.integer(check.field(entry, "masks", path), f"{path}.masks", 1)
    if kind == "volcano" and any(steps):
        raise check.fail(f"{path}.steps", say("a volcano has no stones"))
    return TileDef(tile_id, letter, kind, steps, temple_value, masks)


def _steps(value: Any, path: str) -> tuple[int, ...]:
    listed = type(value) is list or (isinstance(value, Sequence) and not isinstance(value, str))
    if not listed or len(value) != SIDES:
        raise check.fail(
            path,
            say_n(
                "must be a list of {n} stone count", "must be a list of {n} stone counts", n=SIDES
            ),
        )
    return check.integers(value, path)


def _check_tile_counts(data: Mapping[str, Any], terrain: tuple[TileDef, ...]) -> None:
    """The stated count of terrain tiles, in all and per kind, must match the tile list."""
    count = _int_figure(data, "terrain_tiles.count", 1)
    if count != len(terrain):
        raise check.fail(
            "terrain_tiles.count",
            say(
                "says {count} but {tiles} lists {listed}",
                count=count,
                tiles="terrain_tiles.tiles",
                listed=len(terrain),
            ),
        )
    path = "terrain_tiles.by_type"
    by_type = check.mapping(
        _figure(data, path), path, say("must be an object mapping tile kinds to counts")
    )
    for kind in TILE_KINDS:
        expected = check.integer(by_type.get(kind, 0), f"{path}.{kind}")
        actual = sum(tile.kind == kind for tile in terrain)
        if expected != actual:
            raise check.fail(
                f"{path}.{kind}",
                say(
                    "says {expected} but the tile list has {actual}",
                    expected=expected,
                    actual=actual,
                ),
            )


def _check_board_room(
    spaces: tuple[tuple[int, int], ...], printed: tuple[TileDef, ...], terrain: tuple[TileDef, ...]
) -> None:
    if len(terrain) + len(printed) > len(spaces):
        raise check.fail(
            "board.spaces",
            say(
                "{spaces} spaces cannot hold {printed} printed and {terrain} terrain tiles",
                spaces=len(spaces),
                printed=len(printed),
                terrain=len(terrain),
            ),
        )


def _temple_levels(data: Mapping[str, Any], tiles: tuple[TileDef, ...]) -> tuple[int, ...]:
    """[temple value] -> level tiles, up to one above the highest value of a tile or a level."""
    path = "temple_level_tiles"
    counts = check.mapping(
        _figure(data, path), path, say("must be an object mapping temple values to counts")
    )
    levels: dict[int, int] = {}
    for key, count in counts.items():
        if not str(key).isdecimal():
            raise check.fail(f"{path}.{key}", say("the key must be a temple value"))
        levels[int(key)] = check.integer(count, f"{path}.{key}")
    top = max([*levels, *(tile.temple_value for tile in tiles)]) + 1
    return tuple(levels.get(value, 0) for value in range(top + 1))


def _treasure_tokens(data: Mapping[str, Any]) -> _Treasures:
    kinds = _int_figure(data, "treasure_tokens.kinds", 1)
    copies = _int_figure(data, "treasure_tokens.copies_per_kind", 1)
    path = "treasure_tokens.score_by_count"
    by_count = check.mapping(
        _figure(data, path), path, say("must be an object mapping counts to points")
    )
    points = [0] + [
        check.integer(check.field(by_count, str(count), path), f"{path}.{count}")
        for count in range(1, copies + 1)
    ]
    return _Treasures(kinds, copies, tuple(points))


def _figures_per_player(data: Mapping[str, Any]) -> _Figures:
    path = "figures_per_player"
    if _int_figure(data, f"{path}.leader") != 1:
        raise check.fail(f"{path}.leader", say("the rules know exactly one leader per player"))
    return _Figures(
        workers=_int_figure(data, f"{path}.workers", 1),
        camps=_int_figure(data, f"{path}.camps"),
        leader_weight=_int_figure(data, f"{path}.leader_majority_weight", 1),
    )


def _costs(data: Mapping[str, Any]) -> dict[str, int]:
    """Action point costs of the actions (`_COST_KEYS`), each at least 1."""
    costs = _figure(data, "costs")
    return {
        key: check.integer(check.field(costs, key, "costs"), f"costs.{key}", 1)
        for key in _COST_KEYS
    }


def _distinct_rotations(layouts: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The rotations that give distinct stone layouts: the first of each layout."""
    first: dict[tuple[int, ...], int] = {}
    for rotation, layout in enumerate(layouts):
        first.setdefault(layout, rotation)
    return tuple(first.values())
