"""The games' words in the rulebooks' languages: every catalogue is complete and keeps the
placeholders of its English text, and in random games every label, log line, refusal and
score-sheet word is a translatable text that each language says without error and without an
English game term left in it."""

from __future__ import annotations

import random
import re
import string
from functools import cache

import pytest
from babel.messages.pofile import read_po

from meeple.catalogues import TERMS, po_path, template
from meeple.engine.game import GameState
from meeple.engine.registry import game_info
from meeple.engine.words import Text, join, render, say, say_n, term
from meeple.games.altiplano.state import AltiplanoState
from meeple.games.tikal.state import TikalState
from meeple.i18n import LANGUAGES, SOURCE_LANGUAGE, translations

OTHER_LANGUAGES = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
GAMES = {"tikal": TikalState, "altiplano": AltiplanoState}
#: (game, options, seed): small random games, played to the end.
RANDOM_GAMES = [
    ("tikal", {"players": 2}, 1),
    ("tikal", {"players": 3, "auction": True}, 2),
    ("altiplano", {"players": 2, "missions": True}, 1),
    ("altiplano", {"players": 3, "missions": True, "role_draft": True}, 2),
]


def fields(pattern: str) -> list[tuple[str, str | None]]:
    """The named fields of a `str.format` pattern with their conversions, sorted."""
    return sorted(
        (name, conversion)
        for _, name, _, conversion in string.Formatter().parse(pattern)
        if name is not None
    )


@cache
def catalogue(game: str, language: str):
    with po_path(game, language).open("rb") as po:
        return read_po(po, locale=language, domain=game)


@cache
def translated(game: str, language: str) -> frozenset[tuple[str | None, str]]:
    """(context, singular msgid) of every message the language's catalogue translates."""
    found = set()
    for message in catalogue(game, language):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and all(strings):
            singular = message.id[0] if isinstance(message.id, tuple) else message.id
            found.add((message.context, singular))
    return frozenset(found)


@cache
def english_terms(game: str, language: str) -> re.Pattern[str]:
    """The game's English terms that this language says otherwise, as one pattern."""
    words = [
        text.msgid
        for text in (*game_info(game).seats.words(), *TERMS[game]())
        if text.msgid.lower() not in str(render(text, translations(language, game))).lower()
    ]
    return re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b")


# -- the catalogues ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_templates_hold_every_text_of_the_code_and_data(game):
    """``python -m meeple.catalogues`` was run after the last change of a game's words."""
    made = {(m.context, m.id) for m in template(game) if m.id}
    with (po_path(game, "de").parent.parent.parent / f"{game}.pot").open("rb") as pot:
        kept = {(m.context, m.id) for m in read_po(pot) if m.id}
    assert made == kept
    for language in OTHER_LANGUAGES:
        assert {(m.context, m.id) for m in catalogue(game, language) if m.id} == made, language


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_text_is_translated_with_its_placeholders(game, language):
    cat = catalogue(game, language)
    messages = [m for m in cat if m.id]
    assert len(messages) > 100
    for message in messages:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{language}: untranslated {ids[0]!r}"
        if isinstance(message.id, tuple):
            assert len(strings) == cat.num_plurals, f"{language}: plural forms of {ids[0]!r}"
        for text in strings:
            assert fields(text) == fields(ids[0]), f"{language}: {ids[0]!r} → {text!r}"


def test_russian_counts_take_three_forms():
    tr = translations("ru", "altiplano")
    coins = [str(say_n("{n} coin", "{n} coins", n=n).render(tr)) for n in (1, 3, 5, 21)]
    assert coins == ["1 монету", "3 монеты", "5 монет", "21 монету"]


# -- texts ------------------------------------------------------------------------------------
def test_a_text_is_its_english_and_says_itself_in_other_languages():
    fish, seat = term("good", "fish"), term("seat", "Orange")
    text = say("{seat}: {what}", seat=seat, what=join(" + ", [say("{n} {good}", n=2, good=fish)]))
    assert text == "Orange: 2 fish" and isinstance(text, str)
    assert text.render(translations("de", "altiplano")) == "Orange: 2 Fisch"
    assert text.render(translations("en", "altiplano")) == "Orange: 2 fish"
    assert {p.msgid for p in text.parts()} >= {"fish", "Orange", "{n} {good}"}


def test_a_text_keeps_its_making_through_pickling():
    import copy
    import pickle

    text = say_n("{n} coin", "{n} coins", n=2)
    for kept in (pickle.loads(pickle.dumps(text)), copy.deepcopy(text)):
        assert kept == "2 coins" and kept.render(translations("fr", "altiplano")) == "2 pièces"
    joined = join(say(" and "), [term("seat", "Pink"), term("seat", "Blue")])
    assert pickle.loads(pickle.dumps(joined)).render(translations("pt", "tikal")) == ("Rosa e Azul")


# -- random games -------------------------------------------------------------------------------
class Reader:
    """Checks texts of one game in every language; counts what it saw."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.seen = 0

    def __call__(self, text: str, where: str) -> None:
        assert isinstance(text, Text), f"{where} is not translatable: {text!r}"
        self.seen += 1
        for language in OTHER_LANGUAGES:
            known = translated(self.game, language)
            for part in text.parts():
                if part.msgid:
                    assert (part.context, part.msgid) in known, (
                        f"{language}: {part.msgid!r} ({part.context}) of {where} {text!r} "
                        "has no translation"
                    )
            said = str(render(text, translations(language, self.game)))
            left = english_terms(self.game, language).search(said)
            assert left is None, f"{language}: English {left.group()!r} in {said!r} ({where})"


def play(state: GameState, rng: random.Random, read: Reader, step: int) -> None:
    """One random move, reading the labels (of every 4th position), the refusals (every 9th),
    and every reader's log lines of it."""
    seat = rng.choice(state.to_move())
    legal = state.legal_actions(seat)
    if step % 4 == 0:
        for action in legal:
            read(state.action_label(action), "a label")
    if step % 9 == 0:
        for refusal in state.refusals(seat):
            read(refusal.reason, f"the reason of rule {refusal.rule}")
            read(refusal.example, "a refused action's label")
    action = rng.choice(legal)
    before = state.clone()
    state.apply(seat, action)
    for viewer in (None, *range(state.num_players)):
        for entry in state.narrate(before, seat, action, viewer):
            read(entry.text, "a log line")


@pytest.mark.timeout(300)
@pytest.mark.parametrize(("game", "options", "seed"), RANDOM_GAMES)
def test_random_games_read_in_every_language(game, options, seed):
    state = GAMES[game].new(options, seed)
    rng, read = random.Random(seed), Reader(game)
    step = 0
    while not state.is_over():
        play(state, rng, read, step)
        step += 1
        assert step < 5_000
    words = state.score_words()
    for key in ("points", "temples") if game == "tikal" else ("goods", "total", "missions"):
        assert key in words
    for word in words.values():
        read(word, "a score-sheet word")
    assert read.seen > 500
