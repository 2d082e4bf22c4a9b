"""A frame's text (`meeple.server.messages.frame`): what `json` would write, whatever the
keys; the plain encoding is tried first and the one that takes any key only when it refuses."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from meeple.engine.words import Term, Text
from meeple.server.messages import frame

KEYS = st.one_of(st.text(max_size=5), st.integers(-5, 5), st.booleans())
VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**53), 2**53), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=20,
)


@given(VALUES)
def test_a_frame_reads_back_as_json_writes_it(message: object) -> None:
    assert json.loads(frame(message)) == json.loads(json.dumps(message))


def test_keys_that_are_not_strings_become_strings() -> None:
    assert json.loads(frame({"scores": {0: 12, 1: 30}})) == {"scores": {"0": 12, "1": 30}}


def test_texts_are_written_as_their_english_as_keys_and_as_values() -> None:
    bid = Text("Bid {amount}", amount=3)
    word = Term("good", "salt")
    assert json.loads(frame({word: bid, "label": bid})) == {"salt": "Bid 3", "label": "Bid 3"}
