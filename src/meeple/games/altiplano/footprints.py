"""What each kind of Altiplano action may change: for the readers that keep what they last read
of a state (the research adapters' observation, `state_observation`; the server's views,
`hidden.make_view`) and would otherwise compare all of it again to find what changed
(`meeple.engine.stamps`, `AltiplanoState.applied`).

- `ONE_PLAYER`: nothing but the actor's player data (a tile or coin placed in planning or
  taken back): a third of a game's steps. `planned_fields` names the few fields each such
  action may change, and `planned_parts` the parts of them (a location, a good, a placement).
- `ONE_SEAT`: no player's data but the actor's, and when the action ends a round, every
  player's `ROUND_END_FIELDS` (the end of a phase changes the table only). The table's values
  may change too. Left out: the role and mission draft (a passed mission goes to the next
  player) and the game's last step.
- `PLAYER_FIELDS`: for each of `ONE_SEAT`, the actor's fields it may change (besides those of a
  round's end).
- `TABLE_FIELDS`: for each of `ONE_SEAT`, the table's values it may change when it ends no round,
  and `PHASE_END_TABLE` those the end of a phase may change besides.

Read from the rule families' effects (`planning`, `draw`, `movement`, `turns`, `end`,
`action_fields`, `gains`, `missions`, and the locations' `locations`, `market`, `village`,
`corn`, `extensions`, `road`; the ends of phases and rounds: `draw._ready_draw`,
`planning.do_done`, `end.end_round`) and checked at every step of random games of every table
(tests/altiplano/test_altiplano_stamps.py).
"""

from __future__ import annotations

from meeple.engine.actions import Action
from meeple.games.altiplano import actions as A
from meeple.games.altiplano.action_fields import TARGET_FIELDS
from meeple.games.altiplano.components import COINS

ONE_PLAYER: frozenset[type[Action]] = frozenset(
    (A.Place, A.Unplace, A.TakeBackTile, A.TakeBackCoin)
)

#: Every player's fields the end of a round may change (`end.end_round`): what they may use once
#: a round.
ROUND_END_FIELDS = frozenset(("top_used", "bought_cart", "bought_ext"))

#: The actor's fields that a tile put on or taken off a field may change
#: (`action_fields.put_on_field`, `remove_from_field`).
_ON_FIELDS = frozenset(("fields", "role_fields", "ext_fields", "wild", "move"))
#: What a draw from the bag may change (`draw.draw_tiles`: an empty bag is refilled from the
#: container).
_DRAWN = frozenset(("bag", "container"))
#: What an action at a location may change besides its own effect (`turns.acted`: a mission
#: fulfilled is revealed, `missions.check_missions`).
_ACTED = frozenset(("revealed",))
#: What the tiles a basic action takes may change (`action_fields.consume`: the location's
#: fields first, then wildcards; into the container).
_CONSUMED = _ACTED | {"fields", "wild", "container"}
#: What a tile received may change (`gains.gain`, `receive_corn`: corn waits on the road).
_RECEIVED = frozenset(("container", "pending_corn"))

PLAYER_FIELDS: dict[type[Action], frozenset[str]] = {
    A.Place: _ON_FIELDS | {"coins", "planning", "placed_now"},
    A.Unplace: _ON_FIELDS | {"coins", "planning", "placed_now"},
    A.TakeBackTile: _ON_FIELDS | {"planning"},
    A.TakeBackCoin: _ON_FIELDS | {"coins"},
    A.Draw: _DRAWN | {"planning", "swap"},
    A.SwapDiscard: frozenset(("container", "planning", "swap")),
    A.SwapDraw: _DRAWN | {"planning", "swap"},
    A.SwapPick: frozenset(("container", "planning", "swap")),
    A.SwapSkip: frozenset(("swap",)),
    A.Done: frozenset(("placed_now",)),
    A.PlaceFigure: frozenset(("figure",)),
    A.Move: frozenset(("figure", "top_used", "move", "container")),
    A.Pass: frozenset(),
    A.EndTurn: frozenset(),
    A.FinalDraw: _DRAWN | {"final", "final_drawn"},
    # at a location (`locations`, `market`, `village`, `corn`, `extensions`, `road`)
    A.Produce: _CONSUMED | _RECEIVED | {"role_fields", "ext_fields", "boats", "houses"},
    A.Sell: _CONSUMED | {"coins"},
    A.Deliver: _CONSUMED | _RECEIVED | {"order", "orders_done"},
    A.Store: _CONSUMED | {"warehouse", "final"},  # the final storage: from `final`
    A.StoreBuffered: _ACTED | {"buffer", "warehouse"},
    A.StoreCorn: _ACTED | {"pending_corn", "warehouse"},
    A.BufferCorn: frozenset(("pending_corn", "buffer")),
    A.BuyCart: _ACTED | {"coins", "carts", "bought_cart"},
    A.BuyExtension: _ACTED | {"coins", "ext", "ext_fields", "wild", "bought_ext"},
    A.BuyOrder: _ACTED | {"coins", "order"},
    A.BuildRoad: _CONSUMED | _RECEIVED | {"road"},
}

ONE_SEAT: frozenset[type[Action]] = frozenset(PLAYER_FIELDS)

