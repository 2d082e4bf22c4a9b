"""Tiles and placement: the setup of the stack and the tokens (TIK-1), where a tile may go
(TIK-2), and laying it, with a treasure tile's tokens (TIK-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.errors import IllegalAction
from meeple.engine.rng import derive_rng
from meeple.engine.words import say
from meeple.games.tikal.action_points import check_space, start_act
from meeple.games.tikal.actions import PlaceTile
from meeple.games.tikal.components import SIDES
from meeple.games.tikal.interned import Numbered
from meeple.games.tikal.layout import NO_TILE, Seat, TileIndex

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState

_PLACE_TILE = Numbered(lambda number: PlaceTile(*divmod(number, SIDES)))
#: What a placement changes besides the placed space's tile, rotation, temple value and tokens
#: (`TikalState.tile_placed`; tests/tikal/test_tikal_stamps.py checks it at every step).
PLACEMENT_CHANGES = (
    "hand",
    "last_placer",
    "step",
    "ap",
    "turn_excavated",
    "turn_recovered",
    "token_supply",
)
"""Placing the tile in hand, numbered space × `SIDES` + rotation."""


def set_up(state: TikalState) -> None:
    """TIK-1: the stack by letter, A on top, each letter shuffled; the tokens shuffled; the
    tiles printed on the board laid."""
    edition = state.edition
    rng = derive_rng(state.seed, "setup")
    stack: list[TileIndex] = []
    for letter in edition.letters:
        group = [t for t in edition.terrain if edition.tiles[t].letter == letter]
        rng.shuffle(group)
        stack.extend(group)
    state.stack = stack[::-1]  # the top of the stack is the end of the list
    tokens = [k for k in range(edition.treasure_kinds) for _ in range(edition.treasure_copies)]
    rng.shuffle(tokens)
    state.token_supply = tokens
    for space, tile in edition.preprinted:
        put_tile(state, space, tile, 0)


def placements(state: TikalState, tile: int) -> tuple[PlaceTile, ...]:
    """Where `tile` may go (TIK-2), one action per distinct layout, in board order: kept
    with the `Paths` of the board's layout, so memoised per edition by layout as those are
    (search reaches the same layouts again and again), and found without a key made of
    the whole layout."""
    extra = state.paths().extra
    key = ("placements", tile)
    known: tuple[PlaceTile, ...] | None = extra.get(key)
    if known is None:
        known = extra[key] = compute_placements(state, tile)
    return known


def compute_placements(state: TikalState, tile: int) -> tuple[PlaceTile, ...]:
    """TIK-2: a tile goes on an empty space next to a placed tile (the layout's
    `Paths.frontier`); a non-volcano tile also needs, on some side facing a non-volcano
    tile, a stone on one of the two sides."""
    ed = state.edition
    tile_at, rotation, kinds = state.tile_at, state.rotation, state.tile_kinds
    rotated, sides = ed.rotated_steps, ed.neighbour_sides
    rotations = ed.distinct_rotations[tile]
    stones = ed.stone_sides[tile]  # [rotation] -> sides of `tile` with a stone
    volcano = kinds[tile] == "volcano"
    result: list[PlaceTile] = []
    for space in state.paths().frontier:
        passage = False
        facing = 0  # sides facing a non-volcano tile without a stone on its side
        for side, nb, opposite in sides[space]:
            there = tile_at[nb]
            if there == NO_TILE or kinds[there] == "volcano":
                continue
            if rotated[there][rotation[nb]][opposite] >= 1:
                passage = True  # a stone on the neighbour's side: every rotation fits
                break
            facing |= 1 << side
        first = space * SIDES
        for rot in rotations:
            if volcano or passage or stones[rot] & facing:
                result.append(_PLACE_TILE.at(first + rot))
    return tuple(result)


def put_tile(state: TikalState, space: int, tile: int, rotation: int) -> None:
    """Lay `tile` on `space`: a temple shows its value, a treasure tile gets its tokens."""
    definition = state.edition.tiles[tile]
    state.tile_at[space] = tile
    state.rotation[space] = rotation
    state.note_placed(space)
    if definition.kind == "temple":
        state.temple_top[space] = definition.temple_value
    if definition.kind == "treasure":
        # TIK-3: one face-down token per mask, fewer if the tokens run out.
        count = min(definition.masks, len(state.token_supply))
        if count:
            taken = state.token_supply[-count:]
            del state.token_supply[-count:]
            state.tokens[space] = taken


def do_place(state: TikalState, seat: Seat, action: PlaceTile) -> None:
    check_space(state, action.space)
    if not 0 <= action.rotation < SIDES:
        raise IllegalAction("TIK-2", say("rotation must be 0 to {last}", last=SIDES - 1))
    tile = state.hand
    layout = state.edition.rotated_steps[tile][action.rotation]
    canonical = next(
        r
        for r in state.edition.distinct_rotations[tile]
        if state.edition.rotated_steps[tile][r] == layout
    )
    allowed = _PLACE_TILE.at(action.space * SIDES + canonical)
    # The table's instance is found by identity (a C loop, compiled); should a placement
    # ever not be the table's (a copy from elsewhere), by value: never by identity alone.
    known = placements(state, tile)
    if not any(p is allowed for p in known) and allowed not in known:
        if state.tile_at[action.space] != NO_TILE:
            raise IllegalAction("TIK-2", say("that space already holds a tile"))
        raise IllegalAction(
            "TIK-2",
            say(
                "a tile must touch a placed tile, and a non-volcano tile needs a path of "
                "stones to a non-volcano neighbour"
            ),
        )
    put_tile(state, action.space, tile, canonical)
    state.hand = NO_TILE
    state.last_placer = seat
    start_act(state)
    state.tile_placed = (state.stamp, action.space)
