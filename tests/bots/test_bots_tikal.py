"""Bots: legal choices everywhere, views only, and greedy is stronger than random."""

from __future__ import annotations

import json
import random

import pytest
from bot_helpers import greedy_wins, positions

from meeple.bots import BOTS, Bot, GreedyBot, RandomBot, bot_names, make_bot
from meeple.engine.errors import OptionsError
from meeple.engine.game import GameState
from meeple.games.tikal import TikalState

#: Every bot kind; the searching one with a small iteration budget (reproducible, fast).
SPECS = ("random", "greedy", "ismcts:6i")

CONFIGS = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "auction": True},
    {"players": 3, "auction": True},
    {"players": 4, "auction": True},
]


def random_positions(options, seed, every=3):
    return positions(TikalState, options, seed, every)


def test_bots_registry():
    assert set(bot_names()) == {"random", "greedy", "ismcts", "easy", "medium", "hard"}
    assert isinstance(make_bot("random", TikalState, 1), RandomBot)
    assert isinstance(make_bot("greedy", TikalState, 1), GreedyBot)
    with pytest.raises(OptionsError, match="unknown bot"):
        make_bot("clever", TikalState, 1)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: json.dumps(o))
def test_bots_always_choose_a_legal_action(options):
    bots = {name: make_bot(name, TikalState, 7) for name in SPECS}
    steps_seen = set()
    for state in random_positions(options, seed=options["players"]):
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            view = json.loads(json.dumps(state.view(seat)))  # plain data, nothing else
            steps_seen.add(view["step"])
            for bot in bots.values():
                assert bot.choose(view, list(legal)) in legal
    expected = {"place", "act"} | ({"bid", "choose"} if options.get("auction") else set())
    assert expected <= steps_seen


class SpyBot(Bot):
    """Checks what the play loop hands to a bot, then plays like the greedy bot."""

    name = "spy"
    calls = 0

    def __init__(self, state_class, seed=0):
        super().__init__(state_class, seed)
        self.inner = GreedyBot(state_class, seed)

    def choose(self, view, legal):
        assert type(view) is dict and not isinstance(view, GameState)
        json.dumps(view)  # JSON data only: no state object hides inside
        assert all(not isinstance(v, GameState) for v in view.values())
        assert isinstance(legal, list) and legal
        SpyBot.calls += 1
        return self.inner.choose(view, legal)


def test_bots_in_the_play_loop_receive_only_views(tmp_path, monkeypatch):
    import io

    from rich.console import Console

    from meeple.cli.play import Session
    from meeple.engine.record import GameRecord

    monkeypatch.setitem(BOTS, "spy", SpyBot)
    SpyBot.calls = 0
    options = TikalState.normalize_options({"players": 2, "auction": True})
    state = TikalState.new(options, 2)
    session = Session(
        state,
        GameRecord("tikal", options, 2),
        ["spy", "spy"],
        tmp_path / "g.json",
        Console(file=io.StringIO()),
        bot_seed=2,
    )
    assert session.run()
    assert SpyBot.calls > 100
    assert session.state.is_over()


def plant_marker(state: TikalState, rng: random.Random) -> TikalState:
    """A copy of `state` with different hidden parts: the stack re-dealt within letters and
    the face-down tokens moved, with a chosen tile on top of the stack where possible."""
    other = state.clone()
    other.shuffle_hidden(None, rng)
    if other.stack:
        top_letter = other.edition.tiles[other.stack[-1]].letter
        same = [i for i, t in enumerate(other.stack) if other.edition.tiles[t].letter == top_letter]
        marker = same[0]  # the deepest tile of the top letter goes on top
        other.stack[-1], other.stack[marker] = other.stack[marker], other.stack[-1]
    return other


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 2, "auction": True}])
def test_bots_choices_do_not_depend_on_hidden_information(options):
    rng = random.Random(5)
    checked = 0
    for state in random_positions(options, seed=3, every=5):
        twin = plant_marker(state, rng)
        assert twin.to_json() != state.to_json() or not state.stack
        seat = state.to_move()[0]
        view = state.view(seat)
        assert twin.view(seat) == view  # the engine's promise
        legal = state.legal_actions(seat)
        assert twin.legal_actions(seat) == legal
        for name in SPECS:
            a, b = make_bot(name, TikalState, 11), make_bot(name, TikalState, 11)
            assert a.choose(twin.view(seat), legal) == b.choose(view, legal)
            if name == "greedy" and a.last_state is not None:
                # The determinized states are built from the view alone: identical.
                assert a.last_state.to_json() == b.last_state.to_json()
        checked += 1
    assert checked > 20


def test_bots_determinized_states_sample_the_hidden_stack():
    """The greedy bot's sampled stack is not the real one: over several decisions the top
    tile it imagines differs from the real next tile at least once."""
    state = TikalState.new({"players": 2}, 8)
    bot = GreedyBot(TikalState, 1)
    differs = 0
    for _ in range(20):
        bot.choose(state.view(0), state.legal_actions(0))
        assert bot.last_state is not None
        assert bot.last_state.view(0) == state.view(0)
        differs += bot.last_state.stack != state.stack
    assert differs > 0


def test_bots_greedy_beats_random():
    wins = greedy_wins(TikalState, 10)
    assert wins >= 8, f"greedy won only {wins} of 10"
