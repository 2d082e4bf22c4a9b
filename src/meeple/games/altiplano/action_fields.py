"""A player's action fields (ALT-8): what a field holds, putting tiles on and taking them off, the
tiles a basic action at a location may use and consuming them (ALT-12).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.tiles import add, covers, take

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

FOOD = C.FOOD
COINS = C.COINS


def available(st: AltiplanoState, p: Player, loc: str) -> dict[str, int]:
    """Tiles usable for a basic action at `loc`: its fields plus wildcard fields."""
    counts: dict[str, int] = {}
    for good in p["fields"][loc]:
        counts[good] = counts.get(good, 0) + 1
    for wild in p["wild"].values():
        if wild is not None:
            counts[wild] = counts.get(wild, 0) + 1
    return counts


def holds(st: AltiplanoState, p: Player, target: str, good: str) -> bool:
    """Whether field `target` of the player holds a tile `good` (not a coin)."""
    kind, _, name = target.partition(":")
    if good == COINS:
        return False
    if kind == "loc":
        return good in p["fields"].get(name, ())
    if target == "role":
        return good in p["role_fields"]
    if kind == "ext":
        return good in p["ext_fields"].get(name, ())
    if kind == "wild":
        return name in p["wild"] and p["wild"][name] == good
    index = field_index(name, len(p["move"])) if kind == "move" else -1
    return index >= 0 and good == FOOD and p["move"][index] == FOOD


def conversion_fields(
    st: AltiplanoState, p: Player, target: str
) -> tuple[C.Conversion, dict[str, int]] | None:
    """The action and the placed tiles of a role or extension field, if the player has it."""
    if target == "role":
        role = p["role"]
        return None if role is None else (st.comps.roles[role].conversion, p["role_fields"])
    eid = target[4:] if target.startswith("ext:") else ""
    ext = st.comps.extensions.get(eid)
    if ext is None or ext.conversion is None or eid not in p["ext"]:
        return None
    return ext.conversion, p["ext_fields"][eid]


def tiles_problem(
    st: AltiplanoState,
    action: Action,
    have: Mapping[str, int],
    cost: tuple[tuple[str, int], ...],
    where: str,
) -> Problem:
    """An action takes its tiles from the fields they were planned on (ALT-8, ALT-12)."""
    if covers(have, cost):
        return None
    need = wording.cost_text(cost)
    return "ALT-12", say(
        "{action!r} needs its tiles ({need}) {where}",
        action=st.action_label(action),
        need=need,
        where=where,
    )


#: [the kind of an action field, a target's part before its colon] -> the player's data that
#: holds its tiles or coins, as `remove_from_field` and `put_on_field` read a target (and
#: `footprints.planned_fields` says what a step changes): the engine names a movement field
#: ``move:N``.
TARGET_FIELDS = {
    "loc": "fields",
    "role": "role_fields",
    "ext": "ext_fields",
    "wild": "wild",
    "move": "move",
}


def remove_from_field(st: AltiplanoState, p: Player, target: str, good: str) -> None:
    kind, _, name = target.partition(":")
    if kind == "loc":
        p["fields"][name].remove(good)
    elif kind == "role":
        take(p["role_fields"], good)
    elif kind == "ext":
        take(p["ext_fields"][name], good)
    elif kind == "wild":
        p["wild"][name] = None
    else:
        p["move"][int(name)] = None


def put_on_field(st: AltiplanoState, p: Player, target: str, good: str) -> None:
    kind, _, name = target.partition(":")
    if kind == "loc":
        p["fields"][name].append(good)
    elif kind == "role":
        add(p["role_fields"], good)
    elif kind == "ext":
        add(p["ext_fields"][name], good)
    elif kind == "wild":
        p["wild"][name] = good
    else:
        p["move"][int(name)] = good


def consume(st: AltiplanoState, p: Player, loc: str, cost: tuple[tuple[str, int], ...]) -> None:
    """Take tiles for a basic action: the location's fields first, then wildcards."""
    for good, count in cost:
        for _ in range(count):
            if good in p["fields"][loc]:
                p["fields"][loc].remove(good)
            else:
                eid = next(e for e, g in p["wild"].items() if g == good)
                p["wild"][eid] = None
            add(p["container"], good)


def field_index(name: str, size: int) -> int:
    """The index a field name such as ``move:2`` holds after its colon, or -1 unless it is
    written as the engine writes it (``2``, not ``02``) and is below `size`."""
    if not name.isdecimal() or str(int(name)) != name:
        return -1
    index = int(name)
    return index if index < size else -1
