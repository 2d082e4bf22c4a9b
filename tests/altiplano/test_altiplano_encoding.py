"""Altiplano's encoding for the research adapters: the fixed action space and the observation.

Random games of every variant (2-5 players, random roles or role draft, with or without
Missions) check that every legal action has an index that leads back to it, that observations
keep one shape and are float32, that they show exactly the seat's view (equal for states that
differ only in what the seat may not see, different whenever the view differs) and that the
action space has every action kind. Games of three or more players are cut short to keep the
whole file within a few seconds; two-player games are played to the end.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import numpy as np
import pytest

from meeple.engine.registry import game_info
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import encoding as altiplano_encoding
from meeple.games.altiplano.components import BASIC_ACTIONS, COINS, load
from meeple.games.altiplano.encoding import encoding
from meeple.games.altiplano.observation import CONTINUED

VARIANTS = [
    {"players": n, "role_draft": draft, "missions": missions}
    for n, draft, missions in itertools.product((2, 3, 4, 5), (False, True), (False, True))
]
#: Steps of a random game played for the checks (a two-player game ends within it).
STEPS = {2: 2000, 3: 260, 4: 220, 5: 200}


def _variant_id(options: dict[str, Any]) -> str:
    parts = [f"{options['players']}p"]
    parts += [name for name in ("role_draft", "missions") if options.get(name)]
    return "-".join(parts)


def _random_game(options: dict[str, Any], seed: int, steps: int = 0) -> Any:
    """The states along a seeded random game (one object, moved on after each yield), cut
    short after `steps` (by default those of `STEPS`)."""
    state = AltiplanoState.new(options, seed)
    rng = random.Random(seed)
    for _ in range(steps or STEPS[options["players"]]):
        if state.is_over():
            return
        yield state
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    yield state


@pytest.mark.parametrize("options", VARIANTS, ids=_variant_id)
def test_every_legal_action_round_trips_and_observations_keep_their_shape(
    options: dict[str, Any],
) -> None:
    enc = encoding(options)
    seats: list[int | None] = [*range(options["players"]), None]
    for step, state in enumerate(_random_game(options, seed=7)):
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            mask = [enc.action_index(action) for action in legal]
            assert len(set(mask)) == len(legal), "two legal actions share an index"
            assert all(0 <= i < enc.action_space_size for i in mask)
            assert [enc.action_at(i) for i in mask] == legal
        if step % 25 == 0:
            for seat in seats:
                observation = enc.observation(state.view(seat))
                assert observation.dtype == np.float32
                assert observation.shape == enc.observation_shape


def test_a_whole_five_player_game_round_trips() -> None:
    """The games above of more than two players are cut short; this one is played out."""
    options = {"players": 5, "role_draft": True, "missions": True}
    enc = encoding(options)
    state = AltiplanoState.new(options)
    for state in _random_game(options, seed=1, steps=10_000):
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            assert [enc.action_at(enc.action_index(action)) for action in legal] == legal
    assert state.is_over()


def test_the_action_space_has_every_action_kind_once_per_action() -> None:
    kinds = set()
    for options in VARIANTS:
        enc = encoding(options)
        assert len(set(enc.actions)) == enc.action_space_size
        assert [enc.action_index(a) for a in enc.actions] == list(range(enc.action_space_size))
        kinds.update(action.kind for action in enc.actions)
    assert kinds == {action_type.kind for action_type in A.ACTION_TYPES}


def test_option_bound_actions_only_in_their_variant() -> None:
    plain = encoding({"players": 3})
    drafted = encoding({"players": 3, "role_draft": True, "missions": True})
    plain_kinds = {action.kind for action in plain.actions}
    assert not plain_kinds & {"choose_role", "keep_mission", "pass_mission"}
    extra = drafted.action_space_size - plain.action_space_size
    roles = sum(isinstance(a, A.ChooseRole) for a in drafted.actions)
    missions = sum(isinstance(a, A.KeepMission | A.PassMission) for a in drafted.actions)
    assert extra == roles + missions > 0


def test_the_spaces_follow_the_edition() -> None:
    """An edition with one more order card has one more order to take and one more order
    place in the observation's table and in each player block (order held, orders done)."""
    data = json.loads(json.dumps(load().raw))
    orders = data["orders"]
    orders["cards"]["value"].append({"id": "order_extra", "goods": ["fish"], "points": 3})
    orders["count"]["value"] += 1
    builtin = encoding({"players": 2})
    extended = encoding({"players": 2, "edition": data})
    assert extended.action_space_size == builtin.action_space_size + 1
    assert A.BuyOrder("order_extra") in extended.actions
    assert extended.observation_shape[0] == builtin.observation_shape[0] + 1 + 2 * 2


