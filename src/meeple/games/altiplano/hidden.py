"""What each seat may see, and the hidden rest: views, `shuffle_hidden`, `determinize`.

Hidden from a seat: the order of the extension stack (its letters are on the backs, so public),
undealt and removed mission cards, other seats' secret missions, hands and passed cards, the
contents of other seats' bags and containers (their sizes are public), and the future draws,
which do not exist yet: they come from the seed, a salt and the reveal counter.
"""

from __future__ import annotations

import json
import operator
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from meeple.engine.errors import MalformedState
from meeple.engine.rng import shuffle
from meeple.games.altiplano.components import COINS, Components, load
from meeple.games.altiplano.fields import Mission, Player, Table
from meeple.games.altiplano.footprints import ONE_PLAYER
from meeple.games.altiplano.scoring import owned_goods
from meeple.games.altiplano.state_data import DICTS, LISTS, copy_player, copy_view_state
from meeple.games.altiplano.turns import round_may_end_next

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

State = TypeVar("State", bound="AltiplanoState")

SECRET_PLAYER_FIELDS = ("bag", "container", "missions", "hand", "gift", "seen", "gave")
_SECRET = frozenset(SECRET_PLAYER_FIELDS)


def census(comps: Components, s: Mapping[str, Any]) -> dict[str, int]:
    """Every goods tile counted wherever it is (supplies, box, players, orders)."""
    total = dict(s["supply"])
    for good, n in s["box"].items():
        total[good] = total.get(good, 0) + n
    for p in s["players"]:
        for good, n in owned_goods(p).items():
            total[good] = total.get(good, 0) + n
        on_orders = [g for o in p["orders_done"] for g in comps.orders[o].goods]
        if p["order"] is not None:
            on_orders += p["order"]["delivered"]
        for good in on_orders:
            total[good] = total.get(good, 0) + 1
    return total


def _redact_player(p: Player, public_missions: bool) -> dict[str, Any]:
    """Another seat's player data as a seat sees it (copied: views never share state data).
    The secret fields are left out before copying, not copied and then dropped."""
    return _sizes(copy_player(_public(p)), p, public_missions)


def _public(p: Mapping[str, Any]) -> dict[str, Any]:
    """A player's data without the secret fields, in its own order: a copy less seven keys
    (a comprehension that tested each of its 35 keys took four times as long)."""
    q = dict(p)
    for key in SECRET_PLAYER_FIELDS:
        q.pop(key, None)
    return q


def make_view(
    state: AltiplanoState, seat: int | None, kept: dict[Any, Any] | None = None
) -> dict[str, Any]:
    """`seat`'s view, every part of it a copy of its own; with `kept` (see `shared_view`),
    its parts that did not change since a view made with the same `kept` are the parts of
    that view. What changed is found by comparison with the kept copies, except where the
    state's stamp says (`AltiplanoState.stamp`, `applied`): the same state as at the last
    view made with `kept` (the server's other readers of a position), or one action since
    that changed only its actor's data (`footprints.ONE_PLAYER`)."""
    src = cast(dict[str, Any], state.s)  # read by the declared keys of `LISTS` and `DICTS`
    over = src["phase"] == "over"
    if kept is not None:
        last, applied = kept.get("stamp"), state.applied
        if last == state.stamp:
            table_known, only = True, -1  # nothing changed
        elif applied is not None and applied[0] == last and type(applied[2]) in ONE_PLAYER:
            table_known, only = True, applied[1]  # only that player's data
        else:
            table_known, only = False, None  # anything may have
        view = {
            "game": state.game_name,
            "seat": seat,
            "options": _kept_options(state, kept),
            "state": {
                **_kept_table(state, src, kept, table_known),
                "players": [
                    _kept_player(
                        p, i == seat, over, kept.setdefault(i, []), only is not None and i != only
                    )
                    for i, p in enumerate(src["players"])
                ],
            },
        }
        kept["stamp"] = state.stamp
        return view
    # The seed and the salt determine every draw to come: a view shows neither.
    s = {k: v for k, v in src.items() if k not in _UNSHOWN}
    for key in LISTS:
        s[key] = src[key][:]
    for key in DICTS:
        s[key] = src[key].copy()
    _show_hidden_parts(state, src, s)
    s["players"] = [
        copy_player(p) if i == seat else _redact_player(p, over)
        for i, p in enumerate(state.s["players"])
    ]
    return {"game": state.game_name, "seat": seat, "options": _options(state), "state": s}


