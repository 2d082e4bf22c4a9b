"""Nothing anyone sees changes unnoticed: one seeded random game of four tables, digested at
every step (altiplano_digest.py), against the value recorded when the digest was written. The
four cover every player count, and roles dealt and drafted, with and without the Missions, twice
each: a game of each of the 16 tables took over a minute of CI's time, and the script runs them
all (``--games 6``: 96 games) before and after a change meant to change nothing.

A change meant to alter what users or bots see (a rule, a wording, a view) changes the value:
record the new one after checking the change is the one meant."""

from __future__ import annotations

from altiplano_digest import digest

#: (players, role draft, missions) of the tables sampled.
SAMPLE = [(2, False, False), (3, True, True), (4, False, True), (5, True, False)]
#: The digest of `digest(1, tables=SAMPLE)`.
RECORDED = "6dda95956c9cc15367b80e2291581d5e44b793623078e9a5e2580fd7bf227e39"


def test_one_game_of_four_tables_shows_the_same() -> None:
    assert digest(1, tables=SAMPLE) == RECORDED
