"""Tikal's rules: the `TikalState` game engine.

The state is plain lists and ints, so that `clone` is a handful of list copies (search bots
clone it hundreds of thousands of times) and the JSON form is the same data. Static facts
(board geometry, tiles) live in the `Edition` and are shared, never copied. What each int
stands for is named in `layout`; how each field is read, checked and copied, in `fields`.

Turn structure (rulebook, TIK-11, TIK-13, TIK-14): a turn is one step ``place`` (the drawn or
chosen tile) and one step ``act`` (10 action points, ended by `EndTurn`). A scoring round is one
``act`` step per player, each followed by that player's score. The auction version adds the
steps ``bid`` and ``choose`` before ``place``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Self, TypeVar, cast

from mypy_extensions import mypyc_attr

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction, MalformedAction, MalformedState, OptionsError
from meeple.engine.game import GameState
from meeple.engine.log import LogEntry
from meeple.engine.rng import derive_rng
from meeple.engine.words import Text, say, say_n
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
from meeple.games.tikal.board import space_names
from meeple.games.tikal.components import SIDES, Edition, load_edition, parse_edition
from meeple.games.tikal.layout import (
    ACT,
    BID,
    CHOOSE,
    NO_SEAT,
    NO_TILE,
    OUT,
    OVER,
    PLACE,
    SUPPLY,
    Rotation,
    Seat,
    Space,
    Step,
    TileIndex,
    TreasureKind,
    seat_treasures,
    seat_workers,
    treasure_slot,
    worker_slot,
)
from meeple.games.tikal.paths import GraphRow, Paths
from meeple.games.tikal.scoring import ScoringRound, score_seat
from meeple.games.tikal.seats import SEATS

LEVELS_PER_TEMPLE_PER_TURN = 2  # TIK-6 (rulebook)
TOKENS_PER_TILE_PER_TURN = 2  # TIK-7 (rulebook)
GUARDS_PER_PLAYER = 2  # TIK-10 (rulebook)
MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: Results memoised per edition by board layout (placements, paths) before the memo starts afresh.
_MEMO_LIMIT = 4096

# Actions are immutable values: the legal-action lists share one instance per distinct action
# instead of building a new one each time (search also finds actions by identity). Those listed
# at every step (a space's, a placement, a bid) are kept in tables indexed by number: a list
# index, where `functools.cache` hashes its arguments on every call.
_camp_move = functools.cache(CampMove)
_exchange = functools.cache(Exchange)
_END_TURN = EndTurn()


_A = TypeVar("_A", bound=Action)


class _Numbered(Generic[_A]):
    """One action per number (a space, a bid), made the first time it is asked for and kept
    for good. A server's threads may ask at once: `dict.setdefault` keeps the first instance
    made, so every caller gets that one."""

    def __init__(self, make: Callable[[int], _A]) -> None:
        self._make = make
        self._made: dict[int, _A] = {}

    def at(self, number: int) -> _A:
        action = self._made.get(number)
        if action is None:
            action = self._made.setdefault(number, self._make(number))
        return action


_EXCAVATE = _Numbered(Excavate)
_RECOVER = _Numbered(Recover)
_BUILD_CAMP = _Numbered(BuildCamp)
_PLACE_GUARD = _Numbered(PlaceGuard)
_DEPLOY_LEADER = _Numbered(functools.partial(Deploy, "leader"))
_DEPLOY_WORKER = _Numbered(functools.partial(Deploy, "worker"))
_PLACE_TILE = _Numbered(lambda number: PlaceTile(*divmod(number, SIDES)))
"""Placing the tile in hand, numbered space × `SIDES` + rotation."""
_BID = _Numbered(Bid)
_PASS = Pass()
_choose_tile = functools.cache(ChooseTile)


def _count(values: list[int], value: int) -> int:
    """`values.count(value)` as a typed loop, which compiled compares ints in C (see `_camps`)."""
    found = 0
    for each in values:
        if each == value:
            found += 1
    return found


Problem = tuple[str, str] | None
"""Why a rule refuses an action, as (rule, reason); None if it allows it."""

# Reasons for refusals, and names of actions, that take no argument, made once: the legal
# actions check the rules on every space with an own figure at every step, and every action
# names itself to `_spend`.
_NO_TEMPLE_TO_EXCAVATE: Problem = ("TIK-6", say("only a temple can be excavated"))
_GUARDED_TEMPLE: Problem = ("TIK-6", say("a guarded temple is never excavated again"))
_LEVELS_DONE: Problem = ("TIK-6", say("at most 2 levels per temple per turn"))
_LEVEL_NEEDS_FIGURE: Problem = (
    "TIK-6",
    say("each level this turn needs a distinct own figure on the temple"),
)
_NO_TOKEN: Problem = ("TIK-7", say("no treasure token lies on that tile"))
_TOKENS_DONE: Problem = ("TIK-7", say("at most 2 treasures per tile per turn"))
_TOKEN_NEEDS_FIGURE: Problem = (
    "TIK-7",
    say("each treasure this turn needs a distinct own figure on the tile"),
)
_CAMP_THERE: Problem = ("TIK-9", say("there is already a camp on that tile"))
_NO_TEMPLE_TO_GUARD: Problem = ("TIK-10", say("only a temple can be guarded"))
_ALREADY_GUARDED: Problem = ("TIK-10", say("that temple is already guarded"))
_GUARDS_USED: Problem = (
    "TIK-10",
    say_n("at most {n} guard per player", "at most {n} guards per player", n=GUARDS_PER_PLAYER),
)
_NO_SOLE_MAJORITY: Problem = ("TIK-10", say("a guard needs the strict sole majority on the temple"))
_NO_CAMP_SITE: Problem = (
    "TIK-9",
    say("a camp goes on a jungle tile or a treasure tile with no tokens left"),
)
_THIS_MOVE = say("this move")
_DEPLOYING = say("deploying")
_EXCAVATING = say("excavating")
_RECOVERING = say("recovering a treasure")
_EXCHANGING = say("exchanging")
_BUILDING_CAMP = say("building a camp")
_PLACING_GUARD = say("placing a guard")

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
    "_nbr",
    "_base",
)
#: What a state derives from its fields and keeps until they change; immutable, so shared by
#: copies, and no part of the JSON form.
_CACHE_SLOTS = ("_paths", "_placed")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled as pure: a subclass may override
class TikalState(GameState):
    """A game of Tikal, base or auction version, for 2–4 players.

    Every attribute is declared below. The ones after `_base` make up the JSON form; each is
    declared once more in `fields.FIELDS`, which says how it is read, checked and copied.
    """

    __slots__ = (*_SETUP_SLOTS, *_CACHE_SLOTS, *fields.FIELD_NAMES)

    game_name = "tikal"
    seats = SEATS
    codec = CODEC

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
    _nbr: tuple[tuple[Space, ...], ...]
    """[space][side] -> the neighbouring space, or -1 off the board; the edition's."""
    _base: Space
    """The base camp's space."""

    # -- derived from the fields, kept until they change ----------------------------------
    _paths: Paths | None
    """The walks and sites of the board's layout when last asked for (`paths`), or None."""
    _placed: tuple[Space, ...]
    """The spaces where tiles were placed since `_paths` was made."""

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
        edition = state.edition
        # TIK-1: the stack by letter, A on top, each letter shuffled; tokens shuffled.
        rng = derive_rng(seed, "setup")
        stack: list[TileIndex] = []
        for letter in edition.letters:
            group = [t for t in edition.terrain if edition.tiles[t].letter == letter]
            rng.shuffle(group)
            stack.extend(group)
        state.stack = stack[::-1]  # the top of the stack is the end of the list
        tokens = [k for k in range(edition.treasure_kinds) for _ in range(edition.treasure_copies)]
        rng.shuffle(tokens)
        state.token_supply = tokens
        for space, tile in edition.preprinted:
            state._put_tile(space, tile, 0)
        if state.auction:
            state._start_round(0)
        else:
            state._begin_turn(0)  # TIK-1: seat 1 (index 0) starts
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
        state._nbr = edition.neighbours
        state._base = edition.base_camp
        state._paths, state._placed = None, ()
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
        """Every viewer reads the same lines (the views differ only by their ``seat``, which
        the narration does not read), so they are made once: a third of the work for two
        seats and a spectator, as the server narrates every move, also when it loads a table
        again from its log."""
        for viewer in viewers:
            self.check_view_seat(viewer)
        lines = narration.narrate(before, self, seat, action, None)
        return {viewer: list(lines) for viewer in viewers}

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if self.step == OVER or seat != self.current:
            return []
        if self.step == PLACE:
            return list(self._placements(self.hand))
        if self.step == BID:
            top = self.score[seat]
            return [_PASS, *[_BID.at(amount) for amount in range(self.high_bid + 1, top + 1)]]
        if self.step == CHOOSE:
            ids = sorted({self.edition.tiles[t].id for t in self.revealed})
            return [_choose_tile(tile_id) for tile_id in ids]
        return self._act_actions(seat)

    def _act_actions(self, seat: Seat) -> list[Action]:
        ed, n, ap = self.edition, self.n, self.ap
        costs = ed.costs
        actions: list[Action] = []
        append = actions.append
        camps = self._camps(seat)
        tile_at, kinds, leader = self.tile_at, self.tile_kinds, self.leader[seat]
        workers = seat_workers(self.workers, n, seat)
        # Spaces with an own figure, in board order (a typed loop: see `_camps`).
        occupied = [s for s in range(len(workers)) if workers[s] or s == leader]
        if ap >= costs["deploy_figure"]:
            if leader == SUPPLY:
                for c in camps:
                    append(_DEPLOY_LEADER.at(c))
            if self.supply[seat]:
                for c in camps:
                    append(_DEPLOY_WORKER.at(c))
        if ap >= costs["camp_to_camp"] and len(camps) > 1:
            for src in camps:
                if leader == src:
                    actions.extend(_camp_move("leader", src, dst) for dst in camps if dst != src)
                if workers[src] > 0:
                    actions.extend(_camp_move("worker", src, dst) for dst in camps if dst != src)
        paths = self.paths()
        walks, limits, by_figure = paths.walks, paths.walk_limit, paths.walks_by_figure
        for src in occupied:
            # 0: the leader's walks, 1: a worker's, 2: both (each leader's walk, then the
            # worker's); all of them if the dearest is affordable, as is usual
            which = (2 if workers[src] else 0) if leader == src else 1
            if ap >= limits[src]:
                actions.extend(by_figure[src][which])
                continue
            for cost, leader_walk, worker_walk in walks[src]:
                if cost <= ap:
                    if which != 1:
                        append(leader_walk)
                    if which:
                        append(worker_walk)
        # Only temples can be excavated or guarded, only tiles with tokens give treasures: the
        # other spaces are refused by the first check of each rule's `_problem`.
        temples = [s for s in occupied if kinds[tile_at[s]] == "temple"]
        if ap >= costs["excavate_level"]:
            for s in temples:
                if self._excavate_problem(seat, s) is None:
                    append(_EXCAVATE.at(s))
        if ap >= costs["recover_treasure"]:
            tokens = self.tokens
            for s in occupied:
                if s in tokens and self._recover_problem(seat, s) is None:
                    append(_RECOVER.at(s))
        if ap >= costs["exchange_treasure"]:
            k = ed.treasure_kinds
            mine = seat_treasures(self.treasures, k, seat)
            gives = [g for g in range(k) if mine[g] == 1] if 1 in mine else []
            for other in range(n):
                if other == seat or not gives:
                    continue
                theirs = seat_treasures(self.treasures, k, other)
                if 1 not in theirs:  # no single treasure to take
                    continue
                for take in range(k):
                    if theirs[take] == 1:
                        actions.extend(_exchange(g, other, take) for g in gives if g != take)
        if ap >= costs["build_camp"] and len(camps) - 1 < ed.camps:
            # `_camp_problem` on the jungle and treasure tiles (no other tile takes a camp);
            # its limit on camps is the condition just checked.
            camp, tokens = self.camp, self.tokens
            for s, jungle in paths.camp_sites:
                if camp[s] == NO_SEAT and (jungle or not tokens.get(s)):
                    append(_BUILD_CAMP.at(s))
        if ap >= costs["place_guard"]:
            for s in temples:
                if self._guard_problem(seat, s) is None:
                    append(_PLACE_GUARD.at(s))
        append(_END_TURN)
        return actions

    def tried_actions(self, seat: Seat) -> list[Action]:
        """In the action step: every action on the spaces of the seat's own figures (and
        deploying to its camps), allowed or not, for the "why not" help."""
        if self.step != ACT or seat != self.current:
            return []
        leader, workers = self.leader[seat], seat_workers(self.workers, self.n, seat)
        tried: list[Action] = [Deploy(f, c) for f in FIGURES for c in self._camps(seat)]
        for space, tile in enumerate(self.tile_at):
            figures = [f for f in FIGURES if (leader == space if f == "leader" else workers[space])]
            if tile == NO_TILE or not figures:
                continue
            kind = self.tile_kinds[tile]
            if kind == "temple":
                tried += [Excavate(space), PlaceGuard(space)]
            tried += [Recover(space)] if kind == "treasure" else [BuildCamp(space)]
            tried += [Walk(f, space, dst) for f in figures for dst in self._nbr[space] if dst >= 0]
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

    def _walk_graph(self) -> list[GraphRow]:
        """[space] -> (neighbour, AP) of every walk out of the space with a passage (TIK-5),
        sides in order."""
        return self.paths().graph

    def _placements(self, tile: int) -> tuple[PlaceTile, ...]:
        """Where `tile` may go (TIK-2), one action per distinct layout, in board order: kept
        with the `Paths` of the board's layout, so memoised per edition by layout as those are
        (search reaches the same layouts again and again), and found without a key made of
        the whole layout."""
        extra = self.paths().extra
        key = ("placements", tile)
        known: tuple[PlaceTile, ...] | None = extra.get(key)
        if known is None:
            known = extra[key] = self._compute_placements(tile)
        return known

    def _compute_placements(self, tile: int) -> tuple[PlaceTile, ...]:
        """TIK-2: a tile goes on an empty space next to a placed tile (the layout's
        `Paths.frontier`); a non-volcano tile also needs, on some side facing a non-volcano
        tile, a stone on one of the two sides."""
        ed = self.edition
        tile_at, rotation, kinds = self.tile_at, self.rotation, self.tile_kinds
        rotated, sides = ed.rotated_steps, ed.neighbour_sides
        rotations = ed.distinct_rotations[tile]
        stones = ed.stone_sides[tile]  # [rotation] -> sides of `tile` with a stone
        volcano = kinds[tile] == "volcano"
        result: list[PlaceTile] = []
        for space in self.paths().frontier:
            passage = False
            facing = 0  # sides facing a non-volcano tile without a stone on its side
            for side, nb, opposite in sides[space]:
                there = tile_at[nb]
                if there == NO_TILE or kinds[there] == "volcano":
                    continue
                if rotated[there][rotation[nb]][opposite] >= 1:
                    passage = True  # a stone on the neighbour's side: every rotation fits
                    break
                facing |= 1 << side
            first = space * SIDES
            for rot in rotations:
                if volcano or passage or stones[rot] & facing:
                    result.append(_PLACE_TILE.at(first + rot))
        return tuple(result)

    # -- helpers on the board -----------------------------------------------------------------
    def _has(self, seat: Seat, figure: str, space: Space) -> bool:
        if figure == "leader":
            return self.leader[seat] == space
        return self.workers[worker_slot(self.n, space, seat)] > 0

    def figures_on(self, seat: Seat, space: Space) -> int:
        return self.workers[worker_slot(self.n, space, seat)] + (self.leader[seat] == space)

    def weight_on(self, seat: Seat, space: Space) -> int:
        """Figures counted for majorities: the leader counts as `leader_weight` workers."""
        weight = self.workers[worker_slot(self.n, space, seat)]
        if self.leader[seat] == space:
            weight += self.edition.leader_weight
        return weight

    def _camps(self, seat: int) -> list[int]:
        """The base camp and the seat's own camps: where it deploys and moves by secret paths."""
        # A typed loop: compiled, it compares ints in C, where `seat in camp` and
        # `camp.count(seat)` box the seat and compare objects on every space.
        camp = self.camp
        return [self._base, *[space for space in range(len(camp)) if camp[space] == seat]]

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

    def _excavate_problem(self, seat: int, space: int) -> Problem:
        if self.tile_at[space] == NO_TILE or self.tile_kinds[self.tile_at[space]] != "temple":
            return _NO_TEMPLE_TO_EXCAVATE
        if self.guard[space] != NO_SEAT:
            return _GUARDED_TEMPLE
        done = self.turn_excavated.get(space, 0)
        if done >= LEVELS_PER_TEMPLE_PER_TURN:
            return _LEVELS_DONE
        if self.figures_on(seat, space) <= done:
            return _LEVEL_NEEDS_FIGURE
        nxt = self.temple_top[space] + 1
        if nxt >= len(self.levels) or self.levels[nxt] == 0:
            return "TIK-6", say(
                "no temple level tile {level} is left, so this temple is finished", level=nxt
            )
        return None

    def _recover_problem(self, seat: int, space: int) -> Problem:
        if not self.tokens.get(space):
            return _NO_TOKEN
        done = self.turn_recovered.get(space, 0)
        if done >= TOKENS_PER_TILE_PER_TURN:
            return _TOKENS_DONE
        if self.figures_on(seat, space) <= done:
            return _TOKEN_NEEDS_FIGURE
        return None

    def _camp_problem(self, seat: int, space: int) -> Problem:
        tile = self.tile_at[space]
        kind = self.tile_kinds[tile] if tile != NO_TILE else ""
        if kind != "jungle" and not (kind == "treasure" and not self.tokens.get(space)):
            return _NO_CAMP_SITE
        if self.camp[space] != NO_SEAT:
            return _CAMP_THERE
        if len(self._camps(seat)) - 1 >= self.edition.camps:
            return "TIK-9", say_n(
                "at most {n} camp per player in the game",
                "at most {n} camps per player in the game",
                n=self.edition.camps,
            )
        return None

    def _guard_problem(self, seat: int, space: int) -> Problem:
        tile = self.tile_at[space]
        if tile == NO_TILE or self.tile_kinds[tile] != "temple":
            return _NO_TEMPLE_TO_GUARD
        if self.guard[space] != NO_SEAT:
            return _ALREADY_GUARDED
        if _count(self.guard, seat) >= GUARDS_PER_PLAYER:
            return _GUARDS_USED
        mine = self.weight_on(seat, space)
        if mine == 0:
            return _NO_SOLE_MAJORITY
        for other in range(self.n):
            if other != seat and self.weight_on(other, space) >= mine:
                return _NO_SOLE_MAJORITY
        return None

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

    def _spend(self, cost: int, what: str) -> None:
        """Pay `cost` action points; the last check before an action changes anything."""
        if cost > self.ap:
            raise IllegalAction(
                "TIK-4",
                say(
                    "{what} costs {cost} AP but only {ap} are left",
                    what=what,
                    cost=cost,
                    ap=self.ap,
                ),
            )
        self.ap -= cost

    def _check_space(self, space: int) -> None:
        if not 0 <= space < len(self.tile_at):
            raise IllegalAction("board", say("space {space} is not on the board", space=space))

    def _check_figure(self, figure: str) -> None:
        if figure not in FIGURES:
            raise IllegalAction(
                "rulebook",
                say("figure must be 'leader' or 'worker', not {figure!r}", figure=figure),
            )

    def _do_place(self, seat: int, action: PlaceTile) -> None:
        self._check_space(action.space)
        if not 0 <= action.rotation < SIDES:
            raise IllegalAction("TIK-2", say("rotation must be 0 to {last}", last=SIDES - 1))
        tile = self.hand
        layout = self.edition.rotated_steps[tile][action.rotation]
        canonical = next(
            r
            for r in self.edition.distinct_rotations[tile]
            if self.edition.rotated_steps[tile][r] == layout
        )
        allowed = _PLACE_TILE.at(action.space * SIDES + canonical)
        # The table's instance is found by identity (a C loop, compiled); should a placement
        # ever not be the table's (a copy from elsewhere), by value: never by identity alone.
        placements = self._placements(tile)
        if not any(p is allowed for p in placements) and allowed not in placements:
            if self.tile_at[action.space] != NO_TILE:
                raise IllegalAction("TIK-2", say("that space already holds a tile"))
            raise IllegalAction(
                "TIK-2",
                say(
                    "a tile must touch a placed tile, and a non-volcano tile needs a path of "
                    "stones to a non-volcano neighbour"
                ),
            )
        self._put_tile(action.space, tile, canonical)
        self.hand = NO_TILE
        self.last_placer = seat
        self._start_act()

    def _put_tile(self, space: int, tile: int, rotation: int) -> None:
        definition = self.edition.tiles[tile]
        self.tile_at[space] = tile
        self.rotation[space] = rotation
        if self._paths is not None:
            self._placed += (space,)
        if definition.kind == "temple":
            self.temple_top[space] = definition.temple_value
        if definition.kind == "treasure":
            # TIK-3: one face-down token per mask, fewer if the tokens run out.
            count = min(definition.masks, len(self.token_supply))
            if count:
                taken = self.token_supply[-count:]
                del self.token_supply[-count:]
                self.tokens[space] = taken

    def _do_deploy(self, seat: int, action: Deploy) -> None:
        self._check_figure(action.figure)
        self._check_space(action.dst)
        if action.dst not in self._camps(seat):
            raise IllegalAction(
                "TIK-4", say("figures are deployed on the base camp or an own camp")
            )
        if action.figure == "leader" and self.leader[seat] != SUPPLY:
            raise IllegalAction("TIK-4", say("the leader is not in the supply"))
        if action.figure == "worker" and not self.supply[seat]:
            raise IllegalAction("TIK-4", say("no worker is left in the supply"))
        self._spend(self.edition.costs["deploy_figure"], _DEPLOYING)
        self._add_figure(seat, action.figure, action.dst)
        if action.figure == "worker":
            self.supply[seat] -= 1

    def _do_camp_move(self, seat: int, action: CampMove) -> None:
        self._check_figure(action.figure)
        self._check_space(action.src)
        self._check_space(action.dst)
        camps = self._camps(seat)
        if action.src not in camps or action.dst not in camps or action.src == action.dst:
            raise IllegalAction(
                "TIK-4", say("secret paths join only the base camp and the player's own camps")
            )
        self._move(seat, action.figure, action.src, action.dst, self.edition.costs["camp_to_camp"])

    def _do_walk(self, seat: int, action: Walk) -> None:
        self._check_figure(action.figure)
        self._check_space(action.src)
        self._check_space(action.dst)
        if action.dst not in self._nbr[action.src] or self.tile_at[action.src] == NO_TILE:
            raise IllegalAction("TIK-5", say("a walk goes to an adjacent tile"))
        dst_tile = self.tile_at[action.dst]
        if dst_tile == NO_TILE:
            raise IllegalAction("TIK-5", say("there is no tile on that space yet"))
        if self.tile_kinds[dst_tile] == "volcano":
            raise IllegalAction("TIK-5", say("a volcano is never entered"))
        cost = self.walk_cost(action.src, action.dst)
        if cost == 0:
            raise IllegalAction("TIK-5", say("no stones on either side: there is no passage"))
        self._move(seat, action.figure, action.src, action.dst, cost)

    def walk_cost(self, src: int, dst: int) -> int:
        """Stones on both touching sides of two adjacent tiles (TIK-5)."""
        side = self._nbr[src].index(dst)
        rotated = self.edition.rotated_steps
        here = rotated[self.tile_at[src]][self.rotation[src]][side]
        there = rotated[self.tile_at[dst]][self.rotation[dst]][(side + 3) % SIDES]
        return here + there

    def _move(self, seat: int, figure: str, src: int, dst: int, cost: int) -> None:
        if not self._has(seat, figure, src):
            raise IllegalAction(
                "TIK-4", say("no own {figure} stands there", figure=narration.figure_word(figure))
            )
        self._spend(cost, _THIS_MOVE)
        if figure == "leader":
            self.leader[seat] = dst
        else:
            self.workers[worker_slot(self.n, src, seat)] -= 1
            self.workers[worker_slot(self.n, dst, seat)] += 1

    def _add_figure(self, seat: int, figure: str, space: int) -> None:
        if figure == "leader":
            self.leader[seat] = space
        else:
            self.workers[worker_slot(self.n, space, seat)] += 1

    def _do_excavate(self, seat: int, action: Excavate) -> None:
        self._check_space(action.space)
        problem = self._excavate_problem(seat, action.space)
        if problem is None and not self.figures_on(seat, action.space):
            problem = ("TIK-6", say("an own figure must stand on the temple"))
        _raise_if(problem)
        self._spend(self.edition.costs["excavate_level"], _EXCAVATING)
        nxt = self.temple_top[action.space] + 1
        self.levels[nxt] -= 1
        self.temple_top[action.space] = nxt
        self.turn_excavated[action.space] = self.turn_excavated.get(action.space, 0) + 1

    def _do_recover(self, seat: int, action: Recover) -> None:
        self._check_space(action.space)
        problem = self._recover_problem(seat, action.space)
        _raise_if(problem)
        self._spend(self.edition.costs["recover_treasure"], _RECOVERING)
        pile = self.tokens[action.space]
        kind = pile.pop()
        if not pile:
            del self.tokens[action.space]
        self.treasures[treasure_slot(self.edition.treasure_kinds, seat, kind)] += 1
        self.turn_recovered[action.space] = self.turn_recovered.get(action.space, 0) + 1
        self.reveals += 1

    def _do_exchange(self, seat: int, action: Exchange) -> None:
        k = self.edition.treasure_kinds
        if not (0 <= action.give < k and 0 <= action.take < k):
            raise IllegalAction("TIK-8", say("treasure kinds are 0 to {last}", last=k - 1))
        if not 0 <= action.other < self.n or action.other == seat:
            raise IllegalAction("TIK-8", say("the exchange is with another player"))
        if action.give == action.take:
            raise IllegalAction(
                "TIK-8", say("a swap for a treasure of the same kind changes nothing")
            )
        t, give, take, other = self.treasures, action.give, action.take, action.other
        if t[treasure_slot(k, seat, give)] != 1:
            raise IllegalAction("TIK-8", say("only an own single treasure can be given"))
        if t[treasure_slot(k, other, take)] != 1:
            raise IllegalAction(
                "TIK-8", say("only the other player's single treasure can be taken")
            )
        self._spend(self.edition.costs["exchange_treasure"], _EXCHANGING)
        t[treasure_slot(k, seat, give)] -= 1
        t[treasure_slot(k, other, give)] += 1
        t[treasure_slot(k, other, take)] -= 1
        t[treasure_slot(k, seat, take)] += 1

    def _do_build_camp(self, seat: int, action: BuildCamp) -> None:
        self._check_space(action.space)
        problem = self._camp_problem(seat, action.space)
        _raise_if(problem)
        self._spend(self.edition.costs["build_camp"], _BUILDING_CAMP)
        self.camp[action.space] = seat

    def _do_guard(self, seat: int, action: PlaceGuard) -> None:
        self._check_space(action.space)
        problem = self._guard_problem(seat, action.space)
        _raise_if(problem)
        self._spend(self.edition.costs["place_guard"], _PLACING_GUARD)
        space = action.space
        # One figure becomes the guard (a worker if there is one: which one is immaterial);
        # every other figure of the player on the tile leaves the game (TIK-10).
        self.out[seat] += self.figures_on(seat, space) - 1
        self.workers[worker_slot(self.n, space, seat)] = 0
        if self.leader[seat] == space:
            self.leader[seat] = OUT
        self.guard[space] = seat

    def _do_end_turn(self, seat: int, action: EndTurn) -> None:
        if self.scoring_queue:
            self._score_and_continue(seat)
        else:
            self._after_normal_turn(seat)

    def _do_bid(self, seat: int, action: Bid) -> None:
        if action.amount <= self.high_bid:
            raise IllegalAction("TIK-14", say("a bid must be higher than {bid}", bid=self.high_bid))
        if action.amount > self.score[seat]:
            raise IllegalAction(
                "TIK-14",
                say_n(
                    "a bid may not exceed the bidder's {n} points",
                    "a bid may not exceed the bidder's {n} points",
                    n=self.score[seat],
                ),
            )
        self.high_bid, self.high_bidder = action.amount, seat
        self._next_bidder(seat)

    def _do_pass(self, seat: int, action: Pass) -> None:
        self.passed[seat] = True
        if self.first_passer == NO_SEAT:
            self.first_passer = seat
        self._next_bidder(seat)

    def _do_choose(self, seat: int, action: ChooseTile) -> None:
        chosen = next((t for t in self.revealed if self.edition.tiles[t].id == action.tile), None)
        if chosen is None:
            raise IllegalAction(
                "TIK-14", say("tile {tile!r} is not among the revealed tiles", tile=action.tile)
            )
        self.revealed.remove(chosen)
        self._take_tile(seat, chosen)

    # -- turn flow --------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        """Base version: `seat` draws the top tile (TIK-1, TIK-11)."""
        self.current = seat
        tile = self.stack.pop()
        self.reveals += 1
        self._take_tile(seat, tile)

    def _take_tile(self, seat: int, tile: int) -> None:
        """`seat` has drawn (or chosen) `tile`: a volcano starts a scoring round (TIK-11)."""
        self.current = seat
        self.hand = tile
        if self.tile_kinds[tile] == "volcano":
            self.volcano_drawer = seat
            self.scoring_final = False
            self.scoring_queue = [(seat + i) % self.n for i in range(self.n)]
            self._start_act()
        else:
            self._start_place()

    def _start_place(self) -> None:
        if self._placements(self.hand):
            self.step = PLACE
        else:
            # No space admits the tile (rulings are silent): it is set aside, face up, and the
            # player goes on with the turn. See docs/rules-notes.md.
            self.discarded.append(self.hand)
            self.hand = NO_TILE
            self.last_placer = self.current
            self._start_act()

    def _start_act(self) -> None:
        self.step = ACT
        self.ap = self.edition.action_points
        self.turn_excavated = {}
        self.turn_recovered = {}

    def _score_and_continue(self, seat: int) -> None:
        """End of a scoring turn: the player scores alone, then the next one plays (TIK-11)."""
        entry = score_seat(self, seat)
        self.score[seat] += entry["points"]
        if not self.history or self.history[-1]["complete"]:
            self.history.append(
                {
                    "round": len(self.history) + 1,
                    "final": self.scoring_final,
                    "complete": False,
                    "entries": [],
                }
            )
        self.history[-1]["entries"].append(entry)
        self.scoring_queue.pop(0)
        if self.scoring_queue:
            self.current = self.scoring_queue[0]
            self._start_act()
            return
        self.history[-1]["complete"] = True
        if self.scoring_final:
            self.step = OVER
            self.ap = 0
            return
        self.current = self.volcano_drawer  # then places the volcano and plays a normal turn
        self.volcano_drawer = NO_SEAT
        self._start_place()

    def _after_normal_turn(self, seat: int) -> None:
        n = self.n
        if not self.auction:
            if self.stack:
                self._begin_turn((seat + 1) % n)
            else:  # TIK-13: the final round starts with the next player clockwise
                self._start_final([(seat + 1 + i) % n for i in range(n)])
            return
        self.moved[seat] = True
        self.last_mover = seat
        if self.revealed:
            self._start_auction((seat + 1) % n)
        elif self.stack:
            self._start_round((seat + 1) % n)
        else:
            # TIK-15: lowest score first; ties: clockwise nearer to whoever placed the last tile
            placer = self.last_placer
            order = sorted(range(n), key=lambda s: (self.score[s], (s - placer - 1) % n))
            self._start_final(order)

    def _start_final(self, order: list[int]) -> None:
        self.scoring_final = True
        self.scoring_queue = order
        self.current = order[0]
        self._start_act()

    def _start_round(self, starter: int) -> None:
        """Auction version: reveal one tile per player (fewer if the stack runs short)."""
        count = min(self.n, len(self.stack))
        self.revealed = [self.stack.pop() for _ in range(count)]
        self.reveals += 1
        self.moved = [False] * self.n
        self._start_auction(starter)

    def _start_auction(self, starter: int) -> None:
        n = self.n
        self.high_bid, self.high_bidder, self.first_passer = 0, NO_SEAT, NO_SEAT
        self.passed = [False] * n
        eligible = [(starter + i) % n for i in range(n) if not self.moved[(starter + i) % n]]
        if len(eligible) == 1:  # the last player without a turn takes a tile for free
            self._win_auction(eligible[0])
            return
        self.step = BID
        self.current = eligible[0]

    def _next_bidder(self, seat: int) -> None:
        n = self.n
        waiting = [s for s in range(n) if not self.moved[s] and not self.passed[s]]
        if not waiting:
            self._win_auction(self.first_passer)  # nobody bid: the first to pass moves free
            return
        if waiting == [self.high_bidder]:
            self._win_auction(self.high_bidder)
            return
        for i in range(1, n + 1):
            nxt = (seat + i) % n
            if nxt in waiting:
                self.current = nxt
                return

    def _win_auction(self, winner: int) -> None:
        if winner == self.high_bidder:
            self.score[winner] -= self.high_bid
        self.high_bid, self.high_bidder, self.first_passer = 0, NO_SEAT, NO_SEAT
        self.passed = [False] * self.n
        self.current = winner
        self.step = CHOOSE

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: object) -> dict[str, Any]:
        """The same for every seat: everything but the stack's order and the face-down tokens
        (see `views`). `seat` typed `object` for the reason `apply` gives."""
        return views.view_of(self, self.check_view_seat(seat))

    def shuffle_hidden(self, seat: int | None, rng: random.Random) -> None:
        views.shuffle_hidden(self, rng)

    def redeal_unknown(self, rng: random.Random) -> None:
        """Everything hidden in Tikal is hidden from every seat (the stack, the face-down
        tokens), so this is `shuffle_hidden`."""
        views.shuffle_hidden(self, rng)

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
        """`clone`, or with `move` the copy for a figure's move of `clone_to_try`."""
        other = type(self).__new__(type(self))
        # the setup and the caches, shared
        other.options = self.options
        other.seed = self.seed
        other.edition = self.edition
        other.n = self.n
        other.auction = self.auction
        other.tile_kinds = self.tile_kinds
        other.names = self.names
        other._nbr = self._nbr
        other._base = self._base
        other._paths = self._paths
        other._placed = self._placed
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


def _raise_if(problem: Problem) -> None:
    """Raise the (rule, message) a rule check found, if any."""
    if problem:
        raise IllegalAction(*problem)


_HANDLERS: dict[type[Action], Callable[[TikalState, Seat, Any], None]] = {
    PlaceTile: TikalState._do_place,
    Deploy: TikalState._do_deploy,
    CampMove: TikalState._do_camp_move,
    Walk: TikalState._do_walk,
    Excavate: TikalState._do_excavate,
    Recover: TikalState._do_recover,
    Exchange: TikalState._do_exchange,
    BuildCamp: TikalState._do_build_camp,
    PlaceGuard: TikalState._do_guard,
    EndTurn: TikalState._do_end_turn,
    Bid: TikalState._do_bid,
    Pass: TikalState._do_pass,
    ChooseTile: TikalState._do_choose,
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
