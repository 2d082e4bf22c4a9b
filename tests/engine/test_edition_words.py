"""Every refusal of a user's edition file is said in the reader's language: each problem the two
games' edition checks (and the engine's readers, `meeple.engine.datacheck`) can raise is a text
whose every part the catalogues translate, and German, the language of both games' rulebooks,
keeps no English word of it (the paths, ids and values quoted stay as they are).

The malformed editions are the games' own tables of one edition per check
(``tests/<game>/test_<game>_edition_checks.py``), so a new check needs its case there; a
message of the checks' code that no case raises fails here, so that table stays complete."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from altiplano import test_altiplano_edition_checks as altiplano_checks
from meeple.catalogues import PACKAGE, po_path
from meeple.engine.errors import EditionError
from meeple.engine.words import KEYWORDS, Catalogue, Text
from meeple.games.altiplano.components import load
from meeple.games.tikal.components import parse_edition
from meeple.i18n import LANGUAGES, SOURCE_LANGUAGE, translations
from tikal import test_tikal_edition_checks as tikal_checks

PARSERS: dict[str, Callable[[Any], object]] = {"tikal": parse_edition, "altiplano": load}
CHECKS = {"tikal": tikal_checks, "altiplano": altiplano_checks}
#: Editions that are refused before any part is read: not an object, or not JSON data at all.
NOT_EDITIONS: dict[str, list[Any]] = {"tikal": [[]], "altiplano": [[], {"goods": {1, 2}}]}
#: Where the refusals are written: each game's checks, and the engine's readers they share.
SOURCES = {"tikal": "games/tikal/components.py", "altiplano": "games/altiplano/components.py"}
SHARED_SOURCE = "engine/datacheck.py"
OTHER_LANGUAGES = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
#: Words German writes as English does.
SHARED_WORDS = {"json", "mission", "negative"}
#: What a quoted path, id or value shows once taken out of a message.
ID = "…"


def refusal(game: str, edition: Any) -> Text:
    with pytest.raises(EditionError) as info:
        PARSERS[game](edition)
    message = info.value.args[0]
    assert isinstance(message, Text), f"{game}: an English refusal: {message!r}"
    return message


@cache
def refusals(game: str) -> tuple[Text, ...]:
    """The refusal of each malformed edition of the game's table, and of the non-editions."""
    found = []
    for edit, _ in CHECKS[game].CASES:
        edition = copy.deepcopy(CHECKS[game].BUILTIN)
        edit(edition)
        found.append(refusal(game, edition))
    return (*found, *(refusal(game, edition) for edition in NOT_EDITIONS[game]))


def parts(texts: Iterable[Text]) -> set[tuple[str | None, str]]:
    """(context, message id) of every text and text argument in `texts`."""
    return {(part.context, part.msgid) for text in texts for part in text.parts()}


def written(source: str) -> set[tuple[str | None, str]]:
    """(context, message id) of every text made in a source file, as the catalogues see them."""
    found = set()
    for _, message, _, context in extract_from_file(
        "python", str(PACKAGE / source), keywords=KEYWORDS
    ):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def without_ids(text: Text, catalogue: Catalogue) -> str:
    """`text` said with the catalogue, its arguments that are not texts (paths, ids, values)
    shown as `ID`."""
    values = {
        name: without_ids(value, catalogue) if isinstance(value, Text) else ID
        for name, value in text.args.items()
    }
    return text.pattern(catalogue).format(**values)


def words(text: str) -> set[str]:
    """The words of `text` of three letters or more, in lower case, fields left out."""
    return {word.lower() for word in re.findall(r"[^\W\d_]{3,}", re.sub(r"{[^}]*}", " ", text))}


def english_words(text: Text) -> set[str]:
    found = set()
    for part in text.parts():
        found |= words(part.msgid) | words(getattr(part, "plural", ""))
    return found


@pytest.mark.parametrize("game", PARSERS)
def test_the_tables_raise_every_refusal_the_checks_can_say(game: str) -> None:
    assert written(SOURCES[game]) - parts(refusals(game)) == set()


def test_the_tables_raise_every_refusal_of_the_engines_readers() -> None:
    raised = parts(refusals("tikal")) | parts(refusals("altiplano"))
    assert written(SHARED_SOURCE) - raised == set()


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize("game", PARSERS)
def test_every_part_of_every_refusal_is_translated(game: str, language: str) -> None:
    """Every text of every refusal has an entry in the game's catalogue, translated."""
    with po_path(game, language).open("rb") as po:
        catalogue = read_po(po, locale=language, domain=game)
    for context, msgid in parts(refusals(game)):
        entry = catalogue.get(msgid, context)
        assert entry is not None, f"{language}: {msgid!r} is not in the {game} catalogue"
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings) and not entry.fuzzy, f"{language}: {msgid!r} is not translated"


@pytest.mark.parametrize("game", PARSERS)
def test_no_english_is_left_in_german(game: str) -> None:
    catalogue = translations("de", game)
    for text in refusals(game):
        german = without_ids(text, catalogue)
        left = (english_words(text) & words(german)) - SHARED_WORDS
        assert not left, f"{text!r} says in German {german!r}: English {sorted(left)}"
        assert str(text.render(catalogue)) != str(text)