#: The table's fields a view leaves out, or shows in a part of its own (the players).
_UNSHOWN = ("seed", "salt", "players")


def _show_hidden_parts(state: AltiplanoState, src: dict[str, Any], s: dict[str, Any]) -> None:
    """The parts of the table a view shows otherwise than they are: the stack by its cards'
    letters, the undealt and removed cards by their number, and the free roles by theirs
    unless roles are drafted."""
    s["stack"] = [state.comps.extensions[e].letter for e in src["stack"]]
    for key in ("mission_deck", "missions_box", "orders_box"):
        s[key] = len(src[key])
    if not state.options["role_draft"]:
        s["roles_free"] = len(src["roles_free"])


def _options(state: AltiplanoState) -> dict[str, Any]:
    options = dict(state.options)
    if options["edition"] is not None:  # never hand out the state's own (shared) edition data
        options["edition"] = json.loads(json.dumps(options["edition"]))
    return options


def _kept_options(state: AltiplanoState, kept: dict[Any, Any]) -> dict[str, Any]:
    """The view's options, the kept ones while the state's are equal to them."""
    known = kept.get("options")
    if known is None or known != state.options:
        known = kept["options"] = _options(state)
    return cast(dict[str, Any], known)


def _kept_table(
    state: AltiplanoState, src: dict[str, Any], kept: dict[Any, Any], unchanged: bool
) -> dict[str, Any]:
    """The table's part of the view (without the players), the kept one while the table's
    values are equal to the copies it was made from (every one is a flat list or dict, or
    immutable: `LISTS`, `DICTS`), compared in one go; with `unchanged`, the kept one as it
    is (the caller knows the table's values did not change since)."""
    known = kept.get("table")
    if unchanged and known is not None:
        return cast(dict[str, Any], known[4])
    keys = tuple(src)
    if known is None or known[0] != keys:
        shown = tuple(k for k in keys if k not in _UNSHOWN)
        known = kept["table"] = [keys, shown, operator.itemgetter(*shown), None, None]
    values = known[2](src)
    if known[3] is None or known[3] != values:
        copies = tuple(_copied(value) for value in values)
        s = dict(zip(known[1], copies, strict=True))
        _show_hidden_parts(state, src, s)
        known[3], known[4] = copies, s
    return cast(dict[str, Any], known[4])


def _copied(value: Any) -> Any:
    return value[:] if type(value) is list else value.copy() if type(value) is dict else value


def _kept_player(
    p: Player, own: bool, over: bool, known: list[Any], unchanged: bool
) -> dict[str, Any]:
    """A player's part of a view: `known` is ``[copy, redacted copy, over]`` of that player
    (filled here), kept while the player's data equal the copy (`copy_player`: a deep copy,
    which is its own seat's part), or with `unchanged` (the caller knows the data did not
    change since) without comparing; the other seats' part shares the copy's values."""
    if not known or (not unchanged and known[0] != p):
        known[:] = [copy_player(p), None, over]
    if own:
        return cast(dict[str, Any], known[0])
    if known[1] is None or known[2] != over:
        known[1], known[2] = _redacted(known[0], over), over
    return cast(dict[str, Any], known[1])


def _redacted(p: dict[str, Any], public_missions: bool) -> dict[str, Any]:
    """`_redact_player` of a player's copy, sharing its values."""
    return _sizes(_public(p), p, public_missions)


def _sizes(q: dict[str, Any], p: Mapping[str, Any], public_missions: bool) -> dict[str, Any]:
    """The public counts of a player's secret parts, added to its redacted part `q`."""
    q["bag_size"] = sum(p["bag"].values())
    q["container_size"] = sum(p["container"].values())
    q["missions"] = list(p["missions"]) if public_missions else list(p["revealed"])
    q["missions_count"] = len(p["missions"])
    q["hand_size"] = len(p["hand"])
    q["gift_size"] = len(p["gift"])
    return q


