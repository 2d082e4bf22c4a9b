"""Each game's tutorial replayed against its engine (issue 29): a rules change that breaks a
step of a tutorial fails here, naming the step. Also what the check catches, the stages a
page is shown, the links into the rules help and the texts the catalogue extraction finds."""

from __future__ import annotations

import dataclasses
import io
import json
from importlib import resources

import pytest

from meeple.engine.registry import game_info, installed_games
from meeple.tutorials.check import check
from meeple.tutorials.script import Move, Read, ScriptError, read_script, script_of
from meeple.tutorials.texts import extract
from meeple.web.routes import part_ids

GAMES = ("tikal", "altiplano")


def test_every_game_has_a_tutorial():
    # The installed games: not a test's own game (Kuhn poker) that another test of the same
    # worker may have registered.
    assert set(GAMES) == set(installed_games())
    assert all(script_of(game) is not None for game in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_replays_against_the_engine(game):
    script = script_of(game)
    state = check(script)
    # The script ends at a whole round's end, the learner to move in the free game after it.
    assert script.learner in state.to_move()
    assert state.legal_actions(script.learner)
    assert any(m.seat != script.learner for m in script.moves), "the bots play their part"


@pytest.mark.parametrize("game", GAMES)
def test_every_step_links_a_part_of_the_rules_help(game):
    parts = set(part_ids(game))
    rules = {step.rule for step in script_of(game).steps if step.text}
    assert None not in rules and rules <= parts, rules - parts


def _changed(script, number, **fields):
    steps = list(script.steps)
    steps[number] = dataclasses.replace(steps[number], **fields)
    return dataclasses.replace(script, steps=tuple(steps))


def _first_learner_step(script):
    return next(
        number
        for number, step in enumerate(script.steps)
        if isinstance(step, Move) and step.seat == script.learner
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_step_the_rules_refuse_fails_the_check_naming_it(game):
    script = script_of(game)
    number = _first_learner_step(script)
    broken = _changed(
        script, number, action={"kind": "end_turn"} if game == "tikal" else {"kind": "pass"}
    )
    with pytest.raises(ScriptError, match=f"step {number + 1}"):
        check(broken)


def test_a_highlight_of_another_move_fails_the_check():
    script = script_of("tikal")
    number = _first_learner_step(script)
    with pytest.raises(ScriptError, match="highlights"):
        check(_changed(script, number, highlight=("button:end",)))


def test_a_bot_step_out_of_turn_fails_the_check():
    script = script_of("tikal")
    number = _first_learner_step(script)
    with pytest.raises(ScriptError, match="not to move"):
        check(_changed(script, number, seat=1 - script.learner, text=None, highlight=()))


def test_a_script_that_ends_elsewhere_than_it_says_fails_the_check():
    script = script_of("tikal")
    with pytest.raises(ScriptError, match="after the script"):
        check(dataclasses.replace(script, after={"view": {"stack_size": 34}}))


def test_a_file_of_the_wrong_shape_is_refused():
    with pytest.raises(ScriptError):
        read_script("tikal", {"options": {}, "seed": 1, "learner": 0, "bot": "easy"})
    with pytest.raises(ScriptError, match="needs a text"):
        read_script(
            "tikal",
            {
                "options": {},
                "seed": 1,
                "learner": 0,
                "bot": "easy",
                "steps": [{"seat": 0, "action": {"kind": "end_turn"}}],
            },
        )


def test_the_stages_group_the_texts_before_each_move_of_the_learner():
    script = script_of("tikal")
    first = script.stage(0)
    assert first.number == 1 and first.move == script.moves[0]
    assert first.reads and all(isinstance(r, Read) for r in first.reads)
    learner = [m for m in script.moves if m.seat == script.learner]
    # Once the learner has made every scripted move, the bots play theirs: waiting.
    after_learner = script.moves.index(learner[-1]) + 1
    waiting = script.stage(after_learner)
    assert waiting.move is None and waiting.waiting and waiting.number == len(learner) + 1
    end = script.stage(len(script.moves))
    assert end.move is None and not end.waiting and end.reads


@pytest.mark.parametrize("game", GAMES)
def test_the_extraction_finds_every_text_of_the_file(game):
    source = resources.files(game_info(game).package).joinpath("data", "tutorial.json")
    found = [message for _, _, message, _ in extract(io.BytesIO(source.read_bytes()), (), (), {})]
    texts = [
        step["read"] if "read" in step else step.get("text")
        for step in json.loads(source.read_text())["steps"]
    ]
    assert found == [text for text in texts if text]
