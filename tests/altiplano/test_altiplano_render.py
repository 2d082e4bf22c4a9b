"""The terminal picture renders every phase for every seat and names every action's group."""

from __future__ import annotations

import io
import random

from rich.console import Console

from meeple.engine.testing import random_step
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.actions import ACTION_TYPES
from meeple.games.altiplano.terminal import ACTION_GROUPS, render, render_score_sheet


def test_render_whole_game() -> None:
    state = AltiplanoState.new({"players": 3, "missions": True, "role_draft": True}, 5)
    rng = random.Random(5)
    console = Console(file=io.StringIO(), width=120)
    step = 0
    while not state.is_over():
        if step % 60 == 0:
            for seat in (None, 0, 1, 2):
                console.print(render(state.view(seat)))
        for seat in state.to_move():
            for action in state.legal_actions(seat):
                label = state.action_label(action)
                assert "_" not in label, f"an id in the label {label!r}"
        random_step(state, rng)
        step += 1
    console.print(render(state.view(0)))
    console.print(render_score_sheet(state.score_sheet()))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Extension strip" in text and "Warehouse" in text and "Score sheet" in text
    ids = [*state.comps.orders, *state.comps.missions, *state.comps.extensions]
    assert not [i for i in ids if i in text], "the screen shows ids instead of names"


def test_every_action_kind_has_a_group() -> None:
    for action_type in ACTION_TYPES:
        assert ACTION_GROUPS[action_type.kind]
