"""What the terminal prints about moves is each reader's own log: others' secrets stay hidden,
hot seat hands the screen over, and undo takes back the log lines with the move."""

from __future__ import annotations

import io
import json

from rich.console import Console

from meeple.cli.play import Session
from meeple.engine.record import GameRecord
from meeple.games.altiplano import wording
from meeple.games.altiplano.state import AltiplanoState

OPTIONS = {"players": 4, "role_draft": True, "missions": True}


def altiplano_session(tmp_path, seats, answers, options=OPTIONS, seed=11):
    state = AltiplanoState.new(options, seed)
    record = GameRecord("altiplano", AltiplanoState.normalize_options(options), seed)
    console = Console(file=io.StringIO(), width=120)
    session = Session(state, record, seats, tmp_path / "g.json", console, bot_seed=seed)
    replies = iter(answers)
    session.input_fn = lambda prompt: next(replies)
    return session


def kept_missions_hidden_from(session, seat):
    """Ids and texts of missions kept by other seats that `seat`'s view does not show."""
    view = json.dumps(session.state.view(seat)["state"])
    return [
        name
        for other, p in enumerate(session.state.s["players"])
        if other != seat
        for mission in p["missions"]
        if f'"{mission}"' not in view
        for name in (mission, wording.mission_text(session.state.comps, mission))
    ]


def test_bots_kept_missions_are_not_printed(tmp_path):
    """The issue's case: role, keep, pass, then the bots keep theirs."""
    session = altiplano_session(tmp_path, ["human", "greedy", "greedy", "greedy"], "111q")
    session.run()
    text = session.console.file.getvalue()
    assert text.count("kept a mission card (secret)") >= 3
    secrets = kept_missions_hidden_from(session, 0)
    assert secrets, "the bots kept no mission: nothing was tested"
    assert not [s for s in secrets if s in text]


def test_hot_seat_hands_over_before_the_next_player_reads(tmp_path):
    """Blue keeps a mission; Orange's screen, after the hand-over, shows nothing of it."""
    options = {"players": 2, "missions": True}
    answers = ["", "1", "1", "", "1", "q"]  # Blue: keep, pass; Orange: keep; each after a hand-over
    session = altiplano_session(tmp_path, ["human", "human"], answers, options, seed=3)
    session.run()
    text = session.console.file.getvalue()
    assert "Pass the screen to Orange" in text
    kept = wording.mission_text(session.state.comps, session.state.s["players"][0]["missions"][0])
    before, _, after = text.rpartition("Pass the screen to Orange")
    assert kept in before and kept not in after
    assert "Blue: kept a mission card (secret)" in after  # the recap, in Orange's words


def test_undo_takes_the_log_lines_back(tmp_path):
    options = {"players": 2, "missions": True}
    session = altiplano_session(tmp_path, ["human", "greedy"], ["1", "u", "q"], options, seed=3)
    session.run()
    assert session.log[0] == []
    assert session.log[None] == []


def test_why_not_lists_refused_moves_with_their_rule(tmp_path):
    """Both draw (each after a hand-over), then Blue asks "?" in planning."""
    options = {"players": 2}
    answers = ["", "1", "", "1", "", "?", "q"]
    session = altiplano_session(tmp_path, ["human", "human"], answers, options, seed=3)
    before = None
    replies = iter(answers)

    def reply(prompt):
        nonlocal before
        answer = next(replies)
        if answer == "?":
            before = session.state.to_json()
        return answer

    session.input_fn = reply
    session.run()
    text = session.console.file.getvalue()
    assert "Not allowed now" in text and "[ALT-8]" in text
    assert session.state.to_json() == before
