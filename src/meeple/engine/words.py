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
Texts are made for every label of every position a server sends, so they are small: slotted
``str`` subclasses, one per kind (`Text`, `Counted`, `Term`, `Joined`).

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


class Text(str):
    """English text with the message id and arguments it was made from (see the module)."""

    __slots__ = ("args", "msgid")
    msgid: str
    args: Mapping[str, Argument]

    def __new__(cls, msgid: str, /, **args: Argument) -> Text:
        self = str.__new__(cls, msgid.format(**args) if args else msgid)
        self.msgid, self.args = msgid, args
        return self

    def pattern(self, catalogue: Catalogue) -> str:
        """The message's pattern in the catalogue's language."""
        return catalogue.gettext(self.msgid)

    def render(self, catalogue: Catalogue) -> str:
        """This text in the catalogue's language (its English where the catalogue has none)."""
        pattern = self.pattern(catalogue)
        if not self.args:
            return pattern
        return pattern.format(**{k: render(v, catalogue) for k, v in self.args.items()})

    @property
    def context(self) -> str | None:
        """What a single word names (`Term`); None for a message."""
        return None

    def parts(self) -> Iterable[Text]:
        """This text and every text among its arguments, at any depth (for tests)."""
        yield self
        for value in self.args.values():
            if isinstance(value, Text):
                yield from value.parts()

    def __reduce__(self) -> tuple[Any, ...]:
        slots = (name for kind in type(self).__mro__ for name in getattr(kind, "__slots__", ()))
        return (_restore, (type(self), str(self), {name: getattr(self, name) for name in slots}))


def _restore(cls: type[Text], english: str, state: dict[str, Any]) -> Text:
    text = str.__new__(cls, english)
    for name, value in state.items():
        setattr(text, name, value)
    return text


class Counted(Text):
    """A text about ``args["n"]`` things, in the plural form `n` takes in each language."""

    __slots__ = ("plural",)
    plural: str

    def __new__(cls, singular: str, plural: str, /, **args: Argument) -> Counted:
        n = args["n"]
        self = str.__new__(cls, (singular if n == 1 else plural).format(**args))
        self.msgid, self.plural, self.args = singular, plural, args
        return self

    def pattern(self, catalogue: Catalogue) -> str:
        return catalogue.ngettext(self.msgid, self.plural, int(self.args["n"]))


class Term(Text):
    """One word of the game, translated in its context (what it names)."""

    __slots__ = ("word_context",)
    word_context: str

    def __new__(cls, context: str, word: str, /) -> Term:
        self = str.__new__(cls, word)
        self.msgid, self.args, self.word_context = word, {}, context
        return self

    @property
    def context(self) -> str | None:
        return self.word_context

    def pattern(self, catalogue: Catalogue) -> str:
        return str(catalogue.pgettext(self.word_context, self.msgid))


class Joined(Text):
    """Texts joined by a separator (itself a text, so that " and " is translated too)."""

    __slots__ = ("items", "separator")
    items: tuple[str, ...]
    separator: str

    def __new__(cls, separator: str, items: Iterable[str]) -> Joined:
        listed = tuple(items)
        self = str.__new__(cls, separator.join(listed))
        self.msgid, self.args, self.items, self.separator = "", {}, listed, separator
        return self

    def render(self, catalogue: Catalogue) -> str:
        return str(render(self.separator, catalogue)).join(
            str(render(item, catalogue)) for item in self.items
        )

    def parts(self) -> Iterable[Text]:
        for value in (self.separator, *self.items):
            if isinstance(value, Text):
                yield from value.parts()


#: A text from a pattern and its arguments: ``say("Bid {amount}", amount=3)``.
say = Text
#: A text about `n` things: ``say_n("{n} coin", "{n} coins", n=2)``.
say_n = Counted
#: One word of the game (a good, a location), translated in its context: ``term("good", "fish")``.
term = Term
#: Texts joined by a separator, each said in the reader's language.
join = Joined


def render(text: Argument, catalogue: Catalogue) -> Argument:
    """`text` in the catalogue's language; anything that is not a `Text` is put as it is."""
    return text.render(catalogue) if isinstance(text, Text) else text
