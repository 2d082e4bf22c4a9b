"""The Tikal map keeps stones apart from labels: a temple's value never runs into a stone
count ("temple 101" was a temple of 10 beside 1 stone)."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

from meeple.engine.testing import random_step
from meeple.games.tikal.state import TikalState
from meeple.games.tikal.terminal import STONE, render

#: A letter or digit touching a stone, or a temple value running into another character.
RUN_TOGETHER = re.compile(rf"[\w$]{STONE}|{STONE}[\w$]|temple \d+[^\s\\/]")


def test_stones_never_touch_a_label():
    state = TikalState.new({"players": 4}, 9)
    rng = random.Random(9)
    checked = 0
    while not state.is_over():
        if checked % 40 == 0:
            console = Console(width=120, record=True, file=io.StringIO())
            console.print(render(state.view(0)))
            text = console.export_text()
            assert STONE in text
            assert not RUN_TOGETHER.findall(text), RUN_TOGETHER.findall(text)
        random_step(state, rng)
        checked += 1
    assert checked > 200
