"""Fast explicit copies of the state's plain data (and of views, whose player entries may lack
the secret fields). A generic deep copy is several times slower, and bots clone a lot."""

from __future__ import annotations

from typing import Any

LISTS = ("circle", "houses", "boats", "orders", "orders_box", "stack", "strip", "ext_box",
          "ext_out", "roles_free", "mission_deck", "missions_box", "passed", "ready")  # fmt: skip
DICTS = ("supply", "box", "firsts", "turn")
PLAYER_LISTS = ("ext", "move", "carts", "orders_done", "houses", "boats", "missions",
                 "revealed", "hand", "seen", "gift")  # fmt: skip
PLAYER_DICTS = ("planning", "role_fields", "wild", "bag", "container", "final")


def copy_state(s: dict[str, Any]) -> dict[str, Any]:
    """Copy the state data field by field (several times faster than a generic deep copy)."""
    t = s.copy()
    for key in LISTS:
        t[key] = s[key][:]
    for key in DICTS:
        t[key] = s[key].copy()
    t["players"] = [copy_player(p) for p in s["players"]]
    return t


def copy_player(p: dict[str, Any]) -> dict[str, Any]:
    """Copy one player's data; fields a view leaves out are simply skipped."""
    q = p.copy()
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
