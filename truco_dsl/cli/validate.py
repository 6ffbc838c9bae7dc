"""``truco validate FILE...``: check rule files, folders of them, or bundled rule sets by id, and
report every problem with its place."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``validate`` to ``truco``'s subcommands."""
    validate = commands.add_parser("validate", help="check rule files and report every problem with its place")
    validate.add_argument("files", nargs="+", metavar="FILE",
                          help="rule files (.yaml), folders of them (every .yaml inside), or ids of bundled rule sets")
    validate.add_argument("--strict", action="store_true",
                          help="coherence warnings (a number that followed from a parameter the variant changed, a cite "
                               "quoting a changed value, a clause that can never fire …) are errors")
    validate.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Check every rule file of ``options.files`` (a folder stands for the rule files in it,
    ``rule_files_in``) and print, for each, ``FILE: ok — rule set …`` on stdout or its problems and
    their count on stderr; its coherence warnings (``rules.coherence``) on stderr either way. A
    folder without rule files is named on stderr and the others are still checked. Returns
    ``EXIT_OK``, or ``EXIT_BAD_INPUT`` when a file has a problem (a warning too, with
    ``--strict``) or a folder has no rule files. Raises nothing of its own."""
    from truco_dsl.diagnostics import shown
    from truco_dsl.engine.proof import prove
    from truco_dsl.errors import RulesetNotPlayable
    from truco_dsl.rules import check_files, load_ruleset
    from truco_dsl.rules.folders import rule_files_in

    paths: list[Path] = []
    bad = 0
    for name in options.files:
        path = Path(name)
        if not path.is_dir():
            paths.append(path)
            continue
        found, other = rule_files_in(path)
        if other:
            print(f"{shown(path)}: {other} other YAML file{'s' if other != 1 else ''} left out (a rule file has a "
                  f"top-level ruleset: key, and no expectations: key)")
        if not found:
            print(f"{shown(path)}: a folder with no rule files in it (.yaml files with a top-level ruleset: key)",
                  file=sys.stderr)
            bad += 1
        paths += found
    for path, problems in check_files(paths).items():
        warnings, replay = (), ""
        if not problems:
            ruleset = load_ruleset(path)
            warnings = ruleset.warnings
            for warning in warnings:
                print(warning.render(), file=sys.stderr)
            try:
                games = prove(ruleset)
            except RulesetNotPlayable as refused:
                problems, replay = refused.problems, refused.replay
            else:
                if not (options.strict and warnings):
                    played = (f"; played {games} games at {', '.join(map(str, ruleset.players))} players" if games
                              else "; a common core, not played by itself")
                    print(f"{shown(path)}: ok — rule set {ruleset.id} ({' → '.join(ruleset.lineage)}), "
                          f"{len(ruleset.clauses)} clauses{played}{_counted(warnings, 'warning', ', ')}")
                    continue
        bad += 1
        for problem in problems:
            print(problem.render(), file=sys.stderr)
        if replay:
            print(replay, file=sys.stderr)
        counted = _counted(warnings, "warning", ", ") + (" (errors under --strict)" if options.strict and warnings else "")
        print(f"{shown(path)}: {len(problems)} problem{'s' if len(problems) != 1 else ''}{counted}", file=sys.stderr)
    return EXIT_BAD_INPUT if bad else EXIT_OK


def _counted(items: tuple, noun: str, before: str) -> str:
    """``, 3 warnings`` (``before`` first), or "" for none."""
    return f"{before}{len(items)} {noun}{'s' if len(items) != 1 else ''}" if items else ""
