"""OpenSpiel games for every game with an encoding; importing this module registers them::

    import pyspiel
    import meeple.research.openspiel  # registers python_meeple_tikal, ...
    game = pyspiel.load_game("python_meeple_tikal", {"players": 4, "auction": True})

The game's flag and seat options are game parameters, with ``players``, ``edition`` (the name
of an edition shipped with the game, or its JSON text; empty for the built-in one) and
``rng_seed`` (OpenSpiel's usual name; ``seed`` is the same, kept for existing code): the seed
of the game's generator, -1 (the default) for a fresh one from the operating system, so that
``load_game(name)`` plays other games in every process.

Chance is sampled, as in OpenSpiel's sampled-stochastic games: there are no chance nodes, and
the generator lives in the game object. It deals each new initial state, and before a step
that may reveal something drawn (the encoding's `chance_kinds`) the engine re-deals what no
seat knows from it (`GameState.redeal_unknown`): so a clone searched or rolled out draws its
own tiles and goods, not the real game's. With ``replay_chance=True`` each state keeps the
draws it was dealt instead, so that a clone given the same actions draws the same: what
OpenSpiel's ``random_sim_test`` checks at every step, and what reproducing a game from one
of its states needs. ``get_rng_state``/``set_rng_state`` read and set it;
a game pickles with its parameters and generator, a state with its game. (OpenSpiel's C++
`SerializeGameAndState` asks the C++ game for its generator, which a Python game cannot give:
see docs/research.md.)

Players move one at a time; in a simultaneous step the lowest seat of `GameState.to_move`
with something to do moves first (the engine keeps the others' choices secret as it does at
the table); steps that only undo another are not offered
(`meeple.research.games.playable_actions`). Returns come at the end: 1 to each seat sharing
the win, 0 to the others. `max_game_length` is the encoding's own bound
(`Encoding.max_game_length`, derived from the edition and options): an OpenSpiel game must end,
so there is no made-up default.

What a player knows: its *observation* is its view now (`GameState.view`; the string is its
JSON, the tensor the game's encoding). Its *information state* has perfect recall: the string
is a SHA-256 digest chained over every view the seat has had since the start (and every
action it took itself), then its view now; the tensor is the encoding of its view now
followed by its history (`meeple.research.history`: one row per step, with the acting seat,
the action when the seat may know it and a digest of the seat's observation after it).
Observers honour `pyspiel.IIGObservationType` (`meeple.research.observers`): public only is
the spectators' view, all players every seat's view. `resample_from_infostate` builds the
state through the engine's `determinize`, from that seat's view alone.
"""

from __future__ import annotations

import _random
import copy
import functools
import hashlib
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
import orjson
import pyspiel

from meeple.engine.actions import Action
from meeple.engine.encoding import Encoding
from meeple.engine.game import GameState
from meeple.engine.gameinfo import PLAYERS, GameInfo
from meeple.research.games import (
    ActionIndexes,
    acting_of,
    edition_data,
    encoding_for,
    playable_actions,
    research_games,
    shared_indexes,
)
from meeple.research.history import (
    MOST_ROWS,
    HistoryLayout,
    SeatHistory,
    observation_digest,
    start_row,
    step_row,
)
from meeple.research.observers import Observer, make_observer

#: Option kinds that become game parameters, and the parameter's type.
_PARAMETER_KINDS: dict[str, Callable[[Any], Any]] = {"flag": bool, "seat": int}

#: The seed parameters: OpenSpiel's usual name, and the name this adapter had first.
SEED_PARAMETERS = ("rng_seed", "seed")


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game: str) -> str:
    return f"python_meeple_{game}"


def _parameters(info: GameInfo) -> dict[str, Any]:
    """The game's parameters and their defaults (OpenSpiel's parameter specification)."""
    params: dict[str, Any] = {PLAYERS: info.default_players, "edition": "", "replay_chance": False}
    params |= dict.fromkeys(SEED_PARAMETERS, -1)
    for spec in info.options:
        if spec.kind in _PARAMETER_KINDS:
            params[spec.name] = _PARAMETER_KINDS[spec.kind](spec.default or 0)
    return params


def game_seed(params: Mapping[str, Any]) -> int:
    """The seed of the game's generator: ``rng_seed`` or its alias ``seed`` (both given, they
    must agree), -1 when neither is; any other negative number is refused."""
    given = {params[name] for name in SEED_PARAMETERS if params.get(name, -1) != -1}
    if len(given) > 1:
        raise ValueError(f"rng_seed and seed disagree: {sorted(given)}")
    seed = given.pop() if given else -1
    if type(seed) is not int or seed < -1:
        raise ValueError(f"rng_seed must be an integer >= 0, or -1 for a random one: {seed!r}")
    return seed


