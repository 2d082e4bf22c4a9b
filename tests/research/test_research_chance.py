"""Chance in the research adapters (issue 26): drawn from the game's generator when it happens,
so a clone searched or rolled out does not know the real game's draws, and reproducible when
the generator is seeded; every reveal of the engines follows a step of the encoding's
`chance_kinds`, before which the adapters re-deal what no seat knows."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

from meeple.engine.game import GameState
from meeple.engine.registry import game_info
from meeple.engine.testing import random_step
from meeple.research.games import encoding_for, research_games, variants
from meeple.research.openspiel import short_name
from meeple.research.pettingzoo import env


def to_chance_step(state: pyspiel.State, rng: random.Random) -> None:
    """Random actions until a step of the encoding's chance kinds is legal and chosen next:
    the state is left just before it."""
    encoding = state.table.encoding
    while True:
        legal = state.legal_actions()
        chancy = [a for a in legal if encoding.action_at(a).kind in encoding.chance_kinds]
        if chancy and rng.random() < 0.5:
            return
        state.apply_action(rng.choice(legal))


@pytest.mark.parametrize("game", research_games())
def test_clones_under_other_game_generators_draw_differently(game: str) -> None:
    spiel = pyspiel.load_game(short_name(game), {"players": 2, "rng_seed": 7})
    state, rng = spiel.new_initial_state(), random.Random(3)
    differed = drew = 0
    for _ in range(24):
        to_chance_step(state, rng)
        encoding = state.table.encoding
        chancy = [
            a for a in state.legal_actions() if encoding.action_at(a).kind in encoding.chance_kinds
        ]
        action = chancy[0]
        before = spiel.get_rng_state()
        outcomes = []
        for salt in (1, 2, 3, 1):
            spiel.set_rng_state(before)
            spiel.chance.seed(salt)  # another generator state for the game
            clone = state.clone()
            clone.apply_action(action)
            outcomes.append(dealt(clone))
        assert outcomes[0] == outcomes[3]  # the same game generator: the same draw
        if clone.table.engine.reveal_count > state.table.engine.reveal_count:
            drew += 1  # (an Altiplano pass draws only at the end of a round)
            differed += len(set(outcomes)) > 1
        spiel.set_rng_state(before)
        state.apply_action(rng.choice(state.legal_actions()))
    # A draw may come out alike by chance, or be forced: random play keeps Altiplano's bags so
    # small that one is often drawn whole.
    assert drew >= 4 and differed >= 4


def dealt(state: pyspiel.State) -> str:
    """What chance has dealt: the whole engine state but the seeds it draws from."""
    data = state.table.engine.to_json()
    data.pop("seed", None)
    inner = data.get("state")
    if isinstance(inner, dict):
        inner = {k: v for k, v in inner.items() if k not in ("seed", "salt")}
        data["state"] = inner
    return str(data)


@pytest.mark.parametrize("game", research_games())
def test_a_rolled_out_clone_does_not_draw_what_the_real_game_will(game: str) -> None:
    """The clone and the real state take the same actions; the draws part."""
    spiel = pyspiel.load_game(short_name(game), {"players": 2, "rng_seed": 1})
    real = spiel.new_initial_state()
    clone, rng, parted = real.clone(), random.Random(5), False
    while not real.is_terminal() and not parted:
        action = rng.choice(real.legal_actions())
        clone.apply_action(action)
        real.apply_action(action)
        parted = str(clone) != str(real)
    assert parted


@pytest.mark.parametrize("game", research_games())
def test_a_seeded_determinized_search_reproduces(game: str) -> None:
    def play() -> list[int]:
        spiel = pyspiel.load_game(short_name(game), {"players": 2, "rng_seed": 12})
        bot = ismcts.ISMCTSBot(
            spiel,
            ScoreEvaluator(),
            2.0,
            6,
            random_state=np.random.RandomState(4),
            child_selection_policy=ismcts.ChildSelectionPolicy.PUCT,
        )
        state, rng, actions = spiel.new_initial_state(), random.Random(6), []
        for _ in range(24):
            if state.is_terminal():
                break
            chosen = bot.step(state) if state.current_player() == 0 else None
            action = chosen if chosen is not None else rng.choice(state.legal_actions())
            state.apply_action(action)
            actions.append(action)
        return actions

    assert play() == play()


class ScoreEvaluator:
    """Seats ahead on points now score 1; uniform priors."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        scores = state.table.engine.scores()
        return np.array([float(s == max(scores)) for s in scores])

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def test_the_pettingzoo_environment_draws_from_its_own_generator() -> None:
    """Two environments reset with the same seed play alike; a third, whose generator is
    reseeded after the reset (the same deal), draws other tiles."""
    plays = []
    for reseed in (None, None, 99):
        e = env("tikal", players=2)
        e.reset(seed=4)
        if reseed is not None:
            e._rng.seed(reseed)
        rng, seen = np.random.default_rng(0), []
        for _ in range(80):
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
            seen.append(e.observe(e.agent_selection)["observation"].tobytes())
        plays.append(seen)
    assert plays[0] == plays[1]
    assert plays[0] != plays[2]


TABLES = [
    pytest.param(game, options, id=f"{game}-" + "-".join(f"{k}={v}" for k, v in options.items()))
    for game in research_games()
    for options in variants(game_info(game))
]


def shown_missions(state: GameState) -> int:
    """Altiplano's missions revealed as achieved: a seat's own card shown, nothing drawn."""
    players = getattr(state, "s", {}).get("players", [])
    return sum(len(p["revealed"]) for p in players)


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "options"), TABLES)
def test_every_reveal_follows_a_chance_kind(game: str, options: dict[str, object]) -> None:
    info, normal, encoding = encoding_for(game, options)
    state, rng, draws = info.state_class.new(normal, seed=2), random.Random(2), 0
    while not state.is_over():
        before, shown = state.reveal_count, shown_missions(state)
        _, action = random_step(state, rng)
        if state.reveal_count - before > shown_missions(state) - shown:
            draws += 1
            assert action.kind in encoding.chance_kinds, action
    assert draws > 5
