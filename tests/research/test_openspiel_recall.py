"""Perfect recall in the OpenSpiel information state tensor (meeple.research.history): the
same history gives the same tensor, histories a seat can tell apart give different ones (also
when they end in the same view), and nothing a seat may not see reaches its tensor."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pyspiel
import pytest

from meeple.engine.game import GameState
from meeple.research.games import research_games
from meeple.research.history import HistoryLayout, SeatHistory, start_row, step_row
from meeple.research.openspiel import MeepleState, short_name
from planted import altiplano_marked_edition, tikal_marked_edition

#: Options with every kind of step in play (the auction, the mission draft).
RICH = {"tikal": {"players": 3, "auction": True}, "altiplano": {"players": 3, "missions": True}}


def load(game: str, **params: Any) -> pyspiel.Game:
    """The games these tests play side by side take the same draws for the same actions
    (``replay_chance``): they compare histories, not chance."""
    return pyspiel.load_game(
        short_name(game), {**RICH[game], "seed": 3, "replay_chance": True, **params}
    )


def tensor(state: pyspiel.State, seat: int) -> np.ndarray:
    return np.asarray(state.information_state_tensor(seat), dtype=np.float32)


def view(state: MeepleState, seat: int) -> bytes:
    return orjson.dumps(state.engine.view(seat), option=orjson.OPT_SORT_KEYS)


@pytest.mark.parametrize("game", research_games())
def test_the_tensor_has_the_declared_shape_and_the_view_now_first(game: str) -> None:
    spiel = load(game)
    state = spiel.new_initial_state()
    size = int(np.prod(spiel.observation_tensor_shape()))
    for seat in range(spiel.num_players()):
        values = tensor(state, seat)
        assert len(values) == spiel.information_state_tensor_size() > size
        assert np.array_equal(values[:size], state.observation_tensor(seat))


@pytest.mark.parametrize("game", research_games())
def test_the_same_history_gives_the_same_tensor(game: str) -> None:
    """Two games of the same seed and the same actions, and a clone, give every seat the same
    tensor at every step; another deal gives another."""
    spiel = load(game)
    first, second = spiel.new_initial_state(), spiel.new_initial_state()
    replay = load(game).new_initial_state()  # the same seed from a new game object
    assert not np.array_equal(tensor(first, 0), tensor(second, 0))
    rng = random.Random(1)
    for _ in range(60):
        action = rng.choice(replay.legal_actions())
        replay.apply_action(action)
        first.apply_action(action)
    clone = replay.clone()
    for seat in range(spiel.num_players()):
        assert np.array_equal(tensor(replay, seat), tensor(first, seat))
        assert np.array_equal(tensor(clone, seat), tensor(replay, seat))


@pytest.mark.parametrize("game", research_games())
def test_histories_a_seat_can_tell_apart_have_different_tensors(game: str) -> None:
    """Over random games from one deal, two histories give a seat the same tensor exactly when
    they give it the same sequence of views and own actions (its information state string)."""
    seen: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    for seed in range(3):
        state, rng = load(game).new_initial_state(), random.Random(seed)  # the same deal
        for _ in range(50):
            for seat in range(state.num_players()):
                key = f"{seat}:{state.information_state_string(seat)}"
                values = tensor(state, seat).tobytes()
                assert seen.setdefault(key, values) == values
                assert by_tensor.setdefault(values, key) == key
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(seen) > 100


def _same_view_two_ways(game: str) -> tuple[pyspiel.State, pyspiel.State, int]:
    """Two states reached from one position by the acting seat's two actions in either order,
    where a seat's view ends the same: (a then b, b then a, that seat)."""
    spiel = load(game)
    rng = random.Random(5)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        mover = state.current_player()
        for a, b in itertools.islice(itertools.combinations(state.legal_actions(), 2), 40):
            one, two = state.clone(), state.clone()
            one.apply_action(a)
            two.apply_action(b)
            if one.current_player() != mover or two.current_player() != mover:
                continue
            if b not in one.legal_actions() or a not in two.legal_actions():
                continue
            one.apply_action(b)
            two.apply_action(a)
            for seat in range(spiel.num_players()):
                if seat != mover and view(one, seat) == view(two, seat):
                    return one, two, seat
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no two orders of the same steps end in the same view")


@pytest.mark.parametrize("game", research_games())
def test_the_same_view_reached_two_ways_keeps_two_tensors(game: str) -> None:
    one, two, seat = _same_view_two_ways(game)
    assert one.observation_tensor(seat) == two.observation_tensor(seat)
    assert one.information_state_string(seat) != two.information_state_string(seat)
    assert not np.array_equal(tensor(one, seat), tensor(two, seat))


@pytest.mark.parametrize("game", research_games())
def test_resampling_from_a_seats_information_state_keeps_its_tensor(game: str) -> None:
    """A state dealt again from the seat's view (the others' secrets drawn afresh) gives the
    seat the same tensor, and so do the same steps played on in both for as long as they
    show the seat the same views: nothing it may not see is in the tensor."""
    spiel = load(game)
    state, rng = spiel.new_initial_state(), random.Random(6)
    compared = 0
    for step in range(120):
        if step % 30 == 29:
            player = state.current_player()
            real = state.clone()
            sampled = state.resample_from_infostate(player, np.random.RandomState(step))
            for _ in range(12):
                if view(real, player) != view(sampled, player):
                    break  # chance dealt the two differently
                assert np.array_equal(tensor(sampled, player), tensor(real, player))
                compared += 1
                if real.is_terminal():
                    break
                action = rng.choice(real.legal_actions())
                if action not in sampled.legal_actions():
                    break
                real.apply_action(action)
                sampled.apply_action(action)
        state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 12