def _game_type(info: GameInfo) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"Meeple {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(info),
    )


def _game_class(game: str) -> type[pyspiel.Game]:
    """The `pyspiel.Game` subclass of one registered game."""

    class MeepleGame(pyspiel.Game):
        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            params = {**_parameters(info), **(params or {})}
            options = {
                k: v for k, v in params.items() if k not in (*SEED_PARAMETERS, "replay_chance")
            }
            options["edition"] = edition_data(game, options["edition"])
            self.meeple_info, self.options, self.encoding = encoding_for(game, options)
            length = self.encoding.max_game_length
            players = self.options[PLAYERS]
            self.history = HistoryLayout(
                players, min(length + 1, MOST_ROWS), self.encoding.action_space_size
            )
            game_info = pyspiel.GameInfo(
                num_distinct_actions=self.encoding.action_space_size,
                max_chance_outcomes=0,
                num_players=self.options[PLAYERS],
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=length,
            )
            super().__init__(game_type, game_info, params)
            seed = game_seed(params)
            #: The game's generator: it deals every new game and draws chance as it happens.
            self.chance = random.Random(seed if seed >= 0 else None)
            #: Whether each state keeps the draws it was dealt (`replay_chance`), rather than
            #: drawing from `chance` when they happen.
            self.replay_chance = bool(params["replay_chance"])
            self._labels: GameState | None = None
            self.indexes = shared_indexes(self.encoding)
            #: The observers of `MeepleState.observation_tensor` and
            #: `information_state_tensor`, made when first asked for.
            self.tensor_observers: dict[bool, Observer] = {}
            #: Their tensors as lists of floats, kept per seat (`TensorLists`).
            self.tensor_lists = {False: TensorLists(), True: TensorLists()}
            #: The encoding's observer of states for `observation_tensor`, made when first
            #: asked for (`SeatObserver` without recall, less its copy into its tensor).
            self.tensor_states: Any = None

        def new_initial_state(self) -> MeepleState:
            """A new game of the next seed of the game's generator (OpenSpiel also makes one
            for every clone and deserialized state, and replaces its table at once: the
            engine itself is only made when first used)."""
            new, options = self.meeple_info.state_class.new, self.options
            start = functools.partial(new, options, self.chance.getrandbits(64))
            table = _Table(
                self.encoding, self.meeple_info, self.history, start=start, indexes=self.indexes
            )
            return MeepleState(self, table)

        def get_rng_state(self) -> str:
            """The generator's state as text (OpenSpiel's ``GetRNGState``)."""
            version, internal, gauss = self.chance.getstate()
            return orjson.dumps([version, internal, gauss]).decode()

        def set_rng_state(self, rng_state: str) -> None:
            """Set the generator from `get_rng_state`'s text (OpenSpiel's ``SetRNGState``)."""
            version, internal, gauss = orjson.loads(rng_state)
            self.chance.setstate((version, tuple(internal), gauss))

        def __reduce__(self) -> tuple[Any, ...]:
            """A game pickles (and deep-copies) as its parameters and its generator's state,
            so multiprocessing and Ray can send it."""
            return (_load_game, (short_name(game), self.get_parameters(), self.get_rng_state()))

        def __deepcopy__(self, memo: dict[int, Any]) -> pyspiel.Game:
            return _load_game(short_name(game), self.get_parameters(), self.get_rng_state())

        def action_to_string(self, player: int, action: int) -> str:
            """The action's words, as a state names it (`GameState.action_label`) at the
            start of a game of these options (a later state may name it more precisely)."""
            if self._labels is None:
                self._labels = self.meeple_info.state_class.new(self.options, 0)
            return str(self._labels.action_label(self.encoding.action_at(action)))

        def make_py_observer(
            self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
        ) -> Observer:
            return make_observer(self.encoding, self.history, iig_obs_type)

        def tensor_observer(self, recall: bool) -> Observer:
            """The game's observer of one seat's observation, or with `recall` its
            information state (OpenSpiel's default and information-state observers)."""
            observer = self.tensor_observers.get(recall)
            if observer is None:
                kind = pyspiel.IIGObservationType(perfect_recall=recall)
                observer = self.tensor_observers[recall] = self.make_py_observer(kind)
            return observer

    info, _, _ = encoding_for(game, {})
    game_type = _game_type(info)
    MeepleGame.__name__ = MeepleGame.__qualname__ = f"Meeple{game.title()}Game"
    return MeepleGame


