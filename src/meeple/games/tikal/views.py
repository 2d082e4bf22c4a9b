"""What a seat sees of a Tikal game, and full states consistent with it.

Everything on the table is public in Tikal except the stack's order and the face-down treasure
tokens, so every seat sees the same view: the board, all figures, scores, revealed treasures,
and only the *counts* of the stack and of the face-down tokens. `determinize` deals those two
at random; `shuffle_hidden` re-deals them in a full state.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any

from meeple.engine.errors import MalformedState
from meeple.engine.rng import shuffle
from meeple.engine.stamps import STAMPS
from meeple.games.tikal.components import Edition
from meeple.games.tikal.layout import (
    NO_TILE,
    TileIndex,
    TreasureKind,
    seat_treasures,
    set_space_workers,
    space_workers,
)
from meeple.games.tikal.scoring import ScoringRound

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState


def view_of(state: TikalState, seat: int | None) -> dict[str, Any]:
    """The view of `seat` (the same for every seat, see the module)."""
    return _view(state, seat, _board(state), _players(state), _history(state))


#: The fields the view's board, its players and its score sheet are made from.
_BOARD = frozenset({"tile_at", "rotation", "temple_top", "tokens", "camp", "guard", "workers"})
_PLAYERS = frozenset({"score", "leader", "supply", "out", "treasures"})


def shared_view_of(
    state: TikalState, seat: int | None, kept: dict[Any, Any], changed: AbstractSet[str] | None
) -> dict[str, Any]:
    """`view_of`, made again for the server at every move (`TikalState.shared_view`): the
    board, the players and the score sheet are those of the view last made with `kept` (the
    very objects) where `changed`, the fields changed since it (None: not known), leaves them
    as they were, and after a figure's move only the spaces it changed are made again."""
    if changed is None or "board" not in kept:
        board, players, history = _board(state), _players(state), _history(state)
    else:
        board, players, history = kept["board"], kept["players"], kept["history"]
        if changed & _BOARD:
            moved = state.figure_moved
            board = _board(state) if moved is None else _board_after_move(state, board, moved[1])
        if changed & _PLAYERS:
            players = _players(state)
        if "history" in changed:
            history = _history(state)
    kept.update(stamp=state.stamp, board=board, players=players, history=history)
    return _view(state, seat, board, players, history)


