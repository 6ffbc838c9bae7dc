"""The ``truco`` command: validate rule files, run the conformance suite, play a game.

    truco validate FILE...                      check rule files (or folders of them); exit 2 if any has a problem
    truco conform [--ruleset ID|FILE] [--tags EXPR] [--engine SPEC] [--timeout SECONDS] [--jobs N] [--junit-xml PATH] [--json PATH]
                  [--html PATH] [--expectations FILE] [--write-expectations FILE]
    truco serve [--ruleset ID|FILE]             the reference engine on the JSON-lines protocol (stdin/stdout)
    truco cases export [--ruleset ID|FILE] [--output PATH]    every scenario as JSON, for runners in other languages
    truco mutate --ruleset ID [--jobs N] [--json PATH] [--mutant KEY]...   the suite against mutants of a rule set
    truco play [--ruleset ID|FILE] [--seed N] [--players N]
    truco coverage [--ruleset ID|FILE] [--json]     clauses encoded, informative, ambiguous, covered
    truco vocabulary                                the rule language's hooks, names and builtins

Exit codes (``exits.py``): 0 success; 1 the suite found failing scenarios or engine faults (timeout, crash,
protocol_error), or a scenario the expectations file expects to fail passes (mutate: a mutant that changes play
survived) (coverage: a clause neither encoded nor informative, or encoded without a
scenario); 2 bad input (a malformed rule file, an unknown rule set, a bad option, an --engine that
cannot be imported or started or does not answer hello). A user's mistake never ends in a traceback.
"""

from __future__ import annotations

import argparse
import sys

from truco_dsl.cli import cases, coverage, mutate, serve, validate, vocabulary
from truco_dsl.cli.exits import EXIT_INTERRUPTED, EXIT_OK, reported
from truco_dsl.cli.options import jobs, seconds, shard


def _conform(options: argparse.Namespace) -> int:
    from truco_dsl.conformance.runner import run_conformance

    return run_conformance(ruleset=options.ruleset, tags=options.tags, junit_xml=options.junit_xml, json_path=options.json,
                           engine=options.engine, timeout=options.timeout, jobs=options.jobs, shard=options.shard,
                           expectations_path=options.expectations, write_expectations_path=options.write_expectations,
                           html_path=options.html)


def _play(options: argparse.Namespace) -> int:
    from truco_dsl.cli.play import play_game

    return play_game(ruleset=options.ruleset, seed=options.seed, players=options.players)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``truco`` (subcommands validate, conform, play)."""
    parser = argparse.ArgumentParser(prog="truco", description="Truco Paulista regulations as executable rule files.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    validate.add_parser(commands)

    conform = commands.add_parser("conform", help="run the conformance suite against an engine (default: the reference engine)")
    conform.add_argument("--ruleset", default=None, metavar="ID|FILE",
                         help="run the suite for this rule set; a variant file runs its parent's scenarios against the variant")
    conform.add_argument("--tags", default=None, metavar="EXPR", help='Cucumber tag expression, e.g. "@clause:ATB-EMPATE-1 or @clause:ATB-TRUCO-2"')
    conform.add_argument("--junit-xml", default=None, metavar="PATH", help="also write a JUnit XML report")
    conform.add_argument("--json", default=None, metavar="PATH",
                         help="also write one JSON record per scenario (shape: conformance/PROTOCOL.md, 'The JSON report')")
    conform.add_argument("--html", default=None, metavar="PATH",
                         help="also write the run as one self-contained HTML page, clause by clause")
    conform.add_argument("--expectations", default=None, metavar="FILE",
                         help="the engine's known failures (YAML): reported as expected failures, which do not fail the run; "
                              "one that passes does ('now passes: remove it from FILE')")
    conform.add_argument("--write-expectations", default=None, metavar="FILE",
                         help="write an expectations file from this run (every scenario not passed, not applicable; "
                              "the reasons to review start with UNREVIEWED)")
    conform.add_argument("--engine", default=None, metavar="SPEC",
                         help="the engine to test: 'CMD ARGS' (a program speaking conformance/PROTOCOL.md, run without a shell) "
                              "or python:module:Class (an in-process EngineAdapter); default: the reference engine in-process")
    conform.add_argument("--timeout", type=seconds, default=5.0, metavar="SECONDS",
                         help="seconds an engine program may take to answer one request (default: 5; its first reply, to hello, "
                              "may take 30, for its start-up)")
    conform.add_argument("--jobs", type=jobs, default=1, metavar="N",
                         help="run the scenarios in N processes at once, each with its own engine (every report still works)")
    conform.add_argument("--shard", type=shard, default=None, help=argparse.SUPPRESS)  # one job of --jobs
    conform.set_defaults(run=_conform)

    mutate.add_parser(commands)
    cases.add_parser(commands)
    serve.add_parser(commands)

    play = commands.add_parser("play", help="play one game in the terminal against bots")
    play.add_argument("--ruleset", default="atb-2004", metavar="ID|FILE", help="rule set id or rule file (default: atb-2004)")
    play.add_argument("--seed", type=int, default=None, metavar="N", help="seed of the shuffle (same seed, same deals)")
    play.add_argument("--players", type=int, default=2, metavar="N", help="seats at the table (you are seat 0)")
    play.set_defaults(run=_play)

    vocabulary.add_parser(commands)
    coverage.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``truco`` with ``argv`` (default: the process arguments) and return its exit code.

    A bad option is argparse's: its message and usage on stderr, then ``SystemExit(2)``. An error of
    ``exits.SHOWN`` raised by the command is shown on stderr (``truco COMMAND: …``) and returns its
    exit code; Ctrl-C returns 130, a closed stdout (``| head``) 0. Any other exception is a fault
    of truco-dsl and propagates with its traceback.
    """
    options = build_parser().parse_args(argv)
    try:
        return options.run(options)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the output was piped into a command that stopped reading (head)
        sys.stderr.close()
        return EXIT_OK
    except Exception as error:
        return reported(options.command, error)

