"""Altiplano's game state: the contract every game keeps (`new`, `to_move`, `legal_actions`,
`apply`, `view`, `determinize`, the JSON form), dispatching to the rule families.

The whole state is plain JSON data in `self.s` (dicts, lists, ints, strings), copied explicitly by
`clone`. Components (`self.comps`) and options are immutable and shared between clones.

Hidden information is kept out of any order: a bag is a multiset of counts and every draw derives
its randomness from the seed, a salt and the reveal counter, so the next draws do not exist until
they happen; `shuffle_hidden` changes the salt. Only the extension stack, undealt mission cards
and the other seats' bags, containers and secret missions are hidden.

The rules live in modules named after the rulebook's parts (README.md in this folder lists
them): each kind of action has a check and an effect there, found through `_CHECKS` and
`_EFFECTS`, and each phase a function listing its legal actions. Each rule is checked in one
place, a `*_problem` function that returns None or the ruling that forbids an action (an id
such as ``ALT-12``) with the reason in words. `apply` checks an action with them (`_problem`)
before it changes anything. `legal_actions` lists the actions with no problem; in its hot paths
(planning, the actions at a location, the moves) it enumerates them directly instead of trying
every conceivable action, and tests/altiplano/test_altiplano_legality.py holds the lists equal to
the checks along random games, so `apply` need not check an action found in the list.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

from mypy_extensions import mypyc_attr

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction, MalformedAction, MalformedState, OptionsError
from meeple.engine.game import GameState
from meeple.engine.log import LogEntry
from meeple.engine.stamps import STAMPS
from meeple.engine.words import Text, say
from meeple.games.altiplano import (
    action_fields,
    extensions,
    hidden,
    locations,
    movement,
    narration,
    orders,
    outfit,
    planning,
    scoring,
    trying,
    wording,
)
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano.board import new_table, normalize_options
from meeple.games.altiplano.corn import (
    check_buffer_corn,
    check_store_corn,
    corn_problem,
    do_buffer_corn,
    do_store_corn,
)
from meeple.games.altiplano.draw import (
    check_swap,
    check_take_back_coin,
    check_take_back_tile,
    do_draw,
    do_swap_discard,
    do_swap_draw,
    do_swap_pick,
    do_swap_skip,
    do_take_back_coin,
    do_take_back_tile,
    legal_draw,
)
from meeple.games.altiplano.end import (
    check_final_done,
    check_final_draw,
    do_final_done,
    do_final_draw,
    legal_final,
)
from meeple.games.altiplano.extensions import check_buy_extension, do_buy_extension, extension_price
from meeple.games.altiplano.fields import Player, Table
from meeple.games.altiplano.listed import choose_role
from meeple.games.altiplano.locations import check_produce, do_produce
from meeple.games.altiplano.market import (
    check_buy_order,
    check_deliver,
    check_sell,
    do_buy_order,
    do_deliver,
    do_sell,
)
from meeple.games.altiplano.mission_draft import (
    check_mission,
    deal_missions,
    do_keep_mission,
    do_pass_mission,
    legal_missions,
)
from meeple.games.altiplano.movement import check_move, check_place_figure, do_move, do_place_figure
from meeple.games.altiplano.phases import PHASES, Problem, phase_problem
from meeple.games.altiplano.planning import (
    check_done,
    check_place,
    check_unplace,
    do_done,
    do_place,
    do_unplace,
    legal_plan,
    may_plan,
)
from meeple.games.altiplano.road import check_build_road, do_build_road
from meeple.games.altiplano.roles import after_roles, check_choose_role, do_choose_role, give_role
from meeple.games.altiplano.schema import check_state
from meeple.games.altiplano.seats import SEATS
from meeple.games.altiplano.state_data import copy_state as _copy
from meeple.games.altiplano.turn_actions import legal_turn
from meeple.games.altiplano.turns import check_end_turn, check_pass, do_end_turn, do_pass
from meeple.games.altiplano.village import (
    check_buy_cart,
    check_store,
    check_store_buffered,
    do_buy_cart,
    do_store,
    do_store_buffered,
)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled as pure: a subclass may override
class AltiplanoState(GameState):
    """One game of Altiplano (see the module docstring for how the data is laid out)."""

    game_name = "altiplano"
    seats = SEATS
    codec = A.CODEC

    __slots__ = ("_legal", "applied", "comps", "options", "s", "stamp")

    def __init__(self, options: dict[str, Any], comps: C.Components, s: Table) -> None:
        self.options = options
        self.comps = comps
        self.s = s
        self._legal: dict[int, list[Action]] = {}
        #: This content's stamp (`meeple.engine.stamps`): a new one after every `apply` and
        #: `shuffle_hidden` and for every state made (`new`, `from_json`, `determinize`); a
        #: copy keeps it, and so does `redeal_unknown`, which changes nothing a seat sees: the
        #: stamp stands for every seat's view.
        self.stamp: int = next(STAMPS)
        #: After an action, the stamp before it, the actor's seat and the action; None after
        #: any other change. What an action may change is in `footprints`: a reader that last
        #: read the state of that stamp compares only that.
        self.applied: tuple[int, int, Action] | None = None

    # ------------------------------------------------------------------ creation
    @classmethod
    def normalize_options(cls, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return normalize_options(options)

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        opts = cls.normalize_options(options)
        comps = C.load(opts["edition"])
        if type(seed) is not int:
            raise OptionsError("seed must be an integer")
        s, rng = new_table(opts, comps, seed)
        n = opts["players"]
        state = cls(opts, comps, s)
        if opts["missions"]:
            deal_missions(state)
        if opts["role_draft"]:
            s["drafter"] = (s["start"] - 1) % n  # ALT-4: last in turn order first
        else:
            roles = sorted(comps.roles)
            rng.shuffle(roles)
            for k in range(n):
                give_role(state, (s["start"] + k) % n, roles[k])
            after_roles(state)
        return state

    # ------------------------------------------------------------------ basics
    @property
    def num_players(self) -> int:
        return len(self.s["players"])

    @property
    def reveal_count(self) -> int:
        reveals: int = self.s["reveals"]
        return reveals

    def is_over(self) -> bool:
        over: bool = self.s["phase"] == "over"
        return over

    def to_move(self) -> tuple[int, ...]:
        s = self.s
        phase = s["phase"]
        if phase == "roles":
            return (s["drafter"],)
        if phase == "actions":
            return (s["turn"]["seat"],)
        if phase == "over":
            return ()
        if phase == "plan":
            n, start = len(s["players"]), s["start"]
            seats = [seat for k in range(n) if may_plan(self, seat := (start + k) % n)]
            return tuple(seats)
        if phase == "missions":
            return tuple(i for i in range(self.num_players) if self.legal_actions(i))
        return tuple(i for i in range(self.num_players) if not s["ready"][i])

    # ------------------------------------------------------------------ legal actions
    # The seat of the entries is typed `object`: they refuse anything else than a seat by the
    # game's own rules (no actions, MalformedAction), also in the compiled build, which checks
    # declared types at the call.
    def legal_actions(self, seat: object) -> list[Action]:
        if type(seat) is not int:
            return []
        return list(self._legal_entry(seat))

    def _legal_entry(self, seat: int) -> list[Action]:
        """Legal actions of `seat`, cached until the state changes (never changed)."""
        entry = self._legal.get(seat)
        if entry is None:
            entry = self._legal[seat] = self._compute_legal(seat)
        return entry

    def _compute_legal(self, seat: int) -> list[Action]:
        if type(seat) is not int or not 0 <= seat < self.num_players:
            return []
        s = self.s
        phase = s["phase"]
        p = s["players"][seat]
        if phase == "roles":
            return [choose_role(r) for r in s["roles_free"]] if seat == s["drafter"] else []
        if phase == "missions":
            return legal_missions(self, seat, p)
        if phase == "draw":
            return [] if s["ready"][seat] else legal_draw(self, p)
        if phase == "plan":
            return [] if s["ready"][seat] else legal_plan(self, seat, p)
        if phase == "actions":
            return legal_turn(self, p) if seat == s["turn"]["seat"] else []
        if phase == "final":
            return [] if s["ready"][seat] else legal_final(self, p)
        return []

    # ------------------------------------------------------------------ apply
    def check_seat(self, seat: object) -> int:
        """As the engine's; a seat with listed actions is known to be one that may act (in
        every phase only seats that may act have actions), so it needs no `to_move`."""
        if type(seat) is int and self._legal.get(seat):
            return seat
        return super().check_seat(seat)

    def apply(self, seat: object, action: Action) -> None:
        seat = self.check_seat(seat)
        effect = _EFFECTS.get(type(action))
        if effect is None:
            raise MalformedAction(f"not an Altiplano action: {action!r}")
        # A listed action has no problem (the lists equal the checks, see the module
        # docstring), so only an action not found in the list of this state is checked. The
        # lists hold one instance per distinct action, and the callers that apply many actions
        # (search, random play) pass those instances: found by identity, which is much cheaper
        # than hashing; an equal copy (one decoded from JSON) is simply checked.
        if not _listed(self._legal.get(seat), action):
            problem = self._problem(seat, action)
            if problem is not None:
                raise IllegalAction(*problem)
        if type(action) in _OWN_PLANNING:
            self._legal.pop(seat, None)
        else:
            self._legal = {}
        before = self.stamp
        effect(self, seat, self.s["players"][seat], action)
        self.applied = (before, seat, action)
        self.stamp = next(STAMPS)

    # ------------------------------------------------------------------ rules
    def _problem(self, seat: int, action: Action) -> Problem:
        """The rule that forbids `seat` to do `action` now, with the reason in words, or None
        if the rules allow it. `seat` is one that may act now (`check_seat`: whose turn it is
        belongs to `to_move`), `action` one of this game's."""
        phase = self.s["phase"]
        kind = type(action)
        if phase not in PHASES[kind]:
            return phase_problem(self, action, phase)
        p = self.s["players"][seat]
        if phase == "actions":
            problem = corn_problem(self, p, action)
            if problem is not None:
                return problem
        return _CHECKS[kind](self, seat, p, action)

    # ------------------------------------------------------------------ the rules bots read
    # The rule families' answers that the evaluation, the bots and the tests ask of a state.
    def planning_capacity(self, p: Player) -> int:
        return planning.planning_capacity(self, p)

    def field_capacity(self, p: Player, loc: str) -> int:
        return outfit.field_capacity(self, p, loc)

    def conversions(self, p: Player) -> list[tuple[str, C.Conversion]]:
        return outfit.conversions(self, p)

    def _conversions_by_location(
        self, p: Player
    ) -> dict[str, tuple[tuple[str, C.Conversion], ...]]:
        return outfit.conversions_by_location(self, p)

    def location_inputs(self, p: Player, loc: str) -> frozenset[str]:
        return outfit.location_inputs(self, p, loc)

    def market_order_goods(self, p: Player) -> frozenset[str]:
        return orders.market_order_goods(self, p)

    def available(self, p: Player, loc: str) -> dict[str, int]:
        return action_fields.available(self, p, loc)

    def legal_moves(self, p: Player) -> list[A.Move]:
        return movement.legal_moves(self, p)

    def moves_before_action(self, p: Player) -> list[A.Move]:
        return movement.moves_before_action(self, p)

    def location_actions(self, p: Player, loc: str, cont: str | None) -> list[Action]:
        return locations.location_actions(self, p, loc, cont)

    def extension_price(self, slot: int) -> int:
        return extensions.extension_price(self, slot)

    # ------------------------------------------------------------------ results
    def scores(self) -> list[int]:
        return [sheet["total"] for sheet in self.score_sheet()["players"]]

    def score_sheet(self) -> dict[str, Any]:
        return scoring.score_sheet(self.comps, self.s, self.is_over())

    def score_words(self) -> dict[str, Text]:
        return wording.score_words(self.comps, self.score_sheet())

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return scoring.winners(self.score_sheet(), [p["coins"] for p in self.s["players"]])

    # ------------------------------------------------------------------ views
    def view(self, seat: object) -> dict[str, Any]:
        return hidden.make_view(self, self.check_view_seat(seat))

    def shared_view(self, seat: object, kept: dict[Any, Any]) -> dict[str, Any]:
        """The view from the parts kept in `kept` that have not changed (`hidden.make_view`):
        the table's part and each player's, by comparison with copies made before."""
        return hidden.make_view(self, self.check_view_seat(seat), kept)

    @classmethod
    def determinize(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        return hidden.determinize(cls, view, rng)

    def shuffle_hidden(self, seat: int | None, rng: random.Random) -> None:
        hidden.shuffle_hidden(self, seat, rng)
        self._legal = {}
        self.stamp, self.applied = next(STAMPS), None

    def redeal_unknown(self, rng: random.Random, before: Action | None = None) -> None:
        """Keeps the stamp and `applied`: what it re-deals no seat sees, so every view stays
        as it was (`meeple.engine.stamps`). What it re-deals follows from the state
        (`hidden.redeal_unknown`), whatever the action `before`."""
        hidden.redeal_unknown(self, rng)

    # ------------------------------------------------------------------ words
    def action_label(self, action: Action) -> str:
        """Names, not ids: what an action costs and gives, in the edition's terms."""
        strip = self.s["strip"]
        if isinstance(action, A.BuyExtension) and 0 <= action.slot < len(strip):
            eid = strip[action.slot]
            if eid in self.comps.extensions:
                return say(
                    "Buy extension {extension} for {coins}",
                    extension=wording.extension_text(self.comps, eid),
                    coins=wording.coins(extension_price(self, action.slot)),
                )
        # The only label that names the mover's role.
        role = self.producer_role() if isinstance(action, A.Produce) else None
        # The server labels every legal action of every position it sends, and the same ones
        # come again all game: each is made once per edition (it reads nothing else).
        memo = self.comps.labels
        key = (action, role)
        text = memo.get(key)
        if text is None:
            text = wording.label(self.comps, action, role)
            if len(memo) >= LABELS_KEPT:
                memo.clear()
            memo[key] = text
        return text

    def producer_role(self) -> str | None:
        """The role of the seat to move if only one is (a production's label names it), else
        None."""
        movers = self.to_move()
        return self.s["players"][movers[0]]["role"] if len(movers) == 1 else None

    def tried_actions(self, seat: int) -> list[Action]:
        return trying.tried_actions(self, seat)

    def narrate(
        self, before: Self, seat: int, action: Action, viewer: int | None
    ) -> list[LogEntry]:
        return narration.narrate(before, self, seat, action, viewer)

    def narrate_all(
        self, before: Self, seat: int, action: Action, viewers: Sequence[int | None]
    ) -> dict[int | None, list[LogEntry]]:
        return narration.narrate_all(before, self, seat, action, viewers)

    def apply_narrated(
        self, seat: int, action: Action, viewers: Sequence[int | None]
    ) -> dict[int | None, list[LogEntry]]:
        """The narration reads only the told part and the move's label before it: those are
        kept, not a copy of the state."""
        told, label = hidden.told_part(self), self.action_label(action)
        self.apply(seat, action)
        return narration.narrate_told(told, label, self, seat, action, viewers)

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> dict[str, Any]:
        options = dict(self.options)
        if options["edition"] is not None:
            options["edition"] = json.loads(json.dumps(options["edition"]))
        return {"game": self.game_name, "options": options, "state": _copy(self.s)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != cls.game_name:
            raise MalformedState("field 'game' must be 'altiplano'")
        try:
            options = cls.normalize_options(data.get("options"))
        except Exception as exc:
            raise MalformedState(f"field 'options': {exc}") from exc
        comps = C.load(options["edition"])
        s = check_state(data.get("state"), comps, options)
        return cls(options, comps, _copy(s))

    def clone(self) -> Self:
        other = type(self)(self.options, self.comps, _copy(self.s))
        other.stamp, other.applied = self.stamp, self.applied  # the same content
        # The legal actions depend on the state alone, and cached entries are never changed
        # (apply starts a new cache), so the copy starts with the same cache.
        other._legal = self._legal.copy()
        return other


def _listed(listed: list[Action] | None, action: Action) -> bool:
    """Whether `action` itself (not an equal copy) is in `listed`: a loop of identity tests,
    several times cheaper than a set of ids (and than equality, which calls Python code)."""
    if listed is not None:
        for candidate in listed:
            if candidate is action:
                return True
    return False


#: Labels kept per edition (`Components.labels`) before that memo starts afresh: an edition
#: has a few thousand distinct ones.
LABELS_KEPT = 20_000

#: Actions that change only the actor's own legal actions: planning changes a player's own
#: board alone, and "done" (which concerns the others) is not among these.
_OWN_PLANNING = frozenset((A.Place, A.Unplace))

Check = Callable[[AltiplanoState, int, Player, Any], Problem]
Effect = Callable[[AltiplanoState, int, Player, Any], None]

#: Each kind's check: the rules it must pass beyond its phase (and ALT-18 in phase 3).
_CHECKS: dict[type[Action], Check] = {
    A.ChooseRole: check_choose_role,
    A.KeepMission: check_mission,
    A.PassMission: check_mission,
    A.TakeBackTile: check_take_back_tile,
    A.TakeBackCoin: check_take_back_coin,
    A.Draw: check_swap,
    A.SwapDiscard: check_swap,
    A.SwapDraw: check_swap,
    A.SwapPick: check_swap,
    A.SwapSkip: check_swap,
    A.Place: check_place,
    A.Unplace: check_unplace,
    A.Done: check_done,
    A.PlaceFigure: check_place_figure,
    A.Move: check_move,
    A.Pass: check_pass,
    A.EndTurn: check_end_turn,
    A.Produce: check_produce,
    A.Sell: check_sell,
    A.Deliver: check_deliver,
    A.Store: check_store,
    A.StoreBuffered: check_store_buffered,
    A.StoreCorn: check_store_corn,
    A.BufferCorn: check_buffer_corn,
    A.BuyCart: check_buy_cart,
    A.BuyExtension: check_buy_extension,
    A.BuyOrder: check_buy_order,
    A.BuildRoad: check_build_road,
    A.FinalDraw: check_final_draw,
    A.FinalDone: check_final_done,
}
#: Each kind's effect, run once its check has passed.
_EFFECTS: dict[type[Action], Effect] = {
    A.ChooseRole: do_choose_role,
    A.KeepMission: do_keep_mission,
    A.PassMission: do_pass_mission,
    A.TakeBackTile: do_take_back_tile,
    A.TakeBackCoin: do_take_back_coin,
    A.Draw: do_draw,
    A.SwapDiscard: do_swap_discard,
    A.SwapDraw: do_swap_draw,
    A.SwapPick: do_swap_pick,
    A.SwapSkip: do_swap_skip,
    A.Place: do_place,
    A.Unplace: do_unplace,
    A.Done: do_done,
    A.PlaceFigure: do_place_figure,
    A.Move: do_move,
    A.Pass: do_pass,
    A.EndTurn: do_end_turn,
    A.Produce: do_produce,
    A.Sell: do_sell,
    A.Deliver: do_deliver,
    A.Store: do_store,
    A.StoreBuffered: do_store_buffered,
    A.StoreCorn: do_store_corn,
    A.BufferCorn: do_buffer_corn,
    A.BuyCart: do_buy_cart,
    A.BuyExtension: do_buy_extension,
    A.BuyOrder: do_buy_order,
    A.BuildRoad: do_build_road,
    A.FinalDraw: do_final_draw,
    A.FinalDone: do_final_done,
}
