"""Altiplano (Reiner Stockhausen, dlp games 2017): rules engine on the shared engine interface."""

from meeple.games.altiplano.state import AltiplanoState

STATE_CLASS = AltiplanoState

__all__ = ["STATE_CLASS", "AltiplanoState"]
