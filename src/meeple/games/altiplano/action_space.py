"""Altiplano's fixed action space: every action a game with given options can ever offer, once.

Learning agents need one discrete action space per game and options (`meeple.engine.encoding`).
It is derived here from the edition's components and the action kinds of `actions`, following
the rules the engine's legal-action lists enforce, never from sampled games, and kept as small as
those rules allow:

- *Goods that can reach a bag.* Only tiles in a player's bag (and so on the planning board, the
  action fields and the container) are placed, swapped, sold, delivered or stored by an action.
  They are the goods the roles start with and, repeatedly, the outputs of every conversion (basic
  action, role, extension in play, boat) whose inputs can themselves be there; corn gained goes
  straight to the warehouse (ALT-18), so it is one of them only if a role starts with it.
- *Extensions in play.* Those of at least the table's player count (``players_min``); their
  fields are targets, and the special ones bring their own actions (planning tile swap, coin
  movement, corn buffer, final storage, wildcard fields).
- *Option-bound actions.* Role choices only with the role draft, mission choices only with the
  Missions expansion.

Actions are listed kind by kind in the order of `actions.ACTION_TYPES`, each kind's actions in the
edition's data order; docs/research.md gives the sizes per variant.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from meeple.engine.actions import Action
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C

FOOD, CORN, COINS = C.FOOD, "corn", C.COINS


@dataclasses.dataclass(frozen=True, slots=True)
class InPlay:
    """What a table of one player count can hold, from the edition: the parts of the component
    lists both the action space and the observation are built from."""

    comps: C.Components
    #: Extensions in play (data order): those whose ``players_min`` the table reaches.
    extensions: tuple[str, ...]
    #: Goods that can ever be in a bag, container, planning board or action field (data order).
    bag_goods: tuple[str, ...]

    def has_special(self, identity: str) -> bool:
        """Whether an extension with this special effect (or a copy of it) is in play."""
        return any(self.comps.extensions[e].identity == identity for e in self.extensions)

    @property
    def conversion_extensions(self) -> tuple[str, ...]:
        """Extensions in play with an action of their own (and so fields of their own)."""
        return tuple(e for e in self.extensions if self.comps.extensions[e].conversion)

    @property
    def wildcard_extensions(self) -> tuple[str, ...]:
        """Extensions in play that bring a wildcard field."""
        exts = self.comps.extensions
        return tuple(
            e for e in self.extensions if e in C.WILDCARDS or exts[e].identity in C.WILDCARDS
        )

    def conversions(self) -> list[tuple[str, C.Conversion]]:
        """Every conversion some player can own or use (see `_conversions`)."""
        return _conversions(self.comps, self.extensions)


def _conversions(
    comps: C.Components, extensions: tuple[str, ...]
) -> list[tuple[str, C.Conversion]]:
    """The conversions of the basic actions, of every role ("role") and of the conversion
    extensions among `extensions` (``ext:<id>``), each keyed by its `Produce.source`."""
    result = [(conv.key, conv) for conv in C.BASIC_ACTIONS]
    result += [("role", role.conversion) for role in comps.roles.values()]
    result += [
        (f"ext:{e}", conv)
        for e in extensions
        if (conv := comps.extensions[e].conversion) is not None
    ]
    return result


def in_play(comps: C.Components, players: int) -> InPlay:
    """The extensions and goods a table of `players` can ever hold."""
    extensions = tuple(e.id for e in comps.extensions.values() if e.players_min <= players)
    reached = {g for role in comps.roles.values() for g, _ in role.start if g != COINS}
    costs = [(conv.inputs, conv.out) for _, conv in _conversions(comps, extensions)]
    costs.append((comps.boat_cost, comps.boats))
    grown = True
    while grown:  # the goods some chain of conversions from the starting goods yields
        grown = False
        for inputs, outs in costs:
            if all(g == COINS or g in reached for g, _ in inputs):
                new = {g for g in outs if g != CORN} - reached
                if new:
                    reached |= new
                    grown = True
    return InPlay(comps, extensions, tuple(g for g in comps.goods if g in reached))


def placements(play: InPlay) -> list[tuple[str, str]]:
    """Every (field, tile) a planning placement can make (ALT-8), coins included."""
    comps, bag = play.comps, play.bag_goods
    result = []
    for loc in comps.locations:
        takes = location_inputs(play, loc)
        result += [(f"loc:{loc}", g) for g in bag if g in takes]
    role_inputs = {g for role in comps.roles.values() for g, _ in role.conversion.inputs}
    result += [("role", g) for g in (*bag, COINS) if g in role_inputs]
    for eid in play.conversion_extensions:
        conv = comps.extensions[eid].conversion
        assert conv is not None, "a conversion extension has its conversion"
        inputs = {g for g, _ in conv.inputs}
        result += [(f"ext:{eid}", g) for g in (*bag, COINS) if g in inputs]
    for eid in play.wildcard_extensions:
        result += [(f"wild:{eid}", g) for g in bag]
    move_tiles = [FOOD] if FOOD in bag else []
    if play.has_special("coin_movement"):
        move_tiles.append(COINS)
    for field in range(comps.movement_fields):
        result += [(f"move:{field}", g) for g in move_tiles]
    return result


def location_inputs(play: InPlay, loc: str) -> set[str]:
    """The tiles a location's action fields may ever take, for any role and extensions in play
    and any order cards (the union of what `AltiplanoState.location_inputs` can answer)."""
    comps = play.comps
    inputs = comps.location_inputs(loc, (conv for _, conv in play.conversions()))
    if loc == "market":
        inputs.update(g for order in comps.orders.values() for g in order.goods)
    inputs.discard(COINS)
    return inputs


def _produce(play: InPlay) -> list[Action]:
    """Produce actions: every reachable conversion's outputs, then boats and houses (with ""
    for the card taken when none is left)."""
    comps, bag = play.comps, set(play.bag_goods)
    result: list[Action] = []
    for source, conv in play.conversions():
        if all(g == COINS or g in bag for g, _ in conv.inputs):
            result += [A.Produce(source, out) for out in conv.out]
    for source, cost, cards in (
        ("boat", comps.boat_cost, comps.boats),
        ("house", comps.house_cost, comps.houses),
    ):
        if all(g in bag for g, _ in cost):
            result += [A.Produce(source, g) for g in (*dict.fromkeys(cards), "")]
    return result


def _unique(actions: Iterable[Action]) -> list[Action]:
    """The actions in order, each once (role conversions share the source "role")."""
    return list(dict.fromkeys(actions))


def action_space(comps: C.Components, options: Mapping[str, Any]) -> tuple[Action, ...]:
    """Every action of a game with these (normalised) options, each once, in a fixed order:
    the setup's drafts, then the actions of each phase of a round (ALT-6 to ALT-22)."""
    play = in_play(comps, options["players"])
    placed = placements(play)
    return (
        *_draft_actions(comps, options),
        *_draw_actions(play, placed),
        *_planning_actions(placed),
        *_movement_actions(comps),
        *_action_phase_actions(play),
    )


