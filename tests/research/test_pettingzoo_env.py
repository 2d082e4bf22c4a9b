"""The PettingZoo AEC environments (meeple.research.pettingzoo): PettingZoo's own API and seed
tests for every table size and variant of every game with an encoding, bounded in steps."""

from __future__ import annotations

import dataclasses
import gc
import weakref

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from meeple.engine import registry
from meeple.engine.registry import game_info
from meeple.research.games import playable_actions, research_games, variants
from meeple.research.pettingzoo import env

CASES = [
    pytest.param(game, options, id=f"{game}-" + "-".join(f"{k}={v}" for k, v in options.items()))
    for game in research_games()
    for options in variants(game_info(game))
]


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "options"), CASES)
def test_pettingzoo_api_and_seed_tests_pass(game: str, options: dict[str, object]) -> None:
    api_test(env(game, **options), num_cycles=25)
    seed_test(lambda: env(game, **options), num_cycles=25)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", research_games())
def test_a_whole_game_passes_the_api_test(game: str) -> None:
    """Long enough for the game to end: every agent terminated, rewards 1 for the winners."""
    e = env(game, players=game_info(game).min_players)
    api_test(e, num_cycles=5000)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for _agent in e.agent_iter():
        observation, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        e.step(int(rng.choice(legal)))
    assert not e.agents
    state = e.state
    assert state is not None and state.is_over()


@pytest.mark.parametrize("game", research_games())
def test_spaces_are_made_when_first_asked_for_and_hold_what_the_game_gives(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new environment and its games make no gymnasium space (the spaces cost more than the
    rest of a new environment); asked for, they are made once, hold every observation, and may
    be replaced, as PettingZoo's attributes may."""
    made: list[object] = []
    box = gymnasium.spaces.Box

    def counted_box(*args: object, **kwargs: object) -> object:
        made.append(args)
        return box(*args, **kwargs)

    monkeypatch.setattr(gymnasium.spaces, "Box", counted_box)
    e = env(game, players=2)
    e.reset(seed=2)
    for _agent in e.agent_iter(max_iter=20):
        observation, _, _, _, _ = e.last()
        e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert made == []
    agent = e.agent_selection
    assert e.observation_space(agent) is e.observation_spaces[agent]
    assert e.observation_space(agent).contains(e.observe(agent))
    assert e.action_space(agent).n == e.encoding.action_space_size
    assert len(made) == 2 * len(e.possible_agents)  # each agent's vector and mask, once
    e.observation_spaces = {a: gymnasium.spaces.Discrete(1) for a in e.possible_agents}
    assert e.observation_space(agent) == gymnasium.spaces.Discrete(1)
    assert e.action_space(agent).n == e.encoding.action_space_size


def test_only_the_agent_to_act_has_legal_actions_and_the_mask_is_theirs() -> None:
    game = research_games()[0]
    e = env(game, players=3)
    e.reset(seed=5)
    state = e.state
    assert state is not None
    for agent in e.possible_agents:
        seat = e.possible_agents.index(agent)
        mask = e.observe(agent)["action_mask"]
        if agent == e.agent_selection:
            expected = sorted(
                e.encoding.action_index(a) for a in playable_actions(state, e.game_info, seat)
            )
            assert list(np.flatnonzero(mask)) == expected
        else:
            assert not mask.any()


def test_same_seed_same_game_and_illegal_actions_are_refused() -> None:
    game = research_games()[0]
    first, second = env(game), env(game)
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.state == second.state
    second.reset(seed=10)
    assert first.state != second.state
    mask = first.observe(first.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        first.step(int(np.flatnonzero(mask == 0)[0]))


def test_render_draws_the_spectators_table_as_text() -> None:
    game = research_games()[0]
    e = env(game, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and text.strip()
    with pytest.raises(ValueError, match="render_mode"):
        env(game, render_mode="rgb_array")


def test_a_game_without_an_encoding_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = dataclasses.replace(game_info("tikal"), name="tikal_without_encoding", research=None)
    monkeypatch.setitem(registry._registered, plain.name, plain)
    assert plain.name not in research_games()
    with pytest.raises(ValueError, match="no encoding for learning agents; games with one: "):
        env(plain.name)


@pytest.mark.parametrize("game", research_games())
def test_an_environment_in_a_reference_cycle_is_collected_cleanly(game: str) -> None:
    """A learner's wrappers and callbacks may hold an environment in a cycle, and weak
    references to it: the garbage collector frees it, and its own attributes and PettingZoo's
    stay where each is kept. The compiled build once gave the class a weak reference list
    where its own fields are (it took `AECEnv` for `Any`): the process crashed here."""
    e = env(game, players=3)
    e.reset(seed=2)
    observed = e.last()[0]
    e.holder = [e]  # an attribute of its own, kept in the instance's dict
    e._skip_agent_selection = None  # one of AECEnv's, as `_was_dead_step` sets it
    assert (e.holder[0], e._skip_agent_selection) == (e, None)
    assert e.agent_selection in e.possible_agents
    assert observed["action_mask"].any()
    watcher = weakref.ref(e)
    del e
    gc.collect()
    assert watcher() is None
