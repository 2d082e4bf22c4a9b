"""Seeded randomness that survives a JSON round trip.

A `random.Random` object's internal state is large and tied to CPython. Instead every random
event derives a fresh generator from the game seed and a label naming the event (for example
``("setup",)`` or ``("draw", round, seat)``). The same seed and label always give the same
numbers, so a state only has to store its seed and the labels it will use next.
"""

from __future__ import annotations

import hashlib
import random


def derive_rng(seed: int, *labels: object) -> random.Random:
    """Return a generator determined only by `seed` and the labels."""
    text = "/".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
