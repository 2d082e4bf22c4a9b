"""Tikal's evaluation for search bots: banked points plus what the seat would score now,
relative to the best opponent, plus small positional hints (see `TikalEvaluation`)."""

from __future__ import annotations

import heapq
from typing import Any

from meeple.engine.actions import Action
from meeple.engine.errors import MeepleError
from meeple.engine.evaluation import NEG_INF, Evaluation
from meeple.engine.game import GameState
from meeple.games.tikal.scoring import points_now


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

    def __init__(self) -> None:
        self._graphs: dict[tuple[int, ...], list[list[tuple[int, int]]]] = {}
        self._fields: dict[tuple[Any, ...], list[int]] = {}
        # temple and treasure spaces, in board order, as (space, is a temple), by layout
        self._spots: dict[tuple[Any, ...], tuple[tuple[int, bool], ...]] = {}

    # -- actions --------------------------------------------------------------------------------
    def action_value(self, state: GameState, seat: int, action: Action) -> float:
        kind = action.kind
        if kind == "end_turn":
            # What the seat keeps is the state as it is now (a scoring turn scores exactly it).
            return self.evaluate(state, seat) - self.UNUSED_AP * state.ap  # type: ignore[attr-defined]
        if kind == "bid":
            return self.BID_WORTH - action.amount  # type: ignore[attr-defined]
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
        s: Any = state
        n = s.num_players
        points = points_now(s)
        standing = [s.score[p] + points[p] for p in range(n)]
        best_other = max(standing[p] for p in range(n) if p != seat)
        return standing[seat] - best_other + self._position(s, seat)

    def _position(self, s: Any, seat: int) -> float:
        n, ed = s.n, s.edition
        kinds = s.tile_kinds
        tile_at, workers, guard, temple_top = s.tile_at, s.workers, s.guard, s.temple_top
        leaders, tokens = s.leader, s.tokens
        weight_leader = ed.leader_weight
        others = [p for p in range(n) if p != seat]
        value = 0.0
        targets = []
        layout = tuple(tile_at)
        spots = self._spots.get((layout, kinds))
        if spots is None:
            spots = tuple(
                (space, kinds[tile] == "temple")
                for space, tile in enumerate(layout)
                if tile >= 0 and kinds[tile] in ("temple", "treasure")
            )
            if len(self._spots) > 256:
                self._spots.clear()
            self._spots[layout, kinds] = spots
        for space, temple in spots:
            if temple:
                if guard[space] >= 0:
                    if guard[space] == seat:
                        value += self.GUARD * temple_top[space]
                    continue
                targets.append(space)
                top = temple_top[space]
                base = space * n  # weights as `weight_on`: the leader counts weight_leader
                mine = workers[base + seat] + (weight_leader if leaders[seat] == space else 0)
                other = -1  # the best opponent's weight (weights are never negative)
                for p in others:
                    weight = workers[base + p] + (weight_leader if leaders[p] == space else 0)
                    if weight > other:
                        other = weight
                if mine > other:
                    value += self.MARGIN * top * min(mine - other, self.MARGIN_CAP)
                elif mine:
                    value += self.CONTEST * top * mine / (other + 1)
            elif tokens.get(space):
                targets.append(space)
        value += self.CAMP * s.camp.count(seat)
        field = self._distance_field(s, tuple(targets), layout)
        leader = leaders[seat]
        if leader >= 0:
            value += self.FIGURE_ON_BOARD * weight_leader
            value -= self.DISTANCE * weight_leader * min(field[leader], self.MAX_DISTANCE)
        for space, count in enumerate(workers[seat::n]):
            if count:
                value += count * (
                    self.FIGURE_ON_BOARD - self.DISTANCE * min(field[space], self.MAX_DISTANCE)
                )
        return value

    def _distance_field(
        self, s: Any, targets: tuple[int, ...], layout: tuple[int, ...] | None = None
    ) -> list[int]:
        """AP needed to walk from each space to the nearest target (multi-source Dijkstra);
        `layout` is ``tuple(s.tile_at)``, if the caller has it."""
        if layout is None:
            layout = tuple(s.tile_at)
        key = (layout, tuple(s.rotation), targets)
        field = self._fields.get(key)
        if field is not None:
            return field
        graph = self._graph(s, layout)
        big = 10**6
        field = [big] * len(layout)
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
        if len(self._fields) > 256:
            self._fields.clear()
        self._fields[key] = field
        return field

    def _graph(self, s: Any, layout: tuple[int, ...]) -> list[list[tuple[int, int]]]:
        key = (*layout, *s.rotation)
        graph = self._graphs.get(key)
        if graph is not None:
            return graph
        kinds = s.tile_kinds
        graph = [[] for _ in layout]
        for space, tile in enumerate(layout):
            if tile < 0 or kinds[tile] == "volcano":
                continue
            for nb in s.edition.neighbours[space]:
                if nb < 0 or layout[nb] < 0 or kinds[layout[nb]] == "volcano":
                    continue
                cost = s.walk_cost(space, nb)
                if cost > 0:
                    graph[space].append((nb, cost))
        if len(self._graphs) > 64:
            self._graphs.clear()
        self._graphs[key] = graph
        return graph
