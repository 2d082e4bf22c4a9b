"""OpenSpiel games for every game with an encoding; importing this module registers them::

    import pyspiel
    import meeple.research.openspiel  # registers python_meeple_tikal, ...
    game = pyspiel.load_game("python_meeple_tikal", {"players": 4, "auction": True})

The game's flag and seat options are game parameters, with ``players`` and ``seed`` (the seed
of the first game; -1 for a random one; each new initial state takes the next seed).
Chance is sampled: the engine draws with its own seeded generator, so there are no chance
nodes. Players move one at a time; in a simultaneous step the lowest seat of
`GameState.to_move` with something to do moves first (the engine keeps the others' choices
secret as it does at the table); steps that only undo another are not offered
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
`resample_from_infostate` builds the state through the engine's `determinize`, from that
seat's view alone.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import orjson
import pyspiel

from meeple.engine.encoding import Encoding
from meeple.engine.game import GameState
from meeple.engine.gameinfo import PLAYERS, GameInfo
from meeple.research.games import acting_seat, encoding_for, playable_actions, research_games
from meeple.research.history import (
    MOST_ROWS,
    HistoryLayout,
    SeatHistory,
    observation_digest,
    start_row,
    step_row,
)

#: Option kinds that become game parameters, and the parameter's type.
_PARAMETER_KINDS: dict[str, Callable[[Any], Any]] = {"flag": bool, "seat": int}


def short_name(game: str) -> str:
    return f"python_meeple_{game}"


def _parameters(info: GameInfo) -> dict[str, Any]:
    """The game's parameters and their defaults (OpenSpiel's parameter specification)."""
    params: dict[str, Any] = {PLAYERS: info.default_players, "seed": -1}
    for spec in info.options:
        if spec.kind in _PARAMETER_KINDS:
            params[spec.name] = _PARAMETER_KINDS[spec.kind](spec.default or 0)
    return params


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
            options = {k: v for k, v in params.items() if k != "seed"}
            self.meeple_info, self.options, self.encoding = encoding_for(game, options)
            length = self.encoding.max_game_length
            players = self.options[PLAYERS]
            self.history = HistoryLayout(players, min(length + 1, MOST_ROWS))
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
            seed = params["seed"]
            self._seeds = random.Random(seed if seed >= 0 else None)

        def new_initial_state(self) -> MeepleState:
            seed = self._seeds.getrandbits(32)
            new, options = self.meeple_info.state_class.new, self.options
            start = functools.partial(new, options, seed)
            return MeepleState(
                self, _Table(self.encoding, self.meeple_info, self.history, start=start)
            )

        def make_py_observer(
            self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
        ) -> MeepleObserver:
            recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            return MeepleObserver(self.encoding, self.history if recall else None)

    info, _, _ = encoding_for(game, {})
    game_type = _game_type(info)
    MeepleGame.__name__ = MeepleGame.__qualname__ = f"Meeple{game.title()}Game"
    return MeepleGame


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

    def copy(self) -> _Recall:
        histories = None if self.histories is None else [h.copy() for h in self.histories]
        other = _Recall(self.base, self.digests[:], histories)
        other.moves = self.moves[:]
        other.covered = self.covered[:]
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
            game.apply(mover, encoding.action_at(action))
            for seat, covered in enumerate(self.covered):
                if covered == move:
                    self._extend(game, seat, move, encoding)
        # Every seat is up to date: the next replay starts here (`game` is never changed again).
        self.base, self.moves, self.covered = game, [], [0] * len(self.covered)


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
    ) -> None:
        self.encoding = encoding
        self.info = info
        self.layout = layout  # of each seat's history section
        self._engine = engine
        self._recalls = recalls  # the string's and the tensor's
        self._start = start

    def _set_up(self) -> None:
        if self._engine is None:
            assert self._start is not None, "a table has an engine or a way to start one"
            self._engine = self._start()
        if self._recalls is None:
            players, base = self._engine.num_players, self._engine.clone()
            histories = [SeatHistory(self.layout) for _ in range(players)]
            self._recalls = (
                _Recall(base, [b""] * players),
                _Recall(base, [b""] * players, histories),
            )

    @property
    def engine(self) -> GameState:
        if self._engine is None:
            self._set_up()
        assert self._engine is not None
        return self._engine

    @property
    def recalls(self) -> tuple[_Recall, _Recall]:
        """The seats' histories for the information state string, and for the tensor."""
        if self._recalls is None:
            self._set_up()
        assert self._recalls is not None
        return self._recalls

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        string, tensor = self.recalls
        recalls = (string.copy(), tensor.copy())
        return _Table(self.encoding, self.info, self.layout, self.engine.clone(), recalls)


class MeepleState(pyspiel.State):
    """One game in progress, seen through OpenSpiel."""

    def __init__(self, game: pyspiel.Game, table: _Table) -> None:
        super().__init__(game)
        self.table = table

    @property
    def engine(self) -> GameState:
        return self.table.engine

    def current_player(self) -> int:
        seat = acting_seat(self.table.engine, self.table.info)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        table = self.table
        if acting_seat(table.engine, table.info) != player:
            return []
        index = table.encoding.action_index
        return sorted(index(a) for a in playable_actions(table.engine, table.info, player))

    def _apply_action(self, action: int) -> None:
        table = self.table
        seat = acting_seat(table.engine, table.info)
        if seat is None:
            raise pyspiel.SpielError("the game is over")
        engine, played = table.engine, table.encoding.action_at(action)
        secret = len(engine.to_move()) > 1 or played.kind in table.encoding.secret_kinds
        engine.apply(seat, played)
        for recall in table.recalls:
            recall.moves.append((seat, action, secret))

    def _action_to_string(self, player: int, action: int) -> str:
        engine = self.table.engine
        return str(engine.action_label(self.table.encoding.action_at(action)))

    def is_terminal(self) -> bool:
        return self.table.engine.is_over()

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
        return orjson.dumps(self.table.engine.view(None)).decode()


def _seed(probability_sampler: Any) -> int:
    """A seed drawn with the caller's sampler when it is a ``numpy`` generator or alike."""
    if probability_sampler is not None and hasattr(probability_sampler, "randint"):
        return int(probability_sampler.randint(0, 2**31 - 1))
    return random.getrandbits(64)


class MeepleObserver:
    """OpenSpiel's observer (the ``PyObserver`` interface): a seat's observation, or with
    perfect recall (`history` given) its information state: the observation, then the seat's
    history section."""

    def __init__(self, encoding: Encoding, history: HistoryLayout | None) -> None:
        self.encoding = encoding
        self.history = history
        size = int(np.prod(encoding.observation_shape))
        extra = history.size if history is not None else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self._observation = self.tensor[:size]
        self.dict = {"observation": self._observation.reshape(encoding.observation_shape)}
        if history is not None:
            self._history = self.tensor[size:]
            self.dict["history"] = self._history

    def set_from(self, state: MeepleState, player: int) -> None:
        table = state.table
        if self.history is None:
            view = table.engine.view(player)
            self._observation[:] = self.encoding.observation(view).reshape(-1)
            return
        seat = table.recalls[1].history(table.engine, player, self.encoding)
        assert seat.observation is not None, "a history up to date holds the view now"
        self._observation[:] = seat.observation.reshape(-1)
        self.history.fill(self._history, seat)

    def string_from(self, state: MeepleState, player: int) -> str:
        table = state.table
        view = _view_bytes(table.engine, player).decode()
        if self.history is None:
            return view
        digest = table.recalls[0].digest(table.engine, player, self.encoding)
        return digest.hex() + "\n" + view


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
