"""Play an arena's games: one game as a job, many with a pool of workers, and resume.

Everything a game needs is derived from the configuration and its index (`job_for`): the lineup
from the schedule, the game seed and one seed per seat from ``derive_rng(seed, ...)``. So a game
gives the same result whichever worker plays it and in whatever order, and a stopped run can be
continued game by game.

An arena directory holds ``arena.json`` (the configuration) and ``games.jsonl``, one line per
finished game, appended and synced to disk as soon as the game ends so that a crash or Ctrl-C
loses at most the games in progress. A game that raises keeps its record so far in
``errors/game-<i>.json`` (replayable by ``meeple replay``) and its line names the error.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from meeple.arena.schedule import entrant_names, lineup
from meeple.bots import make_bot
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_class
from meeple.engine.rng import derive_rng

CONFIG_FORMAT = "meeple-arena"
CONFIG_VERSION = 1
CONFIG_FILE = "arena.json"
GAMES_FILE = "games.jsonl"
ERRORS_DIR = "errors"

#: One line of ``games.jsonl``: index, seed, lineup, scores, winners, seconds, error.
GameLine = dict[str, Any]
LINE_KEYS = frozenset({"index", "seed", "lineup", "scores", "winners", "error", "seconds"})


class ArenaMismatch(Exception):
    """The arena directory belongs to a run with another configuration (or to none)."""


@dataclass(frozen=True)
class ArenaConfig:
    """What determines an arena's results; the worker count does not, so it is not here."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int

    @property
    def players(self) -> int:
        return int(self.options["players"])

    @property
    def entrants(self) -> list[str]:
        return entrant_names(self.bots)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": CONFIG_FORMAT,
            "version": CONFIG_VERSION,
            "game": self.game,
            "options": self.options,
            "bots": list(self.bots),
            "entrants": self.entrants,
            "games": self.games,
            "seed": self.seed,
        }


@dataclass(frozen=True)
class GameJob:
    """Everything one game needs; plain data, so it can be sent to a worker process."""

    index: int
    game: str
    options: dict[str, Any]
    seed: int
    lineup: tuple[str, ...]
    specs: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    out: str


def job_for(config: ArenaConfig, index: int, out: Path) -> GameJob:
    """Game `index` of the arena: lineup from the schedule, seeds from ``--seed`` and `index`."""
    names = config.entrants
    seats = lineup(index, len(names), config.players)
    return GameJob(
        index=index,
        game=config.game,
        options=config.options,
        seed=derive_rng(config.seed, "arena-game", index).randrange(2**31),
        lineup=tuple(names[e] for e in seats),
        specs=tuple(config.bots[e] for e in seats),
        bot_seeds=tuple(
            derive_rng(config.seed, "arena-bot", index, seat).randrange(2**31)
            for seat in range(config.players)
        ),
        out=str(out),
    )


def play_game(job: GameJob) -> GameLine:
    """Play one game to the end; any exception is reported in the line, never raised, and the
    record so far is saved in the arena directory so that the error can be replayed."""
    line, failed_record = play_out(job)
    if failed_record is not None:
        keep_error_record(Path(job.out), line, failed_record)
    return line


def play_out(job: GameJob) -> tuple[GameLine, GameRecord | None]:
    """Play one game to the end: its line, and the record so far if it raised (else ``None``).

    Catching everything is deliberate: a bot is arbitrary code, and one crashing game must not
    stop a night-long tournament. Nothing is written here, so that a machine without the arena
    directory (a Ray node) can play the game and send the record back to be kept."""
    started = time.perf_counter()
    record = GameRecord(job.game, job.options, job.seed)
    line: GameLine = {"index": job.index, "seed": job.seed, "lineup": list(job.lineup)}
    failed_record = None
    try:
        state_class = game_class(job.game)
        state = state_class.new(job.options, job.seed)
        bots = [
            make_bot(spec, state_class, seed)
            for spec, seed in zip(job.specs, job.bot_seeds, strict=True)
        ]
        while not state.is_over():
            seat = state.to_move()[0]
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
            state.apply(seat, action)
            record.actions.append((seat, action))
        line |= {"scores": state.scores(), "winners": state.winners(), "error": None}
    except Exception as exc:
        path = Path(ERRORS_DIR) / f"game-{job.index}.json"
        error = {"type": type(exc).__name__, "message": str(exc), "record": path.as_posix()}
        line |= {"scores": None, "winners": None, "error": error}
        failed_record = record
    line["seconds"] = round(time.perf_counter() - started, 3)
    return line, failed_record


