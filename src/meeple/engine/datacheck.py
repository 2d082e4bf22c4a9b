"""Typed reads of component (edition) data that name the field when the data is wrong.

A user who types an edition by hand must be able to find the mistake, so every reader takes a
value and the JSON path it was found at (``"goods[2].vp"``) and either returns the value typed
or raises `EditionError` with the message ``"<path>: <what was expected>"``. The games build
their edition checks from these readers, one small function per part of the edition.

The messages are `meeple.engine.words.Text` (every game's catalogue holds this module's), so
that a page says why a user's edition was refused in the user's language; the path is an id
and stays as it is. The parameters that take words are typed `Text` (or `Term`), not ``str``,
so that mypy refuses an English string a game would pass untranslated.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any, TypeGuard

from meeple.engine.errors import EditionError
from meeple.engine.words import Term, Text, say

#: How much of a wrong value an error message shows.
_SHOWN_CHARS = 60


def fail(path: str, problem: Text) -> EditionError:
    """The error for the field at `path` ("" for the whole edition), said with its `problem`
    in the reader's language."""
    return EditionError(say("{path}: {problem}", path=path or "edition", problem=problem))


def shown(value: Any) -> str:
    """`value` as an error message quotes it, cut short: it may be a whole object."""
    text = repr(value)
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 3] + "..."


def child(path: str, key: str | int) -> str:
    """The path of `key` inside the field at `path`: ``a.key`` or ``a[3]``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def is_object(value: object) -> TypeGuard[Mapping[str, Any]]:
    """Whether `value` is a JSON object: a dict, tested first because the `Mapping` test is
    several times slower and editions are parsed each time a game with one is created."""
    return type(value) is dict or isinstance(value, Mapping)


def field(data: Any, key: str, path: str) -> Any:
    """``data[key]``, where `data` is the field at `path` and must be an object holding `key`."""
    if not is_object(data):
        raise fail(path, say("must be an object"))
    if key not in data:
        raise fail(child(path, key), say("is missing"))
    return data[key]


def figure(data: Any, key: str, path: str) -> Any:
    """A figure ``data[key]``: a bare value or one recorded as ``{"value": ..., "status": ...}``."""
    item = field(data, key, path)
    if is_object(item) and "value" in item:
        return item["value"]
    return item


def mapping(value: Any, path: str, problem: Text | None = None) -> Mapping[str, Any]:
    """An object; `problem` says what it must map where that matters (else "must be an
    object"): a text, so that a page says it in its reader's language."""
    if not is_object(value):
        raise fail(path, problem or say("must be an object"))
    return value


def array(value: Any, path: str, non_empty: bool = False) -> list[Any]:
    if not isinstance(value, list) or (non_empty and not value):
        raise fail(path, say("must be a non-empty list") if non_empty else say("must be a list"))
    return value


def integer(value: Any, path: str, minimum: int = 0) -> int:
    """An integer of at least `minimum` (``true`` and ``1.0`` are not integers here)."""
    if type(value) is not int or value < minimum:
        raise _not_integer(value, path, minimum)
    return value


def integers(values: Iterable[Any], path: str, minimum: int = 0) -> tuple[int, ...]:
    """Integers of at least `minimum`, such as the stones on a tile's sides; a wrong one is
    named by its index. The path is built only then: an edition holds hundreds of them."""
    result = tuple(values)
    for index, value in enumerate(result):
        if type(value) is not int or value < minimum:
            raise _not_integer(value, f"{path}[{index}]", minimum)
    return result


def _not_integer(value: Any, path: str, minimum: int) -> EditionError:
    if minimum == 0:
        return fail(path, say("must be a non-negative integer, not {value}", value=shown(value)))
    return fail(
        path,
        say("must be an integer >= {minimum}, not {value}", minimum=minimum, value=shown(value)),
    )


def text(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise fail(path, say("must be a non-empty string"))
    return value


def one_of(value: Any, path: str, names: Collection[str], what: Term) -> str:
    """One of `names`; `what` says what they are (a good, a location) for the message, as a
    term in the reader's language."""
    if not isinstance(value, str) or value not in names:
        raise fail(
            path,
            say(
                "unknown {what} {value}, expected one of {names}",
                what=what,
                value=shown(value),
                names=str(list(names)),
            ),
        )
    return value


def new_id(value: Any, path: str, seen: Collection[str], what: Term) -> str:
    """A non-empty string naming a `what` (a term, as for `one_of`) that is not among the ids
    `seen` so far."""
    name = text(value, path)
    if name in seen:
        raise fail(path, say("{what} {name!r} is repeated", what=what, name=name))
    return name
