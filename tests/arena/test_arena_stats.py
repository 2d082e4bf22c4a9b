"""Arena statistics against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from meeple.arena.stats import (
    GameOutcome,
    bradley_terry,
    entrant_stats,
    head_to_head,
    margins,
    outcomes_from_lines,
    wilson_interval,
)


def games(lineup, scores, winners, times=1):
    return [GameOutcome(tuple(lineup), tuple(scores), tuple(winners))] * times


def test_wilson_interval_of_7_out_of_10():
    low, high = wilson_interval(7, 10)
    assert low == pytest.approx(0.3968, abs=1e-4)
    assert high == pytest.approx(0.8922, abs=1e-4)


def test_wilson_interval_at_the_edges():
    # 10/10: centre (1 + z²/20) / (1 + z²/10) = 0.86124, half-width 0.13877.
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(0.72247, abs=1e-4)
    assert high == 1.0
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_margins_against_the_best_other_seat():
    assert margins([10, 7, 12]) == [-2, -5, 2]
    assert margins([5, 5]) == [0, 0]


def test_shared_wins_count_one_over_k_and_figures_per_seat():
    outcomes = games("abc", [10, 7, 12], [2]) + games("abc", [9, 9, 1], [0, 1])
    stats = {s.name: s for s in entrant_stats(["a", "b", "c"], outcomes)}
    assert [stats[n].wins for n in "abc"] == [0.5, 0.5, 1.0]
    assert [stats[n].games for n in "abc"] == [2, 2, 2]
    assert stats["a"].win_rate == 0.25
    assert stats["a"].mean_score == 9.5
    assert stats["a"].mean_margin == (-2 + 0) / 2
    assert stats["c"].mean_margin == (2 - 8) / 2


def test_an_entrant_in_two_seats_counts_both_and_never_meets_itself():
    outcomes = games("aba", [3, 2, 1], [0])
    stats = {s.name: s for s in entrant_stats(["a", "b"], outcomes)}
    assert stats["a"].games == 2 and stats["a"].wins == 1
    pairs = head_to_head(outcomes)
    assert "a" not in pairs["a"]
    assert (pairs["a"]["b"].wins, pairs["a"]["b"].losses) == (1, 1)


def test_equal_scores_are_draws_head_to_head():
    pairs = head_to_head(games("ab", [4, 4], [0, 1]) + games("ab", [5, 1], [0]))
    assert (pairs["a"]["b"].wins, pairs["a"]["b"].draws, pairs["a"]["b"].losses) == (1, 1, 0)
    assert (pairs["b"]["a"].wins, pairs["b"]["a"].draws, pairs["b"]["a"].losses) == (0, 1, 1)


def test_ratings_follow_the_results_and_average_1500():
    outcomes = games("abc", [3, 2, 1], [0], times=5) + games("abc", [1, 3, 2], [1], times=2)
    ratings = bradley_terry("abc", head_to_head(outcomes))
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500)


def test_rating_gap_matches_the_odds_when_the_prior_is_negligible():
    # 750 wins in 1000: odds 3:1, an Elo gap of 400·log10(3) = 190.8.
    outcomes = games("ab", [2, 1], [0], times=750) + games("ab", [1, 2], [1], times=250)
    ratings = bradley_terry("ab", head_to_head(outcomes))
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(3), abs=1.0)


def test_even_results_give_equal_ratings():
    outcomes = games("ab", [2, 1], [0], times=3) + games("ab", [1, 2], [1], times=3)
    ratings = bradley_terry("ab", head_to_head(outcomes))
    assert ratings["a"] == pytest.approx(1500) and ratings["b"] == pytest.approx(1500)


def test_a_perfect_record_has_a_finite_rating():
    for times in (1, 10, 1000):
        ratings = bradley_terry("ab", head_to_head(games("ab", [2, 1], [0], times=times)))
        assert all(math.isfinite(r) for r in ratings.values())
        assert ratings["a"] > ratings["b"]
        assert sum(ratings.values()) == pytest.approx(3000)


def test_an_entrant_without_finished_games():
    stats = {s.name: s for s in entrant_stats(["a", "b", "x"], games("ab", [2, 1], [0]))}
    assert stats["x"].games == 0 and stats["x"].win_rate is None
    assert (stats["x"].win_low, stats["x"].win_high) == (0.0, 1.0)
    assert math.isfinite(stats["x"].rating)


def test_errored_lines_are_left_out():
    lines = [
        {"lineup": ["a", "b"], "scores": [1, 2], "winners": [1], "error": None},
        {"lineup": ["b", "a"], "scores": None, "winners": None, "error": {"type": "E"}},
    ]
    assert outcomes_from_lines(lines) == games("ab", [1, 2], [1])
