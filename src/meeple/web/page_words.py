"""The words a page's scripts write, in the reader's language (the ``pages`` domain).

A script does not load catalogues: the page hands it a JSON dict English text -> translation
(``<script id="words">``) with exactly the texts it writes. Those are found the way the
catalogue's extraction finds them (babel.cfg): the texts of ``say("…")`` calls in the table
page's core (table.js), and the values of the ``WORDS`` object of a game's drawing module
(``static/games/<game>.js``), of the score sheet (``sheet.js``) and of the replay page
(``replay.js``), which look their words up by their English text.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator
from importlib import resources
from typing import IO, Any

from babel.messages.extract import extract
from starlette.requests import HTTPConnection

from meeple.i18n import SOURCE_LANGUAGE
from meeple.saying import page_text
from meeple.web.language import language_of

#: A drawing module's table of English texts: ``const WORDS = {`` to ``};`` at a line's start,
#: one ``key: "text",`` a line (a JSON string: double quotes).
WORDS_BLOCK = re.compile(r"^const WORDS = \{\n(.*?)^\};", re.MULTILINE | re.DOTALL)
WORDS_ENTRY = re.compile(r'\s*[\w$]+:\s*("(?:[^"\\]|\\.)*"),?\s*')


def words_object(source: str) -> list[tuple[int, str | None]]:
    """The entries of ``const WORDS = {…};`` in a script, one a line, as (line number, text):
    the text is None for a line that is not a plain ``key: "text",`` (which the extraction
    could not read; a test looks for such lines)."""
    block = WORDS_BLOCK.search(source)
    if block is None:
        return []
    first = source.count("\n", 0, block.start(1)) + 1
    entries: list[tuple[int, str | None]] = []
    for offset, line in enumerate(block.group(1).splitlines()):
        if not line.strip() or line.strip().startswith("//"):
            continue
        entry = WORDS_ENTRY.fullmatch(line)
        entries.append((first + offset, json.loads(entry.group(1)) if entry else None))
    return entries


def extract_words_object(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """A Babel extraction method (babel.cfg names it): the texts of a drawing's ``WORDS``."""
    for lineno, text in words_object(fileobj.read().decode("utf-8")):
        if text is not None:
            yield lineno, None, text, []


def _found(script: str, method: Any, keywords: dict[str, Any]) -> tuple[str, ...]:
    source = resources.files("meeple.web").joinpath("static", script)
    if not source.is_file():
        return ()
    with source.open("rb") as code:
        found = extract(method, code, keywords=keywords)
        return tuple(dict.fromkeys(str(message) for _, message, _, _ in found))


@functools.cache
def script_texts(script: str) -> tuple[str, ...]:
    """The texts a page script (``static/<script>``) writes through its ``say(...)``."""
    return _found(script, "javascript", {"say": None})


@functools.cache
def module_texts(module: str) -> tuple[str, ...]:
    """The texts of a module's ``WORDS`` (``static/<module>``: a game's drawing, the sheet)."""
    return _found(module, extract_words_object, {})


def drawing_texts(game: str) -> tuple[str, ...]:
    """The texts of a game's drawing module (none if the game has no drawing)."""
    return module_texts(f"games/{game}.js")


def words(language: str, texts: Iterable[str]) -> dict[str, str]:
    """English text -> its translation; English needs none."""
    if language == SOURCE_LANGUAGE:
        return {}
    return {text: page_text(language, text) for text in texts}


def table_words(connection: HTTPConnection, game: str) -> dict[str, str]:
    """The translations the table page's core, its score sheet and the game's drawing need."""
    texts = (
        script_texts("table.js")
        + script_texts("hints.js")
        + module_texts("sheet.js")
        + drawing_texts(game)
    )
    return words(language_of(connection), texts)


def replay_words(connection: HTTPConnection, game: str) -> dict[str, str]:
    """The translations the replay page, its score sheet and the game's drawing need."""
    texts = (
        module_texts("replay.js")
        + module_texts("sheet.js")
        + module_texts("analysis.js")
        + drawing_texts(game)
    )
    return words(language_of(connection), texts)
