"""The OpenSpiel games (meeple.research.openspiel): registered with the real player range and
bounds, OpenSpiel's own random simulation test, its ISMCTS bot playing a whole game, perfect
recall in the information state, and resampling that keeps what the seat knows."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

from meeple.engine.registry import game_info
from meeple.research.games import research_games
from meeple.research.openspiel import REGISTERED, short_name


def test_importing_registers_every_game_with_an_encoding() -> None:
    assert set(REGISTERED) == {short_name(g) for g in research_games()}
    registered = set(pyspiel.registered_names())
    for game in research_games():
        info = game_info(game)
        spiel = pyspiel.load_game(short_name(game))
        kind = spiel.get_type()
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert (kind.min_num_players, kind.max_num_players) == (info.min_players, info.max_players)
        assert short_name(game) in registered
        assert spiel.num_players() == info.default_players
        assert spiel.max_game_length() > 0


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", research_games())
def test_openspiel_random_simulation_test_passes(game: str) -> None:
    spiel = pyspiel.load_game(short_name(game), {"players": 2, "seed": 4, "replay_chance": True})
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=False, verbose=False)


def play_randomly(state: pyspiel.State, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", research_games())
def test_information_state_has_perfect_recall_and_observation_does_not_need_to(game: str) -> None:
    """Two histories that end in the same view for a seat keep different information states
    when the seat saw different things on the way: the string carries the whole history."""
    spiel = pyspiel.load_game(short_name(game), {"players": 2, "seed": 1})
    first, second = spiel.new_initial_state(), spiel.new_initial_state()
    assert first.information_state_string(0) != second.information_state_string(0)  # other deal
    state = spiel.new_initial_state()
    seen = set()
    rng = random.Random(2)
    for _ in range(30):
        seen.add(state.information_state_string(0))
        play_randomly(state, 1, rng)
    assert len(seen) == 30  # every step adds to the history, even where the view repeats
    clone = state.clone()
    assert clone.information_state_string(0) == state.information_state_string(0)
    assert clone.information_state_tensor(1) == state.information_state_tensor(1)
    shape = spiel.information_state_tensor_shape()
    assert len(state.information_state_tensor(0)) == int(np.prod(shape))


@pytest.mark.parametrize("game", research_games())
def test_resampling_keeps_the_seats_information_state_and_view(game: str) -> None:
    spiel = pyspiel.load_game(short_name(game), {"players": 3, "seed": 2})
    state = spiel.new_initial_state()
    play_randomly(state, 40, random.Random(3))
    player = state.current_player()
    sampled = state.resample_from_infostate(player, np.random.RandomState(5))
    assert sampled.information_state_string(player) == state.information_state_string(player)
    assert sampled.observation_string(player) == state.observation_string(player)
    assert sampled.legal_actions() == state.legal_actions()
    others = [p for p in range(3) if p != player]
    assert all(
        sampled.information_state_string(p) != state.information_state_string(p) for p in others
    )  # the others' real histories stay behind
    play_randomly(sampled, 20, random.Random(4))  # the sample plays on


class ScoreEvaluator:
    """An evaluator for OpenSpiel's ISMCTS without rollouts (a whole game of them per
    simulation would take minutes): the seats ahead on points now score 1, uniform priors."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        scores = state.table.engine.scores()
        best = max(scores)
        return np.array([1.0 if s == best else 0.0 for s in scores])

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", research_games())
def test_openspiel_ismcts_plays_a_whole_game_through_the_adapter(game: str) -> None:
    spiel = pyspiel.load_game(short_name(game), {"players": 2, "seed": 6})
    bot = ismcts.ISMCTSBot(
        game=spiel,
        evaluator=ScoreEvaluator(),
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(7),
        child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
    )
    state = spiel.new_initial_state()
    rng = random.Random(8)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 10
    assert sorted(state.returns()) in ([0.0, 1.0], [1.0, 1.0])
