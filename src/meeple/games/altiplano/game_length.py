"""A bound on the steps of an Altiplano game as the research adapters play it, for OpenSpiel's
`max_game_length` (`meeple.research.openspiel`).

The adapters play the engine's game with one rule of their own: a step that only undoes
another (`unplace`, `SearchHints.pruned_kinds`) is offered only when nothing else is
(`meeple.research.games.playable_actions`), and the seat that acts in a simultaneous step is
one with something else to do (`acting_seat`). In planning the seat due to say "done" (ALT-10)
always may, so some seat always has another step there: the adapters' game never takes a tile
back off a field in planning, and every planning step uses up a planning tile or a coin, or
ends the seat's planning. Take-backs (ALT-6) come only before the draw and placing only after
it, so taking back and placing again happens at most once a round. The adapters' game is
therefore finite without a rule of its own, and its length is bounded by the sum of the terms
below, each derived from the edition's components and the options.

The number of rounds is bounded by the extension strip (phase 4, ALT-21): every round at least
one card leaves the strip (one bought, or else the bottom card is dropped) and the gap is
refilled from the stack; once the stack cannot refill a space the end is triggered and one
more round is played. Every other count is bounded per seat and round, per seat over the
game, or over the whole table, by the rule named in `LengthTerms`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from meeple.games.altiplano import components as C


@dataclasses.dataclass(frozen=True, slots=True)
class LengthTerms:
    """The named terms of the bound: each bounds the steps of some kinds (the docstrings of
    `length_terms` say which and why). `per_seat_round` holds for every seat in every round,
    `per_seat` for every seat over the whole game, `per_table` for all seats together."""

    players: int
    rounds: int
    per_seat_round: Mapping[str, int]
    per_seat: Mapping[str, int]
    per_table: Mapping[str, int]

    @property
    def total(self) -> int:
        return (
            self.players * self.rounds * sum(self.per_seat_round.values())
            + self.players * sum(self.per_seat.values())
            + sum(self.per_table.values())
        )


def max_rounds(comps: C.Components, players: int) -> int:
    """Rounds a game can last (ALT-21, phase 4): the strip's spaces are filled at setup and
    the rest of the extensions in play (ALT-3) wait in the stack. Every round at least one card
    leaves the strip, so the stack shrinks by one a round at least; in the round it cannot fill
    a space the end is triggered, and one more round follows."""
    in_play = sum(1 for e in comps.extensions.values() if e.players_min <= players)
    return max(0, in_play - len(comps.surcharge)) + 2


def length_terms(comps: C.Components, options: Mapping[str, Any]) -> LengthTerms:
    """The terms of `max_game_length` for one edition and set of options:

    per seat and round
      - ``draw`` (draw): one draw a round (ALT-6).
      - ``swap`` (swap_*): skip, or put one back and take one (ALT-7), when the swap extension
        is in play.
      - ``tile_take_backs`` (take_back_tile): each fills a free planning field (ALT-6), and a
        seat has at most `planning_max` (ALT-19).
      - ``coin_take_backs`` (take_back_coin): each empties a coin field (ALT-6): the coin
        inputs of the role and the extensions in play, and the movement fields when the coin
        movement extension is in play.
      - ``placements`` (place): one tile per field from the planning fields, at most
        `planning_max` of them, and the coins on coin fields as above (ALT-8); the adapters
        never take one back off a field in planning (see the module docstring).
      - ``done`` (done): once a round (ALT-10).
      - ``moves`` (move): the top cart once and each movement field once a round (ALT-12).
      - ``carts`` (buy_cart): one a round (ALT-15).
      - ``pass`` (pass): a seat that passed does nothing more this round (ALT-11).

    per seat over the game
      - ``figure`` (place_figure): once, before the first action (ALT-12).
      - ``units`` (produce, sell, deliver, store, build_road in the action phase): each uses up
        at least one tile or coin placed on a field in planning (fields start empty; ALT-8,
        ALT-9), so there are no more of them than tiles placed (at most `planning_max` a round)
        and uses of an action that takes only coins (its fields empty after one use, so once a
        round per such action: the role's and the extensions' in play).
      - ``stalls`` (buy_order with no card left): each costs `order_cost` coins and gives
        nothing (ALT-13); coins come only from the role's start (ALT-4) and from sales, at
        most the highest price for each tile placed on the market's fields and the wildcard
        fields (ALT-14, ALT-8), no more of them a round than those fields or `planning_max`.
      - ``end_turns`` (end_turn): one per turn with an action (ALT-11), so no more than the
        steps that begin one: units, stalls, carts, and the table's orders, extensions and
        buffered corn, which the bound counts for each seat.

    per table
      - ``roles`` (choose_role): each seat chooses once with the role draft (ALT-4).
      - ``missions`` (keep_mission, pass_mission): keep, pass, and with 3 or more players keep
        one of two received (ALT-23).
      - ``orders`` (buy_order of a card): each card in play is taken once (ALT-2, ALT-17).
      - ``extensions`` (buy_extension): each card in play is bought once (ALT-16).
      - ``corn`` (store_corn, buffer_corn): one per corn received, which comes from the
        supply and never goes back (ALT-13, ALT-18).
      - ``buffered`` (store_buffered): one per corn put on a buffer, when it is in play.
      - ``final_storage`` (final_draw, store in the final phase, final_done): the draw, one
        store per tile drawn and "done", for each final storage card in play (ALT-22).
    """
    players: int = options["players"]
    rounds = max_rounds(comps, players)
    setup = comps.setup[players]
    in_play = [e for e in comps.extensions.values() if e.players_min <= players]
    identities = {e.identity for e in in_play}
    planning = comps.planning_max
    coin_fields = _coin_fields(comps, in_play)
    per_seat_round = {
        "draw": 1,
        "swap": 2 if "swap_planning_tile" in identities else 0,
        "tile_take_backs": planning,
        "coin_take_backs": coin_fields,
        "placements": planning + coin_fields,
        "done": 1,
        "moves": 1 + comps.movement_fields,
        "carts": 1,
        "pass": 1,
    }
    units = rounds * (planning + _coin_actions(comps, in_play))
    if comps.order_cost == 0:
        raise ValueError(
            "an edition whose orders cost nothing has no bound on a game's length: once the "
            "order cards are gone a seat may take an empty order for ever (ALT-13)"
        )
    stalls = _income(comps, in_play, rounds) // comps.order_cost
    per_table = _per_table(comps, options, setup, in_play)
    per_seat = {
        "figure": 1,
        "units": units,
        "stalls": stalls,
        "end_turns": units
        + stalls
        + rounds
        + per_table["orders"]
        + per_table["extensions"]
        + per_table["buffered"],
    }
    return LengthTerms(players, rounds, per_seat_round, per_seat, per_table)


def _per_table(
    comps: C.Components,
    options: Mapping[str, Any],
    setup: Mapping[str, int],
    in_play: list[C.Extension],
) -> dict[str, int]:
    """The terms for all seats together (see `length_terms`)."""
    players: int = options["players"]
    identities = {e.identity for e in in_play}
    corn = setup["corn"]
    return {
        "roles": players if options["role_draft"] else 0,
        "missions": players * (3 if players >= 3 else 2) if options["missions"] else 0,
        "orders": setup["orders_in_play"],
        "extensions": len(in_play),
        "corn": corn,
        "buffered": corn if "corn_buffer" in identities else 0,
        "final_storage": sum(1 for e in in_play if e.identity == "final_storage")
        * (C.SPECIAL_EXTENSIONS["final_storage"]["draws"] + 2),
    }


def _coin_fields(comps: C.Components, in_play: list[C.Extension]) -> int:
    """The fields a seat may put coins on: the coin inputs of the role that takes most and of
    the conversion extensions in play, and the movement fields with coin movement (ALT-8)."""
    fields = _role_coins(comps) + sum(
        _coins(e.conversion) for e in in_play if e.conversion is not None
    )
    if any(e.identity == "coin_movement" for e in in_play):
        fields += comps.movement_fields
    return fields


def _coin_actions(comps: C.Components, in_play: list[C.Extension]) -> int:
    """The actions a seat may take with coins alone (see ``units``): the role's, if some
    role takes coins, and each conversion extension in play that takes coins."""
    conversions = [e.conversion for e in in_play if e.conversion is not None]
    return int(_role_coins(comps) > 0) + sum(1 for conv in conversions if _coins(conv))


def _role_coins(comps: C.Components) -> int:
    """The coins the role that takes most takes."""
    return max(_coins(role.conversion) for role in comps.roles.values())


def _income(comps: C.Components, in_play: list[C.Extension], rounds: int) -> int:
    """The most coins a seat can ever have: the richest role's start (ALT-4), then the
    highest price for each tile it can sell a round, on the market's and the wildcard fields
    (ALT-14, ALT-8), no more than `planning_max` of them."""
    wild_fields = sum(1 for e in in_play if e.identity in C.WILDCARDS)
    sold_a_round = min(comps.planning_max, comps.action_fields["market"] + wild_fields)
    start_coins = max(dict(role.start).get(C.COINS, 0) for role in comps.roles.values())
    return start_coins + rounds * sold_a_round * max(comps.sale_price.values(), default=0)


def max_game_length(comps: C.Components, options: Mapping[str, Any]) -> int:
    """A true upper bound on the steps of a game the research adapters play (the sum of
    `length_terms`), for OpenSpiel's `GameInfo.max_game_length`. An edition whose orders cost
    nothing has none (`ValueError`): a seat could take empty orders for ever."""
    return length_terms(comps, options).total


def _coins(conversion: C.Conversion) -> int:
    return sum(count for good, count in conversion.inputs if good == C.COINS)
