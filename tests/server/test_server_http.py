"""The server over HTTP and WebSocket (FastAPI's test client): creating tables from the option
spec, joining by link, credentials checked on every channel, live pushes to every seat,
refusals, nonces, versions, simultaneous steps, undo, spectators and bots."""

from __future__ import annotations

import random
import re

import markupsafe
import pytest
from server_helpers import (
    bearer,
    illegal_move,
    new_table,
    random_move,
    receive_answer,
    receive_state,
)
from starlette.websockets import WebSocketDisconnect

from meeple.engine.registry import game_info, game_names


def answer_and_state(ws):
    """The answer to an accepted move or undo and the position it led to, in either order."""
    answer, state = None, None
    while answer is None or state is None or state["version"] < answer["version"]:
        message = ws.receive_json()
        if message["type"] == "state":
            state = message
        else:
            answer = message
    return answer, state


def test_the_form_is_made_from_each_games_option_spec(client):
    page = client.get("/").text
    for name in game_names():
        info = game_info(name)
        assert f'value="{name}"' in page
        for spec in info.options:
            assert f'name="opt_{spec.name}"' in page
            assert str(markupsafe.escape(spec.help)) in page
    games = client.get("/api/games").json()
    assert {g["name"] for g in games} == set(game_names())


def test_create_by_form_then_join_by_link(client):
    form = {"game": "tikal", "players": "2", "seat_0": "human", "seat_1": "human"}
    page = client.post("/tables", data=form)
    assert page.status_code == 200
    links = re.findall(r'href="(http://testserver/join/[^"]+)"', page.text)
    assert len(links) == 2
    join_page = client.get(links[1])
    assert "Seat 2" in join_page.text
    joined = client.post(links[1], data={"name": "<b>Ann</b>"}, follow_redirects=False)
    assert joined.status_code == 303
    cookie = joined.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    table = joined.headers["location"].rsplit("/", 1)[1]
    page = client.get(f"/tables/{table}")
    assert "You are seat 2" in page.text
    state = client.get(f"/api/tables/{table}").json()
    assert state["seat"] == 1 and state["seats"][1]["name"] == "<b>Ann</b>"
    client.cookies.clear()
    assert "spectator" in client.get(f"/tables/{table}").text


def test_play_against_bots_now_is_one_click(client):
    response = client.post("/tables", data={"game": "altiplano", "quick": "1"})
    assert response.status_code == 200 and "You are seat 1" in response.text
    table = str(response.url).rsplit("/", 1)[1]
    state = client.get(f"/api/tables/{table}").json()
    info = game_info("altiplano")
    assert state["seat"] == 0 and len(state["seats"]) == info.default_players
    assert [s["kind"] for s in state["seats"]][1:] == ["bot"] * (info.default_players - 1)


def test_bad_options_are_refused_with_the_engines_reason(client):
    response = client.post(
        "/api/tables", json={"game": "tikal", "options": {"players": 9}, "seats": []}
    )
    assert response.status_code == 400 and "players" in response.json()["detail"]
    page = client.post("/tables", data={"game": "tikal", "players": "2", "seat_1": "nobot"})
    assert page.status_code == 400 and "unknown bot" in page.text
    spec = {"game": "tikal", "players": "2", "seat_1": "easy", "seat_1_spec": "ismcts:lots"}
    page = client.post("/tables", data=spec)
    assert page.status_code == 400 and "budget" in page.text
    spec["seat_1_spec"] = "ismcts:50i"
    page = client.post("/tables", data=spec)
    assert page.status_code == 200 and "Seat 1:" in page.text
    assert "Seat 2:" not in page.text  # seat 2 is that bot: it has no link
    upload = client.post(
        "/tables",
        data={"game": "tikal", "players": "2"},
        files={"opt_edition_file": ("e.json", b"{not json", "application/json")},
    )
    assert upload.status_code == 400 and "not valid JSON" in upload.text


