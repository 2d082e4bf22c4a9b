"""Where a search's time goes, by module: the search's own code against the game's.

Reads a sampling profile written by py-spy in its raw format and counts the samples taken
inside a bot's ``choose``, each for the innermost frame that is the project's: a Python frame
of ``meeple/...``, or, with ``--native``, a function compiled by mypyc (the optional build),
whose C name says its module and class (``CPyDef_tikal___state___TikalState___clone``). Time in the
interpreter's own helpers (``random``, the dataclasses' ``__hash__``) goes to the project's
frame that called them.

Run:
    py-spy record [--native] -r 400 --format raw -o FILE -- \\
        python benchmarks/bench_ismcts.py --game tikal --budget 200i --decisions 20
    python benchmarks/profile_share.py FILE [--top 25]
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

#: A function compiled by mypyc: its module (the shortest unique end of its name), class and
#: function, joined by three underscores.
COMPILED_FRAME = re.compile(r"CPy(?:Def|Py)_(\w+___\w+)")


def owner(frame: str) -> tuple[str, str] | None:
    """(module, function) of a frame of the project, or None for any other frame."""
    compiled = COMPILED_FRAME.match(frame)
    if compiled:
        place = compiled.group(1).split("___")[:-1]
        return ".".join(place) + " (compiled)", frame.split(" ")[0]
    if "meeple/" in frame:
        return frame.split("(", 1)[1].split(":")[0], frame
    return None


def shares(lines: list[str]) -> tuple[int, Counter[str], Counter[str]]:
    """Samples in ``choose``, and their count by module and by function."""
    modules: Counter[str] = Counter()
    functions: Counter[str] = Counter()
    total = 0
    for line in lines:
        stack, _, count = line.rstrip().rpartition(" ")
        frames = stack.split(";")
        if not any(".choose (" in frame for frame in frames):
            continue
        total += int(count)
        found = next(filter(None, map(owner, reversed(frames))), ("(other)", "(other)"))
        modules[found[0]] += int(count)
        functions[found[1]] += int(count)
    return total, modules, functions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", help="py-spy's output, written with --format raw")
    parser.add_argument("--top", type=int, default=25, help="functions to list")
    args = parser.parse_args()
    with open(args.profile, encoding="utf-8") as file:
        total, modules, functions = shares(file.readlines())
    print(f"{total} samples in choose")
    for name, count in modules.most_common():
        print(f"{100 * count / total:5.1f} %  {name}")
    print()
    for name, count in functions.most_common(args.top):
        print(f"{100 * count / total:5.1f} %  {name}")


if __name__ == "__main__":
    main()
