"""A seat's freshness (the versions its move may have been chosen at) survives a table being
loaded again: after another process's change of seats, a conflict in the store, or a restart,
a move is refused as `stale` exactly when one process that never dropped the table would
refuse it. On SQLite and PostgreSQL; the notification another process would send is delivered
by hand (`heard`) before anybody reads again, so that both set-ups show the same positions."""

from __future__ import annotations

import random

import pytest

from meeple.server.service import SeatChoice, TableService
from meeple.server.store import Store


@pytest.fixture
def stores(db_url):
    """Two stores on one database: two processes' worth."""
    opened = [Store(db_url), Store(db_url)]
    yield opened
    for store in opened:
        store.close()


def test_a_rejoin_on_another_process_leaves_a_simultaneous_move_fresh(stores):
    """The review's case: seat 0 reads version 0 from A; seat 1 draws through B and joins
    again through B (A drops the table and loads it again); seat 0's draw, chosen at version 0
    and sent to A, is played, as on one process."""
    a, b = (TableService(store) for store in stores)
    created = a.create("altiplano", {"players": 2}, [SeatChoice(), SeatChoice()])
    table = created.id
    start = a.payload(table, 0)
    assert start["version"] == 0 and sorted(start["to_move"]) == [0, 1]
    mine = start["legal"][0]["action"]
    theirs = b.payload(table, 1)["legal"][0]["action"]
    assert b.move(table, 1, theirs, 0, "s1").ok
    assert a.heard(table, 1)
    b.join(table, created.invites[1], "Bo")
    assert a.heard(table, 1)  # a change of seats: A drops the table
    answer = a.move(table, 0, mine, 0, "s0")
    assert answer.to_json() == {"ok": True, "version": 2}


def test_a_restart_between_choosing_and_sending_leaves_the_move_fresh(stores):
    first = TableService(stores[0])
    table = first.create("altiplano", {"players": 2}, [SeatChoice(), SeatChoice()]).id
    mine = first.payload(table, 0)["legal"][0]["action"]
    theirs = first.payload(table, 1)["legal"][0]["action"]
    assert first.move(table, 1, theirs, 0, "s1").ok
    restarted = TableService(stores[1])  # a new process: nothing in memory
    assert restarted.move(table, 0, mine, 0, "s0").to_json() == {"ok": True, "version": 2}


def race(services, table, players, seed, rounds):
    """Rounds in which every seat to move reads its position from its own process (seat s
    from process s mod N), chooses a random legal action, and then all send, in a shuffled
    order; the other processes hear of each accepted change once the round's moves are sent
    (a notification comes later than a move sent at the same time). Returns the answers' rules
    (None for accepted) in order."""
    rng = random.Random(seed)
    rules: list[str | None] = []
    heard: list[tuple[TableService, int]] = []
    for _ in range(rounds):
        reads = {}
        for seat in range(players):
            service = services[seat % len(services)]
            payload = service.payload(table, seat)
            if payload["over"]:
                return rules
            if payload["legal"]:
                reads[seat] = (payload["version"], rng.choice(payload["legal"])["action"])
        order = list(reads)
        rng.shuffle(order)
        for seat in order:
            service = services[seat % len(services)]
            version, action = reads[seat]
            answer = service.move(table, seat, action, version, f"{seat}-{len(rules)}")
            rules.append(answer.rule)
            if answer.ok:
                heard.extend((other, answer.version) for other in services if other is not service)
        for other, version in heard:  # notifications come after the moves sent at once
            other.heard(table, version)
        heard.clear()
    return rules


@pytest.mark.parametrize("seed", [1, 2])
def test_as_many_moves_are_stale_with_two_processes_as_with_one(stores, seed):
    """Four seats of Altiplano racing: the same answers, move for move, whether the seats are
    served by one process or spread over two (before: half of the simultaneous moves sent to
    the other process were refused as stale)."""
    players, humans = 4, [SeatChoice()] * 4
    one = TableService(stores[0])
    table_one = one.create("altiplano", {"players": players}, humans, seed=seed).id
    alone = race([one], table_one, players, seed, rounds=40)
    a, b = TableService(stores[0]), TableService(stores[1])
    table_two = a.create("altiplano", {"players": players}, humans, seed=seed).id
    shared = race([a, b], table_two, players, seed, rounds=40)
    assert shared == alone
    assert alone.count(None) > 40, "the race played some moves"