def test_a_wrong_or_missing_secret_is_refused_everywhere(client):
    table, secrets = new_table(client)
    wrong = bearer("x" * 43)
    assert client.get(f"/join/{table}/{'y' * 43}").status_code == 403
    assert client.post(f"/join/{table}/{'y' * 43}", data={"name": "Eve"}).status_code == 403
    assert client.get(f"/api/tables/{table}", headers=wrong).status_code == 403
    assert client.get(f"/tables/{table}", headers=wrong).status_code == 403
    move = {"action": {"kind": "end_turn"}, "version": 0, "nonce": "n"}
    assert client.post(f"/api/tables/{table}/moves", json=move, headers=wrong).status_code == 403
    assert client.post(f"/api/tables/{table}/undo", json=move, headers=wrong).status_code == 403
    assert client.get(f"/api/tables/{table}/record", headers=wrong).status_code == 403
    assert client.get(f"/api/tables/{table}/replay/0", headers=wrong).status_code == 403
    assert client.get(f"/tables/{table}/replay", headers=wrong).status_code == 403
    for route in ("seats/0/invite", "seats/0/bot"):  # the creator's, with a seat's secret
        for headers in (wrong, bearer(secrets[0])):
            refused = client.post(
                f"/api/tables/{table}/{route}", json={"bot": "easy"}, headers=headers
            )
            assert refused.status_code == 403
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/{table}", headers=wrong) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4401
    client.cookies.set(f"meeple_{table}", "z" * 43)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/{table}") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4401
    client.cookies.clear()
    # missing: a spectator, who may not move
    answer = client.post(f"/api/tables/{table}/moves", json=move)
    assert answer.status_code == 409 and answer.json()["rule"] == "not a seat"
    with client.websocket_connect(f"/ws/{table}") as ws:
        assert receive_state(ws)["seat"] is None
        ws.send_json({"type": "move", **move})
        assert ws.receive_json()["rule"] == "not a seat"
    assert client.get("/api/tables/nosuchtable").status_code == 404
    assert client.get(f"/api/tables/{table}", headers=bearer(secrets[0])).json()["version"] == 0


def test_a_seat_rebound_in_another_browser_loses_it_in_the_first(client):
    table, secrets = new_table(client)
    first = client.post(f"/join/{table}/{secrets[0]}", data={"name": "A"}, follow_redirects=False)
    cookie = first.cookies[f"meeple_{table}"]
    client.cookies.clear()
    client.post(f"/join/{table}/{secrets[0]}", data={"name": "B"}, follow_redirects=False)
    client.cookies.clear()
    client.cookies.set(f"meeple_{table}", cookie)
    assert client.get(f"/api/tables/{table}").status_code == 403


def test_the_websocket_checks_origin_and_size(client, settings):
    table, secrets = new_table(client)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(
            f"/ws/{table}", headers={**bearer(secrets[0]), "origin": "http://evil.example"}
        ) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403
    with client.websocket_connect(
        f"/ws/{table}", headers={**bearer(secrets[0]), "origin": "http://testserver"}
    ) as ws:
        receive_state(ws)
        ws.send_text("x" * (settings.max_message + 1))
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009
    foreign = {"origin": "http://evil.example"}
    assert client.post("/tables", data={"game": "tikal"}, headers=foreign).status_code == 403


def test_a_move_reaches_every_seat_and_the_spectator(client):
    table, secrets = new_table(client)
    with (
        client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[0])) as red,
        client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[1])) as blue,
        client.websocket_connect(f"/ws/{table}") as spectator,
    ):
        start = receive_state(red)
        mover = red if 0 in start["to_move"] else blue
        state = start if mover is red else receive_state(blue)
        receive_state(spectator)
        mover.send_json(
            {"type": "move", "action": state["legal"][0]["action"], "version": 0, "nonce": "a"}
        )
        for ws in (red, blue, spectator):
            pushed = receive_state(ws, version=1)
            assert pushed["version"] == 1 and pushed["log"]
        assert client.get(f"/api/tables/{table}").json()["version"] == 1


def test_refused_moves_over_the_websocket_change_nothing(client):
    table, secrets = new_table(client)
    seat = client.get(f"/api/tables/{table}").json()["to_move"][0]
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[seat])) as ws:
        state = receive_state(ws)
        action = state["legal"][0]["action"]
        ws.send_json({"type": "move", "action": action, "version": 0, "nonce": "once"})
        first = {"type": "answer", "nonce": "once", "ok": True, "version": 1}
        assert receive_answer(ws) == first
        ws.send_json({"type": "move", "action": action, "version": 0, "nonce": "once"})
        assert receive_answer(ws) == {**first, "repeated": True}
        state = client.get(f"/api/tables/{table}", headers=bearer(secrets[seat])).json()
        later = state["legal"][0]["action"]
        ws.send_json({"type": "move", "action": later, "version": 0, "nonce": "old"})
        stale = receive_answer(ws)
        assert (stale["ok"], stale["rule"], stale["version"]) == (False, "stale", 1)
        ws.send_json({"type": "move", "action": {"kind": "fly"}, "version": 1, "nonce": "m"})
        assert receive_answer(ws)["rule"] == "malformed"
        ws.send_json({"type": "move", "version": "1", "nonce": "m2"})
        error = receive_answer(ws)
        assert error["type"] == "error" and "version" in error["reason"]
        ws.send_text("not json")
        assert receive_answer(ws)["type"] == "error"
    assert client.get(f"/api/tables/{table}").json()["version"] == 1
    assert len(client.app.state.service.store.load_table(table).log) == 1


