"""Per-game evaluations for search bots: how good a (determinized) state is for one seat.

The evaluations ask the engine for everything the rules decide (scores, what a seat would score
now, walking costs); they add only small positional hints so that a one-step lookahead makes
progress between scorings. Values are relative: a seat's standing minus the best opponent's.
"""

from __future__ import annotations

import heapq
from typing import Any

from meeple.engine.actions import Action
from meeple.engine.errors import MeepleError
from meeple.engine.game import GameState

NEG_INF = float("-inf")


class Evaluation:
    """Generic evaluation: the seat's current points minus the best opponent's."""

    def evaluate(self, state: GameState, seat: int) -> float:
        scores = state.scores()
        others = [p for s, p in enumerate(scores) if s != seat]
        return scores[seat] - (max(others) if others else 0)

    def action_value(self, state: GameState, seat: int, action: Action) -> float:
        """Value for `seat` of doing `action` in `state` (which is left unchanged)."""
        after = state.clone()
        try:
            after.apply(seat, action)
        except MeepleError:
            return NEG_INF
        return self.evaluate(after, seat)


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
        from meeple.games.tikal.scoring import score_seat

        s: Any = state
        n = s.num_players
        standing = [s.score[p] + score_seat(s, p)["points"] for p in range(n)]
        best_other = max(standing[p] for p in range(n) if p != seat)
        return standing[seat] - best_other + self._position(s, seat)

    def _position(self, s: Any, seat: int) -> float:
        n, ed = s.n, s.edition
        kinds = s._kind
        tile_at, workers, guard = s.tile_at, s.workers, s.guard
        weight_leader = ed.leader_weight
        value = 0.0
        targets = []
        for space, tile in enumerate(tile_at):
            if tile < 0:
                continue
            kind = kinds[tile]
            if kind == "temple":
                if guard[space] >= 0:
                    if guard[space] == seat:
                        value += self.GUARD * s.temple_top[space]
                    continue
                targets.append(space)
                top = s.temple_top[space]
                weights = [s.weight_on(p, space) for p in range(n)]
                mine = weights[seat]
                other = max(w for p, w in enumerate(weights) if p != seat)
                if mine > other:
                    value += self.MARGIN * top * min(mine - other, self.MARGIN_CAP)
                elif mine:
                    value += self.CONTEST * top * mine / (other + 1)
            elif kind == "treasure" and s.tokens.get(space):
                targets.append(space)
        value += self.CAMP * sum(1 for owner in s.camp if owner == seat)
        field = self._distance_field(s, tuple(targets))
        leader = s.leader[seat]
        if leader >= 0:
            value += self.FIGURE_ON_BOARD * weight_leader
            value -= self.DISTANCE * weight_leader * min(field[leader], self.MAX_DISTANCE)
        for space in range(len(tile_at)):
            count = workers[space * n + seat]
            if count:
                value += count * (
                    self.FIGURE_ON_BOARD - self.DISTANCE * min(field[space], self.MAX_DISTANCE)
                )
        return value

    def _distance_field(self, s: Any, targets: tuple[int, ...]) -> list[int]:
        """AP needed to walk from each space to the nearest target (multi-source Dijkstra)."""
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
        kinds = s._kind
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


_EVALUATIONS: dict[str, type[Evaluation]] = {"tikal": TikalEvaluation}


def evaluation_for(state_class: type[GameState]) -> Evaluation:
    """The evaluation of a game, or the generic one for games without their own."""
    return _EVALUATIONS.get(getattr(state_class, "game_name", ""), Evaluation)()
