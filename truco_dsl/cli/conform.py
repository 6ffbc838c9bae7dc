"""``truco conform``: run the conformance suite against an engine (``run_suite``) and report it: the
likely causes of the failures (``conformance/report/causes.py``), a per-clause table, the scenarios
that did not pass, a summary line ``N passed, M failed`` (errors and the other outcomes' counts appended), and the JSON / JUnit XML / HTML reports and expectations file asked for.

``--jobs N`` is this command splitting itself: N child ``python -m truco_dsl.cli conform --shard
i/N --json …`` processes (pytest is not thread-safe), whose records are merged in the order of the
selection.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from truco_dsl.cli.exits import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, warned
from truco_dsl.cli.options import check_outputs, input_files, jobs, program_files, seconds, shard, write_file

if TYPE_CHECKING:  # for annotations only: what run() needs it imports itself
    from collections.abc import Mapping
    from typing import Any

    from truco_dsl.conformance.engines.adapter import EngineAdapter

    from rich.console import Console

    from truco_dsl.conformance.report.expectations import Expectations
    from truco_dsl.conformance.suite.plugin import ScenarioResult
    from truco_dsl.rules import SourceClause

#: characters of a clause's text quoted in the table
QUOTE_LENGTH = 60


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Add ``conform`` to ``truco``'s subcommands."""
    conform = commands.add_parser("conform", help="run the conformance suite against an engine (default: the reference engine)")
    conform.add_argument("--ruleset", default=None, metavar="ID|FILE",
                         help="run the suite for this rule set; a variant file runs its parent's scenarios against the variant, "
                              "and the scenarios it carries (features:)")
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
                         help="write an expectations file from this run (every scenario that failed, broke off or is unsupported: "
                              "neither passed nor not applicable; the reasons to review start with UNREVIEWED)")
    conform.add_argument("--engine", default=None, metavar="SPEC",
                         help="the engine to test: 'CMD ARGS' (a program speaking conformance/PROTOCOL.md, run without a shell) "
                              "or python:module:Class (an in-process EngineAdapter); default: the reference engine in-process")
    conform.add_argument("--timeout", type=seconds, default=5.0, metavar="SECONDS",
                         help="seconds an engine may take to answer one request, a program's or a python: engine's call "
                              "(default: 5; its start-up, a program's hello or making the first python: engine, may take 30)")
    conform.add_argument("--jobs", type=jobs, default=1, metavar="N",
                         help="run the scenarios in N processes at once, each with its own engine (every report still works)")
    conform.add_argument("--shard", type=shard, default=None, help=argparse.SUPPRESS)  # one job of --jobs
    conform.add_argument("--perft", nargs="*", default=None, metavar="FILE",
                         help="check the engine's move generation (the count command) against the perft FILEs (default: the "
                              "bundled conformance/perft/) instead of the scenarios; a count that differs is descended to the "
                              "shortest line where its legal actions differ")
    conform.add_argument("--write-perft", default=None, metavar="DIR",
                         help="write the move counts of the bundled rule sets (--ruleset: one), by the reference engine, to DIR")
    conform.set_defaults(run=run)


