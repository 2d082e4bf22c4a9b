"""Counts of tiles (a bag, the planning fields, a role's fields) as dicts from good to count:
adding, taking, and whether they cover a cost.
"""

from __future__ import annotations

from collections.abc import Mapping


def add(counts: dict[str, int], good: str, n: int = 1) -> None:
    counts[good] = counts.get(good, 0) + n


def take(counts: dict[str, int], good: str, n: int = 1) -> None:
    left = counts[good] - n
    if left:
        counts[good] = left
    else:
        del counts[good]


def covers(avail: Mapping[str, int], cost: tuple[tuple[str, int], ...]) -> bool:
    """Whether `avail` holds every (good, count) of `cost`."""
    get = avail.get
    for good, count in cost:  # noqa: SIM110 (a loop is several times faster than all(...))
        if get(good, 0) < count:
            return False
    return True
