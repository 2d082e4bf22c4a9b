"""Meeple: rules engines, play and bots for the board games Tikal and Altiplano."""

__version__ = "0.1.0"
