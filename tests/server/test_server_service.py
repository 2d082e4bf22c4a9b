"""The protocol's core without HTTP: moves by JSON with version and nonce, refusals naming the
rule, the undo policy of the terminal, per-seat payloads, and a table rebuilt from its log; on
SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from server_helpers import illegal_move, random_move

from meeple.server.clocks import PER_GAME, Clock
from meeple.server.service import SeatChoice, TableError, TableService, at_once, direct
from meeple.server.store import Store

HUMANS = [SeatChoice(), SeatChoice()]


@pytest.fixture
def service(db_url):
    store = Store(db_url)
    yield TableService(store)
    store.close()


def live(service, table_id):
    return service._live(table_id)


def test_options_and_seats_are_checked_by_the_engine(service):
    with pytest.raises(TableError, match="players"):
        service.create("tikal", {"players": 9}, [SeatChoice()] * 9)
    with pytest.raises(TableError, match="no_such_option"):
        service.create("tikal", {"players": 2, "no_such_option": 1}, HUMANS)
    with pytest.raises(TableError, match="unknown bot"):
        service.create("tikal", {"players": 2}, [SeatChoice(), SeatChoice("bot", "nobot")])
    with pytest.raises(TableError, match="unknown game"):
        service.create("chess", {}, HUMANS)
    with pytest.raises(TableError, match="2 seats"):
        service.create("tikal", {"players": 2}, [SeatChoice()])
    assert service.tables_to_resume() == []
    people = service.create("tikal", {"players": 2}, HUMANS)
    with_bot = service.create("tikal", {"players": 2}, [SeatChoice(), SeatChoice("bot", "easy")])
    timed = service.create("tikal", {"players": 2}, HUMANS, Clock(PER_GAME, 600))
    assert sorted(service.tables_to_resume()) == sorted([with_bot.id, timed.id])
    assert people.id not in service.tables_to_resume()


def test_a_move_is_stored_and_the_version_rises(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    state = live(service, created.id).state
    seat, action = random_move(state, random.Random(1))
    answer = service.move(created.id, seat, action, 0, "n1")
    assert answer.to_json() == {"ok": True, "version": 1}
    stored = service.store.load_table(created.id)
    assert [m.action for m in stored.log] == [action]


def test_an_illegal_move_names_the_rule_and_changes_nothing(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    table = live(service, created.id)
    rng = random.Random(3)
    found = illegal_move(table.state, 0)
    while found is None:
        seat, action = random_move(table.state, rng)
        assert service.move(created.id, seat, action, table.version, f"m{table.version}").ok
        found = illegal_move(table.state, table.state.to_move()[0])
    action, rule = found
    seat = table.state.to_move()[0]
    before = (table.state.to_json(), table.version, json.dumps(table.payload(seat)))
    answer = service.move(created.id, seat, action, table.version, "bad")
    assert not answer.ok and answer.rule == rule and rule.startswith("TIK-")
    assert answer.reason
    assert (table.state.to_json(), table.version, json.dumps(table.payload(seat))) == before
    assert len(service.store.load_table(created.id).log) == table.version


def test_malformed_moves_are_refused(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    for action in ({"kind": "teleport"}, "not json", 5, {"kind": "end_turn", "x": 1}):
        answer = service.move(created.id, 0, action, 0, f"n{action!r}"[:60])
        assert (answer.ok, answer.rule) == (False, "malformed")
    assert service.move(created.id, 0, {}, "0", "n").rule == "malformed"
    assert service.move(created.id, 0, {}, 0, "").rule == "malformed"
    assert service.move(created.id, 0, {}, 0, "x" * 65).rule == "malformed"
    assert service.move(created.id, 5, {}, 0, "n").rule == "not a seat"
    assert service.version(created.id) == 0


def test_a_repeated_nonce_gets_the_earlier_answer_and_is_not_applied_twice(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    state = live(service, created.id).state
    seat, action = random_move(state, random.Random(1))
    first = service.move(created.id, seat, action, 0, "same")
    again = service.move(created.id, seat, action, 0, "same")
    assert again.to_json() == {**first.to_json(), "repeated": True}
    assert service.version(created.id) == 1
    service._tables.clear()  # answered from the stored log too
    assert service.move(created.id, seat, action, 0, "same").repeated


def test_a_stale_version_is_refused_with_the_current_one(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    table = live(service, created.id)
    rng = random.Random(2)
    for nonce in ("a", "b"):
        seat, action = random_move(table.state, rng)
        assert service.move(created.id, seat, action, table.version, nonce).ok
    seat, action = random_move(table.state, rng)
    for version in (1, 3, -1):
        answer = service.move(created.id, seat, action, version, f"v{version}")
        assert (answer.ok, answer.rule, answer.version) == (False, "stale", 2)


def test_simultaneous_steps_accept_each_seats_move_chosen_at_the_same_version(service):
    created = service.create("altiplano", {"players": 3}, [SeatChoice()] * 3)
    table = live(service, created.id)
    rng = random.Random(5)
    while len(table.state.to_move()) < 3 or table.version == 0:
        seat, action = random_move(table.state, rng, table.state.to_move()[0])
        assert service.move(created.id, seat, action, table.version, f"s{table.version}").ok
    chosen_at = table.version
    choices = [(seat, random_move(table.state, rng, seat)[1]) for seat in table.state.to_move()]
    for seat, action in choices:
        answer = service.move(created.id, seat, action, chosen_at, f"plan{seat}")
        assert answer.ok, answer
    assert table.version == chosen_at + 3


def play_until(service, table_id, condition, rng, limit=500):
    table = live(service, table_id)
    for _ in range(limit):
        if condition(table):
            return table
        seat, action = random_move(table.state, rng, table.state.to_move()[0])
        assert service.move(table_id, seat, action, table.version, f"p{table.version}").ok
    raise AssertionError("condition never met")


def test_undo_follows_the_terminal_policy(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    table = live(service, created.id)
    rng = random.Random(4)
    # a seat's undoable move: it revealed nothing and ends no turn
    play_until(
        service, created.id, lambda t: t.moves and t.moves[-1].undoable and t.version > 1, rng
    )
    seat = table.moves[-1].seat
    before = table.rebuilt(len(table.moves) - 1).to_json()
    other = 1 - seat
    assert service.undo(created.id, other, table.version, "u-other").rule == "undo"
    log_before = len(table.log[None])
    answer = service.undo(created.id, seat, table.version, "u1")
    assert answer.ok
    assert table.state.to_json() == before
    assert len(table.log[None]) < log_before
    # never past the end of a turn: play the turn out, then the next seat may not undo it
    play_until(service, created.id, lambda t: t.state.to_move()[0] != seat, rng)
    assert not table.moves[-1].undoable
    assert service.undo(created.id, seat, table.version, "u2").rule == "undo"
    assert service.undo(created.id, other, table.version, "u3").rule == "undo"
    stored = service.store.load_table(created.id)
    assert [m.kind for m in stored.log].count("undo") == 1


def test_the_table_is_the_replay_of_its_log(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    rng = random.Random(6)
    table = play_until(service, created.id, lambda t: len(t.moves) > 140, rng)
    assert service.store.latest_snapshot(created.id, 1000) is not None
    play_until(service, created.id, lambda t: t.moves[-1].undoable, rng)
    seat = table.moves[-1].seat
    assert service.undo(created.id, seat, table.version, "undo").ok
    payloads = [table.payload(s) for s in (None, 0, 1)]
    service._tables.clear()
    again = live(service, created.id)
    assert again.state.to_json() == table.state.to_json()
    assert again.version == table.version
    assert [again.payload(s) for s in (None, 0, 1)] == payloads


def test_payloads_hold_the_seats_view_and_legal_actions_only(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    table = live(service, created.id)
    mover = table.state.to_move()[0]
    mine = service.payload(created.id, mover)
    assert mine["view"] == table.state.view(mover)
    assert [entry["action"] for entry in mine["legal"]] == [
        a.to_json() for a in table.state.legal_actions(mover)
    ]
    assert all(entry["label"] for entry in mine["legal"])
    spectator = service.payload(created.id, None)
    assert spectator["view"] == table.state.view(None) and spectator["legal"] == []
    assert service.payload(created.id, 1 - mover)["legal"] == []
    assert "seed" not in json.dumps([mine, spectator])
    with pytest.raises(TableError, match="over"):
        service.record(created.id)


def test_a_push_is_built_only_for_the_credential_that_still_holds_the_seat(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    invite = created.invites[0]
    assert service.payload_if_held(created.id, invite, 0)["seat"] == 0
    assert service.payload_if_held(created.id, invite, 1) is None
    assert service.payload_if_held(created.id, "x" * 43, 0) is None
    assert service.payload_if_held(created.id, None, None)["legal"] == []
    _, first = service.join(created.id, invite, "Ann")
    assert service.payload_if_held(created.id, first, 0)["seat"] == 0
    _, second = service.join(created.id, invite, "Ann")  # the seat moves to another browser
    assert service.payload_if_held(created.id, first, 0) is None
    assert service.payload_if_held(created.id, second, 0)["seat"] == 0


def test_a_credential_found_to_hold_a_seat_loses_it_with_every_change_of_the_seat(service):
    """The seat a token was found to hold is remembered (`LiveTable.holders`), and every
    change of the seats' credentials shows at the next check all the same."""
    created = service.create("tikal", {"players": 2}, HUMANS)
    table, admin = created.id, created.admin_secret
    invite, other = created.invites[0], created.invites[1]

    def holds(token):
        try:
            return service.seat_for(table, token)
        except TableError:
            return None

    assert holds(invite) == 0 and holds(other) == 1
    _, session = service.join(table, invite, "Ann", account=7)
    _, device = at_once(service.device_io(direct, table, 7))
    assert holds(session) == holds(device) == 0
    _, again = service.join(table, invite, "Ann")  # another browser: the others lose it
    assert holds(session) is None and holds(device) is None and holds(again) == 0
    new = service.reissue(table, admin, 0)  # the old link and its browser lose it
    assert holds(invite) is None and holds(again) is None and holds(new) == 0
    service.hand_to_bot(table, admin, 1, "random")
    assert holds(other) is None and holds(new) == 0
    service.forget_all()  # loaded again: nothing remembered, the same answers
    assert holds(invite) is None and holds(other) is None and holds(new) == 0