def _draft_actions(comps: C.Components, options: Mapping[str, Any]) -> list[Action]:
    """The role draft's choices and the Missions draft's, when the options play them."""
    actions: list[Action] = []
    if options["role_draft"]:
        actions += [A.ChooseRole(r) for r in comps.roles]
    if options["missions"]:
        actions += [A.KeepMission(m) for m in comps.missions]
        actions += [A.PassMission(m) for m in comps.missions]
    return actions


def _draw_actions(play: InPlay, placed: list[tuple[str, str]]) -> list[Action]:
    """Taking tiles and coins back before the draw (ALT-6), the draw, and the planning tile
    swap when its extension is in play (ALT-7)."""
    bag = play.bag_goods
    actions: list[Action] = [A.TakeBackTile(t, g) for t, g in placed if g != COINS]
    actions += _unique(A.TakeBackCoin(t) for t, g in placed if g == COINS and t != "role")
    actions.append(A.Draw())
    if play.has_special("swap_planning_tile"):
        actions += [A.SwapDiscard(g) for g in bag]
        actions.append(A.SwapDraw())
        actions += [A.SwapPick(g) for g in bag]
        actions.append(A.SwapSkip())
    return actions


def _planning_actions(placed: list[tuple[str, str]]) -> list[Action]:
    """Placing tiles and coins on fields, taking them off again (ALT-8), and being done (ALT-10)."""
    actions: list[Action] = [A.Place(t, g) for t, g in placed]
    actions += [A.Unplace(t, g) for t, g in placed]
    actions.append(A.Done())
    return actions


def _movement_actions(comps: C.Components) -> list[Action]:
    """Placing the figure, moving it by the top cart or a movement field, passing and ending
    a turn (ALT-11, ALT-12)."""
    actions: list[Action] = [A.PlaceFigure(loc) for loc in comps.locations]
    vias = (-1, *range(comps.movement_fields))
    actions += [A.Move(via, loc) for via in vias for loc in comps.locations]
    actions += [A.Pass(), A.EndTurn()]
    return actions


def _action_phase_actions(play: InPlay) -> list[Action]:
    """What a figure does at its location: produce, the market's sales and deliveries,
    storing (with the corn buffer when in play), purchases, the road, and the final storage
    when its extension is in play (ALT-13 to ALT-22)."""
    comps, bag = play.comps, play.bag_goods
    rows = range(len(comps.rows))
    buffer = play.has_special("corn_buffer")
    ordered = dict.fromkeys(g for order in comps.orders.values() for g in order.goods)
    actions = _unique(_produce(play))
    actions += [A.Sell(g) for g in bag if g in comps.sale_price]
    actions += [A.Deliver(g) for g in bag if g in ordered]
    actions += [A.Store(g, row) for g in bag if g != FOOD for row in rows]
    if buffer:
        actions += [A.StoreBuffered(row) for row in rows]
    actions += [A.StoreCorn(row) for row in rows]
    if buffer:
        actions.append(A.BufferCorn())
    actions += [A.BuyCart(field) for field in range(comps.movement_fields)]
    actions += [A.BuyExtension(slot) for slot in range(len(comps.surcharge))]
    actions += [A.BuyOrder(o) for o in (*comps.orders, A.NO_ORDER)]
    if comps.road_track:
        actions.append(A.BuildRoad())
    if play.has_special("final_storage"):
        actions += [A.FinalDraw(), A.FinalDone()]
    return actions
