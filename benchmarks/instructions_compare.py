"""Engine and ISMCTS work of several source trees, counted in instructions (valgrind).

Wall time on this shared 2-core machine swings by up to a factor of two between runs minutes
apart (docs/benchmarks.md), so a speed-up of a few tens of per cent cannot be read from it with
confidence; the number of instructions the same work takes does not swing. It is not the same
as time (a cache miss costs more than an add), so `bench_compare.py` still gives the wall
times; this gives the ratio no load can move.

Run: ``python benchmarks/instructions_compare.py TREE [TREE ...] [--jobs 2]``, each ``TREE`` a
source folder holding ``meeple/`` (pure or compiled in place). Needs valgrind (Debian's
``valgrind`` package). Each count is `instructions.py`'s work minus the same script's start-up
(its count for N = 0), in millions; the last columns divide the first tree's count by each
other tree's.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
from pathlib import Path

from cachegrind import counted

#: (game, work, N, options): what `instructions.py` does, sized to take under a minute in
#: valgrind: `bench_compare.py`'s random games and searches.
WORK = [
    ("tikal", "games", 5, '{"players": 4}'),
    ("tikal", "games", 5, '{"players": 2}'),
    ("tikal", "games", 5, '{"players": 4, "auction": true}'),
    ("tikal", "ismcts", 4, ""),
    ("altiplano", "games", 2, '{"players": 4}'),
    ("altiplano", "games", 2, '{"players": 2}'),
    ("altiplano", "games", 2, '{"players": 4, "missions": true}'),
    ("altiplano", "ismcts", 4, ""),
]
SCRIPT = Path(__file__).with_name("instructions.py")


def count(tree: str, game: str, work: str, n: int, options: str) -> int:
    """Instructions valgrind counts for one run of `instructions.py` with `tree` on the path."""
    arguments = [str(SCRIPT), game, work, str(n), *([options] if options else [])]
    return counted(arguments, tree)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trees", nargs="+", help="source folders, the first is the baseline")
    parser.add_argument("--jobs", type=int, default=2, help="valgrind runs at once")
    args = parser.parse_args()
    runs = [
        (tree, game, work, size, options)
        for game, work, n, options in WORK
        for tree in args.trees
        for size in (n, 0)
    ]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        counts = dict(zip(runs, pool.map(lambda run: count(*run), runs), strict=True))
    print(f"{len(runs)} valgrind runs done", file=sys.stderr)
    names = " | ".join(args.trees)
    ratios = " | ".join(f"first / {i + 1}" for i in range(1, len(args.trees)))
    print(f"| work | {names} | {ratios} |")
    print("|---|" + "---:|" * (2 * len(args.trees) - 1))
    for game, work, n, options in WORK:
        millions = [
            (counts[(tree, game, work, n, options)] - counts[(tree, game, work, 0, options)]) / 1e6
            for tree in args.trees
        ]
        cells = " | ".join(f"{m:,.0f} M" for m in millions)
        shown = " | ".join(f"{millions[0] / m:.2f}×" for m in millions[1:])
        print(f"| {game} {work} {n} {options} | {cells} | {shown} |")


if __name__ == "__main__":
    main()
