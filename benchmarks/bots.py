"""The bots' graded strength and speed: each rung against the one below, and a game's time.

    python benchmarks/bots.py [--games N] [--players P] [--ruleset ID]

Plays N games of each pair (``heuristic`` vs ``random``, ``mcts`` vs ``heuristic``, ``mcts`` vs
``mcts``) under the rule set at P players, the stronger bot's side alternating between the teams,
game g dealt from seed g and each seat's bot seeded 1000·g + seat; prints for each pair the games
the first bot won, its win rate with the Wilson 95% interval, and the CPU time a game took on one
core. Not a test: it prints figures (README's "Bots" quotes them).
"""

from __future__ import annotations

import argparse
import time

from hands import positive  # beside this script: python puts its folder on the path

from truco_dsl.simulation.bots import make_bot
from truco_dsl.simulation.games import play_game
from truco_dsl.simulation.statistics import wilson

PAIRS = [("heuristic", "random"), ("mcts", "heuristic"), ("mcts", "mcts")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=positive, default=400)
    parser.add_argument("--players", type=positive, default=2)
    parser.add_argument("--ruleset", default="atb-2004")
    options = parser.parse_args()
    play_game(options.ruleset, options.players, 0, [make_bot("random", seat) for seat in range(options.players)])  # load once
    for first, second in PAIRS:
        wins, started = 0, time.process_time()
        for game in range(options.games):
            side = game % 2
            bots = [make_bot(first if seat % 2 == side else second, 1000 * game + seat) for seat in range(options.players)]
            wins += play_game(options.ruleset, options.players, game, bots).winner == side
        spent = (time.process_time() - started) / options.games
        low, high = wilson(wins, options.games)
        print(f"{first} vs {second}, {options.ruleset}, {options.players} players: {wins}/{options.games} = "
              f"{wins / options.games:.3f}, Wilson 95% [{low:.3f}, {high:.3f}]; {spent * 1000:.0f} ms CPU a game")


if __name__ == "__main__":
    main()
