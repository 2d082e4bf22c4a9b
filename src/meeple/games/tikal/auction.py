"""The auction version (TIK-14, TIK-15): each round reveals one tile per player; the players
without a turn this round bid victory points for the next turn, the winner pays and chooses a
revealed tile, and the last player without a turn takes one for free. After the last round,
the final scoring goes from the lowest score.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction
from meeple.engine.words import say, say_n
from meeple.games.tikal.actions import Bid, ChooseTile, Pass
from meeple.games.tikal.interned import Numbered
from meeple.games.tikal.layout import BID, CHOOSE, NO_SEAT, Seat
from meeple.games.tikal.turns import start_final, take_tile

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState

_BID = Numbered(Bid)
_PASS = Pass()
_choose_tile = functools.cache(ChooseTile)


def bid_actions(state: TikalState, seat: Seat) -> list[Action]:
    """Passing, or any bid above the highest up to the bidder's score."""
    top = state.score[seat]
    return [_PASS, *[_BID.at(amount) for amount in range(state.high_bid + 1, top + 1)]]


def choose_actions(state: TikalState) -> list[Action]:
    """One choice per distinct revealed tile."""
    ids = sorted({state.edition.tiles[t].id for t in state.revealed})
    return [_choose_tile(tile_id) for tile_id in ids]


def start_round(state: TikalState, starter: Seat) -> None:
    """Reveal one tile per player (fewer if the stack runs short) and auction the first turn."""
    count = min(state.n, len(state.stack))
    state.revealed = [state.stack.pop() for _ in range(count)]
    state.reveals += 1
    state.moved = [False] * state.n
    start_auction(state, starter)


def start_auction(state: TikalState, starter: Seat) -> None:
    """Auction the next turn among the players without a turn this round, from `starter`."""
    n = state.n
    state.high_bid, state.high_bidder, state.first_passer = 0, NO_SEAT, NO_SEAT
    state.passed = [False] * n
    eligible = [(starter + i) % n for i in range(n) if not state.moved[(starter + i) % n]]
    if len(eligible) == 1:  # the last player without a turn takes a tile for free
        _win_auction(state, eligible[0])
        return
    state.step = BID
    state.current = eligible[0]


def _next_bidder(state: TikalState, seat: Seat) -> None:
    n = state.n
    waiting = [s for s in range(n) if not state.moved[s] and not state.passed[s]]
    if not waiting:
        _win_auction(state, state.first_passer)  # nobody bid: the first to pass moves free
        return
    if waiting == [state.high_bidder]:
        _win_auction(state, state.high_bidder)
        return
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if nxt in waiting:
            state.current = nxt
            return


def _win_auction(state: TikalState, winner: Seat) -> None:
    if winner == state.high_bidder:
        state.score[winner] -= state.high_bid
    state.high_bid, state.high_bidder, state.first_passer = 0, NO_SEAT, NO_SEAT
    state.passed = [False] * state.n
    state.current = winner
    state.step = CHOOSE


def do_bid(state: TikalState, seat: Seat, action: Bid) -> None:
    if action.amount <= state.high_bid:
        raise IllegalAction("TIK-14", say("a bid must be higher than {bid}", bid=state.high_bid))
    if action.amount > state.score[seat]:
        raise IllegalAction(
            "TIK-14",
            say_n(
                "a bid may not exceed the bidder's {n} points",
                "a bid may not exceed the bidder's {n} points",
                n=state.score[seat],
            ),
        )
    state.high_bid, state.high_bidder = action.amount, seat
    _next_bidder(state, seat)


def do_pass(state: TikalState, seat: Seat, action: Pass) -> None:
    state.passed[seat] = True
    if state.first_passer == NO_SEAT:
        state.first_passer = seat
    _next_bidder(state, seat)


def do_choose(state: TikalState, seat: Seat, action: ChooseTile) -> None:
    chosen = next((t for t in state.revealed if state.edition.tiles[t].id == action.tile), None)
    if chosen is None:
        raise IllegalAction(
            "TIK-14", say("tile {tile!r} is not among the revealed tiles", tile=action.tile)
        )
    state.revealed.remove(chosen)
    take_tile(state, seat, chosen)


def after_auction_turn(state: TikalState, seat: Seat) -> None:
    """After `seat`'s normal turn: the round's next auction, the next round, or, the stack
    empty, the final scoring (TIK-15: lowest score first; ties: clockwise nearer to whoever
    placed the last tile)."""
    n = state.n
    state.moved[seat] = True
    state.last_mover = seat
    if state.revealed:
        start_auction(state, (seat + 1) % n)
    elif state.stack:
        start_round(state, (seat + 1) % n)
    else:
        placer = state.last_placer
        order = sorted(range(n), key=lambda s: (state.score[s], (s - placer - 1) % n))
        start_final(state, order)