def _tells_apart(engine: GameState, seat: int, mover: int, played: Any, legal: list[Any]) -> bool:
    """Whether every other choice of `mover` would have left `seat` another view (or the same
    whole state: two names of one move, such as a walk and a camp move between neighbours)."""
    after = engine.clone()
    after.apply(mover, played)
    for other in legal:
        if other == played:
            continue
        alternative = engine.clone()
        alternative.apply(mover, other)
        if alternative.view(seat) == after.view(seat) and alternative != after:
            return False
    return True


@pytest.mark.parametrize("game", research_games())
def test_a_shown_action_is_one_the_seat_could_tell(game: str) -> None:
    """A seat's history names another seat's action only when no other choice would have shown
    the seat the same: the mission cards kept and passed stay hidden."""
    spiel = load(game)
    state, rng = spiel.new_initial_state(), random.Random(7)
    shown = hidden = 0
    step = 0
    while not state.is_terminal() and step < 260:
        mover, legal = state.current_player(), state.legal_actions()
        action = rng.choice(legal)
        before = state.table.engine.clone()
        state.apply_action(action)
        step += 1
        if step % 4 and len(legal) > 1:
            continue
        encoding = state.table.encoding
        for seat in range(spiel.num_players()):
            if seat == mover:
                continue
            tensor_recall = state.table.recalls[1]
            row = tensor_recall.history(state.table.engine, seat, encoding).last
            assert row is not None
            if row[1] < 0:
                hidden += 1
                continue
            assert row[1] == action
            shown += 1
            choices = [encoding.action_at(i) for i in legal]
            assert _tells_apart(before, seat, mover, encoding.action_at(action), choices)
    assert shown > 20 and (game == "tikal" or hidden > 0)


MARKED = {"tikal": tikal_marked_edition, "altiplano": altiplano_marked_edition}


@pytest.mark.parametrize("game", research_games())
def test_planted_names_do_not_reach_the_tensor(game: str) -> None:
    """With every secret name made a marker (tests/planted.py), the same game gives every seat
    the same tensor: the history is made of numbers from views, not of names."""
    data, _ = MARKED[game]()
    plain, marked = load(game), load(game, edition=orjson.dumps(data).decode())
    a, b = plain.new_initial_state(), marked.new_initial_state()
    rng = random.Random(8)
    for step in range(80):
        if step % 20 == 0:
            for seat in range(plain.num_players()):
                assert np.array_equal(tensor(a, seat), tensor(b, seat))
        action = rng.choice(a.legal_actions())
        assert b.legal_actions() == a.legal_actions()
        a.apply_action(action)
        b.apply_action(action)


def test_steps_beyond_the_section_are_folded_into_a_chain() -> None:
    """A game longer than the section keeps its last rows, and the steps before them in a
    chain: two histories that differ only in a folded step still differ."""
    layout = HistoryLayout(players=2, rows=3, actions=16)
    early, late = SeatHistory(layout), SeatHistory(layout)
    observation = np.zeros(4, np.float32)
    early.add(start_row((0.5, 0.25)), observation)
    late.add(start_row((0.5, 0.75)), observation)
    for step in range(5):
        for history in (early, late):
            history.add(step_row(0, step % 2, 10 + step, False, (0.125, 0.0), 2), observation)
    assert early.count == late.count == 3
    assert (early.folded, late.folded) == (3, 3)
    one, two = (np.zeros(layout.size, np.float32) for _ in range(2))
    layout.fill(one, early)
    layout.fill(two, late)
    assert one[0] == 3 / 3 and not np.array_equal(one, two)  # the fold count, in rows
    assert np.array_equal(one[3:], two[3:])
    # step 2: seat 0 played 12, of 16 actions
    assert list(one[3 : 3 + layout.width]) == [1, 0, 1, 12 / 16, 0.125, 0]


DOC = Path(__file__).parent.parent.parent / "docs" / "research.md"


def test_the_documented_sizes_are_the_games() -> None:
    """docs/research.md's table of information state tensor sizes, base game and variants."""
    rows = [
        line for line in DOC.read_text().splitlines() if re.match(r"\| (Tikal|Altiplano) \|", line)
    ]
    assert len(rows) == 7
    for row in rows:
        title, players, base, variants = (cell.strip() for cell in row.strip("|").split("|"))
        game, params = title.lower(), {"players": int(players)}
        sizes = [(params, base.rsplit("=", 1)[-1])]
        for part in variants.split(";"):
            name, size = part.rsplit(" ", 1)
            flags = {"auction"} if "auction" in name else set()
            flags |= {"role_draft"} if "role draft" in name or "both" in name else set()
            flags |= {"missions"} if "Missions" in name or "both" in name else set()
            sizes.append(({**params, **{flag: True for flag in flags}}, size))
        for options, size in sizes:
            spiel = pyspiel.load_game(short_name(game), options)
            assert spiel.information_state_tensor_size() == int(size.replace(",", "")), options
