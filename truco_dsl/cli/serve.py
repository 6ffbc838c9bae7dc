"""``truco serve [--ruleset ID|FILE]``: the reference engine speaking the conformance protocol
(conformance/PROTOCOL.md) on stdin and stdout.

It imports neither pytest nor rich: an engine's start-up is paid by every ``--engine 'truco serve'``
run and job (tests/test_cli.py checks it).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING

from truco_dsl.cli.exits import EXIT_OK

if TYPE_CHECKING:  # for annotations only: run() imports the protocol when it serves
    from truco_dsl.conformance.engines.protocol import ProtocolServer


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
    server = reference_server(options.ruleset)
    server.run(_requests(), sys.stdout)
    return EXIT_OK


def _requests() -> Iterable[bytes] | IO[bytes]:
    """What ``truco serve`` reads its requests from: a pipe (how a harness runs it) through a
    ``LineReader``, which awaits a request awake before sleeping (``programs.AWAKE``); anything
    else (a file, a terminal, whose mode a reader must not change) as the stream it is."""
    from truco_dsl.conformance.engines.protocol import MAX_LINE_BYTES
    from truco_dsl.programs import LineReader

    try:
        fd = sys.stdin.buffer.fileno()
        if stat.S_ISFIFO(os.fstat(fd).st_mode):
            return LineReader(fd, MAX_LINE_BYTES).lines()
    except (OSError, ValueError, AttributeError):  # no descriptor (a test's stream): read as it is
        pass
    return sys.stdin.buffer


def reference_server(ruleset: str | None = None) -> ProtocolServer:
    """The reference engine on the protocol: a ``ProtocolServer`` of a ``ReferenceAdapter``, named
    ``truco-dsl reference`` with the installed version.

    ``ruleset``: None to offer every bundled rule set that is not abstract; a rule set id or file to
    offer only it — under its own id and, for a variant, under every id of its lineage that a
    scenario may name (``selection.stand_ins``: ``truco serve --ruleset casa.yaml`` plays casa
    wherever a scenario names casa, atb-2004 or, for a variant of manilha-velha, manilha-velha).
    Raises ``FileNotFoundError`` / ``RulesetError`` for an unknown or malformed rule set, and
    ``SelectionError`` for a variant with no scenarios in its lineage.
    """
    from truco_dsl.conformance.engines.adapter import ReferenceAdapter
    from truco_dsl.conformance.engines.protocol import ProtocolServer, engine_version
    from truco_dsl.cli.exits import warned
    from truco_dsl.conformance.suite.selection import resolve_ruleset, stand_ins
    from truco_dsl.engine.search import COUNT_SECONDS
    from truco_dsl.rules import available_rulesets, load_ruleset

    if ruleset is None:
        loaded = [load_ruleset(ruleset_id) for ruleset_id in available_rulesets()]
        offered = {played.id: played for played in loaded if not played.abstract}
    else:
        folder, played = resolve_ruleset(ruleset)
        warned("serve", played)
        offered = {played.id: played, **stand_ins(played, folder)}
    adapter = ReferenceAdapter(offered)
    adapter.count_seconds = COUNT_SECONDS  # a count stops before a harness gives up on it (PROTOCOL.md, "Limits")
    return ProtocolServer(adapter, [(ruleset_id, played.players) for ruleset_id, played in sorted(offered.items())],
                          name="truco-dsl reference", version=engine_version())
