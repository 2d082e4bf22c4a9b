"""The "why not" help: what a seat cannot do now, each with the rule the engine gives when the
action is tried (`GameState.refusals`)."""

from __future__ import annotations

import random

from meeple.engine.testing import random_step
from meeple.games.altiplano.state import AltiplanoState
from meeple.games.tikal.actions import Excavate
from meeple.games.tikal.state import TikalState


def positions(state_class, options, seeds=range(1, 30)):
    """Every position of a few random games."""
    for seed in seeds:
        state = state_class.new(options, seed)
        rng = random.Random(seed)
        while not state.is_over():
            yield state
            random_step(state, rng)


def test_tikal_excavation_after_one_level_with_one_figure_is_refused_by_tik6():
    """The issue's example: one figure on a temple may uncover one level a turn (TIK-6)."""
    for state in positions(TikalState, {"players": 2}):
        seat = state.to_move()[0]
        first = [
            a
            for a in state.legal_actions(seat)
            if isinstance(a, Excavate) and state.figures_on(seat, a.space) == 1
        ]
        if not first or state.ap < 2 * state.edition.costs["excavate_level"]:
            continue
        state.apply(seat, first[0])
        assert first[0] not in state.legal_actions(seat)
        before = state.to_json()
        refused = [r for r in state.refusals(seat) if r.example.startswith("Excavate")]
        assert state.to_json() == before, "asking why not changed the game"
        assert [r.rule for r in refused] == ["TIK-6"]
        assert "distinct own figure" in refused[0].reason
        return
    raise AssertionError("no position with a first excavation by one figure was found")


def test_altiplano_action_with_no_tiles_planned_is_refused_by_alt12():
    for state in positions(AltiplanoState, {"players": 2}):
        seat = state.to_move()[0]
        p = state.s["players"][seat]
        if state.s["phase"] != "actions" or p["figure"] is None or p["pending_corn"]:
            continue
        refusals = state.refusals(seat)
        produce = [r for r in refusals if "needs its tiles" in r.reason]
        if produce:
            assert produce[0].rule == "ALT-12"
            legal_labels = {state.action_label(a) for a in state.legal_actions(seat)}
            assert produce[0].example not in legal_labels
            return
    raise AssertionError("no action without its tiles was found")


def test_no_refusals_for_a_seat_that_is_not_to_move():
    state = TikalState.new({"players": 3}, 4)
    waiting = next(s for s in range(3) if s not in state.to_move())
    assert state.tried_actions(waiting) == [] and state.refusals(waiting) == []
