"""The legal-action lists are the rule checks' answers: along random games, every action a
player could name (each kind, with every value the edition and the table offer and a few
that they do not) is listed by `legal_actions` exactly when `_problem` finds no rule against
it. So `apply`, which checks with `_problem` only an action it does not find in the list, and
the lists' fast paths can never disagree; and every refusal names a ruling.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from meeple.engine.actions import Action
from meeple.engine.testing import random_positions
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import warehouse as W


def _targets(state: AltiplanoState, seat: int) -> list[str]:
    """Every field name of the player's, and some that the player does not have."""
    comps, p = state.comps, state.s["players"][seat]
    others = [e for e in comps.extensions if e not in p["ext"]][:2]
    return [
        *(f"loc:{loc}" for loc in comps.locations),
        "loc:centre",
        "role",
        *(f"ext:{e}" for e in [*p["ext"], *others]),
        *(f"wild:{e}" for e in [*p["wild"], "wildcard_field"]),
        *(f"move:{i}" for i in range(len(p["move"]) + 1)),
        "move:01",
        "move:-1",
    ]


def candidates(state: AltiplanoState, seat: int) -> Iterator[Action]:
    """Actions of the current phase with all values worth naming, and one of each other kind."""
    comps, s = state.comps, state.s
    p = s["players"][seat]
    phase = s["phase"]
    goods = [*comps.goods, C.COINS, "gold"]
    rows = range(-1, len(comps.rows) + 1)
    yield from (A.Done(), A.Pass(), A.Draw(), A.FinalDone(), A.ChooseRole(next(iter(comps.roles))))
    if phase == "roles":
        yield from (A.ChooseRole(r) for r in [*comps.roles, "king"])
    elif phase == "missions":
        for mission in [*comps.missions, "x"]:
            yield from (A.KeepMission(mission), A.PassMission(mission))
    elif phase == "draw":
        yield from (A.SwapSkip(), A.SwapDraw())
        for good in goods:
            yield from (A.SwapDiscard(good), A.SwapPick(good))
        for target in _targets(state, seat):
            yield A.TakeBackCoin(target)
            yield from (A.TakeBackTile(target, good) for good in goods)
    elif phase == "plan":
        for target in _targets(state, seat):
            for good in goods:
                yield from (A.Place(target, good), A.Unplace(target, good))
    elif phase == "actions":
        yield from (A.EndTurn(), A.BufferCorn(), A.BuildRoad())
        yield from (A.PlaceFigure(loc) for loc in [*comps.locations, "centre"])
        for via in range(-1, len(p["move"]) + 1):
            yield from (A.Move(via, loc) for loc in comps.locations)
        outs = sorted({o for conv in C.BASIC_ACTIONS for o in conv.out} | {""})
        outs += sorted(set(comps.boats) | set(comps.houses))
        sources = [conv.key for conv in C.BASIC_ACTIONS] + ["role", "boat", "house", "x"]
        sources += [t for t in _targets(state, seat) if t.startswith("ext:")]
        for source in sources:
            yield from (A.Produce(source, out) for out in outs)
        for good in goods:
            yield from (A.Sell(good), A.Deliver(good))
            yield from (A.Store(good, row) for row in rows)
        for row in rows:
            yield from (A.StoreBuffered(row), A.StoreCorn(row))
        yield from (A.BuyCart(i) for i in range(-1, len(p["carts"]) + 1))
        yield from (A.BuyExtension(i) for i in range(-1, len(s["strip"]) + 1))
        yield from (A.BuyOrder(o) for o in [*comps.orders, A.NO_ORDER])
    elif phase == "final":
        yield A.FinalDraw()
        for good in goods:
            yield from (A.Store(good, row) for row in rows)


def check_position(state: AltiplanoState) -> int:
    """Compare lists and checks for every seat to move; return how many actions were judged."""
    judged = 0
    for seat in range(state.num_players):
        legal = state.legal_actions(seat)
        if seat not in state.to_move():
            assert legal == [], (seat, legal)
            continue
        assert len(set(legal)) == len(legal), "an action is listed twice"
        listed = set(legal)
        for action in candidates(state, seat):
            problem = state._problem(seat, action)
            if action in listed:
                assert problem is None, (action, problem)
            else:
                assert problem is not None, f"{action} has no problem but is not listed"
                rule, reason = problem
                assert rule.startswith(("ALT-", "rulebook: phase ")) and reason, problem
            judged += 1
        assert listed <= set(candidates(state, seat)), listed - set(candidates(state, seat))
    return judged


def positions(options: dict[str, object], seed: int, every: int) -> Iterator[AltiplanoState]:
    for state in random_positions(AltiplanoState, options, seed, every):
        assert isinstance(state, AltiplanoState)
        yield state


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"players": 2}, 1),
        ({"players": 3, "missions": True, "role_draft": True}, 2),
        ({"players": 4, "missions": True}, 3),
        ({"players": 5, "role_draft": True}, 4),
    ],
)
def test_legal_actions_are_exactly_the_actions_without_a_problem(
    options: dict[str, object], seed: int
) -> None:
    judged = sum(check_position(state) for state in positions(options, seed, every=3))
    assert judged > 10_000


def test_a_listed_action_is_applied_without_a_check_and_an_unlisted_one_is_checked() -> None:
    """`apply` trusts the list of the state it is applied to, and only that one."""
    state = next(s for s in positions({"players": 2}, 5, every=1) if s.s["phase"] == "actions")
    seat = state.to_move()[0]
    fresh = AltiplanoState.from_json(state.to_json())  # no list computed yet
    action = state.legal_actions(seat)[0]
    fresh.apply(seat, action)
    state.apply(seat, action)
    assert fresh.to_json() == state.to_json()


@pytest.mark.parametrize("good", ["corn", "wood", "food", "fish"])
def test_storage_rows_are_the_rows_without_a_storage_problem(good: str) -> None:
    """`storage_rows` and `final_storage_rows` list what the problem functions allow, over
    every warehouse of 4 rows (each empty, started or full, with corn, wood or fish)."""
    spec = (C.Row(2, 1), C.Row(2, 1), C.Row(3, 1), C.Row(3, 1))
    contents = [[], ["corn"], ["wood"], ["fish"], ["corn", "corn"], ["wood", "wood"]]
    rng = random.Random(good)
    for _ in range(2000):
        rows = [list(rng.choice(contents)) for _ in spec]
        allowed = [r for r in range(-1, 5) if W.storage_problem(rows, spec, good, r) is None]
        assert sorted(W.storage_rows(rows, spec, good)) == allowed, rows
        final = [r for r in range(-1, 5) if W.final_storage_problem(rows, spec, good, r) is None]
        assert W.final_storage_rows(rows, spec, good) == final, rows
