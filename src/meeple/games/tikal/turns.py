"""Turns and scoring rounds (TIK-11, TIK-13): drawing a tile, placing it then spending the
action points; a volcano's scoring round, in which each player in turn plays and then scores
alone; and the final round after the last tile.

A normal turn of the auction version starts from the auction instead (`auction`), and goes on
from here once its tile is chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.tikal.action_points import start_act
from meeple.games.tikal.layout import NO_SEAT, NO_TILE, OVER, PLACE, Seat
from meeple.games.tikal.placement import placements
from meeple.games.tikal.scoring import score_seat

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState


def begin_turn(state: TikalState, seat: Seat) -> None:
    """Base version: `seat` draws the top tile (TIK-1, TIK-11)."""
    state.current = seat
    tile = state.stack.pop()
    state.reveals += 1
    take_tile(state, seat, tile)


def take_tile(state: TikalState, seat: Seat, tile: int) -> None:
    """`seat` has drawn (or chosen) `tile`: a volcano starts a scoring round (TIK-11)."""
    state.current = seat
    state.hand = tile
    if state.tile_kinds[tile] == "volcano":
        state.volcano_drawer = seat
        state.scoring_final = False
        state.scoring_queue = [(seat + i) % state.n for i in range(state.n)]
        start_act(state)
    else:
        start_place(state)


def start_place(state: TikalState) -> None:
    """The player to move places the tile in hand, if it fits anywhere."""
    if placements(state, state.hand):
        state.step = PLACE
    else:
        # No space admits the tile (rulings are silent): it is set aside, face up, and the
        # player goes on with the turn. See docs/rules-notes.md.
        state.discarded.append(state.hand)
        state.hand = NO_TILE
        state.last_placer = state.current
        start_act(state)


def score_and_continue(state: TikalState, seat: Seat) -> None:
    """End of a scoring turn: the player scores alone, then the next one plays (TIK-11)."""
    entry = score_seat(state, seat)
    state.score[seat] += entry["points"]
    if not state.history or state.history[-1]["complete"]:
        state.history.append(
            {
                "round": len(state.history) + 1,
                "final": state.scoring_final,
                "complete": False,
                "entries": [],
            }
        )
    state.history[-1]["entries"].append(entry)
    state.scoring_queue.pop(0)
    if state.scoring_queue:
        state.current = state.scoring_queue[0]
        start_act(state)
        return
    state.history[-1]["complete"] = True
    if state.scoring_final:
        state.step = OVER
        state.ap = 0
        return
    state.current = state.volcano_drawer  # then places the volcano and plays a normal turn
    state.volcano_drawer = NO_SEAT
    start_place(state)


def start_final(state: TikalState, order: list[int]) -> None:
    """The final scoring round (TIK-13), the seats playing and scoring in `order`."""
    state.scoring_final = True
    state.scoring_queue = order
    state.current = order[0]
    start_act(state)


def after_base_turn(state: TikalState, seat: Seat) -> None:
    """Base version, after `seat`'s normal turn: the next player draws, or, the stack empty,
    the final round starts with the next player clockwise (TIK-13)."""
    n = state.n
    if state.stack:
        begin_turn(state, (seat + 1) % n)
    else:
        start_final(state, [(seat + 1 + i) % n for i in range(n)])
