"""The ISMCTS bot: budgets, reproducibility, widening, abstraction, and that it plays well."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from bot_helpers import play_match

from meeple.bots import Budget, IsmctsBot
from meeple.bots import ismcts as ismcts_module
from meeple.engine.testing import random_step
from meeple.games.altiplano import AltiplanoState
from meeple.games.tikal import TikalState


def wide_tikal_position() -> TikalState:
    """A Tikal position where the seat to move has many actions."""
    state = TikalState.new({"players": 2}, 3)
    rng = random.Random(3)
    while len(state.legal_actions(state.to_move()[0])) < 20:
        random_step(state, rng)
    return state


def test_an_iteration_budget_is_reproducible():
    state = wide_tikal_position()
    seat = state.to_move()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    a, b = (IsmctsBot(TikalState, 5, budget=Budget(iterations=40)) for _ in range(2))
    assert a.choose(view, legal) == b.choose(view, legal)
    assert 0 < a.last_iterations == b.last_iterations <= 40


def test_stopping_early_saves_iterations_but_not_the_decision(monkeypatch):
    """Once the leader cannot be caught the search stops; searching on would choose the same."""
    stopped = 0
    for seed in range(3):
        state = wide_tikal_position()
        seat = state.to_move()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        early = IsmctsBot(TikalState, seed, budget=Budget(iterations=300))
        choice = early.choose(view, legal)
        with monkeypatch.context() as patch:
            patch.setattr(ismcts_module, "EARLY_STOP_EVERY", 10**9)
            late = IsmctsBot(TikalState, seed, budget=Budget(iterations=300))
            assert late.choose(view, legal) == choice
        assert late.last_iterations == 300
        stopped += early.last_iterations < 300
    assert stopped >= 1, "the search never stopped early"


def test_a_time_budget_stops_the_search(monkeypatch):
    """With a clock that advances a quarter second per reading, a one-second budget allows
    exactly three iterations (deadline read at 0, then 0.25, 0.5, 0.75 go on and 1.0 stops)."""
    ticks = iter(range(1000))
    monkeypatch.setattr(ismcts_module.time, "perf_counter", lambda: next(ticks) * 0.25)
    state = wide_tikal_position()
    seat = state.to_move()[0]
    bot = IsmctsBot(TikalState, 1, budget=Budget(seconds=1.0))
    assert bot.choose(state.view(seat), state.legal_actions(seat)) in state.legal_actions(seat)
    assert bot.last_iterations == 3


def test_progressive_widening_grows_the_best_candidates_first():
    state = wide_tikal_position()
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    bot = IsmctsBot(TikalState, 2, budget=Budget(iterations=16))
    bot.choose(state.view(seat), legal)
    root = bot.last_root
    assert root is not None and root.visits == 16
    limit = math.ceil(bot.widening * 16**bot.widening_alpha)
    assert len(root.children) <= limit < len(legal)
    # The children were added in the order of the evaluation's prior: the first is the best.
    first = next(iter(root.children))
    assert root.priors[first] == max(root.priors.values())


def test_the_search_leaves_out_undo_steps_in_altiplano():
    state = AltiplanoState.new({"players": 2}, 4)
    rng = random.Random(4)
    seen_unplace = False
    for _ in range(400):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if "unplace" in kinds and len(kinds) > 1:
            seen_unplace = True
            bot = IsmctsBot(AltiplanoState, 1, budget=Budget(iterations=30))
            assert bot.choose(state.view(seat), legal).kind != "unplace"
            assert all(a.kind != "unplace" for a in bot.last_root.children)
        random_step(state, rng)
    assert seen_unplace


@pytest.mark.parametrize("state_class", [TikalState, AltiplanoState])
def test_ismcts_beats_random(state_class):
    for seed in (0, 1):
        names = ["ismcts:30i", "random"] if seed == 0 else ["random", "ismcts:30i"]
        state = play_match(state_class, seed, names)
        assert state.winners() == [names.index("ismcts:30i")], state.scores()


def test_a_seat_acting_alongside_others_searches_its_own_actions():
    """In Altiplano's planning both seats act at once; the second seat's search must be about
    its own actions (the tree's first step is the searching seat's, whoever is listed first)."""
    state = AltiplanoState.new({"players": 2}, 6)
    rng = random.Random(6)
    while not (len(state.to_move()) > 1 and len(state.legal_actions(state.to_move()[1])) > 1):
        random_step(state, rng)
    seat = state.to_move()[1]
    legal = state.legal_actions(seat)
    bot = IsmctsBot(AltiplanoState, 3, budget=Budget(iterations=24))
    assert bot.choose(state.view(seat), legal) in legal
    assert bot.last_root.children and set(bot.last_root.children) <= set(legal)
    assert all(child.mover == seat for child in bot.last_root.children.values())


class FreshActionsTikal(TikalState):
    """Tikal whose legal actions are new instances at every call, equal to the usual ones (an
    engine that does not memoise its actions)."""

    def legal_actions(self, seat: int) -> list:
        return [dataclasses.replace(a) for a in super().legal_actions(seat)]


def test_the_search_is_the_same_whether_or_not_an_engine_reuses_its_actions():
    """The tree finds actions by the identity of the first instance of each value; an engine
    that hands out new instances must get the same search, value for value."""
    state = wide_tikal_position()
    seat = state.to_move()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    fresh_state = FreshActionsTikal.from_json(state.to_json())
    fresh_legal = fresh_state.legal_actions(seat)
    assert fresh_legal == legal and not any(a is b for a, b in zip(fresh_legal, legal, strict=True))
    plain, fresh = (
        IsmctsBot(cls, 4, budget=Budget(iterations=60)) for cls in (TikalState, FreshActionsTikal)
    )
    assert fresh.choose(view, fresh_legal) == plain.choose(view, legal)
    tree = {a: (c.visits, c.avail, c.reward) for a, c in plain.last_root.children.items()}
    assert {a: (c.visits, c.avail, c.reward) for a, c in fresh.last_root.children.items()} == tree
    assert fresh.last_root.priors == plain.last_root.priors
