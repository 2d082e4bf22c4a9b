"""One Python run under valgrind's cachegrind, for the benchmarks that count instructions
(`instructions_compare.py`, `adapter_instructions.py`, `observation_instructions.py`,
`bench_server_instructions.py`): wall time on this shared machine swings too much to read a few
per cent from it, the instructions of the same work do not.

numpy's BLAS runs with one thread: its pool of waiting threads otherwise spins for a varying
number of instructions (two runs of the same job differed by up to 6 M, in steps of 1.5 M);
with it the count of a run repeats to a few thousand instructions.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence

ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}


def counted(arguments: Sequence[str], tree: str) -> tuple[int, str]:
    """Run ``python ARGUMENTS`` under cachegrind with the source folder `tree` first on the
    path; the instructions it counted, and what the run printed."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            *arguments,
        ],
        env={**os.environ, "PYTHONPATH": tree, **ONE_THREAD},
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), run.stdout
