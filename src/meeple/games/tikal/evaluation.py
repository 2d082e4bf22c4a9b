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
from meeple.games.tikal.layout import NO_SEAT, Seat, Space, seat_workers
from meeple.games.tikal.paths import Paths
from meeple.games.tikal.scoring import points_now
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
        after = state.clone()
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
        n = s.num_players
        points = points_now(s)
        standing = [s.score[p] + points[p] for p in range(n)]
        best_other = max(standing[p] for p in range(n) if p != seat)
        return standing[seat] - best_other + self._position(s, seat)

    def _position(self, s: TikalState, seat: Seat) -> float:
        n, ed = s.n, s.edition
        workers, guard, temple_top = s.workers, s.guard, s.temple_top
        leaders, tokens = s.leader, s.tokens
        weight_leader = ed.leader_weight
        others = [p for p in range(n) if p != seat]
        value = 0.0
        targets: list[Space] = []
        paths = s.paths()
        for space, temple in paths.spots:
            if temple:
                if guard[space] != NO_SEAT:
                    if guard[space] == seat:
                        value += self.GUARD * temple_top[space]
                    continue
                targets.append(space)
                top = temple_top[space]
                # weights as `weight_on`: the leader counts weight_leader
                first = space * n  # `worker_slot(n, space, 0)`, inlined: it runs at every leaf
                mine = workers[first + seat] + (weight_leader if leaders[seat] == space else 0)
                other = -1  # the best opponent's weight (weights are never negative)
                for p in others:
                    weight = workers[first + p] + (weight_leader if leaders[p] == space else 0)
                    if weight > other:
                        other = weight
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
        for space, count in enumerate(seat_workers(workers, n, seat)):
            if count:
                value += count * (
                    self.FIGURE_ON_BOARD - self.DISTANCE * min(field[space], self.MAX_DISTANCE)
                )
        return value


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
