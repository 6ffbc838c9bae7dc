"""``truco where NAME [--ruleset ID|FILE] [--json]``: where a clause id, builtin, hook or scenario id
lives — the regulation's text, the rule files and lines that encode, override or drop it, where the
engine runs it and the builtins it calls, the scenarios that check it (``conformance/where.py``)."""

from __future__ import annotations

import argparse

from truco_dsl.cli.exits import EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``where`` to ``truco``'s subcommands."""
    where = commands.add_parser("where", help="where a clause id, builtin, hook or scenario id is written, encoded, run and checked")
    where.add_argument("name", metavar="NAME", help="a clause id (ATB-EMPATE-3, or one part: ATB-EMPATE-3.second), builtin "
                                                    "(win_hand), hook (after_trick) or scenario id (empate-003)")
    where.add_argument("--ruleset", default=None, metavar="ID|FILE",
                       help="look only in this rule set, the ones it extends and the scenarios truco conform --ruleset "
                            "runs for it (default: every bundled rule set and scenario)")
    where.add_argument("--json", action="store_true", help="print JSON (a {role, place, text, detail} object per place) instead of lines")
    where.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Print every place of ``options.name``, one a line: its role, ``file:line`` and what is
    there (a detail of the line above it indented); or, with ``options.json``, a JSON list of ``Sighting.as_json()``. Returns ``EXIT_OK``.
    Raises ``UnknownName`` for a name that is none of these (exit 2, with the closest known one),
    ``FileNotFoundError`` / ``RulesetError`` for a bad ``--ruleset``."""
    import json

    from truco_dsl.conformance.where import where

    sightings = where(options.name, options.ruleset)
    if options.json:
        print(json.dumps([sighting.as_json() for sighting in sightings], indent=2, ensure_ascii=False))
        return EXIT_OK
    width = max(len(sighting.role) + 2 * sighting.detail for sighting in sightings)
    for sighting in sightings:
        role = ("  " if sighting.detail else "") + sighting.role
        print(f"{role:<{width}}  {sighting.place}  {sighting.text}")
    return EXIT_OK
