"""The gettext catalogues: every .po file compiles; each language's catalogue of a domain
translates every message of that domain's template (.pot), with nothing fuzzy or empty and the
same placeholders and markup; and the pages' template is what extraction finds in the sources
today (babel.cfg), so a text added to a page cannot be missed by the translators."""

from __future__ import annotations

import io
import re
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from meeple.i18n import LANGUAGES, SOURCE_LANGUAGE, translations

LOCALE = Path(str(resources.files("meeple").joinpath("locale")))
ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]
TEMPLATES = sorted(LOCALE.glob("*.pot"))
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))

#: gettext's %(name)s and %s, the page scripts' {name}, and HTML tags with their attributes.
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w+\}")
TAG = re.compile(r"</?\w+[^>]*>")


def marks(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text) + TAG.findall(text))


def read(path: Path):
    with path.open("rb") as source:
        return read_po(source, locale=None if path.suffix == ".pot" else path.parts[-3])


def test_there_are_catalogues_to_check():
    assert any(t.stem == "pages" for t in TEMPLATES)
    assert len(CATALOGUES) >= len(TRANSLATED)


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: "/".join(p.parts[-3:]))
def test_every_catalogue_compiles(path):
    catalog = read(path)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    assert compiled.tell() > 0
    assert not catalog.fuzzy, "the header is marked fuzzy"
    assert not [error for message in catalog for error in message.check(catalog)]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.stem)
def test_each_language_translates_every_message_alike(template, language):
    domain = template.stem
    catalog = read(LOCALE / language / "LC_MESSAGES" / f"{domain}.po")
    wanted = [message for message in read(template) if message.id]
    problems = []
    for message in wanted:
        found = catalog.get(message.id, context=message.context)
        if found is None or not found.string or "fuzzy" in found.flags:
            problems.append(f"untranslated or fuzzy: {message.id!r}")
            continue
        if isinstance(message.id, tuple):
            forms = found.string
            if len(forms) != catalog.num_plurals or not all(forms):
                problems.append(f"needs {catalog.num_plurals} plural forms: {message.id!r}")
            expected = marks(message.id[1])
        else:
            forms = (found.string,)
            expected = marks(message.id)
        problems += [
            f"placeholders or markup differ: {form!r} for {message.id!r}"
            for form in forms
            if marks(form) != expected
        ]
    stale = {(m.context, m.id) for m in catalog if m.id} - {(m.context, m.id) for m in wanted}
    problems += [f"no longer in the template: {text!r} ({context})" for context, text in stale]
    assert not problems, "\n".join(problems)


def test_the_pages_template_is_what_the_sources_say():
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = {
        message for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options_map)
    }
    extracted = {m if isinstance(m, str) else m[:2] for m in found}
    in_template = {m.id for m in read(LOCALE / "pages.pot") if m.id}
    assert extracted == in_template, "run the extraction in docs/translating.md"


def test_russian_counts_take_their_three_forms():
    russian = translations("ru", "pages")
    text = "This browser holds a seat at %(count)s table."
    plural = "This browser holds seats at %(count)s tables."
    forms = {n: russian.ngettext(text, plural, n) for n in (1, 3, 5, 21, 22, 11)}
    assert forms[1] == forms[21] != forms[3]
    assert "столом" in forms[1] and "столами" in forms[5] and "столами" in forms[11]