def test_an_illegal_move_names_the_rule(client):
    table, secrets = new_table(client)
    service = client.app.state.service
    live = service._live(table)
    rng = random.Random(3)
    found = None
    while found is None:
        seat = live.state.to_move()[0]
        found = illegal_move(live.state, seat)
        if found is None:
            seat, action = random_move(live.state, rng, seat)
            answer = client.post(
                f"/api/tables/{table}/moves",
                json={"action": action, "version": live.version, "nonce": f"r{live.version}"},
                headers=bearer(secrets[seat]),
            )
            assert answer.status_code == 200
    action, rule = found
    before = client.get(f"/api/tables/{table}", headers=bearer(secrets[seat])).json()
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[seat])) as ws:
        receive_state(ws)
        ws.send_json({"type": "move", "action": action, "version": before["version"], "nonce": "x"})
        answer = receive_answer(ws)
    assert (answer["ok"], answer["rule"]) == (False, rule) and rule.startswith("TIK-")
    assert client.get(f"/api/tables/{table}", headers=bearer(secrets[seat])).json() == before


def test_simultaneous_planning_from_two_seats(client):
    table, secrets = new_table(client, "altiplano", seats=("human", "human", "human"))
    service = client.app.state.service
    live = service._live(table)
    rng = random.Random(5)
    while len(live.state.to_move()) < 3 or live.version == 0:
        seat, action = random_move(live.state, rng, live.state.to_move()[0])
        assert service.move(table, seat, action, live.version, f"s{live.version}").ok
    chosen_at = live.version
    sockets = [client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[s])) for s in (0, 1)]
    with sockets[0] as first, sockets[1] as second:
        states = [receive_state(first), receive_state(second)]
        for ws, state in zip((first, second), states, strict=True):
            action = rng.choice(state["legal"])["action"]
            ws.send_json({"type": "move", "action": action, "version": chosen_at, "nonce": "plan"})
        for ws in (first, second):
            answer = receive_answer(ws)
            assert answer["ok"], answer
    assert live.version == chosen_at + 2


def test_undo_over_the_protocol_follows_the_terminal_policy(client):
    table, secrets = new_table(client)
    service = client.app.state.service
    live = service._live(table)
    rng = random.Random(4)
    while not (live.moves and live.moves[-1].undoable and live.version > 1):
        seat, action = random_move(live.state, rng, live.state.to_move()[0])
        assert service.move(table, seat, action, live.version, f"p{live.version}").ok
    seat = live.moves[-1].seat
    other = client.post(
        f"/api/tables/{table}/undo",
        json={"version": live.version, "nonce": "u0"},
        headers=bearer(secrets[1 - seat]),
    )
    assert other.status_code == 409 and other.json()["rule"] == "undo"
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[seat])) as ws:
        state = receive_state(ws)
        assert state["can_undo"]
        ws.send_json({"type": "undo", "version": state["version"], "nonce": "u1"})
        answer, after = answer_and_state(ws)
        assert answer["ok"]
        assert after["log_size"] < state["log_size"]  # its log lines are taken back too
        assert not after["can_undo"] or live.moves[-1].seat == seat


def test_a_bot_seat_plays_in_the_pool(client):
    table, secrets = new_table(client, seats=("random", "human"))
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[1])) as ws:
        state = receive_state(ws)
        while not state["legal"]:
            state = receive_state(ws, version=state["version"] + 1)
        assert state["version"] > 0
        assert any(entry["seat"] == 0 for entry in state["log"])


def test_a_spectator_gets_the_public_view_only(client):
    table, _ = new_table(client)
    live = client.app.state.service._live(table)
    with client.websocket_connect(f"/ws/{table}") as ws:
        state = receive_state(ws)
    assert state["view"] == live.state.view(None)
    assert state["legal"] == [] and state["seat"] is None and state["recap_start"] is None
    assert "seed" not in state
    assert client.get(f"/api/tables/{table}/record").status_code == 409


@pytest.mark.timeout(30)
def test_a_failed_push_closes_the_socket_instead_of_going_silent(client, monkeypatch):
    table, secrets = new_table(client)
    service = client.app.state.service

    def broken(*_args, **_kwargs):
        raise RuntimeError("planted failure")

    monkeypatch.setattr(service, "payload_if_held", broken)  # what every push asks for
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[0])) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 1011
