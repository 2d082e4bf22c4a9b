"""`GET /api/tables/{table}/facts`: the component figures a table's page draws, from the
table's own edition, for its seats and spectators alike; none for a game without them."""

from __future__ import annotations

from server_helpers import bearer, new_table

from planted import altiplano_marked_edition


def test_facts_come_from_the_tables_edition(client):
    edition, _ = altiplano_marked_edition()
    table, secrets = new_table(client, "altiplano", {"edition": edition}, ("human", "human"))
    seat = client.get(f"/api/tables/{table}/facts", headers=bearer(secrets[0]))
    spectator = client.get(f"/api/tables/{table}/facts")
    assert seat.status_code == spectator.status_code == 200
    assert seat.json() == spectator.json()
    texts = {mission["text"] for mission in seat.json()["missions"].values()}
    assert texts == {card["text_en"] for card in edition["missions"]["cards"]}


def test_a_game_without_facts_gets_none(client):
    table, _ = new_table(client, "tikal")
    assert client.get(f"/api/tables/{table}/facts").json() == {}


def test_no_facts_of_a_table_that_does_not_exist(client):
    assert client.get("/api/tables/nosuchtable0/facts").status_code == 404
