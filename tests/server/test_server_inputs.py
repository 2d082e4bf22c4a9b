"""`read_json` reads a plain text (no escapes, ASCII, few brackets) without walking what it
read: it must refuse exactly what the walk (`check_json`) refuses."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.server.inputs import MAX_DEPTH, BadInput, _plain, check_json, read_json

#: Texts with what a database refuses (NUL, a lone surrogate), brackets and quotes a plain
#: text may hold inside its strings, and plain words.
TEXTS = st.sampled_from(["a\x00b", "\ud800", "[[{", '"}"', "wood", "é", ""]) | st.text()
VALUES = st.recursive(
    st.none() | st.integers() | TEXTS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXTS, inner, max_size=3),
    max_leaves=40,
)


def nest(depth: int) -> object:
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


def refusal(check: object, *args: object) -> str | None:
    try:
        check(*args)  # type: ignore[operator]
    except BadInput as exc:
        return exc.reason
    return None


@given(VALUES, st.booleans())
def test_read_json_refuses_what_the_walk_refuses(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert refusal(read_json, text) == refusal(check_json, json.loads(text), "the body")


@pytest.mark.parametrize("depth", [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1])
def test_read_json_refuses_nesting_past_the_bound_at_its_border(depth):
    text = json.dumps(nest(depth))
    refused = refusal(read_json, text)
    assert (refused is not None) == (depth > MAX_DEPTH)


def test_a_move_message_is_read_without_the_walk():
    message = {"type": "move", "action": {"kind": "walk", "to": [3, 4]}, "version": 7}
    assert _plain(json.dumps({**message, "nonce": "n12"}))
    assert not _plain(json.dumps({**message, "nonce": "a\x00"}))  # escaped: walked
    assert not _plain(json.dumps({**message, "nonce": "é"}, ensure_ascii=False))