def test_indexes_out_of_range_and_foreign_actions_are_refused() -> None:
    enc = encoding({"players": 2})
    with pytest.raises(ValueError, match="not in 0"):
        enc.action_at(enc.action_space_size)
    with pytest.raises(ValueError, match="not in 0"):
        enc.action_at(-1)
    outside = "outside Altiplano's action space"
    with pytest.raises(ValueError, match=outside):
        enc.action_index(A.ChooseRole("woodcutter"))  # no role draft in this variant
    with pytest.raises(ValueError, match=outside):
        enc.action_index(A.Place("loc:village", "food"))  # food is never stored nor used there


def test_the_game_loads_its_encoding_module() -> None:
    load = game_info("altiplano").research
    assert load is not None and load() is altiplano_encoding


@pytest.mark.parametrize(
    "options",
    [VARIANTS[3], VARIANTS[7], {"players": 4, "missions": True}],
    ids=_variant_id,
)
def test_observations_hide_what_the_seat_may_not_see(options: dict[str, Any]) -> None:
    """A state whose hidden parts are sampled again (`determinize` from the seat's view, or
    `shuffle_hidden`) gives the seat the same observation; the other seats' secrets (bags,
    containers, missions, hands) do change meanwhile, so the check can fail."""
    enc = encoding(options)
    rng = random.Random(3)
    secrets_changed = 0
    for step, state in enumerate(_random_game(options, seed=11)):
        if step % 40:
            continue
        for seat in (*range(options["players"]), None):
            view = state.view(seat)
            expected = enc.observation(view)
            sampled = AltiplanoState.determinize(view, rng)
            assert np.array_equal(enc.observation(sampled.view(seat)), expected)
            shuffled = state.clone()
            shuffled.shuffle_hidden(seat, rng)
            assert np.array_equal(enc.observation(shuffled.view(seat)), expected)
            secrets_changed += _secrets(sampled, seat) != _secrets(state, seat)
    assert secrets_changed > 0


def _secrets(state: AltiplanoState, seat: int | None) -> str:
    """The other seats' hidden data, to see that resampling changed it."""
    keys = ("bag", "container", "missions", "hand")
    hidden = [{k: p[k] for k in keys} for i, p in enumerate(state.s["players"]) if i != seat]
    return json.dumps(hidden, sort_keys=True)


def _comparable(view: dict[str, Any]) -> str:
    """A view with what the observation leaves out on purpose removed (see the observation
    module): the reveal counter, the options and the orders of lists no rule reads."""
    state = json.loads(json.dumps(view["state"]))
    del state["reveals"], state["ext_out"]
    for p in state["players"]:
        p["ext"].sort()
        p["placed_now"].sort()
        for key in ("seen", "gave"):
            if key in p:
                p[key].sort(key=str)
        for tiles in (*p["fields"].values(), *p["warehouse"]):
            tiles.sort()
        if p["order"] is not None:
            p["order"]["delivered"].sort()
    for key in ("ext_box", "orders"):
        state[key].sort()
    return json.dumps(state, sort_keys=True)


@pytest.mark.parametrize("options", [{"players": 3, "missions": True}], ids=_variant_id)
def test_different_views_give_different_observations(options: dict[str, Any]) -> None:
    """The observation is a faithful form of the view: along a game, no two different views of
    one seat (or of the spectators) share an observation."""
    enc = encoding(options)
    for seat in (0, None):
        seen: dict[bytes, str] = {}
        for state in _random_game(options, seed=5):
            view = _comparable(state.view(seat))
            key = enc.observation(state.view(seat)).tobytes()
            assert seen.setdefault(key, view) == view
        assert len(seen) > 50


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> Any:
    """Every leaf of a JSON tree (dict values and list items) with its path."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, (*path, index))
    else:
        yield path, node


def _names() -> list[set[str]]:
    """The sets of names a view's strings come from (goods, locations, cards, steps)."""
    comps = load()
    return [
        {*comps.goods, COINS},
        set(comps.locations),
        set(comps.roles),
        set(comps.extensions),
        set(comps.orders),
        set(comps.missions),
        {"roles", "missions", "draw", "plan", "actions", "final", "over"},
        {"before", "moved", "after"},
        {"A", "B", "C", "D"},
        {"", "choose", "refill"},
        {*(c.key for c in BASIC_ACTIONS if c.repeatable), *CONTINUED},
    ]


