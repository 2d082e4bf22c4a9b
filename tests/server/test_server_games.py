"""Whole games over the protocol: the example client plays a seat against a bot seat (moved by
the process pool) while a spectator watches, and no frame to the seat or the spectator names a
planted secret it may not see (Tikal's tiles in the stack, another seat's missions). The seat
and the spectator read in two other languages than English: a translated frame keeps the same
secrets."""

from __future__ import annotations

import json

import pytest
from server_helpers import SecrecyWatch, bearer

from meeple.i18n import translations
from meeple.server.client import applied, play_seat, random_chooser
from meeple.server.service import SeatChoice
from planted import altiplano_marked_edition, tikal_marked_edition

CASES = [
    ("tikal", {"players": 2}, tikal_marked_edition, ("de", "ru")),
    ("altiplano", {"players": 2, "missions": True}, altiplano_marked_edition, ("fr", "pt")),
]


@pytest.mark.timeout(180)
@pytest.mark.parametrize(("game", "options", "edition", "languages"), CASES)
def test_a_whole_game_with_a_bot_keeps_every_secret(client, game, options, edition, languages):
    data, secrets = edition()
    service = client.app.state.service
    created = service.create(
        game, {**options, "edition": data}, [SeatChoice(), SeatChoice("bot", "random")]
    )
    table = created.id
    seat_watch, spectator_watch = SecrecyWatch(secrets), SecrecyWatch(secrets)
    deltas_watch = SecrecyWatch(secrets)
    with (
        client.websocket_connect(
            f"/ws/{table}", headers={"Accept-Language": languages[1]}
        ) as spectator,
        client.websocket_connect(
            f"/ws/{table}?deltas=1", headers={"Accept-Language": languages[1]}
        ) as spectator_of_deltas,
        client.websocket_connect(
            f"/ws/{table}?answers=1",  # the answers in the positions pass the watch too
            headers={**bearer(created.invites[0]), "Accept-Language": languages[0]},
        ) as ws,
    ):
        folded: list[dict] = []

        def watched(message):
            seat_watch(message)
            folded.extend(message.get("answers", ()))

        final = play_seat(ws, random_chooser(1), on_message=watched)  # it takes deltas
        last = None
        while last is None or not last["over"]:
            last = spectator.receive_json()
            spectator_watch(last)
        held = None
        while held is None or not held["over"]:
            message = spectator_of_deltas.receive_json()
            deltas_watch(message)
            held = message if message["type"] == "state" else applied(held, message)
    assert final["over"] and final["winners"] and final["score_sheet"]

    def position(frame):  # the log's part depends on how each socket's pushes coalesced
        return {key: value for key, value in frame.items() if key not in ("log", "log_start")}

    assert position(held) == position(last), "a spectator applying deltas holds the position"
    assert seat_watch.frames > 3 and deltas_watch.frames > 3
    assert folded, "the seat's answers came in its positions, through the watch"
    for frame, language in ((final, languages[0]), (last, languages[1])):
        over = "Game over: {winners} won with {n} points"
        words = translations(language, game).ngettext(over, over, 2).split(":")[0]
        assert words != "Game over" and words in json.dumps(frame, ensure_ascii=False)
    assert last["scores"] == final["scores"]
    assert seat_watch.named > 0, "no frame named a marker: the secrets were not reached"
    live = service._live(table)
    assert {p.seat for p in live.moves} == {0, 1}
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["seed"] == final["seed"] and len(record["actions"]) == len(live.moves)
    service._tables.clear()
    assert service._live(table).state.to_json() == live.state.to_json()


@pytest.mark.timeout(180)
def test_a_table_of_bots_only_plays_to_the_end(client):
    service = client.app.state.service
    created = service.create(
        "tikal", {"players": 3}, [SeatChoice("bot", "random")] * 2 + [SeatChoice("bot", "greedy")]
    )
    with client.websocket_connect(f"/ws/{created.id}") as spectator:
        state = spectator.receive_json()
        while not state["over"]:
            state = spectator.receive_json()
    assert state["winners"] and state["seed"] is not None


class _Enough(Exception):
    """Stops the client once the test has seen what it waits for."""


@pytest.mark.timeout(60)
def test_the_client_chooses_again_after_a_refused_move(client):
    service = client.app.state.service
    created = service.create("tikal", {"players": 2}, [SeatChoice(), SeatChoice("bot", "random")])
    chooser = random_chooser(3)
    tries = []

    def first_a_nonsense_move(state):
        tries.append(state["version"])
        return {"kind": "no such action"} if len(tries) == 1 else chooser(state)

    answers = []

    def watch(message):
        if message["type"] == "answer":
            answers.append(message)
            if message["ok"]:
                raise _Enough

    with (
        client.websocket_connect(f"/ws/{created.id}", headers=bearer(created.invites[0])) as ws,
        pytest.raises(_Enough),
    ):
        play_seat(ws, first_a_nonsense_move, on_message=watch)
    assert [a["ok"] for a in answers] == [False, True]
    assert answers[0]["rule"] == "malformed"
    assert tries[1] == tries[0], "the second choice is made at the same, unchanged position"
