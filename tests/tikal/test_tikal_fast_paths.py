"""The fast paths search relies on give the answers of the plain rules code they stand in for:
memoised placements and walks, and every seat's points at once for evaluations."""

from __future__ import annotations

import random

import pytest

from meeple.engine.testing import random_step
from meeple.games.tikal import TikalState
from meeple.games.tikal.actions import PlaceTile
from meeple.games.tikal.components import SIDES, builtin_edition
from meeple.games.tikal.evaluation import TikalEvaluation
from meeple.games.tikal.paths import Paths
from meeple.games.tikal.scoring import points_now, score_seat


def positions(players: int, auction: bool, seed: int, every: int = 3) -> list[TikalState]:
    state = TikalState.new({"players": players, "auction": auction}, seed)
    rng = random.Random(seed)
    found = []
    step = 0
    while not state.is_over():
        if step % every == 0:
            found.append(state.clone())
        random_step(state, rng)
        step += 1
    return found


def plain_placements(state: TikalState, tile: int) -> list[tuple[int, int]]:
    """TIK-2 as the rulebook says it, side by side, with no tables."""
    ed = state.edition
    result = []
    for space in range(len(state.tile_at)):
        if state.tile_at[space] >= 0:
            continue
        around = ed.neighbours[space]
        if not any(nb >= 0 and state.tile_at[nb] >= 0 for nb in around):
            continue
        for rot in ed.distinct_rotations[tile]:
            if ed.tiles[tile].kind == "volcano":
                result.append((space, rot))
                continue
            mine = ed.rotated_steps[tile][rot]
            for side, nb in enumerate(around):
                if nb < 0 or state.tile_at[nb] < 0 or ed.tiles[state.tile_at[nb]].kind == "volcano":
                    continue
                theirs = ed.rotated_steps[state.tile_at[nb]][state.rotation[nb]]
                if mine[side] + theirs[(side + 3) % SIDES] >= 1:
                    result.append((space, rot))
                    break
    return result


def pairs(placements: tuple[PlaceTile, ...]) -> list[tuple[int, int]]:
    return [(placement.space, placement.rotation) for placement in placements]


@pytest.mark.parametrize(("players", "auction", "seed"), [(2, False, 1), (4, True, 2)])
def test_placements_and_walks_match_the_plain_rules(players, auction, seed):
    for state in positions(players, auction, seed):
        for tile in {*state.stack[-3:], *state.revealed, state.hand} - {-1}:
            expected = plain_placements(state, tile)
            assert pairs(state._placements(tile)) == expected  # memoised or not
            assert pairs(state._compute_placements(tile)) == expected
        # The frontier carried from layout to layout is the one worked out afresh.
        assert state.paths().frontier == Paths.of(state).frontier
        walks = state._walk_graph()
        for src in range(len(state.tile_at)):
            if state.tile_at[src] < 0:
                continue
            expected = [
                (dst, state.walk_cost(src, dst))
                for dst in state.edition.neighbours[src]
                if dst >= 0
                and state.tile_at[dst] >= 0
                and state.tile_kinds[state.tile_at[dst]] != "volcano"
                and state.walk_cost(src, dst) > 0
            ]
            assert list(walks[src]) == expected


@pytest.mark.parametrize(
    ("players", "auction", "seed"), [(2, False, 3), (3, True, 4), (4, False, 5)]
)
def test_points_now_is_score_seat_for_every_seat(players, auction, seed):
    for state in positions(players, auction, seed):
        assert points_now(state) == [score_seat(state, p)["points"] for p in range(players)]


@pytest.mark.parametrize(
    ("players", "auction", "seed"), [(2, False, 3), (3, True, 4), (4, False, 5)]
)
def test_the_evaluations_standing_is_score_and_points_now(players, auction, seed):
    """The evaluation works out every seat's points in its own pass over the temples."""
    evaluation = TikalEvaluation()
    for state in positions(players, auction, seed):
        expected = [state.score[p] + points for p, points in enumerate(points_now(state))]
        for seat in range(players):
            assert evaluation.standing_and_position(state, seat)[0] == expected


def test_the_memo_starts_afresh_and_answers_stay_the_same(monkeypatch):
    import meeple.games.tikal.state as tikal_state

    monkeypatch.setattr(tikal_state, "_MEMO_LIMIT", 2)
    builtin_edition().memo.clear()
    for state in positions(2, False, 6, every=7):
        for tile in state.stack[-2:]:
            assert pairs(state._placements(tile)) == plain_placements(state, tile)
        assert len(state.edition.memo) <= 2


def test_determinize_follows_a_view_changed_between_calls():
    """Determinization keeps the last view made into a state; a caller may change its view
    in place between calls (before the second call or after), and the states follow it."""
    state = positions(3, False, 6)[40]
    seat = state.to_move()[0]
    view = state.view(seat)
    rng = random.Random(0)
    for extra in (5, 7):  # the first change before the second call, the next one after it
        TikalState.determinize(view, rng)
        view["players"][1]["score"] += extra
        view["ap"] = extra
        changed = TikalState.determinize(view, rng)
        assert changed.score[1] == view["players"][1]["score"]
        assert changed.view(seat) == view
    assert TikalState.determinize(view, rng).view(seat) == view


def test_a_copy_to_try_an_action_leaves_the_state_alone():
    """`clone_to_try` shares the lists a figure's move never changes: applying the action to
    it must change nothing of the state, and give what a full clone gives."""
    tried = set()
    for state in positions(4, False, 8, every=7):
        seat = state.to_move()[0]
        before = state.to_json()
        for action in state.legal_actions(seat):
            trial = state.clone_to_try(action)
            trial.apply(seat, action)
            full = state.clone()
            full.apply(seat, action)
            assert trial.to_json() == full.to_json()
            assert state.to_json() == before, action
            tried.add(action.kind)
    assert {"walk", "camp_move", "deploy", "place_tile", "excavate"} <= tried


@pytest.mark.parametrize(("players", "auction", "seed"), [(2, True, 7), (4, False, 8)])
def test_every_listing_of_an_action_is_the_same_object(players, auction, seed):
    """Search finds actions by identity (`meeple.bots.tree`), so every list of legal actions
    hands out the one instance of each action, in every step, the auction's included."""
    kinds = set()
    for state in positions(players, auction, seed, every=2):
        seat = state.to_move()[0]
        first, again = state.legal_actions(seat), state.clone().legal_actions(seat)
        assert all(a is b for a, b in zip(first, again, strict=True))
        kinds.update(type(action).__name__ for action in first)
    assert {"PlaceTile", "Walk", "Deploy", "EndTurn"} <= kinds
    if auction:
        assert {"Bid", "Pass", "ChooseTile"} <= kinds


def test_numbered_actions_are_one_instance_each_also_across_threads():
    """The action tables hand out one instance per number, the right one, also when several
    threads ask for new numbers at once (a server's bot thread and its event loop)."""
    import threading
    import time

    from meeple.games.tikal.actions import Bid
    from meeple.games.tikal.state import _Numbered

    def slow_bid(amount: int) -> Bid:
        time.sleep(0.001)  # lets another thread in between making and keeping
        return Bid(amount)

    table = _Numbered(slow_bid)
    seen: list[list[Bid]] = [[] for _ in range(4)]

    def ask(into: list[Bid]) -> None:
        into.extend(table.at(amount) for amount in range(30))

    threads = [threading.Thread(target=ask, args=(into,)) for into in seen]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for got in seen:
        assert [bid.amount for bid in got] == list(range(30))
        assert all(a is b for a, b in zip(got, seen[0], strict=True))
