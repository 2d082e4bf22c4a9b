"""The game-agnostic interface that every game engine implements.

A game is a mutable `GameState`. Front ends, bots and research adapters use only this interface:
they ask whose turn it is, list legal actions for a seat, apply one, and read per-seat views.
The rules live behind it, in one place per game.

Seats are numbered from 0. Several seats may act at once (simultaneous steps such as planning in
Altiplano); `to_move` lists them all.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Self

from meeple.engine.actions import Action, ActionCodec
from meeple.engine.errors import IllegalAction, MalformedAction
from meeple.engine.log import LogEntry
from meeple.engine.seats import DEFAULT_SEATS, Seats
from meeple.engine.words import Text, join, say


@dataclasses.dataclass(slots=True)
class Refusal:
    """Why a kind of action is not allowed now: the rule, its reason, one action refused so
    (as a label) and how many more of that kind the same rule refuses."""

    rule: str
    reason: str
    example: str
    others: int = 0


class GameState(ABC):
    """One game in progress: everything needed to continue it, and nothing else."""

    #: Registry name of the game, also the ``"game"`` field of its JSON forms.
    game_name: ClassVar[str]
    #: Reads this game's actions from JSON.
    codec: ClassVar[ActionCodec]
    #: How each seat looks and is named (the game's one declaration, `meeple.engine.seats`).
    seats: ClassVar[Seats] = DEFAULT_SEATS
    #: Whether every seat sees what a spectator sees: each view is the spectator's with its
    #: own ``seat``. A front end serving many readers then builds one view a position
    #: (`meeple.server.live`); the random-game checks hold a game that declares it to it.
    views_alike: ClassVar[bool] = False

    # -- creation -------------------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        """Set up a new game. Unknown or unsupported options raise `OptionsError`."""

    @classmethod
    @abstractmethod
    def normalize_options(cls, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in, checked; the form stored in records."""

    # -- whose turn, what is legal ------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats that may act now; empty once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action the rules allow `seat` now, each once; empty if it may not act."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> None:
        """Carry out `action` for `seat`.

        Raises `IllegalAction` (naming the rule) or `MalformedAction` and then leaves the state
        exactly as it was.
        """

    @abstractmethod
    def tried_actions(self, seat: int) -> list[Action]:
        """Actions a player of `seat` might look for now, allowed or not (every action of the
        current step on the seat's own figures, fields and goods): the "why not" help asks the
        rules about each one that is not legal. Empty when the seat is not to move."""

    def refusals(self, seat: int) -> list[Refusal]:
        """What `seat` cannot do now that a player might look for, with the rule that stops it:
        one entry per action kind and rule, with the first action refused so.

        The reasons are the rules' own: each tried action that is not legal is applied to a
        copy, and the `IllegalAction` it raises is reported (legal actions are exact, so every
        one of them raises).
        """
        found: dict[tuple[str, str], Refusal] = {}
        for action, exc in self.refused(seat):
            key = (action.kind, exc.rule)
            if key in found:
                found[key].others += 1
            else:
                found[key] = Refusal(exc.rule, exc.detail, self.action_label(action))
        return list(found.values())

    def refused(
        self, seat: int, wanted: Callable[[Action], bool] | None = None
    ) -> Iterator[tuple[Action, IllegalAction]]:
        """Each of `seat`'s tried actions that is not legal (and that `wanted` picks, if given),
        with the rules' refusal of it: the action applied to a copy, and the `IllegalAction` it
        raised. The one loop behind `refusals` and the table page's "why not" answer, so both
        give the rules' own words."""
        legal = set(self.legal_actions(seat))
        for action in self.tried_actions(seat):
            if action in legal or (wanted is not None and not wanted(action)):
                continue
            try:
                self.clone().apply(seat, action)
            except IllegalAction as exc:
                yield action, exc
            except MalformedAction:
                continue

    @property
    @abstractmethod
    def reveal_count(self) -> int:
        """How many random or hidden things have been revealed so far (tiles drawn, tokens
        turned, bag draws). Undo in the front ends never goes back past a change of it, so
        nobody can retry a draw."""

    # -- results ----------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Current points per seat (final points once the game is over)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that share the win, by the game's tie rules; empty while the game runs."""

    @abstractmethod
    def score_sheet(self) -> dict[str, Any]:
        """A JSON-ready breakdown of every score, for score sheets and replays."""

    def score_words(self) -> dict[str, Text]:
        """The words a score sheet is read in: each heading (a key of `score_sheet`) and each
        thing it names by id (a good, a mission), by key. JSON keys stay ids; a front end
        shows these texts, said in the reader's language, in their place."""
        return {}

    # -- what a seat sees ---------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see at the table, as JSON-ready data; ``None`` is a spectator.

        A view never contains information hidden from that seat (stack order, face-down
        tokens, bag order, others' secret cards).
        """

    def shared_view(self, seat: int | None, kept: dict[Any, Any]) -> dict[str, Any]:
        """`view(seat)` for a caller that never changes it nor any part of it (the server's
        payloads): its parts may be the very objects of views made before with the same
        `kept`, a dict the caller keeps (one per table) and the game fills, where those parts
        have not changed since; nothing in it is the state's own. The default is `view`."""
        return self.view(seat)

    @classmethod
    @abstractmethod
    def determinize(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        """Build a full state consistent with `view`, sampling what the view hides.

        Bots use this to search without ever reading hidden information; the sampled state
        gives the view's seat exactly the same view.
        """

    @classmethod
    def sampler(cls, view: Mapping[str, Any]) -> Callable[[random.Random], Self]:
        """`determinize` for one view, many times: a search bot calls this once a decision and
        what it returns once an iteration, with its own generator.

        The default reads the view again at every sample. A game whose `determinize` spends
        much of its time reading the view may override this to read it once; every sample must
        still equal ``cls.determinize(view, rng)`` and draw the same numbers from `rng`
        (`meeple.engine.testing` checks both), so that a seeded search chooses the same."""
        return functools.partial(cls.determinize, view)

    @abstractmethod
    def shuffle_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Re-randomise, in place, everything hidden from `seat` (``None``: from everybody).

        The result is another legal state that `seat` cannot tell apart from this one. Tests use
        it to prove that views leak nothing: the view of `seat` must not change.
        """

    @abstractmethod
    def redeal_unknown(self, rng: random.Random, before: Action | None = None) -> None:
        """Re-deal, in place and from `rng`, what no seat knows yet (a stack's order, face-down
        tokens, the seeds of draws to come), leaving every seat's view as it is.

        Research adapters call it before a step that may reveal something, so that chance is
        drawn when it happens, from the generator of the game object (OpenSpiel's sampled
        chance): a copy of the state made earlier, searched or rolled out, cannot know what
        will be drawn. `before`, when given, is the action about to be applied: a game may
        then re-deal only what that action can reveal (the rest is re-dealt before the step
        that reveals it)."""

    @abstractmethod
    def narrate(
        self, before: Self, seat: int, action: Action, viewer: int | None
    ) -> list[LogEntry]:
        """What `viewer` (``None``: a spectator) reads about `seat` playing `action`, which
        turned `before` into this state: the move, then what it set off (a draw, a scoring).

        Made only from what `viewer` may see, so front ends print it as it is: another seat's
        secret (a kept mission card) reads as "kept a mission".
        """

    def narrate_all(
        self, before: Self, seat: int, action: Action, viewers: Sequence[int | None]
    ) -> dict[int | None, list[LogEntry]]:
        """`narrate` for each of `viewers`. The server logs every move for every seat and the
        spectators; a game whose lines read mostly the same for every viewer overrides this
        to read the position once."""
        return {viewer: self.narrate(before, seat, action, viewer) for viewer in viewers}

    def apply_narrated(
        self, seat: int, action: Action, viewers: Sequence[int | None]
    ) -> dict[int | None, list[LogEntry]]:
        """`apply`, then `narrate_all` of the move for `viewers`: what the server does with
        every move. Here from a copy of the state before it; a game whose narration reads
        only a part of the position before the move overrides this to keep just that part
        (a copy of the whole state cost the server more than the narration). Raises as
        `apply` does, changing nothing."""
        before = self.clone()
        self.apply(seat, action)
        return self.narrate_all(before, seat, action, viewers)

    # -- persistence ------------------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-ready data; `from_json` restores it exactly."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Restore a state; malformed data raises `MalformedState` naming the field."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, cheaper than a JSON round trip (search bots use it a lot)."""

    # -- conveniences shared by all games ---------------------------------------------------------
    def parse_action(self, data: object) -> Action:
        """Read an action from its JSON form (a dict or a JSON string)."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise MalformedAction(f"action is not valid JSON: {exc}") from exc
        return self.codec.from_json(data)

    def action_label(self, action: Action) -> str:
        """A short label for people; games whose labels need the state (board names) override.
        Games make it a `meeple.engine.words.Text`, so that each reader gets it in their
        language."""
        return action.label()

    def check_view_seat(self, seat: object) -> int | None:
        """Reject a seat that cannot look at the table (``None``, a spectator, can)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.num_players):
            raise MalformedAction(
                f"a view is for a seat 1..{self.num_players} (0..{self.num_players - 1} in the "
                f"API) or None, not {seat!r}"
            )
        return seat

    def check_seat(self, seat: object) -> int:
        """Reject a seat that is not a player of this game or may not act now."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise MalformedAction(
                f"seat must be an integer 0..{self.num_players - 1} (seats 1..{self.num_players}"
                f" as players count them), not {seat!r}"
            )
        if seat not in self.to_move():
            if self.is_over():
                raise IllegalAction("game over", say("the game is over"))
            movers = join(", ", [self.seats.name(s) for s in self.to_move()])
            raise IllegalAction(
                "turn order",
                say(
                    "{seat} may not act now (to move: {movers})",
                    seat=self.seats.name(seat),
                    movers=movers,
                ),
            )
        return seat

    # -- copies by the standard library ---------------------------------------------------
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its JSON form, restored by `from_json`: a state's pickle is plain data,
        the same size whatever else the process played, and what the process keeps for speed
        (an edition's memo, cached placements and paths, interned actions) never travels. So
        a state sent to another process (multiprocessing, Ray, OpenSpiel's serialize) plays
        exactly as the original, with that process's own caches."""
        return (type(self).from_json, (self.to_json(),))

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """`clone`: independent, and it shares only what never changes (the edition, caches)."""
        return self.clone()

    def __copy__(self) -> Self:
        """`clone` too: a shallow copy would share the lists a move changes."""
        return self.clone()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable
