"""What the lobby's card of each game says besides its title and player range: how long a game
takes, as the publishers' boxes say (minutes, least and most)."""

from __future__ import annotations

#: Minutes a game takes, by game name (Tikal's box: 90; Altiplano's: 60 to 120).
PLAY_MINUTES: dict[str, tuple[int, int]] = {"tikal": (60, 90), "altiplano": (60, 120)}
