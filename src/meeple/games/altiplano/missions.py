"""The rules of the 20 mission cards (ALT-23, ALT-24).

A card's *points* are edition data; what it asks for is the card's text, so it lives here keyed
by the card's id. Three kinds:

- ``progress``: a condition on the owner's own things that, once true, stays true (stored goods
  and built cards never leave); the card is revealed the moment it holds.
- ``first``: "be the first to …": the game records who did it first (ALT-24); the card scores only
  if that was its owner.
- ``end``: "own … at game end": judged at scoring, on owned goods excluding orders.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.games.altiplano import warehouse as W
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.warehouse import CORN

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


@dataclasses.dataclass(frozen=True, slots=True)
class Facts:
    """What a mission may ask about one player."""

    rows: list[list[str]]
    complete: list[int]  # indexes of completed rows
    orders_done: list[tuple[str, ...]]  # goods of each fulfilled order
    boats: int
    houses: int


def _stored(facts: Facts, good: str) -> int:
    return sum(row.count(good) for row in facts.rows)


def _orders_with(facts: Facts, goods: set[str]) -> int:
    return sum(1 for order in facts.orders_done if goods & set(order))


MISSION_RULES: dict[str, tuple[str, Any]] = {
    "fulfil_3_orders": ("progress", lambda f: len(f.orders_done) >= 3),
    "store_3_alpaca": ("progress", lambda f: _stored(f, "alpaca") >= 3),
    "store_7_kinds": ("progress", lambda f: len({g for row in f.rows for g in row}) >= 7),
    "store_20_goods": ("progress", lambda f: sum(len(row) for row in f.rows) >= 20),
    "first_full_row": ("first", "full_row"),
    "4_rows_without_corn": (
        "progress",
        lambda f: sum(1 for i in f.complete if CORN not in f.rows[i]) >= 4,
    ),
    "3_silver_3_cloth": (
        "end",
        lambda seat, owned: owned[seat].get("silver", 0) >= 3 and owned[seat].get("cloth", 0) >= 3,
    ),
    "4_glass": ("end", lambda seat, owned: owned[seat].get("glass", 0) >= 4),
    "fill_3_rows": ("progress", lambda f: len(f.complete) >= 3),
    "store_5_corn": ("progress", lambda f: _stored(f, CORN) >= 5),
    "first_full_fish_row": ("first", "full_fish_row"),
    "build_3_boats": ("progress", lambda f: f.boats >= 3),
    "build_3_houses": ("progress", lambda f: f.houses >= 3),
    "most_ore": ("end", lambda seat, owned: _most(seat, owned, "ore")),
    "store_4_cacao": ("progress", lambda f: _stored(f, "cacao") >= 4),
    "order_boat_house": (
        "progress",
        lambda f: len(f.orders_done) >= 1 and f.boats >= 1 and f.houses >= 1,
    ),
    "first_order": ("first", "order"),
    "first_house": ("first", "house"),
    "most_stone": ("end", lambda seat, owned: _most(seat, owned, "stone")),
    "2_orders_wool_or_cloth": ("progress", lambda f: _orders_with(f, {"wool", "cloth"}) >= 2),
}


def _most(seat: int, owned: list[Mapping[str, int]], good: str) -> bool:
    """ALT-24: "more than each other player" needs strictly more."""
    mine = owned[seat].get(good, 0)
    return all(mine > other.get(good, 0) for i, other in enumerate(owned) if i != seat)


def first_events(facts: Facts, done_order: bool, built_house: bool) -> list[str]:
    """The "first to" events this player's things show now (checked after each change)."""
    events = []
    if facts.complete:
        events.append("full_row")
    if any(facts.rows[i][0] == "fish" for i in facts.complete):
        events.append("full_fish_row")
    if done_order:
        events.append("order")
    if built_house:
        events.append("house")
    return events


def achieved(mission: str, seat: int, facts: Facts, firsts: Mapping[str, int]) -> bool:
    """Whether a progress or first card of `seat` holds now (end cards: see `achieved_at_end`)."""
    kind, rule = MISSION_RULES[mission]
    if kind == "progress":
        return bool(rule(facts))
    if kind == "first":
        return firsts.get(rule) == seat
    return False


def achieved_at_end(mission: str, seat: int, owned: Sequence[Mapping[str, int]]) -> bool:
    kind, rule = MISSION_RULES[mission]
    return kind == "end" and bool(rule(seat, owned))


def _facts(st: AltiplanoState, p: Player) -> Facts:
    rows = p["warehouse"]
    return Facts(
        rows=rows,
        complete=W.complete_rows(rows, st.comps.rows),
        orders_done=[st.comps.orders[o].goods for o in p["orders_done"]],
        boats=len(p["boats"]),
        houses=len(p["houses"]),
    )


def check_missions(st: AltiplanoState, seat: int) -> None:
    """ALT-24: record "first to" events as they happen; reveal fulfilled missions."""
    s = st.s
    p = s["players"][seat]
    facts = _facts(st, p)
    for event in first_events(facts, bool(p["orders_done"]), bool(p["houses"])):
        s["firsts"].setdefault(event, seat)
    for mission in p["missions"]:
        if mission not in p["revealed"] and achieved(mission, seat, facts, s["firsts"]):
            p["revealed"].append(mission)
            s["reveals"] += 1
