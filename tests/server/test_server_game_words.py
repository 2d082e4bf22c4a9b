"""The game's words reach each connection in its reader's language: labels, log lines, the
reason of a refused move (its rule stays an id), the score sheet's words; the language comes
from the ``meeple.lang`` cookie, else the browser's ``Accept-Language``."""

from __future__ import annotations

import random
import re

import pytest
from server_helpers import bearer, illegal_move, new_table, random_move

from meeple.engine.errors import IllegalAction
from meeple.i18n import translations


def receive(ws, kind):
    """The next frame of `kind` ("state" or "answer")."""
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message


def play_until_refusable(client, table, secrets):
    """Random moves over the API until the seat to move has a move a numbered rule refuses;
    returns that seat, the move and the rule."""
    live = client.app.state.service._live(table)
    rng = random.Random(5)
    while True:
        seat = live.state.to_move()[0]
        found = illegal_move(live.state, seat)
        if found is not None:
            return seat, *found
        seat, action = random_move(live.state, rng, seat)
        body = {"action": action, "version": live.version, "nonce": f"r{live.version}"}
        answer = client.post(f"/api/tables/{table}/moves", json=body, headers=bearer(secrets[seat]))
        assert answer.status_code == 200


@pytest.mark.timeout(60)
def test_a_german_browser_reads_the_game_in_german(client):
    table, secrets = new_table(client, "tikal")
    seat, action, rule = play_until_refusable(client, table, secrets)
    english = client.get(f"/api/tables/{table}", headers=bearer(secrets[seat])).json()
    headers = {**bearer(secrets[seat]), "Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    with client.websocket_connect(f"/ws/{table}", headers=headers) as ws:
        state = receive(ws, "state")
        assert [a["action"] for a in state["legal"]] == [a["action"] for a in english["legal"]]
        labels = " ".join(a["label"] for a in state["legal"])
        assert labels != " ".join(a["label"] for a in english["legal"])
        assert any(word in labels for word in ("legen", "einsetzen", "Zug beenden", "bieten"))
        log = [line["text"] for line in state["log"]]
        assert len(log) == len(english["log"]) > 0
        assert not set(log) & {line["text"] for line in english["log"]}
        assert any(word in " ".join(log) for word in ("legen", "einsetzen", "errichten"))
        ws.send_json({"type": "move", "action": action, "version": state["version"], "nonce": "n"})
        answer = receive(ws, "answer")
    assert answer["ok"] is False and answer["rule"] == rule
    english_answer = client.post(
        f"/api/tables/{table}/moves",
        json={"action": action, "version": state["version"], "nonce": "n"},
        headers=bearer(secrets[seat]),
    ).json()
    assert english_answer["rule"] == rule
    state_now = client.app.state.service._live(table).state
    with pytest.raises(IllegalAction) as refused:
        state_now.clone().apply(seat, state_now.parse_action(action))
    assert english_answer["reason"] == str(refused.value.detail)
    assert answer["reason"] == refused.value.detail.render(translations("de", "tikal"))
    assert answer["reason"] != english_answer["reason"]


@pytest.mark.timeout(60)
def test_the_language_cookie_wins_over_the_browser(client):
    table, secrets = new_table(client, "altiplano")
    client.cookies.set("meeple.lang", "ru")
    headers = {**bearer(secrets[0]), "Accept-Language": "de"}
    russian = client.get(f"/api/tables/{table}", headers=headers).json()
    client.cookies.delete("meeple.lang")
    german = client.get(f"/api/tables/{table}", headers=headers).json()
    russian_labels = " ".join(a["label"] for a in russian["legal"])
    german_labels = " ".join(a["label"] for a in german["legal"])
    assert re.search("[а-я]", russian_labels) and not re.search("[а-я]", german_labels)
    assert re.search("(ziehen|legen|wählen)", german_labels), german_labels


@pytest.mark.timeout(120)
def test_a_finished_games_score_sheet_words_and_replay_are_translated(client):
    table, secrets = new_table(client, "tikal")
    live = client.app.state.service._live(table)
    rng = random.Random(2)
    while not live.state.is_over():
        seat, action = random_move(live.state, rng)
        body = {"action": action, "version": live.version, "nonce": f"m{live.version}"}
        answer = client.post(f"/api/tables/{table}/moves", json=body, headers=bearer(secrets[seat]))
        assert answer.status_code == 200, answer.text
    headers = {**bearer(secrets[0]), "Accept-Language": "fr"}
    response = client.get(f"/api/tables/{table}", headers=headers)
    assert response.status_code == 200, response.text
    final = response.json()
    assert final["score_words"]["temples"] == "Temples"
    assert final["score_words"]["treasure_points"] == "Points de trésors"
    assert "Fin de la partie" in final["log"][-1]["text"]
    replay = client.get(f"/api/tables/{table}/replay/3", headers=headers).json()
    assert replay["log"] and replay["log"][0]["text"].startswith("Poser ")
