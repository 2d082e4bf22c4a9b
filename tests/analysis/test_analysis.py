"""The analysis of a game (issue 29): repeatable under a seed, made from each mover's view only
(planted: the figures do not change when only what the seats could not see changes), a move
the search preferred costs nothing, the summary and chart agree with the moves, and
`meeple analyse` prints it and writes its JSON and chart."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from meeple.analysis import COSTLY, GameAnalysis, estimate_moves, summarise
from meeple.bots import make_bot
from meeple.bots.base import Budget
from meeple.cli.main import app
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_class

BUDGET = Budget(iterations=24)


def played_game(game: str, seed: int, moves: int | None = None) -> GameRecord:
    """A game of a random seat 0 against a greedy seat 1 (whole, or its first `moves`)."""
    state_class = game_class(game)
    options = state_class.normalize_options({"players": 2})
    state = state_class.new(options, seed)
    record = GameRecord(game, options, seed)
    bots = [make_bot("random", state_class, seed), make_bot("greedy", state_class, seed)]
    while not state.is_over() and (moves is None or len(record.actions) < moves):
        seat = state.to_move()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        record.actions.append((seat, action))
        state.apply(seat, action)
    return record


@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_the_same_record_budget_and_seed_give_the_same_figures(game):
    record = played_game(game, 4, moves=40)
    first = estimate_moves(record.initial_state(), record.actions, BUDGET, seed=9)
    again = estimate_moves(record.initial_state(), record.actions, BUDGET, seed=9)
    assert first == again
    assert [m.index for m in first] == list(range(40))
    decided = [m for m in first if m.before is not None]
    assert decided, "no move of the first 40 had a choice"
    for move in decided:
        assert 0.0 <= move.after <= move.before <= 1.0
        if move.best is None:  # the move played was the search's choice: it cost nothing
            assert move.loss == 0.0 and move.before == move.after and move.best_label is None
        else:
            assert move.best != move.action and move.best_label
    # Moves analysed in pieces (as the server's workers do) are the same as in one go.
    pieces = [
        estimate_moves(record.initial_state(), record.actions, BUDGET, 9, range(a, a + 10))
        for a in range(0, 40, 10)
    ]
    assert [m for piece in pieces for m in piece] == first


def test_the_figures_do_not_change_when_only_hidden_parts_change():
    """Tikal's stack holds the tiles still to come, face down, drawn from its end. A copy of
    the game with the two tiles drawn last swapped (a planted difference no seat sees for the
    first 40 moves: every seat's view is the same at each of them) gets the same figures."""
    record = played_game("tikal", 6, moves=40)
    state_class = game_class("tikal")
    data = record.initial_state().to_json()
    data["stack"][0], data["stack"][1] = data["stack"][1], data["stack"][0]
    planted = state_class.from_json(data)
    assert planted.to_json() != record.initial_state().to_json()
    original, other = record.initial_state(), state_class.from_json(data)
    for seat, action in record.actions:
        assert all(original.view(s) == other.view(s) for s in range(2))
        original.apply(seat, action)
        other.apply(seat, action)
    assert original.to_json()["stack"] != other.to_json()["stack"]  # still hidden, still apart
    figures = estimate_moves(record.initial_state(), record.actions, BUDGET, seed=2)
    assert estimate_moves(planted, record.actions, BUDGET, seed=2) == figures
    # The seed does move them: the check above could fail.
    assert estimate_moves(record.initial_state(), record.actions, BUDGET, seed=3) != figures


def test_the_summary_and_chart_follow_the_moves():
    record = played_game("tikal", 8, moves=60)
    moves = estimate_moves(record.initial_state(), record.actions, BUDGET, seed=1)
    analysis = summarise("tikal", 2, str(BUDGET), 1, moves)
    assert [len(series) for series in analysis.chart] == [60, 60]
    for move in moves:
        if move.after is not None:
            assert analysis.chart[move.seat][move.index] == move.after
    for summary in analysis.seats:
        own = [m for m in moves if m.seat == summary.seat and m.before is not None]
        assert summary.decisions == len(own)
        assert summary.costly == sum(1 for m in own if m.loss >= COSTLY)
        losses = sorted((m.loss for m in own if m.loss > 0), reverse=True)[:3]
        assert [moves[i].loss for i in summary.worst] == losses
    again = GameAnalysis.from_json(json.loads(json.dumps(analysis.to_json())))
    assert again == analysis


def test_meeple_analyse_prints_the_summary_and_writes_json_and_chart(tmp_path):
    record = played_game("tikal", 3, moves=30)
    path = tmp_path / "game.json"
    record.save(path)
    out, chart = tmp_path / "analysis.json", tmp_path / "chart.png"
    result = CliRunner().invoke(
        app,
        [
            "analyse",
            str(path),
            "--budget",
            "16i",
            "--seed",
            "5",
            "--json",
            str(out),
            "--chart",
            str(chart),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Analysis (16i a move, seed 5)" in result.output
    assert "Blue" in result.output and "Orange" in result.output
    written = json.loads(out.read_text())
    assert written["budget"] == "16i" and len(written["moves"]) == 30
    expected = estimate_moves(record.initial_state(), record.actions, Budget(iterations=16), 5)
    assert [m["after"] for m in written["moves"]] == [m.after for m in expected]
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    bad = CliRunner().invoke(app, ["analyse", str(path), "--budget", "lots"])
    assert bad.exit_code == 2 and "a budget is like" in bad.output
    nowhere = tmp_path / "no such folder" / "chart.png"
    unwritable = CliRunner().invoke(
        app, ["analyse", str(path), "--budget", "4i", "--chart", str(nowhere)]
    )
    assert unwritable.exit_code == 2 and "cannot write" in unwritable.output
    assert not nowhere.parent.exists()


def test_random_play_is_marked_costly_more_often_than_the_search_would_play():
    """A sanity check of what the figures mean, on one whole game (the arena's figures are
    in docs/benchmarks.md): the random seat loses more chance a move than the greedy one,
    and the chances at the end point to the winner."""
    record = played_game("tikal", 12)
    moves = estimate_moves(record.initial_state(), record.actions, BUDGET, seed=0)
    analysis = summarise("tikal", 2, str(BUDGET), 0, moves)
    random_seat, greedy_seat = analysis.seats
    assert random_seat.mean_loss > greedy_seat.mean_loss
    final = record.replay()
    (winner,) = final.winners()
    loser = 1 - winner
    assert analysis.chart[winner][-1] > analysis.chart[loser][-1]


def test_a_seed_changes_nothing_of_the_record(tmp_path):
    """The analysis plays the record on the state it is given, and nothing else: the record's
    own replay is untouched."""
    record = played_game("tikal", 5, moves=20)
    before = record.to_json()
    estimate_moves(
        record.initial_state(), record.actions, BUDGET, seed=random.Random(1).randrange(99)
    )
    assert record.to_json() == before
