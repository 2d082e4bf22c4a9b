"""The end (ALT-21, ALT-22): the end trigger, the round's end and the strip's refill (phase 4),
the final storage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import warehouse as W
from meeple.games.altiplano import wording
from meeple.games.altiplano.draw import draw_tiles
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.listed import final_done, final_draw, store
from meeple.games.altiplano.outfit import has
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.tiles import add

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def legal_final(st: AltiplanoState, p: Player) -> list[Action]:
    if not p["final_drawn"]:
        return [final_draw(), final_done()]
    result: list[Action] = []
    for good in sorted(p["final"]):
        result.extend(
            store(good, r) for r in W.final_storage_rows(p["warehouse"], st.comps.rows, good)
        )
    result.append(final_done())
    return result


def final_store_problem(st: AltiplanoState, p: Player, action: A.Store) -> Problem:
    """ALT-22: the final-storage tiles go into started rows of their good (ALT-20)."""
    if not p["final_drawn"]:
        return "ALT-22", say("final storage draws first")
    if action.good not in p["final"]:
        return "ALT-22", say(
            "no {good} is among the tiles drawn for final storage",
            good=wording.good(action.good),
        )
    return W.final_storage_problem(p["warehouse"], st.comps.rows, action.good, action.row)


def check_final_draw(st: AltiplanoState, seat: int, p: Player, action: A.FinalDraw) -> Problem:
    if p["final_drawn"]:
        return "ALT-22", "final storage draws once"
    return None


def check_final_done(st: AltiplanoState, seat: int, p: Player, action: A.FinalDone) -> Problem:
    return None


def check_end_trigger(st: AltiplanoState) -> None:
    """ALT-21: a location whose tiles, cards and carts are all gone triggers the end."""
    s = st.s
    if s["end_round"] is not None:
        return
    for loc in st.comps.locations:
        if all(_left_at(st, item) == 0 for item in st.comps.location_supplies[loc]):
            s["end_round"] = s["round"] + 1
            return


def _left_at(st: AltiplanoState, item: str) -> int:
    s = st.s
    if item == "houses":
        return len(s["houses"])
    if item == "boats":
        return len(s["boats"])
    if item == "orders":
        return len(s["orders"])
    left: int = s["carts"] if item == "carts" else s["supply"][item]
    return left


def end_round(st: AltiplanoState) -> None:
    s = st.s
    if s["end_round"] is not None and s["round"] >= s["end_round"]:
        _start_final_storage(st)
        return
    n = st.num_players
    s["start"] = (s["start"] + 1) % n  # ALT-5
    for p in s["players"]:
        p["top_used"] = False
        p["bought_cart"] = False
        p["bought_ext"] = False
    _refill_strip(st)
    s["round"] += 1
    s["phase"] = "draw"
    s["ready"] = [False] * n
    s["passed"] = [False] * n
    s["turn"] = {"seat": s["start"], "stage": "before", "cont": None}


def _refill_strip(st: AltiplanoState) -> None:
    """Phase 4: close the gaps downwards (dropping the bottom card if none was bought)."""
    s = st.s
    cards = [e for e in s["strip"] if e is not None]
    if not s["ext_bought"] and s["strip"] and s["strip"][0] is not None:
        s["ext_box"].append(cards.pop(0))
    s["ext_bought"] = False
    while len(cards) < len(s["strip"]) and s["stack"]:
        cards.append(s["stack"].pop())
        s["reveals"] += 1
    if len(cards) < len(s["strip"]) and s["end_round"] is None:
        s["end_round"] = s["round"] + 1  # ALT-21: an empty space cannot be refilled
    s["strip"] = cards + [None] * (len(s["strip"]) - len(cards))


def _start_final_storage(st: AltiplanoState) -> None:
    s = st.s
    s["ready"] = [not has(st, p, "final_storage") for p in s["players"]]
    s["phase"] = "final"
    if all(s["ready"]):
        s["phase"] = "over"


def do_final_draw(st: AltiplanoState, seat: int, p: Player, action: A.FinalDraw) -> None:
    p["final_drawn"] = True
    draw_tiles(st, seat, p, C.SPECIAL_EXTENSIONS["final_storage"]["draws"], p["final"])


def do_final_done(st: AltiplanoState, seat: int, p: Player, action: A.FinalDone) -> None:
    for good, count in p["final"].items():
        add(p["container"], good, count)
    p["final"] = {}
    s = st.s
    s["ready"][seat] = True
    if all(s["ready"]):
        s["phase"] = "over"