def run(options: argparse.Namespace) -> int:
    """Run the suite as ``options`` say and print the report.

    ``options.engine``: None for the reference engine in-process, else an ``--engine`` spec
    (``engine_factory``), whose replies may take ``options.timeout`` seconds each.
    ``options.jobs``: split the run over that many child processes (``_run_jobs``);
    ``options.shard``: ``(index, count)``, what one of those children runs (an empty share is no
    error, and the notes are left to the parent). ``options.expectations``: the engine's
    expectations file: its expected outcomes are reported as expected failures, with their reasons,
    and do not fail the run; a scenario it expects not to pass that passes does (``now passes``).
    Prints ``report``, then on stderr a note for each expectation that matched nothing; then
    writes ``options.json`` (one record per scenario), ``options.junit_xml``,
    ``options.write_expectations`` (every scenario that failed, broke off or is unsupported; an
    expected failure keeps its reason) and ``options.html``; one that cannot be written after all
    is named on stderr and the others are still written.
    Returns ``EXIT_OK`` when every scenario the engine supports passed or failed as expected,
    ``EXIT_FAILED`` when one failed, broke, met an engine fault or now passes against its
    expectation, or when none was checked (every one not applicable or not supported: nothing is
    shown to conform), ``EXIT_BAD_INPUT`` when a report could not be written.
    Raises, before anything runs: ``FileNotFoundError`` / ``RulesetError`` (unknown or malformed
    rule set), ``SelectionError`` (bad tag expression, a rule set without scenarios, unwritable
    report path, bad ``--engine`` spec, a selection that matches no scenario),
    ``ExpectationsError``, ``EngineStartError`` (an engine that cannot start or answer hello),
    ``SuiteError`` (pytest or a job could not run).
    """
    if options.perft is not None or options.write_perft is not None:  # move counts, not scenarios: cli/perft.py
        from truco_dsl.cli.perft import run_perft

        return run_perft(options)
    import json
    from pathlib import Path

    from truco_dsl.conformance.report.expectations import expectations_document, expectations_text, load_expectations, unmatched
    from truco_dsl.conformance.report.html import render_html
    from truco_dsl.conformance.report.junit import junit_report
    from truco_dsl.conformance.report.outcomes import FAILING, NOT_APPLICABLE, SKIPPED, UNSUPPORTED
    from truco_dsl.conformance.suite.selection import check_tag_names, parse_tags, resolve_ruleset
    from truco_dsl.diagnostics import shown
    from truco_dsl.errors import SelectionError

    parse_tags(options.tags)
    played, house, carried = [], {}, ()
    if options.ruleset is not None:
        variant = resolve_ruleset(options.ruleset)[1]
        warned("conform", variant)
        played, house, carried = [variant.id], dict(variant.house), variant.features
    check_tag_names(options.tags, carried)
    asked = {option: path for option, path in (("--junit-xml", options.junit_xml), ("--json", options.json),
                                                ("--write-expectations", options.write_expectations), ("--html", options.html))
             if path is not None}
    engine_files = program_files(options.engine, f"the engine {options.engine!r}") \
        if options.engine is not None and not options.engine.startswith("python:") else []
    check_outputs(asked, input_files(**{"--ruleset": options.ruleset}) + engine_files)
    for option, path in asked.items():
        if options.expectations is not None and option != "--write-expectations" \
                and Path(path).resolve() == Path(options.expectations).resolve():
            raise SelectionError(f"{option} names {path}, the expectations file the run reads (--expectations): "
                                 f"the report would replace it (--write-expectations may rewrite it)")
    expectations = load_expectations(options.expectations, played=played) if options.expectations is not None else None
    results = _run_jobs(options) if options.jobs > 1 else _run_here(options, expectations)
    engine_name = next((result.engine for result in results if result.engine), options.engine or "reference")
    if expectations is not None and expectations.engine != engine_name and options.shard is None:
        print(f"truco conform: note: {expectations.path} is for the engine {expectations.engine!r}; "
              f"this run's engine is {engine_name!r}", file=sys.stderr)
    if not results and options.shard is None:
        raise SelectionError("no scenario matches the selection (check --ruleset and --tags)")
    report(results, house=house)
    if expectations is not None:  # after the report, where it is read last
        for entry, played in unmatched(expectations, results):
            print(f"truco conform: note: {shown(entry.place.file)}:{entry.place.line}: the entry for {entry.scenario} "
                  f"under {entry.ruleset} matched nothing: this run played it under {', '.join(played)} only",
                  file=sys.stderr)
    document = expectations_document(results, engine_name, options.ruleset) if options.write_expectations is not None else None
    reports = []  # (path, what, text)
    if options.json is not None:
        reports.append((options.json, "the JSON report",
                        json.dumps([result.as_json() for result in results], indent=2, ensure_ascii=False) + "\n"))
    if options.junit_xml is not None:
        reports.append((options.junit_xml, "the JUnit XML report", junit_report(results)))
    if document is not None:
        reports.append((options.write_expectations, "the expectations file", expectations_text(document, options.write_expectations)))
    if options.html is not None:
        reports.append((options.html, "the HTML report",
                        render_html(results, engine=engine_name, ruleset=options.ruleset, tags=options.tags,
                                    expectations=str(expectations.path) if expectations else None, house=house)))
    # each one tried: a full disk loses one file, not the others
    written = [write_file(options.command, path, what, text) for path, what, text in reports]
    if not all(written):
        return EXIT_BAD_INPUT
    if document is not None:
        count = len(document["expectations"])
        print(f"wrote {count} expectation{'s' if count != 1 else ''} to {options.write_expectations}: review every reason "
              f"that starts with UNREVIEWED")
    checked = [result for result in results if result.outcome not in (UNSUPPORTED, NOT_APPLICABLE, SKIPPED)]
    if not checked and options.shard is None:  # a run that checked nothing has shown nothing to conform
        print(f"truco conform: nothing was checked: each of the {len(results)} scenarios selected is not applicable "
              f"or not supported (see above)", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_FAILED if any(result.outcome in FAILING for result in results) else EXIT_OK


def _run_here(options: argparse.Namespace, expectations: Expectations | None) -> list[ScenarioResult]:
    """The results of the run in this process, with the engine
    ``options.engine`` names (shut down after it). Raises what ``engine_factory`` and
    ``run_suite`` raise.

    The engine starts (``engine_factory``: a program's start and ``hello``, a ``python:`` engine made
    once) in a thread while pytest binds the scenarios, and the first scenario waits for it: the two
    take about half a second each. An engine that cannot start ends the run at its first scenario,
    and its error is raised as if it had come first (nothing of the run is reported)."""
    import threading

    from truco_dsl.conformance.runner import engine_factory, run_suite

    if options.engine is None:
        return run_suite(ruleset=options.ruleset, tags=options.tags, shard=options.shard, expectations=expectations)
    started: dict[str, Any] = {}

    def start() -> None:
        try:
            started["engine"] = engine_factory(options.engine, options.timeout)
        except BaseException as problem:  # noqa: BLE001 - raised in the run's own thread below
            started["problem"] = problem

    starting = threading.Thread(target=start, name="engine start", daemon=True)
    starting.start()

    def factory() -> EngineAdapter:
        starting.join()
        if "problem" in started:  # ends the pytest session at once; the run raises the problem after it
            import pytest

            pytest.exit("the engine did not start", returncode=pytest.ExitCode.TESTS_FAILED)
        return started["engine"][0]()

    try:
        results = run_suite(ruleset=options.ruleset, tags=options.tags, adapter_factory=factory, shard=options.shard,
                            expectations=expectations)
        starting.join()  # a run whose scenarios never asked for the engine
    except KeyboardInterrupt:
        raise  # not waiting for a start under way: the engine's stdin closes as this process ends
    except BaseException:
        starting.join()  # the run refused its selection while the engine started: then end the engine
        raise
    finally:
        if not starting.is_alive() and "engine" in started and started["engine"][1] is not None:
            started["engine"][1].shutdown()
    if "problem" in started:
        raise started["problem"] from None
    return results


def _run_jobs(options: argparse.Namespace) -> list[ScenarioResult]:
    """Run the selection in ``options.jobs`` child ``truco conform --shard i/N`` processes at once
    and return their results in the order of the selection. Raises
    ``SelectionError`` with the first child's message when one reports bad input, ``SuiteError``
    when one dies."""
    import json
    import signal
    import subprocess
    import tempfile
    from pathlib import Path

    from truco_dsl.conformance.suite.plugin import ScenarioResult
    from truco_dsl.errors import SelectionError, SuiteError

    count = options.jobs
    with tempfile.TemporaryDirectory(prefix="truco-jobs-") as folder:
        children = []
        for index in range(count):
            share = Path(folder) / f"{index}.json"
            # -P: the current folder is not put first on the job's import path (a jinja2.py there
            # would shadow the real one); an --engine python:module is still looked for there
            command = [sys.executable, "-P", "-m", "truco_dsl.cli", "conform", "--timeout", str(options.timeout),
                       "--shard", f"{index}/{count}", "--json", str(share)]
            for option, value in (("--ruleset", options.ruleset), ("--tags", options.tags), ("--engine", options.engine),
                                  ("--expectations", options.expectations)):
                if value is not None:
                    command += [option, value]
            children.append((share, subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)))
        try:
            outputs = [(share, child, child.communicate()[1]) for share, child in children]
        except BaseException:  # Ctrl-C to this process alone: each job is interrupted too, and ends its engines
            for _, child in children:
                child.send_signal(signal.SIGINT)
            for _, child in children:
                try:
                    child.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    child.kill()
            raise
        shares = []
        for share, child, errors in outputs:
            if child.returncode == EXIT_BAD_INPUT:
                raise SelectionError((errors.strip().splitlines() or ["a job reported bad input"])[0].removeprefix("truco conform: "))
            if child.returncode not in (EXIT_OK, EXIT_FAILED) or not share.exists():
                tail = "\n".join(errors.strip().splitlines()[-10:])
                raise SuiteError(f"a job of the run ended with exit code {child.returncode}" + (f":\n{tail}" if tail else ""))
            records = json.loads(share.read_text(encoding="utf-8"))
            shares.append([ScenarioResult(**{**record, "clauses": tuple(record["clauses"])}) for record in records])
    return [share[position] for position in range(max(map(len, shares), default=0)) for share in shares if position < len(share)]


