"""`ActionIndexes` (meeple.research.games): the encoding's index of each action object,
remembered by identity, bounded, and right when ids are reused or threads share it."""

from __future__ import annotations

import pickle
import threading

from meeple.games.tikal.actions import Bid, Excavate
from meeple.research import games
from meeple.research.games import ActionIndexes, encoding_for, shared_indexes


def test_fresh_objects_whose_ids_repeat_get_their_own_index() -> None:
    _, _, encoding = encoding_for("tikal", {"players": 2, "auction": True})
    indexes = ActionIndexes(encoding)
    for amount in range(1, 400):
        # each Bid is dropped at once, so CPython may give the next one the same id
        assert indexes(Bid(amount)) == encoding.action_index(Bid(amount))


def test_it_starts_afresh_when_full(monkeypatch) -> None:
    _, _, encoding = encoding_for("tikal", {"players": 2, "auction": True})
    monkeypatch.setattr(ActionIndexes, "LIMIT", 8)
    indexes = ActionIndexes(encoding)
    kept = [Bid(amount) for amount in range(1, 30)]
    assert [indexes(a) for a in kept] == [encoding.action_index(a) for a in kept]
    assert len(indexes._memo[0]) <= 8 and len(indexes._memo[1]) <= 8
    assert pickle.loads(pickle.dumps(indexes))._memo == ({}, [])  # what it remembers stays


def test_threads_sharing_it_get_the_encodings_indexes() -> None:
    _, _, encoding = encoding_for("tikal", {"players": 3})
    indexes = ActionIndexes(encoding)
    actions = [Excavate(space) for space in range(40)]
    wrong: list[object] = []

    def work() -> None:
        for _ in range(40):
            for action in actions:
                if indexes(action) != encoding.action_index(action):
                    wrong.append(action)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong


def test_a_list_gets_each_actions_index_whether_known_or_not() -> None:
    _, _, encoding = encoding_for("tikal", {"players": 2, "auction": True})
    indexes = ActionIndexes(encoding)
    kept = [Bid(amount) for amount in range(1, 20)]
    assert indexes.indexes([]) == []
    indexes.indexes(kept[::2])  # half of them known
    for _ in range(3):
        # objects made and dropped each round: CPython may give new ones their ids
        mixed = [a for amount, k in enumerate(kept, 1) for a in (k, Bid(amount + 20))]
        assert indexes.indexes(mixed) == [encoding.action_index(a) for a in mixed]


def test_a_mask_and_its_indexes_in_one_pass_whether_known_or_not() -> None:
    """`masked`, PettingZoo's step: the same indexes as `indexes`, and a mask of the
    encoding's size with a 1 at each of them only."""
    _, _, encoding = encoding_for("tikal", {"players": 2, "auction": True})
    indexes = ActionIndexes(encoding)
    zeros = bytes(encoding.action_space_size)
    kept = [Bid(amount) for amount in range(1, 20)]
    assert indexes.masked([], zeros) == ([], bytearray(zeros))
    indexes.indexes(kept[::2])  # half of them known
    mixed = [a for amount, k in enumerate(kept, 1) for a in (k, Bid(amount + 20))]
    found, mask = indexes.masked(mixed, zeros)
    expected = [encoding.action_index(a) for a in mixed]
    assert found == expected
    assert len(mask) == len(zeros)
    assert [i for i, byte in enumerate(mask) if byte] == sorted(expected)
    assert set(mask) == {0, 1}


def test_each_encoding_shares_one_and_the_table_of_them_is_bounded(monkeypatch) -> None:
    _, _, encoding = encoding_for("tikal", {"players": 2, "auction": True})
    assert shared_indexes(encoding) is shared_indexes(encoding)
    monkeypatch.setattr(games, "SHARED_LIMIT", 3)
    monkeypatch.setattr(games, "_SHARED_INDEXES", {})  # not what earlier tests left
    others = [
        encoding_for("tikal", {"players": players, "auction": auction})[2]
        for players in (2, 3, 4)
        for auction in (False, True)
    ]
    for other in others:
        assert shared_indexes(other)(Excavate(5)) == other.action_index(Excavate(5))
        assert len(games._SHARED_INDEXES) <= 3


def test_the_playable_actions_leave_out_the_pruned_kinds_unless_nothing_else_is_legal() -> None:
    """`indexing.playable`, the rule of `games.playable_actions` that PettingZoo's environment
    calls at every step (compiled with the indexes in the optional build, which runs this
    module's tests): the pruned kinds left out, all of them kept when nothing else is legal,
    and the list itself handed back when none is pruned."""
    from meeple.games.altiplano.actions import Done, Place, Unplace
    from meeple.research.indexing import playable

    pruned = frozenset({"unplace"})
    place, unplace, done = Place("loc:mine", "silver"), Unplace("loc:mine", "silver"), Done()
    assert playable([unplace, place, done, unplace], pruned) == [place, done]
    only_undoing = [unplace, Unplace("loc:farm", "corn")]
    assert playable(only_undoing, pruned) == only_undoing
    offered = [place, done]
    assert playable(offered, pruned) is offered
    assert playable(only_undoing, frozenset()) is only_undoing
