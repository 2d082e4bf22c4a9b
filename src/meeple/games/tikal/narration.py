"""Tikal's log: what a seat reads about a move (its label) and what it set off.

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
from meeple.games.tikal.actions import (
    Bid,
    BuildCamp,
    CampMove,
    ChooseTile,
    Deploy,
    EndTurn,
    Excavate,
    Exchange,
    Pass,
    PlaceGuard,
    PlaceTile,
    Recover,
    Walk,
)
from meeple.games.tikal.components import Edition
from meeple.games.tikal.layout import NO_TILE, Space

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


def describe(state: TikalState, action: Action) -> str:
    """A short English label, naming spaces as the terminal board shows them."""
    names = state.names

    def at(space: Space) -> str:
        return names[space] if 0 <= space < len(names) else f"space {space}"

    costs = state.edition.costs
    match action:
        case PlaceTile(space, rotation):
            tile = state.edition.tiles[state.hand] if state.hand != NO_TILE else None
            what = f"{tile.kind} {tile.id}" if tile else "tile"
            return f"Place {what} on {at(space)}, turned {rotation}"
        case Deploy(figure, dst):
            return f"Deploy {figure} to {at(dst)} ({costs['deploy_figure']} AP)"
        case CampMove(figure, src, dst):
            cost = costs["camp_to_camp"]
            return f"Move {figure} {at(src)} → {at(dst)} by secret path ({cost} AP)"
        case Walk(figure, src, dst):
            walk = state.walk_cost(src, dst) if dst in state.edition.neighbours[src] else "?"
            return f"Walk {figure} {at(src)} → {at(dst)} ({walk} AP)"
        case Excavate(space):
            level = state.temple_top[space] + 1
            return f"Excavate temple {at(space)} to {level} ({costs['excavate_level']} AP)"
        case Recover(space):
            return f"Recover a treasure at {at(space)} ({costs['recover_treasure']} AP)"
        case Exchange(give, other, take):
            return (
                f"Exchange treasure {give + 1} for {seat_name(other)}'s treasure {take + 1} "
                f"({costs['exchange_treasure']} AP)"
            )
        case BuildCamp(space):
            return f"Build a camp on {at(space)} ({costs['build_camp']} AP)"
        case PlaceGuard(space):
            return f"Guard temple {at(space)} ({costs['place_guard']} AP)"
        case EndTurn():
            return "End turn" if state.ap else "End turn (no AP left)"
        case Bid(amount):
            return f"Bid {amount}"
        case Pass():
            return "Pass"
        case ChooseTile(tile):
            try:
                kind = state.edition.tiles[state.edition.tile_index(tile)].kind
            except KeyError:
                kind = "tile"
            return f"Choose {kind} {tile}"
    return action.label()


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