# ------------------------------------------------------------------------------------ the console report
def report(results: list[ScenarioResult], console: Console | None = None, house: Mapping[str, SourceClause] | None = None) -> None:
    """Print ``results`` (in the order of the selection) on ``console`` (default: stdout, 120
    columns when it is no terminal): first the likely causes of the failures (``causes``), then the
    per-clause table (a scenario that failed before its check is charged only to those of its
    clauses its cause breaks, ``causes.charged``; clause,
    a short quote of its text from spec/sources or the ``house`` rules of the rule set played, passed, failed, and a column for each other outcome that occurs),
    then the scenarios that now pass although expected not to, the failing scenarios (id, name,
    first failing step, message), the expected failures with their reasons, the unsupported
    scenarios grouped by why, the largest likely cause again in one line, and the summary line.
    Raises nothing."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from truco_dsl.conformance.engines.adapter import FAULT_OUTCOMES
    from truco_dsl.conformance.report.causes import charged
    from truco_dsl.conformance.report.causes import groups as causes_of
    from truco_dsl.conformance.report.outcomes import (ERROR, EXPECTED_FAILURE, FAILED, NOT_APPLICABLE, NOW_PASSES, PASSED,
                                                       SKIPPED, UNSUPPORTED, label, summary_line)
    from truco_dsl.diagnostics import first_line, printable, shortened
    from truco_dsl.rules import load_sources

    console = console or Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    sources = {**load_sources(), **(house or {})}
    causes(results, console, sources)
    # the heading of an outcome's column (failed and error share one)
    columns = {PASSED: "passed", FAILED: "failed", ERROR: "failed", NOT_APPLICABLE: "not applicable", UNSUPPORTED: "not supported",
               EXPECTED_FAILURE: "expected failure", NOW_PASSES: "now passes", **{fault: label(fault) for fault in FAULT_OUTCOMES}}
    present = {UNSUPPORTED if result.outcome == SKIPPED else result.outcome for result in results}
    headings = ["passed", "failed"] + [columns[outcome] for outcome in (NOT_APPLICABLE, UNSUPPORTED, *FAULT_OUTCOMES,
                                                                       NOW_PASSES, EXPECTED_FAILURE) if outcome in present]
    counts: dict[str, dict[str, int]] = {}
    for result in results:
        for clause in charged(result):
            column = columns.get(result.outcome, columns[UNSUPPORTED])  # skipped: with the unsupported
            tally = counts.setdefault(clause, dict.fromkeys(headings, 0))
            tally[column] += 1
    order = {clause_id: position for position, clause_id in enumerate(sources)}
    table = Table(title="Conformance by clause", title_justify="left")
    table.add_column("clause", no_wrap=True)
    table.add_column("text")
    for heading in headings:
        table.add_column(heading, justify="right")
    alarming = {"failed", "now passes", *(label(fault) for fault in FAULT_OUTCOMES)}
    # a clause whose every scenario the engine does not support (a rule set it does not play) says nothing
    unsupported_only = [clause for clause, tally in counts.items() if sum(tally.values()) == tally.get(columns[UNSUPPORTED], 0)]
    for clause in sorted(counts.keys() - set(unsupported_only), key=lambda clause_id: (order.get(clause_id, len(order)), clause_id)):
        tally = counts[clause]
        source = sources.get(clause)
        quote = shortened(source.text, QUOTE_LENGTH) if source else "(not in spec/sources nor in the house rules)"
        table.add_row(Text(clause), Text(quote), *(Text(str(tally.get(heading, 0)),
                                                        style="bold red" if heading in alarming and tally.get(heading) else "")
                                                   for heading in headings))
    if len(counts) > len(unsupported_only):
        console.print(table)
    if unsupported_only:
        console.print(Text(f"{len(unsupported_only)} clause{'s' if len(unsupported_only) != 1 else ''} left out of the table: "
                           f"the engine supports none of {'their' if len(unsupported_only) != 1 else 'its'} scenarios (below)"),
                      soft_wrap=True)
    early = [result for result in results if result.before_check]
    if early:
        kept = sum(1 for result in early if charged(result))
        console.print(Text(f"{len(early)} failed before their check (at a Given or When step, or in set-up), not counted "
                           f"against their clauses above" + (f" but for {kept} whose cause breaks one of them" if kept else "")
                           + ": their causes are at the top"), soft_wrap=True)
    now_passing = [result for result in results if result.outcome == NOW_PASSES]
    if now_passing:
        console.print(Text(f"\nNow passing, although expected not to ({len(now_passing)}): remove them from the expectations file",
                           style="bold red"))
        for result in now_passing:
            console.print(Text(f"! {_name(result)}", style="bold red"), soft_wrap=True)
            console.print(Text(f"    now passes: remove it from {result.expected['file']} (line {result.expected['line']}); "
                               f"expected {label(result.expected['outcome'])}: {result.expected['reason']}"), soft_wrap=True)
    failing = [result for result in results if result.outcome in (FAILED, ERROR)]
    broken_off = [result for result in results if result.outcome in FAULT_OUTCOMES]
    if failing or broken_off:
        console.print(Text(f"\nFailing scenarios ({len(failing) + len(broken_off)}):", style="bold"))
        for result in failing + broken_off:
            outcome = f" ({label(result.outcome)})" if result.outcome != FAILED else ""
            outcome += " — failed before its check" if result.before_check else ""
            console.print(Text(f"✗ {_name(result)}{outcome}", style="red"), soft_wrap=True)
            if result.expected is not None:
                console.print(Text(f"    expected {label(result.expected['outcome'])} ({result.expected['reason']}), "
                                   f"but it is {label(result.outcome)}"), soft_wrap=True)
            if result.translated:
                console.print(Text(f"    {result.translated}"), soft_wrap=True)
            if result.failing_step:
                console.print(Text(f"    step: {printable(result.failing_step, lines=False)}"), soft_wrap=True)
            for line in printable(result.message or "").splitlines() or [""]:  # an engine's words: escaped
                console.print(Text(f"    {line}"), soft_wrap=True)
            if result.explain:
                console.print(Text(f"    what the reference engine does there: {result.explain}"), soft_wrap=True)
    expected = [result for result in results if result.outcome == EXPECTED_FAILURE]
    if expected:
        console.print(Text(f"\nExpected failures ({len(expected)}):", style="bold"))
        for result in expected:
            console.print(Text(f"~ {_name(result)} ({label(result.expected['outcome'])})"), soft_wrap=True)
            console.print(Text(f"    reason: {printable(result.expected['reason'], lines=False)}"), soft_wrap=True)
    unsupported = [result for result in results if result.outcome == UNSUPPORTED]
    if unsupported:
        console.print(Text(f"\n{len(unsupported)} scenario{'s' if len(unsupported) != 1 else ''} not supported by the engine:"))
        by_reason: dict[str, list[str]] = {}
        for result in unsupported:
            by_reason.setdefault(first_line(result.message) or "(no reason given)", []).append(result.shown_id)
        for reason, ids in by_reason.items():
            shown = " ".join(ids[:SHOWN_UNSUPPORTED]) + (f" … and {len(ids) - SHOWN_UNSUPPORTED} more (--json lists each)"
                                                         if len(ids) > SHOWN_UNSUPPORTED else "")
            console.print(Text(f"  {printable(reason.removeprefix('not supported: '), lines=False)} ({len(ids)}): {shown}"),
                          soft_wrap=True)
    translated = [result for result in results if result.translated]
    if translated:
        played = sorted({result.ruleset for result in translated if result.ruleset})
        console.print(Text(f"\n{len(translated)} scenario{'s were' if len(translated) != 1 else ' was'} dealt without "
                           f"{'their' if len(translated) != 1 else 'its'} vira ({', '.join(played)} turns none, and every "
                           f"card played ranked against its vaza's as with the vira): "
                           f"{summary_line(result.outcome for result in translated)}"), soft_wrap=True)
    apart = [result for result in results if result.outcome == NOT_APPLICABLE]
    if apart:  # a variant's: counted apart, never passed; each one's why is in the reports
        kinds: dict[str, int] = {}
        for result in apart:
            kind = next((said for words, said in _NOT_APPLICABLE_KINDS if words in (result.message or "")), "other reasons")
            kinds[kind] = kinds.get(kind, 0) + 1
        console.print(Text(f"{len(apart)} not applicable (counted apart, never as passed): "
                           f"{'; '.join(f'{count} {kind}' for kind, count in kinds.items())}; --json or --html gives each "
                           f"one's why"), soft_wrap=True)
    found = causes_of(results)
    if found:  # the end of the output is what a terminal shows: the largest causes again, a line each
        failing = sum(group.count for group in found)
        console.print(Text(f"Likely causes of the {failing} failing, largest first (each with its smallest scenario at the top):"))
        for number, group in enumerate(found[:LAST_CAUSES], 1):
            console.print(Text(f"  {number}. {group.count} × {printable(group.key, lines=False)}"
                               + (f" — breaks {', '.join(group.clauses)}" if group.clauses else "")), soft_wrap=True)
        if len(found) > LAST_CAUSES:
            console.print(Text(f"  … and {len(found) - LAST_CAUSES} more at the top"))
    console.print(Text(summary_line(result.outcome for result in results)))


#: the kinds of not applicable, by the words of their reason (plugin.py), as the summary counts them
_NOT_APPLICABLE_KINDS = (("neither is nor extends", "about a rule set outside its lineage"),
                         ("dealing this scenario without its vira", "dealt without the vira until a card ranked otherwise"),
                         ("cannot deal this scenario's forced deal", "with a deal it cannot make"),
                         ("(table.players)", "at a player count it is not played by"))


#: the most causes listed on the console (the others: --json, --html)
SHOWN_CAUSES = 8
#: the ids of unsupported scenarios listed for one reason (the rest are counted: an engine that plays
#: one rule set leaves hundreds unsupported, which would bury the failures)
SHOWN_UNSUPPORTED = 12
#: the likely causes repeated, a line each, just above the summary line (what a terminal shows last)
LAST_CAUSES = 3


def causes(results: list[ScenarioResult], console: Console, sources: Mapping[str, SourceClause]) -> None:
    """Print the likely causes of the failing scenarios of ``results`` (``causes.groups``), largest
    first, at most ``SHOWN_CAUSES``: for each, its count, what differed, the clause it breaks with
    a short quote of it (``sources``; the clauses a parameter group cites: their ids and the group),
    or that it is an engine fault, its smallest scenario with its file and line, where that one
    departs, and its ``truco explain`` command. Prints nothing when nothing failed."""
    from rich.text import Text

    from truco_dsl.conformance.engines.adapter import FAULT_OUTCOMES
    from truco_dsl.conformance.report.causes import groups
    from truco_dsl.diagnostics import printable, shortened

    found = groups(results)
    if not found:
        return
    failing = sum(group.count for group in found)
    console.print(Text(f"Likely causes of the {failing} failing scenario{'s' if failing != 1 else ''}, largest first "
                       f"(where the engine first answers otherwise than the reference engine):", style="bold"), soft_wrap=True)
    for number, group in enumerate(found[:SHOWN_CAUSES], 1):
        source = sources.get(group.clause) if len(group.clauses) == 1 else None
        departed = (group.smallest.cause or {}).get("command") is not None
        fault = all(result.outcome in FAULT_OUTCOMES for result in group.results)
        if group.parameter:
            clause = f" — breaks {', '.join(group.clauses)} (what the rule set's {group.parameter} cites)"
        elif group.clause:
            clause = f" — breaks {group.clause}" + (f" ({shortened(source.text, QUOTE_LENGTH)})" if source else "")
        else:
            clause = (f" — {'a fault of the engine, not a departure from a rule' if fault else 'no clause found for this departure' if departed else 'no departure from the reference found'}; "
                      f"its scenarios check {', '.join(group.checked[:3]) or 'no clause'}")
        console.print(Text(f"{number}. {group.count} × {printable(group.key, lines=False)}{clause}", style="red"), soft_wrap=True)
        smallest = group.smallest
        where = f"{smallest.feature_path}:{smallest.line}" if smallest.line else smallest.feature_path
        console.print(Text(f"   smallest: {smallest.shown_id} {smallest.scenario!r} ({where}, {len(smallest.steps)} steps)"),
                      soft_wrap=True)
        console.print(Text(f"   there: {printable(group.said, lines=False)}"), soft_wrap=True)
        if smallest.explain:
            console.print(Text(f"   {smallest.explain}"), soft_wrap=True)
    if len(found) > SHOWN_CAUSES:
        console.print(Text(f"… and {len(found) - SHOWN_CAUSES} more causes (--json: each record's cause; --html)"))
    console.print()


def _name(result: ScenarioResult) -> str:
    """How a scenario is named in the report: ``<id>  <name>  [<feature file>]``."""
    return f"{result.shown_id}  {result.scenario}  [{result.feature}]"

