"""Scoring (ALT-22) and the score sheet: every part per player, from the state's plain data."""

from __future__ import annotations

from typing import Any

from meeple.games.altiplano import missions as M
from meeple.games.altiplano import warehouse as W
from meeple.games.altiplano.components import COINS, Components
from meeple.games.altiplano.fields import Player, Table


def owned_goods(p: Player) -> dict[str, int]:
    """Every tile a player owns (rulebook "Abrechnung"): everything but goods on orders."""
    counts: dict[str, int] = {}
    get = counts.get
    for source in (p["bag"], p["container"], p["planning"], p["role_fields"], p["final"]):
        for good, n in source.items():
            if n and good != COINS:
                counts[good] = get(good, 0) + n
    for placed in p["ext_fields"].values():
        for good, n in placed.items():
            if n and good != COINS:
                counts[good] = get(good, 0) + n
    for tiles in p["fields"].values():
        for good in tiles:
            if good != COINS:
                counts[good] = get(good, 0) + 1
    for tile in (*p["wild"].values(), *p["move"]):
        if tile is not None and tile != COINS:
            counts[tile] = get(tile, 0) + 1
    for row in p["warehouse"]:
        for good in row:
            if good != COINS:
                counts[good] = get(good, 0) + 1
    corn = p["buffer"] + p["pending_corn"]
    if corn:
        counts[W.CORN] = get(W.CORN, 0) + corn
    return counts


def _mission_points(
    comps: Components, s: Table, seat: int, owned: list[dict[str, int]], over: bool
) -> dict[str, int]:
    """Points per mission: revealed ones, and at the end also "own … at game end" cards."""
    p = s["players"][seat]
    result = {}
    for mission in p["missions"]:
        done = mission in p["revealed"] or (over and M.achieved_at_end(mission, seat, owned))
        if done or over:
            result[mission] = comps.missions[mission] if done else 0
    return result


def score_sheet(comps: Components, s: Table, over: bool) -> dict[str, Any]:
    """The score sheet: goods, boats, houses, orders, house bonuses, rows, missions, total.

    While the game runs, secret missions are left out (they are not known to the table).
    """
    owned = [owned_goods(p) for p in s["players"]]
    sheets = []
    for seat, p in enumerate(s["players"]):
        goods = {g: owned[seat].get(g, 0) * comps.vp[g] for g in comps.goods}
        bonus: dict[str, int] = {}
        for good in p["houses"]:
            bonus[good] = bonus.get(good, 0) + owned[seat].get(good, 0)
        rows = {
            str(i + 1): comps.rows[i].points for i in W.complete_rows(p["warehouse"], comps.rows)
        }
        orders = {o: comps.orders[o].points for o in p["orders_done"]}
        missions = _mission_points(comps, s, seat, owned, over)
        parts = {
            "goods": sum(goods.values()),
            "boats": len(p["boats"]) * comps.boat_vp,
            "houses": len(p["houses"]) * comps.house_vp,
            "orders": sum(orders.values()),
            "house_bonus": sum(bonus.values()),
            "rows": sum(rows.values()),
            "missions": sum(missions.values()),
        }
        sheets.append(
            {
                "seat": seat,
                **parts,
                "total": sum(parts.values()),
                "coins": p["coins"],
                "detail": {
                    "goods": goods,
                    "owned": owned[seat],
                    "house_bonus": bonus,
                    "rows": rows,
                    "orders": orders,
                    "missions": missions,
                },
            }
        )
    # The parts that settle a tie on the totals, in order (ALT-22; see `winners`).
    return {"final": over, "players": sheets, "tie_break": ["coins"]}


def totals(comps: Components, s: Table, over: bool) -> tuple[list[int], list[dict[str, int]]]:
    """Each seat's ``"total"`` of `score_sheet` and its owned tiles (``detail.owned``),
    without the rest of the sheet: the same sums, for callers that need only these."""
    players = s["players"]
    owned = [owned_goods(p) for p in players]
    vp, rows_spec, orders = comps.vp, comps.rows, comps.orders
    result = []
    for seat, p in enumerate(players):
        mine = owned[seat]
        total = sum(n * vp.get(g, 0) for g, n in mine.items())  # `vp` has every good
        total += len(p["boats"]) * comps.boat_vp + len(p["houses"]) * comps.house_vp
        total += sum(orders[o].points for o in dict.fromkeys(p["orders_done"]))
        total += sum(mine.get(good, 0) for good in p["houses"])  # the house bonus
        total += sum(  # `W.complete_rows`
            spec.points
            for row, spec in zip(p["warehouse"], rows_spec, strict=True)
            if len(row) >= spec.spaces
        )
        if p["missions"]:
            total += sum(_mission_points(comps, s, seat, owned, over).values())
        result.append(total)
    return result, owned


def winners(sheet: dict[str, Any], coins: list[int]) -> list[int]:
    """Most points; ties to most coins; still tied, the victory is shared (ALT-22)."""
    totals = [(p["total"], coins[p["seat"]]) for p in sheet["players"]]
    best = max(totals)
    return [seat for seat, value in enumerate(totals) if value == best]