_BITS = np.dtype(np.uint32)


class TensorLists:
    """A tensor as the list of floats OpenSpiel's methods return, made from the list given
    for the same seat last time: a new list of a few thousand floats costs about 150
    instructions a number (`numpy.ndarray.tolist`, docs/benchmarks.md, issue 26), where
    copying a list costs a few, and a step changes few of the numbers. The kept list is
    rewritten where the tensor differs from the tensor it was made from (numpy compares
    their bits), so the list handed out is always the tensor's, whatever was asked before
    (clones, other games of the same game object); only the work depends on the past."""

    def __init__(self) -> None:
        #: [seat] -> (the bits of the tensor last given, its list)
        self._kept: dict[int, tuple[npt.NDArray[np.uint32], list[float]]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) without what it kept: that only saves work."""
        return (TensorLists, ())

    def values(
        self, seat: int, tensor: npt.NDArray[np.float32], fresh: bool = False
    ) -> list[float]:
        """``tensor.tolist()``, a new list the caller may change. With `fresh` (a new array
        nobody else holds) the tensor is kept as it is, not copied."""
        kept = self._kept.get(seat)
        bits = tensor.view(_BITS)  # compared by their bits: a rewritten 0 stays 0
        if kept is None or kept[0].shape != bits.shape:
            values: list[float] = tensor.tolist()
        else:
            before, values = kept
            changed = (before != bits).nonzero()[0]  # numpy's method: not its Python wrappers
            if len(changed) > len(tensor) // 4:
                values = tensor.tolist()
            else:
                for i, x in zip(changed.tolist(), tensor[changed].tolist(), strict=True):
                    values[i] = x
        self._kept[seat] = (bits if fresh else bits.copy(), values)
        return values[:]


def _load_game(name: str, params: Mapping[str, Any], rng_state: str) -> pyspiel.Game:
    """A game loaded from its parameters, its generator set to `rng_state`."""
    spiel = pyspiel.load_game(name, dict(params))
    spiel.set_rng_state(rng_state)
    return spiel


def _deserialize_state(spiel: pyspiel.Game, serialized: str) -> pyspiel.State:
    return spiel.deserialize_state(serialized)


def _view_bytes(state: GameState, seat: int) -> bytes:
    return _json(state.view(seat))


def _json(view: Mapping[str, Any]) -> bytes:
    return orjson.dumps(view, option=orjson.OPT_SORT_KEYS)


class _Recall:
    """Every seat's history: a SHA-256 digest chained over the views the seat had (and its own
    actions), and its rows (`meeple.research.history`). Kept lazily: a seat's history is
    brought up to date when asked, from the current state if it is one step behind, else by
    replaying the game's steps from `base`, the state where every history was last up to date
    (the initial state, a resampled one, or where the last replay ended)."""

    def __init__(
        self, base: GameState, digests: list[bytes], histories: list[SeatHistory] | None = None
    ) -> None:
        self.base = base  # never changed (copies share it): replays start from a clone
        #: (seat, action index, whether the others may not know the action) since `base`
        self.moves: list[tuple[int, int, bool]] = []
        self.digests = digests  # per seat, covering `covered[seat]` moves
        #: Likewise, when kept (the tensor's `_Recall`; the string's keeps none, as each row
        #: costs an observation of every seat after every step).
        self.histories = histories
        self.covered = [-1] * len(digests)
        #: move number -> the seed of the generator the unknown was re-dealt with before it
        #: (`GameState.redeal_unknown`), so that a replay draws what the game drew
        self.redeals: dict[int, int] = {}

    def copy(self) -> _Recall:
        histories = None if self.histories is None else [h.copy() for h in self.histories]
        other = _Recall(self.base, self.digests[:], histories)
        other.moves = self.moves[:]
        other.covered = self.covered[:]
        other.redeals = self.redeals.copy()
        return other

    def digest(self, state: GameState, seat: int, encoding: Encoding) -> bytes:
        """The seat's digest over everything before its view now (`state`, after `moves`)."""
        self.bring_up_to_date(state, seat, encoding)
        return self.digests[seat]

    def history(self, state: GameState, seat: int, encoding: Encoding) -> SeatHistory:
        """The seat's rows up to its view now (`state`, after `moves`)."""
        assert self.histories is not None, "asked of the tensor's recall"
        self.bring_up_to_date(state, seat, encoding)
        return self.histories[seat]

    def bring_up_to_date(self, state: GameState, seat: int, encoding: Encoding) -> None:
        done = len(self.moves)
        covered = self.covered[seat]
        if covered == done:
            pass
        elif covered == -1 and done == 0:
            self._start(state, seat, encoding)
        elif covered == done - 1 and covered >= 0:
            # With rows (asked for every step by learners), every seat one step behind takes
            # the step now: the state it needs is at hand, where later it would take a replay.
            for other, behind in enumerate(self.covered):
                if other == seat or (behind == covered and self.histories is not None):
                    self._extend(state, other, covered, encoding)
        else:
            self._replay(encoding)

    def _start(self, state: GameState, seat: int, encoding: Encoding) -> None:
        view = state.view(seat)
        self.digests[seat] = _start_digest(_json(view))
        if self.histories is not None:
            observation = encoding.observation(view)
            self.histories[seat].add(start_row(observation_digest(observation)), observation)
        self.covered[seat] = 0

    def _extend(self, state: GameState, seat: int, move: int, encoding: Encoding) -> None:
        """Take move number `move` into the seat's history, with the view it gave the seat
        (`state`, just after the move)."""
        mover, action, secret = self.moves[move]
        view = state.view(seat)
        own = str(action).encode() if mover == seat else b"-"
        self.digests[seat] = hashlib.sha256(self.digests[seat] + own + _json(view)).digest()
        if self.histories is not None:
            observation = encoding.observation(view)
            after = observation_digest(observation)
            row = step_row(seat, mover, action, secret, after, len(self.digests))
            self.histories[seat].add(row, observation)
        self.covered[seat] = move + 1

    def _replay(self, encoding: Encoding) -> None:
        """Bring every seat's history up to date by replaying the moves from `base`."""
        game = self.base.clone()
        for seat, covered in enumerate(self.covered):
            if covered < 0:
                self._start(game, seat, encoding)
        for move, (mover, action, _) in enumerate(self.moves):
            played = encoding.action_at(action)
            if move in self.redeals:
                game.redeal_unknown(random.Random(self.redeals[move]), played)
            game.apply(mover, played)
            for seat, covered in enumerate(self.covered):
                if covered == move:
                    self._extend(game, seat, move, encoding)
        # Every seat is up to date: the next replay starts here (`game` is never changed again).
        self.base, self.moves, self.covered = game, [], [0] * len(self.covered)
        self.redeals = {}


