"""What the table page clicks on for each Tikal action: the board elements an action involves.

The page (``static/games/tikal.js``) draws each element below with ``data-element="<id>"``;
clicking elements keeps the legal actions that involve all of them (issue 12). Spaces are
named as the terminal names them (`space_names`: a column letter and a row number). The ids:

- ``hex:<space>`` a board space, empty or not (a placement, a walk's end, a camp to build);
- ``tile:drawn`` the tile in hand; ``rotation:<0-5>`` a turn of it, in sides clockwise;
- ``figure:<leader|worker>:<space>`` the mover's own leader or workers on a space;
- ``camp:<space>`` the base camp or one of the mover's camps, where figures are deployed and
  arrive by the secret paths;
- ``supply:<leader|worker|camp>`` the mover's figures and camps not yet on the board;
- ``temple:<space>`` a temple's value (excavating it); ``treasure:<space>`` a treasure tile's
  face-down tokens (recovering one); ``held:<seat>:<kind>`` treasures of one kind a player
  holds (an exchange gives one own and takes one of another's);
- ``button:guard``, ``button:end``, ``button:pass`` the buttons for guarding a temple,
  ending the turn and passing in an auction; ``bid:<amount>`` a bid;
- ``tile:<id>`` a revealed tile of the auction version, to be chosen.

Every action's ids differ from every other action's and none is a part of another's, so
clicking all of an action's elements leaves exactly that action. The ids come from the
action and the public board only: nothing a seat may not see.

The page also needs what the view leaves out because it never changes: where each space lies
and what each tile shows. `board_geometry` gives that for an edition; the built-in edition's
is the constant ``static/games/tikal-board.json`` (a test keeps it equal to this function's).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from meeple.engine.actions import Action
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
from meeple.games.tikal.board import space_names
from meeple.games.tikal.components import Edition
from meeple.games.tikal.narration import LABEL_READS
from meeple.games.tikal.state import TikalState


def action_elements(state: TikalState, action: Action) -> tuple[str, ...]:
    """The ids of the board elements `action` involves (see the module)."""
    names = state.names  # `space_names` of the edition, kept by the state
    seat = state.current

    def hex_(space: int) -> str:
        return f"hex:{names[space]}"

    match action:
        case PlaceTile(space=space, rotation=rotation):
            return ("tile:drawn", hex_(space), f"rotation:{rotation}")
        case Deploy(figure=figure, dst=dst):
            return (f"supply:{figure}", f"camp:{names[dst]}")
        case CampMove(figure=figure, src=src, dst=dst):
            return (f"figure:{figure}:{names[src]}", f"camp:{names[dst]}")
        case Walk(figure=figure, src=src, dst=dst):
            return (f"figure:{figure}:{names[src]}", hex_(dst))
        case Excavate(space=space):
            return (hex_(space), f"temple:{names[space]}")
        case Recover(space=space):
            return (hex_(space), f"treasure:{names[space]}")
        case Exchange(give=give, other=other, take=take):
            return (f"held:{seat}:{give}", f"held:{other}:{take}")
        case BuildCamp(space=space):
            return ("supply:camp", hex_(space))
        case PlaceGuard(space=space):
            return ("button:guard", hex_(space))
        case EndTurn():
            return ("button:end",)
        case Bid(amount=amount):
            return (f"bid:{amount}",)
        case Pass():
            return ("button:pass",)
        case ChooseTile(tile=tile):
            return (f"tile:{tile}",)
    raise TypeError(f"not a Tikal action: {action!r}")


def action_reads(state: TikalState, action: Action) -> Hashable:
    """What `action`'s label and elements read of `state` besides the action and the edition
    (`WebPlugin.action_reads`): the label's reads (`narration.label_reads`: the tile in hand,
    whether points are left, a walk's cost, a temple's level), and for an exchange the seat
    that makes it, which its elements name (its label reads nothing of the state)."""
    read = _READS.get(type(action))
    return None if read is None else read(state, action)


def _exchange_reads(state: TikalState, action: Exchange) -> Hashable:
    return state.current


#: `action_reads` of each kind of action whose label or elements read the state.
_READS: dict[type[Action], Callable[[TikalState, Any], Hashable]] = {
    **LABEL_READS,
    Exchange: _exchange_reads,
}


def table_facts(options: Mapping[str, Any]) -> dict[str, Any]:
    """None: the page draws the board from `board_geometry` (the built-in edition's is a
    constant file) and everything else from the view."""
    return {}


def board_geometry(edition: Edition) -> dict[str, Any]:
    """The unchanging parts of `edition` the page draws: each space's name and axial
    position (flat-topped hexes, odd columns half a hex lower; sides from north clockwise),
    and each tile's kind, letter, stones per side (unturned), temple value and masks."""
    names = space_names(edition)
    return {
        "spaces": [
            {"name": name, "q": q, "r": r}
            for name, (q, r) in zip(names, edition.spaces, strict=True)
        ],
        "base_camp": names[edition.base_camp],
        "tiles": {
            tile.id: {
                "kind": tile.kind,
                "letter": tile.letter,
                "steps": list(tile.steps),
                "temple_value": tile.temple_value,
                "masks": tile.masks,
            }
            for tile in edition.tiles
        },
        "treasure_kinds": edition.treasure_kinds,
        "workers": edition.workers,
        "camps": edition.camps,
        "action_points": edition.action_points,
    }
