"""The fields of Altiplano's state data, declared once with their types and meanings.

The state stays plain JSON data (dicts, lists, ints, strings) because that is what is saved,
viewed and copied fast; these declarations give that data its shape, so mypy checks every key
read and written, `schema` checks which keys saved data has, and `state_data` copies each field
by its kind. Names (goods, locations, cards) are the edition's ids (see `components`).
"""

from __future__ import annotations

import types
from typing import (
    Any,
    Literal,
    TypedDict,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

#: A kind of goods tile by id (``"fish"``, ``"corn"``, …); coins are not goods.
Good = str
#: A location of the circle by id (``"forest"``, ``"market"``, …).
Location = str
#: A player's position at the table, 0 being the first seat.
Seat = int
#: An extension card by id.
Extension = str
#: An order card by id.
Order = str
#: A mission card by id.
Mission = str
#: A role card by id.
Role = str
#: A multiset of goods (or of goods and coins): how many of each, absent when none.
Counts = dict[str, int]
#: Where a goods tile was placed during planning: ``[target field, good]``.
Placement = list[str]
#: Where a player's mission card went: ``[seat, or -1 for the box, mission]`` (a JSON pair).
Passage = list[int | str]
#: The phases of a round, in order, and ``"over"`` once the game has ended.
Phase = Literal["roles", "missions", "draw", "plan", "actions", "final", "over"]
#: How far the active player is in a turn of the actions phase.
Stage = Literal["before", "moved", "after"]
#: The step of a planning tile swap after the draw (ALT-7; ``""`` when none is under way).
Swap = Literal["", "choose", "refill"]


class Turn(TypedDict):
    """Whose turn of the actions phase it is and how far it has come."""

    #: The active seat.
    seat: Seat
    #: Before moving, after moving, or after acting.
    stage: Stage
    #: The action that may go on after the last one (a repeatable action's key), or None.
    cont: str | None


class OrderInHand(TypedDict):
    """The order card a player is filling."""

    #: The order card.
    id: Order
    #: The goods delivered onto it so far.
    delivered: list[Good]


class Player(TypedDict):
    """One player's data: board, bag, container, warehouse, cards and this round's progress."""

    #: The player's role card, None until roles are given.
    role: Role | None
    #: Coins held.
    coins: int
    #: Where the figure stands, None before it is placed this round.
    figure: Location | None
    #: Road spaces built.
    road: int
    #: Goods on the planning board.
    planning: Counts
    #: Goods placed on each location's field of the player board, by location.
    fields: dict[Location, list[Good]]
    #: Goods and coins placed on the role card's fields.
    role_fields: Counts
    #: Extensions bought, in order.
    ext: list[Extension]
    #: Goods and coins placed on each extension's fields, by extension.
    ext_fields: dict[Extension, Counts]
    #: The tile on each extension's wildcard field, by extension (None while it is empty).
    wild: dict[Extension, Good | None]
    #: The movement fields: the good or coin on each, or None.
    move: list[str | None]
    #: Which movement fields have a cart.
    carts: list[bool]
    #: Whether the top cart's journey (the move ``via -1``) has been made this round.
    top_used: bool
    #: Whether a cart has been bought this round.
    bought_cart: bool
    #: Whether an extension has been bought this round.
    bought_ext: bool
    #: The placements made in this planning phase, so they can be taken back.
    placed_now: list[Placement]
    #: Goods in the bag (hidden from the other seats; its size is public).
    bag: Counts
    #: Goods in the container (hidden from the other seats; its size is public).
    container: Counts
    #: The warehouse rows, each a list of the goods stored there.
    warehouse: list[list[Good]]
    #: The order card being filled, or None.
    order: OrderInHand | None
    #: Order cards completed.
    orders_done: list[Order]
    #: House cards bought.
    houses: list[str]
    #: Boat cards bought.
    boats: list[str]
    #: Corn kept aside to be stored later by a store action (a count).
    buffer: int
    #: Corn received that must be stored or put aside before anything else.
    pending_corn: int
    #: Mission cards kept (secret unless revealed).
    missions: list[Mission]
    #: Mission cards revealed as achieved.
    revealed: list[Mission]
    #: Mission cards in hand during the draft.
    hand: list[Mission]
    #: Every mission card this player has seen.
    seen: list[Mission]
    #: How far this player's mission draft has come (0 to 3).
    draft: int
    #: The two cards this player passes on in the draft, until every seat has chosen.
    gift: list[Mission]
    #: Where this player's mission cards went.
    gave: list[Passage]
    #: The step of the planning tile swap under way, if any.
    swap: Swap
    #: Goods drawn for the final storage and not yet stored.
    final: Counts
    #: Whether the final draw has been made.
    final_drawn: bool


class Table(TypedDict):
    """The whole state: the shared table, the round and turn, and every player's data."""

    #: The game's seed, from which every draw derives.
    seed: int
    #: Changed by `shuffle_hidden`, so that the draws to come change with it.
    salt: int
    #: Hidden things revealed so far (drawn tiles, turned-up extensions); it seeds each draw.
    reveals: int
    #: The round, from 1.
    round: int
    #: The phase of the round.
    phase: Phase
    #: The start player of this round.
    start: Seat
    #: The locations in circle order.
    circle: list[Location]
    #: Goods in the general supply.
    supply: Counts
    #: Goods in the box, out of the game until they come into the supply.
    box: Counts
    #: House cards on offer.
    houses: list[str]
    #: Boat cards on offer.
    boats: list[str]
    #: Carts left in the village.
    carts: int
    #: Order cards on offer.
    orders: list[Order]
    #: Order cards out of the game.
    orders_box: list[Order]
    #: The extension stack; the top is the list's end.
    stack: list[Extension]
    #: The extension strip, one slot per surcharge (None when a slot is empty).
    strip: list[Extension | None]
    #: Extensions discarded into the box.
    ext_box: list[Extension]
    #: Extensions out of the game for this player count.
    ext_out: list[Extension]
    #: Whether an extension has been bought this round (else the strip's bottom card goes).
    ext_bought: bool
    #: Roles not yet taken.
    roles_free: list[Role]
    #: The seat drafting a role, or -1.
    drafter: int
    #: Undealt mission cards.
    mission_deck: list[Mission]
    #: Mission cards out of the game.
    missions_box: list[Mission]
    #: The first seat to reach each event that a mission counts, by event.
    firsts: dict[str, Seat]
    #: The last round, once the end has been triggered; None before.
    end_round: int | None
    #: The turn of the actions phase.
    turn: Turn
    #: Which seats have passed this round.
    passed: list[bool]
    #: Which seats are done with the current phase (draw, plan, final storage).
    ready: list[bool]
    #: Every player's data, by seat.
    players: list[Player]


TABLE_FIELDS = frozenset(get_type_hints(Table))
PLAYER_FIELDS = frozenset(get_type_hints(Player))


def _is_scalar(declared: Any) -> bool:
    """Whether values of the `declared` type are immutable (shared safely between copies)."""
    if get_origin(declared) in (Union, types.UnionType):
        return all(_is_scalar(option) for option in get_args(declared))
    return get_origin(declared) is Literal or declared in (int, str, bool, type(None))


def flat_lists(record: Any) -> tuple[str, ...]:
    """The fields of a TypedDict that hold lists of immutable values (copied with ``[:]``)."""
    return tuple(
        name
        for name, declared in get_type_hints(record).items()
        if get_origin(declared) is list and _is_scalar(get_args(declared)[0])
    )


def flat_dicts(record: Any) -> tuple[str, ...]:
    """The fields of a TypedDict that hold dicts of immutable values (copied with ``.copy()``)."""
    result = []
    for name, declared in get_type_hints(record).items():
        if get_origin(declared) is dict:
            values = [get_args(declared)[1]]
        elif is_typeddict(declared):
            values = list(get_type_hints(declared).values())
        else:
            continue
        if all(_is_scalar(value) for value in values):
            result.append(name)
    return tuple(result)