#: Fields of a view that the observation leaves out on purpose (see the observation module).
LEFT_OUT = {"reveals", "ext_out"}
#: Fields that keep one value all game without the role draft, and without Missions.
DRAFT_FIELDS = {"drafter"}
MISSION_FIELDS = {
    *("mission_deck", "missions_box", "draft", "missions", "revealed", "hand", "seen"),
    *("gift", "gave", "missions_count", "hand_size", "gift_size"),
}


def _changes(view: dict[str, Any]) -> Any:
    """Views that each differ from `view` in one number, flag or name of its state: a number
    one more, a flag flipped, a name (or a key of a dict of counts) replaced by another of its
    kind that its list (or dict) lacks. Fields that keep one value in the view's variant are
    left alone."""
    names = _names()
    fixed = set(LEFT_OUT)
    if not view["options"]["role_draft"]:
        fixed |= DRAFT_FIELDS
    if not view["options"]["missions"]:
        fixed |= MISSION_FIELDS
    for path, value in _leaves(view["state"]):
        if fixed.intersection(p for p in path if isinstance(p, str)):
            continue
        parent = _at(view["state"], path[:-1])
        changed = json.loads(json.dumps(view))
        place = _at(changed["state"], path[:-1])
        if isinstance(parent, dict) and isinstance(value, int) and path[-1] in names[0]:
            others = sorted(names[0] - set(parent))
            if others:  # the same count of another good
                renamed = json.loads(json.dumps(view))
                counts = _at(renamed["state"], path[:-1])
                counts[others[0]] = counts.pop(path[-1])
                yield (*path, "renamed"), renamed
        if isinstance(value, bool):
            place[path[-1]] = not value
        elif isinstance(value, int):
            place[path[-1]] = value + 1
        elif isinstance(value, str):
            kind = next((kind for kind in names if value in kind), set())
            others = sorted(kind - (set(parent) if isinstance(parent, list) else {value}))
            if not others:
                continue
            place[path[-1]] = others[0]
        else:
            continue
        yield path, changed


def _rare(state: AltiplanoState) -> dict[str, Any]:
    """Seat 1's view with what random games rarely reach put onto its board: a conversion
    extension with a tile placed, a wildcard field holding a tile, tiles drawn for the final
    storage, a swap under way and corn on the buffer."""
    view = state.view(1)
    p = view["state"]["players"][1]
    comps = load()
    eid, ext = next(
        (e, x) for e, x in comps.extensions.items() if x.conversion and x.players_min == 2
    )
    assert ext.conversion is not None
    p["ext"] += [eid, "wildcard_field"]
    p["ext_fields"][eid] = {ext.conversion.inputs[0][0]: 1}
    p["wild"]["wildcard_field"] = "fish"
    p["final"], p["final_drawn"] = {"wood": 2}, True
    p["swap"], p["buffer"] = "choose", 1
    return view


def _at(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


@pytest.mark.parametrize(
    "options",
    [{"players": 3, "role_draft": True, "missions": True}, {"players": 2}],
    ids=_variant_id,
)
def test_every_part_of_the_view_shows_in_the_observation(options: dict[str, Any]) -> None:
    """Change any one number, flag or name of a view and the observation changes (a change
    the encoding cannot even name, such as a tile on a field no placement reaches, fails with
    an error instead, and is skipped)."""
    enc = encoding(options)
    checked = 0
    for step, state in enumerate(_random_game(options, seed=2)):
        if step % 110:
            continue
        for seat, view in ((1, state.view(1)), (None, state.view(None)), (1, _rare(state))):
            before = enc.observation(view)
            for path, changed in _changes(view):
                try:
                    after = enc.observation(changed)
                except (KeyError, IndexError, ValueError):
                    continue
                assert not np.array_equal(after, before), (path, seat)
                checked += 1
    assert checked > 500
