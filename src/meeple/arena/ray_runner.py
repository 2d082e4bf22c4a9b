"""Play an arena's games on a Ray cluster, one game a Ray task (``meeple arena --ray ADDRESS``).

Only where the games are played changes: the schedule, the seeds, the results file, resume and
the report stay those of `meeple.arena.runner`, since a game's result depends on its `GameJob`
alone. A task plays the game with `play_out` and sends its line back (and, if it raised, its
record so far, which is saved here: a node has no arena directory); this process appends each
line to ``games.jsonl`` as it arrives, exactly as with local workers.

Every node of the cluster must have the same meeple installed (``pip install 'meeple[cluster]'``
from the same checkout or version): a task imports the game and the bots there. Ray is an
optional extra (``cluster``), imported only when ``--ray`` is given.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from meeple.arena.runner import GameJob, GameLine, JobRunner, keep_error_record, play_out

#: Games handed to the cluster ahead of those running: twice its CPUs. Enough to keep every
#: CPU busy while the results come back, few enough that a run of a hundred thousand games
#: neither floods the scheduler nor scans a long list at each finished game.
TASKS_PER_CPU = 2


class RayMissing(Exception):
    """``--ray`` was asked for, but Ray (the optional ``cluster`` extra) is not installed."""


class RayFailure(Exception):
    """Ray could not be reached at the address given, or lost a game: no result of the game
    (those are in its line), so nothing is recorded and running the command again retries."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or `RayMissing`; importing it is slow, so only ``--ray`` does."""
    try:
        import ray
    except ImportError as exc:
        raise RayMissing(f"Ray is not installed ({exc})") from exc
    return ray


@contextmanager
def ray_cluster(address: str) -> Iterator[JobRunner]:
    """Connected to Ray at `address`, as ``ray.init`` takes it (``auto``, ``ray://host:10001``,
    ``local`` to start an instance on this machine); yields the runner of games there.

    A program that is already connected (it called ``ray.init`` itself, as the tests do) keeps
    its connection and the address is not used; otherwise the connection made here is closed
    at the end, which stops the instance that ``local`` started."""
    ray = import_ray()
    connected_here = not ray.is_initialized()
    if connected_here:
        try:
            ray.init(address=address)
        except (ConnectionError, ValueError) as exc:
            raise RayFailure(f"cannot start or reach Ray at {address!r}: {exc}") from exc
    try:
        yield run_jobs_on_ray
    finally:
        if connected_here:
            ray.shutdown()


def run_jobs_on_ray(jobs: list[GameJob]) -> Iterator[GameLine]:
    """Lines of the finished games in completion order, each game played as a Ray task.

    Games are submitted in index order, at most `TASKS_PER_CPU` per CPU of the cluster ahead
    (counted again at each submission, so that nodes that join are used). If the caller stops
    early (Ctrl-C), the games not yet returned are cancelled. A task that Ray itself loses (a
    node gone after Ray's own retries, a node without meeple) raises `RayFailure`: that is no
    result of the game, so it is not recorded, and running the command again plays it anew."""
    ray = import_ray()
    play = ray.remote(num_cpus=1)(play_out)
    waiting = iter(jobs)
    running: dict[Any, GameJob] = {}
    try:
        while True:
            for job in waiting:
                running[play.options(name=f"arena game {job.index}").remote(job)] = job
                if len(running) >= _ahead(ray):
                    break
            if not running:
                return
            (ready,), _ = ray.wait(list(running), num_returns=1)
            job = running.pop(ready)
            try:
                line, failed_record = ray.get(ready)
            except ray.exceptions.RayError as exc:
                raise RayFailure(
                    f"Ray lost game {job.index}: {exc}. The finished games are kept in "
                    f"{job.out}: run the command again to continue"
                ) from exc
            if failed_record is not None:
                keep_error_record(Path(job.out), line, failed_record)
            yield line
    finally:
        for ref in running:
            ray.cancel(ref)


def _ahead(ray: ModuleType) -> int:
    """How many games may be submitted and not yet returned."""
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return TASKS_PER_CPU * max(cpus, 1)
