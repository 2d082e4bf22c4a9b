"""Tikal's log: what a seat reads about a move (its label) and what it set off.

Everything on Tikal's table is public but the order of the stack and the face-down treasure
tokens, so every seat reads the same lines, made once for all readers. They are still made from
the view before and after the move (the part of it the lines read, `views.told_part`), never
from the full state: a drawn tile is named once it is face up, and nothing below the top of the
stack can reach a line.

Every label and line is a `meeple.engine.words.Text`: English as a ``str``, said in each
reader's language from the ``tikal`` catalogue (the figures and tile kinds are terms).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.engine.actions import Action
from meeple.engine.log import LogEntry
from meeple.engine.words import Text, join, say, say_n, term
from meeple.games.tikal import views
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
from meeple.games.tikal.seats import SEATS

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState


#: The figures and the kinds of tile, as the rulebook names them (TIK-1).
FIGURE_WORDS = {figure: term("figure", figure) for figure in ("leader", "worker")}
TILE_WORDS = {
    kind: term("tile", kind.replace("_", " "))
    for kind in ("temple", "treasure", "jungle", "volcano", "base_camp")
}
#: The other words of the score sheet (`TikalState.score_sheet`), by key.
SCORE_WORDS = {
    "rounds": say("Scoring rounds"),
    "round": say("Round"),
    "final": say("Final scoring"),
    "temples": say("Temples"),
    "temple_points": say("Temple points"),
    "treasure_sets": say("Treasure sets"),
    "treasure_points": say("Treasure points"),
    "points": say("Points"),
    "guarded": say("guarded"),
    "scores": say("Score"),
    "winners": say("Winners"),
}


def edition_terms() -> list[Text]:
    """The words this module makes from data, which no extractor finds: for the catalogues."""
    return [*FIGURE_WORDS.values(), *TILE_WORDS.values(), term("tile", "tile")]


def figure_word(figure: str) -> str:
    return FIGURE_WORDS.get(figure, figure)


def tile_word(kind: str) -> str:
    return TILE_WORDS.get(kind, kind)


def tile_text(edition: Edition, tile_id: str) -> Text:
    """A face-up tile in words, as its face shows it: "temple C (value 4)", "treasure A
    (3 masks)". A tile shows its letter (its place in the stack), not the edition's id of it
    ("A5"), so players never read the id."""
    tile = edition.tiles[edition.tile_index(tile_id)]
    if tile.kind == "temple":
        return say("temple {tile} (value {value})", tile=tile.letter, value=tile.temple_value)
    if tile.kind == "treasure":
        return say_n(
            "treasure {tile} ({n} mask)",
            "treasure {tile} ({n} masks)",
            n=tile.masks,
            tile=tile.letter,
        )
    return say("{kind} {tile}", kind=tile_word(tile.kind), tile=tile.letter)


def _on_board(names: tuple[str, ...], space: Space) -> bool:
    # A label is also made for a refused action, whose spaces may be off the board.
    return 0 <= space < len(names)


def _at(names: tuple[str, ...], space: Space) -> str:
    return names[space] if 0 <= space < len(names) else say("space {space}", space=space)


#: Labels kept per edition (`Edition.labels`) before that memo starts afresh: each is the same
#: few hundred bytes, and a game meets a few thousand distinct ones at most.
LABELS_KEPT = 20_000


def describe(state: TikalState, action: Action) -> str:
    """A short English label, naming spaces as the terminal board shows them. The server
    labels every legal action of every position it sends (a sixth of its work a move), and
    most come again unchanged, so each is kept per edition under the action and what else of
    the state its words read (`label_reads`), and made only the first time."""
    memo = state.edition.labels
    key = (action, label_reads(state, action))
    label = memo.get(key)
    if label is None:
        label = _describe(state, action)
        if len(memo) >= LABELS_KEPT:
            memo.clear()
        memo[key] = label
    return label


def label_reads(state: TikalState, action: Action) -> Hashable:
    """What `_describe` reads of `state` besides its edition (the spaces' names, the tiles,
    the costs) for `action`; None where nothing. Looked up by the action's type: the server
    asks it for every legal action of every position it sends (`web.action_reads`)."""
    read = LABEL_READS.get(type(action))
    return None if read is None else read(state, action)


def _hand_reads(state: TikalState, action: PlaceTile) -> Hashable:
    return state.hand


def _end_reads(state: TikalState, action: EndTurn) -> Hashable:
    return bool(state.ap)


def _walk_reads(state: TikalState, action: Walk) -> Hashable:
    return _walk_points(state, action.src, action.dst)


def _excavate_reads(state: TikalState, action: Excavate) -> Hashable:
    space = action.space
    return state.temple_top[space] if _on_board(state.names, space) else None


#: `label_reads` of each kind of action whose label reads the state.
LABEL_READS: dict[type[Action], Callable[[TikalState, Any], Hashable]] = {
    PlaceTile: _hand_reads,
    EndTurn: _end_reads,
    Walk: _walk_reads,
    Excavate: _excavate_reads,
}


def _walk_points(state: TikalState, src: Space, dst: Space) -> int | str:
    """What walking `src` → `dst` costs as its label says it ("?" off a path)."""
    on_path = _on_board(state.names, src) and dst in state.edition.neighbours[src]
    return state.walk_cost(src, dst) if on_path else "?"


def _hand_text(state: TikalState) -> Text:
    """The tile in hand in words (`tile_text`), made once per edition and tile: a placement
    step labels one action per space and turn of the same tile."""
    memo = state.edition.labels
    key = ("hand", state.hand)
    text: Text | None = memo.get(key)
    if text is None:
        edition = state.edition
        text = memo[key] = (
            tile_text(edition, edition.tiles[state.hand].id)
            if state.hand != NO_TILE
            else term("tile", "tile")
        )
    return text


def _describe(state: TikalState, action: Action) -> str:
    """`describe`, made afresh (without closures: see there)."""
    names = state.names
    match action:
        case PlaceTile(space, rotation):
            # The tile as its face shows it, and its turn as people say it (not the engine's
            # count of sides 0 to 5).
            placed = _hand_text(state)
            if rotation % 6 == 0:
                return say(
                    "Place {tile} on {space}, not turned", tile=placed, space=_at(names, space)
                )
            return say(
                "Place {tile} on {space}, turned {degrees}° clockwise",
                tile=placed,
                space=_at(names, space),
                degrees=60 * (rotation % 6),
            )
        case EndTurn():
            return say("End turn") if state.ap else say("End turn (no AP left)")
        case Bid(amount):
            return say("Bid {amount}", amount=amount)
        case Pass():
            return say("Pass")
        case ChooseTile(tile):
            try:
                chosen: Text = tile_text(state.edition, tile)
            except KeyError:
                chosen = term("tile", "tile")
            return say("Choose {tile}", tile=chosen)
        case _:
            return _act_label(state, action)


def _act_label(state: TikalState, action: Action) -> str:
    """`describe` for the action step's actions but the end of the turn, each with its cost."""
    names = state.names
    costs = state.edition.costs
    match action:
        case Deploy(figure, dst):
            return say(
                "Deploy {figure} to {space} ({ap} AP)",
                figure=figure_word(figure),
                space=_at(names, dst),
                ap=costs["deploy_figure"],
            )
        case CampMove(figure, src, dst):
            return say(
                "Move {figure} {src} → {dst} by secret path ({ap} AP)",
                figure=figure_word(figure),
                src=_at(names, src),
                dst=_at(names, dst),
                ap=costs["camp_to_camp"],
            )
        case Walk(figure, src, dst):
            return say(
                "Walk {figure} {src} → {dst} ({ap} AP)",
                figure=figure_word(figure),
                src=_at(names, src),
                dst=_at(names, dst),
                ap=_walk_points(state, src, dst),
            )
        case Excavate(space):
            return say(
                "Excavate temple {space} to {level} ({ap} AP)",
                space=_at(names, space),
                level=state.temple_top[space] + 1 if _on_board(names, space) else "?",
                ap=costs["excavate_level"],
            )
        case Recover(space):
            return say(
                "Recover a treasure at {space} ({ap} AP)",
                space=_at(names, space),
                ap=costs["recover_treasure"],
            )
        case Exchange(give, other, take):
            return say(
                "Exchange treasure {give} for {seat}'s treasure {take} ({ap} AP)",
                give=give + 1,
                seat=SEATS.name(other),
                take=take + 1,
                ap=costs["exchange_treasure"],
            )
        case BuildCamp(space):
            return say(
                "Build a camp on {space} ({ap} AP)", space=_at(names, space), ap=costs["build_camp"]
            )
        case PlaceGuard(space):
            return say(
                "Guard temple {space} ({ap} AP)", space=_at(names, space), ap=costs["place_guard"]
            )
    return action.label()


def narrate(
    before: TikalState, after: TikalState, seat: int, action: Action, viewer: int | None
) -> list[LogEntry]:
    return narrate_all(before, after, seat, action, (viewer,))[viewer]


def narrate_all(
    before: TikalState,
    after: TikalState,
    seat: int,
    action: Action,
    viewers: Sequence[int | None],
) -> dict[int | None, list[LogEntry]]:
    """The lines each of `viewers` reads: the same for every one (see the module)."""
    return narrate_told(views.told_part(before), before.action_label(action), after, seat, viewers)


def narrate_told(
    old: Mapping[str, Any],
    label: str,
    after: TikalState,
    seat: int,
    viewers: Sequence[int | None],
) -> dict[int | None, list[LogEntry]]:
    """`narrate_all` from what it reads of the state before the move: its told part (`old`)
    and the move's label there."""
    for viewer in viewers:
        after.check_view_seat(viewer)  # a seat that is not one reads nothing, as its view
    lines = [LogEntry(seat, label), *events(after, old, views.told_part(after))]
    return {viewer: lines[:] for viewer in viewers}


def events(after: TikalState, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[LogEntry]:
    """What a move set off, read from two views of the table (and, once the game is over,
    its public result)."""
    edition = after.edition
    lines: list[LogEntry] = []
    for tile_id in new["discarded"][len(old["discarded"]) :]:
        lines.append(
            LogEntry(
                None, say("{tile} fits nowhere and is set aside", tile=tile_text(edition, tile_id))
            )
        )
    fresh = sorted(set(new["revealed"]) - set(old["revealed"]))
    if fresh:
        tiles = join(", ", [tile_text(edition, t) for t in fresh])
        lines.append(LogEntry(None, say("Up for auction: {tiles}", tiles=tiles)))
    lines.extend(_scoring(old, new))
    drawer = new["to_move"][0] if new["to_move"] else None
    if new["hand"] is not None and new["hand"] != old["hand"] and drawer is not None:
        tile = tile_text(edition, new["hand"])
        took = (
            say("took {tile}", tile=tile)
            if old["step"] == "choose"
            else say("drew {tile}", tile=tile)
        )
        lines.append(LogEntry(drawer, took))
        if new["scoring"]["volcano_drawer"] >= 0:
            order = join(" → ", [SEATS.name(s) for s in new["scoring"]["queue"]])
            lines.append(
                LogEntry(
                    None,
                    say(
                        "Volcano! A scoring round begins: each player in turn takes a "
                        "turn of action points, then scores alone: {order}",
                        order=order,
                    ),
                )
            )
    if new["step"] == "over" and old["step"] != "over":
        winners = join(say(" and "), [SEATS.name(s) for s in after.winners()])
        best = max(after.scores())
        lines.append(
            LogEntry(
                None,
                say_n(
                    "Game over: {winners} won with {n} points",
                    "Game over: {winners} won with {n} points",
                    n=best,
                    winners=winners,
                ),
            )
        )
    return lines


def _scoring(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[LogEntry]:
    """One line for each player who scored: temples held and treasure sets."""
    done = sum(len(r["entries"]) for r in old["history"])
    entries = [e for r in new["history"] for e in r["entries"]][done:]
    starts_final = new["scoring"]["final"] and not old["scoring"]["final"]
    lines = [LogEntry(None, say("The last tile is placed: the final scoring begins"))]
    lines = lines if starts_final else []
    none = say("none")
    for entry in entries:
        temples = join(
            ", ",
            [
                say("{temple} {value} guarded", temple=t["name"], value=t["value"])
                if t["guarded"]
                else say("{temple} {value}", temple=t["name"], value=t["value"])
                for t in entry["temples"]
            ],
        )
        sets = join(
            ", ",
            [
                say("{count}× set of {size}", count=count, size=size)
                for size, count in entry["treasure_sets"].items()
                if count
            ],
        )
        lines.append(
            LogEntry(
                entry["seat"],
                say(
                    "scores {points}: temples {temple_points} ({temples}), "
                    "treasures {treasure_points} ({sets})",
                    points=entry["points"],
                    temple_points=entry["temple_points"],
                    temples=temples or none,
                    treasure_points=entry["treasure_points"],
                    sets=sets or none,
                ),
            )
        )
    return lines
