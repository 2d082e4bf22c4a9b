"""What a player's role and extensions make of the board: fields per location, the tiles they
take (ALT-8), the role's and extensions' actions; derived once per role and set of extensions.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, TypeVar

from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.listed import place
from meeple.games.altiplano.orders import market_order_goods

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


@dataclasses.dataclass(frozen=True)
class Outfit:
    """What a player's role and extensions make of the board, derived once per role and set of
    extensions (they change a few times a game; planning reads this at every step)."""

    #: (location, its field name, fields there, tiles they take) in the circle's data order;
    #: the market's tiles leave out the order goods (`orders.market_order_goods`).
    locations: tuple[tuple[str, str, int, frozenset[str]], ...]
    #: The placing of each tile a location's fields take, by location and tile (the market's
    #: order goods aside, as above).
    places: dict[str, dict[str, A.Place]]
    #: Fields per location (`field_capacity`).
    capacity: dict[str, int]
    #: Tiles each location's fields take, the market's without the order goods.
    inputs: dict[str, frozenset[str]]
    #: Role and extension conversions by field name (`conversions`).
    conversions: tuple[tuple[str, C.Conversion], ...]
    #: The same, grouped by location.
    by_location: dict[str, tuple[tuple[str, C.Conversion], ...]]
    #: Identities of the player's extensions.
    identities: frozenset[str]


def outfit_of(st: AltiplanoState, p: Player) -> Outfit:
    """The player's `Outfit`, memoised per role and extensions."""
    key = ("outfit", p["role"], tuple(p["ext"]))
    outfit: Outfit | None = st.comps.memo.get(key)
    if outfit is None:
        outfit = _remember(st.comps.memo, key, _make_outfit(st, p))
    return outfit


def _make_outfit(st: AltiplanoState, p: Player) -> Outfit:
    comps = st.comps
    identities = frozenset(comps.extensions[e].identity for e in p["ext"])
    capacity = dict(comps.action_fields)
    if "village_fields" in identities:
        capacity["village"] += C.SPECIAL_EXTENSIONS["village_fields"]["fields"]
    conversions = [("role", comps.roles[p["role"]].conversion)] if p["role"] else []
    for eid in p["ext"]:
        conv = comps.extensions[eid].conversion
        if conv is not None:
            conversions.append((f"ext:{eid}", conv))
    grouped: dict[str, list[tuple[str, C.Conversion]]] = {}
    for field, conv in conversions:
        grouped.setdefault(conv.location, []).append((field, conv))
    inputs = _location_inputs_table(st, conversions)
    return Outfit(
        locations=tuple((loc, f"loc:{loc}", capacity[loc], inputs[loc]) for loc in comps.locations),
        places={
            loc: {good: place(f"loc:{loc}", good) for good in sorted(inputs[loc])}
            for loc in comps.locations
        },
        capacity=capacity,
        inputs=inputs,
        conversions=tuple(conversions),
        by_location={loc: tuple(g) for loc, g in grouped.items()},
        identities=identities,
    )


def field_capacity(st: AltiplanoState, p: Player, loc: str) -> int:
    return outfit_of(st, p).capacity[loc]


def has(st: AltiplanoState, p: Player, identity: str) -> bool:
    return identity in outfit_of(st, p).identities


def conversions(st: AltiplanoState, p: Player) -> list[tuple[str, C.Conversion]]:
    """Role and extension conversions of a player, keyed by their field name."""
    return list(outfit_of(st, p).conversions)


def conversions_by_location(
    st: AltiplanoState, p: Player
) -> dict[str, tuple[tuple[str, C.Conversion], ...]]:
    """`conversions` grouped by location, in order."""
    return outfit_of(st, p).by_location


def location_inputs(st: AltiplanoState, p: Player, loc: str) -> frozenset[str]:
    """Tiles a location's action fields take (ALT-8): inputs of any action there. The
    market's also depend on the orders: see `market_order_goods`."""
    inputs = outfit_of(st, p).inputs[loc]
    if loc == "market":
        return market_inputs(st, p, inputs)
    return inputs


def market_inputs(st: AltiplanoState, p: Player, inputs: frozenset[str]) -> frozenset[str]:
    """`inputs` (the market's without the order goods) and `market_order_goods`, memoised
    by what they depend on: planning asks at every step, and the orders seldom change."""
    order = p["order"]
    key = (
        "market",
        inputs,
        tuple(st.s["orders"]),
        None if order is None else order["id"],
        () if order is None else tuple(order["delivered"]),
    )
    found: frozenset[str] | None = st.comps.memo.get(key)
    if found is None:
        found = _remember(st.comps.memo, key, inputs | market_order_goods(st, p))
    return found


def _location_inputs_table(
    st: AltiplanoState, conversions: list[tuple[str, C.Conversion]]
) -> dict[str, frozenset[str]]:
    # order goods at the market: `market_order_goods`
    owned = [conv for _key, conv in conversions]
    return {loc: frozenset(st.comps.location_inputs(loc, owned)) for loc in st.comps.locations}


_T = TypeVar("_T")

#: Entries of an edition's memo (outfits, market inputs) before it starts afresh: a server
#: keeps one edition for all its games, and the market inputs' keys take many values.
_MEMO_LIMIT = 4096


def _remember(memo: dict[Any, Any], key: Any, value: _T) -> _T:
    """Put `value` in `memo` under `key`, emptying the memo first when it is full."""
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value
