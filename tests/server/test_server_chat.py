"""Table chat (issue 28): a seated player's line reaches every reader of the table's chat, as
written, numbered and kept with the table; spectators read it unless the table keeps its chat to
its players, and never write; a line that is empty, too long, not text or over the seat's rate
is refused, saying why, and nothing is kept. A chat frame holds the lines and nothing else."""

from __future__ import annotations

import queue
import re

import pytest
from fastapi.testclient import TestClient
from server_helpers import bearer, new_table, schema_at

from meeple.server.app import create_app
from meeple.server.notify import TableWatch
from meeple.server.schema import CHAT_LENGTH
from meeple.server.service import (
    ChatRefused,
    SeatChoice,
    TableService,
    at_once,
    chat_text,
    direct,
)
from meeple.server.settings import Settings
from meeple.server.store import Store

#: What a chat frame's line holds: nothing of the game.
LINE_FIELDS = {"number", "seat", "text", "at"}


#: Frames received while waiting for another kind (an answer and a chat frame come in either
#: order), by socket.
_HELD: dict[int, list[dict]] = {}


def next_of(ws, kind):
    """The next frame of `kind`; positions before it are skipped, other frames held for later."""
    held = _HELD.setdefault(id(ws), [])
    for message in held:
        if message["type"] == kind:
            held.remove(message)
            return message
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message
        if message["type"] not in ("state", "delta"):
            held.append(message)


def say(ws, text, nonce="c1"):
    ws.send_json({"type": "say", "text": text, "nonce": nonce})
    answer = next_of(ws, "answer")
    assert answer["nonce"] == nonce
    return answer


def test_a_line_reaches_both_seats_and_a_spectator_as_written(client):
    table, secrets = new_table(client)
    markup = '<b onclick="alert(1)">hi</b> & <script>x</script>'
    with (
        client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[0])) as ann,
        client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[1])) as bob,
        client.websocket_connect(f"/ws/{table}") as spectator,
    ):
        for ws in (ann, bob, spectator):
            next_of(ws, "state")
        assert say(ann, markup) == {"type": "answer", "nonce": "c1", "ok": True, "number": 1}
        for ws in (ann, bob, spectator):
            chat = next_of(ws, "chat")
            assert set(chat) == {"type", "lines"}
            (line,) = chat["lines"]
            assert set(line) == LINE_FIELDS
            assert (line["number"], line["seat"], line["text"]) == (1, 0, markup)
        assert say(bob, "second", "c2")["number"] == 2
        assert [line["text"] for line in next_of(spectator, "chat")["lines"]] == ["second"]


def test_a_spectator_cannot_write_and_nothing_is_kept(client):
    table, _ = new_table(client)
    with client.websocket_connect(f"/ws/{table}") as spectator:
        next_of(spectator, "state")
        answer = say(spectator, "hello")
        assert answer["ok"] is False and answer["rule"] == "chat"
        assert answer["reason"] == "only the table's players write in its chat"
    assert client.app.state.service.store.chat_since(table, 0) == []


def test_a_spectator_is_told_why_in_its_language(client):
    table, _ = new_table(client)
    german = {"Accept-Language": "de"}
    with client.websocket_connect(f"/ws/{table}", headers=german) as spectator:
        next_of(spectator, "state")
        reason = say(spectator, "hallo")["reason"]
        assert reason and reason != "only the table's players write in its chat"


def test_a_table_can_keep_its_chat_to_its_players(client):
    body = {
        "game": "tikal",
        "options": {"players": 2},
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "spectators_read_chat": False,
    }
    created = client.post("/api/tables", json=body).json()
    table = created["table"]
    secret = created["seats"][0]["secret"]
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secret)) as ann:
        next_of(ann, "state")
        assert say(ann, "only for us")["ok"]
        assert next_of(ann, "chat")["lines"][0]["text"] == "only for us"
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secret)) as ann:
        assert next_of(ann, "chat")["lines"][0]["text"] == "only for us"  # its history
    with client.websocket_connect(f"/ws/{table}") as spectator:
        next_of(spectator, "state")
        spectator.send_json({"type": "sync"})  # a frame that surely comes after any chat
        assert spectator.receive_json()["type"] == "state"
    service = client.app.state.tables
    assert client.portal.call(service.chat, table, None, 0) == []
    assert [line.text for line in client.portal.call(service.chat, table, 0, 0)] == ["only for us"]


