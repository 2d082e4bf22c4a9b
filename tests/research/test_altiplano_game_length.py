"""Altiplano's `max_game_length` (meeple.games.altiplano.game_length) bounds the games the
research adapters play: random games of every table and a player that makes the game as long
as it can stay under it, and each kind of step stays under its own term, counted per seat and
round, per seat, or for the table, so that a wrong term fails even where the total has slack."""

from __future__ import annotations

import collections
import copy
import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pyspiel
import pytest

from meeple.engine.actions import Action
from meeple.engine.registry import game_info
from meeple.games.altiplano import components as C
from meeple.games.altiplano.actions import NO_ORDER, BuyOrder
from meeple.games.altiplano.encoding import encoding
from meeple.games.altiplano.game_length import LengthTerms, length_terms
from meeple.games.altiplano.state import AltiplanoState
from meeple.research.games import acting_seat, playable_actions
from meeple.research.openspiel import short_name

INFO = game_info("altiplano")
TABLES = [
    {"players": players, "role_draft": draft, "missions": missions}
    for players in range(2, 6)
    for draft in (False, True)
    for missions in (False, True)
]

#: The term that bounds each kind of step, by its scope (see `LengthTerms`).
SEAT_ROUND_KINDS = {
    "draw": "draw",
    "swap_discard": "swap",
    "swap_draw": "swap",
    "swap_pick": "swap",
    "swap_skip": "swap",
    "take_back_tile": "tile_take_backs",
    "take_back_coin": "coin_take_backs",
    "place": "placements",
    "done": "done",
    "move": "moves",
    "buy_cart": "carts",
    "pass": "pass",
}
SEAT_KINDS = {
    "place_figure": "figure",
    "produce": "units",
    "sell": "units",
    "deliver": "units",
    "store": "units",
    "build_road": "units",
    "end_turn": "end_turns",
}
TABLE_KINDS = {
    "choose_role": "roles",
    "keep_mission": "missions",
    "pass_mission": "missions",
    "buy_extension": "extensions",
    "store_corn": "corn",
    "buffer_corn": "corn",
    "store_buffered": "buffered",
    "final_draw": "final_storage",
    "final_done": "final_storage",
}

Chooser = Callable[[list[Action], random.Random], Action]


class Counts:
    """The steps of one game, counted by term and scope."""

    def __init__(self) -> None:
        self.steps = 0
        self.rounds = 0
        self.seat_round: collections.Counter[tuple[str, int, int]] = collections.Counter()
        self.seat: collections.Counter[tuple[str, int]] = collections.Counter()
        self.table: collections.Counter[str] = collections.Counter()

    def add(self, state: AltiplanoState, seat: int, action: Action) -> None:
        """Counts `action`, about to be played by `seat` in `state`."""
        self.steps += 1
        round_ = state.s["round"]
        self.rounds = max(self.rounds, round_)
        kind = action.kind
        if kind == "store" and state.s["phase"] == "final":
            self.table["final_storage"] += 1
        elif isinstance(action, BuyOrder):
            if action.order == NO_ORDER:
                self.seat["stalls", seat] += 1
            else:
                self.table["orders"] += 1
        elif kind in SEAT_ROUND_KINDS:
            self.seat_round[SEAT_ROUND_KINDS[kind], seat, round_] += 1
        elif kind in SEAT_KINDS:
            self.seat[SEAT_KINDS[kind], seat] += 1
        elif kind in TABLE_KINDS:
            self.table[TABLE_KINDS[kind]] += 1
        else:
            raise AssertionError(f"no term of the bound counts {kind!r} steps")

    def check(self, terms: LengthTerms) -> None:
        assert self.rounds <= terms.rounds
        for (term, seat, round_), count in self.seat_round.items():
            assert count <= terms.per_seat_round[term], (term, seat, round_, count)
        for (term, seat), count in self.seat.items():
            assert count <= terms.per_seat[term], (term, seat, count)
        for term, count in self.table.items():
            assert count <= terms.per_table[term], (term, count)
        assert self.steps <= terms.total


