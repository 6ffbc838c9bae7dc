"""``truco play [--ruleset ID|FILE] [--seed N] [--players N] [--scores A,B] [--record PATH]``: one game in the terminal against
bots (the game itself: ``truco_dsl.cli.terminal``)."""

from __future__ import annotations

import argparse

from truco_dsl.cli.options import players, scores, seed


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``play`` to ``truco``'s subcommands."""
    play = commands.add_parser("play", help="play one game in the terminal against bots")
    play.add_argument("--ruleset", default="atb-2004", metavar="ID|FILE", help="rule set id or rule file (default: atb-2004)")
    play.add_argument("--seed", type=seed, default=None, metavar="N",
                      help="seed of the shuffle, 0 to 999999999999999999 (same seed, same deals)")
    play.add_argument("--players", type=players, default=2, metavar="N",
                      help="seats at the table (you are seat 0), a count the rule set allows")
    play.add_argument("--scores", type=scores, default=None, metavar="A,B",
                      help="start the game at these scores, your team's first (say 23,5 to try a rule at 23; --scores=A,B for a number "
                           "that starts with -); below the target")
    play.add_argument("--record", default=None, metavar="PATH",
                      help="write the game, when it ends or you leave, as one JSON line of its deals and actions "
                           "(the format of truco simulate --record)")
    play.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Play the game ``options`` describe (``play_game``) and return its exit code. Raises what
    ``play_game`` raises for a rule set or player count that cannot be played."""
    from truco_dsl.cli.terminal import play_game

    return play_game(ruleset=options.ruleset, seed=options.seed, players=options.players, scores=options.scores,
                     record=options.record)
