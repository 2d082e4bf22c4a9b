"""A seat's legal actions in its payload (`LiveTable.legal_entries`): an entry kept from the
table's earlier payloads and sent again is exactly the one made afresh, at every position of
random games of both games, with undos, in two languages; a payload once made never changes with
later moves; an action met again with equal reads has the same words and elements anywhere in a
game; a kept entry is really reused, also for another seat, and the table keeps a bounded
number; and these checks find a stale entry."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from server_helpers import a_live_table, play_or_undo

from meeple.saying import game_words, said
from meeple.server import live
from meeple.server.live import LiveTable, elements_of

TABLES = [
    ("tikal", {"players": 2}),
    ("tikal", {"players": 3, "auction": True}),
    ("altiplano", {"players": 2}),
    ("altiplano", {"players": 4, "missions": True, "role_draft": True}),
]
LANGUAGES = ("en", "de")
#: Moves enough for a whole random game of each table (each ends long before).
WHOLE = 3000


def afresh(table: LiveTable, seat: int, language: str) -> list[dict[str, Any]]:
    """The seat's entries made from nothing, as the payload made them before they were kept."""
    state, elements = table.state, elements_of(table.info)
    catalogue = game_words(table.info.name, language)
    return [
        {
            "action": a.to_json(),
            "label": said(state.action_label(a), catalogue),
            "elements": elements(state, a),
        }
        for a in state.legal_actions(seat)
    ]


def encoded(payload: dict[str, Any]) -> bytes:
    return orjson.dumps(payload, option=orjson.OPT_SORT_KEYS)


def mismatches(game: str, options: dict[str, Any], seed: int, moves: int) -> tuple[int, int]:
    """Over `moves` steps of a random game: how many entries were compared with entries made
    afresh, and how many differed (an earlier payload changed by a later move counts too)."""
    rng = random.Random(seed)
    table = a_live_table(game, options, seed)
    compared = differing = 0
    before: list[tuple[dict[str, Any], bytes]] = []
    for _ in range(moves):
        if table.state.is_over():
            break
        made = []
        # Each mover in both languages, in an order that changes, and sometimes one language
        # only, so that the kept entries of a language skip positions.
        asked = [(s, lang) for s in table.state.to_move() for lang in LANGUAGES]
        rng.shuffle(asked)
        for seat, language in asked[: rng.randint(1, len(asked))]:
            payload = table.payload(seat, live.NO_LOG, language)
            expected = afresh(table, seat, language)
            compared += len(expected)
            differing += encoded({"legal": payload["legal"]}) != encoded({"legal": expected})
            made.append((payload, encoded(payload)))
        differing += sum(encoded(payload) != data for payload, data in before)
        before = made
        play_or_undo(table, rng)
    return compared, differing


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_kept_entries_are_those_made_afresh(game: str, options: dict[str, Any]) -> None:
    compared, differing = mismatches(game, options, 0, WHOLE)
    assert compared > 2000
    assert differing == 0


def clashes(game: str, options: dict[str, Any], seeds: int, moves: int) -> tuple[int, int]:
    """Over random games of one table size: how many legal actions were seen, and how many
    times an action met again with the same reads (`WebPlugin.action_reads`) had another
    label (in either language) or other elements: the promise the kept entries rest on, at
    any two positions of a game, not only a seat's last two."""
    seen: dict[tuple[Any, Any], tuple[Any, ...]] = {}
    looked = clashed = 0
    catalogues = [game_words(game, language) for language in LANGUAGES]
    for seed in range(seeds):
        rng = random.Random(seed)
        table = a_live_table(game, options, seed)
        reads, elements = live.reads_of(table.info), elements_of(table.info)
        assert reads is not None
        for _ in range(moves):
            state = table.state
            if state.is_over():
                break
            for seat in state.to_move():
                for action in state.legal_actions(seat):
                    label = state.action_label(action)
                    made = (*(said(label, c) for c in catalogues), elements(state, action))
                    looked += 1
                    clashed += seen.setdefault((action, reads(state, action)), made) != made
            play_or_undo(table, rng)
    return looked, clashed


@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_equal_reads_mean_equal_labels_and_elements(game: str) -> None:
    for g, options in TABLES:
        if g == game:
            looked, clashed = clashes(game, options, 1, WHOLE)
            assert looked > 1000
            assert clashed == 0


def test_a_stale_read_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks above have teeth: with reads that say nothing (so that every kept entry is
    sent again), a kept Tikal entry differs from the one made afresh, and in both games an
    action comes again with other words or elements."""
    monkeypatch.setattr(live, "reads_of", lambda info: lambda state, action: None)
    assert sum(mismatches(*TABLES[0], seed, 250)[1] for seed in range(2)) > 0
    for game, options in (TABLES[0], TABLES[2]):
        assert clashes(game, options, 1, WHOLE)[1] > 0, game


def test_an_unchanged_action_is_sent_as_kept() -> None:
    """Within a Tikal turn, the actions still legal with the same reads are the same entries
    (the cache works), and the language switch makes its own."""
    rng = random.Random(3)
    table = a_live_table("tikal", {"players": 2}, 3)
    reused = 0
    while reused == 0:
        seat = table.state.to_move()[0]
        first = table.payload(seat, live.NO_LOG)["legal"]
        german = table.payload(seat, live.NO_LOG, "de")["legal"]
        again = table.payload(seat, live.NO_LOG)["legal"]
        assert all(a is b for a, b in zip(first, again, strict=True))
        assert not any(a is b for a, b in zip(first, german, strict=True))
        play_or_undo(table, rng)
        if seat in table.state.to_move():
            later = table.payload(seat, live.NO_LOG)["legal"]
            reused += len({id(e) for e in first} & {id(e) for e in later})
    assert reused > 0


def test_an_entry_is_sent_to_every_seat_and_the_kept_ones_are_bounded() -> None:
    """The table keeps its entries for all its seats: over a Tikal game the same entry (the
    same object) goes to both seats, and the table never keeps more than
    `TABLE_ENTRIES_KEPT` a language."""
    rng = random.Random(5)
    table = a_live_table("tikal", {"players": 2}, 5)
    sent_to: dict[int, set[int]] = {}
    sent = []  # every entry held, so that no identity is taken again by another
    for _ in range(300):
        if table.state.is_over():
            break
        for seat in table.state.to_move():
            for entry in table.payload(seat, live.NO_LOG)["legal"]:
                sent_to.setdefault(id(entry), set()).add(seat)
                sent.append(entry)
        assert all(len(kept) <= live.TABLE_ENTRIES_KEPT for kept in table.entries.values())
        play_or_undo(table, rng)
    assert any(len(seats) == 2 for seats in sent_to.values())
