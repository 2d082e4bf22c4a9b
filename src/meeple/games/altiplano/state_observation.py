"""Altiplano's observation for the research adapters, written from the state, incrementally:
the numbers every viewer shares written once as the state changes, and each vector handed out
put together from them.

`AltiplanoEncoding.observation` makes the vector from a seat's view (`observation.Observer`, a
dict of entries read from the JSON-ready view): the documented form, and the reference this one
is tested against at every position of random games of every variant, every seat and the
spectators (tests/altiplano/test_altiplano_observed_view.py).

A `StateObservation` keeps the table's numbers as seat 0 sees them, written from the state last
observed, with a copy of each of the table's values they were written from (`_TABLE`). A
player's block is the same for every viewer (only its place differs) but in the player's own
secrets (`_SECRET_NAMES`), so it is kept once as the others see it (`_Block`), written from
copies of its own values (`_PLAYER`, `_MISSIONS`). A viewer keeps only what is its own
(`_Viewer`): the table's segments that count seats from its own (`_SEATED`), written again when
their values change, and its secrets, written apart from copies of the secret values alone.
Each look hands out a new numpy array put together from those: the table, the viewer's seated
segments over it, the blocks in the viewer's order, and its secrets over its own block (about
ten copies of a few hundred numbers at four players). A learner asks for the acting seat's
observation, so each viewer looks every few steps: what changed meanwhile is written once, not
once per viewer, and nothing is kept per viewer that the others share.

An observation reads those values with `operator.itemgetter` (the table's in one call, a
player's in two groups, `_PLAYER_GROUPS`: what most steps change, and the rest), compares
each group with its copies at once (a tuple comparison, at C speed), finds the changed values
of a group that differs (`map` of `operator.ne`, `itertools.compress`) and rewrites only the
segments they feed, keeping a copy of each changed value (the leaves shared: strings,
numbers). Most segments are written from scratch (set to zero, then written); a player's fields
rewrite only the locations whose tiles changed, this round's placements only those added, the
planning board only the goods whose counts changed. The comparisons are by value against copies
(the engine changes its lists in place), so any state may be observed in any order (clones,
other games): only the work depends on what came before, never the vector.

Most steps need few comparisons. The state says from which content its last step started, who
acted and with what type of action (`AltiplanoState.applied`, `meeple.engine.stamps`), and
`footprints` what each type may change. A third of a game's steps (a tile or coin placed in
planning or taken back) change their actor's player data alone, and only the parts of its
fields the step names (`footprints.planned_parts`: a location's row, a good's count, a
placement's number): those are written whatever they hold, without comparing or copying the
whole field (`_part_writer`; the copy kept of that field is then forgotten, so a later
comparison writes it whole). Most others change no player's data but their actor's (and at a
round's end a few of every player's), and only some of its fields
(`footprints.PLAYER_FIELDS`): the observation numbers each player's data (`_track`, when it
sees the step's first state), so that a block or a viewer's secrets already written from that
number are not compared at all, and written a few of that player's changes before compare only
the fields those changes may have touched. The table's values are compared once a step: those
`footprints.TABLE_FIELDS` names for the step's action (and `PHASE_END_TABLE` after the end of a
phase; all of them after the end of a round), with copies of the state last observed. That
trusts the state to change only through its methods (as its cache of legal actions does);
anything else compares all as above.

What another seat's block shows is its view (`observed_view.as_others_see`): no bag or container
contents, hand, gift, seen cards or passages, their sizes in their place, the kept missions only
once the game is over (the revealed ones before). A viewer and a shared block are made afresh
when the game's being over changes. Each observation is a new numpy array, which nothing here
changes later.

What depends on the `Observer` alone (the writers, the places of a player's fields, how each
value is copied, the planning steps' parts) is made once and shared by its observations
(`_Plan`): a learner may make an environment per game.

Cost (docs/benchmarks.md, issue 26, session 28): about 178 k instructions a call pure and 154 k
compiled (setup.py `COMPILED`), against 252 k for the former blocks kept with their JSON. Most of
it is finding what changed: reading and comparing the four players' data and the table's (some
200 dictionary look-ups and the nested dictionaries' comparisons), then the numbers written
(each write into the vector costs about as much as a dozen Python steps) and the copy handed
out. Session 29 shared the blocks others see (23.2 → 21.0 µs a call over a replayed game; with
the adapters' own changes a PettingZoo step 33 k instructions fewer pure, 37 k compiled).
Session 32's stamps (a placement compares its actor's data only): 162 k → 126 k a call pure,
136 k → 108 k compiled (`benchmarks/observation_instructions.py --game altiplano`). Sessions
34's and 35's footprints (101 k → 91 k a call pure in session 35): see docs/benchmarks.md.
Session 39's planning parts, secret overlays and shared plans, and session 40's shared table and
vectors put together at each look: see docs/benchmarks.md, issue 26.
"""

from __future__ import annotations

import array
import operator
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from meeple.engine.actions import Action
from meeple.engine.encoding import NEVER as _NEVER
from meeple.engine.stamps import STAMPS
from meeple.games.altiplano.footprints import (
    ONE_PLAYER,
    ONE_SEAT,
    PHASE_END_TABLE,
    PLAYER_FIELDS,
    ROUND_END_FIELDS,
    TABLE_FIELDS,
    planned_parts,
)
from meeple.games.altiplano.observation import (
    LETTERS,
    MOVEMENT_TILES,
    SWAP_STEPS,
    Observer,
    Segment,
)

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

    #: The kept vectors: C floats.
    _Vector = array.array[float]

_Floats = npt.NDArray[np.float32]
#: Each vector handed out: its runs (`_Viewer.pieces`) joined into a new `bytearray`, one C loop
#: of copies, and an array of float32 numbers made on it (writable, and the caller's alone;
#: `np.ndarray` with a buffer keeps the buffer as it is, where `np.frombuffer` wraps it in a
#: memoryview first). Looked up once: the compiled build would otherwise look them up in
#: their modules at every call.
_JOINED: Final = bytearray().join
_ARRAY: Final = np.ndarray
_FLOAT32: Final = np.dtype(np.float32)
#: The same memory as a `_Vector`, to write numbers one by one (typeshed types a memoryview's
#: items as ints whatever its format, so its writes are not checked).
_Writes = Any