def test_the_credentials_remembered_are_bounded_and_answer_alike(service, monkeypatch):
    """`LiveTable.holders` starts afresh when full, and the answers stay the same."""
    monkeypatch.setattr("meeple.server.service.HOLDERS_KEPT", 2)
    created = service.create("tikal", {"players": 2}, HUMANS)
    table = created.id
    _, first = service.join(table, created.invites[0], "Ann")
    _, second = service.join(table, created.invites[1], "Bob")
    tokens = {first: 0, second: 1, created.invites[0]: 0, created.invites[1]: 1, "forged": None}
    for _ in range(3):
        for token, seat in tokens.items():
            try:
                held = service.seat_for(table, token)
            except TableError:
                held = None
            assert held == seat
            assert len(service._live(table).holders) <= 2


def test_memory_holds_at_most_max_tables_and_a_dropped_table_comes_back_as_it_was(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'service.db'}")
    service = TableService(store, max_tables=2)
    first, second, third = (service.create("tikal", {"players": 2}, HUMANS) for _ in range(3))
    seat, action = random_move(live(service, first.id).state, random.Random(4))
    assert service.move(first.id, seat, action, 0, "n1").ok
    before = service.payload(first.id, seat)
    assert service.seat_for(second.id, second.invites[1]) == 1
    assert service.seat_for(third.id, third.invites[0]) == 0  # the first table leaves memory
    assert not service.in_memory(first.id) and len(service._tables) == 2
    assert service.payload(first.id, seat) == before, "loaded again from the store"
    assert service.move(first.id, seat, action, 0, "n1").repeated, "its answers too"
    with pytest.raises(TableError):
        service.seat_for("x" * 16, None)
    assert not service.in_memory("x" * 16)
    store.close()