#: The fields of each player that the log reads (`narration`): public ones only.
TOLD_PLAYER_FIELDS = ("planning", "final", "orders_done", "revealed")
#: The table's fields that the log reads.
TOLD_TABLE_FIELDS = ("round", "phase", "end_round")
assert not _SECRET.intersection(TOLD_PLAYER_FIELDS), "the log reads only public fields"


def told_part(state: AltiplanoState) -> dict[str, Any]:
    """The part of the spectators' view (``view["state"]``) that the log is made from, each
    field as that view has it: the server narrates every move, and a whole view copies every
    list of the state."""
    src = cast(dict[str, Any], state.s)
    told = {key: src[key] for key in TOLD_TABLE_FIELDS}
    told["players"] = [
        {key: copy_field(p[key]) for key in TOLD_PLAYER_FIELDS} for p in src["players"]
    ]
    return told


def copy_field(value: Any) -> Any:
    """A copy of one player field (a list or a dict of counts), as `copy_player` makes it."""
    return value.copy() if isinstance(value, list | dict) else value


def _mission_renaming(s: Table, seat: int | None, rng: random.Random) -> dict[str, str]:
    """A random renaming of the mission cards `seat` has never seen and nobody has revealed."""
    players = s["players"]
    known = set()
    for p in players:
        known.update(p["revealed"])
    if s["phase"] == "over":
        return {}
    if seat is not None:
        known.update(players[seat]["seen"])
        known.update(players[seat]["missions"])
    pool = set(s["mission_deck"]) | set(s["missions_box"])
    for p in players:
        pool.update(p["missions"], p["hand"], p["gift"], p["seen"])
    free = sorted(pool - known)
    shuffled = list(free)
    shuffle(shuffled, rng)
    return dict(zip(free, shuffled, strict=True))


def _rename(cards: list[str], mapping: dict[str, str]) -> list[str]:
    return [mapping.get(c, c) for c in cards]


def shuffle_hidden(state: AltiplanoState, seat: int | None, rng: random.Random) -> None:
    s = state.s
    comps = state.comps
    s["seed"] = rng.getrandbits(32)
    s["salt"] = rng.getrandbits(32)
    _shuffle_stack(comps, s["stack"], rng)
    mapping = _mission_renaming(s, seat, rng)
    if mapping:
        s["mission_deck"] = _rename(s["mission_deck"], mapping)
        s["missions_box"] = _rename(s["missions_box"], mapping)
        for i, p in enumerate(s["players"]):
            if i != seat:
                p["missions"] = _rename(p["missions"], mapping)
                p["hand"] = _rename(p["hand"], mapping)
                p["gift"] = _rename(p["gift"], mapping)
                p["seen"] = _rename(p["seen"], mapping)
                p["gave"] = [
                    [dest, mapping.get(cast(Mission, card), card)]  # a passage ends with its card
                    for dest, card in p["gave"]
                ]
    others = [p for i, p in enumerate(s["players"]) if i != seat]
    pool: list[str] = []
    for p in others:
        for counts in (p["bag"], p["container"]):
            for good, n in sorted(counts.items()):
                pool.extend([good] * n)
    shuffle(pool, rng)
    for p in others:
        size = sum(p["bag"].values())
        p["bag"] = _counts(pool[:size])
        del pool[:size]
        size = sum(p["container"].values())
        p["container"] = _counts(pool[:size])
        del pool[:size]


def redeal_unknown(state: AltiplanoState, rng: random.Random) -> None:
    """What no seat knows and the next step can reveal, dealt again as a whole re-deal would
    deal it: the draws to come (from the seed and the salt), and the order of the extension
    stack within each letter when the next step can draw from it (`stack_drawn_next`). Until
    then its order shows nowhere, and a re-deal before the step that draws from it deals it
    again; no step draws from the undealt mission cards after the setup. Bags and hands are
    known to their owners, so they stay. (The research adapters re-deal before each step that
    may reveal something: a shuffle of the stack there cost two thirds of the engine's step,
    docs/benchmarks.md.)"""
    s = state.s
    s["seed"] = rng.getrandbits(32)
    s["salt"] = rng.getrandbits(32)
    if stack_drawn_next(s):
        _shuffle_stack(state.comps, s["stack"], rng)


