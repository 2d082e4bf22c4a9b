"""The views in the payloads (`LiveTable.view`, `GameState.shared_view`): Altiplano's share
the parts that did not change with the views made before them, and each is still exactly the
reader's view made afresh, at every position of random games with undos, for every reader; a
payload once made never changes with later moves; and parts are really shared."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from server_helpers import a_live_table, play_or_undo

from meeple.server.live import NO_LOG

TABLES = [
    ("altiplano", {"players": 2}),
    ("altiplano", {"players": 3, "missions": True, "role_draft": True}),
    ("altiplano", {"players": 5}),
    ("tikal", {"players": 2}),
]


def encoded(value: Any) -> bytes:
    return orjson.dumps(value)


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_shared_views_are_the_views(game: str, options: dict[str, Any]) -> None:
    rng = random.Random(5)
    table = a_live_table(game, options, 5)
    before: list[tuple[dict[str, Any], bytes]] = []
    last: dict[Any, dict[str, Any]] = {}
    positions = shared = 0
    while not table.state.is_over():
        readers = table.readers
        rng.shuffle(readers)
        made = []
        # Some readers only, now and then: the parts kept then skip positions.
        for reader in readers[: rng.randint(1, len(readers))]:
            payload = table.payload(reader, NO_LOG)
            view = payload["view"]
            # Byte for byte, keys in the order made: the parts kept are the same objects.
            assert encoded(view) == encoded(table.state.view(reader))
            made.append((payload, encoded(payload)))
            old = last.get(reader)
            if old is not None and game == "altiplano":
                shared += sum(
                    a is b
                    for a, b in zip(old["state"]["players"], view["state"]["players"], strict=True)
                )
            last[reader] = view
        for payload, data in before:
            assert encoded(payload) == data, "a payload changed with a later move"
        before = made
        positions += 1
        play_or_undo(table, rng)
    assert positions > 100
    if game == "altiplano":
        assert shared > positions


def test_the_seats_are_kept_while_they_stay() -> None:
    """The seats' list is kept per language while no seat changes: a name set on a seat (in
    place, as the service may) is in the next payload, and not in the one made before."""
    table = a_live_table("tikal", {"players": 2}, 1)
    first = table.payload(None, NO_LOG)
    assert table.payload(0, NO_LOG)["seats"] is first["seats"]
    german = table.payload(None, NO_LOG, "de")["seats"]
    assert german != first["seats"]
    assert [s["colour"] for s in german] == [s["colour"] for s in first["seats"]]
    text = encoded(first)
    table.seats[1].name = "Ann"
    later = table.payload(None, NO_LOG)["seats"]
    assert later[1]["name"] == "Ann"
    assert table.payload(None, NO_LOG, "de")["seats"][1]["name"] == "Ann"
    assert encoded(first) == text
