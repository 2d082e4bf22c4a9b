"""Kuhn poker, the tiny game: its rules, its secrets, and the conformance harness, which it
passes and which catches each way of breaking it."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from kuhn import GAME, NOBODY, RANKS, Call, Check, Fold, KuhnState

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction, OptionsError
from meeple.engine.game import Refusal
from meeple.engine.gameinfo import OptionSpec
from meeple.engine.log import LogEntry
from meeple.engine.testing import assert_unchanged_on_error, check_conformance

#: Each card's name is a marker that a reader's log may hold only when its view shows it.
SECRETS = {rank: f'"{rank}"' for rank in RANKS}


def deal(*cards: str, **options: Any) -> KuhnState:
    """A hand with the cards dealt as named, the last one to nobody."""
    state = KuhnState.new({"players": len(cards) - 1, **options}, 0)
    state.cards = [RANKS.index(card) for card in cards]
    return state


def play(state: KuhnState, *kinds: str) -> KuhnState:
    for kind in kinds:
        state.apply(state.current, state.parse_action({"kind": kind}))
    return state


def test_when_everyone_checks_the_best_card_takes_the_antes():
    state = play(deal("King", "Jack", "Queen"), "check", "check")
    assert state.is_over() and state.winners() == [0] and state.scores() == [1, -1]
    assert state.view(None)["shown"] == ["King", "Jack"]
    assert state.reveal_count == 2


def test_a_bettor_everyone_folds_to_takes_the_pot_unseen():
    state = play(deal("Jack", "Queen", "King", "Ace"), "check", "bet", "fold", "fold")
    assert state.winners() == [1] and state.scores() == [-1, 2, -1]
    assert state.view(0)["shown"] == [None, None, None] and state.reveal_count == 0


def test_after_a_bet_the_seats_that_checked_answer_it_too():
    state = play(deal("Ace", "Queen", "King", "Jack"), "check", "bet", "call")
    assert state.to_move() == (0,) and state.legal_actions(0) == [Call(), Fold()]
    play(state, "fold")
    assert state.winners() == [2] and state.scores() == [-1, -2, 3]
    assert state.view(0)["shown"] == [None, "Queen", "King"]


def test_lowball_and_the_start_player_are_options():
    state = play(deal("King", "Jack", "Queen", lowball=True, start_player=1), "check", "check")
    assert state.winners() == [1]
    assert KuhnState.new({"start_player": 1}, 3).to_move() == (1,)
    with pytest.raises(OptionsError, match=r"start_player must be a seat 0\.\.1"):
        KuhnState.new({"start_player": 2}, 3)


def test_a_move_out_of_turn_or_against_the_bet_changes_nothing():
    state = play(deal("King", "Jack", "Queen"), "bet")
    message = assert_unchanged_on_error(state, lambda s: s.apply(1, Check()))
    assert message == "[facing a bet] Blue has bet: call or fold"
    assert "turn order" in assert_unchanged_on_error(state, lambda s: s.apply(0, Call()))
    with pytest.raises(IllegalAction, match=r"\[no bet\]"):
        deal("King", "Jack", "Queen").apply(0, Call())
    refusals = [(r.rule, r.example) for r in state.refusals(1)]
    assert refusals == [("facing a bet", "Check"), ("facing a bet", "Bet")]


def test_a_view_shows_a_seat_its_own_card_and_no_other():
    state = deal("King", "Jack", "Queen")
    assert state.view(0)["hand"] == "King" and state.view(None)["hand"] is None
    assert "Jack" not in json.dumps(state.view(0)) and "Queen" not in json.dumps(state.view(0))
    sampled = KuhnState.determinize(state.view(1), random.Random(1))
    assert sampled.cards[1] == RANKS.index("Jack") and sorted(sampled.cards) == [0, 1, 2]


def test_the_log_tells_the_moves_and_the_showdown_to_everyone_alike():
    before = play(deal("King", "Jack", "Queen"), "bet")
    after = play(before.clone(), "call")
    told = [str(e) for e in after.narrate(before, 1, Call(), None)]
    assert told == ["Orange: calls", "Showdown: Blue King, Orange Jack", "Blue: takes the pot of 4"]
    assert after.narrate(before, 1, Call(), 0) == after.narrate(before, 1, Call(), None)


@pytest.mark.parametrize(
    "options", [{}, {"players": 3}, {"players": 3, "lowball": True, "start_player": 2}]
)
def test_kuhn_poker_conforms(options):
    found = check_conformance(GAME, options, seeds=range(1, 101), secrets=SECRETS)
    assert found.moves and found.hidden and found.refused and found.narrations, found
    assert found.markers, "no log line named a card: the log secrecy check saw nothing"


# -- the harness catches each way of breaking the game -------------------------------------------


def broken(**methods: Any) -> Any:
    """The game's declaration with an engine that overrides `methods`."""
    engine = type("BrokenKuhn", (KuhnState,), methods)
    return dataclasses.replace(GAME, state_class=engine)


