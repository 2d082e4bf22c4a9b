"""Seeded random games of every Tikal table hash to the value recorded before issue 27 moved
the rules into modules of their own (`tikal_digest` says what is hashed): a change to anything
a user or a bot sees changes the digest."""

from __future__ import annotations

from tikal_digest import digest

#: `digest(3)`, recorded from the engine as it was before the move.
RECORDED = "3c5a189b17909289154fda6768ee8961e11338fbf07ad589aae698d990993c13"


def test_seeded_games_look_the_same_as_recorded() -> None:
    assert digest(3) == RECORDED