#: The table's values an observation reads, in the order `itemgetter` gives them.
_TABLE = (
    "phase",
    "round",
    "end_round",
    "start",
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
    "ext_bought",
    "roles_free",
    "drafter",
    "mission_deck",
    "missions_box",
    "firsts",
    "turn",
    "passed",
    "ready",
)
#: Each player's values an observation reads (the mission fields only in a game with Missions).
_PLAYER = (
    "role",
    "coins",
    "figure",
    "road",
    "planning",
    "fields",
    "role_fields",
    "ext",
    "ext_fields",
    "wild",
    "move",
    "carts",
    "top_used",
    "bought_cart",
    "bought_ext",
    "placed_now",
    "bag",
    "container",
    "warehouse",
    "order",
    "orders_done",
    "houses",
    "boats",
    "buffer",
    "pending_corn",
    "swap",
    "final",
    "final_drawn",
)
_MISSIONS = ("missions", "revealed", "hand", "gift", "draft", "seen", "gave")
_NAMES = _PLAYER + _MISSIONS
_GAVE = _NAMES.index("gave")
#: A player's values that its own block shows otherwise than the others see them
#: (`observed_view.as_others_see`): the bag's and the container's contents, the missions kept,
#: the hand, the cards passed, seen and given. Written apart, in the viewer's own numbers
#: (`_Viewer.secret`), and laid over its copy of the shared block: the segments of the same
#: names (their sizes, which the others see too, are written in the shared block).
_SECRET_NAMES = ("bag", "container", "missions", "hand", "gift", "seen", "gave")
#: A player's values in two groups, each compared at once (one `itemgetter` call and a tuple
#: comparison, at C speed): those that change at most steps, and the rest.
_PLAYER_GROUPS = (
    ("planning", "fields", "placed_now", "top_used", "figure", "move", "coins", "container"),
    tuple(
        name
        for name in _NAMES
        if name
        not in (
            "planning",
            "fields",
            "placed_now",
            "top_used",
            "figure",
            "move",
            "coins",
            "container",
        )
    ),
)


def _same(value: Any) -> Any:
    return value