def test_a_finished_game_gives_its_score_sheet_seed_and_record(service):
    created = service.create("tikal", {"players": 2}, HUMANS)
    rng = random.Random(8)
    table = play_until(service, created.id, lambda t: t.state.is_over(), rng, limit=2000)
    payload = service.payload(created.id, 0)
    assert payload["over"] and payload["score_sheet"] and payload["seed"] == table.seed
    record = service.record(created.id)
    assert record["seed"] == table.seed and len(record["actions"]) == len(table.moves)
    assert service.store.tables_to_resume() == []
    assert service.move(created.id, 0, {}, table.version, "late").rule == "game over"


def test_a_table_rebuilt_from_the_store_takes_every_legal_tile_placement(service):
    """Issue 26's trap, through the server: a Tikal state's legal placements were once cached
    process-wide and compared by identity, so a copy could refuse them. Here the legal actions
    are listed first (filling the caches), then tile placements are played as JSON on the table
    rebuilt from the store by another service, and every placement also on a pickled copy of
    the state (as the bot pool sends work to its processes)."""
    created = service.create("tikal", {"players": 2}, HUMANS)
    table, rng, placed = live(service, created.id), random.Random(2), 0
    while not table.state.is_over():
        seat = table.state.to_move()[0]
        legal = table.state.legal_actions(seat)
        chosen = rng.choice(legal)
        if chosen.kind == "place_tile":
            if placed % 6 == 0:  # (a rebuild replays the log: not at every placement)
                service = TableService(service.store)
                table = live(service, created.id)
            pickle.loads(pickle.dumps(table.state)).apply(seat, chosen)
            placed += 1
        answer = service.move(
            created.id, seat, chosen.to_json(), table.version, f"m{table.version}"
        )
        assert answer.ok, answer.to_json()
    assert placed >= 30
