"""Open tables (issue 28): a table its creator lists in the lobby shows there while a human seat
is free; anyone takes the first free seat with a display name, from the lobby's page or the JSON
API's list; a full, finished or unlisted table is not listed, and taking a seat there is refused,
saying why. The list holds nothing secret."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import text

from meeple.server.service import NotAllowed, NotNow, SeatChoice, TableService
from meeple.server.store import Store
from planted import tikal_marked_edition

HUMANS = [SeatChoice(), SeatChoice(), SeatChoice()]


def open_table(client, seats=("human", "human", "human"), listed=True):
    body = {
        "game": "tikal",
        "options": {"players": len(seats)},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "open": listed,
    }
    return client.post("/api/tables", json=body).json()


def listed_ids(client):
    return [line["table"] for line in client.get("/api/open-tables").json()]


def test_an_open_table_is_listed_and_a_seat_is_taken_from_the_lobby(client):
    created = open_table(client, seats=("human", "easy", "human"))
    table = created["table"]
    closed = open_table(client, listed=False)["table"]
    (line,) = client.get("/api/open-tables").json()
    assert line == {
        "table": table,
        "game": "tikal",
        "options": line["options"],
        "clock": None,
        "seats": [None, "easy", None],
        "free": 2,
        "rated": False,
    }
    assert closed not in listed_ids(client)
    lobby = client.get("/").text
    assert f'action="/tables/{table}/sit"' in lobby and closed not in lobby
    assert "2 seats free" in lobby

    taken = client.post(f"/tables/{table}/sit", data={"name": "Ann"}, follow_redirects=False)
    assert taken.status_code == 303 and taken.headers["location"] == f"/tables/{table}"
    page = client.get(f"/tables/{table}").text
    assert "You are seat 1" in page
    assert client.get("/api/open-tables").json()[0]["seats"] == ["Ann", "easy", None]


def test_a_full_table_leaves_the_list_and_refuses_another(client):
    table = open_table(client, seats=("human", "human"))["table"]
    client.post(f"/tables/{table}/sit", data={"name": "Ann"})
    client.cookies.clear()
    client.post(f"/tables/{table}/sit", data={"name": "Bea"})
    assert table not in listed_ids(client)
    client.cookies.clear()
    refused = client.post(f"/tables/{table}/sit", data={"name": "Cid"})
    assert refused.status_code == 409 and "no seat of this table is free any more" in refused.text


@pytest.mark.parametrize(
    ("listed", "name", "status", "reason"),
    [
        (False, "Ann", 403, "taken by invite links only"),
        (True, "   ", 400, "a display name is 1 to 32 printable characters"),
        (True, "x" * 33, 400, "a display name is 1 to 32 printable characters"),
    ],
    ids=["not-open", "blank-name", "long-name"],
)
def test_taking_a_seat_is_refused_saying_why(client, listed, name, status, reason):
    table = open_table(client, listed=listed)["table"]
    refused = client.post(f"/tables/{table}/sit", data={"name": name})
    assert refused.status_code == status and reason in refused.text
    assert client.app.state.service._live(table).seats[0].session_hash is None


def test_no_such_table_is_the_missing_page(client):
    assert client.post("/tables/nosuchtable1/sit", data={"name": "Ann"}).status_code == 404


def test_an_invite_link_still_seats_its_player_at_an_open_table(client):
    created = open_table(client, seats=("human", "human"))
    link = created["seats"][1]["invite"]
    joined = client.post(link, data={"name": "Bea"}, follow_redirects=False)
    assert joined.status_code == 303
    assert client.get("/api/open-tables").json()[0]["seats"] == [None, "Bea"]


def test_the_lobby_form_lists_a_table(client):
    form = {"game": "tikal", "players": "2", "seat_1": "human", "open": "1"}
    page = client.post("/tables", data=form)
    (table,) = set(re.findall(r'href="http://testserver/join/([\w-]+)/', page.text))
    assert table in listed_ids(client)
    unlisted = {"game": "tikal", "players": "2", "seat_1": "human"}
    page = client.post("/tables", data=unlisted)
    (other,) = set(re.findall(r'href="http://testserver/join/([\w-]+)/', page.text))
    assert other not in listed_ids(client)


def test_the_store_lists_only_open_tables_in_play_with_a_free_seat(db_url):
    store = Store(db_url)
    try:
        service = TableService(store)
        waiting = service.create("tikal", {"players": 3}, HUMANS, open_table=True).id
        finished = service.create("tikal", {"players": 3}, HUMANS, open_table=True).id
        closed = service.create("tikal", {"players": 3}, HUMANS).id
        with store.engine.begin() as connection:
            connection.execute(
                text("UPDATE tables SET status = 'over' WHERE id = :id"), {"id": finished}
            )
        assert [table.id for table in store.open_tables()] == [waiting]
        assert closed not in [table.id for table in store.open_tables()]
        service.sit(waiting, "Ann")
        service.sit(waiting, "Bea")
        assert service.sit(waiting, "Cid")[0] == 2
        assert store.open_tables() == []
        with pytest.raises(NotNow):
            service.sit(waiting, "Dan")
        with pytest.raises(NotAllowed):
            service.sit(closed, "Eve")
    finally:
        store.close()


def test_the_list_holds_nothing_secret(client):
    created = open_table(client)
    listing = client.get("/api/open-tables").text
    secrets = [created["admin"], *(seat["secret"] for seat in created["seats"])]
    assert not any(secret in listing for secret in secrets)
    assert "seed" not in listing


def test_the_creator_starts_now_with_bots_in_the_seats_nobody_took(client):
    created = open_table(client)
    table = created["table"]
    client.post(f"/tables/{table}/sit", data={"name": "Ann"})
    admin_page = client.get(f"/admin/{table}/{created['admin']}").text
    assert f'action="/tables/{table}/admin/fill"' in admin_page
    started = client.post(
        f"/tables/{table}/admin/fill", data={"bot": "easy"}, follow_redirects=False
    )
    assert started.status_code == 303
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [(seat["kind"], seat["name"], seat["bot"]) for seat in seats] == [
        ("human", "Ann", None),
        ("bot", None, "easy"),
        ("bot", None, "easy"),
    ]
    assert table not in listed_ids(client)
    assert (
        'action="/tables/' + table + '/admin/fill"' not in client.get(f"/tables/{table}/admin").text
    )


def test_only_the_creator_starts_a_table_with_bots(client):
    table = open_table(client)["table"]
    client.cookies.clear()
    assert client.post(f"/tables/{table}/admin/fill", data={"bot": "easy"}).status_code == 403
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert all(seat["kind"] == "human" for seat in seats)


def test_the_list_holds_no_planted_marker_of_an_uploaded_edition(client):
    """The listing carries the options a form chooses, not an uploaded edition's components:
    none of the planted markers (the tiles' ids, which name the hidden stack's tiles) is in it,
    before or after a seat is taken."""
    edition, markers = tikal_marked_edition()
    body = {
        "game": "tikal",
        "options": {"players": 2, "edition": edition},
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "open": True,
    }
    table = client.post("/api/tables", json=body).json()["table"]
    client.post(f"/tables/{table}/sit", data={"name": "Ann"})
    for listing in (client.get("/api/open-tables").text, client.get("/").text):
        assert table in listing
        assert not [marker for marker in markers if marker in listing]