def _view(
    state: TikalState,
    seat: int | None,
    board: list[dict[str, Any]],
    players: list[dict[str, Any]],
    history: list[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "game": "tikal",
        "seat": seat,
        "options": state.options,
        "step": state.step,
        "to_move": list(state.to_move()),
        "ap": state.ap,
        "hand": _hand(state),
        "board": board,
        "players": players,
        "temple_levels": list(state.levels),
        "stack_size": len(state.stack),
        "stack_top_letter": state.edition.tiles[state.stack[-1]].letter if state.stack else None,
        "token_supply": len(state.token_supply),
        "discarded": _ids(state, state.discarded),
        "revealed": sorted(_ids(state, state.revealed)),
        "moved": list(state.moved),
        "auction": {
            "high_bid": state.high_bid,
            "high_bidder": state.high_bidder,
            "passed": list(state.passed),
            "first_passer": state.first_passer,
        },
        "scoring": _scoring(state),
        "turn": {
            "excavated": sorted(state.turn_excavated.items()),
            "recovered": sorted(state.turn_recovered.items()),
        },
        "last_mover": state.last_mover,
        "last_placer": state.last_placer,
        "reveals": state.reveals,
        "history": history,
    }


def _board(state: TikalState) -> list[dict[str, Any]]:
    return [_space(state, space) for space, tile in enumerate(state.tile_at) if tile != NO_TILE]


def _board_after_move(
    state: TikalState, board: list[dict[str, Any]], slots: tuple[int, ...]
) -> list[dict[str, Any]]:
    """`board` (a view's, by space) with the spaces of a figure's move's worker `slots` made
    again: such a move changes no space's tile, so each keeps its place in the list (and a
    space without a tile has none)."""
    spaces = {slot // state.n for slot in slots}
    return [_space(state, entry["space"]) if entry["space"] in spaces else entry for entry in board]


def _space(state: TikalState, space: int) -> dict[str, Any]:
    return {
        "space": space,
        "tile": state.edition.tiles[state.tile_at[space]].id,
        "rotation": state.rotation[space],
        "temple_value": state.temple_top[space],
        "tokens": len(state.tokens.get(space, ())),
        "camp": state.camp[space],
        "guard": state.guard[space],
        "workers": space_workers(state.workers, state.n, space),
    }


def _players(state: TikalState) -> list[dict[str, Any]]:
    kinds = state.edition.treasure_kinds
    return [
        {
            "score": state.score[s],
            "leader": state.leader[s],
            "supply": state.supply[s],
            "out": state.out[s],
            "treasures": seat_treasures(state.treasures, kinds, s),
        }
        for s in range(state.n)
    ]


def _history(state: TikalState) -> list[dict[str, Any]]:
    return [{**r, "entries": r["entries"][:]} for r in state.history]


def _hand(state: TikalState) -> str | None:
    return state.edition.tiles[state.hand].id if state.hand != NO_TILE else None


def _ids(state: TikalState, tiles: list[int]) -> list[str]:
    return [state.edition.tiles[t].id for t in tiles]


def _scoring(state: TikalState) -> dict[str, Any]:
    return {
        "queue": list(state.scoring_queue),
        "final": state.scoring_final,
        "volcano_drawer": state.volcano_drawer,
    }


def told_part(state: TikalState) -> dict[str, Any]:
    """The fields of the view that the log is made from (`narration.events`), each as the
    view has it, without the board and the players, which cost most of a view: the server
    narrates every move, and every reader reads the same lines (see the module)."""
    return {
        "step": state.step,
        "to_move": list(state.to_move()),
        "hand": _hand(state),
        "discarded": _ids(state, state.discarded),
        "revealed": sorted(_ids(state, state.revealed)),
        "scoring": _scoring(state),
        "history": _history(state),
    }


class Unseen:
    """A view made into a state, all but what it hides: the public parts copied into
    `state`, and the hidden tiles and tokens ready to be dealt (`deal`).

    Search determinizes the same view at every iteration of a decision, so the last view's
    `Unseen` is kept (`unseen_of`): each iteration is then a copy and the deals."""

    __slots__ = ("piles", "snapshot", "source", "stack", "state", "tokens")

    source: Mapping[str, Any]
    """The view it was made from (kept, so that no other object takes its identity)."""
    snapshot: dict[str, Any] | None
    """A deep copy of the view once it is asked for a second time (the caller may change
    its view in between: it is then made afresh); None until then."""
    state: TikalState
    """Every field set from the view; no tile in the stack, no token on a tile."""
    stack: list[TileIndex]
    """The terrain tiles nobody has seen, in letter order (the stack before its shuffle)."""
    tokens: list[TreasureKind]
    """The tokens nobody has seen, before their shuffle."""
    piles: list[tuple[int, int]]
    """(space, face-down tokens on it) of every tile with tokens, in board order."""

    def __init__(self, view: Mapping[str, Any], state: TikalState) -> None:
        """`state` is blank, with the view's options; it becomes `self.state`."""
        self.source, self.snapshot = view, None
        self.state = state
        _fill_public(state, view)
        state.paths()  # worked out once, and shared by every copy
        self.stack = _unseen_stack(state, view["stack_size"])
        self.tokens = _unseen_tokens(state.edition, view)
        self.piles = [(e["space"], e["tokens"]) for e in view["board"] if e["tokens"]]

    def deal(self, rng: random.Random) -> TikalState:
        """A full state: a copy of `state` with the stack and the face-down tokens dealt at
        random (the stack first, as the rules of the view allow: within letters)."""
        state = self.state.clone()
        state.stack = shuffle_within_letters(state.edition, self.stack, rng)
        unseen = self.tokens[:]
        shuffle(unseen, rng)
        state.tokens = {space: [unseen.pop() for _ in range(count)] for space, count in self.piles}
        state.token_supply = unseen
        state.stamp = next(STAMPS)  # not the template's content
        state.applied = state.figure_moved = state.tile_placed = None
        return state


#: The last view made into an `Unseen`, by the class it was made for.
_LAST_UNSEEN: dict[type, Unseen] = {}


def unseen_of(cls: type[TikalState], view: Mapping[str, Any]) -> Unseen | None:
    """The `Unseen` of `view` for `cls`, if it is the view last made into one, unchanged since
    its snapshot; else None (make it then, and `remember_unseen` it)."""
    last = _LAST_UNSEEN.get(cls)
    if last is None or last.source is not view or last.snapshot is None:
        return None
    return last if last.snapshot == view else None


def remember_unseen(cls: type[TikalState], unseen: Unseen) -> None:
    """Keep `unseen` as the last one made for `cls` (one at a time: search asks for one view
    again and again, then moves on to the next). A view made a second time in a row is the
    one search asks for: it gets its snapshot (a single determinization takes none)."""
    last = _LAST_UNSEEN.get(cls)
    if last is not None and last.source is unseen.source:
        unseen.snapshot = copy.deepcopy(dict(unseen.source))
    _LAST_UNSEEN.clear()
    _LAST_UNSEEN[cls] = unseen


def _fill_public(state: TikalState, view: Mapping[str, Any]) -> None:
    """Set every field of `state` (blank, with the view's options) from `view` but the stack,
    the tokens on the tiles and the token supply."""
    n = state.n
    index = state.edition.index_of_id
    for entry in view["board"]:
        space = entry["space"]
        state.tile_at[space] = index[entry["tile"]]
        state.rotation[space] = entry["rotation"]
        state.temple_top[space] = entry["temple_value"]
        state.camp[space] = entry["camp"]
        state.guard[space] = entry["guard"]
    set_space_workers(state.workers, n, ((e["space"], e["workers"]) for e in view["board"]))
    players = view["players"]
    state.leader = [p["leader"] for p in players]
    state.supply = [p["supply"] for p in players]
    state.out = [p["out"] for p in players]
    state.score = [p["score"] for p in players]
    state.treasures = [k for p in players for k in p["treasures"]]
    state.levels = list(view["temple_levels"])
    state.hand = index[view["hand"]] if view["hand"] is not None else NO_TILE
    state.discarded = [index[t] for t in view["discarded"]]
    state.revealed = [index[t] for t in view["revealed"]]
    state.step = view["step"]
    state.current = view["to_move"][0] if view["to_move"] else 0
    state.ap = view["ap"]
    state.moved = list(view["moved"])
    auction = view["auction"]
    state.high_bid, state.high_bidder = auction["high_bid"], auction["high_bidder"]
    state.passed, state.first_passer = list(auction["passed"]), auction["first_passer"]
    scoring = view["scoring"]
    state.scoring_queue = list(scoring["queue"])
    state.scoring_final = scoring["final"]
    state.volcano_drawer = scoring["volcano_drawer"]
    state.turn_excavated = {s: c for s, c in view["turn"]["excavated"]}
    state.turn_recovered = {s: c for s, c in view["turn"]["recovered"]}
    state.last_mover, state.last_placer = view["last_mover"], view["last_placer"]
    state.reveals = view["reveals"]
    state.history = [
        ScoringRound(
            round=r["round"], final=r["final"], complete=r["complete"], entries=list(r["entries"])
        )
        for r in view["history"]
    ]


def _unseen_stack(state: TikalState, size: int) -> list[TileIndex]:
    """The terrain tiles nobody has seen, in letter order as a stack holds them (the state
    has every tile that was seen in place)."""
    edition = state.edition
    used = {*state.tile_at, *state.discarded, *state.revealed, state.hand}
    remaining = [t for t in edition.terrain if t not in used]
    remaining.sort(key=edition.tile_letters.__getitem__, reverse=True)
    if len(remaining) != size:
        raise MalformedState("view: stack_size does not match the tiles seen")
    return remaining


def _unseen_tokens(edition: Edition, view: Mapping[str, Any]) -> list[TreasureKind]:
    """The tokens nobody has seen (on the tiles face down, or in the supply), in kind order."""
    held = [0] * edition.treasure_kinds
    for kind_count in (p["treasures"] for p in view["players"]):
        for kind, count in enumerate(kind_count):
            held[kind] += count
    unseen = [
        k for k in range(edition.treasure_kinds) for _ in range(edition.treasure_copies - held[k])
    ]
    on_tiles = sum(entry["tokens"] for entry in view["board"])
    if len(unseen) - on_tiles != view["token_supply"]:
        raise MalformedState("view: token_supply does not match the tokens seen")
    return unseen


def shuffle_hidden(state: TikalState, rng: random.Random) -> None:
    """Re-deal what nobody sees: the stack order within each letter, and which face-down
    token lies where (each tile keeps its number of tokens), and the seed they came from."""
    state.seed = rng.getrandbits(32)
    state.stack = shuffle_within_letters(state.edition, state.stack, rng)
    piles = sorted(state.tokens)
    pool = [k for s in piles for k in state.tokens[s]] + state.token_supply
    shuffle(pool, rng)
    for s in piles:
        count = len(state.tokens[s])
        state.tokens[s], pool = pool[:count], pool[count:]
    state.token_supply = pool


def redeal_next(
    state: TikalState, rng: random.Random, tiles: bool = True, tokens: bool = True
) -> None:
    """Re-deal what the next step can reveal, drawn as a whole re-deal (`shuffle_hidden`)
    would draw it, for the research adapters' chance (`TikalState.redeal_unknown`), at a
    fraction of the cost: the stack's top tile (a tile per player in the auction version,
    whose round starts by revealing that many), each drawn from the tiles of its letter at
    and below it, and the top token of every pile (a step recovers one), drawn without
    replacement from every face-down token and the supply. What lies below stays where it
    was: no seat sees it, and a step that could reveal it re-deals first.

    The stack's letters are taken as a stack holds them, each letter's tiles together (the
    run of the top tile's letter below it). `tiles` and `tokens` say which of the two to
    re-deal (`TikalState.redeal_unknown` leaves out what the coming step cannot reveal)."""
    stack, letter_of, random_below = state.stack, state.edition.tile_letters, rng.random
    p = len(stack) - 1
    last = max(p - (state.n if state.auction else 1), -1) if tiles else p
    first, letter = p, ""
    while p > last:
        if letter_of[stack[p]] != letter:
            letter, first = letter_of[stack[p]], p
            while first > 0 and letter_of[stack[first - 1]] == letter:
                first -= 1
        if p > first:
            j = first + int(random_below() * (p - first + 1))
            stack[p], stack[j] = stack[j], stack[p]
        p -= 1
    piles_of = state.tokens
    if tokens and piles_of:
        piles = sorted(piles_of)  # by space: a copy (pickle, JSON) may order the dict otherwise
        pool = [k for s in piles for k in piles_of[s]] + state.token_supply
        size, at = len(pool), 0
        for _ in piles:
            j = at + int(random_below() * (size - at))
            pool[at], pool[j] = pool[j], pool[at]
            at += 1
        for i, s in enumerate(piles):
            count = len(piles_of[s])
            piles_of[s] = [*pool[at : at + count - 1], pool[i]]
            at += count - 1
        state.token_supply = pool[at:]


def shuffle_within_letters(
    edition: Edition, stack: list[TileIndex], rng: random.Random
) -> list[TileIndex]:
    """The same tiles with each letter group shuffled, the letter order kept (TIK-1)."""
    result = stack[:]
    letter_of = edition.tile_letters
    by_letter: dict[str, list[int]] = {}  # letter -> positions, in order
    for i, tile in enumerate(result):
        by_letter.setdefault(letter_of[tile], []).append(i)
    for letter in sorted(by_letter):
        positions = by_letter[letter]
        first, last = positions[0], positions[-1] + 1
        if last - first == len(positions):  # together, as in a stack: shuffle the slice
            group = result[first:last]
            shuffle(group, rng)
            result[first:last] = group
            continue
        group = [result[i] for i in positions]
        shuffle(group, rng)
        for i, tile in zip(positions, group, strict=True):
            result[i] = tile
    return result
