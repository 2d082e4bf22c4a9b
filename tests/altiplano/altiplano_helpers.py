"""Shared helpers for the Altiplano tests: the conservation invariant and state building."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.hidden import census


@dataclass(frozen=True)
class _Totals:
    """An edition's components as sorted lists: what the places of a state must hold between
    them (sorted lists compare several times faster than `Counter`s, and this check runs on
    every clone of the random simulations)."""

    extensions: list[Any]
    orders: list[Any]
    houses: list[Any]
    boats: list[Any]
    missions: list[Any]


#: Each edition's totals, by the identity of its `Components` (kept with it, so an id is never
#: taken for another edition's).
_TOTALS: dict[int, tuple[Any, _Totals]] = {}


def _totals(comps: Any) -> _Totals:
    found = _TOTALS.get(id(comps))
    if found is None or found[0] is not comps:
        totals = _Totals(
            *(sorted(part) for part in (comps.extensions, comps.orders, comps.houses)),
            sorted(comps.boats),
            sorted(comps.missions),
        )
        found = _TOTALS[id(comps)] = (comps, totals)
    return found[1]


def conservation(state: Any) -> None:
    """Every goods tile, card, cart and extension is somewhere exactly once; coins >= 0."""
    assert isinstance(state, AltiplanoState)
    comps, s = state.comps, state.s
    totals = _totals(comps)
    counted = census(comps, s)
    for good in comps.goods:
        assert counted.get(good, 0) == comps.tiles[good], (
            good,
            counted.get(good),
            comps.tiles[good],
        )
    assert set(counted) <= set(comps.goods)
    players = s["players"]
    exts = s["stack"] + [e for e in s["strip"] if e] + s["ext_box"] + s["ext_out"]
    for p in players:
        exts += p["ext"]
    assert sorted(exts) == totals.extensions
    orders = s["orders"] + s["orders_box"]
    for p in players:
        orders += p["orders_done"] + ([p["order"]["id"]] if p["order"] else [])
    assert sorted(orders) == totals.orders
    n = len(players)
    carts = s["carts"] + sum(1 + sum(p["carts"]) for p in players)
    assert carts == comps.setup[n]["carts_in_village"]
    assert sorted(s["houses"] + [h for p in players for h in p["houses"]]) == totals.houses
    assert sorted(s["boats"] + [b for p in players for b in p["boats"]]) == totals.boats
    if state.options["missions"]:
        cards = s["mission_deck"] + s["missions_box"]
        for p in players:
            cards += p["missions"] + p["hand"] + p["gift"]
        assert sorted(cards) == totals.missions
    for p in players:
        assert p["coins"] >= 0
        assert 1 + sum(p["carts"]) <= comps.carts_max
        for i, row in enumerate(p["warehouse"]):
            assert len(row) <= comps.rows[i].spaces
            assert "food" not in row


def new_state(players: int = 3, seed: int = 0, **options: Any) -> AltiplanoState:
    return AltiplanoState.new({"players": players, **options}, seed)


def at_actions(players: int = 2, seed: int = 0, **options: Any) -> AltiplanoState:
    """A fresh game put straight into phase 3, seat 0 to act, bags emptied into the supply."""
    state = new_state(players, seed, **options)
    s = state.s
    s["phase"] = "actions"
    s["ready"] = [False] * players
    s["passed"] = [False] * players
    s["turn"] = {"seat": 0, "stage": "before", "cont": None}
    for p in s["players"]:
        for good, n in p["bag"].items():
            s["supply"][good] += n
        p["bag"] = {}
        p["hand"], p["draft"] = [], 3
    return refresh(state)


def refresh(state: AltiplanoState) -> AltiplanoState:
    """Round-trip through JSON: checks the hand-built data and drops cached legal actions."""
    return AltiplanoState.from_json(state.to_json())


def put(state: AltiplanoState, seat: int, where: str, good: str, n: int = 1) -> None:
    """Move `n` tiles of `good` from the supply to a player's `where` (conserving tiles)."""
    s = state.s
    assert s["supply"][good] >= n, f"supply has too few {good}"
    s["supply"][good] -= n
    p = s["players"][seat]
    kind, _, name = where.partition(":")
    for _ in range(n):
        if kind in ("planning", "bag", "container", "final"):
            p[kind][good] = p[kind].get(good, 0) + 1
        elif kind == "loc":
            p["fields"][name].append(good)
        elif kind == "role":
            p["role_fields"][good] = p["role_fields"].get(good, 0) + 1
        elif kind == "ext":
            p["ext_fields"][name][good] = p["ext_fields"][name].get(good, 0) + 1
        elif kind == "wild":
            p["wild"][name] = good
        elif kind == "move":
            p["move"][int(name)] = good
        elif kind == "row":
            p["warehouse"][int(name)].append(good)
        else:
            raise ValueError(where)


def give_extension(state: AltiplanoState, seat: int, eid: str) -> None:
    """Hand an extension to a player, taken from wherever it lies."""
    s = state.s
    for key in ("stack", "ext_box", "ext_out"):
        if eid in s[key]:
            s[key].remove(eid)
            break
    else:
        s["strip"][s["strip"].index(eid)] = None
    p = s["players"][seat]
    p["ext"].append(eid)
    ext = state.comps.extensions[eid]
    if ext.conversion is not None:
        p["ext_fields"][eid] = {}
    elif ext.identity in ("wildcard_field", "wildcard_field_2"):
        p["wild"][eid] = None


def set_role(state: AltiplanoState, seat: int, role: str) -> None:
    """Swap a player's role for `role` (taking it from the free roles or another player)."""
    s = state.s
    for p in s["players"]:
        if p["role"] == role:
            p["role"] = s["players"][seat]["role"]
            break
    else:
        if role in s["roles_free"]:
            s["roles_free"].remove(role)
            s["roles_free"].append(s["players"][seat]["role"])
            s["roles_free"].sort()
    s["players"][seat]["role"] = role
