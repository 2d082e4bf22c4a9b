"""`GET /api/tables/{table}/facts`: the component figures a table's page draws, from the
table's own edition, for its seats and spectators alike; none for a game without them."""

from __future__ import annotations

import pytest
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
    assert texts == {card["text_en"].rstrip(".") for card in edition["missions"]["cards"]}


#: The wood-for-food extension as each language's Altiplano rulebook names its goods.
WOOD_FOR_FOOD = {
    "de": "Holz für Nahrung",
    "fr": "bois contre nourriture",
    "pt": "madeira por alimento",
    "ru": "дерево за еду",
}
#: The names the facts hold, by kind, and the field that holds them.
NAMED = {"extensions": "name", "roles": "name", "missions": "text"}


def names_in(facts: dict) -> dict[tuple[str, str], str]:
    return {
        (kind, key): item[field]
        for kind, field in NAMED.items()
        for key, item in facts[kind].items()
    }


@pytest.mark.parametrize("language", sorted(WOOD_FOR_FOOD))
def test_facts_name_extensions_roles_and_missions_in_the_readers_language(client, language):
    table, _ = new_table(client, "altiplano")
    english = client.get(f"/api/tables/{table}/facts").json()
    facts = client.get(f"/api/tables/{table}/facts", headers={"accept-language": language}).json()
    assert english["extensions"]["wood_for_food"]["name"] == "wood for food"
    assert facts["extensions"]["wood_for_food"]["name"] == WOOD_FOR_FOOD[language]
    said, untranslated = names_in(facts), names_in(english)
    assert said.keys() == untranslated.keys()
    assert {key for key in said if said[key] == untranslated[key]} == set()
    assert facts["surcharge"] == english["surcharge"]  # figures are not words