#: What a turn's action at a location may change of the table (`turns.acted`: the turn's stage
#: and what it may go on with, the end trigger, `missions.check_missions`' first seats and its
#: reveal counter) and what the locations' actions take from it or give back (`gains`,
#: `locations`, `market`, `village`, `extensions`).
_AT_LOCATION = frozenset(
    (
        "turn",
        "end_round",
        "firsts",
        "reveals",
        "supply",
        "houses",
        "boats",
        "carts",
        "orders",
        "strip",
        "ext_bought",
    )
)
#: What a draw from a bag may change of the table (`draw.draw_tiles` counts the reveal; the
#: seat is then done, `draw._ready_draw`, `end`).
_DRAWN_TABLE = frozenset(("ready", "reveals"))

#: [type of `ONE_SEAT`] -> the table's values (the state's entries but ``players``) an action
#: may change when it ends no round (then any may change), besides `PHASE_END_TABLE` when it
#: ends a phase.
TABLE_FIELDS: dict[type[Action], frozenset[str]] = {
    A.Place: frozenset(),
    A.Unplace: frozenset(),
    A.TakeBackTile: frozenset(),
    A.TakeBackCoin: frozenset(),
    A.Draw: _DRAWN_TABLE,
    A.SwapDiscard: _DRAWN_TABLE,
    A.SwapDraw: _DRAWN_TABLE,
    A.SwapPick: _DRAWN_TABLE,
    A.SwapSkip: _DRAWN_TABLE,
    A.FinalDraw: _DRAWN_TABLE,
    A.Done: frozenset(("ready",)),
    A.PlaceFigure: frozenset(("turn",)),
    A.Move: frozenset(("turn",)),  # `movement`: the stage, once moved before the action
    A.Pass: frozenset(("turn", "passed")),
    A.EndTurn: frozenset(("turn",)),
    A.Produce: _AT_LOCATION,
    A.Sell: _AT_LOCATION,
    A.Deliver: _AT_LOCATION,
    A.Store: _AT_LOCATION,
    A.StoreBuffered: _AT_LOCATION,
    A.StoreCorn: _AT_LOCATION,
    A.BufferCorn: _AT_LOCATION,
    A.BuyCart: _AT_LOCATION,
    A.BuyExtension: _AT_LOCATION,
    A.BuyOrder: _AT_LOCATION,
    A.BuildRoad: _AT_LOCATION,
}

#: What the end of a phase but not of a round may change of the table: the phase, the seats done
#: with it, those that passed and the turn (`draw._ready_draw`, `planning.do_done`, and
#: `end._start_final_storage` after the last round's last pass).
PHASE_END_TABLE = frozenset(("phase", "ready", "passed", "turn"))

#: [type of `ONE_PLAYER`] -> the actor's fields it changes besides the field and the tile's or
#: coin's source (`planning.do_place`, `do_unplace`; `draw.do_take_back_tile`,
#: `do_take_back_coin`)
_PLANNED = {
    A.Place: ("placed_now",),
    A.Unplace: ("placed_now",),
    A.TakeBackTile: (),
    A.TakeBackCoin: (),
}


def planned_fields(action: A.Place | A.Unplace | A.TakeBackTile | A.TakeBackCoin) -> frozenset[str]:
    """The actor's fields an action of `ONE_PLAYER` may change, fewer than its type's
    `PLAYER_FIELDS`: the field its target names (`action_fields.TARGET_FIELDS`), where its
    tile or coin comes from or goes (the planning tiles, the coins) and, in planning, the
    tiles placed this round."""
    good = action.good if not isinstance(action, A.TakeBackCoin) else COINS
    field = TARGET_FIELDS[action.target.partition(":")[0]]
    source = "coins" if good == COINS else "planning"
    return frozenset((field, source, *_PLANNED[type(action)]))


#: A part of a player's field that an action of `ONE_PLAYER` may change: the field's name and,
#: where the action names it, the part (None: anywhere in the field). See `planned_parts`.
Part = tuple[str, str | tuple[str, str] | None]


def planned_parts(
    action: A.Place | A.Unplace | A.TakeBackTile | A.TakeBackCoin,
) -> tuple[Part, ...]:
    """`planned_fields(action)`, each with the part of it the action may change where the
    action names one (`planning.do_place`, `do_unplace`; `draw.do_take_back_tile`; the
    engine's `action_fields.put_on_field` and `remove_from_field`):

    - ``fields`` (a location's action fields): the location named after the target's colon,
      ``fields[X]`` alone;
    - ``planning``: the count of the action's good alone;
    - ``placed_now``: the number of its placement (target, good) in the list alone.

    The readers that keep what they last read (`state_observation`) rewrite those parts alone
    instead of comparing the whole field; in sorted order of the fields."""
    kind, _, name = action.target.partition(":")
    good = action.good if not isinstance(action, A.TakeBackCoin) else COINS
    parts: list[Part] = []
    for field in sorted(planned_fields(action)):
        if field == "fields" and kind == "loc":
            parts.append((field, name))
        elif field == "planning":
            parts.append((field, good))
        elif field == "placed_now":
            parts.append((field, (action.target, good)))
        else:
            parts.append((field, None))
    return tuple(parts)
