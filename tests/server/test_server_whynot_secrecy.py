"""The table page's "why not?" answers (`GET /api/tables/{id}/why`) are a channel of game
data: no answer names a planted marker (a Tikal tile still in the stack, another seat's
mission) that its reader's view has not shown. Positions of random games of both games, every
seat and the spectator, every board element the seat's tried and legal actions involve."""

from __future__ import annotations

import random

import pytest
from server_helpers import SecrecyWatch

from meeple.server.live import elements_of
from meeple.server.service import SeatChoice
from planted import altiplano_marked_edition, tikal_marked_edition

CASES = [
    ("tikal", {"players": 2}, tikal_marked_edition, "de"),
    ("altiplano", {"players": 2, "missions": True}, altiplano_marked_edition, "fr"),
]


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("game", "options", "edition", "language"), CASES)
def test_why_not_names_nothing_its_reader_may_not_see(client, game, options, edition, language):
    data, secrets = edition()
    service = client.app.state.service
    table = service.create(game, {**options, "edition": data}, [SeatChoice(), SeatChoice()]).id
    watches = {reader: SecrecyWatch(secrets) for reader in (None, 0, 1)}
    rng = random.Random(3)
    reasons = 0
    for step in range(240):
        live = service._live(table)
        state = live.state
        if state.is_over():
            break
        if step % 6 == 0:
            elements_in = elements_of(live.info)
            for reader, watch in watches.items():
                watch(service.payload(table, reader, 0, language))  # what the reader has seen
                seat = reader if reader is not None else 0
                actions = [*state.tried_actions(seat), *state.legal_actions(seat)]
                picked = sorted({e for a in actions for e in elements_in(state, a)})
                for element in picked[:40]:
                    answer = service.why_not(table, reader, [element], language)
                    watch({"type": "why", **answer})
                    reasons += answer["game"]
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat)).to_json()
        assert service.move(table, seat, action, live.version, f"n{step}").ok
    assert reasons > 0, "no answer gave a rule's reason: the channel was not reached"
