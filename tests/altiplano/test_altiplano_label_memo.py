"""Altiplano's action labels are kept per edition (`AltiplanoState.action_label`) by action and
the mover's role: with the memo warm from earlier games, every label of every legal action is
the one `wording.label` makes afresh, with random roles and the draft, with and without the
Missions."""

from __future__ import annotations

import random

import pytest

from meeple.games.altiplano import actions as A
from meeple.games.altiplano import state as altiplano_state
from meeple.games.altiplano.state import AltiplanoState

TABLES = [(2, False, False), (3, True, True), (4, False, True)]
#: Steps of each game: enough for every phase of a round and the next rounds' roles.
STEPS = 400


def fresh(state: AltiplanoState, action: A.Action) -> str:
    """The label made afresh: the memo left out."""
    kept = dict(state.comps.labels)
    state.comps.labels.clear()
    try:
        return state.action_label(action)
    finally:
        state.comps.labels.clear()
        state.comps.labels.update(kept)


@pytest.mark.parametrize(("players", "draft", "missions"), TABLES)
def test_a_kept_label_is_the_label_made_afresh(players: int, draft: bool, missions: bool) -> None:
    rng = random.Random(players)
    options = {"players": players, "role_draft": draft, "missions": missions}
    checked = 0
    for seed in range(2):  # the second game meets labels the first kept
        state = AltiplanoState.new(options, seed)
        for _ in range(STEPS):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            legal = state.legal_actions(seat)
            for action in legal:
                label = state.action_label(action)
                assert label == fresh(state, action), action
                assert getattr(label, "msgid", None) == getattr(fresh(state, action), "msgid", None)
                checked += 1
            state.apply(seat, rng.choice(legal))
    assert checked > 1000
    assert state.comps.labels, "no label was kept"


def test_the_memo_starts_afresh_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(altiplano_state, "LABELS_KEPT", 3)
    state = AltiplanoState.new({"players": 2}, 1)
    state.comps.labels.clear()
    for action in state.legal_actions(state.to_move()[0]) * 2:
        state.action_label(action)
        assert len(state.comps.labels) <= 3