def test_a_connection_gets_the_lines_written_before_it_came(client):
    table, secrets = new_table(client)
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[0])) as ann:
        next_of(ann, "state")
        for n in range(3):
            assert say(ann, f"line {n}", f"c{n}")["ok"]
    with client.websocket_connect(f"/ws/{table}") as spectator:
        lines = next_of(spectator, "chat")["lines"]
        assert [(line["number"], line["text"]) for line in lines] == [
            (1, "line 0"),
            (2, "line 1"),
            (3, "line 2"),
        ]


def test_the_chat_is_kept_when_the_server_starts_again(settings):
    with client_of(settings) as client:
        table, secrets = new_table(client)
        with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[1])) as bob:
            next_of(bob, "state")
            assert say(bob, "still here?")["ok"]
    with client_of(settings) as client, client.websocket_connect(f"/ws/{table}") as spectator:
        (line,) = next_of(spectator, "chat")["lines"]
        assert (line["seat"], line["text"]) == (1, "still here?")


def client_of(settings):
    """A test client of a new app on `settings` (a server started again on its database)."""
    return TestClient(
        create_app(settings), base_url="http://testserver", headers={"origin": "http://testserver"}
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "a chat line is 1 to 500 characters"),
        ("   \n ", "a chat line is 1 to 500 characters"),
        ("x" * (CHAT_LENGTH + 1), "a chat line is 1 to 500 characters"),
        ("bell\x07", "a chat line holds only printable characters and line breaks"),
        ("nul\x00", "a chat line holds only printable characters and line breaks"),
        ("lone \ud800", "a chat line holds only printable characters and line breaks"),
    ],
    ids=["empty", "blank", "too-long", "control", "nul", "surrogate"],
)
def test_a_line_that_is_not_chat_text_is_refused(text, reason):
    with pytest.raises(ChatRefused) as refused:
        chat_text(text)
    assert str(refused.value) == reason


def test_a_line_is_kept_as_written_with_its_ends_stripped():
    assert chat_text("  two\r\nlines  ") == "two\nlines"
    assert chat_text("é" * CHAT_LENGTH) == "é" * CHAT_LENGTH
    with pytest.raises(ChatRefused):
        chat_text(42)


def test_a_refused_line_over_the_socket_keeps_nothing(client):
    table, secrets = new_table(client)
    with client.websocket_connect(f"/ws/{table}", headers=bearer(secrets[0])) as ann:
        next_of(ann, "state")
        answer = say(ann, "x" * (CHAT_LENGTH + 1))
        assert answer == {
            "type": "answer",
            "nonce": "c1",
            "ok": False,
            "rule": "chat",
            "reason": "a chat line is 1 to 500 characters",
        }
    assert client.app.state.service.store.chat_since(table, 0) == []


def test_a_seat_over_its_chat_rate_is_told_to_wait(tmp_path):
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'rate.db'}", chat_rate="2/minute")
    with client_of(settings) as c:
        app = c.app
        table, secrets = new_table(c)
        with (
            c.websocket_connect(f"/ws/{table}", headers=bearer(secrets[0])) as ann,
            c.websocket_connect(f"/ws/{table}", headers=bearer(secrets[1])) as bob,
        ):
            next_of(ann, "state")
            next_of(bob, "state")
            assert say(ann, "one", "1")["ok"] and say(ann, "two", "2")["ok"]
            third = say(ann, "three", "3")
            assert third["ok"] is False
            assert third["reason"] == "too many chat lines at once: wait a few seconds"
            assert say(bob, "my own rate", "4")["ok"], "the rate is per seat"
        assert [line.text for line in app.state.service.store.chat_since(table, 0)] == [
            "one",
            "two",
            "my own rate",
        ]


