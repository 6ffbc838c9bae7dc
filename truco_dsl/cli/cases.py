"""``truco cases export [--ruleset ID|FILE] [--output PATH]``: every scenario as JSON
(conformance/schema/cases.schema.json), for runners in other languages."""

from __future__ import annotations

import argparse
import sys

from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_OK
from truco_dsl.cli.options import STANDARD_OUTPUT, check_writable, write_file


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``cases`` and its ``export`` to ``truco``'s subcommands."""
    cases = commands.add_parser("cases", help="the scenarios as data")
    cases_commands = cases.add_subparsers(dest="cases_command", required=True, metavar="COMMAND")
    export = cases_commands.add_parser("export", help="every scenario as JSON (conformance/schema/cases.schema.json)")
    export.add_argument("--ruleset", default=None, metavar="ID|FILE",
                        help="only this rule set's scenarios (and the desacordos rows that play it)")
    export.add_argument("--output", default=None, metavar="PATH", help="write there instead of stdout")
    export.set_defaults(run=run, command="cases export")  # what its messages start with: truco cases export:


def run(options: argparse.Namespace) -> int:
    """Write the export of ``options.ruleset`` (``export_cases``; None: every scenario), JSON
    indented, to ``options.output`` (then ``N cases written to PATH`` on stderr) or to stdout.
    Returns ``EXIT_OK``, or ``EXIT_BAD_INPUT`` when the output cannot be written after all.
    Raises ``SelectionError`` for an unwritable ``--output`` (before exporting anything) or a rule
    set without scenarios, ``FileNotFoundError`` / ``RulesetError`` for an unknown or malformed rule
    set, ``CasesError`` for a scenario the export cannot describe."""
    import json

    from truco_dsl.conformance.suite.cases import export_cases

    if options.output is not None:
        check_writable(options.output)
    document = export_cases(options.ruleset)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if options.output is None:
        sys.stdout.write(text)
        return EXIT_OK
    if not write_file(options.command, options.output, "the cases", text):
        return EXIT_BAD_INPUT
    if options.output != STANDARD_OUTPUT:
        print(f"{len(document['cases'])} cases written to {options.output}", file=sys.stderr)
    return EXIT_OK
