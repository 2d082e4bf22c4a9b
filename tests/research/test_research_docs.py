"""docs/research.md runs and tells the truth: its examples run, its tables of Tikal's action
sections and observation fields are the encoding's own, and Altiplano's game lengths the
bound's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meeple.games.altiplano import components as altiplano_components
from meeple.games.altiplano.encoding import encoding as altiplano_encoding
from meeple.games.altiplano.game_length import length_terms
from meeple.games.tikal.encoding import encoding

DOC = Path(__file__).parent.parent.parent / "docs" / "research.md"


@pytest.mark.timeout(120)
def test_the_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})
    printed = capsys.readouterr().out
    assert "wins by seat:" in printed and "returns:" in printed


def table_rows(heading: str) -> list[list[str]]:
    """The body rows of the first table after `heading`, cells stripped of backquotes."""
    lines = DOC.read_text().split(heading, 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    table = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        table.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return table[2:]  # after the heading row and the alignment row


def test_the_action_table_is_the_encodings() -> None:
    enc = encoding({"players": 3})
    rows = table_rows("### Actions")
    assert [(r[0], int(r[1]), int(r[2])) for r in rows] == [
        (s.kind, s.size, s.start) for s in enc.action_sections
    ]


def test_the_observation_table_is_the_encodings() -> None:
    enc = encoding({"players": 3})
    rows = table_rows("### Observation")
    assert [(r[0], r[1], int(r[2])) for r in rows] == [
        (f.name, "×".join(map(str, f.shape)), f.start) for f in enc.fields
    ]
    assert enc.observation_shape == (1345,)


def test_the_altiplano_game_length_table_is_the_bounds() -> None:
    comps = altiplano_components.load(None)
    rows = table_rows("### Game length")
    assert [int(r[0]) for r in rows] == [2, 3, 4, 5]
    for row in rows:
        players = int(row[0])
        base = length_terms(comps, {"players": players, "role_draft": False, "missions": False})
        assert [int(cell.replace(",", "")) for cell in row[1:5]] == [
            base.rounds,
            sum(base.per_seat_round.values()),
            sum(base.per_seat.values()),
            sum(base.per_table.values()),
        ]
        lengths = [
            altiplano_encoding({"players": players, "role_draft": d, "missions": m}).max_game_length
            for d, m in ((False, False), (True, False), (False, True), (True, True))
        ]
        assert row[5] == " / ".join(f"{n:,}" for n in lengths)
