"""Russian counts its nouns in three forms (1, 21 …; 2–4, 22–24 …; the rest): a phrase that
counts something must be a plural message (`say_n`, ngettext), and its Russian forms must
differ. The refusals that count steps, action fields, carts, camps and guards were once
single messages with one Russian form ("{distance} шага" whatever the distance)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from meeple.i18n import translations

LOCALE = Path(str(resources.files("meeple").joinpath("locale")))

#: (domain, singular, plural) of the phrases that count a noun.
COUNTED = [
    (
        "altiplano",
        "the {to} is {n} step away; this movement goes {steps} at most",
        "the {to} is {n} steps away; this movement goes {steps} at most",
    ),
    (
        "altiplano",
        "the {name} has {n} action field, all taken",
        "the {name} has {n} action fields, all taken",
    ),
    (
        "altiplano",
        "at most {n} cart in all (the top cart counts)",
        "at most {n} carts in all (the top cart counts)",
    ),
    (
        "tikal",
        "at most {n} camp per player in the game",
        "at most {n} camps per player in the game",
    ),
    ("tikal", "at most {n} guard per player", "at most {n} guards per player"),
]


@pytest.mark.parametrize(("domain", "singular", "plural"), COUNTED, ids=lambda v: v[:24])
def test_russian_counts_with_the_forms_of_the_number(domain, singular, plural):
    catalogue = translations("ru", domain)
    one, many = (catalogue.ngettext(singular, plural, n) for n in (1, 5))
    assert one not in (singular, plural), "not translated into Russian"
    assert one != many, "one count's form for every count"


@pytest.mark.parametrize("domain", ["altiplano", "tikal", "pages"])
def test_every_russian_plural_message_uses_more_than_one_form(domain):
    path = LOCALE / "ru" / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as source:
        counted = [message for message in read_po(source, locale="ru") if message.pluralizable]
    assert counted, "no plural messages to check"
    for message in counted:
        assert len(set(message.string)) > 1, f"{message.id[0]!r} says every count alike"
