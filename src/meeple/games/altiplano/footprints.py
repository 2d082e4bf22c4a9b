"""What each kind of Altiplano action may change: for the readers that keep what they last read
of a state (the research adapters' observation, `state_observation`; the server's views,
`hidden.make_view`) and would otherwise compare all of it again to find what changed
(`meeple.engine.stamps`, `AltiplanoState.applied`).

- `ONE_PLAYER`: nothing but the actor's player data (a tile or coin placed in planning or
  taken back): a third of a game's steps.
- `ONE_SEAT`: no player's data but the actor's, and when the action ends a round, every
  player's `ROUND_END_FIELDS` (the end of a phase changes the table only). The table's values
  may change too. Left out: the role and mission draft (a passed mission goes to the next
  player) and the game's last step.
- `PLAYER_FIELDS`: for the commonest of `ONE_SEAT`, the actor's fields they may change (besides
  those of a round's end); an action at a location may change most of them (and reveal a
  mission), so those are not named.

Read from the rule families' effects (`planning`, `draw`, `movement`, `turns`, `end`,
`action_fields`; the ends of phases and rounds: `draw._ready_draw`, `planning.do_done`,
`end.end_round`) and checked at every step of random games of every table
(tests/altiplano/test_altiplano_stamps.py).
"""

from __future__ import annotations

from meeple.engine.actions import Action
from meeple.games.altiplano import actions as A

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
}

ONE_SEAT: frozenset[type[Action]] = frozenset(
    (
        *PLAYER_FIELDS,
        A.Produce,
        A.Sell,
        A.Deliver,
        A.Store,
        A.StoreBuffered,
        A.StoreCorn,
        A.BufferCorn,
        A.BuyCart,
        A.BuyExtension,
        A.BuyOrder,
        A.BuildRoad,
    )
)
