"""`rng.shuffle` is `random.Random.shuffle` step for step: the same seeds give the same
determinizations as before the games used it (the same games and the same search choices)."""

from __future__ import annotations

import random

from meeple.engine.rng import shuffle


def test_the_shuffle_orders_as_random_shuffle_does() -> None:
    for seed in range(200):
        for length in (0, 1, 2, 3, 7, 16, 33, 100):
            items = [f"tile{i}" for i in range(length)]
            expected, ours = list(items), list(items)
            random.Random(seed).shuffle(expected)
            rng = random.Random(seed)
            shuffle(ours, rng)
            assert ours == expected, (seed, length)
            # and it leaves the generator where random.shuffle leaves it
            after = random.Random(seed)
            after.shuffle(list(items))
            assert rng.random() == after.random(), (seed, length)
