"""A fixed piece of engine work to count instructions of, with valgrind: on a machine shared by
several developers wall time swings by a factor of two or more, and the count does not.

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        python benchmarks/instructions.py tikal games 5

The first argument names the game (``tikal`` or ``altiplano``). ``games N [OPTIONS]`` plays N
seeded random games (seeds 0 to N-1) with the options given as JSON, by default
``{"players": 4}``; ``ismcts N`` makes the first N ISMCTS decisions at 200 iterations of
`bench_compare`'s seeded 2-player positions. Run it with ``PYTHONPATH=TREE``
for each tree, and subtract the count for N = 0 (start-up, imports and, for ``ismcts``, finding
the positions).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_compare import _positions
from meeple.bots import make_bot
from meeple.engine.registry import game_class
from meeple.engine.testing import random_step


def main() -> None:
    game, what, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    cls = game_class(game)
    if what == "games":
        options = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {"players": 4}
        for seed in range(count):
            state, rng = cls.new(options, seed), random.Random(seed)
            while not state.is_over():
                random_step(state, rng)
        return
    positions = [s for s in _positions(cls, {"players": 2}, 48) if len(s.to_move()) == 1]
    positions = [s for s in positions if len(s.legal_actions(s.to_move()[0])) > 1]
    for index, state in enumerate(positions[:count]):
        seat = state.to_move()[0]
        bot = make_bot("ismcts:200i", cls, index)
        bot.choose(state.view(seat), state.legal_actions(seat))


if __name__ == "__main__":
    main()
