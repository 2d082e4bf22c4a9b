"""`GET /api/tables/{table}/facts` carries nothing a spectator may not know, shown with the
planted-marker editions (tests/planted.py): a marker appears in the facts only where the
edition lists its component for everybody (a mission's text under that mission's own id),
never tied to a seat; and the facts are the same for a spectator and every seat, at every
point of a game, and for two games of different seeds: they follow from the edition alone,
so no hidden thing of a game (who holds which mission, a bag, the order of a stack) can be
read from them."""

from __future__ import annotations

import json
from typing import Any

from server_helpers import bearer, new_table

from planted import altiplano_marked_edition, tikal_marked_edition

#: Moves played before the facts are asked for again: missions dealt, goods drawn.
MOVES = 12


def markers_in(value: Any, secrets: dict[str, str], path: tuple[str, ...] = ()) -> list[tuple]:
    """Each (path, marker) where a marker appears in a text of `value`."""
    if isinstance(value, dict):
        return [hit for k, v in value.items() for hit in markers_in(v, secrets, (*path, k))]
    if isinstance(value, list):
        return [hit for v in value for hit in markers_in(v, secrets, path)]
    return [(path, marker) for marker in secrets if marker in json.dumps(value)]


def facts_of_every_reader(client, table: str, secrets: dict[int, str]) -> list[dict]:
    readers = [{}, *(bearer(secret) for secret in secrets.values())]
    answers = [client.get(f"/api/tables/{table}/facts", headers=headers) for headers in readers]
    assert all(answer.status_code == 200 for answer in answers)
    return [answer.json() for answer in answers]


def play_first_moves(client, table: str, secrets: dict[int, str], moves: int) -> None:
    """Plays each seat's first legal action over HTTP, `moves` times."""
    for number in range(moves):
        for secret in secrets.values():
            state = client.get(f"/api/tables/{table}", headers=bearer(secret)).json()
            if state["legal"]:
                move = {
                    "action": state["legal"][0]["action"],
                    "version": state["version"],
                    "nonce": f"move-{number}",
                }
                answer = client.post(
                    f"/api/tables/{table}/moves", json=move, headers=bearer(secret)
                )
                assert answer.json()["ok"], answer.text
                break
        else:
            raise AssertionError("no seat had a move")


def test_altiplanos_facts_name_missions_only_as_the_edition_lists_them(client):
    edition, secrets = altiplano_marked_edition()
    table, seats = new_table(client, "altiplano", {"edition": edition}, ("human",) * 3)
    first = facts_of_every_reader(client, table, seats)
    play_first_moves(client, table, seats, MOVES)
    later = facts_of_every_reader(client, table, seats)
    other, other_seats = new_table(client, "altiplano", {"edition": edition}, ("human",) * 3)
    another_game = facts_of_every_reader(client, other, other_seats)
    assert all(facts == first[0] for facts in first + later + another_game)

    hits = markers_in(first[0], secrets)
    assert hits, "the planted markers must be where the facts could show them"
    for path, marker in hits:
        mission_id = secrets[marker].strip('"')
        assert path == ("missions", mission_id, "text"), f"{marker!r} is at {path}"


def test_tikals_facts_hold_no_marker(client):
    edition, secrets = tikal_marked_edition()
    table, seats = new_table(client, "tikal", {"edition": edition})
    play_first_moves(client, table, seats, 3)
    for facts in facts_of_every_reader(client, table, seats):
        assert not markers_in(facts, secrets)
