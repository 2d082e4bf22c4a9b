"""Seeded randomness that survives a JSON round trip.

A `random.Random` object's internal state is large and tied to CPython. Instead every random
event derives a fresh generator from the game seed and a label naming the event (for example
``("setup",)`` or ``("draw", round, seat)``). The same seed and label always give the same
numbers, so a state only has to store its seed and the labels it will use next.
"""

from __future__ import annotations

import hashlib
import random
from typing import TypeVar

T = TypeVar("T")


def derive_rng(seed: int, *labels: object) -> random.Random:
    """Return a generator determined only by `seed` and the labels."""
    text = "/".join([str(seed), *(str(label) for label in labels)])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def shuffle(items: list[T], rng: random.Random) -> None:
    """``rng.shuffle(items)``, step for step: the same draws of ``getrandbits``, so the same
    order and the generator left where ``random.shuffle`` leaves it (tests/engine holds them
    equal), and so the same games and search choices as with the library's. Written out
    because the optional compiled build runs this loop as C, while ``random.shuffle`` is
    Python code that calls Python code per item; the games' determinizations shuffle at every
    search iteration."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
