"""Tikal (Wolfgang Kramer and Michael Kiesling, 1999): base and auction versions, 2–4 players."""

from meeple.games.tikal.state import TikalState

STATE_CLASS = TikalState

__all__ = ["STATE_CLASS", "TikalState"]