def keep_error_record(out: Path, line: GameLine, record: GameRecord) -> None:
    """Save the record of a game that raised where its line says (``errors/game-<i>.json``)."""
    (out / ERRORS_DIR).mkdir(parents=True, exist_ok=True)
    record.save(out / line["error"]["record"])


#: How an arena's games are played: the jobs in, their lines out in completion order
#: (`run_jobs` with a number of workers here, or `meeple.arena.ray_runner` on a Ray cluster).
JobRunner = Callable[[list[GameJob]], Iterable[GameLine]]


def run_jobs(jobs: list[GameJob], workers: int) -> Iterator[GameLine]:
    """Lines of the finished games, in completion order; ``workers == 1`` plays in-process.

    Workers are started with ``spawn``: a clean interpreter behaves the same on every OS and
    does not inherit the progress bar's thread as ``fork`` would."""
    if workers == 1 or len(jobs) <= 1:
        yield from (play_game(job) for job in jobs)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap_unordered(play_game, jobs)


def open_arena(out: Path, config: ArenaConfig) -> dict[int, GameLine]:
    """The games already recorded in `out` by a run of `config`; writes ``arena.json`` if new.

    Raises `ArenaMismatch` if `out` holds another arena. A line cut short by a crash is
    dropped (that game is played again) and the file rewritten without it, so that new lines
    are never appended to a broken one."""
    config_path, games_path = out / CONFIG_FILE, out / GAMES_FILE
    if config_path.exists():
        _check_config(config_path, config)
    elif games_path.exists():
        raise ArenaMismatch(
            f"{out} has {GAMES_FILE} but no {CONFIG_FILE}: not an arena of this run"
        )
    else:
        out.mkdir(parents=True, exist_ok=True)
        _write_atomic(config_path, json.dumps(config.to_json(), indent=1) + "\n")
    if not games_path.exists():
        return {}
    lines = games_path.read_text(encoding="utf-8").splitlines()
    done: dict[int, GameLine] = {}
    for text in lines:
        line = _parse_line(text, config.games)
        if line is not None:
            done.setdefault(line["index"], line)
    if len(done) != len(lines):
        write_lines(games_path, done.values())
    return done


def append_line(stream: TextIO, line: Mapping[str, Any]) -> None:
    """Append one game and force it to disk before the next one is counted."""
    stream.write(json.dumps(line, sort_keys=True) + "\n")
    stream.flush()
    os.fsync(stream.fileno())


def write_lines(path: Path, lines: Iterable[Mapping[str, Any]]) -> None:
    """Rewrite ``games.jsonl`` in game order (atomically: a crash leaves the old file)."""
    ordered = sorted(lines, key=lambda line: line["index"])
    _write_atomic(path, "".join(json.dumps(line, sort_keys=True) + "\n" for line in ordered))


def play_arena(
    out: Path,
    config: ArenaConfig,
    done: dict[int, GameLine],
    run: JobRunner,
    on_line: Callable[[GameLine], None] = lambda line: None,
) -> list[GameLine]:
    """Play the games missing from `done` with `run`, recording each as it ends; every line, in
    order."""
    jobs = [job_for(config, i, out) for i in range(config.games) if i not in done]
    results = dict(done)
    with (out / GAMES_FILE).open("a", encoding="utf-8") as stream:
        for line in run(jobs):
            append_line(stream, line)
            results[line["index"]] = line
            on_line(line)
    write_lines(out / GAMES_FILE, results.values())
    return [results[i] for i in range(config.games)]


def _check_config(path: Path, config: ArenaConfig) -> None:
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ArenaMismatch(f"cannot read {path}: {exc}") from exc
    wanted = config.to_json()
    if not isinstance(stored, dict):
        raise ArenaMismatch(f"{path} is not an arena configuration")
    differences = [
        f"{key} {_short(stored.get(key))} there, {_short(value)} here"
        for key, value in wanted.items()
        if stored.get(key) != value
    ]
    if differences:
        raise ArenaMismatch(
            f"{path.parent} holds an arena with another configuration ({'; '.join(differences)}); "
            "use another --out or the same options"
        )


def _short(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _parse_line(text: str, games: int) -> GameLine | None:
    """A recorded game, or ``None`` for a line that is cut short or not one of this arena's."""
    try:
        line = json.loads(text)
    except json.JSONDecodeError:
        return None
    if not isinstance(line, dict) or not line.keys() >= LINE_KEYS:
        return None
    index = line["index"]
    return line if type(index) is int and 0 <= index < games else None


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
