"""Random simulation: 52 seeded games of uniformly random legal play (2–5 players, both role
modes, with and without missions), checked after every step by the shared engine checker plus
the conservation invariant; at every step every listed legal action is applied on a clone."""

from __future__ import annotations

import random

import pytest
from altiplano_helpers import conservation

from meeple.engine.testing import check_random_game, random_step
from meeple.games.altiplano import AltiplanoState

# fewer long 5-player games than short 2-player ones keeps the suite within minutes; the
# 5-player game comes early in the cycle, so that its three (seeds 6, 26, 46) fall in three of
# the four pairings below (the eager games of test_altiplano_deep play the fourth)
PLAYER_MIX = [2] * 6 + [5] + [2] * 6 + [3] * 5 + [4] * 2
#: (seed, players, role draft, missions): 13 games of each pairing of the two variants. Sized
#: so the whole suite stays under 20 minutes in CI: 60 games until session 26, whose digest
#: tests (tests/altiplano/test_altiplano_digest.py, a game of four tables at every step) and
#: others took the time of the eight dropped.
GAMES = [
    (seed, PLAYER_MIX[seed % len(PLAYER_MIX)], bool((seed // 13) % 2), bool((seed // 26) % 2))
    for seed in range(52)
]


@pytest.mark.parametrize(("seed", "players", "role_draft", "missions"), GAMES)
def test_random_game(seed: int, players: int, role_draft: bool, missions: bool) -> None:
    options = {"players": players, "role_draft": role_draft, "missions": missions}
    state = check_random_game(
        AltiplanoState,
        options,
        seed,
        invariant=conservation,
    )
    assert state.is_over()
    sheet = state.score_sheet()
    assert sheet["final"] and [p["total"] for p in sheet["players"]] == state.scores()


@pytest.mark.parametrize("seed", range(4))
def test_views_hold_no_secrets(seed: int) -> None:
    """No seat's view holds another seat's unrevealed missions, hands, bag or container."""
    players = 2 + seed % 4
    state = AltiplanoState.new({"players": players, "missions": True}, seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % 5 == 0:
            for seat in [None, *range(players)]:
                view = state.view(seat)
                assert "salt" not in view["state"]
                assert all(
                    isinstance(letter, str) and len(letter) == 1
                    for letter in view["state"]["stack"]
                )
                for other, p in enumerate(view["state"]["players"]):
                    if other == seat:
                        continue
                    real = state.s["players"][other]
                    assert "bag" not in p and "container" not in p and "hand" not in p
                    assert set(p["missions"]) <= set(real["revealed"])
        random_step(state, rng)
        step += 1


@pytest.mark.parametrize("seed", range(2))
def test_determinize_gives_the_same_view(seed: int) -> None:
    players = 3 + seed
    state = AltiplanoState.new({"players": players, "missions": True, "role_draft": True}, seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % 13 == 0:
            for seat in [None, *range(players)]:
                view = state.view(seat)
                sampled = AltiplanoState.determinize(view, rng)
                assert sampled.view(seat) == view
                conservation(sampled)
        random_step(state, rng)
        step += 1


@pytest.mark.parametrize("players", [2, 3, 5])
def test_determinize_keeps_passed_missions_where_they_went(players: int) -> None:
    """A seat knows where its passed mission cards went; sampled states respect that."""
    state = AltiplanoState.new({"players": players, "missions": True}, players)
    rng = random.Random(players)
    while state.s["phase"] == "missions":
        random_step(state, rng)
    for seat in range(players):
        gave = state.s["players"][seat]["gave"]
        assert len(gave) == (2 if players == 2 else 3)
        view = state.view(seat)
        for _ in range(10):
            sampled = AltiplanoState.determinize(view, rng)
            for dest, card in gave:
                if dest < 0:
                    assert card in sampled.s["missions_box"]
                else:
                    owner = sampled.s["players"][dest]
                    assert card in owner["missions"] or card in sampled.s["missions_box"]
