"""A scripted human at the terminal: moves, bad input, undo, quit, resume."""

from __future__ import annotations

import io
import json

from cli_helpers import invoke, record_actions
from rich.console import Console

from meeple.cli.play import Session, load_game
from meeple.engine.record import GameRecord
from meeple.games.tikal import TikalState


def make_session(tmp_path, script, seed=5, players=3, humans=1):
    """A session whose human answers come from `script(session, prompt)`."""
    state = TikalState.new({"players": players}, seed)
    record = GameRecord("tikal", TikalState.normalize_options({"players": players}), seed)
    seats = ["human"] * humans + ["greedy"] * (players - humans)
    console = Console(file=io.StringIO(), width=100)
    session = Session(state, record, seats, tmp_path / "g.json", console, bot_seed=seed)
    session.input_fn = lambda prompt: script(session, prompt)
    return session


def output(session) -> str:
    return session.console.file.getvalue()


def test_cli_invalid_input_reprompts_and_leaves_the_game_unchanged(tmp_path):
    answers = iter(["abc", "0", "999", "-1", "", "1", "1", "q"])  # "1", "1": space, turn
    seen = []

    def script(session, prompt):
        seen.append(session.state.to_json())
        return next(answers)

    session = make_session(tmp_path, script)
    assert session.run() is False
    # Five bad answers, then the space: the state at each following prompt is unchanged.
    assert all(s == seen[0] for s in seen[:7])
    assert seen[7] != seen[0]  # the placement was applied
    text = output(session)
    assert "Not a number: 'abc'" in text
    assert "No action 999" in text and "No action 0" in text
    assert len(record_actions(tmp_path / "g.json")) == 1


def test_cli_undo_restores_the_state_but_not_past_the_turn(tmp_path):
    states = []
    # place the tile (space, turn), deploy, undo (deploy), undo (placement), undo (nothing
    # left), quit
    answers = iter(["1", "1", "1", "u", "u", "u", "q"])

    def script(session, prompt):
        states.append((session.state.to_json(), len(session.record.actions)))
        return next(answers)

    session = make_session(tmp_path, script)
    session.run()
    assert states[1] == states[0]  # choosing the space changes nothing yet
    assert states[4] == states[2] and states[4][1] == 1  # the deploy is undone
    assert states[5] == states[0] and states[5][1] == 0  # then the placement
    assert states[6] == states[0]  # nothing left to undo at the start of the turn
    text = output(session)
    assert text.count("Undone:") == 2
    assert "Nothing to undo" in text
    assert record_actions(tmp_path / "g.json") == []


def test_cli_undo_never_crosses_other_seats_or_reveals(tmp_path):
    prompts = []

    def script(session, prompt):
        prompts.append((session.state.to_json(), len(session.record.actions)))
        legal = session.state.legal_actions(0)
        if len(prompts) <= 2:
            return "1"  # place the tile: a space, then a turn
        if len(prompts) == 3:
            return str(len(legal))  # end the turn at once (EndTurn is listed last)
        if len(prompts) == 4:
            return "u"  # the bots have played and drawn: nothing to undo
        return "q"

    session = make_session(tmp_path, script)
    session.run()
    assert prompts[4] == prompts[3]
    assert "Nothing to undo" in output(session)
    assert prompts[3][1] > 2  # the bots did play


def test_cli_scripted_human_quit_saves_and_resume_continues(tmp_path):
    path = tmp_path / "game.json"
    result = invoke(
        "play", "tikal", "--seed", "5", "--record", str(path), input="1\n1\nabc\n2\nu\n2\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Not a number: 'abc'" in out
    assert "Undone:" in out
    assert f"meeple resume {path}" in out
    first = record_actions(path)
    assert len(first) == 2
    record, seats, bot_seed = load_game(path)
    assert seats == ["human", "greedy", "greedy"] and bot_seed == 5
    # Resume: end the turn (the last action), so the bots play, then quit at the next turn.
    state = record.replay()
    end = len(state.legal_actions(0))
    resumed = invoke("resume", str(path), input=f"{end}\nq\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming tikal after 2 actions" in resumed.output
    after = record_actions(path)
    assert after[:2] == first
    assert len(after) > 3
    assert {a["seat"] for a in after} == {0, 1, 2}
    assert json.loads(path.read_text())["cli"]["seats"] == ["human", "greedy", "greedy"]
    assert GameRecord.load(path).replay().to_move() == (0,)


def test_cli_input_end_counts_as_quit(tmp_path):
    path = tmp_path / "game.json"
    result = invoke("play", "tikal", "--seed", "1", "--record", str(path), input="1\n1\n")
    assert result.exit_code == 0, result.output
    assert "saved" in result.output
    assert len(record_actions(path)) == 1


def test_cli_board_shows_names_tiles_and_players(tmp_path):
    path = tmp_path / "game.json"
    result = invoke("play", "tikal", "--seed", "5", "--record", str(path), input="q\n")
    out = result.output
    for name in ("a1", "h5", "BASE", "temple 1"):
        assert name in out
    assert "Tile in hand" in out and "Stack:" in out
    assert "Blue (you)" in out and "Orange" in out and "Green" in out and "Legend" in out
    assert "Where does the tile go?" in out and "stones" in out


def test_cli_undo_never_goes_back_past_a_revealed_token(tmp_path):
    from meeple.bots import make_bot

    # Play bots until seat 0 may recover a treasure, in the middle of its turn.
    state = TikalState.new({"players": 2}, 3)
    record = GameRecord("tikal", TikalState.normalize_options({"players": 2}), 3)
    bots = [make_bot("greedy", TikalState, s) for s in range(2)]
    while not any(a.kind == "recover" for a in state.legal_actions(0)):
        seat = state.to_move()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        state.apply(seat, action)
        record.actions.append((seat, action))
    prompts = []

    def script(session, prompt):
        prompts.append((session.state.to_json(), session.state.reveal_count))
        if len(prompts) == 1:
            legal = session.state.legal_actions(0)
            return str(next(i for i, a in enumerate(legal, 1) if a.kind == "recover"))
        return "u" if len(prompts) == 2 else "q"

    console = Console(file=io.StringIO(), width=100)
    session = Session(state, record, ["human", "greedy"], tmp_path / "g.json", console, 3)
    session.input_fn = lambda prompt: script(session, prompt)
    session.run()
    assert prompts[1][1] == prompts[0][1] + 1  # the token was revealed
    assert prompts[2] == prompts[1]  # and the undo was refused
    assert "Nothing to undo" in output(session)


def test_cli_resume_a_plain_record_seats_one_human(tmp_path):
    """A record written by GameRecord.save (no seat setup) resumes with seat 1 human."""
    path = tmp_path / "plain.json"
    record = GameRecord("tikal", TikalState.normalize_options({"players": 2}), 4)
    record.save(path)
    result = invoke("resume", str(path), input="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    record2, seats, _ = load_game(path)
    assert seats == ["human", "medium"]  # the default level
    assert len(record2.actions) == 1


def test_cli_unwritable_record_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = invoke("play", "tikal", "--humans", "0", "--record", str(blocker / "g.json"))
    assert result.exit_code == 2
    assert "Traceback" not in result.output and "cannot save" in result.output
