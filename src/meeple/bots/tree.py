"""The ISMCTS tree and one iteration of its search (`meeple.bots.ismcts` explains the method).

This is the search's own per-iteration work: walking the tree, UCB1 among the available
children, progressive widening by the evaluation's prior, and the backup of a leaf's value.
It lives apart from the bot so that the optional compiled build (setup.py) can compile it:
nothing here subclasses an interpreted class.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection

from meeple.engine.actions import Action
from meeple.engine.evaluation import Evaluation
from meeple.engine.game import GameState

#: Points of evaluation that make a 73 % reward (the logistic's scale); both games' evaluations
#: are in points, so one scale serves both.
REWARD_SCALE = 8.0


class Node:
    """One edge of the tree: the action that led here, chosen by `mover`.

    `children` and `priors` are keyed by action, in the order they were made (the record the
    bot and its tests read); the search itself finds them by key (`Search.key`)."""

    def __init__(self, mover: int, action: Action | None = None) -> None:
        self.mover = mover
        self.action = action  # None at the root
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Action, Node] = {}
        self.priors: dict[Action, float] = {}  # evaluation after each action seen here
        self.kids: dict[int, Node] = {}  # `children` by key
        self.prior_by_key: dict[int, float] = {}  # `priors` by key


class Search:
    """The parameters of one bot's search and its iteration over a shared tree.

    Actions are found in the tree by a key: the identity of the first instance of the action's
    value seen in the decision (`key`). Both games hand out one instance per distinct action
    (their action constructors are memoised), so this costs an ``id`` and an integer look-up
    where a look-up by value called the dataclass's ``__hash__``, in Python, for every legal
    action at every node the search passed. An engine that makes new instances finds its
    actions all the same (each new instance is looked up by value once), so the search
    behaves the same either way."""

    def __init__(
        self,
        evaluation: Evaluation,
        rng: random.Random,
        *,
        exploration: float,
        widening: float,
        widening_alpha: float,
        own_turn_only: bool,
        pruned: Collection[str],
    ) -> None:
        self.evaluation = evaluation
        self.rng = rng
        self.exploration = exploration
        self.widening = widening
        self.widening_alpha = widening_alpha
        self.own_turn_only = own_turn_only
        self.pruned = frozenset(pruned)
        self.limits: list[int] = []  # children a node of `visits` visits may have, by visits
        # The decision's keys (see the class docstring), made afresh by `new_tree`.
        self.keys: dict[int, int] = {}  # id() of every instance seen -> its key
        self.first: dict[Action, Action] = {}  # each value seen -> its first instance
        self.by_key: dict[int, Action] = {}  # key -> that first instance
        self.others: list[Action] = []  # later instances, kept so that their ids stay theirs

    def new_tree(self) -> Node:
        """The root of a decision's tree, with the keys of the last decision forgotten."""
        self.keys, self.first, self.by_key, self.others = {}, {}, {}, []
        return Node(mover=-1)

    def key(self, action: Action) -> int:
        """The key of `action` in this decision's tree."""
        key = self.keys.get(id(action))
        if key is None:
            first = self.first.setdefault(action, action)
            key = self.keys[id(action)] = id(first)
            if first is action:
                self.by_key[key] = action
            else:
                self.others.append(action)
        return key

    def iterate(self, root: Node, state: GameState, seat: int, first: list[Action]) -> None:
        """One iteration on `state` (a fresh determinization, used up by it): down the tree
        to a new node or the end, then the leaf's value back up the path.

        `first` are the seat's actions at the root (`searched` of the decision's legal
        actions): every determinization of the seat's view offers the seat the same legal
        actions in the same order (`meeple.engine.testing` holds every game to it), so they
        are not listed again at every iteration."""
        node = self.step(root, state, seat, first)
        path = [node]
        while node.visits > 0 and not state.is_over():
            movers = state.to_move()
            # When seats act at once (Altiplano's planning), the searching seat goes first.
            mover = seat if seat in movers else movers[0]
            if self.own_turn_only and mover != seat:
                break
            node = self.step(node, state, mover, self.searched(state.legal_actions(mover)))
            path.append(node)
        self.backup(state, path)
        root.visits += 1

    def step(self, node: Node, state: GameState, mover: int, actions: list[Action]) -> Node:
        """Choose among `actions` at `node` and play the choice on `state`; the child chosen."""
        child = self.select(node, state, mover, actions)
        action = child.action
        assert action is not None  # only the root has none
        state.apply(mover, action)
        return child

    def searched(self, legal: list[Action]) -> list[Action]:
        """Legal actions without the pruned kinds (unless nothing else is left)."""
        if self.pruned:
            pruned = self.pruned
            kept = [a for a in legal if a.kind not in pruned]
            return kept if kept else legal
        return legal

    def select(self, node: Node, state: GameState, mover: int, actions: list[Action]) -> Node:
        """The child to follow: a new one while widening allows, else the best by UCB1."""
        if len(actions) == 1:
            key = self.key(actions[0])
            child = node.kids.get(key)
            if child is None:
                child = self.add_child(node, key, mover)
            child.avail += 1
            return child
        keys, kids = self.keys, node.kids
        available: list[Node] = []
        for action in actions:
            known = keys.get(id(action))
            child = kids.get(self.key(action) if known is None else known)
            if child is not None:
                available.append(child)
        if len(available) < min(self.limit(node.visits), len(actions)):
            fresh = self.add_child(node, self.best_fresh(node, state, mover, actions), mover)
            for other in available:
                other.avail += 1
            fresh.avail += 1
            return fresh
        # UCB1 on means rescaled to 0..1 among the siblings: the evaluation's differences between
        # good and bad actions are often a fraction of a point, which a fixed exploration
        # constant would drown.
        means = [child.reward / child.visits for child in available]
        low, high = min(means), max(means)
        spread = high - low if high - low > 1e-12 else 1.0
        c = self.exploration
        best = available[0]
        best_score = -math.inf
        for index, child in enumerate(available):
            child.avail += 1
            score = (means[index] - low) / spread + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        return best

    def limit(self, visits: int) -> int:
        """How many children progressive widening allows a node visited `visits` times."""
        limits = self.limits
        while len(limits) <= visits:
            limits.append(math.ceil(self.widening * (len(limits) + 1) ** self.widening_alpha))
        return limits[visits]

    def add_child(self, node: Node, key: int, mover: int) -> Node:
        action = self.by_key[key]
        child = node.kids[key] = node.children[action] = Node(mover, action)
        return child

    def best_fresh(self, node: Node, state: GameState, mover: int, actions: list[Action]) -> int:
        """The key of the untried action the evaluation likes best after one step (ties at
        random). Every action of `actions` has its key already (`select` made them).

        Priors are computed once per node and action, the first time the action is seen there."""
        keys, kids, priors = self.keys, node.kids, node.prior_by_key
        best: list[int] = []
        best_value = -math.inf
        for action in actions:
            key = keys[id(action)]
            if key in kids:
                continue
            value = priors.get(key)
            if value is None:
                value = priors[key] = self.evaluation.action_value(state, mover, action)
                node.priors[self.by_key[key]] = value
            if value > best_value + 1e-9:
                best, best_value = [key], value
            elif value >= best_value - 1e-9:
                best.append(key)
        return self.rng.choice(best)

    # -- values -----------------------------------------------------------------------------------
    def backup(self, state: GameState, path: list[Node]) -> None:
        """Add the leaf's reward to every node of `path` for the seat that chose it."""
        seats = sorted({node.mover for node in path})
        rewards = self.rewards(state, seats)
        for node in path:
            node.visits += 1
            node.reward += rewards[node.mover]

    def rewards(self, state: GameState, seats: list[int]) -> dict[int, float]:
        """The reward in 0..1 for a leaf of each of `seats` (those that chose on the way
        to it: the others' rewards would go nowhere, and with the tree cut at the end of the
        own steps that is every other seat): won or lost, or the evaluation squashed.

        There is no random playout: random play in these games is so far from real play (it
        scores a few points in Altiplano) that the evaluation of the leaf itself says more."""
        if state.is_over():
            winners = state.winners()
            return {s: 1.0 / len(winners) if s in winners else 0.0 for s in seats}
        return {s: squash(self.evaluation.evaluate(state, s)) for s in seats}


def squash(points: float) -> float:
    """An evaluation in points to a reward in 0..1 (logistic, clamped against overflow)."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, points / REWARD_SCALE))))
