"""The games' catalogues: every text a game gives players to read, gathered into a template
(``meeple/locale/<game>.pot``) and merged into each language's ``.po`` file.

The texts come from two places. The code makes them with `meeple.engine.words` (`say`,
`say_n`, `term`), which ``pybabel extract`` finds with the keywords `KEYWORDS`: this module
runs Babel's extractor over the engine's shared words and the game's package. The component
data gives the game's own words (goods, locations, roles, extensions, missions, tile kinds),
which each game lists itself (`TERMS`), since no extractor can read them from the code.

Run ``python -m meeple.catalogues`` after changing a game's words: it rewrites the templates
and merges them into the ``.po`` files (new texts come in untranslated, texts no longer used are
dropped), keeping every translation already made.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from meeple.engine.words import KEYWORDS, Text
from meeple.i18n import LANGUAGES, SOURCE_LANGUAGE

PACKAGE = Path(__file__).resolve().parent
LOCALE = PACKAGE / "locale"
#: The engine's modules whose words every game's catalogue holds (seat colours, turn order,
#: why an edition file was refused).
ENGINE_SOURCES = ("engine/game.py", "engine/seats.py", "engine/datacheck.py")


def _tikal_terms() -> list[Text]:
    from meeple.games.tikal.narration import edition_terms

    return edition_terms()


def _altiplano_terms() -> list[Text]:
    from meeple.games.altiplano.components import load
    from meeple.games.altiplano.wording import edition_terms

    return edition_terms(load())


#: Each game's words from its data, by game (the catalogue's domain).
TERMS: dict[str, Callable[[], list[Text]]] = {
    "tikal": _tikal_terms,
    "altiplano": _altiplano_terms,
}


def sources(game: str) -> list[Path]:
    """The Python files whose texts the game's catalogue holds."""
    importlib.import_module(f"meeple.games.{game}")
    return [PACKAGE / name for name in ENGINE_SOURCES] + sorted(
        (PACKAGE / "games" / game).glob("*.py")
    )


def template(game: str) -> Catalog:
    """Every text of `game`: extracted from its code, then its data's terms."""
    catalog = Catalog(domain=game, project="meeple", fuzzy=False)
    for path in sources(game):
        where = path.relative_to(PACKAGE.parent).as_posix()
        for line, message, comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS, strip_comment_tags=True
        ):
            catalog.add(message, locations=[(where, line)], auto_comments=comments, context=context)
    for text in TERMS[game]():
        catalog.add(text.msgid, locations=[("data", 0)], context=text.context)
    return catalog


def po_path(game: str, language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{game}.po"


def _kept_template(game: str, pot: Catalog) -> Catalog:
    """The template on disk if it holds the same messages as `pot` (rewriting it would change
    only its date, and every catalogue's with it); else `pot`, written."""
    path = LOCALE / f"{game}.pot"
    if path.is_file():
        with path.open("rb") as old:
            kept = read_po(old)
        if [(m.context, m.id) for m in kept] == [(m.context, m.id) for m in pot]:
            return kept
    LOCALE.mkdir(exist_ok=True)
    with path.open("wb") as out:
        write_po(out, pot, width=100, include_lineno=False)
    return pot


def update(games: Iterable[str] = tuple(TERMS)) -> None:
    """Rewrite each game's template and merge it into each language's catalogue."""
    for game in games:
        pot = _kept_template(game, template(game))
        for language in LANGUAGES:
            if language == SOURCE_LANGUAGE:
                continue
            path = po_path(game, language)
            if path.is_file():
                with path.open("rb") as po:
                    catalog = read_po(po, locale=language, domain=game)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                catalog = Catalog(locale=language, domain=game, project="meeple", fuzzy=False)
            catalog.update(pot, no_fuzzy_matching=True)
            catalog.fuzzy = False
            with path.open("wb") as out:
                write_po(out, catalog, width=100, ignore_obsolete=True, include_lineno=False)


if __name__ == "__main__":
    update()
