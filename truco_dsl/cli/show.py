"""``truco show RULESET|FILE [--changed] [--json]``: the rule set resolved — its ``extends`` chain
folded into one rule file, every value and clause with the file and line it comes from
(``rules/resolved.py``)."""

from __future__ import annotations

import argparse

from truco_dsl.cli.exits import EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``show`` to ``truco``'s subcommands."""
    show = commands.add_parser("show", help="the rule set resolved (extends, drop, overrides) with where each value and clause comes from")
    show.add_argument("ruleset", metavar="RULESET|FILE", help="a bundled rule set id or a rule file")
    show.add_argument("--changed", action="store_true",
                      help="only what differs from the parent: the parameters changed, the clauses written, the drops")
    show.add_argument("--json", action="store_true", help="print JSON (each value and clause with its file and line) instead of YAML")
    show.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Print the resolved rule set of ``options.ruleset`` as a rule file (YAML with the origins as
    comments: saved, it plays as the original) or, with ``options.json``, as JSON; with
    ``options.changed``, only what differs from its parent. Returns ``EXIT_OK``. Raises
    ``FileNotFoundError`` / ``RulesetError`` (``RulesetNotPlayable`` too: a rule file a user names
    is proved to play first) for a rule set that does not load."""
    from truco_dsl.engine.proof import load_playable
    from truco_dsl.rules.resolved import as_json, as_yaml, resolve

    load_playable(options.ruleset)
    resolved = resolve(options.ruleset)
    print((as_json if options.json else as_yaml)(resolved, changed=options.changed), end="")
    return EXIT_OK
