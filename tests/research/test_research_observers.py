"""OpenSpiel observers for every `pyspiel.IIGObservationType` (issue 26): each kind gives what
it says or raises `ValueError`; a public observation holds nothing private (planted markers
and states whose private parts are dealt again), and the seat's own does (so the checks can
fail)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import orjson
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from meeple.research.openspiel import short_name
from planted import altiplano_marked_edition

KINDS = [
    pyspiel.IIGObservationType(public_info=public, perfect_recall=recall, private_info=private)
    for public, recall, private in itertools.product(
        (True, False),
        (True, False),
        (
            pyspiel.PrivateInfoType.NONE,
            pyspiel.PrivateInfoType.SINGLE_PLAYER,
            pyspiel.PrivateInfoType.ALL_PLAYERS,
        ),
    )
]


def supported(kind: pyspiel.IIGObservationType) -> bool:
    single = kind.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
    if kind.perfect_recall:
        return single and kind.public_info
    return kind.public_info or kind.private_info == pyspiel.PrivateInfoType.NONE


@pytest.mark.parametrize("game", ["tikal", "altiplano"])
@pytest.mark.parametrize(
    "kind",
    KINDS,
    ids=lambda k: f"public={k.public_info}-recall={k.perfect_recall}-private={k.private_info.name}",
)
def test_every_observation_type_gives_what_it_says_or_refuses(
    game: str, kind: pyspiel.IIGObservationType
) -> None:
    spiel = pyspiel.load_game(short_name(game), {"players": 3, "rng_seed": 1})
    state = spiel.new_initial_state()
    for _ in range(12):
        state.apply_action(random.Random(len(state.history())).choice(state.legal_actions()))
    if not supported(kind):
        with pytest.raises(ValueError):
            make_observation(spiel, kind)
        return
    observation = make_observation(spiel, kind)
    observation.set_from(state, 1)
    size = int(np.prod(spiel.observation_tensor_shape()))
    private, engine = kind.private_info, state.table.engine
    if not kind.public_info:
        assert observation.tensor.size == 0 and observation.string_from(state, 1) == ""
    elif private == pyspiel.PrivateInfoType.NONE:
        spectators = state.table.encoding.observation(engine.view(None))
        assert np.array_equal(observation.tensor, spectators)
        assert orjson.loads(observation.string_from(state, 1)) == engine.view(None)
    elif private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        assert observation.tensor.size == 3 * size
        for seat in range(3):
            part = observation.tensor[seat * size : (seat + 1) * size]
            assert np.array_equal(part, state.observation_tensor(seat))
    elif kind.perfect_recall:
        assert np.array_equal(observation.tensor, state.information_state_tensor(1))
        assert observation.string_from(state, 1) == state.information_state_string(1)
    else:
        assert np.array_equal(observation.tensor, state.observation_tensor(1))
        assert observation.string_from(state, 1) == state.observation_string(1)


PUBLIC = pyspiel.IIGObservationType(
    public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
)


def without_edition(view: str) -> str:
    """A view's JSON less its options, whose edition lists every mission card (public)."""
    return orjson.dumps({k: v for k, v in orjson.loads(view).items() if k != "options"}).decode()


def test_a_public_observation_holds_no_planted_secret() -> None:
    """Missions marked by a planted edition: the public observation never names a mission
    that is not revealed, though each seat's own names its cards (the marker can be seen)."""
    data, secrets = altiplano_marked_edition()
    spiel = pyspiel.load_game(
        short_name("altiplano"),
        {"players": 3, "missions": True, "edition": orjson.dumps(data).decode(), "rng_seed": 2},
    )
    public = make_observation(spiel, PUBLIC)
    state, rng, seen_own = spiel.new_initial_state(), random.Random(1), 0
    for _ in range(120):
        engine = state.table.engine
        revealed = {m for p in engine.s["players"] for m in p["revealed"]}
        text = without_edition(public.string_from(state, 0))
        for marker, witness in secrets.items():
            mission = orjson.loads(witness)
            assert marker not in text
            if mission not in revealed:
                assert witness not in text, mission
        for seat in range(3):
            own = without_edition(state.observation_string(seat))
            seen_own += sum(witness in own for witness in secrets.values())
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen_own > 100


@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_a_public_observation_does_not_change_when_private_parts_are_dealt_again(
    game: str,
) -> None:
    options = {"players": 3, "missions": True} if game == "altiplano" else {"players": 3}
    spiel = pyspiel.load_game(short_name(game), {**options, "rng_seed": 5})
    public = make_observation(spiel, PUBLIC)
    state, rng, moved = spiel.new_initial_state(), random.Random(4), 0
    for step in range(150):
        if state.is_terminal():
            break
        if step % 10 == 5:
            other = state.clone()
            other.table.engine.shuffle_hidden(None, random.Random(step))  # all private parts
            public.set_from(state, 0)
            mine = public.tensor.copy()
            public.set_from(other, 0)
            assert np.array_equal(public.tensor, mine)
            moved += any(
                state.observation_tensor(s) != other.observation_tensor(s) for s in range(3)
            )
        state.apply_action(rng.choice(state.legal_actions()))
    if game == "altiplano":
        assert moved > 5  # the seats' own observations did change: their bags, their cards


@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_tensor_lists_are_the_tensors_whatever_was_asked_before(game: str) -> None:
    """`observation_tensor()` and `information_state_tensor()` hand out lists made from the
    list given last for the seat (`TensorLists`): each is the observer's tensor as a new list,
    whichever seat, state, clone or game was asked about before, and changing it changes
    nothing later."""
    spiel = pyspiel.load_game(short_name(game), {"players": 3, "seed": 5})
    other = pyspiel.load_game(short_name(game), {"players": 3, "seed": 6})
    fresh = make_observation(spiel)
    recall = make_observation(spiel, pyspiel.IIGObservationType(perfect_recall=True))
    states = [spiel.new_initial_state(), spiel.new_initial_state(), other.new_initial_state()]
    rng = random.Random(5)
    behind = states[0].clone()
    for step in range(120):
        for state in (*states, behind):
            if state.is_terminal():
                continue
            seat = rng.randrange(3)
            values = state.observation_tensor(seat)
            fresh.set_from(state, seat)
            assert values == fresh.tensor.tolist(), (step, seat)
            assert all(type(v) is float for v in values)
            values[:] = [-1.0] * len(values)  # the caller's own list
            if step % 7 == 0:
                recall.set_from(state, seat)
                assert state.information_state_tensor(seat) == recall.tensor.tolist()
        for state in states:
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        if step % 30 == 0:
            behind = states[step % 3].clone()