def test_the_store_numbers_lines_per_table_and_gives_the_newest(db_url):
    store = Store(db_url)
    try:
        service = TableService(store)
        first = service.create("tikal", {"players": 2}, [SeatChoice(), SeatChoice()]).id
        second = service.create("tikal", {"players": 2}, [SeatChoice(), SeatChoice()]).id
        for n in range(5):
            store.add_chat(first, n % 2, f"first {n}", 1000.0 + n)
        assert store.add_chat(second, 1, "second 0", 2000.0).number == 1
        lines = store.chat_since(first, 0)
        assert [(line.number, line.seat, line.text) for line in lines] == [
            (n + 1, n % 2, f"first {n}") for n in range(5)
        ]
        assert lines[0].at == pytest.approx(1000.0)
        assert [line.number for line in store.chat_since(first, 3)] == [4, 5]
        assert [line.number for line in store.chat_since(first, 0, last=2)] == [4, 5]
    finally:
        store.close()


def test_another_process_hears_of_a_line_and_its_readers_get_it(postgres_url):
    """Two services on one PostgreSQL database: a line kept by one is announced to the other,
    whose store reads it (the hub of that process then pushes it)."""
    stores = [Store(postgres_url), Store(postgres_url)]
    a, b = (TableService(store) for store in stores)
    heard: queue.Queue[str] = queue.Queue()
    watches = [
        TableWatch(a.store, a, lambda t, v: None),
        TableWatch(b.store, b, lambda t, v: None, heard.put),
    ]
    a.listen_to_chat(watches[0].announce_chat)
    try:
        table_id = a.create("tikal", {"players": 2}, [SeatChoice(), SeatChoice()]).id
        line = at_once(a.say_io(direct, table_id, 0, "across"))
        assert heard.get(timeout=10) == table_id
        (read,) = at_once(b.chat_io(direct, table_id, 1, 0))
        assert (read.number, read.seat, read.text) == (line.number, 0, "across")
        assert read.at == pytest.approx(line.at, abs=1e-5)  # kept to the microsecond
    finally:
        for watch in watches:
            watch.stop()
        for store in stores:
            store.close()


@pytest.mark.parametrize(("ticked", "spectators_read"), [(False, True), (True, False)])
def test_the_lobby_form_chooses_who_reads_the_chat(client, ticked, spectators_read):
    form = {"game": "tikal", "players": "2", "seat_1": "human"}
    if ticked:
        form["chat_players_only"] = "1"
    page = client.post("/tables", data=form)
    assert page.status_code == 200
    (link,) = set(re.findall(r'href="http://testserver/join/([\w-]+)/', page.text))
    assert client.app.state.service._live(link).spectators_read_chat is spectators_read


def test_a_database_of_the_schema_before_the_chat_keeps_its_games(db_url):
    """Alembic's step to the chat (0003) on a database made by the schema before it (0002):
    its table and moves load as before, its spectators read the chat, and lines are kept."""
    from sqlalchemy import text

    with schema_at(db_url, "0002") as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, game, options, seed, status, version, admin_hash,"
                " created_at, clock) VALUES ('old1', 'tikal', '{\"players\": 2}', 5, 'playing',"
                " 1, 'h', '2026-01-01 00:00:00', NULL)"
            )
        )
        for seat in (0, 1):
            connection.execute(
                text(f"INSERT INTO seats (table_id, seat, kind) VALUES ('old1', {seat}, 'human')")
            )
        connection.execute(
            text(
                "INSERT INTO moves (table_id, version, seat, kind, action, nonce, created_at)"
                " VALUES ('old1', 1, 0, 'move', '{\"kind\": \"pass\"}', 'n1',"
                " '2026-01-01 00:01:00')"
            )
        )
    store = Store(db_url)  # migrates to the newest schema
    try:
        loaded = store.load_table("old1")
        assert loaded is not None and loaded.version == 1 and loaded.seed == 5
        assert [(m.version, m.action) for m in loaded.log] == [(1, {"kind": "pass"})]
        assert loaded.spectators_read_chat is True
        assert loaded.open is False  # 0004: tables made before are not listed
        assert store.add_chat("old1", 1, "after the upgrade", 1.0).number == 1
    finally:
        store.close()
