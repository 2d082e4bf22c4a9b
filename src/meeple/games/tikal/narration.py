"""Tikal's log: what a seat reads about a move and what it set off.

Everything on Tikal's table is public but the order of the stack and the face-down treasure
tokens, so every seat reads the same lines. They are still made from the viewer's views before
and after the move, never from the full state: a drawn tile is named once it is face up, and
nothing below the top of the stack can reach a line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.engine.actions import Action
from meeple.engine.log import LogEntry, seat_name
from meeple.games.tikal.components import Edition

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState


def tile_text(edition: Edition, tile_id: str) -> str:
    """A face-up tile in words: "temple C3 (value 4)", "treasure A2 (3 masks)"."""
    tile = edition.tiles[edition.tile_index(tile_id)]
    if tile.kind == "temple":
        return f"temple {tile.id} (value {tile.temple_value})"
    if tile.kind == "treasure":
        return f"treasure {tile.id} ({tile.masks} masks)"
    return f"{tile.kind} {tile.id}"


def narrate(
    before: TikalState, after: TikalState, seat: int, action: Action, viewer: int | None
) -> list[LogEntry]:
    old, new = before.view(viewer), after.view(viewer)
    return [LogEntry(seat, before.action_label(action)), *events(after, old, new)]


def events(after: TikalState, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[LogEntry]:
    """What a move set off, read from two views of the table (and, once the game is over,
    its public result)."""
    edition = after.edition
    lines: list[LogEntry] = []
    for tile_id in new["discarded"][len(old["discarded"]) :]:
        lines.append(LogEntry(None, f"{tile_text(edition, tile_id)} fits nowhere and is set aside"))
    fresh = sorted(set(new["revealed"]) - set(old["revealed"]))
    if fresh:
        tiles = ", ".join(tile_text(edition, t) for t in fresh)
        lines.append(LogEntry(None, f"Up for auction (TIK-14): {tiles}"))
    lines.extend(_scoring(old, new))
    drawer = new["to_move"][0] if new["to_move"] else None
    if new["hand"] is not None and new["hand"] != old["hand"] and drawer is not None:
        verb = "took" if old["step"] == "choose" else "drew"
        lines.append(LogEntry(drawer, f"{verb} {tile_text(edition, new['hand'])}"))
        if new["scoring"]["volcano_drawer"] >= 0:
            order = " → ".join(seat_name(s) for s in new["scoring"]["queue"])
            lines.append(
                LogEntry(
                    None,
                    f"Volcano! A scoring round begins (TIK-11): each player in turn takes a "
                    f"turn of action points, then scores alone: {order}",
                )
            )
    if new["step"] == "over" and old["step"] != "over":
        winners = " and ".join(seat_name(s) for s in after.winners())
        best = max(after.scores())
        lines.append(LogEntry(None, f"Game over: {winners} won with {best} points"))
    return lines


def _scoring(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[LogEntry]:
    """One line for each player who scored: temples held and treasure sets."""
    done = sum(len(r["entries"]) for r in old["history"])
    entries = [e for r in new["history"] for e in r["entries"]][done:]
    starts_final = new["scoring"]["final"] and not old["scoring"]["final"]
    lines = [LogEntry(None, "The last tile is placed: the final scoring begins (TIK-13)")]
    lines = lines if starts_final else []
    for entry in entries:
        temples = ", ".join(
            f"{t['name']} {t['value']}{' guarded' if t['guarded'] else ''}"
            for t in entry["temples"]
        )
        sets = ", ".join(
            f"{count}× set of {size}" for size, count in entry["treasure_sets"].items() if count
        )
        lines.append(
            LogEntry(
                entry["seat"],
                f"scores {entry['points']}: temples {entry['temple_points']}"
                f" ({temples or 'none'}), treasures {entry['treasure_points']}"
                f" ({sets or 'none'})",
            )
        )
    return lines
