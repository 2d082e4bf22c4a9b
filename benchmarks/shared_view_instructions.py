"""Instructions a move of the views the server makes for a table's readers
(`GameState.shared_view` with one `kept` per table, as `server.live.LiveTable` keeps it),
counted with valgrind in each source tree given.

    python benchmarks/shared_view_instructions.py TREE [TREE ...] [--game altiplano]
        [--players 2] [--steps 300]

Each run plays seeded random games (a random legal action of a seat to act, as
`meeple.engine.testing.random_step` does) and after each move makes the view of every seat and
of the spectators (of the spectators only in a game whose seats all see the same, Tikal, as the
server does); one run plays one game, the other three, and the difference over the
difference of their moves is the views' cost a move (the moves themselves are counted too, in
both trees alike). The games are the same in every tree.
"""

from __future__ import annotations

import argparse
import random
import re
import sys

from cachegrind import counted


def play(game: str, players: int, games: int, most: int) -> int:
    """Play `games` random games of at most `most` moves; the moves played."""
    from meeple.engine.registry import game_info

    info, moves = game_info(game), 0
    for seed in range(games):
        state, rng, kept = info.state_class.new({"players": players}, seed), random.Random(seed), {}
        # the server's readers: every seat and the spectators, or only the spectators' view
        # where every seat's is the same (`views_alike`, `server.live.LiveTable.view`)
        readers = [None] if state.views_alike else [*range(players), None]
        for _ in range(most):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            for reader in readers:
                state.shared_view(reader, kept)
            moves += 1
    return moves


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--play":
        game, players, games, most = sys.argv[2], *map(int, sys.argv[3:6])
        print(f"moves={play(game, players, games, most)}")
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+")
    parser.add_argument("--game", choices=("altiplano", "tikal"), default="altiplano")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    for tree in args.trees:
        runs = []
        for games in (1, 3):
            arguments = [__file__, "--play", args.game, str(args.players), str(games)]
            instructions, printed = counted([*arguments, str(args.steps)], tree)
            runs.append((instructions, int(re.search(r"moves=(\d+)", printed).group(1))))  # type: ignore[union-attr]
        (once, moves_once), (thrice, moves_thrice) = runs
        print(f"{tree}: {(thrice - once) / (moves_thrice - moves_once):,.0f} a move")


if __name__ == "__main__":
    main()
