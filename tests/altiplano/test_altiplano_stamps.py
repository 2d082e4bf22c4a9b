"""Altiplano's stamps (`meeple.engine.stamps`, `AltiplanoState.stamp` and `applied`) and what
each kind of action may change (`footprints`), which Altiplano's observation and the server's
views trust instead of comparing every player's data (`state_observation`, `hidden.make_view`):
over random games of every table, with re-deals and determinized copies in between,

- two states with the same stamp show every seat the same view (a stamp seen again is a
  copy's, the same state's unchanged, or re-dealt: what `redeal_unknown` re-deals no seat
  sees, and it changes no player's data);
- every apply gives a new stamp, and `applied` holds the stamp before it, the seat and the
  action; a re-deal keeps both;
- after an action of `ONE_PLAYER`, nothing changed but that seat's player data, and of it only
  the fields `planned_fields` names, and of those only the parts `planned_parts` names;
- after an action of `ONE_SEAT`, no other player's data changed but, if it ended a round,
  their `ROUND_END_FIELDS`, and of the actor's only those and the fields `PLAYER_FIELDS` names
  for it; unless it ended a round, of the table only the values `TABLE_FIELDS` names for it
  (and `PHASE_END_TABLE` if it ended a phase)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from meeple.engine.registry import game_info
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano import actions as A
from meeple.games.altiplano.encoding import encoding
from meeple.games.altiplano.footprints import (
    ONE_PLAYER,
    ONE_SEAT,
    PHASE_END_TABLE,
    PLAYER_FIELDS,
    ROUND_END_FIELDS,
    TABLE_FIELDS,
    planned_fields,
    planned_parts,
)
from meeple.research.games import acting_seat

VARIANTS = [
    {"players": players, "role_draft": draft, "missions": missions}
    for players in (2, 3, 4, 5)
    for draft, missions in ((False, False), (True, True))
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_a_stamp_stands_for_one_content_and_each_action_changes_what_its_footprint_says(
    options: dict[str, Any],
) -> None:
    info = game_info("altiplano")
    rng = random.Random(options["players"])
    state = AltiplanoState.new(options, seed=options["players"])
    views: dict[int, list[dict[str, Any]]] = {}
    viewers = [*range(options["players"]), None]
    own_changes = one_seat = round_ends = 0

    def seen(s: AltiplanoState) -> None:
        shown = [s.view(viewer) for viewer in viewers]
        assert views.setdefault(s.stamp, shown) == shown, "one stamp, two views"

    steps = 0
    while (seat := acting_seat(state, info)) is not None:
        seen(state)
        copy = state.clone()
        assert copy.stamp == state.stamp
        if rng.random() < 0.05:  # the research adapters' chance, and a searcher's samples
            stamp, applied, players = (
                state.stamp,
                state.applied,
                state.to_json()["state"]["players"],
            )
            state.redeal_unknown(rng)
            assert (state.stamp, state.applied) == (stamp, applied)
            assert state.to_json()["state"]["players"] == players
            seen(state)
            seen(AltiplanoState.determinize(state.view(seat), rng))
        before, stamp = state.to_json()["state"], state.stamp
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        assert state.stamp != stamp
        after = state.to_json()["state"]
        kind = type(action)
        assert state.applied is not None
        assert state.applied[:2] == (stamp, seat) and state.applied[2] is action
        if kind in ONE_PLAYER:
            table = {k for k in before if k != "players" and before[k] != after[k]}
            assert not table, (action, table)
            mine, now = before["players"][seat], after["players"][seat]
            changed = {k for k in mine if mine[k] != now[k]}
            assert changed <= planned_fields(action) <= PLAYER_FIELDS[kind], (action, changed)
            check_parts(mine, now, action)
            own_changes += 1
        if kind in ONE_SEAT:
            check_footprint(before, after, seat, action)
            one_seat += 1
            round_ends += before["round"] != after["round"]
        seen(copy)  # the copy kept the content of its stamp
        steps += 1
    assert own_changes > 20 and one_seat > own_changes and round_ends > 2


def check_parts(mine: dict[str, Any], now: dict[str, Any], action: Any) -> None:
    """The player's data `mine` before an action of `ONE_PLAYER` and `now` after it differ only
    in the parts `planned_parts` names: a location's row of ``fields``, a good's count of
    ``planning``, a placement's number in ``placed_now`` (None: anywhere in the field)."""
    parts = dict(planned_parts(action))
    assert sorted(parts) == sorted(planned_fields(action)), action
    for field, part in parts.items():
        if part is None:
            continue
        if field in ("fields", "planning"):  # the other locations', the other goods'
            assert {k: v for k, v in mine[field].items() if k != part} == {
                k: v for k, v in now[field].items() if k != part
            }, (action, field)
        else:  # the other placements
            placement = list(part)
            assert sorted(x for x in mine[field] if x != placement) == sorted(
                x for x in now[field] if x != placement
            ), (action, field)


def check_footprint(before: dict[str, Any], after: dict[str, Any], seat: int, action: Any) -> None:
    """An action of `ONE_SEAT` by `seat` from the state data `before` to `after` changed no
    other player's data but, if it ended a round, their `ROUND_END_FIELDS`, and of the actor's
    only those and the fields `PLAYER_FIELDS` names for its type; and unless it ended a round,
    of the table only the values `TABLE_FIELDS` names for its type, and if it ended a phase,
    `PHASE_END_TABLE`."""
    if before["round"] == after["round"]:
        table = {k for k in before if k != "players" and before[k] != after[k]}
        footprint = TABLE_FIELDS[type(action)]
        if before["phase"] != after["phase"]:
            footprint |= PHASE_END_TABLE
        assert table <= footprint, (action, table - footprint)
    rounds_end = ROUND_END_FIELDS if before["round"] != after["round"] else frozenset()
    for i, (mine, now) in enumerate(zip(before["players"], after["players"], strict=True)):
        changed = {k for k in mine.keys() | now.keys() if mine.get(k) != now.get(k)}
        if i != seat:
            assert changed <= rounds_end, (action, i, changed - rounds_end)
        else:
            footprint = PLAYER_FIELDS[type(action)] | rounds_end
            assert changed <= footprint, (action, changed - footprint)


