"""Altiplano's observation: a seat's view as one flat vector of numbers, in a fixed layout.

The vector is built from the view (`AltiplanoState.view`) alone, so it holds nothing the seat may
not see. It is a list of named segments (`Segment`): first the table's, then one block per
player. Blocks are in seat order *starting from the observing seat* (its own block first; a
spectator's from seat 0), and every seat a field names (start player, drafter, the seat to act,
first-to events, where a mission card went) is likewise counted from the observing seat, so an
agent sees every seat from its own place. Counts are plain numbers, one-of choices one-hot
(all zeros for "none"). Segments that a variant cannot use (role draft, Missions) are left out
of its layout; docs/research.md has the table.

What the view shows but the vector leaves out, and why: the option ``start_player`` and the
extensions out of play (fixed by the options), the reveal counter (it only numbers the draws),
and orders of lists whose order no rule reads (extensions bought, a field's tiles, placements).

The vector is built here as its entries that are not zero; `encoding` makes it a numpy array
(numpy is an optional dependency, imported there only).
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, get_args

from meeple.games.altiplano import components as C
from meeple.games.altiplano.action_space import InPlay, placements
from meeple.games.altiplano.fields import Phase, Stage
from meeple.games.altiplano.missions import MISSION_RULES

#: The steps of a planning tile swap (ALT-7); the empty step is all zeros.
SWAP_STEPS = ("choose", "refill")
#: Mission draft steps (`Player.draft`).
DRAFT_STEPS = 4
#: What a movement field may hold (ALT-8: food, or a coin with coin movement).
MOVEMENT_TILES = {"food": 0, C.COINS: 1}
#: Extension letters, the backs the stack shows (ALT-3).
LETTERS = ("A", "B", "C", "D")
#: Multi-tile actions a turn may go on with (`Turn.cont`) besides the repeatable basic actions.
CONTINUED = ("sell", "deliver", "store", "store_buffered")


@dataclasses.dataclass(frozen=True, slots=True)
class Segment:
    """One named part of the vector: where it starts, its shape and what it holds."""

    name: str
    shape: tuple[int, ...]
    meaning: str
    offset: int

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class _Layout:
    """Segments added one after the other."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.size = 0

    def add(self, name: str, shape: tuple[int, ...], meaning: str) -> int:
        segment = Segment(name, shape, meaning, self.size)
        self.segments.append(segment)
        self.size += segment.size
        return segment.offset


#: An observation's entries that are not zero, by index (see `Observer.observe`).
Sparse = dict[int, float]


def _add(out: Sparse, index: int) -> None:
    out[index] = out.get(index, 0.0) + 1.0


