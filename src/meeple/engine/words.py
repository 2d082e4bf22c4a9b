"""Words the games say to people, kept translatable: action labels, log lines, the reasons of
refused moves and the headings of score sheets.

A game builds each of them as a `Text`: English text that *is* a ``str`` (the terminal, the
tests, the bots and the record read it exactly as before) and also remembers how it was made:

- its message id, a `str.format` pattern with named fields (``"Bid {amount}"``);
- its arguments: numbers and ids are put in as they are, arguments that are `Text` themselves
  (a good, a location, a seat's colour) are said in the reader's language too;
- for a count, the plural pattern and the argument ``n`` that chooses between them (gettext's
  plural rules: Russian has three forms);
- for a single game term, a context (``"good"``, ``"location"``) that tells the translator what
  the word names and keeps apart words spelt alike.

`render` says a text in another language with a gettext catalogue (`meeple.i18n.translations`);
the engine itself knows no language. The English text is built once, when the game makes the
text; rendering costs one catalogue look-up per message and argument, and nothing for English.

The message ids are found in the source by ``pybabel extract`` with the keywords of `KEYWORDS`
(`say`, `say_n`, `term`), and each game lists the terms it takes from its component data
(names of goods, roles, extensions...), which no extractor can see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

#: pybabel's keyword specification for the calls that make texts (see ``babel.messages``).
KEYWORDS: dict[str, Any] = {"say": None, "say_n": (1, 2), "term": ((1, "c"), 2)}

#: A value a text may hold: a number or an id (put in as is) or another text (translated).
Argument = int | str


class Catalogue(Protocol):
    """What `render` needs of a gettext catalogue (``babel.support.Translations`` has it;
    Babel types the contextual look-ups as ``str | object``, so they are read as objects)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> object: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> object: ...


class Text(str):
    """English text with the message id and arguments it was made from (see the module)."""

    msgid: str
    args: Mapping[str, Argument]
    plural: str | None
    context: str | None

    def __new__(cls, msgid: str, /, **args: Argument) -> Text:
        self = super().__new__(cls, msgid.format(**args) if args else msgid)
        self.msgid, self.args, self.plural, self.context = msgid, args, None, None
        return self

    def render(self, catalogue: Catalogue) -> str:
        """This text in the catalogue's language (its English where the catalogue has none)."""
        if self.plural is not None:
            n = int(self.args["n"])
            pattern = (
                str(catalogue.npgettext(self.context, self.msgid, self.plural, n))
                if self.context
                else catalogue.ngettext(self.msgid, self.plural, n)
            )
        elif self.context:
            pattern = str(catalogue.pgettext(self.context, self.msgid))
        else:
            pattern = catalogue.gettext(self.msgid)
        if not self.args:
            return pattern
        return pattern.format(**{k: render(v, catalogue) for k, v in self.args.items()})

    def parts(self) -> Iterable[Text]:
        """This text and every text among its arguments, at any depth (for tests)."""
        yield self
        for value in self.args.values():
            if isinstance(value, Text):
                yield from value.parts()


class Joined(Text):
    """Texts joined by a separator (itself a text, so that " and " is translated too)."""

    items: tuple[str, ...]
    separator: str

    def __new__(cls, separator: str, items: Iterable[str]) -> Joined:
        listed = tuple(items)
        self = str.__new__(cls, separator.join(listed))
        self.msgid, self.args, self.plural, self.context = "", {}, None, None
        self.items, self.separator = listed, separator
        return self

    def render(self, catalogue: Catalogue) -> str:
        return str(render(self.separator, catalogue)).join(
            str(render(item, catalogue)) for item in self.items
        )

    def parts(self) -> Iterable[Text]:
        for value in (self.separator, *self.items):
            if isinstance(value, Text):
                yield from value.parts()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.separator, self.items))


def say(msgid: str, /, **args: Argument) -> Text:
    """A text from a pattern and its arguments: ``say("Bid {amount}", amount=3)``."""
    return Text(msgid, **args)


def say_n(singular: str, plural: str, /, n: int, **args: Argument) -> Text:
    """A text about `n` things, in the plural form `n` takes in the reader's language."""
    text = Text(singular if n == 1 else plural, n=n, **args)
    text.msgid, text.plural = singular, plural
    return text


def term(context: str, word: str, /) -> Text:
    """One word of the game (a good, a location), translated in `context`."""
    text = Text(word)
    text.context = context
    return text


def join(separator: str, items: Iterable[str]) -> Text:
    """Texts joined by `separator`, each said in the reader's language."""
    return Joined(separator, items)


def render(text: Argument, catalogue: Catalogue) -> Argument:
    """`text` in the catalogue's language; anything that is not a `Text` is put as it is."""
    return text.render(catalogue) if isinstance(text, Text) else text
