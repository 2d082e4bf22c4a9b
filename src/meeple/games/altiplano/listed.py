"""Actions as the legal-action lists hold them: immutable values, one shared instance per
distinct action (through these caches) instead of one built anew at every call. `apply` finds
a listed action by identity (`meeple.games.altiplano.state`), much cheaper than by equality.
"""

from __future__ import annotations

import functools

from meeple.games.altiplano import actions as A

buffer_corn = functools.cache(A.BufferCorn)
build_road = functools.cache(A.BuildRoad)
buy_cart = functools.cache(A.BuyCart)
buy_extension = functools.cache(A.BuyExtension)
buy_order = functools.cache(A.BuyOrder)
choose_role = functools.cache(A.ChooseRole)
deliver = functools.cache(A.Deliver)
done = functools.cache(A.Done)
draw = functools.cache(A.Draw)
end_turn = functools.cache(A.EndTurn)
final_done = functools.cache(A.FinalDone)
final_draw = functools.cache(A.FinalDraw)
keep_mission = functools.cache(A.KeepMission)
move = functools.cache(A.Move)
pass_ = functools.cache(A.Pass)
pass_mission = functools.cache(A.PassMission)
place = functools.cache(A.Place)
place_figure = functools.cache(A.PlaceFigure)
produce = functools.cache(A.Produce)
sell = functools.cache(A.Sell)
store = functools.cache(A.Store)
store_buffered = functools.cache(A.StoreBuffered)
store_corn = functools.cache(A.StoreCorn)
swap_discard = functools.cache(A.SwapDiscard)
swap_draw = functools.cache(A.SwapDraw)
swap_pick = functools.cache(A.SwapPick)
swap_skip = functools.cache(A.SwapSkip)
take_back_coin = functools.cache(A.TakeBackCoin)
take_back_tile = functools.cache(A.TakeBackTile)
unplace = functools.cache(A.Unplace)


@functools.cache
def produces(source: str, outs: tuple[str, ...]) -> tuple[A.Produce, ...]:
    """The productions of a conversion, one per output (the cached instances above): listed
    for every location at every step of search's evaluation."""
    return tuple(produce(source, out) for out in outs)
