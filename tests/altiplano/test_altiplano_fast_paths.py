"""The fast paths search relies on give the answers of the code they stand in for: the score
sheet's totals alone, clones that keep the cached legal actions, grouped conversions."""

from __future__ import annotations

import random

import pytest

from meeple.engine.testing import random_step
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.scoring import score_sheet, totals


def positions(options: dict, seed: int, every: int = 5, limit: int = 3000) -> list[AltiplanoState]:
    state = AltiplanoState.new(options, seed)
    rng = random.Random(seed)
    found = []
    step = 0
    while step < limit:
        if step % every == 0 or state.is_over():
            found.append(state.clone())
        if state.is_over():
            break
        random_step(state, rng)
        step += 1
    return found


OPTIONS = [
    ({"players": 2}, 1),
    ({"players": 3, "missions": True, "role_draft": True}, 2),
    ({"players": 4, "missions": True}, 3),
]


@pytest.mark.parametrize(("options", "seed"), OPTIONS)
def test_totals_are_the_score_sheets(options, seed):
    for state in positions(options, seed):
        over = state.is_over()
        sheet = score_sheet(state.comps, state.s, over)["players"]
        got, owned = totals(state.comps, state.s, over)
        assert got == [p["total"] for p in sheet]
        assert owned == [p["detail"]["owned"] for p in sheet]
        assert state.scores() == got


@pytest.mark.parametrize(("options", "seed"), OPTIONS)
def test_a_clone_keeps_the_legal_actions_and_drops_them_on_its_own_moves(options, seed):
    for state in positions(options, seed, every=7):
        if state.is_over():
            continue
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        twin = state.clone()
        assert twin.legal_actions(seat) == legal
        twin.apply(seat, legal[-1])
        fresh = AltiplanoState.from_json(twin.to_json())
        for other in range(twin.num_players):
            assert twin.legal_actions(other) == fresh.legal_actions(other)
        assert state.legal_actions(seat) == legal  # the original is untouched


@pytest.mark.parametrize(("options", "seed"), OPTIONS)
def test_grouped_conversions_are_the_conversions_by_location(options, seed):
    for state in positions(options, seed, every=11):
        for p in state.s["players"]:
            grouped = state._conversions_by_location(p)
            for loc in state.comps.locations:
                expected = [(k, c) for k, c in state.conversions(p) if c.location == loc]
                assert list(grouped.get(loc, ())) == expected


def test_the_editions_memo_stays_bounded(monkeypatch):
    """The edition's memo (outfits, market inputs) is shared by every game of a server: it
    starts afresh when full instead of growing with every game played."""
    from meeple.games.altiplano import outfit

    monkeypatch.setattr(outfit, "_MEMO_LIMIT", 3)
    state = AltiplanoState.new({"players": 4}, 2)
    memo = state.comps.memo
    memo.clear()  # a cache: emptying it changes nothing but speed
    rng = random.Random(2)
    largest = 0
    for _ in range(300):
        random_step(state, rng)
        largest = max(largest, len(memo))
    assert 0 < largest <= 3
