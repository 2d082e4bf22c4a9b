"""Tikal's rules: the `TikalState` game engine.

The state is plain lists and ints, so that `clone` is a handful of list copies (search bots
clone it hundreds of thousands of times) and the JSON form is the same data. Static facts
(board geometry, tiles) live in the `Edition` and are shared, never copied. What each int
stands for is named in `layout`; how each field is read, checked and copied, in `fields`.

Turn structure (rulebook, TIK-11, TIK-13, TIK-14): a turn is one step ``place`` (the drawn or
chosen tile) and one step ``act`` (10 action points, ended by `EndTurn`). A scoring round is one
``act`` step per player, each followed by that player's score. The auction version adds the
steps ``bid`` and ``choose`` before ``place``.

The class keeps the contract of a `GameState` and dispatches: the rules themselves live in
modules named after the rulebook's parts (README.md in this folder lists them), which read and
change the state's declared fields and never import this module at run time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self, cast

from mypy_extensions import mypyc_attr

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction, MalformedAction, MalformedState, OptionsError
from meeple.engine.game import GameState
from meeple.engine.log import LogEntry
from meeple.engine.stamps import STAMPS
from meeple.engine.words import Text, say
from meeple.games.tikal import fields, narration, views
from meeple.games.tikal.actions import (
    CODEC,
    FIGURES,
    Bid,
    BuildCamp,
    CampMove,
    ChooseTile,
    Deploy,
    EndTurn,
    Excavate,
    Exchange,
    Pass,
    PlaceGuard,
    PlaceTile,
    Recover,
    Walk,
)
from meeple.games.tikal.auction import (
    after_auction_turn,
    bid_actions,
    choose_actions,
    do_bid,
    do_choose,
    do_pass,
    start_round,
)
from meeple.games.tikal.board import space_names
from meeple.games.tikal.camps import build_camp_actions, do_build_camp, own_camps
from meeple.games.tikal.components import Edition, load_edition, parse_edition
from meeple.games.tikal.excavation import do_excavate, excavate_actions
from meeple.games.tikal.figures import camp_move_actions, deploy_actions, do_camp_move, do_deploy
from meeple.games.tikal.guards import do_guard, guard_actions

# Imported from here by tests written before the rules moved out of this module (issue 27).
from meeple.games.tikal.interned import Numbered as _Numbered  # noqa: F401
from meeple.games.tikal.layout import (
    ACT,
    BID,
    CHOOSE,
    NO_SEAT,
    NO_TILE,
    OUT,  # noqa: F401 (imported from here by tests written before issue 27)
    OVER,
    PLACE,
    FigureMove,
    Rotation,
    Seat,
    Space,
    Step,
    TileIndex,
    TreasureKind,
    seat_workers,
    worker_slot,
)
from meeple.games.tikal.paths import GraphRow, Paths
from meeple.games.tikal.placement import (
    PLACEMENT_CHANGES,
    compute_placements,
    do_place,
    placements,
    set_up,
)
from meeple.games.tikal.scoring import ScoringRound
from meeple.games.tikal.seats import SEATS
from meeple.games.tikal.treasures import (
    do_exchange,
    do_recover,
    exchange_actions,
    recover_actions,
)
from meeple.games.tikal.turns import after_base_turn, begin_turn, score_and_continue
from meeple.games.tikal.walking import do_walk, walk_actions, walk_cost

MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: Results memoised per edition by board layout (placements, paths) before the memo starts afresh.
_MEMO_LIMIT = 4096


#: Attributes fixed by the options, shared by every copy of a state (the JSON form keeps the
#: options and the seed; the rest follows from them).
_SETUP_SLOTS = (
    "options",
    "seed",
    "edition",
    "n",
    "auction",
    "tile_kinds",
    "names",
    "neighbours",
    "base_camp",
)
#: What a state derives from its fields and keeps until they change; immutable, so shared by
#: copies, and no part of the JSON form.
_CACHE_SLOTS = ("_paths", "_placed")
#: What changed last, for readers that keep what they read (`meeple.engine.stamps`); copied
#: by copies, no part of the JSON form.
_STAMP_SLOTS = ("stamp", "applied", "figure_moved", "tile_placed")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled as pure: a subclass may override
class TikalState(GameState):
    """A game of Tikal, base or auction version, for 2–4 players.

    Every attribute is declared below. The ones after `base_camp` make up the JSON form; each is
    declared once more in `fields.FIELDS`, which says how it is read, checked and copied.
    """

    __slots__ = (*_SETUP_SLOTS, *_CACHE_SLOTS, *_STAMP_SLOTS, *fields.FIELD_NAMES)

    game_name = "tikal"
    seats = SEATS
    codec = CODEC
    views_alike = True  # see `views`: nothing is hidden from one seat that another sees

    # -- set by the options ---------------------------------------------------------------
    options: dict[str, Any]
    """The options, normalised (`normalize_options`): as records store them."""
    seed: int
    """The seed the game was set up from (`shuffle_hidden` deals a new one)."""
    edition: Edition
    """The components (board, tiles, figures, costs); shared by every copy, never changed."""
    n: int
    """The number of players."""
    auction: bool
    """Whether this is the auction version (TIK-14)."""
    tile_kinds: tuple[str, ...]
    """[tile] -> its kind, the edition's (rule checks read it constantly)."""
    names: tuple[str, ...]
    """[space] -> its name on the terminal board, such as ``c2``."""
    neighbours: tuple[tuple[Space, ...], ...]
    """[space][side] -> the neighbouring space, or -1 off the board; the edition's."""
    base_camp: Space
    """The base camp's space."""

    # -- derived from the fields, kept until they change ----------------------------------
    _paths: Paths | None
    """The walks and sites of the board's layout when last asked for (`paths`), or None."""
    _placed: tuple[Space, ...]
    """The spaces where tiles were placed since `_paths` was made."""

    # -- what changed last ----------------------------------------------------------------
    stamp: int
    """The stamp (`meeple.engine.stamps`) of what every seat sees of this content, the part
    its readers read (Tikal's views are all alike): a new one after every `apply`, whole
    re-deal (`shuffle_hidden`) and setting up (`new`, `from_json`, `determinize`); a copy
    keeps it, and so does `redeal_unknown`, which changes only what no seat sees. Tikal's
    observation (`state_observation`) reads what the last step changed from `applied`,
    `figure_moved` and `tile_placed` instead of comparing the whole state with what it read
    last."""
    applied: tuple[int, type[Action]] | None
    """The stamp before the last `apply` and the type of its action, which may have changed
    only the fields `CHANGES` names for that type. None after a whole re-deal or setting up."""
    figure_moved: FigureMove | None
    """What the last `apply` changed when it moved a figure (deployed it, or moved it by a
    walk or a secret path: `figures`): the stamp before and the `workers` slots changed;
    besides those, such a move changes only `leader`, `supply` and `ap` (as `clone_to_try`
    relies on too). None after any other change."""
    tile_placed: tuple[int, Space] | None
    """What the last `apply` changed when it placed a tile (`placement`): the stamp before and
    the space; besides that space, a placement changes only `placement.PLACEMENT_CHANGES`.
    None after any other change."""

    # -- the JSON form, in order ----------------------------------------------------------
    step: Step
    """What the player to move does now."""
    scoring_final: bool
    """Whether the scoring under way is the final one (TIK-13) rather than a volcano's."""
    tokens: dict[Space, list[TreasureKind]]
    """[space] -> the face-down tokens still on its tile, the next one to take last (TIK-3)."""
    turn_excavated: dict[Space, int]
    """[space] -> temple levels excavated on it this turn (TIK-6)."""
    turn_recovered: dict[Space, int]
    """[space] -> treasures recovered from it this turn (TIK-7)."""
    history: list[ScoringRound]
    """The score sheet, one entry per scoring round."""
    tile_at: list[TileIndex]
    """[space] -> the tile on it, or `NO_TILE`."""
    rotation: list[Rotation]
    """[space] -> how its tile is turned."""
    temple_top: list[int]
    """[space] -> the value on top of its temple (0 for other tiles)."""
    camp: list[Seat]
    """[space] -> whose camp is on it, or `NO_SEAT` (TIK-9)."""
    guard: list[Seat]
    """[space] -> who guards its temple, or `NO_SEAT` (TIK-10)."""
    workers: list[int]
    """Workers on the board, space after space, one count per seat (`layout.worker_slot`)."""
    leader: list[Space]
    """[seat] -> the space its leader stands on, or `SUPPLY` or `OUT`."""
    supply: list[int]
    """[seat] -> workers still in its supply."""
    out: list[int]
    """[seat] -> its figures that left the game besides its guards (TIK-10)."""
    treasures: list[int]
    """Treasures held, seat after seat, one count per kind (`layout.treasure_slot`)."""
    score: list[int]
    """[seat] -> its points so far."""
    levels: list[int]
    """[value] -> temple level tiles of that value left for excavations (TIK-6)."""
    stack: list[TileIndex]
    """The face-down stack of tiles, its top the last entry (TIK-1)."""
    token_supply: list[TreasureKind]
    """Tokens not yet dealt to a tile, face down, the next one last (TIK-3)."""
    discarded: list[TileIndex]
    """Tiles that fitted nowhere, set aside face up."""
    revealed: list[TileIndex]
    """Auction: the round's face-up tiles not yet taken (TIK-14)."""
    moved: list[bool]
    """Auction: [seat] -> whether it has had its turn this round."""
    passed: list[bool]
    """Auction: [seat] -> whether it has passed in the auction under way."""
    scoring_queue: list[Seat]
    """The seats still to play and score in the scoring under way, the next one first."""
    current: Seat
    """The seat to move (the last to move, once the game is over)."""
    ap: int
    """Action points left in the turn (TIK-4)."""
    hand: TileIndex
    """The tile drawn or chosen and not yet placed, or `NO_TILE`."""
    volcano_drawer: Seat
    """Who drew the volcano of the scoring under way (and places it after), or `NO_SEAT`."""
    last_mover: Seat
    """Auction: who played the last normal turn, or `NO_SEAT`."""
    high_bid: int
    """Auction: the highest bid so far (0: none yet)."""
    high_bidder: Seat
    """Auction: who made it, or `NO_SEAT`."""
    first_passer: Seat
    """Auction: the first seat to pass, which moves for free if nobody bids; or `NO_SEAT`."""
    reveals: int
    """Tiles drawn or revealed and tokens turned so far (`reveal_count`)."""
    last_placer: Seat
    """Who placed (or set aside) the last tile: ties in the final order go from it (TIK-15)."""

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def normalize_options(cls, options: Mapping[str, Any] | None) -> dict[str, Any]:
        options = dict(options or {})
        unknown = set(options) - {"players", "auction", "edition"}
        if unknown:
            raise OptionsError(f"unknown Tikal option(s): {sorted(unknown)}")
        players = options.get("players", 3)
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise OptionsError(
                say(
                    "players must be {low} to {high}, not {players!r}",
                    low=MIN_PLAYERS,
                    high=MAX_PLAYERS,
                    players=players,
                )
            )
        auction = options.get("auction", False)
        if type(auction) is not bool:
            raise OptionsError(say("auction must be true or false, not {value!r}", value=auction))
        edition = options.get("edition")
        if edition is not None:
            parse_edition(edition)  # raises EditionError naming the field
        return {"players": players, "auction": auction, "edition": edition}

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        if type(seed) is not int:
            raise OptionsError(f"seed must be an integer, not {seed!r}")
        state = cls._blank(cls.normalize_options(options), seed)
        set_up(state)
        if state.auction:
            start_round(state, 0)
        else:
            begin_turn(state, 0)  # TIK-1: seat 1 (index 0) starts
        return state

    @classmethod
    def _blank(cls, options: dict[str, Any], seed: int) -> Self:
        """A game with these (normalised) options and no tile dealt: every field as
        `fields.FIELDS` starts it. `new`, `determinize` and `from_json` fill it in.

        Each edition keeps one blank game per number of players and version, and this is a
        copy of it: search determinizes a state at every iteration, and a copy is cheaper
        than setting up each field again."""
        edition = load_edition(options["edition"])
        key = ("blank", cls, options["players"], options["auction"])
        template = edition.memo.get(key)
        if template is None:
            template = edition.memo[key] = cls._first_blank(options, edition)
        state: Self = template.clone()
        state.options = options
        state.seed = seed
        state.stamp = next(STAMPS)  # filled in by the caller before anyone reads it
        return state

    @classmethod
    def _first_blank(cls, options: dict[str, Any], edition: Edition) -> Self:
        state = cls.__new__(cls)
        state.options = options
        state.seed = 0
        state.edition = edition
        state.n = options["players"]
        state.auction = options["auction"]
        state.tile_kinds = edition.tile_kinds
        state.names = space_names(edition)
        state.neighbours = edition.neighbours
        state.base_camp = edition.base_camp
        state._paths, state._placed = None, ()
        state.stamp, state.applied, state.figure_moved, state.tile_placed = 0, None, None, None
        fields.set_initial(state, state._setup())
        return state

    def _setup(self) -> fields.Setup:
        return fields.Setup(self.edition, self.n, self.auction)

    # -- interface --------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def reveal_count(self) -> int:
        return self.reveals

    def to_move(self) -> tuple[int, ...]:
        return () if self.step == OVER else (self.current,)

    def is_over(self) -> bool:
        return self.step == OVER

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        if self.step != OVER:
            return []
        best = max(self.score)
        return [s for s in range(self.n) if self.score[s] == best]  # TIK-13: shared win

    def score_sheet(self) -> dict[str, Any]:
        return {
            "game": "tikal",
            "players": self.n,
            "rounds": [{**r, "entries": r["entries"][:]} for r in self.history],
            "scores": list(self.score),
            "winners": self.winners(),
        }

    def score_words(self) -> dict[str, Text]:
        return dict(narration.SCORE_WORDS)

    def action_label(self, action: Action) -> str:
        return narration.describe(self, action)

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
        told, label = views.told_part(self), self.action_label(action)
        self.apply(seat, action)
        return narration.narrate_told(told, label, self, seat, viewers)

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if self.step == OVER or seat != self.current:
            return []
        if self.step == PLACE:
            return list(placements(self, self.hand))
        if self.step == BID:
            return bid_actions(self, seat)
        if self.step == CHOOSE:
            return choose_actions(self)
        return self._act_actions(seat)

    def _act_actions(self, seat: Seat) -> list[Action]:
        """The action step's actions, family by family (TIK-4 to TIK-10), in the order the
        families come in the rulebook; each family is asked only if the points left pay for
        it. What every family reads is worked out once here."""
        ap, costs = self.ap, self.edition.costs
        actions: list[Action] = []
        camps = own_camps(self, seat)
        tile_at, kinds, leader = self.tile_at, self.tile_kinds, self.leader[seat]
        workers = seat_workers(self.workers, self.n, seat)
        # Spaces with an own figure, in board order (a typed loop: see `camps.own_camps`).
        occupied = [s for s in range(len(workers)) if workers[s] or s == leader]
        if ap >= costs["deploy_figure"]:
            deploy_actions(self, seat, leader, camps, actions)
        if ap >= costs["camp_to_camp"] and len(camps) > 1:
            camp_move_actions(leader, workers, camps, actions)
        paths = self.paths()
        walk_actions(paths, ap, leader, workers, occupied, actions)
        # Only temples can be excavated or guarded, only tiles with tokens give treasures: the
        # other spaces are refused by the first check of each rule's `*_problem`.
        temples = [s for s in occupied if kinds[tile_at[s]] == "temple"]
        if ap >= costs["excavate_level"]:
            excavate_actions(self, seat, temples, actions)
        if ap >= costs["recover_treasure"]:
            recover_actions(self, seat, occupied, actions)
        if ap >= costs["exchange_treasure"]:
            exchange_actions(self, seat, actions)
        if ap >= costs["build_camp"] and len(camps) - 1 < self.edition.camps:
            build_camp_actions(self, paths, actions)
        if ap >= costs["place_guard"]:
            guard_actions(self, seat, temples, actions)
        actions.append(_END_TURN)
        return actions

    def tried_actions(self, seat: Seat) -> list[Action]:
        """In the action step: every action on the spaces of the seat's own figures (and
        deploying to its camps), allowed or not, for the "why not" help."""
        if self.step != ACT or seat != self.current:
            return []
        leader, workers = self.leader[seat], seat_workers(self.workers, self.n, seat)
        tried: list[Action] = [Deploy(f, c) for f in FIGURES for c in own_camps(self, seat)]
        for space, tile in enumerate(self.tile_at):
            figures = [f for f in FIGURES if (leader == space if f == "leader" else workers[space])]
            if tile == NO_TILE or not figures:
                continue
            kind = self.tile_kinds[tile]
            if kind == "temple":
                tried += [Excavate(space), PlaceGuard(space)]
            tried += [Recover(space)] if kind == "treasure" else [BuildCamp(space)]
            tried += [
                Walk(f, space, dst) for f in figures for dst in self.neighbours[space] if dst >= 0
            ]
        return tried

    def paths(self) -> Paths:
        """The walks and sites of the board as it lies now (see `paths`), memoised per edition
        by board layout: kept by the state while no tile is placed, and worked out from the
        last ones around the tiles placed since."""
        paths = self._paths
        if paths is None or self._placed:
            memo = self.edition.memo
            key = ("paths", *self.tile_at, *self.rotation)
            known = memo.get(key)
            if known is None:
                known = Paths.of(self) if paths is None else paths.placed(self, self._placed)
                if len(memo) >= _MEMO_LIMIT:
                    memo.clear()
                memo[key] = known
            paths, self._paths, self._placed = known, known, ()
        return paths

    def note_placed(self, space: Space) -> None:
        """A tile was laid on `space`: the `Paths` kept is brought up to date around it (with
        the other spaces placed since) the next time `paths` is asked for."""
        if self._paths is not None:
            self._placed += (space,)

    def _walk_graph(self) -> list[GraphRow]:
        """[space] -> (neighbour, AP) of every walk out of the space with a passage (TIK-5),
        sides in order."""
        return self.paths().graph

    def _placements(self, tile: int) -> tuple[PlaceTile, ...]:
        """`placement.placements`, for the tests of its memo."""
        return placements(self, tile)

    def _compute_placements(self, tile: int) -> tuple[PlaceTile, ...]:
        """`placement.compute_placements`, for the tests of its memo."""
        return compute_placements(self, tile)

    # -- helpers on the board -----------------------------------------------------------------
    def figures_on(self, seat: Seat, space: Space) -> int:
        return self.workers[worker_slot(self.n, space, seat)] + (self.leader[seat] == space)

    def weight_on(self, seat: Seat, space: Space) -> int:
        """Figures counted for majorities: the leader counts as `leader_weight` workers."""
        weight = self.workers[worker_slot(self.n, space, seat)]
        if self.leader[seat] == space:
            weight += self.edition.leader_weight
        return weight

    def majority_holder(self, space: Space) -> Seat:
        """The seat that holds a temple in a scoring (TIK-12), or `NO_SEAT`: the guard, else
        the sole majority."""
        if self.guard[space] != NO_SEAT:
            return self.guard[space]
        best, holder = 0, NO_SEAT
        for seat in range(self.n):
            weight = self.weight_on(seat, space)
            if weight > best:
                best, holder = weight, seat
            elif weight == best:
                holder = NO_SEAT
        return holder if best > 0 else NO_SEAT

    def walk_cost(self, src: int, dst: int) -> int:
        """Stones on both touching sides of two adjacent tiles (TIK-5; `walking`)."""
        return walk_cost(self, src, dst)

    # -- applying actions -------------------------------------------------------------------
    def check_seat(self, seat: object) -> int:
        # The usual case first, without building `to_move`: search applies millions of actions.
        if type(seat) is int and seat == self.current and self.step != OVER:
            return seat
        return super().check_seat(seat)

    def apply(self, seat: object, action: Action) -> None:
        # `seat` typed `object`: a malformed seat must reach `check_seat`, also when mypyc has
        # compiled this module (it would refuse a wrong type with a bare TypeError).
        seat = self.check_seat(seat)
        dispatch = _DISPATCH.get(type(action))
        if dispatch is None:
            raise MalformedAction(f"{action!r} is not a Tikal action")
        expected, handler = dispatch
        self.figure_moved = self.tile_placed = None  # set by the rules that say what changed
        if self.step != expected:
            raise IllegalAction(
                _STEP_RULE[self.step],
                say(
                    "{action!r} is not possible now: {hint}",
                    action=self.action_label(action),
                    hint=_STEP_HINT[self.step],
                ),
            )
        handler(self, seat, action)
        self.applied = (self.stamp, type(action))
        self.stamp = next(STAMPS)

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: object) -> dict[str, Any]:
        """The same for every seat: everything but the stack's order and the face-down tokens
        (see `views`). `seat` typed `object` for the reason `apply` gives."""
        return views.view_of(self, self.check_view_seat(seat))

    def shared_view(self, seat: object, kept: dict[Any, Any]) -> dict[str, Any]:
        """`view`, its board, players and score sheet taken from the last view made with
        `kept` where this state's last step left them as they were (`applied`, `CHANGES`):
        the server makes one at every move."""
        stamp, applied = kept.get("stamp"), self.applied
        if stamp == self.stamp:
            changed: frozenset[str] | None = frozenset()
        elif applied is not None and applied[0] == stamp:
            changed = CHANGES[applied[1]]
        else:
            changed = None
        return views.shared_view_of(self, self.check_view_seat(seat), kept, changed)

    def shuffle_hidden(self, seat: int | None, rng: random.Random) -> None:
        views.shuffle_hidden(self, rng)
        self.stamp = next(STAMPS)
        self.applied = self.figure_moved = self.tile_placed = None

    def redeal_unknown(self, rng: random.Random, before: Action | None = None) -> None:
        """Everything hidden in Tikal is hidden from every seat (the stack, the face-down
        tokens); what the next step can reveal of it is re-dealt (`views.redeal_next`: the
        top tiles and each pile's top token, as a whole re-deal would draw them). Before an
        end of turn only the tiles (it draws; no token is revealed before a recovery, which
        re-deals first), before a recovery only the tokens. The stamp and what the last step
        changed stay: what every seat sees is the same."""
        kind = None if before is None else before.kind
        views.redeal_next(self, rng, tiles=kind != Recover.kind, tokens=kind != EndTurn.kind)

    @classmethod
    def determinize(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        """A full state consistent with `view`: the public parts copied, the stack and the
        face-down tokens dealt at random from what the view says is left."""
        unseen = views.unseen_of(cls, view)
        if unseen is None:
            unseen = cls._unseen(view)
            views.remember_unseen(cls, unseen)
        return cast(Self, unseen.deal(rng))

    @classmethod
    def sampler(cls, view: Mapping[str, Any]) -> Callable[[random.Random], Self]:
        """`determinize` for one view: the view is read once (`views.Unseen`), and each
        sample is a copy with the stack and the tokens dealt, drawing as `determinize` does."""
        return cast(Callable[[random.Random], Self], cls._unseen(view).deal)

    @classmethod
    def _unseen(cls, view: Mapping[str, Any]) -> views.Unseen:
        """The view read into a state; a view that is not one (a bot's own, edited by its
        author, or a bug) is refused with `MalformedState`, as Altiplano's is."""
        # Every field is set from the view; the seed is 0, as for a new game of seed 0 (it is
        # never read again).
        try:
            return views.Unseen(view, cls._blank(cls.normalize_options(view["options"]), 0))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise MalformedState(f"view cannot be completed: {exc!r}") from exc

    # -- persistence ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        header = {"game": "tikal", "version": 1, "options": self.options, "seed": self.seed}
        return header | fields.write(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != "tikal":
            raise MalformedState("state field 'game' must be 'tikal'")
        if fields.read_typed(data, "version", int) != 1:
            raise MalformedState("state field 'version' must be 1")
        try:
            opts = cls.normalize_options(fields.read_typed(data, "options", dict))
        except OptionsError as exc:
            raise MalformedState(f"state field 'options': {exc}") from exc
        state = cls._blank(opts, fields.read_typed(data, "seed", int))
        fields.read(state, data)
        state._check_shape()
        return state

    def _check_shape(self) -> None:
        """Every field's length and values fit this game (`fields.FIELDS` says how)."""
        fields.check(self, self._setup())

    def clone(self) -> Self:
        """A copy that shares nothing that can change: the setup and the caches are immutable
        and shared, lists and dicts are copied, and of the score sheet only the open round
        (complete rounds never change again; `fields.Rounds`).

        Written out attribute by attribute (`_copy`), not built from `fields.FIELDS`: search
        copies a state at every step it looks at, and compiled (setup.py) this is one slot copy
        per attribute. The fields test checks that it copies every declared attribute."""
        return self._copy(False)

    def clone_to_try(self, action: Action) -> Self:
        """A copy to apply `action` to, and then only to read. A figure's move (deploying, by
        the secret paths, walking) changes only the figures, the supply and the action points,
        so its copy shares every other list and dict with this state: search tries each fresh
        action of a position once, most of them moves. Any other action gets a `clone`."""
        kind = type(action)
        return self._copy(kind is Walk or kind is CampMove or kind is Deploy)

    def _copy(self, move: bool) -> Self:
        """`clone`, or with `move` the copy for a figure's move of `clone_to_try`.

        One piece, above the complexity the package otherwise allows (issue 27): a line per
        attribute, each field copied or (for a move) shared by a conditional expression. Split
        into parts, every copy search makes (hundreds of thousands a search) would pay a call
        per part, and a reader could no longer check the list against `fields.FIELDS` at one
        glance; the fields test checks that it copies every declared attribute."""
        other = type(self).__new__(type(self))
        # the setup and the caches, shared
        other.options = self.options
        other.seed = self.seed
        other.edition = self.edition
        other.n = self.n
        other.auction = self.auction
        other.tile_kinds = self.tile_kinds
        other.names = self.names
        other.neighbours = self.neighbours
        other.base_camp = self.base_camp
        other._paths = self._paths
        other._placed = self._placed
        other.stamp = self.stamp
        other.applied = self.applied
        other.figure_moved = self.figure_moved
        other.tile_placed = self.tile_placed
        # the fields, in `fields.FIELDS` order
        other.step = self.step
        other.scoring_final = self.scoring_final
        other.tokens = self.tokens if move else {s: pile[:] for s, pile in self.tokens.items()}
        other.turn_excavated = self.turn_excavated if move else self.turn_excavated.copy()
        other.turn_recovered = self.turn_recovered if move else self.turn_recovered.copy()
        other.history = self.history if move else fields.copy_rounds(self.history)
        other.tile_at = self.tile_at if move else self.tile_at[:]
        other.rotation = self.rotation if move else self.rotation[:]
        other.temple_top = self.temple_top if move else self.temple_top[:]
        other.camp = self.camp if move else self.camp[:]
        other.guard = self.guard if move else self.guard[:]
        other.workers = self.workers[:]
        other.leader = self.leader[:]
        other.supply = self.supply[:]
        other.out = self.out if move else self.out[:]
        other.treasures = self.treasures if move else self.treasures[:]
        other.score = self.score if move else self.score[:]
        other.levels = self.levels if move else self.levels[:]
        other.stack = self.stack if move else self.stack[:]
        other.token_supply = self.token_supply if move else self.token_supply[:]
        other.discarded = self.discarded if move else self.discarded[:]
        other.revealed = self.revealed if move else self.revealed[:]
        other.moved = self.moved if move else self.moved[:]
        other.passed = self.passed if move else self.passed[:]
        other.scoring_queue = self.scoring_queue if move else self.scoring_queue[:]
        other.current = self.current
        other.ap = self.ap
        other.hand = self.hand
        other.volcano_drawer = self.volcano_drawer
        other.last_mover = self.last_mover
        other.high_bid = self.high_bid
        other.high_bidder = self.high_bidder
        other.first_passer = self.first_passer
        other.reveals = self.reveals
        other.last_placer = self.last_placer
        return other


def _end_turn(state: TikalState, seat: Seat, action: EndTurn) -> None:
    """The turn ends: a scoring turn scores (`turns`); a normal turn passes play on, by the
    base version's order (`turns`) or the auction's (`auction`)."""
    if state.scoring_queue:
        score_and_continue(state, seat)
    elif state.auction:
        after_auction_turn(state, seat)
    else:
        after_base_turn(state, seat)


_END_TURN = EndTurn()

_HANDLERS: dict[type[Action], Callable[[TikalState, Seat, Any], None]] = {
    PlaceTile: do_place,
    Deploy: do_deploy,
    CampMove: do_camp_move,
    Walk: do_walk,
    Excavate: do_excavate,
    Recover: do_recover,
    Exchange: do_exchange,
    BuildCamp: do_build_camp,
    PlaceGuard: do_guard,
    EndTurn: _end_turn,
    Bid: do_bid,
    Pass: do_pass,
    ChooseTile: do_choose,
}
#: What a figure's move changes (`figures`: a deployment, a walk, a secret path).
_FIGURE_CHANGES = ("workers", "leader", "supply", "ap")
#: What the end of a turn may change: everything off the board (`turns`, `auction`: the next
#: turn's tile, an auction, a scoring turn, the end).
_TURN_CHANGES = (
    *("step", "current", "ap", "hand", "stack", "reveals", "revealed", "discarded", "moved"),
    *("passed", "high_bid", "high_bidder", "first_passer", "volcano_drawer", "last_mover"),
    *("last_placer", "score", "history", "scoring_queue", "scoring_final"),
    *("turn_excavated", "turn_recovered"),
)
#: What a bid or a pass may change (`auction`: the auction, and its end).
_BID_CHANGES = ("high_bid", "high_bidder", "first_passer", "passed", "current", "step", "score")
#: [type of action] -> the fields (`fields.FIELD_NAMES`) an action of it may change, for
#: readers that keep what they read (`applied`; tests/tikal/test_tikal_stamps.py checks every
#: step of random games of every table against it).
CHANGES: dict[type[Action], frozenset[str]] = {
    kind: frozenset(names)
    for kind, names in {
        PlaceTile: ("tile_at", "rotation", "temple_top", "tokens", *PLACEMENT_CHANGES),
        Deploy: _FIGURE_CHANGES,
        CampMove: _FIGURE_CHANGES,
        Walk: _FIGURE_CHANGES,
        Excavate: ("ap", "levels", "temple_top", "turn_excavated"),
        Recover: ("ap", "tokens", "treasures", "turn_recovered", "reveals"),
        Exchange: ("ap", "treasures"),
        BuildCamp: ("ap", "camp"),
        PlaceGuard: ("ap", "guard", "leader", "out", "workers"),
        EndTurn: _TURN_CHANGES,
        Bid: _BID_CHANGES,
        Pass: _BID_CHANGES,
        ChooseTile: (
            *("revealed", "hand", "step", "current", "ap", "turn_excavated", "turn_recovered"),
            *("volcano_drawer", "scoring_final", "scoring_queue", "discarded", "last_placer"),
        ),
    }.items()
}
_STEP_OF: dict[type[Action], Step] = {
    PlaceTile: PLACE,
    Bid: BID,
    Pass: BID,
    ChooseTile: CHOOSE,
    **{
        a: ACT
        for a in (
            Deploy,
            CampMove,
            Walk,
            Excavate,
            Recover,
            Exchange,
            BuildCamp,
            PlaceGuard,
            EndTurn,
        )
    },
}
#: [type of action] -> (the step it belongs to, its handler), one look-up for `apply`.
_DISPATCH: dict[type[Action], tuple[Step, Callable[[TikalState, Seat, Any], None]]] = {
    kind: (_STEP_OF[kind], handler) for kind, handler in _HANDLERS.items()
}
_STEP_RULE: dict[Step, str] = {
    PLACE: "TIK-2",
    ACT: "TIK-4",
    BID: "TIK-14",
    CHOOSE: "TIK-14",
    OVER: "TIK-13",
}
_STEP_HINT: dict[Step, str] = {
    PLACE: say("the tile in hand must be placed first"),
    ACT: say("the turn's action points are being spent"),
    BID: say("the next turn is being auctioned"),
    CHOOSE: say("the auction's winner must choose a revealed tile"),
    OVER: say("the game is over"),
}
