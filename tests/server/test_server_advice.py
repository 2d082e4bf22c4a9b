"""The search's advice on the server (issue 29): a game that ends is analysed in the bot
workers, its progress shown meanwhile, with the same figures as the analysis of its record
elsewhere; a finished game's analysis is kept with it; a seat asks "what would a bot do?" on its
turn at a table that offers hints, and nobody else may."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient
from server_helpers import SecrecyWatch, bearer, new_table

from meeple.analysis import estimate_moves
from meeple.bots.base import Budget
from meeple.engine.record import GameRecord
from meeple.server.app import create_app
from meeple.server.service import SeatChoice
from meeple.server.settings import Settings
from planted import altiplano_marked_edition, tikal_marked_edition


@pytest.fixture
def quick(tmp_path):
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'advice.db'}",
        bot_workers=1,
        http_rate="1000/second",
        analysis_budget="4i",
    )
    with TestClient(
        create_app(settings), base_url="http://testserver", headers={"origin": "http://testserver"}
    ) as client:
        yield client


def finished(client, seats=("random", "random")):
    table, _ = new_table(client, seats=seats)
    deadline = time.monotonic() + 120
    while not client.get(f"/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table


@pytest.mark.timeout(240)
def test_a_finished_game_is_analysed_with_the_figures_of_its_record(quick):
    table = finished(quick)
    deadline = time.monotonic() + 180
    while True:
        answer = quick.get(f"/api/tables/{table}/analysis")
        assert answer.status_code == 200
        found = answer.json()
        if found["status"] == "done":
            break
        assert 0 <= found["done"] <= found["total"]
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.3)
    analysis = found["analysis"]
    record = GameRecord.from_json(quick.get(f"/api/tables/{table}/record").json())
    assert len(analysis["moves"]) == len(record.actions)
    expected = estimate_moves(record.initial_state(), record.actions, Budget(iterations=4), 0)
    assert [m["after"] for m in analysis["moves"]] == [m.after for m in expected]
    assert [m["best"] for m in analysis["moves"]] == [m.best for m in expected]
    assert analysis["budget"] == "4i" and len(analysis["chart"]) == 2
    assert all(isinstance(m["label"], str) and m["label"] for m in analysis["moves"])
    # Kept with the table: asked again, the same analysis, at once.
    assert quick.get(f"/api/tables/{table}/analysis").json()["analysis"] == analysis
    # In the reader's language: the labels are the engine's texts, said by the game's words.
    german = quick.get(f"/api/tables/{table}/analysis?lang=de").json()["analysis"]
    assert [m["after"] for m in german["moves"]] == [m["after"] for m in analysis["moves"]]
    english = {m["label"] for m in analysis["moves"]}
    assert "End turn" in english and "End turn" not in {m["label"] for m in german["moves"]}
    assert "labels" not in german["moves"][0]


def test_a_game_in_play_is_not_analysed(quick):
    table, secrets = new_table(quick)
    refused = quick.get(f"/api/tables/{table}/analysis", headers=bearer(secrets[0]))
    assert refused.status_code == 409 and "once it is over" in refused.json()["detail"]


@pytest.mark.timeout(120)
def test_a_seat_asks_what_a_bot_would_do_on_its_turn(quick):
    table, secrets = new_table(quick, seats=("human", "human"))
    state = quick.get(f"/api/tables/{table}", headers=bearer(secrets[0])).json()
    legal = {str(entry["action"]): entry for entry in state["legal"]}
    answer = quick.get(f"/api/tables/{table}/hint", headers=bearer(secrets[0]))
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["version"] == state["version"]
    assert 1 <= len(found["hints"]) <= 3
    for hint in found["hints"]:
        offered = legal[str(hint["action"])]  # one of the seat's legal actions
        assert hint["label"] == offered["label"] and hint["elements"] == offered["elements"]
        assert 0.0 <= hint["chance"] <= 1.0
    other = quick.get(f"/api/tables/{table}/hint", headers=bearer(secrets[1]))
    assert other.status_code == 409 and "on your turn" in other.json()["detail"]
    spectator = quick.get(f"/api/tables/{table}/hint")
    assert spectator.status_code == 403


def test_a_table_without_hints_gives_none(quick):
    body = {
        "game": "tikal",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "hints": False,
    }
    created = quick.post("/api/tables", json=body).json()
    secret = created["seats"][0]["secret"]
    state = quick.get(f"/api/tables/{created['table']}", headers=bearer(secret)).json()
    assert state["hints"] is False
    refused = quick.get(f"/api/tables/{created['table']}/hint", headers=bearer(secret))
    assert refused.status_code == 403 and "no hints" in refused.json()["detail"]


@pytest.mark.timeout(300)
@pytest.mark.parametrize(
    ("game", "options", "edition"),
    [
        ("tikal", {"players": 2}, tikal_marked_edition),
        ("altiplano", {"players": 2, "missions": True}, altiplano_marked_edition),
    ],
)
def test_a_hint_names_nothing_its_seat_may_not_see(quick, game, options, edition):
    """The hints are a channel of game data: no answer names a planted marker (a Tikal tile
    still in the stack, the other seat's mission) that the asking seat's view has not shown."""
    data, secrets = edition()
    service = quick.app.state.service
    created = service.create(game, {**options, "edition": data}, [SeatChoice(), SeatChoice()])
    watches = {seat: SecrecyWatch(secrets) for seat in (0, 1)}
    rng = random.Random(5)
    asked = 0
    for step in range(120):
        live = service._live(created.id)
        state = live.state
        if state.is_over():
            break
        seat = rng.choice(state.to_move())
        if step % 10 == 0 and len(state.legal_actions(seat)) > 1:
            watches[seat](service.payload(created.id, seat, 0))  # what the seat has seen
            answer = quick.get(
                f"/api/tables/{created.id}/hint", headers=bearer(created.invites[seat])
            )
            assert answer.status_code == 200, answer.text
            watches[seat]({"type": "hint", **answer.json()})
            asked += 1
        action = rng.choice(state.legal_actions(seat)).to_json()
        assert service.move(created.id, seat, action, live.version, f"n{step}").ok
    assert asked >= 5, "too few hints were asked: the channel was barely reached"