def _lists(value: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return dict(zip(value, map(list.copy, value.values()), strict=True))


def _dicts(value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return dict(zip(value, map(dict.copy, value.values()), strict=True))


def _rows(value: list[list[Any]]) -> list[list[Any]]:
    return list(map(list.copy, value))


def _order(value: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if value is None else {"id": value["id"], "delivered": value["delivered"][:]}


#: How a value is copied to be compared with later (the leaves shared: they are strings,
#: numbers, None and booleans).
_COPY: dict[str, Callable[[Any], Any]] = {
    "fields": _lists,
    "ext_fields": _dicts,
    "warehouse": _rows,
    "placed_now": _rows,
    "gave": _rows,
    "order": _order,
    "role": _same,
    "figure": _same,
    "end_round": _same,
    "phase": _same,
    "swap": _same,
}


def _copier(name: str, value: Any) -> Callable[[Any], Any]:
    """How `name`'s values are copied, chosen by `value`, one of them."""
    if name in _COPY:
        return _COPY[name]
    if isinstance(value, list):
        return list.copy
    if isinstance(value, dict):
        return dict.copy
    return _same


#: A table segment's writer: (vector, state, the state's data, the viewer's base seat).
TableWriter = Callable[["_Vector", _Writes, "AltiplanoState", dict[str, Any], int], None]
#: A player segment's writer: (vector, the block's start, the player's data, whether the block
#: is the viewer's own, whether the game is over, the viewer's base seat).
PlayerWriter = Callable[["_Vector", _Writes, int, dict[str, Any], bool, bool, int, Any], None]


_ZERO: dict[int, _Vector] = {}


def _zero(size: int) -> _Vector:
    """`size` zeros, made once (`_ZERO`), not to be changed."""
    zero = _ZERO.get(size)
    if zero is None:
        zero = _ZERO[size] = array.array("f", bytes(4 * size))
    return zero


def _zeros(arr: _Vector, first: int, size: int) -> None:
    """Sets `size` numbers from `first` to zero."""
    arr[first : first + size] = _zero(size)


def _new_zeros(size: int) -> _Vector:
    """A new array of `size` zeros: a copy of `_zero`'s (an array made from bytes costs
    several times that)."""
    return _zero(size)[:]


def _write_row(
    arr: _Vector,
    mv: _Writes,
    row: int,
    tiles: list[str],
    goods: dict[str, int],
    zero_row: _Vector,
) -> None:
    """A location's row of a player's fields from its `tiles` (a count per good)."""
    arr[row : row + len(zero_row)] = zero_row
    for good in tiles:
        mv[row + goods[good]] += 1.0


def _table_writers(o: Observer) -> list[tuple[tuple[str, ...], TableWriter]]:
    """The table's segments (but the options and the seat, fixed per viewer) with the values
    each is written from; mirrors `Observer._table_fixed` and `Observer._table_seated`."""
    n, G, L = o.players, len(o.goods), len(o.locations)
    goods, E = o.goods, len(o.extensions)
    writers: list[tuple[tuple[str, ...], TableWriter]] = []

    def one_hot(name: str, first: int, size: int, index: Callable[[Any, int], int | None]) -> None:
        def write(
            arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
        ) -> None:
            _zeros(arr, first, size)
            i = index(s[name], base)
            if i is not None:
                mv[first + i] = 1.0

        writers.append(((name,), write))

    def counts(name: str, first: int) -> None:
        def write(
            arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
        ) -> None:
            _zeros(arr, first, G)
            for good, count in s[name].items():
                mv[first + goods[good]] = count

        writers.append(((name,), write))

    def tally(name: str, first: int) -> None:
        def write(
            arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
        ) -> None:
            _zeros(arr, first, G)
            for good in s[name]:
                mv[first + goods[good]] += 1.0

        writers.append(((name,), write))

    def number(name: str, at: int, value: Callable[[Any], float]) -> None:
        def write(
            arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
        ) -> None:
            mv[at] = value(s[name])

        writers.append(((name,), write))

    phases, stages, continued = o.phases, o.stages, o.continued
    one_hot("phase", o.at_phase, len(phases), lambda phase, base: phases[phase])

    def write_round(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        mv[o.at_round] = s["round"]
        end = s["end_round"]
        mv[o.at_end] = 0.0 if end is None else 1.0
        mv[o.at_end + 1] = 0.0 if end is None else end - s["round"]

    writers.append((("round", "end_round"), write_round))
    one_hot("start", o.at_start, n, lambda start, base: (start - base) % n)
    locations = o.locations

    def write_circle(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        _zeros(arr, o.at_circle, L * L)
        for place, loc in enumerate(s["circle"]):
            mv[o.at_circle + locations[loc] * L + place] = 1.0

    writers.append((("circle",), write_circle))
    counts("supply", o.at_supply)
    counts("box", o.at_box)
    tally("houses", o.at_houses)
    tally("boats", o.at_boats)
    number("carts", o.at_carts, float)
    orders = o.orders

    def write_orders(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        _zeros(arr, o.at_orders, len(orders))
        for order in s["orders"]:
            mv[o.at_orders + orders[order]] = 1.0

    writers.append((("orders",), write_orders))
    number("orders_box", o.at_orders_box, len)

    #: (the extensions of the edition last seen, their letters' indexes by extension id), one
    #: pair read and replaced whole: the writers are shared by every observation of the
    #: encoding (`_plan_of`)
    lettered: list[tuple[Any, dict[str, int]]] = [(None, {})]

    def write_stack(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        extensions = state.comps.extensions
        known, letters = lettered[0]
        if known is not extensions:
            letters = {eid: LETTERS.index(e.letter) for eid, e in extensions.items()}
            lettered[0] = (extensions, letters)
        counts = [0] * len(LETTERS)
        for eid in s["stack"]:
            counts[letters[eid]] += 1
        first = o.at_stack
        for letter, count in enumerate(counts):
            mv[first + letter] = count

    writers.append((("stack",), write_stack))
    extension = o.extensions

    def write_strip(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        _zeros(arr, o.at_strip, o.strip_slots * E)
        for slot, eid in enumerate(s["strip"]):
            if eid is not None:
                mv[o.at_strip + slot * E + extension[eid]] = 1.0

    writers.append((("strip",), write_strip))

    def write_ext_box(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        _zeros(arr, o.at_ext_box, E)
        for eid in s["ext_box"]:
            mv[o.at_ext_box + extension[eid]] = 1.0

    writers.append((("ext_box",), write_ext_box))
    number("ext_bought", o.at_ext_bought, float)
    roles = o.roles

    def write_roles(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        free = s["roles_free"]
        mv[o.at_roles_count] = len(free)
        if o.role_draft:
            _zeros(arr, o.at_roles, len(roles))
            for role in free:
                mv[o.at_roles + roles[role]] = 1.0

    writers.append((("roles_free",), write_roles))
    if o.role_draft:
        one_hot("drafter", o.at_drafter, n, lambda d, base: (d - base) % n if d >= 0 else None)
    if o.missions:

        def write_decks(
            arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
        ) -> None:
            mv[o.at_decks] = len(s["mission_deck"])
            mv[o.at_decks + 1] = len(s["missions_box"])

        writers.append((("mission_deck", "missions_box"), write_decks))
    events = o.events

    def write_firsts(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        _zeros(arr, o.at_firsts, len(events) * n)
        for event, first in s["firsts"].items():
            mv[o.at_firsts + events[event] * n + (first - base) % n] = 1.0

    writers.append((("firsts",), write_firsts))

    def write_turn_seat(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        _zeros(arr, o.at_turn, n)
        mv[o.at_turn + (s["turn"]["seat"] - base) % n] = 1.0

    #: the turn's seat alone, for the viewers' seated segments (`_SEATED_SEGMENTS`)
    writers.append((("turn_seat",), write_turn_seat))

    #: the turn's three segments lie side by side (observation.Observer): zeroed at once
    turn_size = o.at_cont + len(continued) - o.at_turn
    if o.at_stage != o.at_turn + n or o.at_cont != o.at_stage + len(stages):
        raise ValueError("the turn's seat, stage and continuation are no longer side by side")

    def write_turn(
        arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
    ) -> None:
        turn = s["turn"]
        _zeros(arr, o.at_turn, turn_size)
        mv[o.at_turn + (turn["seat"] - base) % n] = 1.0
        mv[o.at_stage + stages[turn["stage"]]] = 1.0
        if turn["cont"] is not None:
            mv[o.at_cont + continued[turn["cont"]]] = 1.0

    writers.append((("turn",), write_turn))

    #: [the seats set, as bits from the viewer's] -> their numbers
    seat_rows = tuple(
        array.array("f", [float(bits >> k & 1) for k in range(n)]) for bits in range(1 << n)
    )

    def seats(name: str, first: int) -> None:
        def write(
            arr: _Vector, mv: _Writes, state: AltiplanoState, s: dict[str, Any], base: int
        ) -> None:
            flags: list[bool] = s[name]
            bits = 0
            for k in range(n):
                if flags[(base + k) % n]:
                    bits |= 1 << k
            arr[first : first + n] = seat_rows[bits]

        writers.append(((name,), write))

    seats("passed", o.at_passed)
    seats("ready", o.at_ready)
    return writers


#: The table's values whose segments count seats from the viewer's (the observer's "relative"
#: segments, `_SEATED_SEGMENTS`, with the turn's seat): the shared table holds them as seat 0
#: sees them, and each other seat keeps them as it sees them (`_Viewer.table`), written again
#: when they change.
_SEATED = ("start", "drafter", "firsts", "passed", "ready")
_SEATED_SEGMENTS = (*_SEATED, "turn_seat")


def _player_writers(o: Observer) -> list[tuple[tuple[str, ...], PlayerWriter]]:
    """A player block's segments with the values each is written from; mirrors
    `Observer._player` and the methods it calls, given the player's data rather than the
    view's form of it (another seat's block leaves the secret fields out)."""
    G, goods = len(o.goods), o.goods
    writers: list[tuple[tuple[str, ...], PlayerWriter]] = []

    def one_hot(name: str, first: int, size: int, index: dict[str, int]) -> None:
        def write(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            _zeros(arr, at + first, size)
            value = p[name]
            if value is not None:
                mv[at + first + index[value]] = 1.0

        writers.append(((name,), write))

    def number(name: str, first: int) -> None:
        def write(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            mv[at + first] = p[name]

        writers.append(((name,), write))

    def counts(name: str, first: int) -> None:
        def write(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            _zeros(arr, at + first, G)
            for good, count in p[name].items():
                mv[at + first + goods[good]] = count

        writers.append(((name,), write))

    def tally(name: str, first: int) -> None:
        def write(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            _zeros(arr, at + first, G)
            for good in p[name]:
                mv[at + first + goods[good]] += 1.0

        writers.append(((name,), write))

    def marks(name: str, first: int, size: int, index: dict[str, int]) -> None:
        """One 1 per card (or extension) listed."""

        def write(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            _zeros(arr, at + first, size)
            for card in p[name]:
                mv[at + first + index[card]] = 1.0

        writers.append(((name,), write))

    L = len(o.locations)
    one_hot("role", o.p_role, len(o.roles), o.roles)
    number("coins", o.p_coins)
    one_hot("figure", o.p_figure, L, o.locations)
    number("road", o.p_road)
    first_planning = o.p_planning

    def write_planning(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + first_planning
        planning = p["planning"]
        if type(old) is not dict:
            _zeros(arr, first, G)
            old = {}
        for good, count in planning.items():
            if old.get(good) != count:
                mv[first + goods[good]] = count
        for good in old.keys() - planning.keys():
            mv[first + goods[good]] = 0.0

    writers.append((("planning",), write_planning))
    locations = o.locations

    zero_row = _zero(G)

    def write_fields(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_fields
        fields = p["fields"]
        if type(old) is not dict or old.keys() != fields.keys():
            _zeros(arr, first, L * G)
            old = {}
        for loc, tiles in fields.items():
            if tiles != old.get(loc):  # the rows of the locations whose tiles changed
                _write_row(arr, mv, first + locations[loc] * G, tiles, goods, zero_row)

    writers.append((("fields",), write_fields))
    role_inputs = o.role_inputs

    def write_role_fields(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_role_fields
        _zeros(arr, first, len(role_inputs))
        for good, count in p["role_fields"].items():
            mv[first + role_inputs[good]] = count

    writers.append((("role_fields",), write_role_fields))
    marks("ext", o.p_ext, len(o.extensions), o.extensions)
    ext_inputs, ext_at = o.ext_inputs, o.p_ext_fields
    ext_size = sum(len(inputs) for inputs in ext_inputs.values())
    first_ext = min(ext_at.values(), default=0)

    def write_ext_fields(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        _zeros(arr, at + first_ext, ext_size)
        for eid, placed in p["ext_fields"].items():
            inputs, first = ext_inputs[eid], at + ext_at[eid]
            for good, count in placed.items():
                mv[first + inputs[good]] = count

    writers.append((("ext_fields",), write_ext_fields))
    wildcards = o.wildcards

    def write_wild(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_wild
        _zeros(arr, first, len(wildcards) * G)
        for eid, good in p["wild"].items():
            if good is not None:
                mv[first + wildcards[eid] * G + goods[good]] = 1.0

    writers.append((("wild",), write_wild))
    M = o.movement_fields

    def write_move(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_move
        _zeros(arr, first, 2 * M)
        for field, on_field in enumerate(p["move"]):
            if on_field is not None:
                mv[first + 2 * field + MOVEMENT_TILES[on_field]] = 1.0

    writers.append((("move",), write_move))

    def write_carts(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_carts
        _zeros(arr, first, M)
        for field, cart in enumerate(p["carts"]):
            if cart:
                mv[first + field] = 1.0

    writers.append((("carts",), write_carts))

    def flag(name: str, i: int) -> None:
        def write(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            mv[at + o.p_flags + i] = 1.0 if p[name] else 0.0

        writers.append(((name,), write))

    for i, name in enumerate(("top_used", "bought_cart", "bought_ext")):
        flag(name, i)
    placements = o.placements
    placement: dict[str, dict[str, int]] = {}
    for key, i in placements.items():
        target, _, good = key.rpartition("|")
        placement.setdefault(target, {})[good] = i

    def write_placed(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_placed
        placed = p["placed_now"]
        if type(old) is list and placed[: len(old)] == old:
            placed = placed[len(old) :]  # placements added since: only those
        else:
            _zeros(arr, first, len(placements))
        for target, good in placed:
            mv[first + placement[target][good]] += 1.0

    writers.append((("placed_now",), write_placed))

    def write_bag(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        bag, container = p["bag"], p["container"]
        if own:
            first = at + o.p_bag
            _zeros(arr, first, G)
            for good, count in bag.items():
                mv[first + goods[good]] = count
            first = at + o.p_container
            _zeros(arr, first, G)
            for good, count in container.items():
                mv[first + goods[good]] = count
        mv[at + o.p_sizes] = sum(bag.values())
        mv[at + o.p_sizes + 1] = sum(container.values())

    writers.append((("bag", "container"), write_bag))
    rows = o.rows

    def write_warehouse(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_warehouse
        _zeros(arr, first, rows * G)
        for row, tiles in enumerate(p["warehouse"]):
            for good in tiles:
                mv[first + row * G + goods[good]] += 1.0

    writers.append((("warehouse",), write_warehouse))
    orders = o.orders

    def write_order(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        _zeros(arr, at + o.p_order, len(orders))
        first = at + o.p_delivered
        _zeros(arr, first, G)
        order = p["order"]
        if order is not None:
            mv[at + o.p_order + orders[order["id"]]] = 1.0
            for good in order["delivered"]:
                mv[first + goods[good]] += 1.0

    writers.append((("order",), write_order))
    marks("orders_done", o.p_orders_done, len(orders), orders)
    tally("houses", o.p_houses)
    tally("boats", o.p_boats)
    number("buffer", o.p_corn)

    def write_pending(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        mv[at + o.p_corn + 1] = p["pending_corn"]

    writers.append((("pending_corn",), write_pending))

    def write_swap(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        _zeros(arr, at + o.p_swap, len(SWAP_STEPS))
        if p["swap"]:
            mv[at + o.p_swap + SWAP_STEPS.index(p["swap"])] = 1.0

    writers.append((("swap",), write_swap))
    counts("final", o.p_final)

    def write_final_drawn(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        mv[at + o.p_final_drawn] = 1.0 if p["final_drawn"] else 0.0

    writers.append((("final_drawn",), write_final_drawn))
    if o.missions:
        writers.extend(_mission_writers(o))
    else:
        writers.append((_MISSIONS, _nothing))
    return writers


def _nothing(*args: Any) -> None:
    """The writer of values that feed no segment (the mission fields of a game without
    Missions)."""


def _mission_writers(o: Observer) -> list[tuple[tuple[str, ...], PlayerWriter]]:
    """The mission segments of a player's block (`Observer._missions`)."""
    cards, K, n = o.mission_cards, len(o.mission_cards), o.players
    writers: list[tuple[tuple[str, ...], PlayerWriter]] = []

    def write_missions(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_missions
        _zeros(arr, first, K)
        for card in p["missions"] if own or over else p["revealed"]:
            mv[first + cards[card]] = 1.0

    writers.append((("missions", "revealed"), write_missions))

    def write_revealed(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_revealed
        _zeros(arr, first, K)
        for card in p["revealed"]:
            mv[first + cards[card]] = 1.0

    writers.append((("revealed",), write_revealed))

    def write_sizes(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        first = at + o.p_mission_sizes
        mv[first] = len(p["missions"])
        mv[first + 1] = len(p["hand"])
        mv[first + 2] = len(p["gift"])

    writers.append((("missions", "hand", "gift"), write_sizes))

    def write_draft(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        _zeros(arr, at + o.p_draft, len(range(4)))
        mv[at + o.p_draft + p["draft"]] = 1.0

    writers.append((("draft",), write_draft))

    def secret(name: str, first: int) -> None:
        def write(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            if own:
                _zeros(arr, at + first, K)
                for card in p[name]:
                    mv[at + first + cards[card]] = 1.0

        writers.append(((name,), write))

    secret("hand", o.p_hand)
    secret("seen", o.p_seen)

    def write_gift(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        if own:
            first = at + o.p_gift
            _zeros(arr, first, 2 * K)
            for i, card in enumerate(p["gift"]):
                mv[first + i * K + cards[card]] = 1.0

    writers.append((("gift",), write_gift))

    def write_gave(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        if own:
            first = at + o.p_gave
            _zeros(arr, first, K * (n + 1))
            for dest, card in p["gave"]:
                where = n if dest < 0 else (dest - base) % n
                mv[first + cards[card] * (n + 1) + where] = 1.0

    writers.append((("gave",), write_gave))
    return writers


def _forget(value: Any) -> Any:
    """The copy kept of a field after one part of it was written (`_part_writer`): none, so
    that a comparison of the whole field later writes it whole."""
    return _NEVER


def _part_writer(o: Observer, name: str, part: Any) -> PlayerWriter:
    """The writer of one part of a player's field (`footprints.planned_parts`): a location's
    row of ``fields``, a good's count of ``planning``, a placement's number in
    ``placed_now``, each written from the player's data without comparing the rest of the
    field (a planning step changes one tile's place: a third of a game's steps)."""
    G, goods = len(o.goods), o.goods
    if name == "fields":
        first_row, tiles_of = o.p_fields + o.locations[part] * G, part
        zero_row = _zero(G)

        def write_row(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            _write_row(arr, mv, at + first_row, p["fields"][tiles_of], goods, zero_row)

        return write_row
    if name == "planning":
        counted, good_at = part, o.p_planning + goods[part]

        def write_count(
            arr: _Vector,
            mv: _Writes,
            at: int,
            p: dict[str, Any],
            own: bool,
            over: bool,
            base: int,
            old: Any,
        ) -> None:
            mv[at + good_at] = p["planning"].get(counted, 0)

        return write_count
    target, good = part
    placement, placed_at = [target, good], o.p_placed + o.placements[f"{target}|{good}"]

    def write_placement(
        arr: _Vector,
        mv: _Writes,
        at: int,
        p: dict[str, Any],
        own: bool,
        over: bool,
        base: int,
        old: Any,
    ) -> None:
        mv[at + placed_at] = p["placed_now"].count(placement)

    return write_placement


def _one_each(names: Sequence[str], writers: list[tuple[tuple[str, ...], Any]]) -> tuple[Any, ...]:
    """[value's index] -> the one writer of the segments that value feeds (the writers of
    several segments fed by one value called one after the other). A writer fed by several
    values runs once for each of them that changed: each writes its segments whole, so twice
    is the same as once."""
    result = []
    for name in names:
        fed = [w for values, w in writers if name in values]
        if len(fed) == 1:
            result.append(fed[0])
        else:

            def all_of(*args: Any, fed: list[Any] = fed) -> None:
                for write in fed:
                    write(*args)

            result.append(all_of)
    return tuple(result)


#: A run of a vector's numbers: (its first, its end, the memoryview they are copied from, and
#: where in it the run starts).
_Run = tuple[int, int, _Writes, int]


def _laid_over(runs: list[_Run], over: list[_Run]) -> list[_Run]:
    """`runs` (side by side, in order) with the runs of `over` (in order, each within one of
    `runs`) laid over them."""
    laid: list[_Run] = []
    k = 0
    for first, end, source, at in runs:
        start = first
        while k < len(over) and over[k][1] <= end:
            laid_first, laid_end = over[k][0], over[k][1]
            if laid_first > start:
                laid.append((start, laid_first, source, at + start - first))
            laid.append(over[k])
            start = laid_end
            k += 1
        if start < end:
            laid.append((start, end, source, at + start - first))
    return laid


class _Viewer:
    """What one viewer (a seat, or the spectators) keeps from one look to the next: the
    table's seated segments as it sees them (`_SEATED`), its own player's secrets
    (`_SECRET_NAMES`), written as in a block from 0, with copies of the values they were
    written from (in `_NAMES`' order) and the number (`StateObservation._versions`) of the
    data they copy, and the runs of numbers its vector is joined from."""

    __slots__ = (
        "own",
        "own_version",
        "pieces",
        "seated",
        "secret",
        "secret_mv",
        "table",
        "table_mv",
        "turn_seat",
    )

    def __init__(
        self, seat: int | None, o: Observer, plan: _Plan, table: _Writes, blocks: list[_Block]
    ) -> None:
        n, table_size, block = o.players, o.table.size, o.block.size
        base = 0 if seat is None else seat
        #: the table's numbers, of which only the observing seat's one-hot and the seated
        #: segments are written (as this seat sees them); the counts of changes
        #: (`StateObservation._seated_changes`) and the turn's seat (None: none yet) they were
        #: written from
        self.table: _Vector = _new_zeros(table_size)
        self.table_mv: _Writes = memoryview(self.table)
        self.seated = [-1] * len(_SEATED)
        self.turn_seat: int | None = None
        self.secret: _Vector = _new_zeros(block)
        self.secret_mv: _Writes = memoryview(self.secret)
        self.own: list[Any] = [_NEVER] * len(_NAMES)
        self.own_version = 0
        #: the vector's runs, in order: the shared table, the viewer's own numbers of it (the
        #: seat's one-hot, and the seated segments but for seat 0, which sees them as the
        #: shared table has them), the shared blocks in the viewer's order, and its secrets
        #: laid over its own block (the first)
        runs: list[_Run] = [(0, table_size, table, 0)]
        for place in range(n):
            at = table_size + place * block
            runs.append((at, at + block, blocks[(base + place) % n].mv, 0))
        own: list[_Run] = []
        if seat is not None:
            self.table_mv[o.at_seat + seat] = 1.0
            ranges = plan.seated_ranges if seat else plan.seat_range
            own = [(first, end, self.table_mv, first) for first, end in ranges]
            own += [
                (table_size + first, table_size + end, self.secret_mv, first)
                for first, end in plan.secret_ranges
            ]
        #: memoryviews of those runs, joined into each vector handed out
        self.pieces = [
            source[at : at + end - first] for first, end, source, at in _laid_over(runs, own)
        ]


class _Block:
    """One player's block as every other seat (and the spectators) sees it: the same for all
    of them (only its place in their vectors differs), so it is written once for all, as the
    player's data changes, and joined into each vector handed out. The player's own view of
    it, with its secrets, is that with the viewer's secrets laid over it (`_Viewer.secret`)."""

    __slots__ = ("kept", "mv", "vec", "version")

    def __init__(self, size: int) -> None:
        self.vec: _Vector = _new_zeros(size)
        self.mv: _Writes = memoryview(self.vec)
        #: copies of the values the numbers were written from, in `_NAMES`' order
        self.kept: list[Any] = [_NEVER] * len(_NAMES)
        #: the version (`StateObservation._versions`) of the data `kept` copies (0: none)
        self.version = 0


#: A player's field: its name, its index in `_NAMES` (where its copy is kept), its writer and
#: how its value is copied.
_Place = tuple[str, int, Callable[..., None], Callable[[Any], Any]]
#: A group of a player's values compared at once: its getter, the getter of their copies (kept
#: in `_NAMES`' order), and their places.
_Group = tuple[
    Callable[[Any], tuple[Any, ...]], Callable[[list[Any]], tuple[Any, ...]], tuple[_Place, ...]
]
#: A change of a player's data: the number of its data before, and the places of the fields
#: it may have changed, all of them and those of `_SECRET_NAMES` (None: any).
_Change = tuple[int, tuple[_Place, ...] | None, tuple[_Place, ...] | None]
#: How many of each player's last changes an observation keeps: a viewer's own secrets are
#: written when it looks again, which may be several of its player's changes later (in
#: planning, each plans all its tiles in a row), and a block when anyone looks (a caller need
#: not look at every state).
_CHANGES_KEPT = 8


def _changes_from(version: int) -> deque[_Change]:
    """A player's last changes (`StateObservation._changes`) when its data of `version`
    changed in ways not known."""
    return deque(((version, None, None),), _CHANGES_KEPT)


def _grouped(places: dict[str, _Place], groups: Sequence[Sequence[str]]) -> tuple[_Group, ...]:
    """`groups` of a player's values with their getters and places."""
    return tuple(
        (
            operator.itemgetter(*group),
            operator.itemgetter(*(places[name][1] for name in group)),
            tuple(places[name] for name in group),
        )
        for group in groups
    )


def _ranges(segments: Iterable[Segment], names: Sequence[str]) -> list[tuple[int, int]]:
    """The ranges (first, end) of `segments` of `names`, those side by side as one."""
    ranges: list[tuple[int, int]] = []
    for segment in segments:
        if segment.name not in names:
            continue
        first, end = segment.offset, segment.offset + segment.size
        if ranges and ranges[-1][1] == first:
            ranges[-1] = (ranges[-1][0], end)
        else:
            ranges.append((first, end))
    return ranges


#: The places a change may have written: all of them, and those of `_SECRET_NAMES`.
_Changed = tuple[tuple[_Place, ...], tuple[_Place, ...]]


class _Plan:
    """What every `StateObservation` of one `Observer` shares (`_plan_of`): the segments'
    writers, the places of a player's fields and how each value is copied (chosen by the first
    state observed, `know`), and the places of the planning steps' parts (remembered as
    met). They depend on the observer alone, and making them was most of a new observation,
    which a learner may make per game (the writers alone: 1.3 M of the 1.5 M instructions of a
    new 4-player PettingZoo environment, session 38)."""

    def __init__(self, o: Observer) -> None:
        self.o = o
        #: one writer per value (`_one_each`), in `_TABLE`'s and `_NAMES`' orders
        self.player_writers = _one_each(_NAMES, _player_writers(o))
        #: the writers of `_SEATED` and of the turn's seat, the ranges (first, end) of the
        #: table their segments fill (those side by side as one), and [index in `_TABLE`] ->
        #: its index in `_SEATED` (-1: none)
        table_writers = _table_writers(o)
        self.table_writers = _one_each(_TABLE, table_writers)
        self.seated = _one_each(_SEATED, table_writers)
        (self.turn_seat,) = _one_each(("turn_seat",), table_writers)
        self.seated_ranges = _ranges(o.table.segments, ("seat", *_SEATED_SEGMENTS))
        self.seat_range = _ranges(o.table.segments, ("seat",))
        self.seated_at = tuple(_SEATED.index(name) if name in _SEATED else -1 for name in _TABLE)
        self.secret_ranges = _ranges(o.block.segments, _SECRET_NAMES)
        #: how each of `_TABLE`'s values is copied (empty until `know`)
        self.table_copy: tuple[Callable[[Any], Any], ...] = ()
        #: [field's name] -> its place; a player's groups of values compared at once
        #: (`_grouped`), and its secrets as one group
        self.at: dict[str, _Place] = {}
        self.player_groups: tuple[_Group, ...] = ()
        self.secret_groups: tuple[_Group, ...] = ()
        #: [action type of `ONE_SEAT`] -> the places of its `footprints.PLAYER_FIELDS`, and
        #: those of `ROUND_END_FIELDS`
        self.places: dict[type[Action], _Changed] = {}
        self.round_end: _Changed = ((), ())
        #: [action type of `ONE_SEAT`] -> the indexes in `_TABLE` of its `TABLE_FIELDS`, and
        #: [(that type,)] -> those and the `PHASE_END_TABLE`'s
        self.table_fields: dict[Any, tuple[int, ...]] = {}
        for kind, fields in TABLE_FIELDS.items():
            for key, names in ((kind, fields), ((kind,), fields | PHASE_END_TABLE)):
                self.table_fields[key] = tuple(i for i, name in enumerate(_TABLE) if name in names)
        #: [(field's name, part)] -> the place of that part of the field (`part_place`);
        #: [an action of `ONE_PLAYER`'s type, target and good] -> its places
        #: (`planned_places`; no more than the action space has)
        self.parts: dict[tuple[str, Any], _Place] = {}
        self.planned: dict[tuple[Any, ...], _Changed] = {}
        #: A block's numbers and the copies of the values they were written from, as some
        #: observation of the plan first wrote them (a game not over; None: none yet). A new
        #: block starts from them, and its first look writes only the fields whose values
        #: differ: a learner that makes an environment per game would otherwise write the
        #: four blocks whole at each game's first look, some 650 k instructions compiled.
        self.first_block: tuple[_Vector, list[Any]] | None = None
        #: The same of the table (`StateObservation._table`), and of a viewer's secrets
        #: (`_Viewer.secret`) but the cards given, whose numbers count seats from the viewer's
        #: (their copy is left out: a first look writes them whatever they hold).
        self.first_table: tuple[_Vector, list[Any]] | None = None
        self.first_secret: tuple[_Vector, list[Any]] | None = None

    def know(self, s: dict[str, Any]) -> None:
        """Choose how values are copied from those of `s`, the first state observed, and
        make the places of a player's fields. `table_copy` is set last: observations of
        other threads take the plan as known once it is (`StateObservation._viewer`), and
        each of the others is set whole, so they find them all made."""
        values = operator.itemgetter(*_NAMES)(s["players"][0])
        at = {
            name: (name, i, self.player_writers[i], _copier(name, value))
            for i, (name, value) in enumerate(zip(_NAMES, values, strict=True))
        }
        self.player_groups = _grouped(at, _PLAYER_GROUPS)
        self.secret_groups = _grouped(at, (_SECRET_NAMES,))
        self.places = {
            kind: self.changed(tuple(at[name] for name in sorted(fields)))
            for kind, fields in PLAYER_FIELDS.items()
        }
        self.round_end = self.changed(tuple(at[name] for name in sorted(ROUND_END_FIELDS)))
        self.at = at
        self.table_copy = tuple(map(_copier, _TABLE, operator.itemgetter(*_TABLE)(s)))

    @staticmethod
    def changed(places: tuple[_Place, ...]) -> _Changed:
        """`places`, and those of them of `_SECRET_NAMES`."""
        return places, tuple(place for place in places if place[0] in _SECRET_NAMES)

    def planned_places(self, action: Any) -> _Changed:
        """The places of `footprints.planned_parts(action)`, remembered per action (by its
        type, target and good: a game's states list the same actions as new objects)."""
        key = (type(action), action.target, getattr(action, "good", None))
        known = self.planned.get(key)
        if known is None:
            parts = planned_parts(action)
            known = self.planned[key] = self.changed(
                tuple(self.part_place(name, part) for name, part in parts)
            )
        return known

    def part_place(self, name: str, part: Any) -> _Place:
        """The place of one part of field `name` (`footprints.planned_parts`; None: the
        whole field), made once per part."""
        if part is None:
            return self.at[name]
        place = self.parts.get((name, part))
        if place is None:
            writer = _part_writer(self.o, name, part)
            place = self.parts[(name, part)] = (name, self.at[name][1], writer, _forget)
        return place


#: [id of an `Observer`] -> its `_Plan`. Bounded as `research.games`' shared indexes are: the
#: table starts afresh at `_PLANS_LIMIT` observers.
_PLANS: dict[int, _Plan] = {}
_PLANS_LIMIT = 64


def _plan_of(o: Observer) -> _Plan:
    """The plan of `o`, made once (`_PLANS`)."""
    plan = _PLANS.get(id(o))
    if plan is None or plan.o is not o:
        if len(_PLANS) >= _PLANS_LIMIT:
            _PLANS.clear()
        plan = _PLANS[id(o)] = _Plan(o)
    return plan


class StateObservation:
    """Observations of one encoding's options (`AltiplanoEncoding.state_observer`): one per
    adapter, not shared between threads."""

    def __init__(self, observer: Observer) -> None:
        self.o = o = observer
        self._n = o.players
        self._shape = (o.size,)
        self._table_size, self._block_size = o.table.size, o.block.size
        if o.size != self._table_size + self._n * self._block_size:
            raise ValueError("an observation is the table's numbers and one block per player")
        #: what every observation of the observer shares (`_Plan`), and of it the table's
        #: writers, those of `_SEATED` and how the table's values are copied (the latter once
        #: a state is observed)
        self._plan = plan = _plan_of(o)
        self._table_writers = plan.table_writers
        self._seated = plan.seated
        self._table_copy: tuple[Callable[[Any], Any], ...] = ()
        self._table_get = operator.itemgetter(*_TABLE)
        self._table_range = range(len(_TABLE))
        #: The table's numbers as seat 0 (and the spectators) see them, but the observing
        #: seat's (zeros), written from the state last observed (`_track`), and copies of the
        #: values they were written from (in `_TABLE`'s order).
        self._table: _Vector = _new_zeros(self._table_size)
        self._table_mv: _Writes = memoryview(self._table)
        self._table_mv[o.at_options] = float(o.role_draft)
        self._table_mv[o.at_options + 1] = float(o.missions)
        self._table_kept: list[Any] = [_NEVER] * len(_TABLE)
        first = plan.first_table
        if first is not None:  # the first look writes only the values that differ
            self._table_mv[:] = first[0]
            self._table_kept[:] = first[1]
        #: [index in `_SEATED`] -> how many times that value changed (`_Viewer.seated`), and
        #: [index in `_TABLE`] -> its index in `_SEATED` (-1: none)
        self._seated_changes = [0] * len(_SEATED)
        self._seated_at = plan.seated_at
        self._turn_seat = plan.turn_seat
        #: viewer (a seat, None for the spectators) -> what it keeps (`_Viewer`)
        self._viewers: dict[int | None, _Viewer] = {}
        #: the plan's groups of a player's values compared at once (`_Plan.know`)
        self._player_groups: tuple[_Group, ...] = ()
        self._secret_groups: tuple[_Group, ...] = ()
        #: [player] -> its block as the others see it, and whether the game was over when the
        #: blocks and viewers were made (None: not yet)
        self._blocks: list[_Block] = []
        self._over: bool | None = None
        #: The stamp, round and phase of the state last observed (by any viewer), and
        #: [player] -> a number for its data as that state holds them, new (a stamp) at each
        #: change, and its last changes, the latest first (at most `_CHANGES_KEPT`): each the
        #: number before it and the places of the fields it may have changed (None: any).
        #: See `_track`.
        self._last: tuple[int, Any, Any] = (0, None, None)
        self._table_fields = plan.table_fields
        self._versions: list[int] = [0] * self._n
        self._changes: list[deque[_Change]] = [_changes_from(0) for _ in range(self._n)]
        #: [action type of `ONE_SEAT`] -> the places its `footprints.PLAYER_FIELDS` names
        #: (`_Plan.places`), and those of `ROUND_END_FIELDS`
        self._places: dict[type[Action], _Changed] = {}
        self._round_end: _Changed = ((), ())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) without what it kept: that only saves work."""
        return (StateObservation, (self.o,))

    def _viewer(self, s: dict[str, Any], seat: int | None, over: bool) -> _Viewer:
        """A new viewer, and when the game's being over changed, new blocks and no other
        viewers (the secrets the others see change); a seat the table has not is refused
        before anything is kept (-1 would mark the place before the seat's, a seat past the
        last another field's)."""
        if seat is not None and not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat!r} to observe at a table of {self._n}")
        if over != self._over:
            self._blocks = [self._new_block(over) for _ in range(self._n)]
            self._viewers = {}
            self._over = over
        if not self._table_copy:
            plan = self._plan
            if not plan.table_copy:
                plan.know(s)
            self._table_copy = plan.table_copy
            self._player_groups, self._secret_groups = plan.player_groups, plan.secret_groups
            self._places, self._round_end = plan.places, plan.round_end
        viewer = _Viewer(seat, self.o, self._plan, self._table_mv, self._blocks)
        first = self._plan.first_secret
        if first is not None and not self._over:  # the first look writes what differs
            viewer.secret_mv[:] = first[0]
            viewer.own[:] = first[1]
        self._viewers[seat] = viewer
        return viewer

    def observe(self, state: AltiplanoState, seat: int | None) -> _Floats:
        """The vector ``AltiplanoEncoding.observation(state.view(seat))`` gives (a new
        array): the shared table's numbers, the viewer's seated ones, the shared blocks in the
        viewer's order, and its own secrets over its block, joined (`_Viewer.pieces`)."""
        s: dict[str, Any] = state.s  # type: ignore[assignment]
        over = s["phase"] == "over"
        viewer = self._viewers.get(seat)
        if viewer is None or over != self._over:
            viewer = self._viewer(s, seat, over)
        if state.stamp != self._last[0]:
            self._track(state, s)
        versions, blocks, players = self._versions, self._blocks, s["players"]
        for index in range(self._n):
            if blocks[index].version != versions[index]:
                self._write_block(index, players[index], over)
        if seat:  # the seated segments as this seat sees them, written as they change
            arr, numbers = viewer.table, viewer.table_mv
            changes, written = self._seated_changes, viewer.seated
            for k in range(len(written)):
                if written[k] != changes[k]:
                    self._seated[k](arr, numbers, state, s, seat)
                    written[k] = changes[k]
            turn = s["turn"]["seat"]
            if turn != viewer.turn_seat:
                self._turn_seat(arr, numbers, state, s, seat)
                viewer.turn_seat = turn
        if seat is not None and viewer.own_version != versions[seat]:
            self._write_secrets(viewer, seat, players[seat], over)
        return _ARRAY(self._shape, _FLOAT32, _JOINED(viewer.pieces))

    def _track(self, state: AltiplanoState, s: dict[str, Any]) -> None:
        """Number the players' data of `state`, which this observation has not seen yet:
        after one action of `footprints.ONE_SEAT` from the state last observed, only its
        actor's may have changed, and only the fields `footprints.PLAYER_FIELDS` names for
        it (`planned_parts` for one of `ONE_PLAYER`), and if the round ended, every
        player's `ROUND_END_FIELDS`; after anything else, any player's.

        The table's numbers are brought up to date once for every viewer: after such an
        action, from those of its `footprints.TABLE_FIELDS` (and `PHASE_END_TABLE` if it
        ended a phase) that differ from the copies of the state last observed, unless it
        ended a round (then any that differ); after anything else, any that differ."""
        applied, (stamp, round_, phase) = state.applied, self._last
        versions, changes = self._versions, self._changes
        if applied is not None and applied[0] == stamp and (kind := type(applied[2])) in ONE_SEAT:
            if kind in ONE_PLAYER:
                self._changed(applied[1], self._plan.planned_places(applied[2]))
            else:
                self._changed(applied[1], self._places[kind])
            if s["round"] != round_:
                for index in range(self._n):
                    self._changed(index, self._round_end)
                self._table_changed(state, s, None)
            else:
                fields = self._table_fields
                self._table_changed(state, s, fields[kind if s["phase"] == phase else (kind,)])
        else:
            for index, version in enumerate(versions):
                changes[index] = _changes_from(version)
                versions[index] = next(STAMPS)
            self._table_changed(state, s, None)
            if stamp == 0 and self._plan.first_table is None:  # this observation's first
                self._plan.first_table = (self._table[:], self._table_kept[:])
        self._last = (state.stamp, s["round"], s["phase"])

    def _table_changed(
        self, state: AltiplanoState, s: dict[str, Any], indexes: tuple[int, ...] | None
    ) -> None:
        """Rewrite the table's numbers (as seat 0 sees them) from the values of `s` (of
        `indexes`; None: all) that differ from the copies `_table_kept`, each of those
        copies replaced by a copy of its value."""
        kept, copy, write = self._table_kept, self._table_copy, self._table_writers
        arr, mv = self._table, self._table_mv
        seated = self._seated_at
        if indexes is None:  # all: compared at C speed
            values = self._table_get(s)
            for i in compress(self._table_range, map(operator.ne, values, kept)):
                write[i](arr, mv, state, s, 0)
                kept[i] = copy[i](values[i])
                if seated[i] >= 0:
                    self._seated_changes[seated[i]] += 1
            return
        for i in indexes:
            value = s[_TABLE[i]]
            if value != kept[i]:
                write[i](arr, mv, state, s, 0)
                kept[i] = copy[i](value)
                if seated[i] >= 0:
                    self._seated_changes[seated[i]] += 1

    def _changed(self, index: int, changed: _Changed) -> None:
        """A new number for player `index`'s data, changed in the places `changed` holds."""
        places, secrets = changed
        self._changes[index].appendleft((self._versions[index], places, secrets))
        self._versions[index] = next(STAMPS)

    def _write_block(self, index: int, p: Any, over: bool) -> None:
        """Bring player `index`'s block as the others see it up to date with its data `p`.
        Data of the version it was last written from are not compared again, and of the
        versions before, only in the fields the changes since may have touched (`_track`)."""
        block = self._blocks[index]
        version = self._versions[index]
        self._write_changed(
            block.kept, block.vec, block.mv, 0, index, block.version, p, False, over, 0, 1
        )
        if block.version == 0 and not over and self._plan.first_block is None:
            self._plan.first_block = (block.vec[:], block.kept[:])
        block.version = version

    def _new_block(self, over: bool) -> _Block:
        """A block to write from: the plan's first written one (`_Plan.first_block`) when
        the game is not over, else zeros (with no values copied)."""
        block = _Block(self._block_size)
        first = self._plan.first_block
        if first is not None and not over:
            block.mv[:] = first[0]
            block.kept[:] = first[1]
        return block

    def _write_secrets(self, viewer: _Viewer, seat: int, p: Any, over: bool) -> None:
        """Bring `viewer`'s own secrets (`_Viewer.secret`) up to date with its player's data
        `p`, as `_write_block` does a block; nothing to write after one change since that
        may have changed none of them."""
        version, first = self._versions[seat], viewer.own_version == 0
        before, _, secrets = self._changes[seat][0]
        if before != viewer.own_version or secrets != ():
            self._write_changed(
                viewer.own,
                viewer.secret,
                viewer.secret_mv,
                0,
                seat,
                viewer.own_version,
                p,
                True,
                over,
                seat,
                2,
            )
        if first and not over and self._plan.first_secret is None:
            kept = viewer.own[:]
            kept[_GAVE] = _NEVER
            self._plan.first_secret = (viewer.secret[:], kept)
        viewer.own_version = version

    def _write_changed(
        self,
        kept: list[Any],
        out: _Vector,
        out_mv: _Writes,
        first: int,
        index: int,
        version: int,
        p: Any,
        own: bool,
        over: bool,
        base: int,
        which: int,
    ) -> bool:
        """Compare player `index`'s data `p` with the copies `kept` of its data of `version`
        and write what changed in `out` from `first`; whether anything did: all its fields
        (`which` 1, the block as the others see it) or its secrets (2, `_SECRET_NAMES`).
        When the player's last changes since `version` are all known (`_track`), only their
        fields are compared."""
        changes = self._changes[index]
        before, every, secret = changes[0]
        places = every if which == 1 else secret
        if places is not None and before == version:  # one change since: its fields
            return self._write_fields(kept, out, out_mv, first, places, p, own, over, base)
        fields: set[_Place] = set()
        for before, every, secret in changes:
            places = every if which == 1 else secret
            if places is None:
                break
            fields.update(places)
            if before == version:
                return self._write_fields(kept, out, out_mv, first, fields, p, own, over, base)
        groups = self._player_groups if which == 1 else self._secret_groups
        return self._write_groups(kept, out, out_mv, first, p, own, over, base, groups)

    def _write_fields(
        self,
        kept: list[Any],
        out: _Vector,
        out_mv: _Writes,
        first: int,
        fields: Iterable[_Place],
        p: Any,
        own: bool,
        over: bool,
        base: int,
    ) -> bool:
        """`_write_groups` of `fields` alone."""
        changed = False
        for name, at, write, copy in fields:
            if copy is _forget:  # a part of the field, written whatever it holds
                write(out, out_mv, first, p, own, over, base, _NEVER)
                kept[at] = _NEVER
                changed = True
                continue
            value, old = p[name], kept[at]
            if value != old:
                write(out, out_mv, first, p, own, over, base, old)
                kept[at] = copy(value)
                changed = True
        return changed

    def _write_groups(
        self,
        kept: list[Any],
        out: _Vector,
        out_mv: _Writes,
        first: int,
        p: Any,
        own: bool,
        over: bool,
        base: int,
        groups: tuple[_Group, ...],
    ) -> bool:
        """Compare a player's data `p` with the copies `kept` (by `groups`) and write what
        changed in `out` from `first`; whether anything did."""
        changed = False
        for get, get_kept, places in groups:
            values, olds = get(p), get_kept(kept)
            if values != olds:
                every = zip(places, values, olds, strict=True)
                for (_, at, write, copy), value, old in compress(
                    every, map(operator.ne, values, olds)
                ):
                    write(out, out_mv, first, p, own, over, base, old)
                    kept[at] = copy(value)
                changed = True
        return changed