def stack_drawn_next(s: Table) -> bool:
    """Whether the next step can take a card from the extension stack: only the end of a
    round refills the strip from it (`end.end_round`), and when the next step can end one is
    the turns' rule (`turns.round_may_end_next`)."""
    return round_may_end_next(s)


def _counts(tiles: list[str]) -> dict[str, int]:
    result: dict[str, int] = {}
    for good in tiles:
        result[good] = result.get(good, 0) + 1
    return result


def _shuffle_stack(comps: Components, stack: list[str], rng: random.Random) -> None:
    """Shuffle the stack within each letter: the backs (letters) stay where they are."""
    letter_of = _letters(comps)
    by_letter: dict[str, list[int]] = {}
    for index, eid in enumerate(stack):
        by_letter.setdefault(letter_of[eid], []).append(index)
    for positions in by_letter.values():
        cards = [stack[i] for i in positions]
        shuffle(cards, rng)
        for k, i in enumerate(positions):  # compiled, a C loop; zip(strict=True) is a call
            stack[i] = cards[k]


#: The key of the extensions' letters in an edition's memo (`Components.memo`).
_LETTERS = ("extension letters",)


def _letters(comps: Components) -> dict[str, str]:
    """Each extension's letter, by its id: a re-deal before each of a learner's chance steps
    shuffles the stack by letter (one look-up per extension, not two and an attribute)."""
    letters: dict[str, str] | None = comps.memo.get(_LETTERS)
    if letters is None:
        letters = {eid: ext.letter for eid, ext in comps.extensions.items()}
        comps.memo[_LETTERS] = letters
    return letters


def determinize(cls: type[State], view: Mapping[str, Any], rng: random.Random) -> State:
    """A full state that gives `view`'s seat exactly that view, hidden parts sampled."""
    try:
        return _determinize(cls, view, rng)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise MalformedState(f"view cannot be completed: {exc!r}") from exc


def _determinize(cls: type[State], view: Mapping[str, Any], rng: random.Random) -> State:
    """The view's state with each hidden part sampled in turn, in a fixed order of draws from
    `rng`: the future draws, the extension stack, the mission cards, the bags and containers."""
    options = cls.normalize_options(view["options"])
    comps = load(options["edition"])
    seat = view["seat"]
    s = copy_view_state(view["state"])
    s["seed"] = rng.getrandbits(32)
    s["salt"] = rng.getrandbits(32)
    s["stack"] = _sampled_stack(comps, s, rng)
    _complete_unseen_piles(comps, s, options)
    _deal_missions(comps, s, seat, options, rng)
    counted = _deal_bags(comps, s, seat, rng)
    if len(s["players"]) != options["players"] or COINS in counted:
        raise ValueError("inconsistent view")
    return cls(options, comps, cast(Table, s))  # the view's fields, the hidden ones filled in


def _sampled_stack(comps: Components, s: dict[str, Any], rng: random.Random) -> list[str]:
    """The extension stack: unseen extensions of each letter, in the public letter order."""
    seen_ext = set(e for e in s["strip"] if e is not None) | set(s["ext_box"]) | set(s["ext_out"])
    for p in s["players"]:
        seen_ext.update(p["ext"])
    unseen: dict[str, list[str]] = {}
    for eid, ext in comps.extensions.items():
        if eid not in seen_ext:
            unseen.setdefault(ext.letter, []).append(eid)
    for cards in unseen.values():
        shuffle(cards, rng)
    return [unseen[letter].pop() for letter in s["stack"]]


def _complete_unseen_piles(
    comps: Components, s: dict[str, Any], options: Mapping[str, Any]
) -> None:
    """Orders removed unseen and (without the draft) unused roles: the complement of what is
    visible."""
    players = s["players"]
    visible_orders = set(s["orders"])
    for p in players:
        visible_orders.update(p["orders_done"])
        if p["order"] is not None:
            visible_orders.add(p["order"]["id"])
    s["orders_box"] = sorted(set(comps.orders) - visible_orders)
    if not options["role_draft"]:
        s["roles_free"] = sorted(set(comps.roles) - {p["role"] for p in players if p["role"]})


