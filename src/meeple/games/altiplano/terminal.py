"""Altiplano in the terminal: the circle of locations, the extension strip, the market's orders
and every player's action board, warehouse and cards, drawn from a seat's view.

Own bags and containers show their contents; other seats' show only their sizes, as at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.engine.plugins import TerminalPlugin
from meeple.games.altiplano import wording
from meeple.games.altiplano.components import Components, load
from meeple.games.altiplano.seats import SEATS


def seat_name(seat: int) -> str:
    return SEATS.name(seat)


def seat_colour(seat: int) -> str:
    """The seat's colour as the page draws it (Rich prints it in truecolour or its nearest)."""
    return SEATS.colour(seat)


ACTION_GROUPS = {
    "choose_role": "Choose a role",
    "keep_mission": "Missions",
    "pass_mission": "Missions",
    "take_back_tile": "Take back (before drawing)",
    "take_back_coin": "Take back (before drawing)",
    "draw": "Draw",
    "swap_discard": "Swap a planning tile",
    "swap_draw": "Swap a planning tile",
    "swap_pick": "Swap a planning tile",
    "swap_skip": "Swap a planning tile",
    "place": "Plan: place",
    "unplace": "Plan: take off",
    "done": "Plan: done",
    "place_figure": "Move",
    "move": "Move",
    "pass": "End of turn",
    "end_turn": "End of turn",
    "produce": "Produce and build",
    "sell": "Market",
    "deliver": "Market",
    "buy_extension": "Market",
    "buy_order": "Market",
    "store": "Store in the warehouse",
    "store_buffered": "Store in the warehouse",
    "store_corn": "Store received corn",
    "buffer_corn": "Store received corn",
    "buy_cart": "Village",
    "build_road": "Road",
    "final_draw": "Final storage",
    "final_done": "Final storage",
}
PHASES = {
    "roles": "Setup: role draft",
    "missions": "Setup: mission draft",
    "draw": "Phase 1: draw",
    "plan": "Phase 2: plan",
    "actions": "Phase 3: actions",
    "final": "Final storage",
    "over": "Game over",
}


def _counts(counts: Mapping[str, int] | int | None) -> str:
    if counts is None:
        return "-"
    if isinstance(counts, int):
        return f"{counts} tiles"
    items = [f"{n} {g}" for g, n in sorted(counts.items()) if n]
    return ", ".join(items) or "empty"


def _tiles(tiles: Iterable[str]) -> str:
    text = " ".join(tiles)
    return text or "·"


def render(view: Mapping[str, Any]) -> RenderableType:
    """The whole table as the view's seat sees it."""
    comps = load(view["options"].get("edition"))
    s = view["state"]
    return Group(
        _status(view, s),
        Columns([_circle(s), _strip(comps, s), _market(comps, s)], equal=False),
        *(_player(comps, view, s, seat) for seat in range(len(s["players"]))),
    )


def _status(view: Mapping[str, Any], s: Mapping[str, Any]) -> Text:
    text = Text()
    text.append(f"Altiplano — round {s['round']} — {PHASES.get(s['phase'], s['phase'])}", "bold")
    text.append(f" — start player {seat_name(s['start'])}")
    if s["phase"] == "actions":
        turn = s["turn"]
        text.append(f" — {seat_name(turn['seat'])} to act", seat_colour(turn["seat"]))
    if s["end_round"] is not None:
        text.append(f" — the game ends after round {s['end_round']}", "bold red")
    if view.get("seat") is not None:
        text.append(f"   (you are {seat_name(view['seat'])})", seat_colour(view["seat"]))
    return text


def _circle(s: Mapping[str, Any]) -> Table:
    table = Table(title="Locations (a circle)", header_style="bold")
    table.add_column("Location")
    table.add_column("Supply")
    table.add_column("Figures")
    supplies = {
        "village": lambda: f"{len(s['houses'])} houses, {s['carts']} carts",
        "market": lambda: f"{s['supply'].get('glass', 0)} glass, {len(s['orders'])} orders",
        "road": lambda: f"{s['supply'].get('corn', 0)} corn",
        "harbor": lambda: f"{s['supply'].get('fish', 0)} fish, {len(s['boats'])} boats",
        "farm": lambda: _goods(s, ("alpaca", "wool", "cloth")),
        "mine": lambda: _goods(s, ("stone", "ore", "silver")),
        "forest": lambda: _goods(s, ("wood", "cacao")),
    }
    for loc in s["circle"]:
        figures = Text()
        for seat, p in enumerate(s["players"]):
            if p["figure"] == loc:
                figures.append(seat_name(seat) + " ", seat_colour(seat))
        supply = supplies[loc]() if loc in supplies else ""
        table.add_row(loc, supply, figures)
    table.add_row("centre", f"{s['supply'].get('food', 0)} food, coins", "")
    return table