def _index(names: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


class Observer:
    """Builds observations of one game's options (the layout is fixed at construction)."""

    def __init__(self, play: InPlay, options: Mapping[str, Any]) -> None:
        comps = play.comps
        self.players: int = options["players"]
        self.role_draft: bool = options["role_draft"]
        self.missions: bool = options["missions"]
        self.goods = _index(comps.goods)
        self.locations = _index(comps.locations)
        self.roles = _index(list(comps.roles))
        self.extensions = _index(play.extensions)
        self.orders = _index(list(comps.orders))
        self.mission_cards = _index(list(comps.missions))
        self.phases = _index(get_args(Phase))
        self.stages = _index(get_args(Stage))
        repeatable = [conv.key for conv in C.BASIC_ACTIONS if conv.repeatable]
        self.continued = _index([*repeatable, *CONTINUED])
        self.events = _index(
            list(dict.fromkeys(r for k, r in MISSION_RULES.values() if k == "first"))
        )
        self.role_inputs = _index([*comps.goods, C.COINS])
        self.ext_inputs = {
            eid: _index([g for g, _ in conv.inputs])
            for eid in play.conversion_extensions
            if (conv := comps.extensions[eid].conversion) is not None
        }
        self.wildcards = _index(play.wildcard_extensions)
        self.placements = _index([f"{t}|{g}" for t, g in placements(play)])
        self.rows = len(comps.rows)
        self.movement_fields = comps.movement_fields
        self.strip_slots = len(comps.surcharge)
        self.table = _Layout()
        self.block = _Layout()
        self._table_segments()
        self._player_segments()
        self.size = self.table.size + self.players * self.block.size

    # ------------------------------------------------------------------ the layout
    def _table_segments(self) -> None:
        n, add = self.players, self.table.add
        G, L, OR, E = len(self.goods), len(self.locations), len(self.orders), len(self.extensions)
        self.at_options = add("options", (2,), "role draft, Missions (1 when played)")
        self.at_seat = add("seat", (n,), "the observing seat (one-hot; zeros for a spectator)")
        self.at_phase = add(
            "phase", (len(self.phases),), "phase of the round: " + ", ".join(self.phases)
        )
        self.at_round = add("round", (1,), "the round, from 1")
        self.at_end = add("end", (2,), "end triggered (1/0), rounds left after this one once it is")
        self.at_start = add("start", (n,), "start player (relative seat)")
        self.at_circle = add("circle", (L, L), "each location's place in the circle (one-hot)")
        self.at_supply = add("supply", (G,), "goods in the general supply")
        self.at_box = add("box", (G,), "goods in the box (out of the game for now)")
        self.at_houses = add("houses", (G,), "house cards on offer, by the good shown")
        self.at_boats = add("boats", (G,), "boat cards on offer, by the good shown")
        self.at_carts = add("carts", (1,), "carts left in the village")
        self.at_orders = add("orders", (OR,), "order cards on offer")
        self.at_orders_box = add("orders_box", (1,), "order cards out of the game (a count)")
        self.at_stack = add("stack", (len(LETTERS),), "extension stack: cards by letter (A-D)")
        self.at_strip = add("strip", (self.strip_slots, E), "extension on each strip space")
        self.at_ext_box = add("ext_box", (E,), "extensions discarded into the box")
        self.at_ext_bought = add("ext_bought", (1,), "an extension was bought this round")
        self.at_roles_count = add("roles_free_count", (1,), "roles not yet taken (a count)")
        if self.role_draft:
            self.at_roles = add("roles_free", (len(self.roles),), "roles still to draft")
            self.at_drafter = add("drafter", (n,), "the seat drafting a role (relative)")
        if self.missions:
            self.at_decks = add("mission_cards_left", (2,), "undealt mission cards, boxed ones")
        self.at_firsts = add(
            "firsts", (len(self.events), n), "first seat to each event: " + ", ".join(self.events)
        )
        self.at_turn = add("turn_seat", (n,), "the seat whose turn it is in phase 3 (relative)")
        self.at_stage = add("stage", (len(self.stages),), "how far that turn has come")
        self.at_cont = add(
            "continues", (len(self.continued),), "the multi-tile action the turn may go on with"
        )
        self.at_passed = add("passed", (n,), "seats that have passed this round (relative)")
        self.at_ready = add("ready", (n,), "seats done with this phase (relative)")

    def _player_segments(self) -> None:
        add = self.block.add
        G, L, OR, E = len(self.goods), len(self.locations), len(self.orders), len(self.extensions)
        M = self.movement_fields
        self.p_role = add("role", (len(self.roles),), "role card")
        self.p_coins = add("coins", (1,), "coins")
        self.p_figure = add("figure", (L,), "where the figure stands")
        self.p_road = add("road", (1,), "road spaces built")
        self.p_planning = add("planning", (G,), "goods on the planning board")
        self.p_fields = add("fields", (L, G), "goods on each location's action fields")
        self.p_role_fields = add("role_fields", (G + 1,), "goods and coins on the role's fields")
        self.p_ext = add("extensions", (E,), "extensions owned")
        ext_fields = sum(len(inputs) for inputs in self.ext_inputs.values())
        self.p_ext_fields = {}
        base = add("ext_fields", (ext_fields,), "per conversion extension, each input placed")
        for eid, inputs in self.ext_inputs.items():
            self.p_ext_fields[eid] = base
            base += len(inputs)
        self.p_wild = add("wild", (len(self.wildcards), G), "the tile on each wildcard field")
        self.p_move = add("move", (M, 2), "food or a coin on each movement field")
        self.p_carts = add("carts", (M,), "carts bought beside each movement field")
        self.p_flags = add("used", (3,), "top cart used, cart bought, extension bought (round)")
        self.p_placed = add(
            "placed_now", (len(self.placements),), "placements of this planning phase"
        )
        self.p_bag = add("bag", (G,), "goods in the bag (own seat only)")
        self.p_container = add("container", (G,), "goods in the container (own seat only)")
        self.p_sizes = add("sizes", (2,), "tiles in the bag, in the container")
        self.p_warehouse = add("warehouse", (self.rows, G), "goods stored in each row")
        self.p_order = add("order", (OR,), "the order card being filled")
        self.p_delivered = add("delivered", (G,), "goods delivered onto it")
        self.p_orders_done = add("orders_done", (OR,), "order cards fulfilled")
        self.p_houses = add("houses", (G,), "house cards built, by the good shown")
        self.p_boats = add("boats", (G,), "boat cards built, by the good shown")
        self.p_corn = add("corn", (2,), "corn on the buffer, corn received and not yet stored")
        self.p_swap = add("swap", (len(SWAP_STEPS),), "step of a planning tile swap")
        self.p_final = add("final", (G,), "goods drawn for the final storage, not yet stored")
        self.p_final_drawn = add("final_drawn", (1,), "the final draw was made")
        if self.missions:
            K = len(self.mission_cards)
            self.p_missions = add("missions", (K,), "mission cards kept, as the view shows them")
            self.p_revealed = add("revealed", (K,), "mission cards revealed as achieved")
            self.p_mission_sizes = add("mission_sizes", (3,), "missions kept, in hand, passing")
            self.p_hand = add("hand", (K,), "mission cards in hand (own seat only)")
            self.p_gift = add("gift", (2, K), "cards passed left, and the other (own seat only)")
            self.p_draft = add("draft", (DRAFT_STEPS,), "mission draft step (0-3)")
            self.p_seen = add("seen", (K,), "mission cards seen (own seat only)")
            self.p_gave = add(
                "gave", (K, self.players + 1), "where each card went: seat (relative) or box"
            )

    # ------------------------------------------------------------------ filling
    def observe(self, view: Mapping[str, Any]) -> Sparse:
        """The observation of `view`: its entries that are not zero, by index (an observation
        has a few hundred of its thousands of entries set, and a dense list costs more to
        build and to hand to numpy than these writes)."""
        out: Sparse = {}
        seat = view["seat"]
        base = 0 if seat is None else seat
        s = view["state"]
        self._table(out, s, seat, base)
        players = s["players"]
        for k in range(self.players):
            at = self.table.size + k * self.block.size
            self._player(out, at, players[(base + k) % self.players], base)
        return out

    def _rel(self, seat: int, base: int) -> int:
        return (seat - base) % self.players

    def _table(self, out: Sparse, s: Mapping[str, Any], seat: int | None, base: int) -> None:
        self._table_fixed(out, s)
        self._table_seated(out, s, seat, base)

    #: The state's entries `_table_fixed` reads (through the view's forms of them).
    FIXED = (
        "circle",
        "supply",
        "box",
        "houses",
        "boats",
        "carts",
        "orders",
        "orders_box",
        "stack",
        "strip",
        "ext_box",
        "roles_free",
        "mission_deck",
        "missions_box",
    )

    def _table_fixed(self, out: Sparse, s: Mapping[str, Any]) -> None:
        """The table's segments that are the same for every viewer and change now and then:
        the offer, the supply, the stack (`FIXED`)."""
        out[self.at_options] = float(self.role_draft)
        out[self.at_options + 1] = float(self.missions)
        L = len(self.locations)
        for place, loc in enumerate(s["circle"]):
            out[self.at_circle + self.locations[loc] * L + place] = 1.0
        self._counts(out, self.at_supply, s["supply"])
        self._counts(out, self.at_box, s["box"])
        self._tally(out, self.at_houses, s["houses"])
        self._tally(out, self.at_boats, s["boats"])
        out[self.at_carts] = s["carts"]
        for order in s["orders"]:
            out[self.at_orders + self.orders[order]] = 1.0
        out[self.at_orders_box] = s["orders_box"]
        for letter, count in Counter(s["stack"]).items():
            out[self.at_stack + LETTERS.index(letter)] = count
        E = len(self.extensions)
        for slot, eid in enumerate(s["strip"]):
            if eid is not None:
                out[self.at_strip + slot * E + self.extensions[eid]] = 1.0
        for eid in s["ext_box"]:
            out[self.at_ext_box + self.extensions[eid]] = 1.0
        free = s["roles_free"]
        out[self.at_roles_count] = free if isinstance(free, int) else len(free)
        if self.role_draft:
            for role in free:
                out[self.at_roles + self.roles[role]] = 1.0
        if self.missions:
            out[self.at_decks] = s["mission_deck"]
            out[self.at_decks + 1] = s["missions_box"]

    def _table_seated(self, out: Sparse, s: Mapping[str, Any], seat: int | None, base: int) -> None:
        """The table's other segments: the seats counted from the viewer, and what changes
        at almost every step (the phase, the turn, who has passed)."""
        n = self.players
        if seat is not None:
            out[self.at_seat + seat] = 1.0
        out[self.at_phase + self.phases[s["phase"]]] = 1.0
        out[self.at_round] = s["round"]
        if s["end_round"] is not None:
            out[self.at_end] = 1.0
            out[self.at_end + 1] = s["end_round"] - s["round"]
        out[self.at_start + (s["start"] - base) % n] = 1.0
        out[self.at_ext_bought] = float(s["ext_bought"])
        if self.role_draft and s["drafter"] >= 0:
            out[self.at_drafter + (s["drafter"] - base) % n] = 1.0
        at_firsts, events = self.at_firsts, self.events
        for event, first in s["firsts"].items():
            out[at_firsts + events[event] * n + (first - base) % n] = 1.0
        turn = s["turn"]
        out[self.at_turn + (turn["seat"] - base) % n] = 1.0
        out[self.at_stage + self.stages[turn["stage"]]] = 1.0
        if turn["cont"] is not None:
            out[self.at_cont + self.continued[turn["cont"]]] = 1.0
        passed, ready = s["passed"], s["ready"]
        for k in range(n):
            seat_k = (base + k) % n
            if passed[seat_k]:
                out[self.at_passed + k] = 1.0
            if ready[seat_k]:
                out[self.at_ready + k] = 1.0

    def _player(self, out: Sparse, at: int, p: Mapping[str, Any], base: int) -> None:
        """One player's block, at `at`: its board, movement, bag, warehouse and cards."""
        if p["role"] is not None:
            out[at + self.p_role + self.roles[p["role"]]] = 1.0
        out[at + self.p_coins] = p["coins"]
        if p["figure"] is not None:
            out[at + self.p_figure + self.locations[p["figure"]]] = 1.0
        out[at + self.p_road] = p["road"]
        self._counts(out, at + self.p_planning, p["planning"])
        self._fields(out, at, p)
        self._movement(out, at, p)
        self._bag(out, at, p)
        self._stored_and_won(out, at, p)
        if self.missions:
            self._missions(out, at, p, base)

    def _fields(self, out: Sparse, at: int, p: Mapping[str, Any]) -> None:
        """The action fields: the locations', the role's, the extensions bought and theirs,
        and the wildcard fields."""
        G = len(self.goods)
        for loc, tiles in p["fields"].items():
            if tiles:
                self._tally(out, at + self.p_fields + self.locations[loc] * G, tiles)
        for good, count in p["role_fields"].items():
            out[at + self.p_role_fields + self.role_inputs[good]] = count
        for eid in p["ext"]:
            out[at + self.p_ext + self.extensions[eid]] = 1.0
        for eid, placed in p["ext_fields"].items():
            inputs = self.ext_inputs[eid]
            for good, count in placed.items():
                out[at + self.p_ext_fields[eid] + inputs[good]] = count
        for eid, good in p["wild"].items():
            if good is not None:
                out[at + self.p_wild + self.wildcards[eid] * G + self.goods[good]] = 1.0

    def _movement(self, out: Sparse, at: int, p: Mapping[str, Any]) -> None:
        """The movement fields and carts, the round's flags (top cart used, cart and extension
        bought) and this round's placements."""
        for field, on_field in enumerate(p["move"]):
            if on_field is not None:
                out[at + self.p_move + 2 * field + MOVEMENT_TILES[on_field]] = 1.0
        for field, cart in enumerate(p["carts"]):
            if cart:
                out[at + self.p_carts + field] = 1.0
        for i, flag in enumerate((p["top_used"], p["bought_cart"], p["bought_ext"])):
            if flag:
                out[at + self.p_flags + i] = 1.0
        for target, good in p["placed_now"]:
            _add(out, at + self.p_placed + self.placements[f"{target}|{good}"])

    def _bag(self, out: Sparse, at: int, p: Mapping[str, Any]) -> None:
        """The bag and container: contents and sizes in the observing seat's own block (the
        only one whose view has them), sizes alone in the others'."""
        if "bag" in p:
            self._counts(out, at + self.p_bag, p["bag"])
            self._counts(out, at + self.p_container, p["container"])
            out[at + self.p_sizes] = sum(p["bag"].values())
            out[at + self.p_sizes + 1] = sum(p["container"].values())
        else:
            out[at + self.p_sizes] = p["bag_size"]
            out[at + self.p_sizes + 1] = p["container_size"]

    def _stored_and_won(self, out: Sparse, at: int, p: Mapping[str, Any]) -> None:
        """The warehouse rows, the order held and those done, houses and boats, corn, the
        planning tile swap's step and the final storage."""
        G = len(self.goods)
        for row, tiles in enumerate(p["warehouse"]):
            if tiles:
                self._tally(out, at + self.p_warehouse + row * G, tiles)
        if p["order"] is not None:
            out[at + self.p_order + self.orders[p["order"]["id"]]] = 1.0
            self._tally(out, at + self.p_delivered, p["order"]["delivered"])
        for order in p["orders_done"]:
            out[at + self.p_orders_done + self.orders[order]] = 1.0
        self._tally(out, at + self.p_houses, p["houses"])
        self._tally(out, at + self.p_boats, p["boats"])
        out[at + self.p_corn] = p["buffer"]
        out[at + self.p_corn + 1] = p["pending_corn"]
        if p["swap"]:
            out[at + self.p_swap + SWAP_STEPS.index(p["swap"])] = 1.0
        self._counts(out, at + self.p_final, p["final"])
        out[at + self.p_final_drawn] = float(p["final_drawn"])

    def _missions(self, out: Sparse, at: int, p: Mapping[str, Any], base: int) -> None:
        cards = self.mission_cards
        for card in p["missions"]:
            out[at + self.p_missions + cards[card]] = 1.0
        for card in p["revealed"]:
            out[at + self.p_revealed + cards[card]] = 1.0
        own = "hand" in p
        sizes = (
            (len(p["missions"]), len(p["hand"]), len(p["gift"]))
            if own
            else (p["missions_count"], p["hand_size"], p["gift_size"])
        )
        for i, size in enumerate(sizes):
            out[at + self.p_mission_sizes + i] = size
        out[at + self.p_draft + p["draft"]] = 1.0
        if not own:
            return
        K = len(cards)
        for card in p["hand"]:
            out[at + self.p_hand + cards[card]] = 1.0
        for i, card in enumerate(p["gift"]):
            out[at + self.p_gift + i * K + cards[card]] = 1.0
        for card in p["seen"]:
            out[at + self.p_seen + cards[card]] = 1.0
        box = self.players
        for dest, card in p["gave"]:
            where = box if dest < 0 else self._rel(dest, base)
            out[at + self.p_gave + cards[card] * (self.players + 1) + where] = 1.0

    def _counts(self, out: Sparse, at: int, counts: Mapping[str, int]) -> None:
        goods = self.goods
        for good, count in counts.items():
            out[at + goods[good]] = count

    def _tally(self, out: Sparse, at: int, tiles: Sequence[str]) -> None:
        goods, get = self.goods, out.get
        for good in tiles:
            i = at + goods[good]
            out[i] = get(i, 0.0) + 1.0
