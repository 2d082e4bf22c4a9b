"""Undo keeps working after `meeple resume`: the moves of the turn saved before quitting can
be taken back, but not into an earlier turn."""

from __future__ import annotations

import io

from rich.console import Console

from meeple.cli.play import Session, load_game, save_game
from meeple.engine.record import GameRecord
from meeple.games.tikal import TikalState
from meeple.games.tikal.actions import EndTurn

OPTIONS = TikalState.normalize_options({"players": 2})


def resumed_session(path, answers):
    """`meeple resume` as the CLI does it, with scripted answers; records each prompt's state."""
    record, seats, bot_seed = load_game(path)
    console = Console(file=io.StringIO(), width=100)
    session = Session(record.replay(), record, seats, path, console, bot_seed=bot_seed)
    replies, session.seen = iter(answers), []

    def reply(prompt):
        session.seen.append(session.state.to_json())
        return next(replies)

    session.input_fn = reply
    return session


def saved_game(tmp_path, moves, seats):
    """A game saved after `moves` actions, each the first legal action or end of turn."""
    record = GameRecord("tikal", OPTIONS, 5)
    state = TikalState.new(OPTIONS, 5)
    for move in moves:
        seat = state.to_move()[0]
        action = EndTurn() if move == "end" else state.legal_actions(seat)[0]
        state.apply(seat, action)
        record.actions.append((seat, action))
    path = tmp_path / "g.json"
    save_game(path, record, seats, 5)
    return path, [s.to_json() for s in record.states()]


def test_undo_after_resume_goes_back_to_the_start_of_the_turn(tmp_path):
    path, states = saved_game(tmp_path, ["first", "first"], ["human", "greedy"])
    session = resumed_session(path, ["u", "u", "u", "q"])
    session.run()
    assert session.seen == [states[2], states[1], states[0], states[0]]
    assert "Nothing to undo" in session.console.file.getvalue()
    assert load_game(path)[0].actions == []


def test_undo_after_resume_stops_at_the_turn_start(tmp_path):
    """Blue placed and ended the turn; Orange placed a tile: Orange may undo only that."""
    path, states = saved_game(tmp_path, ["first", "end", "first"], ["human", "human"])
    session = resumed_session(path, ["", "u", "u", "q"])
    session.run()
    assert session.seen[1:] == [states[3], states[2], states[2]]
    assert "Nothing to undo" in session.console.file.getvalue()
    assert len(load_game(path)[0].actions) == 2
