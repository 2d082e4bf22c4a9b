"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012), for any game of the engine.

Every iteration samples a full state from the bot's own view with ``determinize`` (so the hidden
parts, such as Tikal's stack and tokens or Altiplano's bags, are guessed afresh each time and
never read), then walks one shared tree whose edges are actions. A child is scored by UCB1 over
the iterations in which its action was available, which is how ISMCTS handles actions that exist
in some samples and not in others. Each seat in the tree maximises its own reward, so the same
search serves two to five players.

Two things keep the budget on real decisions:

- *Progressive widening*: a node considers only its first ``ceil(widening * visits ** alpha)``
  actions, in the order of a cheap prior (the game evaluation after the action), so a node with
  many actions (Tikal's tile placements and walks, Altiplano's planning) grows its best
  candidates first instead of trying every action once.
- *Action abstraction*: actions that only undo a step (the kinds a game declares in
  `SearchHints.pruned_kinds`, such as Altiplano's ``unplace``) are left out of the search; the
  same end can be reached by choosing differently in the first place.

In games that declare `SearchHints.own_turn_only` (Altiplano) the tree stops where the searching
seat's own steps end (its turn, or its part of a phase): a turn there is a long run of one-unit
steps, and leaves cut off in the middle of an opponent's run would be valued at different points
of that run, which biases the most explored actions (it won 12 of 18 games against greedy this
way, 3 of 5 with opponents in the tree; see docs/benchmarks.md). Tikal's turns are short enough
to search through the opponents' replies.

A leaf is valued by the game's evaluation (points plus position, relative to the best
opponent), squashed to 0..1; a finished game is valued by who won. Children are compared by
UCB1 on their means rescaled to 0..1 among siblings, so small differences in the evaluation
still steer the search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

from meeple.bots.base import Bot, Budget, evaluation_for, search_hints, view_seat
from meeple.engine.actions import Action
from meeple.engine.game import GameState

#: How often (in iterations) the search checks whether its choice is already settled.
EARLY_STOP_EVERY = 8

#: Points of evaluation that make a 73 % reward (the logistic's scale); both games' evaluations
#: are in points, so one scale serves both.
REWARD_SCALE = 8.0


class _Node:
    """One edge of the tree: the action that led here, chosen by `mover`."""

    __slots__ = ("avail", "children", "mover", "priors", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}
        self.priors: dict[Action, float] = {}  # evaluation after each action seen here


