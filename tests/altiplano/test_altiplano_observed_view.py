"""Altiplano's observation as the research adapters make it (`AltiplanoEncoding.observe`, from
the part of the view it reads, sharing the state's data) against the documented one, made from
the view: the same vector at every position of random games, for every seat and the spectators,
and the state left as it was."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from meeple.engine.registry import game_info
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.encoding import encoding
from meeple.research.games import acting_seat

VARIANTS = [
    {"players": players, "role_draft": draft, "missions": missions}
    for players in (2, 3, 4, 5)
    for draft, missions in ((False, False), (True, True))
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_observe_gives_the_views_observation(options: dict[str, object]) -> None:
    info, enc = game_info("altiplano"), encoding(options)
    state = AltiplanoState.new(options, seed=7)
    rng = random.Random(7)
    players = int(options["players"])  # type: ignore[call-overload]
    steps = 0
    kept = enc.state_observer()  # keeps each player's block from one call to the next
    while True:
        for seat in [*range(players), None]:
            before = state.to_json()
            observed = enc.state_observer().observe(state, seat)
            assert state.to_json() == before  # read, not changed
            expected = enc.observation(state.view(seat))
            assert np.array_equal(observed, expected), (seat, steps)
            assert np.array_equal(kept.observe(state, seat), expected), (seat, steps)
            assert np.array_equal(enc.observe(state, seat), expected), (seat, steps)
        seat = acting_seat(state, info)
        if seat is None or steps == 400:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    assert steps > 100


@pytest.mark.parametrize("options", VARIANTS[::3], ids=lambda o: "-".join(map(str, o.values())))
def test_one_observer_of_two_games_at_once(options: dict[str, object]) -> None:
    """One observer asked about two games in turn, and about a clone left behind, keeps
    nothing of one that shows in the other's vectors."""
    info, enc = game_info("altiplano"), encoding(options)
    games = [AltiplanoState.new(options, seed=seed) for seed in (3, 4)]
    rng = random.Random(3)
    players = int(options["players"])  # type: ignore[call-overload]
    observer = enc.state_observer()
    behind = games[0].clone()
    for step in range(300):
        for state in (*games, behind):
            seat = rng.choice([*range(players), None])
            expected = enc.observation(state.view(seat))
            got = observer.observe(state, seat)
            assert got.dtype == np.float32
            assert np.array_equal(got, expected), (step, seat)
            got[:] = -1.0  # the caller's own array: nothing kept changes
        for state in games:
            seat = acting_seat(state, info)
            if seat is not None:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        if step % 50 == 0:
            behind = games[step % 2].clone()


@pytest.mark.parametrize("options", VARIANTS[1::3], ids=lambda o: "-".join(map(str, o.values())))
def test_blocks_shared_between_viewers_that_look_in_turn(options: dict[str, object]) -> None:
    """As a learner's loop asks (only the acting seat, so each other viewer's copy of a
    block is several steps old, and the blocks others see are written once for all of
    them; what no seat sees re-dealt before each chance step, as the adapters do), now and
    then another seat or the spectators, a copy of the observer going on with a clone, and
    on to the game's end (every viewer and block rebuilt for the end): always the vector
    made from the view."""
    info, enc = game_info("altiplano"), encoding(options)
    state = AltiplanoState.new(options, seed=11)
    rng = random.Random(11)
    players = int(options["players"])  # type: ignore[call-overload]
    observer = enc.state_observer()
    copied: tuple[object, AltiplanoState] | None = None
    steps = redeals = 0
    while (seat := acting_seat(state, info)) is not None:
        viewers: list[int | None] = [seat]
        if steps % 5 == 0:
            viewers.append(rng.choice([*range(players), None]))
        for viewer in viewers:
            got = observer.observe(state, viewer)
            assert np.array_equal(got, enc.observation(state.view(viewer))), (steps, viewer)
        if steps == 100:
            copied = (copy.deepcopy(observer), state.clone())
        action = rng.choice(state.legal_actions(seat))
        if action.kind in enc.chance_kinds:
            state.redeal_unknown(rng)
            redeals += 1
        state.apply(seat, action)
        steps += 1
    assert state.is_over() and steps > 100 and redeals > 10
    for viewer in [*range(players), None]:
        assert np.array_equal(observer.observe(state, viewer), enc.observation(state.view(viewer)))
    assert copied is not None
    other, behind = copied
    for step in range(60):
        seat = acting_seat(behind, info)
        if seat is None:
            break
        got = other.observe(behind, seat)  # type: ignore[attr-defined]
        assert np.array_equal(got, enc.observation(behind.view(seat))), step
        behind.apply(seat, rng.choice(behind.legal_actions(seat)))


