"""The small promises of the research adapters (issue 26): action indexes refused alike
(`ValueError` for -1, past the end, a float such as 4289.0), editions by name, OpenSpiel's
``rng_seed`` with ``seed`` as its alias and -1 for a fresh seed, large seeds in PettingZoo,
actions named in words, the information state tensor's history scaled."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from meeple.engine.errors import OptionsError
from meeple.engine.registry import shipped_edition
from meeple.research.games import encoding_for, research_games
from meeple.research.openspiel import short_name
from meeple.research.pettingzoo import env

BAD_INDEXES = [-1, 10**6, 4289.0, 1.5, True, "3"]


@pytest.mark.parametrize("game", research_games())
@pytest.mark.parametrize("index", BAD_INDEXES, ids=repr)
def test_a_bad_action_index_raises_value_error_everywhere(game: str, index: object) -> None:
    _, _, encoding = encoding_for(game, {"players": 2})
    with pytest.raises(ValueError, match="action index"):
        encoding.action_at(index)  # type: ignore[arg-type]
    e = env(game, players=2)
    e.reset(seed=1)
    before = e.observe(e.agent_selection)["observation"]
    with pytest.raises(ValueError, match="action index"):
        e.step(index)  # type: ignore[arg-type]
    assert np.array_equal(e.observe(e.agent_selection)["observation"], before)


@pytest.mark.parametrize("game", research_games())
def test_numpy_integers_are_indexes(game: str) -> None:
    e = env(game, players=2)
    e.reset(seed=1)
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(legal[0])  # a numpy int64, as np.flatnonzero and argmax give
    spiel = pyspiel.load_game(short_name(game), {"players": 2, "rng_seed": 1})
    state = spiel.new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="kInvalidAction"):
        state.apply_action(-1)  # OpenSpiel's own check, before the game's
    with pytest.raises(ValueError, match="action index -2"):
        state.apply_action(-2)
    with pytest.raises(ValueError, match="is not in 0"):
        state.apply_action(spiel.num_distinct_actions())


def test_an_edition_by_name_in_both_adapters() -> None:
    data = shipped_edition("tikal", "reconstruction-2026")
    by_data = env("tikal", players=2, edition=data)
    by_name = env("tikal", players=2, edition="reconstruction-2026")
    for e in (by_data, by_name):
        e.reset(seed=3)
    first = by_data.observe("player_0")["observation"]
    assert np.array_equal(by_name.observe("player_0")["observation"], first)
    built_in = env("tikal", players=2)
    built_in.reset(seed=3)
    assert not np.array_equal(built_in.observe("player_0")["observation"], first)
    spiel = pyspiel.load_game(
        short_name("tikal"), {"players": 2, "edition": "reconstruction-2026", "rng_seed": 3}
    )
    assert spiel.options["edition"] == data
    with pytest.raises(OptionsError, match="ships no edition"):
        pyspiel.load_game(short_name("tikal"), {"edition": "no-such-edition"})


@pytest.mark.parametrize("game", research_games())
def test_rng_seed_and_its_alias_seed(game: str) -> None:
    def deal(params: dict[str, int]) -> str:
        """The whole deal (the spectators' view of a start may be alike for two seeds)."""
        state = pyspiel.load_game(short_name(game), params).new_initial_state()
        return str(state.table.engine.to_json())

    assert deal({"rng_seed": 5}) == deal({"seed": 5}) == deal({"rng_seed": 5, "seed": 5})
    assert deal({"rng_seed": 5}) != deal({"rng_seed": 6})
    assert deal({"rng_seed": 2**31 - 1}) == deal({"seed": 2**31 - 1})  # OpenSpiel's int range
    assert deal({}) != deal({})  # -1, the default: a fresh seed for every game object
    with pytest.raises(ValueError, match="disagree"):
        deal({"rng_seed": 5, "seed": 6})


@pytest.mark.parametrize("game", research_games())
def test_pettingzoo_takes_any_integer_seed(game: str) -> None:
    seen = []
    for _ in range(2):
        e = env(game, players=2)
        e.reset(seed=2**70 + 3)
        seen.append(e.observe("player_0")["observation"])
    assert np.array_equal(*seen)


@pytest.mark.parametrize("game", research_games())
def test_the_game_names_an_action_in_words(game: str) -> None:
    spiel = pyspiel.load_game(short_name(game), {"players": 2, "rng_seed": 2})
    state = spiel.new_initial_state()
    for action in state.legal_actions()[:5]:
        words = spiel.action_to_string(state.current_player(), action)
        # The state may say more (the tile in its hand); the verb is the same.
        said = state.action_to_string(state.current_player(), action)
        assert words.split()[0] == said.split()[0]
        assert "Action(" not in words and words.strip()


@pytest.mark.parametrize("game", research_games())
def test_the_history_section_is_scaled(game: str) -> None:
    """Every number of the history section lies in [0, 1]: the action index is divided by
    the action space's size (the observation before it keeps the encoding's own counts)."""
    spiel = pyspiel.load_game(short_name(game), {"players": 2, "rng_seed": 2})
    state = spiel.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    size = int(np.prod(spiel.observation_tensor_shape()))
    history = np.asarray(state.information_state_tensor(0))[size:]
    assert history.min() >= 0.0 and history.max() <= 1.0
    assert (history[(history > 0) & (history < 1)]).size > 40