def play(options: dict[str, Any], seed: int, choose: Chooser) -> Counts:
    """A whole game as the adapters play it (their seat and their choice of actions)."""
    state = AltiplanoState.new(options, seed=seed)
    rng = random.Random(seed)
    counts = Counts()
    while (seat := acting_seat(state, INFO)) is not None:
        action = choose(playable_actions(state, INFO, seat), rng)
        assert action.kind != "unplace", "the adapters never take a tile back off a field"
        counts.add(state, seat, action)
        state.apply(seat, action)
    return counts


def random_choice(actions: list[Action], rng: random.Random) -> Action:
    return rng.choice(actions)


#: Steps that end something (a phase for the seat, a turn, a round): the long player takes
#: them only when nothing else is left.
ENDING = {"draw", "swap_skip", "done", "pass", "end_turn", "final_done"}
#: Steps that undo another: the long player takes them first, so it places again.
UNDOING = {"take_back_tile", "take_back_coin"}


def long_choice(actions: list[Action], rng: random.Random) -> Action:
    """Prolongs the game: takes back whatever it can, never ends a phase, a turn or the round
    while it can do something else (so it buys orders it cannot get for coins, moves, ...)."""
    undoing = [a for a in actions if a.kind in UNDOING]
    going_on = [a for a in actions if a.kind not in ENDING]
    return rng.choice(undoing or going_on or actions)


def terms_of(options: dict[str, Any]) -> LengthTerms:
    return length_terms(C.load(None), AltiplanoState.normalize_options(options))


@pytest.mark.parametrize("options", TABLES, ids=lambda o: "-".join(map(str, o.values())))
def test_random_games_stay_under_every_term(options: dict[str, Any]) -> None:
    terms = terms_of(options)
    for seed in range(3):
        play(options, seed, choose=random_choice).check(terms)


@pytest.mark.parametrize("players", range(2, 6))
def test_a_player_prolonging_the_game_stays_under_every_term(players: int) -> None:
    options = {"players": players, "role_draft": True, "missions": True}
    counts = play(options, seed=10 + players, choose=long_choice)
    counts.check(terms_of(options))
    assert counts.seat_round  # it played rounds, and took back what it could:
    assert any(term == "tile_take_backs" for term, _, _ in counts.seat_round)


@pytest.mark.parametrize("scope", ["per_seat_round", "per_seat", "per_table"])
def test_the_counts_catch_a_term_too_small(scope: str) -> None:
    """A term one below what a game used fails the check, though the total has slack."""
    options = {"players": 3, "role_draft": True, "missions": True}
    counts = play(options, seed=1, choose=random_choice)
    terms = terms_of(options)
    used = {"per_seat_round": counts.seat_round, "per_seat": counts.seat, "per_table": counts.table}
    key, most = used[scope].most_common(1)[0]
    term = key if isinstance(key, str) else key[0]
    smaller = dataclasses.replace(terms, **{scope: {**getattr(terms, scope), term: most - 1}})
    assert smaller.total > counts.steps
    with pytest.raises(AssertionError):
        counts.check(smaller)


def test_openspiel_is_told_the_bound() -> None:
    for options in TABLES:
        spiel = pyspiel.load_game(short_name("altiplano"), {**options, "seed": 1})
        assert spiel.max_game_length() == terms_of(options).total


def test_an_edition_with_free_orders_has_no_bound_but_keeps_its_encoding() -> None:
    """Once the order cards are gone a free order lets a seat stall for ever (ALT-13): no
    bound exists, and OpenSpiel is not told a made-up one; the adapters' spaces still work."""
    edition = copy.deepcopy(C.load(None).raw)
    edition["orders"]["cost_coins"]["value"] = 0
    options = AltiplanoState.normalize_options({"players": 3, "edition": edition})
    with pytest.raises(ValueError, match="no bound"):
        length_terms(C.load(edition), options)
    free = encoding(options)
    assert free.action_space_size == encoding({"players": 3}).action_space_size
    with pytest.raises(ValueError, match="no bound"):
        _ = free.max_game_length