def _goods(s: Mapping[str, Any], goods: Iterable[str]) -> str:
    return ", ".join(f"{s['supply'].get(g, 0)} {g}" for g in goods)


def _strip(comps: Components, s: Mapping[str, Any]) -> Table:
    table = Table(title="Extension strip", header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("Extension")
    table.add_column("Price", justify="right")
    for slot in range(len(s["strip"]) - 1, -1, -1):
        eid = s["strip"][slot]
        if eid is None:
            table.add_row(str(slot + 1), "(empty)", "")
            continue
        price = comps.extensions[eid].cost + comps.surcharge[slot]
        table.add_row(str(slot + 1), wording.extension_text(comps, eid), str(price))
    letters: dict[str, int] = {}
    for letter in s["stack"]:
        letters[letter] = letters.get(letter, 0) + 1
    stack = ", ".join(f"{n}×{letter}" for letter, n in sorted(letters.items())) or "empty"
    table.caption = f"stack: {stack}; out of the game: {len(s['ext_box'])}"
    return table


def _market(comps: Components, s: Mapping[str, Any]) -> Table:
    table = Table(title="Orders, houses, boats", header_style="bold")
    table.add_column("Card")
    table.add_column("Goods / effect")
    table.add_column("Pts", justify="right")
    for oid in s["orders"]:
        order = comps.orders[oid]
        table.add_row("order", wording.counted(order.goods), str(order.points))
    table.add_row("houses", " ".join(sorted(s["houses"])) or "none", str(comps.house_vp))
    table.add_row("boats", " ".join(sorted(s["boats"])) or "none", str(comps.boat_vp))
    return table


def _player(comps: Components, view: Mapping[str, Any], s: Mapping[str, Any], seat: int) -> Panel:
    """One seat's panel: its boards, cards and (own ones, or only their sizes) bags."""
    p = s["players"][seat]
    own = view.get("seat") == seat
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    table.add_row("Role", _role(comps, p))
    table.add_row(
        "Coins / figure / road",
        f"{p['coins']} coins, figure at {p['figure'] or '(not placed)'}, "
        f"road step {p['road']}/{len(comps.road_track)}",
    )
    table.add_row("Planning", _counts(p["planning"]))
    fields = "  ".join(
        f"{loc}: {_tiles(p['fields'][loc])}" for loc in comps.locations if p["fields"][loc]
    )
    table.add_row("Action fields", fields or "·")
    if p["role_fields"]:
        table.add_row("Role fields", _counts(p["role_fields"]))
    if p["ext"]:
        table.add_row("Extensions", _extensions(comps, p))
    table.add_row("Movement", _movement(p))
    table.add_row("Bag / container", _bag_and_container(p, own))
    table.add_row("Warehouse", _warehouse(comps, p))
    if p["buffer"] or p["pending_corn"]:
        table.add_row("Corn", f"{p['buffer']} buffered, {p['pending_corn']} to store")
    if p["order"] is not None:
        table.add_row("Order", _held_order(comps, p))
    table.add_row("Cards", _cards(comps, p))
    if view["options"].get("missions"):
        table.add_row("Missions", _missions(comps, p, own) or "-")
    return Panel(table, title=_title(s, seat), title_align="left", border_style=seat_colour(seat))


def _title(s: Mapping[str, Any], seat: int) -> Text:
    """The seat's name, whether it has passed or is done with the phase, and the start mark."""
    flags = []
    if s["phase"] == "actions" and s["passed"][seat]:
        flags.append("passed")
    if s["phase"] in ("draw", "plan", "final") and s["ready"][seat]:
        flags.append("done")
    title = Text(seat_name(seat), style=f"bold {seat_colour(seat)}")
    if flags:
        title.append(f" ({', '.join(flags)})")
    if seat == s["start"]:
        title.append(" ★ start")
    return title


def _role(comps: Components, p: Mapping[str, Any]) -> str:
    role = comps.roles.get(p["role"]) if p["role"] else None
    if role is None:
        return "-"
    return f"{role.name} ({role.conversion.location}: {wording.conversion_text(role.conversion)})"


def _extensions(comps: Components, p: Mapping[str, Any]) -> str:
    """Each extension bought, with what lies on its fields (a wildcard field's one tile)."""
    lines = []
    for eid in p["ext"]:
        placed = p["ext_fields"].get(eid)
        wild = p["wild"].get(eid, "") if eid in p["wild"] else None
        extra = f" on it: {_counts(placed)}" if placed else ""
        if wild is not None:
            extra = f" on it: {wild or '·'}"
        lines.append(wording.extension_text(comps, eid) + extra)
    return "\n".join(lines)


def _movement(p: Mapping[str, Any]) -> str:
    moves = []
    for i, good in enumerate(p["move"]):
        cart = "+cart" if p["carts"][i] else ""
        moves.append(f"{i + 1}:{good or '·'}{cart}")
    top = "used" if p["top_used"] else "ready"
    return f"top cart {top}; fields " + " ".join(moves)


def _bag_and_container(p: Mapping[str, Any], own: bool) -> str:
    """Their contents for their owner, their sizes for everyone else."""
    if own:
        return f"{_counts(p['bag'])} / {_counts(p['container'])}"
    return f"{p.get('bag_size', 0)} / {p.get('container_size', 0)} tiles"


def _warehouse(comps: Components, p: Mapping[str, Any]) -> str:
    """The rows started, each with its free spaces, and how many are not started yet."""
    rows = []
    for i, row in enumerate(p["warehouse"]):
        spec = comps.rows[i]
        if not row:
            rows.append(f"rows {i + 1}–{len(comps.rows)} not started")
            break
        mark = " ✓" if len(row) >= spec.spaces else ""
        slots = row + ["·"] * (spec.spaces - len(row))
        rows.append(f"{i + 1} ({spec.points}p): {' '.join(slots)}{mark}")
    return "\n".join(rows)


def _held_order(comps: Components, p: Mapping[str, Any]) -> str:
    order = comps.orders[p["order"]["id"]]
    return (
        f"{wording.counted(order.goods)} ({order.points}p), "
        f"delivered {' '.join(p['order']['delivered']) or 'nothing'}"
    )


def _cards(comps: Components, p: Mapping[str, Any]) -> str:
    done = "; ".join(wording.counted(comps.orders[o].goods) for o in p["orders_done"])
    cards = f"orders done: {done or '-'}; houses: {' '.join(p['houses']) or '-'}; "
    return cards + f"boats: {' '.join(p['boats']) or '-'}"


def _missions(comps: Components, p: Mapping[str, Any], own: bool) -> str:
    """Own missions (fulfilled ones marked) and hand; another seat's revealed missions and
    the number still secret."""
    if own:
        missions = ", ".join(
            wording.mission_text(comps, m) + (" (fulfilled)" if m in p["revealed"] else "")
            for m in p["missions"]
        )
        if p.get("hand"):
            hand = ", ".join(wording.mission_text(comps, m) for m in p["hand"])
            missions += f"; in hand: {hand}"
        return missions
    hidden = p.get("missions_count", 0) - len(p["missions"])
    missions = ", ".join(wording.mission_text(comps, m) for m in p["missions"])
    return missions + (f" +{hidden} secret" if hidden > 0 else "")


def render_score_sheet(sheet: Mapping[str, Any]) -> RenderableType:
    """The score sheet of ALT-22: every part per player."""
    parts = ("goods", "boats", "houses", "orders", "house_bonus", "rows", "missions", "total")
    table = Table(title="Score sheet" + ("" if sheet.get("final") else " (so far)"))
    table.add_column("Part")
    for entry in sheet["players"]:
        seat = entry["seat"]
        name = Text(seat_name(seat), style=f"bold {seat_colour(seat)}")
        table.add_column(name, justify="right", style=seat_colour(seat))
    for part in parts:
        table.add_row(part.replace("_", " "), *(str(e[part]) for e in sheet["players"]))
    table.add_row("coins (tie-break)", *(str(e["coins"]) for e in sheet["players"]))
    return table


#: What the terminal takes from this module (`GameInfo.terminal`).
TERMINAL = TerminalPlugin(
    render=render, action_groups=ACTION_GROUPS, render_score_sheet=render_score_sheet
)
