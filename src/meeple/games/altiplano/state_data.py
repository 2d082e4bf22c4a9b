"""Fast explicit copies of the state's plain data (and of views, whose player entries may lack
the secret fields). A generic deep copy is several times slower, and bots clone a lot.

Which fields are flat lists or flat dicts comes from their declared types (`fields`); the nested
fields are copied by hand below. The keys come from those tuples, not from literals, so the
copies work on the data as plain dicts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from meeple.games.altiplano.fields import Player, Table, flat_dicts, flat_lists

LISTS = flat_lists(Table)
DICTS = flat_dicts(Table)
PLAYER_LISTS = flat_lists(Player)
PLAYER_DICTS = flat_dicts(Player)


def copy_state(state: Table) -> Table:
    """Copy the state data field by field (several times faster than a generic deep copy)."""
    s = cast(dict[str, Any], state)  # read by the declared keys of `LISTS` and `DICTS`
    t = s.copy()
    for key in LISTS:
        t[key] = s[key][:]
    for key in DICTS:
        t[key] = s[key].copy()
    t["players"] = [copy_player(p) for p in s["players"]]
    return cast(Table, t)


def copy_player(p: Mapping[str, Any]) -> dict[str, Any]:
    """Copy one player's data; fields a view leaves out are simply skipped."""
    q = dict(p)
    for key in PLAYER_LISTS:
        if key in p:
            q[key] = p[key][:]
    for key in PLAYER_DICTS:
        if key in p:
            q[key] = p[key].copy()
    q["fields"] = {loc: tiles[:] for loc, tiles in p["fields"].items()}
    q["ext_fields"] = {eid: placed.copy() for eid, placed in p["ext_fields"].items()}
    q["placed_now"] = [entry[:] for entry in p["placed_now"]]
    if "gave" in p:
        q["gave"] = [entry[:] for entry in p["gave"]]
    q["warehouse"] = [row[:] for row in p["warehouse"]]
    if p["order"] is not None:
        q["order"] = {"id": p["order"]["id"], "delivered": p["order"]["delivered"][:]}
    return q


def copy_view_state(v: dict[str, Any]) -> dict[str, Any]:
    """Copy the state part of a view (counts stand where lists were hidden)."""
    t = v.copy()
    for key in LISTS:
        if isinstance(v[key], list):
            t[key] = v[key][:]
    for key in DICTS:
        t[key] = v[key].copy()
    t["players"] = [copy_player(p) for p in v["players"]]
    return t