@pytest.mark.parametrize("seat", [-1, 3, 7])
def test_a_seat_the_table_has_not_is_refused_and_changes_nothing(seat: int) -> None:
    options = {"players": 3, "role_draft": False, "missions": False}
    info, enc = game_info("altiplano"), encoding(options)
    state = AltiplanoState.new(options, seed=5)
    rng = random.Random(5)
    observer = enc.state_observer()
    for _ in range(30):
        observer.observe(state, acting_seat(state, info))
        mover = acting_seat(state, info)
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    with pytest.raises(ValueError, match="no seat"):
        observer.observe(state, seat)
    for viewer in (2, 0, None, 1):
        assert np.array_equal(observer.observe(state, viewer), enc.observation(state.view(viewer)))


def test_observers_of_an_encoding_share_their_plan_and_the_table_is_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Making the writers, the places of a player's fields and those of the planning steps'
    parts was most of a new observer (a learner may make one per game): every observer of an
    encoding shares them (`_Plan`), the table of plans starts afresh at its limit, and
    `test_observe_gives_the_views_observation` checks observers made alike give the view's
    vectors."""
    from meeple.games.altiplano import state_observation

    monkeypatch.setattr(state_observation, "_PLANS", {})
    monkeypatch.setattr(state_observation, "_PLANS_LIMIT", 2)
    two, three = encoding({"players": 2}), encoding({"players": 3})
    first, second = two.state_observer(), two.state_observer()
    assert first._plan is second._plan
    assert first._table_writers is second._table_writers
    state = AltiplanoState.new({"players": 2}, seed=3)
    first.observe(state, 0)
    second.observe(state, 1)
    assert first._places is second._places and first._places
    assert three.state_observer()._plan is not first._plan
    encoding({"players": 4}).state_observer()  # a third encoding: the table starts afresh
    assert len(state_observation._PLANS) == 1


def test_a_new_observer_starts_from_the_first_written_numbers_and_writes_what_differs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new observer's blocks, table and secrets start from the numbers some observer of the
    plan first wrote (`_Plan.first_block` and the others), and its first look writes the
    values that differ. The cards a player gave are written whatever the copy holds: their
    numbers count seats from the viewer's, so the same value is other numbers for another
    seat. Here two seats gave the same card to the same seat, and the second seat's first
    look, after the first's, still shows the recipient counted from itself."""
    from meeple.games.altiplano import state_observation

    monkeypatch.setattr(state_observation, "_PLANS", {})
    options = {"players": 3, "role_draft": False, "missions": True}
    enc = encoding(options)
    state = AltiplanoState.new(options, seed=4)
    card = state.s["players"][0]["hand"][0]
    for seat in (0, 1):  # both gave `card` to seat 2 (plain data, as the view reads it)
        state.s["players"][seat]["gave"] = [[2, card]]
    first = enc.state_observer()
    assert np.array_equal(first.observe(state, 0), enc.observation(state.view(0)))
    plan = first._plan
    assert plan.first_block is not None and plan.first_table is not None
    assert plan.first_secret is not None
    second = enc.state_observer()
    assert np.array_equal(second.observe(state, 1), enc.observation(state.view(1)))
    for seat in (2, None):
        assert np.array_equal(
            enc.state_observer().observe(state, seat), enc.observation(state.view(seat))
        )
