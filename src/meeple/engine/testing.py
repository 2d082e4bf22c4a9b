"""Checks shared by every game (after OpenSpiel's RandomSimTest and its game API tests).

`check_random_game` plays one seeded game of uniformly random legal actions and checks, after
every step, the invariants every engine must keep. Game-specific invariants (conservation of
components) come in as a callback. `check_conformance` is the one entry for a whole game: it
adds to those random games the checks of actions, refusals, narration and options against the
game's `GameInfo`, so that a new game is held to everything the generic layers rely on.
Tests and benchmarks of every game use this one module.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction, MeepleError, OptionsError
from meeple.engine.game import GameState
from meeple.engine.gameinfo import PLAYERS, GameInfo, OptionSpec
from meeple.engine.record import GameRecord
from meeple.engine.registry import edition_names, shipped_edition
from meeple.engine.words import Catalogue, render

Invariant = Callable[[GameState], None]
#: Called after each move of a random game with the state before it, the seat, the action and
#: the state after it (neither to be changed).
MoveCheck = Callable[[GameState, int, Action, GameState], None]


def random_step(state: GameState, rng: random.Random) -> tuple[int, Any]:
    """Apply one uniformly random legal action of a random seat that may act; return it."""
    seat = rng.choice(state.to_move())
    action = rng.choice(state.legal_actions(seat))
    state.apply(seat, action)
    return seat, action


def random_positions(
    state_class: type[GameState], options: Mapping[str, Any] | None, seed: int, every: int
) -> Iterator[GameState]:
    """States along a seeded random game, every `every`-th step (the same state object, moved
    on after each yield: copy it to keep it)."""
    state = state_class.new(options, seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state
        random_step(state, rng)
        step += 1


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
    *,
    on_move: MoveCheck | None = None,
) -> GameState:
    """Play one random game, checking every invariant after every step; return the end state.

    Checked after each step: the game-specific `invariant`; the JSON round trip is exact and the
    JSON is serialisable; `clone` equals the original; each seat's `shared_view` (its parts
    kept across the game) is its view, and none changes with the moves after it; no seat's
    view changes when everything hidden from it is re-randomised; a state sampled from a seat's
    view (`determinize`) gives that seat the same view and the same legal actions; every
    listed legal action applies without error (on a clone), and an action that raised leaves
    the state unchanged; then `on_move`, if given. At the end the record replays to the
    identical state.
    """
    state = state_class.new(options, seed)
    record = GameRecord(state_class.game_name, state_class.normalize_options(options), seed)
    rng = random.Random(seed)
    leak_rng = random.Random(seed + 1)
    steps = 0
    kept: dict[Any, Any] = {}
    shown: list[tuple[dict[str, Any], str]] = []
    while not state.is_over():
        for view, text in shown:
            assert _text(view) == text, "a shared view changed with a later move"
        shown = _check_step(state, invariant, leak_rng, apply_every_action, kept)
        if on_move is None:
            record.actions.append(random_step(state, rng))
        else:
            before = state.clone()
            seat, action = random_step(state, rng)
            record.actions.append((seat, action))
            on_move(before, seat, action, state)
        steps += 1
        if steps > max_steps:
            raise AssertionError(f"game did not end within {max_steps} steps (seed {seed})")
    for view, text in shown:
        assert _text(view) == text, "a shared view changed with a later move"
    _check_step(state, invariant, leak_rng, False, kept)
    assert state.winners(), "a finished game has at least one winner"
    replayed = GameRecord.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert replayed.to_json() == state.to_json(), "record replay differs from the played game"
    return state


def _check_step(
    state: GameState,
    invariant: Invariant | None,
    rng: random.Random,
    apply_every_action: bool,
    kept: dict[Any, Any],
) -> list[tuple[dict[str, Any], str]]:
    """Checks one position (see `check_random_game`); each seat's `shared_view`, made with
    `kept` (the game's, across the positions of the game), and its JSON."""
    if invariant is not None:
        invariant(state)
    data = state.to_json()
    text = json.dumps(data, sort_keys=True)
    restored = type(state).from_json(json.loads(text))
    assert restored.to_json() == data, "JSON round trip is not exact"
    assert state.clone().to_json() == data, "clone differs from the original"
    seats: list[int | None] = [None, *range(state.num_players)]
    shown = []
    for seat in seats:
        view = state.view(seat)
        text = _text(view)
        shared = state.shared_view(seat, kept)
        assert _text(shared) == text, f"the shared view of seat {seat} is not its view"
        shown.append((shared, text))
        other = state.clone()
        other.shuffle_hidden(seat, rng)
        assert other.view(seat) == view, f"view of seat {seat} depends on hidden information"
        if state.views_alike:
            spectator = {**state.view(None), "seat": seat}
            assert view == spectator, f"seat {seat} sees what a spectator does not (views_alike)"
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
    return shown


def _text(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def _check_determinize(
    state: GameState, seat: int, view: dict[str, Any], rng: random.Random
) -> None:
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
    catalogues: Sequence[Catalogue] = (),
) -> int:
    """Play one random game and read every seat's log (and a spectator's) after every move,
    and at some moves the "why not" help of the seats to move (`GameState.refusals`), in
    English and said in each of `catalogues` (other languages):
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
        told = state.narrate_all(before, seat, action, readers)  # as the server logs moves
        for viewer in readers:
            texts = [e.text for e in told[viewer]]
            if viewer in state.to_move() and state.reveal_count % 3 == 0:  # a sample: it costs
                texts += [t for r in state.refusals(viewer) for t in (r.example, r.reason)]
            lines = [*texts, *(str(render(t, c)) for c in catalogues for t in texts)]
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


# -- conformance: one game against everything the generic layers rely on ------------------------


@dataclasses.dataclass
class Conformance:
    """What `check_conformance` looked at. A check that finds nothing to look at passes
    without proving anything, so tests assert that these counts are not zero."""

    #: Moves of the random games checked in depth (see `check_conformance`).
    moves: int = 0
    #: Positions where re-randomising what is hidden changed the state: without any, the
    #: secrecy checks (views, determinize, narration) compared a state with itself.
    hidden: int = 0
    #: Actions that the "why not" help tries and the rules refuse, each applied to find that
    #: it raises and changes nothing.
    refused: int = 0
    #: Log entries compared between two histories that their reader cannot tell apart.
    narrations: int = 0
    #: Planted markers that the logs named (`check_log_secrecy`; none without `secrets`).
    markers: int = 0
    #: Actions with a field at an odd value (off the board, empty, huge), each refused with
    #: a `MeepleError` that changed nothing (`_check_odd_fields`).
    odd: int = 0


def check_conformance(
    info: GameInfo,
    options: Mapping[str, Any] | None = None,
    seeds: Iterable[int] = (1, 2, 3),
    *,
    invariant: Invariant | None = None,
    secrets: Mapping[str, str] | None = None,
    apply_every_action: bool = True,
    in_depth: int | None = None,
) -> Conformance:
    """Check that a game keeps every promise of `GameState` and that its `GameInfo` agrees with
    its engine; return what was looked at.

    Checked once: the option spec against `normalize_options` (`check_options`); the search
    hints and undo stops name the game's action kinds. For each seed: `new` depends only on
    options and seed; views name their seat and refuse a seat of no player; an unknown action
    kind is malformed; the evaluation gives finite values; and one random game runs through
    `check_random_game` (invariants, JSON round trip, clone, view secrecy, determinize,
    replay), in which at each move checked in depth:

    - every legal action reads back from its JSON form;
    - every action the "why not" help tries that is not legal raises and changes nothing, and
      `refusals` reports only such actions, with the rule and reason they raised;
    - a seat not to move has no actions and cannot play the mover's;
    - every reader's narration of the move is the same in any other history that the reader
      cannot tell apart (so that a log says nothing its reader may not see).

    With `secrets`, also `check_log_secrecy` on those planted markers. `in_depth` bounds the
    moves of each game checked in depth, spread evenly over it (None: every move), for long
    games whose simulations are tested at length elsewhere; `check_random_game`'s invariants
    hold at every move regardless.
    """
    check_options(info)
    state_class = info.state_class
    kinds = set(state_class.codec.kinds)
    assert info.search.pruned_kinds <= kinds, "search hints name kinds the game does not have"
    assert info.undo_stops <= kinds, "undo stops name kinds the game does not have"
    found = Conformance()
    for seed in seeds:
        start = state_class.new(options, seed)
        assert start == state_class.new(options, seed), "new() depends on more than its inputs"
        _check_seats_of_views(start)
        assert_unchanged_on_error(start, lambda s: s.parse_action({"kind": "no such kind"}))
        _check_evaluation(info, start)
        every = 1
        if in_depth is not None:
            length = len(play_random_game(state_class, options, seed)[1].actions)
            every = max(1, -(-length // in_depth))
        in_depth_checks = _InDepth(found, random.Random(seed + 2), every)
        end = check_random_game(
            state_class, options, seed, invariant, apply_every_action, on_move=in_depth_checks
        )
        _check_position(end, in_depth_checks.rng, found)
        _check_evaluation(info, end)
        if secrets is not None:
            found.markers += check_log_secrecy(state_class, options, seed, secrets)
    return found


@dataclasses.dataclass
class _InDepth:
    """The checks of `check_conformance` at every `every`-th move of a random game."""

    found: Conformance
    rng: random.Random
    every: int
    played: int = 0

    def __call__(self, before: GameState, seat: int, action: Action, after: GameState) -> None:
        self.played += 1
        if self.played % self.every == 0:
            self.found.moves += 1
            _check_position(before, self.rng, self.found)
            _check_narration(before, seat, action, after, self.rng, self.found)


def check_options(info: GameInfo) -> None:
    """The option spec agrees with the engine's `normalize_options`: the same keys, the
    declared defaults are the engine's, every player count of the range is taken and none
    outside it, unknown options are refused, each ``flag`` takes True and False (and refuses
    anything else), each ``seat`` takes the seats 0..players-1 of every table size (and
    refuses the next one), and each edition shipped with the game is accepted."""
    state_class = info.state_class
    assert state_class.game_name == info.name, "the engine's game_name is not the game's name"
    names = [spec.name for spec in info.options]
    assert len(set(names)) == len(names), f"an option is declared twice: {names}"
    assert PLAYERS not in names, f"{PLAYERS!r} is implied by the player range, not an option"
    assert info.min_players <= info.default_players <= info.max_players
    defaults = state_class.normalize_options(None)
    assert defaults == state_class.normalize_options({}) == info.defaults(), (
        f"declared defaults {info.defaults()} differ from the engine's {defaults}"
    )
    sizes = range(info.min_players, info.max_players + 1)
    for players in sizes:
        assert state_class.normalize_options({PLAYERS: players})[PLAYERS] == players
    _assert_refused(state_class, {PLAYERS: info.min_players - 1})
    _assert_refused(state_class, {PLAYERS: info.max_players + 1})
    _assert_refused(state_class, {"no_such_option": True})
    for spec in info.options:
        _check_option_values(info, spec, sizes)
    assert state_class.new(None, 0).num_players == info.default_players


def _check_option_values(info: GameInfo, spec: OptionSpec, sizes: range) -> None:
    """The values one option of `check_options` takes and refuses, by its kind."""
    state_class = info.state_class
    if spec.kind == "flag":
        for value in (True, False):
            assert state_class.normalize_options({spec.name: value})[spec.name] is value
        _assert_refused(state_class, {spec.name: "yes"})
    elif spec.kind == "seat":
        for players in sizes:
            for seat in range(players):
                chosen = {PLAYERS: players, spec.name: seat}
                assert state_class.normalize_options(chosen)[spec.name] == seat
            _assert_refused(state_class, {PLAYERS: players, spec.name: players})
    elif spec.kind == "edition" and info.package is not None:
        for name in edition_names(info.name):
            state_class.normalize_options({spec.name: shipped_edition(info.name, name)})


def _assert_refused(state_class: type[GameState], options: Mapping[str, Any]) -> None:
    try:
        state_class.normalize_options(options)
    except OptionsError:
        return
    raise AssertionError(f"options {dict(options)} were accepted")


def _check_seats_of_views(state: GameState) -> None:
    """Every view names its seat (bots read it there), and a seat of no player has none."""
    for seat in [None, *range(state.num_players)]:
        assert state.view(seat)["seat"] == seat, f"the view of seat {seat} names another seat"
    no_player: tuple[Any, ...] = (-1, state.num_players, True, "0")
    for bad in no_player:
        assert_unchanged_on_error(state, lambda s: s.view(bad))  # noqa: B023 - called at once


def _check_evaluation(info: GameInfo, state: GameState) -> None:
    evaluation = info.evaluation()
    for seat in range(state.num_players):
        value = evaluation.evaluate(state, seat)
        assert math.isfinite(value), f"the evaluation gives seat {seat} {value}"


def _check_position(state: GameState, rng: random.Random, found: Conformance) -> None:
    """Actions, refusals and turn order in one position (left unchanged)."""
    movers = state.to_move()
    for seat in movers:
        legal = state.legal_actions(seat)
        for action in legal:
            text = json.dumps(action.to_json())
            assert state.parse_action(text) == action, f"{text} does not read back as {action}"
        _check_refusals(state, seat, legal, found)
        _check_odd_fields(state, seat, legal, found)
    for seat in set(range(state.num_players)) - set(movers):
        assert not state.legal_actions(seat), f"seat {seat} is not to move but has actions"
        assert not state.tried_actions(seat), f"seat {seat} is not to move but tries actions"
        for mover in movers:
            action = state.legal_actions(mover)[0]
            assert_unchanged_on_error(state, lambda s: s.apply(seat, action))  # noqa: B023
    shuffled = state.clone()
    shuffled.shuffle_hidden(None, rng)
    found.hidden += shuffled != state


def _check_refusals(state: GameState, seat: int, legal: list[Action], found: Conformance) -> None:
    """Every tried action that is not legal raises and changes nothing; `refusals` reports
    only those, each with the rule and reason it raised."""
    allowed = set(legal)
    raised: set[tuple[str, str]] = set()
    for action in state.tried_actions(seat):
        if action in allowed:
            continue
        message = assert_unchanged_on_error(state, lambda s: s.apply(seat, action))  # noqa: B023
        raised.add((state.action_label(action), message))
        found.refused += 1
    for refusal in state.refusals(seat):
        said = str(IllegalAction(refusal.rule, refusal.reason))
        assert (refusal.example, said) in raised, (
            f"refusal {refusal.example!r} ({said}) is not what trying that action raised"
        )


#: Field values a client may send that no position makes sense of: negative, past any board or
#: table, far past any number, empty, a NUL, long. Each kind of field gets those of its type.
ODD_VALUES: dict[type, tuple[object, ...]] = {
    int: (-1, 40, 999, 10**18, -(2**70)),
    str: ("", "\x00", "x" * 300),
    bool: (True, False),
}


def _check_odd_fields(state: GameState, seat: int, legal: list[Action], found: Conformance) -> None:
    """Every action kind with one field at an odd value (the others as in a legal action of
    that kind, or odd too) is refused with a `MeepleError` that changes nothing, or is legal:
    the words of a refusal must not fail on a space that is not on the board."""
    codec = state.codec
    allowed = set(legal)
    examples = {action.kind: action.to_json() for action in legal}
    for kind in codec.kinds:
        fields = codec.fields(kind)
        base = examples.get(kind) or {
            "kind": kind,
            **{name: ODD_VALUES[t][0] for name, t in fields.items() if t in ODD_VALUES},
        }
        for name, field_type in fields.items():
            for value in ODD_VALUES.get(field_type, ()):
                action = codec.from_json({**base, name: value})
                if action in allowed:
                    continue
                assert_unchanged_on_error(state, lambda s: s.apply(seat, action))  # noqa: B023
                found.odd += 1


def _check_narration(
    before: GameState,
    seat: int,
    action: Action,
    after: GameState,
    rng: random.Random,
    found: Conformance,
) -> None:
    """A reader's narration of a move depends only on what the reader sees: re-randomise what
    is hidden from it before the move, play the same move, and where the reader's view after
    it is also the same, so must the narration be."""
    viewers: list[int | None] = [None, *range(before.num_players)]
    told_all = after.narrate_all(before, seat, action, viewers)
    applied = before.clone()  # as the server plays and logs a move
    assert applied.apply_narrated(seat, action, viewers) == told_all, (
        "apply_narrated says otherwise than narrate_all"
    )
    assert applied.to_json() == after.to_json(), "apply_narrated played otherwise than apply"
    for viewer in viewers:
        told = after.narrate(before, seat, action, viewer)
        assert told_all[viewer] == told, f"narrate_all differs from narrate for seat {viewer}"
        other = before.clone()
        other.shuffle_hidden(viewer, rng)
        if action not in other.legal_actions(seat):
            continue  # the move itself hung on what was re-randomised
        other_after = other.clone()
        other_after.apply(seat, action)
        if other_after.view(viewer) != after.view(viewer):
            continue  # the move revealed something: the reader can tell the histories apart
        assert other_after.narrate(other, seat, action, viewer) == told, (
            f"seat {viewer}'s log of {before.action_label(action)} depends on what it cannot "
            f"see: {[str(e) for e in told]}"
        )
        found.narrations += len(told)


#: The value that makes `edit_at` delete the key or list item instead of setting it.
DROP = object()


def edit_at(path: tuple[str | int, ...], value: object) -> Callable[[Any], None]:
    """A change of edition data (JSON) at one path: set `value` there (a copy of it), or
    delete it with `DROP`. The edition checks' tests break one field apiece with these."""

    def edit(data: Any) -> None:
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if value is DROP:
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(value)

    return edit
