"""Setting up a table (ALT-1 to ALT-5): the options, the components laid out, the players before
their roles. The roles (`roles`) and the mission draft (`mission_draft`) follow.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from meeple.engine.errors import OptionsError
from meeple.engine.rng import derive_rng
from meeple.engine.words import say
from meeple.games.altiplano import components as C
from meeple.games.altiplano.fields import Player, Table

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 3,
    "role_draft": False,
    "missions": False,
    "start_player": 0,  # ALT-5: seat 1 unless the table chooses
    "edition": None,
}


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The table's options, checked, with the defaults filled in (`DEFAULT_OPTIONS`)."""
    result = dict(DEFAULT_OPTIONS)
    if options is None:
        return result
    if not isinstance(options, Mapping):
        raise OptionsError("options must be an object")
    for key, value in options.items():
        if key not in DEFAULT_OPTIONS:
            raise OptionsError(f"unknown option {key!r}; options: {', '.join(DEFAULT_OPTIONS)}")
        result[key] = value
    if type(result["players"]) is not int or not 2 <= result["players"] <= 5:
        raise OptionsError(say("option 'players' must be an integer 2..5"))
    for key in ("role_draft", "missions"):
        if type(result[key]) is not bool:
            raise OptionsError(say("option {option!r} must be true or false", option=key))
    start = result["start_player"]
    if type(start) is not int or not 0 <= start < result["players"]:
        raise OptionsError(
            say(
                "option 'start_player' must be a seat 0..{last} (the first player is 0), "
                "not {start!r}",
                last=result["players"] - 1,
                start=start,
            )
        )
    if result["edition"] is not None and not isinstance(result["edition"], Mapping):
        raise OptionsError(say("option 'edition' must be null or an object"))
    if result["edition"] is not None:
        C.load(result["edition"])  # raises EditionError naming the field
        result["edition"] = dict(result["edition"])
    return result


def new_table(opts: dict[str, Any], comps: C.Components, seed: int) -> tuple[Table, random.Random]:
    """The table at setup (ALT-1 to ALT-3): the circle of locations, the supplies, the order
    cards and the extensions; roles and missions follow. Also the setup's random draws, which
    go on to deal the roles."""
    n = opts["players"]
    setup = comps.setup[n]
    rng = derive_rng(seed, "setup")
    circle = list(comps.locations)
    rng.shuffle(circle)
    supply = {g: setup[g] for g in comps.goods}
    box = {g: comps.tiles[g] - setup[g] for g in comps.goods}
    orders = list(comps.orders)
    rng.shuffle(orders)
    keep = setup["orders_in_play"]
    exts = [e for e in comps.extensions.values() if e.players_min <= n]
    stack: list[str] = []
    for letter in "DCBA":  # D at the bottom, A on top (ALT-3); the top is the list's end
        group = [e.id for e in exts if e.letter == letter]
        rng.shuffle(group)
        stack.extend(group)
    strip: list[str | None] = []
    for _ in comps.surcharge:
        strip.append(stack.pop() if stack else None)
    players = [new_player(comps) for _ in range(n)]
    s: Table = {
        "seed": seed,
        "salt": 0,
        "reveals": 0,
        "round": 1,
        "phase": "roles",
        "start": opts["start_player"],
        "circle": circle,
        "supply": supply,
        "box": box,
        "houses": list(comps.houses),
        "boats": list(comps.boats),
        "carts": setup["carts_in_village"] - n,  # ALT-2: first carts come from the village
        "orders": sorted(orders[:keep]),
        "orders_box": sorted(orders[keep:]),
        "stack": stack,
        "strip": strip,
        "ext_box": [],
        "ext_out": sorted(e for e in comps.extensions if comps.extensions[e].players_min > n),
        "ext_bought": False,
        "roles_free": sorted(comps.roles),
        "drafter": -1,
        "mission_deck": [],
        "missions_box": [],
        "firsts": {},
        "end_round": None,
        "turn": {"seat": opts["start_player"], "stage": "before", "cont": None},
        "passed": [False] * n,
        "ready": [False] * n,
        "players": players,
    }
    return s, rng


def new_player(comps: C.Components) -> Player:
    """A player before the roles: nothing yet."""
    return {
        "role": None,
        "coins": 0,
        "figure": None,
        "road": 0,
        "planning": {},
        "fields": {loc: [] for loc in comps.locations},
        "role_fields": {},
        "ext": [],
        "ext_fields": {},
        "wild": {},
        "move": [None] * comps.movement_fields,
        "carts": [False] * comps.movement_fields,
        "top_used": False,
        "bought_cart": False,
        "bought_ext": False,
        "placed_now": [],
        "bag": {},
        "container": {},
        "warehouse": [[] for _ in comps.rows],
        "order": None,
        "orders_done": [],
        "houses": [],
        "boats": [],
        "buffer": 0,
        "pending_corn": 0,
        "missions": [],
        "revealed": [],
        "hand": [],
        "seen": [],
        "draft": 0,
        "gift": [],
        "gave": [],  # [seat or -1 for the box, card]: where this player's cards went
        "swap": "",
        "final": {},
        "final_drawn": False,
    }
