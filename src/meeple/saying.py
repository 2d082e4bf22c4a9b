"""Texts said in their reader's language: every front end's one way to translate.

Two kinds of text are said here. The pages' own (their ``pages`` catalogue): texts marked
``N_`` where they are written, such as the service's refusals, filled with their ``%(name)s``
values (`page_text`, `page_said`, `page_plural`). And a game's words, the engine's
`meeple.engine.words.Text`: log lines, labels, rule texts, said from the game's own catalogue
(`game_words`, `said`, `said_within`). English, the source language, is sent as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.words import Catalogue, render
from meeple.i18n import SOURCE_LANGUAGE, translations

#: The catalogue of the web pages' texts.
PAGES = "pages"


def page_text(language: str, message: str) -> str:
    """A text of the pages' catalogue in `language`."""
    return translations(language, PAGES).gettext(message)


def page_said(language: str, message: str, values: Mapping[str, object]) -> str:
    """An English text with ``%(name)s`` fields (a `TableError`'s) in `language`, filled."""
    translated = page_text(language, message)
    return translated % values if values else translated


def page_plural(language: str, singular: str, plural: str, count: int) -> str:
    """The pages' text for `count` things, in the plural form `language` uses for it."""
    return translations(language, PAGES).ngettext(singular, plural, count)


def game_words(game: str, language: str) -> Catalogue | None:
    """The catalogue `game`'s texts are said in for a reader of `language`; None for
    English, whose texts are sent as the engine made them."""
    return None if language == SOURCE_LANGUAGE else translations(language, game)


def said(text: str, catalogue: Catalogue | None) -> str:
    """`text` in the catalogue's language (as it is without one)."""
    return text if catalogue is None else str(render(text, catalogue))


def said_within(value: Any, catalogue: Catalogue) -> Any:
    """`value` (JSON-like: dicts, lists, texts, numbers) with every `Text` in it said in the
    catalogue's language; keys are ids and stay as they are."""
    if isinstance(value, dict):
        return {key: said_within(item, catalogue) for key, item in value.items()}
    if isinstance(value, list):
        return [said_within(item, catalogue) for item in value]
    return render(value, catalogue) if isinstance(value, str) else value
