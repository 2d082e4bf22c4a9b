"""PettingZoo AEC environments for every game with an encoding::

    from meeple.research.pettingzoo import env
    e = env("tikal", players=3, auction=True)
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(observation)
        e.step(action)

Agents are ``player_0``… by seat. An observation is a dict: ``observation``, the game's
encoding of the agent's own view (nothing else reaches it), and ``action_mask``, 1 at each
action index the agent may take now (all 0 when it is not its turn). In a simultaneous step
(several seats in `GameState.to_move`) the lowest seat with something to do acts first, then
the next, as the engine allows; steps that only undo another are not offered
(`meeple.research.games.playable_actions`). Rewards come at the end only: 1 to each seat that
shares the win, 0 to the others; the final scores are in every agent's ``info`` then.
"""

from __future__ import annotations

import io
import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from rich.console import Console

from meeple.engine.actions import Action
from meeple.engine.game import GameState
from meeple.research.games import (
    acting_seat,
    edition_data,
    encoding_for,
    playable_actions,
    seat_options,
    shared_indexes,
)
from meeple.research.indexing import mask_of, playable

RENDER_MODES = ("ansi", "human")
_INT8 = np.dtype(np.int8)
#: An array on a buffer as it is (`np.frombuffer` wraps it in a memoryview first).
_ARRAY = np.ndarray


