"""``truco coverage [--ruleset ID|FILE] [--json]``: per regulation, the clauses encoded by a rule
file, informative, ambiguous and covered by scenarios, and the gaps."""

from __future__ import annotations

import argparse

from truco_dsl.cli.exits import EXIT_FAILED, EXIT_OK


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``coverage`` to ``truco``'s subcommands."""
    cover = commands.add_parser("coverage", help="which clauses of each regulation are encoded, informative, ambiguous, covered")
    cover.add_argument("--ruleset", default=None, metavar="ID|FILE", help="count only what this rule set encodes and its scenarios")
    cover.add_argument("--json", action="store_true", help="print JSON instead of the table")
    cover.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Print the traceability of ``options.ruleset`` (None: the whole project) as a table and the
    lists of clauses encoded without a scenario, unclassified and ambiguous, or (``options.json``)
    as JSON (``RegulationCoverage.as_json`` per regulation). Returns ``EXIT_FAILED`` when an
    encoded clause has no scenario or, for the whole project, a clause is neither encoded nor
    informative; else ``EXIT_OK``. Raises ``FileNotFoundError`` / ``RulesetError`` for a bad
    ``--ruleset``."""
    import json

    from rich import box
    from rich.console import Console
    from rich.table import Table

    from truco_dsl.conformance.coverage import coverage

    reports = coverage(options.ruleset)
    # the whole project must leave no clause unclassified; one rule set may leave some to its variants
    incomplete = any((report.unclassified and options.ruleset is None) or report.encoded_without_scenario
                     for report in reports)
    if options.json:
        print(json.dumps([report.as_json() for report in reports], indent=2, ensure_ascii=False))
        return EXIT_FAILED if incomplete else EXIT_OK
    console = Console(highlight=False)
    table = Table(title="Traceability by regulation", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), collapse_padding=True)
    table.add_column("regulation", no_wrap=True)
    for heading in ("clauses", "encoded", "inform.", "ambig.", "covered", "neither", "untested"):
        table.add_column(heading, justify="right", min_width=len(heading))
    for report in reports:
        table.add_row(report.regulation, *(str(len(ids)) for ids in (
            report.clauses, report.encoded, report.informative, report.ambiguous, report.covered,
            report.unclassified, report.encoded_without_scenario)))
    console.print(table)
    console.print("inform.: informative · ambig.: ambiguous · neither: not encoded, not informative · untested: encoded, no scenario")
    for report in reports:
        if report.encoded_without_scenario:
            console.print(f"{report.regulation}: encoded with no scenario: {' '.join(report.encoded_without_scenario)}")
        if report.unclassified:
            what = "not encoded by this rule set, nor informative" if options.ruleset else "neither encoded nor informative"
            console.print(f"{report.regulation}: {what}: {' '.join(report.unclassified)}")
        if report.ambiguous:
            console.print(f"{report.regulation}: ambiguous (see the notes in spec/sources): {' '.join(report.ambiguous)}")
    return EXIT_FAILED if incomplete else EXIT_OK