class IsmctsBot(Bot):
    """Information-set MCTS with progressive widening; see the module docstring."""

    name = "ismcts"
    takes_budget = True

    def __init__(
        self,
        state_class: type[GameState],
        seed: int = 0,
        *,
        budget: Budget | None = None,
        exploration: float = 0.7,
        widening: float = 1.0,
        widening_alpha: float = 0.35,
        own_turn_only: bool | None = None,
    ) -> None:
        super().__init__(state_class, seed)
        self.budget = budget or Budget(seconds=1.0)
        self.exploration = exploration
        self.widening = widening
        self.widening_alpha = widening_alpha
        hints = search_hints(state_class)
        self.own_turn_only = hints.own_turn_only if own_turn_only is None else own_turn_only
        self.evaluation = evaluation_for(state_class)
        self.pruned = hints.pruned_kinds
        #: Iterations run by the last `choose`, and its tree (for benchmarks, tests, analysis).
        self.last_iterations = 0
        self.last_root: _Node | None = None

    # -- the decision ---------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last_iterations, self.last_root = 0, None
        if len(legal) == 1:
            return legal[0]
        seat = view_seat(view)  # a spectator's view cannot be searched
        root = self.last_root = _Node(mover=-1)
        seconds, iterations = self.budget.seconds, self.budget.iterations
        start = time.perf_counter()
        deadline = None if seconds is None else start + seconds
        done = 0
        while (iterations is None or done < iterations) and (
            deadline is None or time.perf_counter() < deadline
        ):
            # A view the engine cannot complete is a bug to report, not to play around.
            state = self.state_class.determinize(view, self.rng)
            self._iterate(root, state, seat)
            done += 1
            if done % EARLY_STOP_EVERY == 0 and self._settled(
                root, done, iterations, deadline, start
            ):
                break
        self.last_iterations = done
        visited = [(root.children[a].visits, i) for i, a in enumerate(legal) if a in root.children]
        if not visited:
            return self.rng.choice(legal)
        best = max(v for v, _ in visited)
        return legal[self.rng.choice([i for v, i in visited if v == best])]

    @staticmethod
    def _settled(
        root: _Node, done: int, iterations: int | None, deadline: float | None, start: float
    ) -> bool:
        """Whether the rest of the budget cannot change the choice: the most visited action
        leads the next one by more visits than the iterations left (estimated from the speed so
        far under a time budget). Stopping then saves time without changing the decision."""
        left = math.inf if iterations is None else iterations - done
        if deadline is not None:
            now = time.perf_counter()
            left = min(left, (deadline - now) * done / max(now - start, 1e-9))
        visits = sorted((child.visits for child in root.children.values()), reverse=True)
        return len(visits) > 1 and visits[0] - visits[1] > left

    # -- one iteration ----------------------------------------------------------------------------
    def _iterate(self, root: _Node, state: GameState, seat: int) -> None:
        node = root
        path = [root]
        while not state.is_over():
            movers = state.to_move()
            # When seats act at once (Altiplano's planning), the searching seat goes first.
            mover = seat if seat in movers else movers[0]
            if self.own_turn_only and mover != seat:
                break
            actions = self._actions(state, mover)
            child, action = self._select(node, state, mover, actions)
            state.apply(mover, action)
            path.append(child)
            node = child
            if child.visits == 0:
                break
        rewards = self._value(state, {n.mover for n in path[1:]})
        for n in path[1:]:
            n.visits += 1
            n.reward += rewards[n.mover]
        root.visits += 1

    def _actions(self, state: GameState, seat: int) -> list[Action]:
        legal = state.legal_actions(seat)
        if self.pruned:
            kept = [a for a in legal if a.kind not in self.pruned]
            return kept or legal
        return legal

    def _select(
        self, node: _Node, state: GameState, mover: int, actions: list[Action]
    ) -> tuple[_Node, Action]:
        children = node.children
        if len(actions) == 1:
            action = actions[0]
            child = children.get(action)
            if child is None:
                child = children[action] = _Node(mover)
            child.avail += 1
            return child, action
        limit = math.ceil(self.widening * (node.visits + 1) ** self.widening_alpha)
        available = [(a, children[a]) for a in actions if a in children]
        if len(available) < min(limit, len(actions)):
            action = self._best_fresh(node, state, mover, actions)
            child = children[action] = _Node(mover)
            for _, other in available:
                other.avail += 1
            child.avail += 1
            return child, action
        # UCB1 on means rescaled to 0..1 among the siblings: the evaluation's differences between
        # good and bad actions are often a fraction of a point, which a fixed exploration
        # constant would drown.
        means = [child.reward / child.visits for _, child in available]
        low, high = min(means), max(means)
        spread = high - low if high - low > 1e-12 else 1.0
        c = self.exploration
        best_child, best_action, best_score = None, None, -math.inf
        for (action, child), mean in zip(available, means, strict=True):
            child.avail += 1
            score = (mean - low) / spread + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_child, best_action, best_score = child, action, score
        assert best_child is not None and best_action is not None
        return best_child, best_action

    def _best_fresh(
        self, node: _Node, state: GameState, mover: int, actions: list[Action]
    ) -> Action:
        """The untried action the evaluation likes best after one step (ties at random).

        Priors are computed once per node and action, the first time the action is seen there."""
        priors = node.priors
        best: list[Action] = []
        best_value = -math.inf
        for action in actions:
            if action in node.children:
                continue
            value = priors.get(action)
            if value is None:
                value = priors[action] = self.evaluation.action_value(state, mover, action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)

    # -- values -----------------------------------------------------------------------------------
    def _value(self, state: GameState, seats: set[int]) -> dict[int, float]:
        """The reward in 0..1 for a leaf of each seat of `seats` (those that chose on the way
        to it: the others' rewards would go nowhere, and with the tree cut at the end of the
        own steps that is every other seat): won or lost, or the evaluation squashed.

        There is no random playout: random play in these games is so far from real play (it
        scores a few points in Altiplano) that the evaluation of the leaf itself says more."""
        if state.is_over():
            winners = state.winners()
            return {s: 1.0 / len(winners) if s in winners else 0.0 for s in seats}
        return {s: self._squash(self.evaluation.evaluate(state, s)) for s in sorted(seats)}

    @staticmethod
    def _squash(points: float) -> float:
        """An evaluation in points to a reward in 0..1 (logistic, clamped against overflow)."""
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, points / REWARD_SCALE))))
