"""Altiplano in the browser, the server's side: the board elements each action involves, and the
edition's public facts the page draws from.

The page (``static/games/altiplano.js``) marks each clickable thing with one of these ids; a
click keeps the legal actions whose `action_elements` hold it (see ``static/table.js``). The
ids, and what the page draws for each:

- ``location:<location>``: a location of the circle (placing the figure, moving to it);
- ``supply:<good>``: the general supply of a good at its location or in the centre (the good an
  action takes from it);
- ``field:<target>``: a field of the own board, named as `actions` names targets
  (``field:loc:farm``, ``field:role``, ``field:ext:<extension>``, ``field:wild:<extension>``,
  ``field:move:<index>``);
- ``placed:<target>:<good>``: a tile (or ``coins``) lying on such a field;
- ``good:<good>``: a tile kind on the own planning board, and ``good:coins`` the own coins;
- ``bag``, ``container``, ``container:<good>``: the own bag, container and a kind in it;
- ``action:<key>``: a basic action printed on the own board (`components.BASIC_ACTIONS`),
  ``action:sell`` (selling at the market) and ``action:build_road``;
- ``cart:top`` (the cart every board has on top), ``cart:<index>`` (the cart space beside a
  movement field);
- ``row:<index>``: a warehouse row; ``buffer``: the corn buffer; ``corn:received``: corn just
  received that must be stored or put aside; ``final:<good>``: a tile drawn for the final
  storage;
- ``order:<order>``: an order card, on offer or in the own hand (``order:none``: the empty
  order pile); ``house:<good>``, ``boat:<good>``: a house or boat card showing that good
  (``house:none``, ``boat:none``: the empty pile);
- ``slot:<index>``: a space of the extension strip (0 is the cheapest);
- ``role:<role>``: a role card of the draft; ``mission:<mission>``: a mission card in the own
  hand;
- ``button:<name>``: a button drawn on the board: ``done``, ``pass``, ``end-turn``,
  ``no-swap``.

Nothing here is secret: an action is only ever sent to the seat that may take it, and the ids
come from the action itself, plus, for a tile taken off a field (sell, deliver, store), the
acting seat's own fields and order card, which every seat sees on the board.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from meeple.engine.actions import Action
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.state import AltiplanoState


def action_elements(state: AltiplanoState, action: Action) -> tuple[str, ...]:
    """The board elements `action` involves, as the page's ``data-element`` ids: each group
    of kinds below answers for its own and with ``()`` for any other."""
    return (
        _draft_elements(action)
        or _planning_elements(action)
        or _turn_elements(action)
        or _goods_elements(state, action)
    )


def action_reads(state: AltiplanoState, action: Action) -> Hashable:
    """What `action`'s label and elements read of `state` besides the action and the edition
    (`WebPlugin.action_reads`): the extension on the strip space a purchase names (the label
    names it and its price, which follows from it and the space), the mover's role that a
    production's label names, and the elements themselves for selling, delivering and
    storing (they read the acting seat's fields and order, and the phase); None for the
    rest, whose words and elements come from the action and the edition alone. Looked up by
    the action's type: the server asks it for every legal action of every position it sends,
    and a `match` tried each case's class in turn for the many actions that read nothing."""
    read = _READS.get(type(action))
    return None if read is None else read(state, action)


def _draft_elements(action: Action) -> tuple[str, ...]:
    """The role and mission drafts: the card chosen."""
    match action:
        case A.ChooseRole(role=role):
            return (f"role:{role}",)
        case A.KeepMission(mission=mission) | A.PassMission(mission=mission):
            return (f"mission:{mission}",)
    return ()


def _planning_elements(action: Action) -> tuple[str, ...]:
    """Taking back, drawing (the final storage's draw too), swapping and placing: the fields,
    tiles, bag and container involved, and the buttons that end a step."""
    match action:
        case A.TakeBackTile(target=target, good=good) | A.Unplace(target=target, good=good):
            return (f"field:{target}", f"placed:{target}:{good}")
        case A.TakeBackCoin(target=target):
            return (f"field:{target}", f"placed:{target}:{C.COINS}")
        case A.Draw() | A.SwapDraw() | A.FinalDraw():
            return ("bag",)
        case A.SwapDiscard(good=good):
            return (f"good:{good}", "container")
        case A.SwapPick(good=good):
            return (f"container:{good}",)
        case A.SwapSkip():
            return ("button:no-swap",)
        case A.Place(target=target, good=good):
            return (f"field:{target}", f"good:{good}")
        case A.Done() | A.FinalDone():
            return ("button:done",)
    return ()


def _turn_elements(action: Action) -> tuple[str, ...]:
    """The figure's moves, the end of a turn, production and the purchases: locations,
    carts, cards and buttons, none of which depends on the state."""
    match action:
        case A.PlaceFigure(location=location):
            return (f"location:{location}",)
        case A.Move(via=via, to=to):
            return (f"location:{to}", "cart:top" if via < 0 else f"field:move:{via}")
        case A.Pass():
            return ("button:pass",)
        case A.EndTurn():
            return ("button:end-turn",)
        case A.Produce():
            return _produce_elements(action)
        case A.BuyCart(field=field):
            return (f"cart:{field}",)
        case A.BuyExtension(slot=slot):
            return (f"slot:{slot}",)
        case A.BuyOrder(order=order):
            return (f"order:{order or 'none'}",)
        case A.BuildRoad():
            return ("action:build_road",)
    return ()


def _goods_elements(state: AltiplanoState, action: Action) -> tuple[str, ...]:
    """Selling, delivering and storing: the tile taken (off the acting seat's fields, from the
    final storage's draw, the buffer or the corn received) and where it goes."""
    match action:
        case A.Sell(good=good):
            return (_tile_at_figure(state, good), "action:sell")
        case A.Deliver(good=good):
            return (_tile_at_figure(state, good), _own_order(state))
        case A.Store(good=good, row=row):
            if state.s["phase"] == "final":
                return (f"final:{good}", f"row:{row}")
            return (_tile_at_figure(state, good), f"row:{row}")
        case A.StoreBuffered(row=row):
            return ("buffer", f"row:{row}")
        case A.StoreCorn(row=row):
            return ("corn:received", f"row:{row}")
        case A.BufferCorn():
            return ("corn:received", "buffer")
    return ()


def _extension_reads(state: AltiplanoState, action: A.BuyExtension) -> Hashable:
    strip = state.s["strip"]
    return strip[action.slot] if 0 <= action.slot < len(strip) else None


def _producer_reads(state: AltiplanoState, action: A.Produce) -> Hashable:
    return state.producer_role()


#: `action_reads` of each kind of action whose label or elements read the state.
_READS: dict[type[Action], Callable[[AltiplanoState, Any], Hashable]] = {
    A.BuyExtension: _extension_reads,
    A.Produce: _producer_reads,
    A.Sell: _goods_elements,
    A.Deliver: _goods_elements,
    A.Store: _goods_elements,
}


def _produce_elements(action: A.Produce) -> tuple[str, ...]:
    """A building names its card; any other production its source and the good taken."""
    if action.source in ("boat", "house"):
        return (f"{action.source}:{action.out or 'none'}",)
    if action.source == "role" or action.source.startswith("ext:"):
        source = f"field:{action.source}"
    else:
        source = f"action:{action.source}"
    return (source, f"supply:{action.out}") if action.out else (source,)


def _actor(state: AltiplanoState) -> Player:
    """The seat whose turn of the actions phase it is (the only one that sells or stores)."""
    return state.s["players"][state.s["turn"]["seat"]]


def _tile_at_figure(state: AltiplanoState, good: str) -> str:
    """The tile an action at the figure's location uses: the location's field first, then a
    wildcard field (the order in which the engine takes them)."""
    player = _actor(state)
    location = player["figure"]
    if location is not None and good in player["fields"].get(location, ()):
        return f"placed:loc:{location}:{good}"
    for extension, tile in player["wild"].items():
        if tile == good:
            return f"placed:wild:{extension}:{good}"
    return f"placed:loc:{location}:{good}"


def _own_order(state: AltiplanoState) -> str:
    order = _actor(state)["order"]
    return f"order:{order['id'] if order is not None else 'none'}"


def _conversion(conversion: C.Conversion | None) -> dict[str, Any] | None:
    if conversion is None:
        return None
    return {"in": [list(pair) for pair in conversion.inputs], "out": list(conversion.out)}


def table_facts(options: Mapping[str, Any]) -> dict[str, Any]:
    """The edition's public figures the page draws: names, costs, points, capacities. The page
    has only the seat's view, which names cards by id; this says what each id shows. Names
    are texts (`wording`), which the server says in the reader's language."""
    comps = C.load(options.get("edition"))
    return {
        "goods": list(comps.goods),
        "locations": list(comps.locations),
        "supplies": {loc: list(items) for loc, items in comps.location_supplies.items()},
        "fields": dict(comps.action_fields),
        "movement_fields": comps.movement_fields,
        "cart_steps": comps.cart_steps,
        "road_track": list(comps.road_track),
        "road_cost": [list(pair) for pair in C.ROAD_COST],
        "rows": [{"spaces": row.spaces, "points": row.points} for row in comps.rows],
        "surcharge": list(comps.surcharge),
        "sale_price": dict(comps.sale_price),
        "basic": {
            loc: [
                {"key": conv.key, **(_conversion(conv) or {})} for conv in comps.conversions_at(loc)
            ]
            for loc in comps.locations
        },
        "roles": {
            rid: {"name": wording.role_name(comps, rid), "location": role.conversion.location}
            | (_conversion(role.conversion) or {})
            for rid, role in comps.roles.items()
        },
        "extensions": {
            eid: {
                "name": wording.extension_name(comps, eid),
                "location": ext.location,
                "letter": ext.letter,
                "cost": ext.cost,
                "effect": _conversion(ext.conversion),
            }
            for eid, ext in comps.extensions.items()
        },
        "orders": {
            oid: {"goods": list(order.goods), "points": order.points}
            for oid, order in comps.orders.items()
        },
        "order_cost": comps.order_cost,
        "house": {"cost": [list(pair) for pair in comps.house_cost], "points": comps.house_vp},
        "boat": {"cost": [list(pair) for pair in comps.boat_cost], "points": comps.boat_vp},
        "missions": {
            mid: {"text": wording.mission_name(comps, mid), "points": points}
            for mid, points in comps.missions.items()
        },
    }
