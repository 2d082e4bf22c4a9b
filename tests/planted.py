"""Editions with planted markers, for the secrecy tests of every channel (the engine's logs,
the server's frames, the browser's): each Tikal terrain tile's id and each Altiplano mission's
text is made a marker, mapped to its witness, what a reader's view shows when that reader may
know the marker."""

from __future__ import annotations

from typing import Any

from meeple.games.altiplano.components import load
from meeple.games.tikal.components import builtin_data


def tikal_marked_edition() -> tuple[dict[str, Any], dict[str, str]]:
    """Tikal's built-in data with each terrain tile's id made a marker; marker -> its witness
    in a view (the id itself)."""
    data = builtin_data()
    secrets = {}
    for tile in data["terrain_tiles"]["tiles"]["value"]:
        tile["id"] = f"Mark{tile['id']}Z"
        secrets[tile["id"]] = f'"{tile["id"]}"'
    return data, secrets


def altiplano_marked_edition() -> tuple[dict[str, Any], dict[str, str]]:
    """Altiplano's built-in data with a marker as each mission's text; marker -> the
    mission's id as a view shows it."""
    data = load().raw
    data = {**data, "missions": {**data["missions"]}}
    cards = []
    secrets = {}
    for card in data["missions"]["cards"]:
        marker = f"MARK-{card['id']}-TEXT"
        cards.append({**card, "text_en": marker})
        secrets[marker] = f'"{card["id"]}"'
    data["missions"]["cards"] = cards
    return data, secrets
