"""Answers in positions (``/ws/{table}?answers=1``, docs/protocol.md): a client that opts in
gets the answers to its requests in the next position sent to it (``answers``), so a move's
answer and the position it led to are one frame, not two; a refusal, which changes no position,
still comes as a frame of its own; the answers are never part of the position a client of deltas
is diffed against; a client that does not opt in gets them as before."""

from __future__ import annotations

import random

from server_helpers import bearer, new_table, random_move

from meeple.server.client import applied


def a_first_move(client):
    """A new table of two, the seats' secrets, and the seat to move with a legal first move."""
    table, secrets = new_table(client)
    live = client.app.state.service._live(table)
    seat, action = random_move(live.state, random.Random(3))
    return table, secrets, seat, action


def test_a_move_s_answer_comes_in_the_position_it_led_to(client):
    table, secrets, seat, action = a_first_move(client)
    other = 1 - seat
    with (
        client.websocket_connect(f"/ws/{table}?answers=1", headers=bearer(secrets[seat])) as mover,
        client.websocket_connect(f"/ws/{table}?answers=1", headers=bearer(secrets[other])) as seen,
    ):
        assert mover.receive_json()["type"] == "state"
        assert seen.receive_json()["type"] == "state"
        mover.send_json({"type": "move", "action": action, "version": 0, "nonce": "n1"})
        position = mover.receive_json()
        assert position["type"] == "state" and position["version"] == 1
        assert position["answers"] == [{"type": "answer", "nonce": "n1", "ok": True, "version": 1}]
        pushed = seen.receive_json()
        assert pushed["type"] == "state" and pushed["version"] == 1
        assert "answers" not in pushed  # nobody else's answers
        # Nothing else was sent to the mover: the next frame answers the next request.
        mover.send_json({"type": "sync", "log_start": 0})
        synced = mover.receive_json()
        assert synced["type"] == "state" and synced["version"] == 1 and "answers" not in synced


def test_without_the_option_the_answer_is_a_frame_of_its_own(client):
    table, secrets, seat, action = a_first_move(client)
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[seat])) as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "move", "action": action, "version": 0, "nonce": "n1"})
        frames = [ws.receive_json(), ws.receive_json()]
    assert sorted(f["type"] for f in frames) == ["answer", "state"]
    assert all("answers" not in f for f in frames)


def test_a_refusal_changes_no_position_and_comes_alone(client):
    table, secrets, seat, action = a_first_move(client)
    with client.websocket_connect(f"/ws/{table}?answers=1", headers=bearer(secrets[seat])) as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "move", "action": action, "version": 5, "nonce": "n1"})
        refused = ws.receive_json()
    assert refused["type"] == "answer" and refused["ok"] is False and refused["rule"] == "stale"


def test_a_client_of_deltas_gets_answers_beside_the_changes_not_among_them(client):
    table, secrets = new_table(client)
    live = client.app.state.service._live(table)
    rng = random.Random(5)
    seat = random_move(live.state, rng)[0]
    address = f"/ws/{table}?deltas=1&answers=1"
    with client.websocket_connect(address, headers=bearer(secrets[seat])) as ws:
        held = ws.receive_json()
        assert held["type"] == "state"
        for number in (1, 2, 3):  # the seat's moves while it is to move (one at least)
            if seat not in live.state.to_move():
                assert number > 1
                break
            action = random_move(live.state, rng, seat)[1]
            nonce = f"n{number}"
            ws.send_json(
                {"type": "move", "action": action, "version": held["version"], "nonce": nonce}
            )
            delta = ws.receive_json()
            assert delta["type"] == "delta" and delta["from"] == held["version"]
            assert delta["answers"] == [
                {"type": "answer", "nonce": nonce, "ok": True, "version": held["version"] + 1}
            ]
            # The answers were not in the position the delta was made from or to.
            assert all(change[0][0] != "answers" for change in delta["changes"])
            held = applied(held, {k: v for k, v in delta.items() if k != "answers"})
            assert "answers" not in held
