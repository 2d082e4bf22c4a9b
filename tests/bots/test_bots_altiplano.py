"""Altiplano bots: legal choices at every step, and a greedy bot that plays the game (plans,
moves, acts, buys, stores) and beats random."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from bot_helpers import greedy_wins

from meeple.bots import GreedyBot, make_bot
from meeple.bots.base import evaluation_for
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.evaluation import AltiplanoEvaluation

CONFIGS = [
    {"players": 2, "missions": True, "role_draft": True},
    {"players": 3, "missions": True},
    {"players": 4, "role_draft": True, "missions": True},
]


def test_bots_altiplano_greedy_has_its_own_evaluation():
    assert isinstance(evaluation_for(AltiplanoState), AltiplanoEvaluation)
    assert isinstance(GreedyBot(AltiplanoState, 0).evaluation, AltiplanoEvaluation)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: json.dumps(o))
def test_bots_altiplano_choose_legal_actions_all_game(options):
    """Greedy and random seats alternate; every choice of every bot is one of the legal
    actions, made from the plain-data view alone, through a whole game."""
    n = options["players"]
    names = [("greedy", "random")[seat % 2] for seat in range(n)]
    state = AltiplanoState.new(options, n)
    bots = [make_bot(name, AltiplanoState, 7 + i) for i, name in enumerate(names)]
    others = {name: make_bot(name, AltiplanoState, 3) for name in ("random", "greedy", "ismcts:4i")}
    phases = set()
    steps = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        view = json.loads(json.dumps(state.view(seat)))  # plain data, nothing else
        phases.add(state.s["phase"])
        if steps % 7 == 0:  # every bot, asked about this seat's position
            for bot in others.values():
                assert bot.choose(view, list(legal)) in legal
        action = bots[seat].choose(view, list(legal))
        assert action in legal
        state.apply(seat, action)
        steps += 1
    expected = {"missions", "draw", "plan", "actions"} | (
        {"roles"} if options.get("role_draft") else set()
    )
    assert expected <= phases
    assert state.winners()


def play_counting(seed: int, names: list[str], options=None):
    """A whole game; returns the final state and the action kinds chosen by each seat."""
    state = AltiplanoState.new({"players": len(names), **(options or {})}, seed)
    bots = [make_bot(name, AltiplanoState, seed * 10 + i) for i, name in enumerate(names)]
    kinds: list[Counter[str]] = [Counter() for _ in names]
    while not state.is_over():
        seat = state.to_move()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        kinds[seat][action.kind] += 1
        state.apply(seat, action)
    return state, kinds


def test_bots_altiplano_greedy_plays_the_game():
    """In an all-greedy 4-player game every seat scores; between them the bots plan, move,
    produce, sell, buy, deliver, store and build; each acts several times a round and passes
    only once a round."""
    state, kinds = play_counting(3, ["greedy"] * 4)
    scores = state.scores()
    assert min(scores) >= 5 and sum(scores) / 4 >= 20, scores
    sheet = state.score_sheet()["players"]
    assert sum(p["boats"] + p["houses"] for p in sheet) > 0
    rounds = state.s["round"]
    for seat_kinds in kinds:
        assert seat_kinds["pass"] <= rounds
        acted = sum(seat_kinds[k] for k in ("produce", "sell", "store", "deliver", "build_road"))
        assert acted >= rounds, seat_kinds
    every = sum(kinds, Counter())
    for kind in ("place", "move", "produce", "sell", "store", "deliver", "buy_order",
                 "buy_extension", "buy_cart"):  # fmt: skip
        assert every[kind] > 0, (kind, every)


def test_bots_altiplano_greedy_acts_instead_of_passing():
    """Against random, greedy does more than one action a round and passes once a round."""
    state, kinds = play_counting(5, ["greedy", "random"])
    rounds = state.s["round"]
    assert kinds[0]["pass"] <= rounds
    acted = sum(kinds[0][k] for k in ("produce", "sell", "store", "deliver", "build_road"))
    assert acted >= 2 * rounds, kinds[0]
    assert state.winners() == [0]


def test_bots_altiplano_greedy_beats_random():
    wins = greedy_wins(AltiplanoState, 10)
    assert wins >= 8, f"greedy won only {wins} of 10"
