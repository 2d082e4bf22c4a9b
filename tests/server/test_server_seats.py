"""The creator's controls (a new invite link for a seat, a seat handed to a bot), "my games",
the replay of a finished game and its record as a download."""

from __future__ import annotations

import random
import re
import time

import pytest
from server_helpers import SecrecyWatch, bearer, random_move

from planted import tikal_marked_edition


def create(client, seats=("human", "human"), game="tikal", options=None):
    """A table over the JSON API: its id, the creator's secret and each human seat's secret."""
    body = {
        "game": game,
        "options": options or {},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
    }
    data = client.post("/api/tables", json=body).json()
    secrets = {s["seat"]: s["secret"] for s in data["seats"] if s["secret"]}
    return data["table"], data["admin"], secrets


def test_only_the_creator_may_reissue_a_link_and_the_old_one_stops_working(client):
    table, admin, secrets = create(client)
    for credential in (None, secrets[0], "z" * 43):
        headers = bearer(credential) if credential else {}
        response = client.post(f"/api/tables/{table}/seats/1/invite", headers=headers)
        assert response.status_code == 403 and "creator" in response.json()["detail"]
    assert client.get(f"/api/tables/{table}", headers=bearer(secrets[1])).json()["seat"] == 1

    response = client.post(f"/api/tables/{table}/seats/1/invite", headers=bearer(admin))
    assert response.status_code == 200
    new = response.json()["secret"]
    assert new != secrets[1]
    assert client.get(f"/api/tables/{table}", headers=bearer(secrets[1])).status_code == 403
    assert client.get(f"/api/tables/{table}", headers=bearer(new)).json()["seat"] == 1
    bad_seat = client.post(f"/api/tables/{table}/seats/7/invite", headers=bearer(admin))
    assert bad_seat.status_code == 400 and "1 to 2" in bad_seat.json()["detail"]


@pytest.mark.timeout(120)
def test_a_seat_handed_to_a_bot_plays_on_and_a_new_link_gives_it_back(client):
    table, admin, secrets = create(client)
    service = client.app.state.service
    rng = random.Random(2)
    for n in range(3):  # a few moves by the people first
        state = service._live(table).state
        seat, action = random_move(state, rng)
        assert service.move(table, seat, action, service.version(table), f"m{n}").ok
    refused = client.post(
        f"/api/tables/{table}/seats/0/bot", json={"bot": "nobot"}, headers=bearer(admin)
    )
    assert refused.status_code == 400 and "unknown bot" in refused.text
    handed = client.post(
        f"/api/tables/{table}/seats/0/bot", json={"bot": "random"}, headers=bearer(admin)
    )
    assert handed.status_code == 200
    assert client.get(f"/api/tables/{table}", headers=bearer(secrets[0])).status_code == 403
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[1])) as ws:
        state = ws.receive_json()
        assert state["seats"][0]["kind"] == "bot" and state["seats"][0]["bot"] == "random"
        # The bot plays seat 1 from the position as it stood; seat 2 plays its own turns.
        while not any(p.seat == 0 for p in service._live(table).moves[3:]):
            if state["type"] == "state" and state["legal"]:
                action = rng.choice(state["legal"])["action"]
                ws.send_json(
                    {
                        "type": "move",
                        "action": action,
                        "version": state["version"],
                        "nonce": f"w{state['version']}",
                    }
                )
            state = ws.receive_json()
    back = client.post(f"/api/tables/{table}/seats/0/invite", headers=bearer(admin)).json()
    state = client.get(f"/api/tables/{table}", headers=bearer(back["secret"])).json()
    assert state["seat"] == 0 and state["seats"][0]["kind"] == "human"


