"""OpenSpiel's own algorithms on both games, as a researcher runs them (issue 26): MCTSBot with
random rollouts, evaluate_bots with OpenSpiel's uniform random bots, and a whole episode of
rl_environment. (ISMCTSBot plays a whole game in test_openspiel_games.py; PettingZoo's
api_test and seed_test run on every table in test_pettingzoo_env.py.) Sized to a few seconds a
game: short searches, 2 players."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, mcts

from meeple.research.games import research_games
from meeple.research.openspiel import short_name


def load(game: str) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game), {"players": 2, "rng_seed": 9})


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", research_games())
def test_mcts_with_random_rollouts_chooses_legal_actions(game: str) -> None:
    spiel = load(game)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = mcts.MCTSBot(spiel, 2.0, 3, evaluator, random_state=np.random.RandomState(2))
    state = spiel.new_initial_state()
    rng = np.random.RandomState(3)
    for step in range(6):
        action = bot.step(state) if step % 2 == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", research_games())
def test_evaluate_bots_plays_a_whole_game(game: str) -> None:
    spiel = load(game)
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(2)]
    returns = evaluate_bots.evaluate_bots(spiel.new_initial_state(), bots, np.random)
    assert sorted(returns) in ([0.0, 1.0], [1.0, 1.0])


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", research_games())
def test_an_rl_environment_episode(game: str) -> None:
    """Random agents through rl_environment: the observations it hands out have the game's
    shapes, the legal actions are the state's, and the episode ends with the returns."""
    spiel = load(game)
    environment = rl_environment.Environment(spiel, seed=4)
    rng = np.random.RandomState(5)
    time_step = environment.reset()
    steps = 0
    size = spiel.information_state_tensor_size()
    while not time_step.last():
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        assert legal == environment.get_state.legal_actions()
        assert len(time_step.observations["info_state"][player]) == size
        time_step = environment.step([int(rng.choice(legal))])
        steps += 1
    assert steps > 20
    assert sorted(time_step.rewards) in ([0.0, 1.0], [1.0, 1.0])
