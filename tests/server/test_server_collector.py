"""The server's garbage-collection policy (meeple.server.collector): young objects only."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator

import pytest

from meeple.server.collector import (
    GC_THRESHOLDS,
    YoungCollections,
    collect_young_only,
    freeze_survivors,
)


class Node:
    """A tracked object that can be put in a reference cycle and watched by a weak reference."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def policy() -> Iterator[YoungCollections]:
    """The policy in this test process, and Python's own afterwards."""
    thresholds = gc.get_threshold()
    young = collect_young_only()
    try:
        yield young
    finally:
        young.stop()
        gc.callbacks.remove(freeze_survivors)
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        gc.collect()


def test_what_survives_a_collection_is_frozen_and_the_older_generations_stay_empty(
    policy: YoungCollections,
) -> None:
    assert gc.get_threshold() == GC_THRESHOLDS
    frozen_before = gc.get_freeze_count()
    survivors = [Node() for _ in range(1_000)]
    gc.collect(0)
    assert gc.get_freeze_count() >= frozen_before + len(survivors)
    assert gc.get_objects(generation=1) == []
    assert gc.get_objects(generation=2) == []
    assert not any(node is survivors[0] for node in gc.get_objects(generation=0))


def test_a_cycle_that_is_garbage_at_its_first_collection_is_collected(
    policy: YoungCollections,
) -> None:
    first, second = Node(), Node()
    first.other, second.other = second, first
    watch = weakref.ref(first)
    del first, second
    assert watch() is not None  # only the collector can free a cycle
    gc.collect(0)
    assert watch() is None


@pytest.mark.timeout(30)
def test_the_thread_collects_the_young_generation_on_its_own(policy: YoungCollections) -> None:
    assert policy.every > 0
    gc.set_threshold(10**9)  # no collection comes from allocations now, only from the thread
    before = gc.get_stats()[0]["collections"]
    deadline = time.monotonic() + 10 * policy.every + 5
    while gc.get_stats()[0]["collections"] < before + 3 and time.monotonic() < deadline:
        time.sleep(policy.every)
    assert gc.get_stats()[0]["collections"] >= before + 3