def _start_digest(view: bytes, salt: bytes = b"") -> bytes:
    return hashlib.sha256(salt + view).digest()


class _Table:
    """What a state holds: the engine, the encoding and the seats' histories.

    OpenSpiel's C++ side clones a Python state by making a new initial state and deep-copying
    the attributes into it: so a new game's engine is only made when first used (a clone's is
    replaced before), and a table copies itself as the engine clones (the encoding and the
    edition are shared, never copied)."""

    def __init__(
        self,
        encoding: Encoding,
        info: GameInfo,
        layout: HistoryLayout,
        engine: GameState | None = None,
        recalls: tuple[_Recall, _Recall] | None = None,
        start: Callable[[], GameState] | None = None,
        indexes: ActionIndexes | None = None,
    ) -> None:
        self.encoding = encoding
        #: The game's remembered action indexes (shared by its states), or a table's own.
        self.indexes = indexes if indexes is not None else ActionIndexes(encoding)
        self.info = info
        self.layout = layout  # of each seat's history section
        #: The engine and the seats' histories once dealt (`engine` and `recalls` deal them
        #: when first asked for), read as they are at every step (each property a Python call).
        self.dealt = engine
        self.recalled = recalls  # the string's and the tensor's
        self._start = start
        #: The seat to act and whether several seats are to move (`acting_of`), with the
        #: engine, once known: OpenSpiel asks for the current player several times a step,
        #: and only `MeepleState._apply_action` changes the engine (and finds them again).
        self.acting: tuple[int | None, bool, GameState] | None = None
        #: The acting seat's action indexes and actions (in the same order), as
        #: `MeepleState.legal_actions` last listed them (each action equal to what
        #: `Encoding.action_at` decodes of its index), until the engine changes.
        self.offered: tuple[list[int], list[Action]] | None = None
        #: The generator of the chance re-dealt before a step (`reseeded`), once there was one.
        self._redeal: random.Random | None = None

    def reseeded(self, seed: int) -> random.Random:
        """``random.Random(seed)``, as the table's own generator seeded anew: at each of a
        game's chance steps a new generator cost 5 to 8 k instructions more than the 27 k of
        the seeding (its 2.5 KB of state allocated and cleared, `random.Random`'s
        ``__init__`` and ``seed`` in Python; docs/benchmarks.md, session 31)."""
        rng = self._redeal
        if rng is None:
            rng = self._redeal = random.Random(seed)
        else:
            # `random.Random.seed` of an int without its Python code: the same state for every
            # draw but `gauss`'s (it also forgets a kept normal), which no re-deal asks for
            _random.Random.seed(rng, seed)
        return rng

    def _set_up(self) -> None:
        if self.dealt is None:
            assert self._start is not None, "a table has an engine or a way to start one"
            self.dealt = self._start()
        if self.recalled is None:
            players, base = self.dealt.num_players, self.dealt.clone()
            histories = [SeatHistory(self.layout) for _ in range(players)]
            self.recalled = (
                _Recall(base, [b""] * players),
                _Recall(base, [b""] * players, histories),
            )

    @property
    def engine(self) -> GameState:
        if self.dealt is None:
            self._set_up()
        assert self.dealt is not None
        return self.dealt

    @property
    def recalls(self) -> tuple[_Recall, _Recall]:
        """The seats' histories for the information state string, and for the tensor."""
        if self.recalled is None:
            self._set_up()
        assert self.recalled is not None
        return self.recalled

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled dealt (a table not yet used is dealt now), so that its pickle holds the
        engine's state and never the game's generator."""
        return (_Table, (self.encoding, self.info, self.layout, self.engine, self.recalls))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        string, tensor = self.recalls
        recalls = (string.copy(), tensor.copy())
        return _Table(
            self.encoding, self.info, self.layout, self.engine.clone(), recalls, None, self.indexes
        )


class MeepleState(pyspiel.State):
    """One game in progress, seen through OpenSpiel."""

    def __init__(self, game: pyspiel.Game, table: _Table) -> None:
        super().__init__(game)
        self.table = table

    @property
    def engine(self) -> GameState:
        return self.table.engine

    def _acting(self) -> tuple[int | None, bool, GameState]:
        """`_Table.acting`, found if not known."""
        table = self.table
        acting = table.acting
        if acting is None:
            engine = table.dealt or table.engine
            acting = table.acting = (*acting_of(engine, table.info), engine)
        return acting

    def current_player(self) -> int:
        seat = (self.table.acting or self._acting())[0]  # known but at a state's first question
        return _TERMINAL if seat is None else seat

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The player's legal actions (the player to move's by default), sorted, as pyspiel's
        own method gives them, without its calls from C++ back into Python first (whether
        the game is over, the player to move, asked several times): Python callers, such as
        a learner's loop, get the list here; C++ callers still pay the detour. The acting
        seat's are kept with their actions in `_Table.offered`; the list is a new one."""
        table = self.table
        seat, _, engine = table.acting or self._acting()
        if player is None:
            if seat is None:
                return []
            player = seat
        elif player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        if player != seat:
            return []
        offered = table.offered
        if offered is None:
            actions = playable_actions(engine, table.info, player)
            indexes, listed = table.indexes.sorted_indexes(actions)
            table.offered = (indexes, actions)
            return listed
        return sorted(offered[0])

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player) if player >= 0 else []

    def _apply_action(self, action: int) -> None:
        table = self.table
        seat, several, engine = table.acting or self._acting()
        if seat is None:
            raise pyspiel.SpielError("the game is over")
        encoding, offered = table.encoding, table.offered
        played = None
        if offered is not None and type(action) is int:
            try:
                played = offered[1][offered[0].index(action)]
            except ValueError:  # not listed: decoded (and checked by the engine) below
                played = None
        if played is None:
            played = encoding.action_at(action)
        secret = several or played.kind in encoding.secret_kinds
        if played.kind in encoding.chance_kinds:
            spiel = self.get_game()
            if not spiel.replay_chance:
                # Chance is drawn now, from the game's generator (OpenSpiel's sampled chance).
                seed = spiel.chance.getrandbits(64)
                engine.redeal_unknown(table.reseeded(seed), played)
                for recall in table.recalls:
                    recall.redeals[len(recall.moves)] = seed
        table.acting = table.offered = None
        engine.apply(seat, played)
        # The next step's seat, found now rather than by a call at the first question: every
        # caller asks (OpenSpiel's `ApplyAction` asks for the current player first).
        table.acting = (*acting_of(engine, table.info), engine)
        move = (seat, action, secret)
        string, tensor = table.recalled or table.recalls
        string.moves.append(move)
        tensor.moves.append(move)

    def __reduce__(self) -> tuple[Any, ...]:
        """A state pickles with its game, in OpenSpiel's serialized form (its history and
        move number too): OpenSpiel's own pickling serializes the game's generator through
        C++, which a Python game cannot provide."""
        return (_deserialize_state, (self.get_game(), self.serialize()))

    def __deepcopy__(self, memo: dict[int, Any]) -> pyspiel.State:
        """A copy with a copy of the game (and its generator), which therefore draws what
        this state will; `clone` shares the game, as OpenSpiel's clones do."""
        return _deserialize_state(copy.deepcopy(self.get_game(), memo), self.serialize())

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation tensor (the player to move's by default), as pyspiel's own
        method gives it, a list of floats, without what that method does first for a game
        written in Python: ask the game for the tensor's shape, which pyspiel answers by
        dealing a new game and observing it (docs/benchmarks.md, issue 26). The tensor
        without the list is the observer's (`make_observation(game).tensor`, numpy)."""
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The seat's information state tensor (see `observation_tensor`)."""
        return self._tensor(True, player)

    def _tensor(self, recall: bool, player: int | None) -> list[float]:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.table.engine.num_players:
            raise pyspiel.SpielError(f"no seat {player} to observe")
        spiel = self.get_game()
        if not recall:
            # the seat's observation as the default observer writes it, a new array: handed
            # to the list as it is, without the observer's copy
            states = spiel.tensor_states
            if states is None:
                states = spiel.tensor_states = self.table.encoding.state_observer()
            tensor = states.observe(self.table.engine, player)
            if tensor.ndim != 1:
                tensor = tensor.reshape(-1)
            return spiel.tensor_lists[False].values(player, tensor, fresh=True)
        observer = spiel.tensor_observer(recall)
        observer.set_from(self, player)
        return spiel.tensor_lists[recall].values(player, observer.tensor)

    def _action_to_string(self, player: int, action: int) -> str:
        engine = self.table.engine
        return str(engine.action_label(self.table.encoding.action_at(action)))

    def is_terminal(self) -> bool:
        table = self.table
        return (table.dealt or table.engine).is_over()

    def returns(self) -> list[float]:
        engine = self.table.engine
        winners = set(engine.winners())
        return [1.0 if s in winners else 0.0 for s in range(engine.num_players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MeepleState:
        """A state `player_id` cannot tell from this one: the engine's `determinize` of its
        view, with its own history kept, and the others' started afresh from it (their real
        histories would tell what only they saw)."""
        table = self.table
        seed = _seed(probability_sampler)
        sampled = type(table.engine).determinize(table.engine.view(player_id), random.Random(seed))
        string, tensor = table.recalls
        mine = string.digest(table.engine, player_id, table.encoding)
        my_history = tensor.history(table.engine, player_id, table.encoding)
        players = range(sampled.num_players)
        digests = [
            mine if s == player_id else _start_digest(_view_bytes(sampled, s), mine)
            for s in players
        ]
        histories = [
            my_history.copy() if s == player_id else SeatHistory(table.layout) for s in players
        ]
        for s in players:
            if s != player_id:
                observation = table.encoding.observation(sampled.view(s))
                histories[s].add(start_row(observation_digest(observation)), observation)
        base = sampled.clone()
        recalls = (_Recall(base, digests), _Recall(base, digests[:], histories))
        for recall in recalls:
            recall.covered = [0] * sampled.num_players
        sampled_table = _Table(table.encoding, table.info, table.layout, sampled, recalls)
        return MeepleState(self.get_game(), sampled_table)

    def __str__(self) -> str:
        return _json(self.table.engine.view(None)).decode()  # keys sorted: copies list alike


def _seed(probability_sampler: Any) -> int:
    """A seed drawn with the caller's sampler when it is a ``numpy`` generator or alike."""
    if probability_sampler is not None and hasattr(probability_sampler, "randint"):
        return int(probability_sampler.randint(0, 2**31 - 1))
    return random.getrandbits(64)


def register_all() -> tuple[str, ...]:
    """Register every game with an encoding (again, harmlessly); their short names."""
    names = []
    for game in research_games():
        cls = _game_class(game)
        info, _, _ = encoding_for(game, {})
        pyspiel.register_game(_game_type(info), cls)
        names.append(short_name(game))
    return tuple(names)


REGISTERED = register_all()
