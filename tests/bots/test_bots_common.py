"""What every bot promises in both games: it sees only its view, it always answers with a legal
action, and the resampler it searches with is faithful to the view."""

from __future__ import annotations

import gc
import json
import random
from typing import ClassVar

import pytest
from altiplano_helpers import conservation as altiplano_conservation
from bot_helpers import positions
from tikal_helpers import conservation as tikal_conservation

from meeple.bots import LEVELS, Budget, IsmctsBot, make_bot, parse_spec
from meeple.engine.errors import OptionsError
from meeple.engine.testing import random_step
from meeple.games.altiplano import AltiplanoState
from meeple.games.tikal import TikalState

#: Every bot kind, searching bots with a small iteration budget so the tests run fast.
SPECS = ("random", "greedy", "ismcts:6i")

CONFIGS = [
    (TikalState, {"players": 2}),
    (TikalState, {"players": 4, "auction": True}),
    (AltiplanoState, {"players": 2, "missions": True}),
    (AltiplanoState, {"players": 3, "role_draft": True}),
    (AltiplanoState, {"players": 5, "missions": True, "role_draft": True}),
]
CONSERVATION = {TikalState: tikal_conservation, AltiplanoState: altiplano_conservation}


def config_id(config) -> str:
    return f"{config[0].game_name}-{json.dumps(config[1], separators=(',', ':'))}"


# -- specs, budgets and levels ---------------------------------------------------------------------
def test_specs_budgets_and_levels():
    assert parse_spec("ismcts:1.5s") == ("ismcts", Budget(seconds=1.5))
    assert parse_spec("ismcts:400i") == ("ismcts", Budget(iterations=400))
    assert parse_spec("greedy") == ("greedy", None)
    for level, spec in LEVELS.items():
        assert parse_spec(level) == parse_spec(spec)
    bot = make_bot("hard", TikalState, 1)
    assert isinstance(bot, IsmctsBot) and bot.budget.seconds is not None
    assert bot.budget.seconds <= 2.0  # the ceiling for a level
    for bad, message in [
        ("clever", "unknown bot"),
        ("ismcts:", "a budget is like"),
        ("ismcts:0s", "positive"),
        ("ismcts:-3i", "positive integer"),
        ("random:5i", "takes no budget"),
        ("ismcts:nans", "positive"),
    ]:
        with pytest.raises(OptionsError, match=message):
            make_bot(bad, TikalState, 1)


# -- legal answers everywhere ----------------------------------------------------------------------
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_bot_answers_legally_and_leaves_its_inputs_alone(config):
    state_class, options = config
    bots = {spec: make_bot(spec, state_class, 7) for spec in SPECS}
    asked = 0
    for state in positions(state_class, options, seed=options["players"], every=9):
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            view = state.view(seat)
            frozen_view, frozen_legal = json.dumps(view, sort_keys=True), list(legal)
            for spec, bot in bots.items():
                action = bot.choose(view, legal)
                assert action in legal, (spec, action)
                assert json.dumps(view, sort_keys=True) == frozen_view, spec
                assert legal == frozen_legal, spec
            asked += 1
    assert asked >= 25


# -- a bot cannot reach what its seat may not see --------------------------------------------------
class Tripwire(list):
    """A hidden part of the real state; records any read while armed."""

    armed: ClassVar[bool] = False
    touched: ClassVar[list[str]] = []

    def _note(self, what: str) -> None:
        if Tripwire.armed:
            Tripwire.touched.append(what)

    def __iter__(self):
        self._note("iter")
        return super().__iter__()

    def __len__(self):
        self._note("len")
        return super().__len__()

    def __getitem__(self, key):
        self._note("getitem")
        return super().__getitem__(key)

    def __contains__(self, item):
        self._note("contains")
        return super().__contains__(item)

    def copy(self):
        self._note("copy")
        return super().copy()


def plant_tikal(state: TikalState) -> list[Tripwire]:
    """Tripwires in place of the stack and the face-down tokens (supply and piles)."""
    state.stack = Tripwire(state.stack)
    state.token_supply = Tripwire(state.token_supply)
    for space, pile in state.tokens.items():
        state.tokens[space] = Tripwire(pile)
    return [state.stack, state.token_supply, *state.tokens.values()]


def plant_altiplano(state: AltiplanoState, seat: int) -> list[Tripwire]:
    """Tripwires in place of the extension stack and every other seat's missions and hand."""
    s = state.s
    s["stack"] = Tripwire(s["stack"])
    planted = [s["stack"]]
    for other, p in enumerate(s["players"]):
        if other != seat:
            for key in ("missions", "hand", "gift"):
                if key in p:
                    p[key] = Tripwire(p[key])
                    planted.append(p[key])
    return planted


def reachable_ids(*roots) -> set[int]:
    """Ids of every container and instance reachable from `roots` (not through modules,
    classes or functions, which reach everything)."""
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | type(gc) | type(reachable_ids)):
            continue
        seen.add(id(obj))
        todo.extend(gc.get_referents(obj))
    return seen


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_planted_secret_never_reaches_a_bot(config):
    state_class, options = config
    checked = 0
    for real in positions(state_class, options, seed=21, every=23):
        seat = real.to_move()[0]
        is_tikal = state_class is TikalState
        planted = plant_tikal(real) if is_tikal else plant_altiplano(real, seat)
        view, legal = real.view(seat), real.legal_actions(seat)
        for spec in SPECS:
            bot = make_bot(spec, state_class, 3)
            Tripwire.touched, Tripwire.armed = [], True
            try:
                action = bot.choose(view, legal)
            finally:
                Tripwire.armed = False
            assert Tripwire.touched == [], f"{spec} read a hidden part of the real state"
            reach = reachable_ids(bot, view, legal, action)
            assert id(real) not in reach, spec
            assert not any(id(p) in reach for p in planted), spec
        checked += 1
    assert checked >= 4


def test_the_tripwire_catches_a_bot_that_peeks():
    """The secrecy test above can fail: a bot handed the real state reads the stack."""
    real = TikalState.new({"players": 2}, 4)
    plant_tikal(real)
    Tripwire.touched, Tripwire.armed = [], True
    try:
        list(real.stack)  # what a cheating bot would do
    finally:
        Tripwire.armed = False
    assert Tripwire.touched
    assert id(real.stack) in reachable_ids({"state": real})


# -- the resampler ---------------------------------------------------------------------------------
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_resampled_states_give_the_same_view_and_are_legal_states(config):
    state_class, options = config
    rng = random.Random(99)
    conservation = CONSERVATION[state_class]
    varied = 0
    for state in positions(state_class, options, seed=5, every=17):
        for seat in state.to_move():
            view = state.view(seat)
            samples = [state_class.determinize(view, rng) for _ in range(4)]
            for sample in samples:
                assert sample.view(seat) == view
                assert sample.legal_actions(seat) == state.legal_actions(seat)
                conservation(sample)
                again = state_class.from_json(json.loads(json.dumps(sample.to_json())))
                assert again.to_json() == sample.to_json()
                for action in sample.legal_actions(seat):
                    sample.clone().apply(seat, action)  # every listed action applies
            varied += len({json.dumps(s.to_json(), sort_keys=True) for s in samples}) > 1
    assert varied >= 3, "the hidden parts are resampled, not copied"


@pytest.mark.parametrize("state_class", [TikalState, AltiplanoState])
def test_resampled_games_play_on_to_the_end(state_class):
    """A resampled state is a state the engine can finish, like the real one."""
    real = next(positions(state_class, {"players": 3}, seed=8, every=40))
    rng = random.Random(1)
    sample = state_class.determinize(real.view(0), rng)
    steps = 0
    while not sample.is_over():
        random_step(sample, rng)
        CONSERVATION[state_class](sample)
        steps += 1
    assert steps > 50 and len(sample.winners()) >= 1