#: The extensions whose actions random games seldom reach, and those actions (a coin taken
#: back from a movement field comes only after one placed there, in another round).
SPECIAL = ("swap_planning_tile", "final_storage", "corn_buffer", "coin_movement")
SELDOM = (A.SwapDiscard, A.SwapDraw, A.SwapPick, A.SwapSkip, A.FinalDraw)


def test_the_special_extensions_steps_change_what_their_footprints_say() -> None:
    """The swap of a planning tile, the final storage's draw and the coins' movement fields,
    each a special extension that random games seldom buy: dealt to the players at the start,
    and their steps taken whenever they may be. A learner's observation (the seat to act at
    every step, re-deals before chance steps) is the view's at every step."""
    info = game_info("altiplano")
    state = AltiplanoState.new({"players": 3}, seed=8)
    for k, eid in enumerate(SPECIAL):
        s, p = state.s, state.s["players"][k % 3]
        if eid in s["stack"]:
            s["stack"].remove(eid)
        if eid in s["strip"]:
            s["strip"][s["strip"].index(eid)] = None
        p["ext"].append(eid)
        if state.comps.extensions[eid].conversion is not None:
            p["ext_fields"][eid] = {}
    state = AltiplanoState.from_json(state.to_json())  # checked as any state read
    rng = random.Random(8)
    enc = encoding(state.options)
    observer = enc.state_observer()
    taken: set[type] = set()
    steps = 0
    while (seat := acting_seat(state, info)) is not None:
        observed = observer.observe(state, seat)
        assert np.array_equal(observed, enc.observation(state.view(seat))), steps
        legal = state.legal_actions(seat)
        seldom = [a for a in legal if type(a) in (*SELDOM, A.TakeBackCoin)]
        action = rng.choice(seldom or legal)
        if action.kind in enc.chance_kinds:
            state.redeal_unknown(rng)
        before = state.to_json()["state"]
        state.apply(seat, action)
        if type(action) in ONE_SEAT:
            check_footprint(before, state.to_json()["state"], seat, action)
        taken.add(type(action))
        steps += 1
    assert taken >= set(SELDOM)


#: The actions that bring a player's missions on (rows stored, orders delivered, boats and
#: houses), preferred where legal so that missions are fulfilled within a few games.
MISSION_WORK = (A.Store, A.StoreCorn, A.StoreBuffered, A.Deliver, A.BuyOrder, A.Produce)


def test_a_mission_revealed_at_a_location_is_in_the_actions_footprint() -> None:
    """A mission fulfilled by an action at a location is revealed (`turns.acted`), which random
    games seldom reach: games with Missions that prefer the actions bringing missions on,
    every step's footprint checked, until actions at locations have revealed two missions
    (one in some ten such games)."""
    info = game_info("altiplano")
    revealed_by: list[str] = []
    for seed in range(40):
        rng = random.Random(seed)
        options = {"players": 2 + seed % 4, "role_draft": True, "missions": True}
        state = AltiplanoState.new(options, seed=seed)
        while (seat := acting_seat(state, info)) is not None:
            legal = state.legal_actions(seat)
            action = rng.choice([a for a in legal if type(a) in MISSION_WORK] or legal)
            before = state.to_json()["state"]
            state.apply(seat, action)
            after = state.to_json()["state"]
            if type(action) in ONE_SEAT:
                check_footprint(before, after, seat, action)
            if before["players"][seat]["revealed"] != after["players"][seat]["revealed"]:
                revealed_by.append(type(action).__name__)
        if len(revealed_by) >= 2:
            break
    assert len(revealed_by) >= 2, revealed_by


def test_corn_kept_in_the_buffer_and_stored_from_it_changes_what_the_footprints_say() -> None:
    """The corn buffer's two steps, which random games almost never reach (corn is seldom
    received, and the buffer is a special extension): at a player's turn at the village, the
    player is given the buffer and a corn waiting on the road (`pending_corn`), keeps it in
    the buffer (`BufferCorn`), then stores it from there (`StoreBuffered`)."""
    info = game_info("altiplano")
    rng = random.Random(5)
    state = AltiplanoState.new({"players": 2}, seed=5)
    while (seat := acting_seat(state, info)) is not None:
        legal = state.legal_actions(seat)
        if state.s["players"][seat]["figure"] == "village" and any(
            type(a) is A.Store for a in legal
        ):
            break
        state.apply(seat, rng.choice(legal))
    assert seat is not None, "no turn at the village"
    data = state.to_json()
    data["state"]["players"][seat]["ext"].append("corn_buffer")
    data["state"]["players"][seat]["pending_corn"] = 1
    state = AltiplanoState.from_json(data)  # checked as any state read
    for kind in (A.BufferCorn, A.StoreBuffered):
        action = next(a for a in state.legal_actions(seat) if type(a) is kind)
        before = state.to_json()["state"]
        state.apply(seat, action)
        after = state.to_json()["state"]
        check_footprint(before, after, seat, action)
        assert before["players"][seat]["buffer"] != after["players"][seat]["buffer"]