def test_the_creators_pages(client):
    page = client.post(
        "/tables", data={"game": "tikal", "players": "2", "seat_0": "human", "seat_1": "human"}
    )
    (admin_link,) = re.findall(r'href="(http://testserver/admin/[^"]+)"', page.text)
    table = admin_link.split("/")[-2]
    assert client.get(f"/tables/{table}/admin").status_code == 200  # the creating browser's
    client.cookies.clear()  # another browser, with the creator's link
    assert client.get(f"/tables/{table}/admin").status_code == 403  # no cookie yet
    opened = client.get(admin_link, follow_redirects=False)
    assert opened.status_code == 303 and "HttpOnly" in opened.headers["set-cookie"]
    page = client.get(f"/tables/{table}/admin")
    assert page.status_code == 200 and "Hand to bot" in page.text
    reissued = client.post(f"/tables/{table}/admin/seats/1", data={})
    (link,) = re.findall(r'href="(http://testserver/join/[^"]+)"', reissued.text)
    assert client.get(link).status_code == 200
    handed = client.post(f"/tables/{table}/admin/seats/1", data={"bot": "easy"})
    assert handed.status_code == 200 and "bot easy" in handed.text
    assert client.get(link).status_code == 403  # a bot's seat has no link
    wrong = client.get(f"/admin/{table}/{'q' * 43}")
    assert wrong.status_code == 403


def test_my_games_lists_this_browsers_seats_its_turn_first(client):
    made = [create(client) for _ in range(3)]
    service = client.app.state.service
    for table, _, secrets in made:
        seat = service._live(table).state.to_move()[0]
        other = 1 - seat
        client.post(f"/join/{table}/{secrets[other]}", data={"name": "Bo"})
    # The last table: this browser takes the seat to move instead.
    table, _, secrets = made[-1]
    seat = service._live(table).state.to_move()[0]
    client.post(f"/join/{table}/{secrets[seat]}", data={"name": "Bo"})
    client.cookies.set("meeple_nosuchtable", "x")
    games = client.get("/api/my-games").json()
    assert games[0]["table"] == table and games[0]["your_turn"]
    assert {g["table"] for g in games} == {t for t, _, _ in made}
    assert [g["your_turn"] for g in games[1:]] == [False, False]
    page = client.get("/games")
    assert "your turn" in page.text and all(t in page.text for t, _, _ in made)
    client.cookies.clear()
    assert client.get("/api/my-games").json() == []


@pytest.mark.timeout(120)
def test_a_finished_game_has_a_replay_and_a_record_to_download(client):
    edition, markers = tikal_marked_edition()
    table, _, secrets = create(client, seats=("human", "random"), options={"edition": edition})
    service = client.app.state.service
    assert client.get(f"/api/tables/{table}/replay/0").status_code == 409  # not before the end
    assert "once the game is over" in client.get(f"/tables/{table}/replay").text
    rng = random.Random(5)
    n = 0
    while not service._live(table).state.is_over():
        state = service._live(table).state
        if 0 in state.to_move():
            _, action = random_move(state, rng, 0)
            service.move(table, 0, action, service.version(table), f"r{n}")
            n += 1
        else:
            time.sleep(0.01)  # the bot is thinking in its process
    steps = len(service._live(table).moves)
    first = client.get(f"/api/tables/{table}/replay/0", headers=bearer(secrets[0])).json()
    last = client.get(f"/api/tables/{table}/replay/{steps}", headers=bearer(secrets[0])).json()
    assert first["steps"] == steps and first["log"] == [] and first["mover"] is None
    final = client.get(f"/api/tables/{table}", headers=bearer(secrets[0])).json()
    assert last["view"] == final["view"] and len(last["log"]) == final["log_size"]
    # Each frame tells where the lines of the log were made: its length after each step.
    middle = client.get(f"/api/tables/{table}/replay/{steps // 2}", headers=bearer(secrets[0]))
    assert last["game"] == "tikal" and len(last["log_at"]) == steps + 1
    assert last["log_at"] == sorted(last["log_at"]) and last["log_at"][-1] == len(last["log"])
    assert len(middle.json()["log"]) == last["log_at"][steps // 2] > 0
    assert client.get(f"/api/tables/{table}/replay/{steps + 1}").status_code == 409
    # Step by step, the seat and a spectator are shown only what they could see then.
    seat_watch, spectator_watch = SecrecyWatch(markers), SecrecyWatch(markers)
    for step in range(steps + 1):
        for reader, watch in ((0, seat_watch), (None, spectator_watch)):
            watch({**service.replay(table, reader, step), "type": "state"})
    assert seat_watch.named > 0, "no replay named a tile: the markers were not reached"
    assert "Move" in client.get(f"/tables/{table}/replay").text
    record = client.get(f"/api/tables/{table}/record")
    assert "attachment" in record.headers["content-disposition"]
    assert len(record.json()["actions"]) == steps
