"""``truco serve [--ruleset ID|FILE]``: the reference engine speaking the conformance protocol
(conformance/PROTOCOL.md) on stdin and stdout.

It imports neither pytest nor rich: an engine's start-up is paid by every ``--engine 'truco serve'``
run and job (tests/test_cli.py checks it).
"""

from __future__ import annotations

import argparse
import sys

from truco_dsl.cli.exits import EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``serve`` to ``truco``'s subcommands."""
    serve = commands.add_parser("serve", help="the reference engine speaking the conformance protocol on stdin/stdout")
    serve.add_argument("--ruleset", default=None, metavar="ID|FILE",
                       help="offer only this rule set (a variant is played where its parent's scenarios name the parent)")
    serve.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Answer every request line of stdin on stdout until stdin ends, then return ``EXIT_OK``.
    Raises ``FileNotFoundError`` / ``RulesetError`` / ``SelectionError`` for a bad ``--ruleset``
    (``reference_server``), before reading anything."""
    from truco_dsl.conformance.engines.protocol import reference_server

    reference_server(options.ruleset).run(sys.stdin, sys.stdout)
    return EXIT_OK
