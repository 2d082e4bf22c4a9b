"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012), for any game of the engine.

Every iteration samples a full state from the bot's own view with ``determinize`` (through the
game's `GameState.sampler`, made once a decision; the hidden parts, such as Tikal's stack and
tokens or Altiplano's bags, are guessed afresh each time and never read), then walks one shared
tree whose edges are actions. A child is scored by UCB1 over the iterations in which its action
was available, which is how ISMCTS handles actions that exist in some samples and not in
others. Each seat in the tree maximises its own reward, so the same search serves two to five
players.

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
from meeple.bots.tree import Node, Search
from meeple.engine.actions import Action
from meeple.engine.game import GameState

#: How often (in iterations) the search checks whether its choice is already settled.
EARLY_STOP_EVERY = 8


class IsmctsBot(Bot):
    """Information-set MCTS with progressive widening; see the module docstring. The tree and
    the iteration are `meeple.bots.tree`'s."""

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
        self.search = Search(
            self.evaluation,
            self.rng,
            exploration=exploration,
            widening=widening,
            widening_alpha=widening_alpha,
            own_turn_only=self.own_turn_only,
            pruned=self.pruned,
        )
        #: Iterations run by the last `choose`, and its tree (for benchmarks, tests, analysis).
        self.last_iterations = 0
        self.last_root: Node | None = None

    # -- the decision ---------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last_iterations, self.last_root = 0, None
        if len(legal) == 1:
            return legal[0]
        root = self.grow(view, legal, stop_early=True)
        visited = [(root.children[a].visits, i) for i, a in enumerate(legal) if a in root.children]
        if not visited:
            return self.rng.choice(legal)
        best = max(v for v, _ in visited)
        return legal[self.rng.choice([i for v, i in visited if v == best])]

    def grow(self, view: Mapping[str, Any], actions: list[Action], stop_early: bool) -> Node:
        """The tree of a search from `view` over `actions` at the root, within the budget:
        `choose` stops early once its choice is settled; the analysis of a game and the
        hints (`meeple.bots.advice`) spend the whole budget, so that every estimate rests on
        the same number of iterations."""
        seat = view_seat(view)  # a spectator's view cannot be searched
        root = self.last_root = self.search.new_tree()
        seconds, iterations = self.budget.seconds, self.budget.iterations
        start = time.perf_counter()
        deadline = None if seconds is None else start + seconds
        done = 0
        # The view is read once a decision; a view the engine cannot complete is a bug to
        # report, not to play around.
        sample, iterate = self.state_class.sampler(view), self.search.iterate
        first = self.search.searched(actions)
        while (iterations is None or done < iterations) and (
            deadline is None or time.perf_counter() < deadline
        ):
            iterate(root, sample(self.rng), seat, first)
            done += 1
            if (
                stop_early
                and done % EARLY_STOP_EVERY == 0
                and self._settled(root, done, iterations, deadline, start)
            ):
                break
        self.last_iterations = done
        return root

    @staticmethod
    def _settled(
        root: Node, done: int, iterations: int | None, deadline: float | None, start: float
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
