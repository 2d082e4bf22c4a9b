"""Nothing anyone sees changes unnoticed: one seeded random game of every table, digested at
every step (altiplano_digest.py), against the value recorded when the digest was written.

A change meant to alter what users or bots see (a rule, a wording, a view) changes the value:
record the new one after checking the change is the one meant."""

from __future__ import annotations

from altiplano_digest import digest

#: The digest of `digest(1)`.
RECORDED = "31375e14f54f35ebb207d668afc02b2b0e9868ea6308a189dbc804035b158ae5"


def test_one_game_of_every_table_shows_the_same() -> None:
    assert digest(1) == RECORDED