def env(
    game: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> MeepleEnv:
    """An AEC environment of `game` with `players` seats (else the game's default) and the
    game's other `options` (as `GameState.new` takes them; ``edition`` may also name an
    edition shipped with the game, `meeple.research.games.edition_data`)."""
    if "edition" in options:
        options = {**options, "edition": edition_data(game, options["edition"])}
    return MeepleEnv(game, seat_options(options, players), render_mode)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class MeepleEnv(AECEnv[str, dict[str, Any], int | None]):
    """One game of a Meeple engine, played one agent at a time."""

    # `AECEnv`'s attributes that a step reads or writes, declared again: the compiled build
    # then keeps them in the class's own fields, not in its `__dict__` (the rest of AECEnv's
    # are there, as they are for PettingZoo's own environments).
    agents: list[str]
    possible_agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    def __init__(self, game: str, options: dict[str, Any], render_mode: str | None = None) -> None:
        super().__init__()
        info, self.options, self.encoding = encoding_for(game, options)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None")
        self.render_mode = render_mode
        self.game_info = info
        self.metadata = {
            "name": f"meeple_{game}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        n = self.options["players"]
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        size = self.encoding.action_space_size  # the mask's size
        #: A mask of 0s, copied for each observation: `bytearray` of a size writes its zeros
        #: at several times the cost of copying these (Tikal's 5,414: 6,800 instructions
        #: against 2,000).
        self._zeros = bytes(size)
        self._mask_shape = (size,)  # the mask handed out: an int8 array on those bytes' copy
        #: The agents' spaces, made when first asked for (`observation_spaces`): gymnasium's
        #: `Box` fills and checks two arrays of its bounds, and the eight spaces of a 4-player
        #: table cost four times the rest of a new environment (110 of 150 µs for Tikal), which
        #: a learner that makes an environment per game pays at every game.
        self._spaces: tuple[dict[str, Any], dict[str, Any]] | None = None
        self._rng = random.Random()
        #: The game (None before `reset`). The name is that of `AECEnv.state`, a method for a
        #: global observation, which this environment does not offer.
        self.state: GameState | None = None  # type: ignore[assignment]
        self._index = shared_indexes(self.encoding)
        self._observer = self.encoding.state_observer()
        #: The step at which `observe` last offered the acting agent its actions, their
        #: indexes and the actions (in the same order), so that `step` takes a choice without
        #: listing the legal actions again or decoding the index, and another `observe` of
        #: the same step does not list them again.
        self._offered: tuple[int, list[int], list[Action]] | None = None
        #: The game's kinds of action a learner is not offered (`playable_actions`).
        self._pruned = self.game_info.search.pruned_kinds
        #: The encoding's kinds of action before which chance is drawn (read at every step).
        self._chance_kinds = self.encoding.chance_kinds
        self._steps = 0
        #: The acting seat (`acting_seat`) and the step it was found at: only `step` and
        #: `reset` change the game.
        self._acting: tuple[int, int | None] | None = None

    @property  # AECEnv's attribute, made when first read
    def observation_spaces(self) -> dict[str, gymnasium.spaces.Space[Any]]:
        """Each agent's observation space: a dict of the encoding's vector (``observation``)
        and the action mask (``action_mask``)."""
        return self._made_spaces()[0]

    @observation_spaces.setter
    def observation_spaces(self, spaces: dict[str, gymnasium.spaces.Space[Any]]) -> None:
        self._spaces = (spaces, self._made_spaces()[1])

    @property
    def action_spaces(self) -> dict[str, gymnasium.spaces.Space[Any]]:
        """Each agent's action space: the encoding's action indexes."""
        return self._made_spaces()[1]

    @action_spaces.setter
    def action_spaces(self, spaces: dict[str, gymnasium.spaces.Space[Any]]) -> None:
        self._spaces = (self._made_spaces()[0], spaces)

    def _made_spaces(self) -> tuple[dict[str, Any], dict[str, Any]]:
        if self._spaces is None:
            size = self.encoding.action_space_size
            observations = {
                a: gymnasium.spaces.Dict(
                    {
                        "observation": gymnasium.spaces.Box(
                            -np.inf, np.inf, self.encoding.observation_shape, np.float32
                        ),
                        "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8),
                    }
                )
                for a in self.possible_agents
            }
            actions = {a: gymnasium.spaces.Discrete(size) for a in self.possible_agents}
            self._spaces = (observations, actions)
        return self._spaces

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as a new environment of the same game and options given
        this one's attributes: the compiled build's class is made only through `__init__`."""
        return (_restored, (self.game_info.name, self.options, self.render_mode, _vars(self)))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `AECEnv.last`, written again so that the compiled build compiles it
        with the rest (a learner asks it at every step)."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. With `seed` (any integer), the game (and every later reset's) is that
        seed's; without one ever given, each environment draws its own. The environment's
        generator deals each game and draws its chance as it happens (before each step of
        the encoding's `chance_kinds`), so a copy of the environment (`copy.deepcopy`,
        pickle) plays on exactly as the original. The game's options are the environment's
        (`options` here is accepted and not used)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game_info.state_class.new(self.options, seed=self._rng.getrandbits(32))
        self._offered = self._acting = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_act()

    def _game(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def _acting_seat(self) -> int | None:
        acting = self._acting
        if acting is None or acting[0] != self._steps:
            state = self.state if self.state is not None else self._game()
            acting = self._acting = (self._steps, acting_seat(state, self.game_info))
        return acting[1]

    def _agent_to_act(self) -> str:
        seat = self._acting_seat()
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.state if self.state is not None else self._game()  # raises without one
        seat = self._seat[agent]
        # The mask's bytes are written in a bytearray and handed out as an int8 array of
        # it: a new numpy array and a fancy-index write cost several times that.
        acting = self._acting  # as `_acting_seat` keeps it, read without its call
        if acting is None or acting[0] != self._steps:
            acting = (self._steps, self._acting_seat())
        if acting[1] == seat:
            offered = self._offered
            if offered is None or offered[0] != self._steps:
                actions = state.legal_actions(seat)
                if self._pruned:  # no call for a game that prunes no kind
                    actions = playable(actions, self._pruned)
                indexes, mask = self._index.masked(actions, self._zeros)
                self._offered = (self._steps, indexes, actions)
            else:  # asked again at the same step
                mask = mask_of(offered[1], self._zeros)
        else:
            mask = bytearray(self._zeros)
        return {
            "observation": self._observer.observe(state, seat),
            "action_mask": _ARRAY(self._mask_shape, _INT8, mask),
        }

    def step(self, action: Any) -> None:  # an int, a numpy integer, or None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for agents whose game is over")
        state = self.state if self.state is not None else self._game()  # raises without one
        seat = self._seat[agent]
        offered, chosen = self._offered, None
        if offered is not None and offered[0] == self._steps and type(action) is int:
            try:  # what `observe` offered (encoded as `action`)
                chosen = offered[2][offered[1].index(action)]
            except ValueError:  # not offered: refused below
                chosen = None
        if chosen is None:
            chosen = self.encoding.action_at(action)  # ValueError unless an index in range
            if not self._offers(state, seat, self._index(chosen)):
                raise ValueError(f"action {action} ({chosen!r}) is not legal for {agent} now")
        if chosen.kind in self._chance_kinds:
            state.redeal_unknown(self._rng, chosen)  # drawn now, from the environment's generator
        state.apply(seat, chosen)
        self._steps += 1
        # The rewards (and their sums) are all 0 until the step that ends the game, which
        # terminates every agent: no later step comes here, so none is cleared first.
        if state.is_over():
            winners = set(state.winners())
            scores = state.scores()
            self.rewards = dict.fromkeys(self.agents, 0.0)
            for a in self.agents:
                self.rewards[a] = 1.0 if self._seat[a] in winners else 0.0
                self.terminations[a] = True
                self.infos[a] = {"scores": scores}
            self._accumulate_rewards()  # before the end every reward is 0: nothing to add
        # `_agent_to_act` written out: the step just changed, so the seat is found again.
        acting = self._acting = (self._steps, acting_seat(state, self.game_info))
        self.agent_selection = self.possible_agents[acting[1] if acting[1] is not None else 0]
        if self.render_mode == "human":
            self.render()

    def _offers(self, state: GameState, seat: int, index: int) -> bool:
        """Whether `seat` is offered the action of `index` now: by the indexes `observe`
        offered at this step, else by listing the legal actions."""
        if self._offered is not None and self._offered[0] == self._steps:
            return index in self._offered[1]  # the indexes offered
        return any(self._index(a) == index for a in playable_actions(state, self.game_info, seat))

    def render(self) -> str | None:
        """The table as the game's terminal renderer draws it for spectators (so showing it
        to a person reveals nothing hidden); printed in ``human`` mode, returned in ``ansi``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing to draw")
            return None
        text = render_text(self.game_info.name, self._game())
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None


def _vars(environment: MeepleEnv) -> dict[str, Any]:
    """Every attribute of `environment` (the compiled build's own and any other)."""
    state: dict[str, Any] = environment.__getstate__()  # type: ignore[assignment]
    return dict(state)


def _restored(
    game: str, options: dict[str, Any], render_mode: str | None, attributes: dict[str, Any]
) -> MeepleEnv:
    """An environment as `MeepleEnv.__reduce__` pickled it."""
    environment = MeepleEnv(game, options, render_mode)
    for name, value in attributes.items():
        setattr(environment, name, value)
    return environment


def render_text(game: str, state: GameState) -> str:
    """The spectators' view drawn as plain text by the game's terminal renderer."""
    from meeple.cli.play import load_renderer, render_view  # the terminal, only when drawn

    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    console.print(render_view(load_renderer(game), state.view(None)))
    return out.getvalue()
