"""Random-simulation checks shared by every game (after OpenSpiel's RandomSimTest).

`check_random_game` plays one seeded game of uniformly random legal actions and checks, after
every step, the invariants every engine must keep. Game-specific invariants (conservation of
components) come in as a callback. Tests and benchmarks of both games use this one module.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from meeple.engine.errors import MeepleError
from meeple.engine.game import GameState
from meeple.engine.record import GameRecord

Invariant = Callable[[GameState], None]


def random_step(state: GameState, rng: random.Random) -> tuple[int, Any]:
    """Apply one uniformly random legal action of a random seat that may act; return it."""
    seat = rng.choice(state.to_move())
    action = rng.choice(state.legal_actions(seat))
    state.apply(seat, action)
    return seat, action


def play_random_game(
    state_class: type[GameState],
    options: Mapping[str, Any] | None,
    seed: int,
    max_steps: int = 100_000,
) -> tuple[GameState, GameRecord]:
    """Play a whole game of random legal actions; return the final state and its record."""
    state = state_class.new(options, seed)
    record = GameRecord(state_class.game_name, state_class.normalize_options(options), seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if state.is_over():
            return state, record
        record.actions.append(random_step(state, rng))
    raise AssertionError(f"game did not end within {max_steps} steps (seed {seed})")


def check_random_game(
    state_class: type[GameState],
    options: Mapping[str, Any] | None,
    seed: int,
    invariant: Invariant | None = None,
    apply_every_action: bool = True,
    max_steps: int = 100_000,
) -> GameState:
    """Play one random game, checking every invariant after every step; return the end state.

    Checked after each step: the game-specific `invariant`; the JSON round trip is exact and the
    JSON is serialisable; `clone` equals the original; no seat's view changes when everything
    hidden from it is re-randomised; a state sampled from a seat's view (`determinize`) gives
    that seat the same view and the same legal actions; every
    listed legal action applies without error (on a clone), and an action that raised leaves
    the state unchanged. At the end the record replays to the identical state.
    """
    state = state_class.new(options, seed)
    record = GameRecord(state_class.game_name, state_class.normalize_options(options), seed)
    rng = random.Random(seed)
    leak_rng = random.Random(seed + 1)
    steps = 0
    while not state.is_over():
        _check_step(state, invariant, leak_rng, apply_every_action)
        record.actions.append(random_step(state, rng))
        steps += 1
        if steps > max_steps:
            raise AssertionError(f"game did not end within {max_steps} steps (seed {seed})")
    _check_step(state, invariant, leak_rng, apply_every_action=False)
    assert state.winners(), "a finished game has at least one winner"
    replayed = GameRecord.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert replayed.to_json() == state.to_json(), "record replay differs from the played game"
    return state


def _check_step(
    state: GameState,
    invariant: Invariant | None,
    rng: random.Random,
    apply_every_action: bool,
) -> None:
    if invariant is not None:
        invariant(state)
    data = state.to_json()
    text = json.dumps(data, sort_keys=True)
    restored = type(state).from_json(json.loads(text))
    assert restored.to_json() == data, "JSON round trip is not exact"
    assert state.clone().to_json() == data, "clone differs from the original"
    seats: list[int | None] = [None, *range(state.num_players)]
    for seat in seats:
        view = state.view(seat)
        json.dumps(view)
        other = state.clone()
        other.shuffle_hidden(seat, rng)
        assert other.view(seat) == view, f"view of seat {seat} depends on hidden information"
        if seat is not None:
            _check_determinize(state, seat, view, rng)
    for seat in state.to_move():
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} is to move but has no legal action"
        assert len(set(actions)) == len(actions), f"seat {seat} has repeated legal actions"
        for action in actions if apply_every_action else ():
            trial = state.clone()
            trial.apply(seat, action)
            if invariant is not None:
                invariant(trial)
    assert_unchanged_on_error(state, lambda s: s.apply(-1, None))  # type: ignore[arg-type]


def _check_determinize(state: GameState, seat: int, view: dict, rng: random.Random) -> None:
    """A state sampled from a seat's view looks the same to that seat and offers it the same
    legal actions: the resampler bots rely on."""
    sampled = type(state).determinize(view, rng)
    assert sampled.view(seat) == view, f"determinized state shows seat {seat} another view"
    assert sampled.to_move() == state.to_move(), "determinized state has other seats to move"
    if seat in state.to_move():
        assert sampled.legal_actions(seat) == state.legal_actions(seat), (
            f"determinized state offers seat {seat} other legal actions"
        )


def assert_unchanged_on_error(state: GameState, attempt: Callable[[GameState], object]) -> str:
    """Run `attempt` on `state`, which must raise a `MeepleError` and leave `state` unchanged.

    Returns the error message, so that a test can check which rule it names.
    """
    before = state.to_json()
    try:
        attempt(state)
    except MeepleError as exc:
        after = state.to_json()
        assert after == before, f"state changed although the action was rejected: {exc}"
        return str(exc)
    raise AssertionError("the attempt was accepted but should have been rejected")


def check_log_secrecy(
    state_class: type[GameState],
    options: Mapping[str, Any] | None,
    seed: int,
    secrets: Mapping[str, str],
) -> int:
    """Play one random game and read every seat's log (and a spectator's) after every move,
    and at some moves the "why not" help of the seats to move (`GameState.refusals`):
    a planted marker (a key of `secrets`) may appear in a reader's log line only if its
    witness (the value) appears in that reader's view before or after the move, that is,
    only if the reader may know it. Returns how many markers the logs named, so that a test
    can tell that the markers were reachable at all.

    The markers are planted by the test in the edition data (a mission's text, a tile's id),
    so that a secret is a string no log line can hold by chance.
    """
    state = state_class.new(options, seed)
    rng = random.Random(seed)
    named = 0
    readers: list[int | None] = [None, *range(state.num_players)]
    seen = {viewer: _table_text(state, viewer) for viewer in readers}
    while not state.is_over():
        before = state.clone()
        seat, action = random_step(state, rng)
        for viewer in readers:
            lines = [str(e) for e in state.narrate(before, seat, action, viewer)]
            if viewer in state.to_move() and state.reveal_count % 3 == 0:  # a sample: it costs
                lines += [f"{r.example}: {r.reason}" for r in state.refusals(viewer)]
            now = _table_text(state, viewer)
            known, seen[viewer] = seen[viewer] + now, now
            for marker, witness in secrets.items():
                for line in lines:
                    if marker in line:
                        assert witness in known, (
                            f"the log of seat {viewer} names {marker!r}, which it may not "
                            f"see: {line!r}"
                        )
                        named += 1
    return named


def _table_text(state: GameState, viewer: int | None) -> str:
    """A view as text, without its options: the edition data there lists every component
    (every mission card, every tile), which says nothing about where each one is."""
    view = state.view(viewer)
    return json.dumps({key: value for key, value in view.items() if key != "options"})
