"""What the analysis of a game means, and what it costs (issue 29).

Plays games of a searching bot against `random` (seats alternating), analyses each with the
server's default budget, and reports per bot: decisions, mean loss, the share of its decisions
marked costly; whether each seat's chance after the last moves points to the game's result
(the winner's chance above the loser's); and the analysis's time per decision.

    python benchmarks/bench_analysis.py tikal --games 10 --bot ismcts:400i
"""

from __future__ import annotations

import argparse
import time

from meeple.analysis import COSTLY, DEFAULT_BUDGET, estimate_moves, summarise
from meeple.bots import make_bot
from meeple.bots.base import Budget
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_class


def play(game: str, seed: int, specs: list[str]) -> GameRecord:
    state_class = game_class(game)
    options = state_class.normalize_options({"players": len(specs)})
    state = state_class.new(options, seed)
    record = GameRecord(game, options, seed)
    bots = [make_bot(spec, state_class, seed * 7 + seat) for seat, spec in enumerate(specs)]
    while not state.is_over():
        seat = state.to_move()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        record.actions.append((seat, action))
        state.apply(seat, action)
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--bot", default="ismcts:400i")
    parser.add_argument("--budget", default=str(DEFAULT_BUDGET))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    budget = Budget.parse(args.budget)
    totals = {args.bot: [0, 0, 0.0], "random": [0, 0, 0.0]}  # decisions, costly, loss
    agree = decided_games = 0
    seconds = decisions = 0.0
    for number in range(args.games):
        specs = [args.bot, "random"] if number % 2 == 0 else ["random", args.bot]
        record = play(args.game, args.seed + number, specs)
        start = time.perf_counter()
        moves = estimate_moves(record.initial_state(), record.actions, budget, seed=0)
        seconds += time.perf_counter() - start
        analysis = summarise(args.game, 2, str(budget), 0, moves)
        for summary in analysis.seats:
            line = totals[specs[summary.seat]]
            line[0] += summary.decisions
            line[1] += summary.costly
            line[2] += summary.mean_loss * summary.decisions
        decisions += sum(s.decisions for s in analysis.seats)
        winners = record.replay().winners()
        if len(winners) == 1:
            decided_games += 1
            (winner,) = winners
            final = [series[-1] or 0.0 for series in analysis.chart]
            agree += final[winner] > final[1 - winner]
        print(
            f"game {number + 1}: seats {specs}, winners {winners}, moves {len(moves)}", flush=True
        )
    print(f"\n{args.game}, {args.games} games, {args.bot} against random, analysis {budget}")
    print("| bot | decisions | mean loss | costly (loss ≥ %.0f %%) |" % (COSTLY * 100))
    print("|---|---:|---:|---:|")
    for name, (count, costly, loss) in totals.items():
        share, mean = costly / max(count, 1) * 100, loss / max(count, 1) * 100
        print(f"| {name} | {count} | {mean:.2f} % | {costly} ({share:.1f} %) |")
    print(f"final chances point to the winner in {agree} of {decided_games} decided games")
    each = seconds / max(decisions, 1) * 1000
    print(f"analysis: {seconds:.0f} s for {decisions:.0f} decisions, {each:.0f} ms a decision")


if __name__ == "__main__":
    main()