def view_with_spare(self: KuhnState, seat: int | None) -> dict[str, Any]:
    return KuhnState.view(self, seat) | {"spare": RANKS[self.cards[-1]]}


def narrate_with_card(
    self: KuhnState, before: KuhnState, seat: int, action: Action, viewer: int | None
) -> list[LogEntry]:
    told = KuhnState.narrate(self, before, seat, action, viewer)
    return [*told, LogEntry(seat, f"holds the {RANKS[self.cards[seat]]}")]


def determinize_anyhow(cls: type[KuhnState], view: Any, rng: random.Random) -> KuhnState:
    state = KuhnState.determinize.__func__(cls, view, rng)  # type: ignore[attr-defined]
    rng.shuffle(state.cards)
    return state


def apply_check_as_call(self: KuhnState, seat: int, action: Action) -> None:
    KuhnState.apply(self, seat, Call() if action == Check() and self.bettor != NOBODY else action)


def refusals_of_a_legal_move(self: KuhnState, seat: int) -> list[Refusal]:
    return [*KuhnState.refusals(self, seat), Refusal("made up", "no reason", "Check")]


@pytest.mark.parametrize(
    ("methods", "caught"),
    [
        ({"view": view_with_spare}, "view of seat .* depends on hidden information"),
        ({"narrate": narrate_with_card}, "log of .* depends on what it cannot see"),
        ({"determinize": classmethod(determinize_anyhow)}, "determinized state shows seat"),
        ({"apply": apply_check_as_call}, "accepted but should have been rejected"),
        ({"refusals": refusals_of_a_legal_move}, "'Check' .* is not what trying"),
    ],
    ids=["leaky-view", "leaky-log", "wrong-determinize", "lax-rules", "false-refusal"],
)
def test_the_harness_catches_a_broken_engine(methods, caught):
    with pytest.raises(AssertionError, match=caught):
        check_conformance(broken(**methods), {"players": 3}, seeds=range(1, 21))


def test_the_harness_catches_a_leaky_log_without_planted_markers():
    """The narration check alone, with no markers: another reader's card is caught."""
    with pytest.raises(AssertionError, match="holds the"):
        check_conformance(broken(narrate=narrate_with_card), {}, seeds=range(1, 21))


def test_a_game_that_shuffles_nothing_is_seen_to_prove_nothing_secret():
    def shuffle_nothing(self: KuhnState, seat: int | None, rng: random.Random) -> None:
        return None

    found = check_conformance(broken(shuffle_hidden=shuffle_nothing), {}, seeds=range(1, 6))
    assert found.moves and not found.hidden


@pytest.mark.parametrize(
    ("change", "caught"),
    [
        (
            {"options": (OptionSpec("lowball", "flag", "Lowest wins.", True), GAME.options[1])},
            "declared defaults",
        ),
        ({"default_players": 3}, "declared defaults"),
        ({"min_players": 1}, "players must be 2 or 3"),
    ],
    ids=["flag-default", "table-size", "player-range"],
)
def test_the_harness_catches_a_declaration_that_is_not_the_engines(change, caught):
    with pytest.raises((AssertionError, OptionsError), match=caught):
        check_conformance(dataclasses.replace(GAME, **change), seeds=(1,))
