"""The languages people read Meeple in, and their catalogues.

The five languages are those of the rulebooks (English, German, French, Portuguese, Russian).
English is the source language: the texts in the code are the message ids. Every other
language has one gettext catalogue per domain, kept as a ``.po`` file in
``meeple/locale/<language>/LC_MESSAGES/<domain>.po`` and compiled in memory when first used,
so an install needs no build step and a translator edits one file. The domains keep apart
what different people translate: ``pages`` (the web pages), and one per game for its terms,
action labels, log lines and rule texts.
"""

from __future__ import annotations

import functools
import io
from importlib import resources

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

#: The languages, English first (the source and the fallback), each with its own name.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "pt": "Português",
    "ru": "Русский",
}
SOURCE_LANGUAGE = "en"


def N_(text: str) -> str:
    """Marks a text for a catalogue where it is written (extraction finds it); it is
    translated where it is shown, in its reader's language."""
    return text


def negotiate(accept_language: str | None, wanted: str | None = None) -> str:
    """The language to show: `wanted` (a switch the person made) when it is one of ours,
    else the best match of the browser's ``Accept-Language`` header, else English."""
    if wanted in LANGUAGES:
        return wanted
    match = Locale.negotiate(by_preference(accept_language), list(LANGUAGES), sep="_")
    return str(match) if match is not None else SOURCE_LANGUAGE


def by_preference(accept_language: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first: by their weight
    (``q``, 1 when not given; 0 or unreadable: not wanted), in the header's order among
    equals (RFC 9110, 12.5.4). Written here: Babel negotiates, but reads no header."""
    weighed: list[tuple[float, str]] = []
    for part in (accept_language or "").split(","):
        tag, _, parameters = part.partition(";")
        weight = 1.0
        for parameter in parameters.split(";"):
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if tag.strip() and 0 < weight <= 1:
            weighed.append((weight, tag.strip().replace("-", "_")))
    return [tag for _, tag in sorted(weighed, key=lambda pair: -pair[0])]


@functools.cache
def translations(language: str, domain: str) -> NullTranslations:
    """The catalogue of `domain` in `language`; the identity for English or a missing
    catalogue (its texts then read in English)."""
    if language not in LANGUAGES or language == SOURCE_LANGUAGE:
        return NullTranslations()
    source = resources.files("meeple").joinpath("locale", language, "LC_MESSAGES", f"{domain}.po")
    if not source.is_file():
        return NullTranslations()
    with source.open("rb") as po:
        catalog = read_po(po, locale=language, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=domain)
