"""What a script records in each of two source trees, for the benchmarks that check that a
change keeps every output (`adapter_outputs.py`, `payload_outputs.py`): each tree's record is
made in a process of its own, with that tree first on the path and a fixed hash seed, and comes
back pickled."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import Any

#: The first argument of a script's run that records (`record_if_asked`).
RECORD = "--record"


def record_if_asked(record: Callable[[int, int], Any]) -> bool:
    """In a run started by `records`, write `record(count, seeds)` to the path it names and
    say True; otherwise False (the script's own run goes on)."""
    if len(sys.argv) < 2 or sys.argv[1] != RECORD:
        return False
    with open(sys.argv[2], "wb") as f:
        pickle.dump(record(int(sys.argv[3]), int(sys.argv[4])), f)
    return True


def records(script: str, trees: Sequence[str], count: int, seeds: int) -> list[Any]:
    """`script`'s record in each tree (see `record_if_asked`), in the trees' order."""
    made = []
    with tempfile.TemporaryDirectory() as folder:
        for i, tree in enumerate(trees):
            path = os.path.join(folder, f"{i}.pickle")
            subprocess.run(
                [sys.executable, script, RECORD, path, str(count), str(seeds)],
                env={**os.environ, "PYTHONPATH": tree, "PYTHONHASHSEED": "0"},
                check=True,
            )
            with open(path, "rb") as f:
                made.append(pickle.load(f))
    return made
