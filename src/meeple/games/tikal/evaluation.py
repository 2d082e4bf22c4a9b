"""Tikal's evaluation for search bots: banked points plus what the seat would score now,
relative to the best opponent, plus small positional hints (see `TikalEvaluation`)."""

from __future__ import annotations

import heapq
from typing import cast

from meeple.engine.actions import Action
from meeple.engine.errors import MeepleError
from meeple.engine.evaluation import NEG_INF, Evaluation
from meeple.engine.game import GameState
from meeple.games.tikal.actions import Bid
from meeple.games.tikal.layout import NO_SEAT, Seat, Space
from meeple.games.tikal.paths import Paths
from meeple.games.tikal.state import TikalState


class TikalEvaluation(Evaluation):
    """Tikal: banked points plus the points the seat would score now (TIK-12, from the engine's
    `score_seat`), relative to the best opponent, plus positional hints."""

    # Positional weights, small next to a point.
    FIGURE_ON_BOARD = 0.4  # per worker on the board (the leader counts `leader_weight` workers)
    DISTANCE = 0.04  # per AP between a figure and the nearest temple or treasure
    MAX_DISTANCE = 12
    CONTEST = 0.12  # share of an unheld temple's value per figure weight on it
    MARGIN = 0.06  # per weight of lead on a held temple (up to MARGIN_CAP), times its value
    MARGIN_CAP = 3
    GUARD = 0.6  # per point of value of a guarded temple: it scores in every later round
    CAMP = 0.8
    UNUSED_AP = 0.15  # ending the turn with points left
    BID_WORTH = 1.2  # what moving first in an auction round is worth, in points

    # -- actions --------------------------------------------------------------------------------
    def action_value(self, state: GameState, seat: int, action: Action) -> float:
        kind = action.kind
        if kind == "end_turn":
            # What the seat keeps is the state as it is now (a scoring turn scores exactly it).
            return self.evaluate(state, seat) - self.UNUSED_AP * cast(TikalState, state).ap
        if isinstance(action, Bid):
            return self.BID_WORTH - action.amount
        if kind == "pass":
            return 0.0
        after = cast(TikalState, state).clone_to_try(action)
        try:
            after.apply(seat, action)
        except MeepleError:
            return NEG_INF
        if kind == "choose_tile" and after.to_move() == (seat,):
            placements = after.legal_actions(seat)
            if placements and placements[0].kind == "place_tile":
                return max(Evaluation.action_value(self, after, seat, p) for p in placements)
        return self.evaluate(after, seat)

    # -- states ---------------------------------------------------------------------------------
    def evaluate(self, state: GameState, seat: int) -> float:
        s = cast(TikalState, state)  # a search bot evaluates states of the game it plays
        standing, position = self.standing_and_position(s, seat)
        best_other = max(standing[p] for p in range(s.n) if p != seat)
        return standing[seat] - best_other + position

    def standing_and_position(self, s: TikalState, seat: Seat) -> tuple[list[int], float]:
        """[seat] -> banked points plus what it would score now (`score` plus `points_now`),
        and the positional hints for `seat`.

        One pass over the temples serves both (search evaluates every leaf and every fresh
        action): the holder of each unguarded temple is `points_now`'s (the sole majority),
        and the test of the fast paths checks the standing against it."""
        n, ed = s.n, s.edition
        workers, guard, temple_top = s.workers, s.guard, s.temple_top
        leaders, tokens = s.leader, s.tokens
        weight_leader = ed.leader_weight
        standing = s.score[:]
        k, treasures, table = ed.treasure_kinds, s.treasures, ed.treasure_points
        for slot in range(n * k):  # `seat_treasures`, inlined: seat after seat
            standing[slot // k] += table[treasures[slot]]
        value = 0.0
        targets: list[Space] = []
        paths = s.paths()
        for space, temple in paths.spots:
            if temple:
                top = temple_top[space]
                holder = guard[space]
                if holder != NO_SEAT:
                    standing[holder] += top
                    if holder == seat:
                        value += self.GUARD * top
                    continue
                targets.append(space)
                # weights as `weight_on`: the leader counts weight_leader
                first = space * n  # `worker_slot(n, space, 0)`, inlined: it runs at every leaf
                best = mine = 0
                other = -1  # the best opponent's weight (weights are never negative)
                for p in range(n):
                    weight = workers[first + p] + (weight_leader if leaders[p] == space else 0)
                    if weight > best:
                        best, holder = weight, p
                    elif weight == best:
                        holder = NO_SEAT
                    if p == seat:
                        mine = weight
                    elif weight > other:
                        other = weight
                if holder != NO_SEAT:
                    standing[holder] += top
                if mine > other:
                    value += self.MARGIN * top * min(mine - other, self.MARGIN_CAP)
                elif mine:
                    value += self.CONTEST * top * mine / (other + 1)
            elif tokens.get(space):
                targets.append(space)
        value += self.CAMP * s.camp.count(seat)
        field = distance_field(paths, tuple(targets))
        leader = leaders[seat]
        if leader >= 0:  # on the board, not SUPPLY or OUT
            value += self.FIGURE_ON_BOARD * weight_leader
            value -= self.DISTANCE * weight_leader * min(field[leader], self.MAX_DISTANCE)
        for space in range(len(field)):
            count = workers[space * n + seat]
            if count:
                value += count * (
                    self.FIGURE_ON_BOARD - self.DISTANCE * min(field[space], self.MAX_DISTANCE)
                )
        return standing, value


def distance_field(paths: Paths, targets: tuple[Space, ...]) -> list[int]:
    """AP needed to walk from each space to the nearest target (multi-source Dijkstra),
    memoised with the layout's paths."""
    key = ("distance", targets)
    field: list[int] | None = paths.extra.get(key)
    if field is not None:
        return field
    graph = paths.graph
    big = 10**6
    field = [big] * len(graph)
    heap = [(0, t) for t in targets]
    for t in targets:
        field[t] = 0
    while heap:
        dist, space = heapq.heappop(heap)
        if dist > field[space]:
            continue
        for nb, cost in graph[space]:
            if dist + cost < field[nb]:
                field[nb] = dist + cost
                heapq.heappush(heap, (dist + cost, nb))
    paths.extra[key] = field
    return field
