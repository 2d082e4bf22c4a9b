"""Tikal's action labels are kept per edition (`narration.describe`) under the action and what
else of the state they read: with the memo warm from earlier games, every label of every legal
action (and of actions off the board, which the server labels when it refuses them) is the one
made afresh, in every table size and with the auction."""

from __future__ import annotations

import random

import pytest

from meeple.games.tikal import narration
from meeple.games.tikal.actions import Excavate, PlaceTile, Walk
from meeple.games.tikal.components import builtin_edition
from meeple.games.tikal.state import TikalState

TABLES = [(2, False), (3, True), (4, False)]


@pytest.mark.parametrize(("players", "auction"), TABLES)
def test_a_kept_label_is_the_label_made_afresh(players: int, auction: bool) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(3):  # later games meet labels the earlier ones kept
        state = TikalState.new({"players": players, "auction": auction}, seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            refused = [PlaceTile(99, 1), Walk("worker", 99, 3), Excavate(99)]
            for action in [*legal, *refused]:
                label = state.action_label(action)
                assert label == narration._describe(state, action), action
                assert label.msgid == narration._describe(state, action).msgid
                checked += 1
            state.apply(seat, rng.choice(legal))
    assert checked > 1000
    assert builtin_edition().labels, "no label was kept"


def test_the_memo_starts_afresh_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(narration, "LABELS_KEPT", 5)
    state = TikalState.new({"players": 2}, 1)
    state.edition.labels.clear()
    for action in state.legal_actions(state.to_move()[0]) * 2:
        assert state.action_label(action) == narration._describe(state, action)
        assert len(state.edition.labels) <= 5
