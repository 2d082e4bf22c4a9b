"""Tutorial tables ("Learn to play", issue 29): the learner is held to the script's moves (a
legal move off the script is refused with the rule ``tutorial``, an illegal one with the
engine's reason), the other seats' bots are offered the scripted move alone while the script
runs and every legal move after it, each position tells the learner's page the step, and the
lobby's button seats the learner at once."""

from __future__ import annotations

import pytest
from server_helpers import schema_at

from meeple.server.service import TableError, TableService
from meeple.server.store import Store
from meeple.server.tutorial import OFF_SCRIPT
from meeple.tutorials.script import script_of

GAMES = ("tikal", "altiplano")


@pytest.fixture
def service(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'tutorial.db'}")
    yield TableService(store)
    store.close()


def _learner(service, game):
    created = service.create_tutorial(game)
    script = script_of(game)
    (learner,) = created.invites
    assert learner == script.learner
    return created.id, script


def _play_script(service, table_id, script, upto):
    """Play the first `upto` moves of the script, each by its seat, as the server would."""
    _play_script_from(service, table_id, script, 0, upto)


def _play_script_from(service, table_id, script, start, upto):
    for number, move in enumerate(script.moves[start:upto], start):
        version = service.version(table_id)
        if move.seat != script.learner:
            (turn,) = service.bot_turns(table_id)
            assert (turn.seat, turn.legal, turn.spec) == (move.seat, [move.action], script.bot)
        answer = service.move(table_id, move.seat, move.action, version, f"n{number}")
        assert answer.ok, (number, answer)


@pytest.mark.parametrize("game", GAMES)
def test_a_legal_move_off_the_script_is_refused_with_the_steps_reason(service, game):
    table_id, script = _learner(service, game)
    # The script up to the learner's first move that has another legal move besides it.
    for number, move in enumerate(script.moves):
        state = service._live(table_id).state
        others = [a for a in state.legal_actions(move.seat) if a.to_json() != move.action]
        if move.seat == script.learner and others:
            break
        _play_script_from(service, table_id, script, number, number + 1)
    version = service.version(table_id)
    answer = service.move(table_id, move.seat, others[0].to_json(), version, "off")
    assert (answer.ok, answer.rule) == (False, OFF_SCRIPT)
    assert service.version(table_id) == version  # nothing was played
    assert service.move(table_id, move.seat, move.action, version, "on").ok


def test_an_illegal_move_gets_the_engines_reason(service):
    table_id, script = _learner(service, "tikal")
    # A walk before any tile is placed: the rules refuse it, and say why.
    walk = {"kind": "walk", "figure": "worker", "src": 4, "dst": 8}
    answer = service.move(table_id, script.learner, walk, 0, "illegal")
    assert not answer.ok and answer.rule not in (OFF_SCRIPT, "malformed")
    assert answer.reason


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_play_the_script_then_choose_freely(service, game):
    table_id, script = _learner(service, game)
    _play_script(service, table_id, script, len(script.moves))
    payload = service.payload(table_id, script.learner)
    assert payload["tutorial"]["done"] and payload["tutorial"]["action"] is None
    table = service._live(table_id)
    # After the script every move of the rules is open to both the learner and the bots.
    assert payload["legal"] or service.bot_turns(table_id)
    for turn in service.bot_turns(table_id):
        assert len(turn.legal) == len(table.state.legal_actions(turn.seat))
        assert turn.spec == script.bot
    learner_moves = table.state.legal_actions(script.learner)
    if learner_moves:  # a free game: any legal move is played
        answer = service.move(
            table_id, script.learner, learner_moves[-1].to_json(), table.version, "free"
        )
        assert answer.ok


def test_the_payload_tells_the_learner_the_step_in_their_language(service):
    table_id, script = _learner(service, "tikal")
    first = script.moves[0]
    english = service.payload(table_id, script.learner)["tutorial"]
    assert english["step"] == 1 and english["steps"] == sum(
        1 for m in script.moves if m.seat == script.learner
    )
    assert english["text"] == first.text and english["highlight"] == list(first.highlight)
    assert english["action"] == first.action and english["rule"] == first.rule
    assert [r["text"] for r in english["reads"]] and not english["waiting"]
    # Spectators and the bots' seats are told nothing of it.
    assert "tutorial" not in service.payload(table_id, None)
    assert "tutorial" not in service.payload(table_id, 1 - script.learner)
    # An undo steps back in the script.
    _play_script(service, table_id, script, 2)
    assert service.payload(table_id, script.learner)["tutorial"]["step"] == 3
    assert service.undo(table_id, script.learner, 2, "u").ok
    assert service.payload(table_id, script.learner)["tutorial"]["step"] == 2


def test_why_not_says_the_step_asks_for_another_move(service):
    table_id, script = _learner(service, "tikal")
    _play_script(service, table_id, script, 1)  # the temple placed: the action points
    # Bringing the leader, or a camp, is legal, but the step asks for a worker.
    for thing in ("supply:leader", "supply:camp"):
        why = service.why_not(table_id, script.learner, [thing])
        assert (why["rule"], why["game"]) == (OFF_SCRIPT, False)
    # The step's own elements are no refusal.
    assert service.why_not(table_id, script.learner, ["supply:worker"])["rule"] != OFF_SCRIPT
    # A thing the rules refuse gets the rule's reason: no camp on the base camp.
    _play_script_from(service, table_id, script, 1, 2)
    why = service.why_not(table_id, script.learner, ["hex:a5"])
    assert (why["game"], why["rule"]) == (True, "TIK-9") and why["reason"]


def test_no_tutorial_for_a_game_that_is_not_installed(service):
    with pytest.raises(TableError):
        service.create_tutorial("no-such-game")


def test_learn_to_play_seats_the_learner_at_once(client):
    lobby = client.get("/").text
    for game in GAMES:
        assert f'action="/tutorial/{game}"' in lobby
    answer = client.post("/tutorial/tikal", follow_redirects=False)
    assert answer.status_code == 303
    table_id = answer.headers["location"].rsplit("/", 1)[1]
    state = client.get(f"/api/tables/{table_id}").json()
    assert state["seat"] == 0 and state["tutorial"]["step"] == 1
    assert [s["kind"] for s in state["seats"]] == ["human", "bot"]


def test_the_step_to_tutorial_tables_keeps_the_tables_before_it(tmp_path):
    """Alembic's step 0006 on a database of the schema before it: a table made then is no
    tutorial, and a tutorial made after it is one."""
    from sqlalchemy import text

    url = f"sqlite:///{tmp_path / 'before.db'}"
    with schema_at(url, "0005") as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, game, options, seed, status, version, admin_hash,"
                " created_at, clock, spectators_read_chat, open) VALUES ('old1', 'tikal',"
                " '{\"players\": 2}', 5, 'playing', 0, 'h', '2026-01-01 00:00:00', NULL,"
                " true, false)"
            )
        )
    store = Store(url)  # migrates to the newest schema
    try:
        assert store.load_table("old1").tutorial is False
        service = TableService(store)
        created = service.create_tutorial("tikal")
        assert store.load_table(created.id).tutorial is True
    finally:
        store.close()