def _deal_missions(
    comps: Components,
    s: dict[str, Any],
    seat: int | None,
    options: Mapping[str, Any],
    rng: random.Random,
) -> None:
    """Mission cards: every card not known to the seat fills the hidden places at random, but
    the cards the seat gave away, which lie where it sent them (`_given_cards`)."""
    players = s["players"]
    known = _known_missions(players, seat)
    forced_hand, forced_missions, forced_box = _given_cards(
        players, seat, known, options["players"], rng
    )
    forced = set(forced_box)
    for cards in (*forced_hand.values(), *forced_missions.values()):
        forced.update(cards)
    pool = sorted(set(comps.missions) - known - forced) if options["missions"] else []
    shuffle(pool, rng)
    over = s["phase"] == "over"
    for i, p in enumerate(players):
        if i == seat:
            continue
        hidden_missions = 0 if over else p["missions_count"] - len(p["missions"])
        fixed = forced_missions.get(i, [])
        p["missions"] = sorted(p["missions"] + fixed + _deal(pool, hidden_missions - len(fixed)))
        fixed = forced_hand.get(i, [])
        p["hand"] = sorted(fixed + _deal(pool, p.pop("hand_size") - len(fixed)))
        p["gift"] = _deal(pool, p.pop("gift_size"))
        p["seen"] = sorted(set(p["missions"]) | set(p["hand"]) | set(p["gift"]))
        p["gave"] = []
        del p["missions_count"]
    s["mission_deck"] = _deal(pool, s["mission_deck"])
    s["missions_box"] = forced_box + _deal(pool, s["missions_box"] - len(forced_box))


def _known_missions(players: list[dict[str, Any]], seat: int | None) -> set[str]:
    """The mission cards the seat knows where they are: its own missions, hand and gift, and
    the others' revealed missions (or all of them, once the game is over)."""
    known: set[str] = set()
    for i, p in enumerate(players):
        if i == seat:
            known.update(p["missions"], p["hand"], p["gift"])
        else:
            known.update(p["missions"])
    return known


def _given_cards(
    players: list[dict[str, Any]], seat: int | None, known: set[str], n: int, rng: random.Random
) -> tuple[dict[int, list[str]], dict[int, list[str]], list[str]]:
    """Where the cards the seat gave away (and does not see now) lie: in a neighbour's hand
    while it has one, else among its missions if it has room for a secret one (always with 2
    players, else at random) or in the box. Returned as the cards forced into each seat's
    hand, into each seat's missions, and into the box."""
    forced_hand: dict[int, list[str]] = {}
    forced_missions: dict[int, list[str]] = {}
    forced_box: list[str] = []
    gave = players[seat]["gave"] if seat is not None else []
    for dest, card in gave:
        if card in known:
            continue
        if dest < 0:
            forced_box.append(card)
            continue
        q = players[dest]
        room = q["missions_count"] - len(q["missions"]) - len(forced_missions.get(dest, []))
        if q["hand_size"]:
            forced_hand.setdefault(dest, []).append(card)
        elif room > 0 and (n == 2 or rng.random() < 0.5):
            forced_missions.setdefault(dest, []).append(card)
        else:
            forced_box.append(card)
    return forced_hand, forced_missions, forced_box


def _deal(pool: list[str], count: int) -> list[str]:
    """The first `count` cards of `pool`, taken off it."""
    cards = pool[:count]
    del pool[:count]
    return cards


def _deal_bags(
    comps: Components, s: dict[str, Any], seat: int | None, rng: random.Random
) -> dict[str, int]:
    """Other seats' bags and containers: the tiles nobody can see, dealt by the public sizes.
    Returns the census of the tiles seen (coins among them mean a malformed view)."""
    players = s["players"]
    sizes = {}
    for i, p in enumerate(players):
        if i != seat:
            sizes[i] = (p.pop("bag_size"), p.pop("container_size"))
            p["bag"], p["container"] = {}, {}
    counted = census(comps, s)
    tiles = []
    for good in comps.goods:
        tiles.extend([good] * (comps.tiles[good] - counted.get(good, 0)))
    shuffle(tiles, rng)
    for i, (bag, container) in sizes.items():
        players[i]["bag"] = _counts(tiles[:bag])
        players[i]["container"] = _counts(tiles[bag : bag + container])
        del tiles[: bag + container]
    return counted
