"""The garbage collector's pauses in a server started by ``bench_server_load.py --gc-report``.

Python imports this module at start when its directory is on ``PYTHONPATH``; it does nothing
unless ``MEEPLE_GC_PROBE`` names the file for its report. It times every collection (the
callbacks run just before and after one) from the moment it gets SIGUSR1 (the benchmark sends
it when play starts) and, when the server is stopped, writes how many collections there were,
their pauses, and how many unreachable objects a full collection of
everything, frozen objects included, then finds: the cyclic garbage the server's collector
policy left behind (``meeple.server.run.freeze_survivors``).

The report is written from the SIGTERM handler installed here: uvicorn takes the signal for
its graceful shutdown and then raises it again with the handler it found, this one.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import time
from typing import Any

REPORT = os.environ.get("MEEPLE_GC_PROBE")
_pauses: list[tuple[int, float]] = []
_started: list[float] = []


def _time_collection(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _started[:] = [time.perf_counter()]
    elif _started:
        _pauses.append((info["generation"], 1000 * (time.perf_counter() - _started[0])))


def _start_counting(signum: int, frame: Any) -> None:
    _pauses.clear()


def _report(signum: int, frame: Any) -> None:
    gc.callbacks.remove(_time_collection)
    pauses = [ms for _, ms in _pauses]
    gc.unfreeze()
    figures = {
        "collections": len(pauses),
        "older_collections": sum(1 for generation, _ in _pauses if generation > 0),
        "pause_total_ms": round(sum(pauses), 1),
        "pause_max_ms": round(max(pauses, default=0.0), 1),
        "pauses_over_10ms": sum(1 for ms in pauses if ms > 10),
        "unreachable_at_stop": gc.collect(),
    }
    with open(REPORT, "w", encoding="utf-8") as out:  # type: ignore[arg-type]
        json.dump(figures, out)
    os._exit(0)


if REPORT:
    gc.callbacks.insert(0, _time_collection)
    signal.signal(signal.SIGUSR1, _start_counting)
    signal.signal(signal.SIGTERM, _report)
