"""``truco mutate --ruleset ID [--jobs N] [--json PATH] [--mutant KEY]...``: the suite against
wrong copies of a rule set (``truco_dsl.conformance.mutate``), and how many it kills."""

from __future__ import annotations

import argparse
import sys

from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK
from truco_dsl.cli.options import check_writable, jobs, write_file


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``mutate`` to ``truco``'s subcommands."""
    mutate = commands.add_parser("mutate", help="run the suite against wrong copies of a rule set and print how many it kills")
    mutate.add_argument("--ruleset", required=True, metavar="ID", help="atb-2004, fpt-1983 or enecomp")
    mutate.add_argument("--jobs", type=jobs, default=1, metavar="N", help="judge the mutants in N processes at once")
    mutate.add_argument("--json", default=None, metavar="PATH", help="also write the score and every mutant's verdict as JSON")
    mutate.add_argument("--mutant", action="append", default=[], metavar="KEY",
                        help="judge only this mutant (repeatable; keys as printed, e.g. drop:ATB-EMPATE-3)")
    mutate.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Judge every mutant of ``options.ruleset`` (or those of ``options.mutant``) in
    ``options.jobs`` processes and print the score.

    Prints progress on stderr, then a table per kind (mutants, killed by their clause's scenarios,
    killed only by other scenarios, equivalent, excused, survived), each mutant killed elsewhere,
    equivalent, excused, wrongly listed as equivalent or surviving, with what it changed, and the
    line ``<id>: K/N mutants killed, …``. ``options.json``: also writes ``{"ruleset", "seconds",
    "score", "mutants": [Verdict.as_json()]}`` there.
    Returns ``EXIT_OK`` when no mutant that changes play survived, ``EXIT_FAILED`` when one did (or
    a mutant listed as equivalent was killed: the list is wrong), ``EXIT_BAD_INPUT`` when the JSON
    report cannot be written after all. Raises ``SelectionError`` (before judging anything) for a
    rule set without mutants, an unknown key or an unwritable ``--json`` path, ``SuiteError`` when
    pytest cannot run the suite.
    """
    import json
    import time

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from truco_dsl.conformance.mutate import (EQUIVALENT_OUTCOME, EXCUSED, KILLED, KILLED_ELSEWHERE, KINDS, MUTATED_RULESETS,
                                              SURVIVED, run_mutants, targets)
    from truco_dsl.diagnostics import did_you_mean
    from truco_dsl.errors import SelectionError

    ruleset, keys = options.ruleset, options.mutant or None
    if ruleset not in MUTATED_RULESETS:
        raise SelectionError(f"no mutants are derived for rule set {ruleset!r}{did_you_mean(ruleset, MUTATED_RULESETS)}; "
                             f"truco mutate knows {', '.join(MUTATED_RULESETS)}")
    if options.json is not None:
        check_writable(options.json)
    known = {target.mutant.key for target in targets(ruleset)}
    if keys is not None and set(keys) - known:
        raise SelectionError(f"{ruleset} has no mutant {', '.join(sorted(set(keys) - known))} (the keys are those truco mutate "
                             f"prints, e.g. drop:<clause id>)")
    started = time.perf_counter()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[last]}"), console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(f"mutants of {ruleset}", total=len(known if keys is None else set(keys)), last="")
        verdicts = run_mutants(ruleset, options.jobs, keys,
                               lambda verdict: bar.update(task, advance=1, last=f"{verdict.key}: {verdict.outcome}"))
    seconds = time.perf_counter() - started

    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    outcomes = (KILLED, KILLED_ELSEWHERE, EQUIVALENT_OUTCOME, EXCUSED, SURVIVED)
    score = {kind: {outcome: sum(1 for verdict in verdicts if verdict.kind == kind and verdict.outcome == outcome)
                    for outcome in outcomes} for kind in KINDS}
    table = Table(title=f"Mutants of {ruleset}", title_justify="left")
    table.add_column("kind")
    for heading in ("mutants", "killed", "killed elsewhere", "equivalent", "excused", "survived"):
        table.add_column(heading, justify="right")
    for kind in KINDS:
        counts = score[kind]
        if sum(counts.values()):
            table.add_row(kind, str(sum(counts.values())), *(str(counts[outcome]) for outcome in outcomes))
    console.print(table)
    killed = sum(1 for verdict in verdicts if verdict.outcome in (KILLED, KILLED_ELSEWHERE))
    survivors = [verdict for verdict in verdicts if verdict.outcome == SURVIVED]
    excused = [verdict for verdict in verdicts if verdict.outcome in (EXCUSED, EQUIVALENT_OUTCOME)]
    #: listed as equivalent, yet a scenario tells it from the rule set: the list is wrong
    miscalled = [verdict for verdict in verdicts if verdict.outcome in (KILLED, KILLED_ELSEWHERE)
                 and verdict.reason is not None and verdict.reason.startswith("equivalent:")]
    elsewhere = [verdict for verdict in verdicts if verdict.outcome == KILLED_ELSEWHERE]
    for title, listed in (("Killed only by scenarios of other clauses", elsewhere), ("Equivalent or excused (may survive)", excused),
                          ("Listed as equivalent, but killed (remove them from EQUIVALENT)", miscalled), ("Survivors", survivors)):
        if listed:
            console.print(f"\n{title} ({len(listed)}):", style="bold")
            for verdict in listed:
                console.print(f"  {verdict.key}: {verdict.label}" + (f" [clauses {' '.join(verdict.ids)}]" if verdict.ids else ""), markup=False,
                              soft_wrap=True)
                if verdict.outcome in (KILLED, KILLED_ELSEWHERE):
                    console.print(f"      by {verdict.killed_by}", soft_wrap=True, markup=False)
                if verdict.reason and verdict.outcome in (EXCUSED, EQUIVALENT_OUTCOME):
                    console.print(f"      {verdict.reason}", soft_wrap=True, markup=False)
    equivalent = sum(1 for verdict in verdicts if verdict.outcome == EQUIVALENT_OUTCOME)
    console.print(f"\n{ruleset}: {killed}/{len(verdicts)} mutants killed, {equivalent} equivalent, {len(excused) - equivalent} "
                  f"excused, {len(survivors)} survived ({seconds:.0f} s)")
    if options.json is not None:
        record = {"ruleset": ruleset, "seconds": round(seconds, 1),
                  "score": {"mutants": len(verdicts), "killed": killed, "equivalent": equivalent,
                            "excused": len(excused) - equivalent, "survived": len(survivors),
                            "by_kind": {kind: counts for kind, counts in score.items() if sum(counts.values())}},
                  "mutants": [verdict.as_json() for verdict in verdicts]}
        if not write_file(options.command, options.json, "the JSON report", json.dumps(record, indent=2, ensure_ascii=False) + "\n"):
            return EXIT_BAD_INPUT
    return EXIT_FAILED if survivors or miscalled else EXIT_OK
