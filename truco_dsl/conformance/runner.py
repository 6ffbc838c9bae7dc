"""Run the conformance suite in-process and report it: ``run_suite`` (Python API) and
``run_conformance`` (``truco conform``).

``run_suite`` runs pytest in this process (``pytest.main`` with a ``ConformancePlugin``; no
subprocess, no cache) on the bundled scenarios and returns one ``ScenarioResult`` per scenario.
``run_conformance`` adds the command's input checks and its output: a per-clause table, the failing
scenarios, a summary line ``N passed, M failed`` (``, K not applicable`` appended when a rule set
played in place of the named one could not deal K scenarios' forced deals), and the JSON / JUnit XML
reports on request.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from truco_dsl.conformance.engines.adapter import FAULT_OUTCOMES, EngineAdapter
from truco_dsl.conformance.engines.process import DEFAULT_TIMEOUT, ProcessAdapter
from truco_dsl.conformance.engines.transcript import first_line
from truco_dsl.conformance.report.expectations import Expectations, expectations_document, expectations_text, load_expectations, unmatched
from truco_dsl.conformance.report.html import render_html
from truco_dsl.conformance.report.junit import junit_report
from truco_dsl.conformance.report.outcomes import (ERROR, EXPECTED_FAILURE, FAILED, FAILING, NOT_APPLICABLE, NOW_PASSES, PASSED, SKIPPED,
                                            UNSUPPORTED, label, summary_line)
from truco_dsl.conformance.suite.plugin import SUITE_PATH, ConformancePlugin, ScenarioResult
from truco_dsl.conformance.suite.selection import import_factory, parse_tags, resolve_ruleset
from truco_dsl.diagnostics import shown
from truco_dsl.errors import EngineFault, EngineStartError, ExpectationsError, RulesetError, SelectionError, SuiteError
from truco_dsl.rules import RuleSet, load_sources

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2
QUOTE_LENGTH = 60

__all__ = ["ScenarioResult", "SelectionError", "SuiteError", "engine_factory", "run_conformance", "run_suite"]


def run_suite(ruleset: str | None = None, tags: str | None = None, adapter_factory: Callable[[], EngineAdapter] | None = None,
              rulesets: Mapping[str, RuleSet] | None = None, quiet: bool = True,
              shard: tuple[int, int] | None = None, expectations: Expectations | None = None,
              exitfirst: bool = False) -> list[ScenarioResult]:
    """Run the bundled scenarios against an engine and return what each scenario did.

    ``ruleset``: a rule set id or a rule file path; runs the ``features/<id>/`` scenarios of the
    nearest rule set in its lineage that has some, playing the loaded rule set wherever they name
    that id (a variant of atb-2004 runs features/atb-2004 with the variant played). None: every
    folder. ``tags``: a Cucumber tag expression (``"@clause:ATB-TRUCO-2 or @id:faults-001"``).
    ``adapter_factory``: makes a fresh ``EngineAdapter`` for each scenario (default: the reference
    engine). ``rulesets``: rule set id -> RuleSet played in its place by the reference engine.
    A scenario whose forced deal a rule set played in place of the named one cannot deal is
    ``not_applicable``, never passed; with no override a refused deal is a failure.
    ``quiet``: hide pytest's output.
    ``shard``: ``(index, count)``: run only every count-th selected scenario from the index-th.
    ``expectations``: the engine's known failures (``expectations.py``): an expected outcome is
    reported ``expected_failure``, a pass of a scenario expected not to pass ``now_passes``.
    ``exitfirst``: stop at the first scenario that fails or breaks (pytest's ``-x``; what
    ``truco mutate`` needs to know a mutant is killed).

    Raises ``FileNotFoundError`` (unknown rule set), ``RulesetError`` (malformed rule file),
    ``SelectionError`` (bad tag expression, no scenarios for the rule set), ``ValueError``
    (rule-set overrides together with a custom adapter factory), ``SuiteError`` (pytest failed to run).
    """
    overrides = dict(rulesets or {})
    folders = None
    if ruleset is not None:
        folder, loaded = resolve_ruleset(ruleset)
        folders = [folder]
        if loaded.id != folder:
            overrides.setdefault(folder, loaded)
    if adapter_factory is not None and overrides:
        raise ValueError("a variant or mutant played in place of a rule set (--ruleset FILE) is played by the "
                         "reference engine in this process; it cannot be combined with another engine (--engine): an "
                         "engine plays the rule sets its hello offers")
    plugin = ConformancePlugin(adapter_factory, rulesets=overrides or None, folders=folders, tags=tags, shard=shard,
                               expectations=expectations)
    # no hypothesis plugin: its end-of-run summary imports hypothesis, which pytest then rewrites
    # (2 s of a 10 s run) for a suite that has no property tests; no unraisableexception plugin: its
    # clean-up runs gc.collect() twice per run, most of a small run's time
    arguments = [str(SUITE_PATH), "-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-p", "no:unraisableexception",
                 "-c", os.devnull,
                 "--rootdir", str(SUITE_PATH.parent)]
    if exitfirst:
        arguments.append("-x")
    if quiet:
        arguments += ["-q", "--no-header"]
    output = io.StringIO()
    with contextlib.ExitStack() as stack:
        if quiet:
            stack.enter_context(contextlib.redirect_stdout(output))
            stack.enter_context(contextlib.redirect_stderr(output))
        # the suite's own pytest session: options meant for the user's test runs do not apply to it
        addopts = os.environ.pop("PYTEST_ADDOPTS", None)
        try:
            code = pytest.main(arguments, plugins=[plugin])
        finally:
            if addopts is not None:
                os.environ["PYTEST_ADDOPTS"] = addopts
    if code in (pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERRUPTED):
        tail = "\n".join(output.getvalue().strip().splitlines()[-15:])
        raise SuiteError(f"pytest could not run the conformance suite (exit code {int(code)})" + (f":\n{tail}" if tail else ""))
    return plugin.results


def engine_factory(spec: str, timeout: float = DEFAULT_TIMEOUT) -> tuple[Callable[[], EngineAdapter], ProcessAdapter | None]:
    """The adapter factory for ``truco conform --engine SPEC``, and the engine process if there is one.

    ``python:module:Class``: ``module.Class()`` (or any callable returning an ``EngineAdapter``)
    for every scenario, in this process. Anything else: a program and its arguments, split as a
    shell would (``shlex.split``) but run without one; it is started, says ``hello``, and is shared
    by the scenarios (restarted after a fault). ``timeout``: seconds a reply may take.
    Raises ``SelectionError`` for an empty or malformed spec, a module or class that cannot be
    imported, a program that cannot be started or does not answer ``hello`` as the protocol asks.
    """
    if spec.startswith("python:"):
        return import_factory(spec[len("python:"):]), None
    try:
        command = shlex.split(spec)
    except ValueError as problem:
        raise SelectionError(f"bad --engine {spec!r}: {problem}") from None
    if not command:
        raise SelectionError("--engine is empty: give a command ('my-engine --flag') or python:module:Class")
    engine = ProcessAdapter(command, timeout=timeout)
    try:
        engine.start()
    except EngineStartError as problem:
        raise SelectionError(str(problem)) from None
    except EngineFault as fault:
        raise SelectionError(f"the engine {spec!r} did not answer hello as conformance/PROTOCOL.md asks ({fault.outcome}): "
                             + str(fault).replace("\n", " | ")) from None
    return (lambda: engine), engine


def run_conformance(ruleset: str | None = None, tags: str | None = None, junit_xml: str | None = None,
                    json_path: str | None = None, engine: str | None = None, timeout: float = DEFAULT_TIMEOUT,
                    jobs: int = 1, shard: tuple[int, int] | None = None, expectations_path: str | None = None,
                    write_expectations_path: str | None = None, html_path: str | None = None) -> int:
    """``truco conform``: run the suite against an engine and print the report.

    ``engine``: None for the reference engine in-process, else an ``--engine`` spec
    (``engine_factory``); ``timeout``: the seconds an engine program may take per reply.
    ``jobs``: run the scenarios in that many ``truco conform`` processes, each with its own engine
    (every jobs-th scenario each), and report them together. ``shard``:
    ``(index, count)``, what one of those processes runs (an empty share is no error).
    ``expectations_path``: the engine's expectations file (``expectations.py``): its expected
    outcomes are reported as expected failures, with their reasons, and do not fail the run; a
    scenario it expects not to pass that passes does (``now passes``). ``write_expectations_path``:
    write an expectations file from this run (every scenario that failed, broke off or is
    unsupported; an expected failure keeps its reason). ``html_path``: write the run as one HTML page
    (``html_report.py``).
    Prints a per-clause table (clause, a short quote of its text, passed, failed, and a column for
    each other outcome that occurs), then the scenarios that now pass although expected not to, the
    failing scenarios (id, name, first failing step, message), the expected failures with their reasons, the unsupported scenarios grouped by why,
    then ``N passed, M failed`` on a line of its own, with the other outcomes' counts appended
    (``, K not applicable``, ``, 1 timeout``, ``, 2 expected failures``, ``, 1 now passing``,
    ``, 3 unsupported``). Then writes ``json_path`` (one JSON record per scenario), ``junit_xml``
    (``junit.py``) and the other files asked for; one that cannot be written is named and makes the
    exit code 2, the others are still written.
    Returns 0 if every scenario the engine supports passed or failed as expected, 1 if any failed,
    broke, met an engine fault (timeout, crash, protocol_error) or now passes against its
    expectation, 2 for bad input (unknown rule set, malformed rule file or expectations file, bad
    tag expression, unwritable report path, bad --engine), after a message on stderr.
    """
    process = None
    expectations = None
    try:
        parse_tags(tags)
        played = [resolve_ruleset(ruleset)[1].id] if ruleset is not None else []
        for path in (junit_xml, json_path, write_expectations_path, html_path):
            if path is not None:
                check_writable(path)
        if expectations_path is not None:
            expectations = load_expectations(expectations_path, played=played)
        if jobs > 1:
            results = _run_jobs(jobs, ruleset, tags, engine, timeout, expectations_path)
        else:
            factory = None
            if engine is not None:
                factory, process = engine_factory(engine, timeout)
            results = run_suite(ruleset=ruleset, tags=tags, adapter_factory=factory, shard=shard,
                                expectations=expectations)
    except RulesetError as error:  # every problem, each with its place, line and caret (as truco validate)
        return _bad_input(f"bad rule file:\n{error}")
    except ExpectationsError as error:
        return _bad_input(f"bad expectations file:\n{error}")
    except SuiteError as error:  # pytest or a job could not run: the end of its output says why
        return _bad_input(str(error))
    except (FileNotFoundError, SelectionError, ValueError) as error:
        return _bad_input(str(error).splitlines()[0] if str(error) else type(error).__name__)
    finally:
        if process is not None:
            process.shutdown()
    engine_name = next((result.engine for result in results if result.engine), engine or "reference")
    if expectations is not None and expectations.engine != engine_name and shard is None:
        print(f"truco conform: note: {expectations.path} is for the engine {expectations.engine!r}; "
              f"this run's engine is {engine_name!r}", file=sys.stderr)
    if not results and shard is None:
        print("truco conform: no scenario matches the selection (check --ruleset and --tags)", file=sys.stderr)
        return EXIT_BAD_INPUT
    report(results)
    if expectations is not None:  # after the report, where it is read last
        for entry, played in unmatched(expectations, results):
            print(f"truco conform: note: {shown(entry.place.file)}:{entry.place.line}: the entry for {entry.scenario} "
                  f"under {entry.ruleset} matched nothing: this run played it under {', '.join(played)} only",
                  file=sys.stderr)
    document = expectations_document(results, engine_name, ruleset) if write_expectations_path is not None else None
    reports = []  # (path, what, text)
    if json_path is not None:
        reports.append((json_path, "the JSON report",
                        json.dumps([result.as_json() for result in results], indent=2, ensure_ascii=False) + "\n"))
    if junit_xml is not None:
        reports.append((junit_xml, "the JUnit XML report", junit_report(results)))
    if write_expectations_path is not None:
        reports.append((write_expectations_path, "the expectations file",
                        expectations_text(document, write_expectations_path)))
    if html_path is not None:
        reports.append((html_path, "the HTML report", render_html(results, engine=engine_name, ruleset=ruleset, tags=tags,
                                                                  expectations=str(expectations.path) if expectations else None)))
    unwritten = False
    for path, what, text in reports:  # each one tried: a full disk loses one file, not the others
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as error:
            _bad_input(f"cannot write {what} to {path}: {error.strerror or error}")
            unwritten = True
    if unwritten:
        return EXIT_BAD_INPUT
    if document is not None:
        count = len(document["expectations"])
        print(f"wrote {count} expectation{'s' if count != 1 else ''} to {write_expectations_path}: review every reason "
              f"that starts with UNREVIEWED")
    return EXIT_FAILED if any(result.outcome in FAILING for result in results) else EXIT_OK


def _run_jobs(jobs: int, ruleset: str | None, tags: str | None, engine: str | None, timeout: float,
              expectations_path: str | None = None) -> list[ScenarioResult]:
    """Run the selection in ``jobs`` child ``truco conform --shard i/jobs`` processes at once and
    return their results in the order of the selection. Raises ``SelectionError`` with the first
    child's message when one reports bad input, ``SuiteError`` when one dies."""
    with tempfile.TemporaryDirectory(prefix="truco-jobs-") as folder:
        children = []
        for index in range(jobs):
            share = Path(folder) / f"{index}.json"
            # -P: the current folder is not put first on the job's import path (a jinja2.py there
            # would shadow the real one); an --engine python:module is still looked for there
            command = [sys.executable, "-P", "-m", "truco_dsl.cli", "conform", "--timeout", str(timeout),
                       "--shard", f"{index}/{jobs}", "--json", str(share)]
            for option, value in (("--ruleset", ruleset), ("--tags", tags), ("--engine", engine),
                                  ("--expectations", expectations_path)):
                if value is not None:
                    command += [option, value]
            children.append((share, subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)))
        shares = []
        for share, child in children:
            _, errors = child.communicate()
            if child.returncode == EXIT_BAD_INPUT:
                raise SelectionError((errors.strip().splitlines() or ["a job reported bad input"])[0].removeprefix("truco conform: "))
            if child.returncode not in (EXIT_OK, EXIT_FAILED) or not share.exists():
                tail = "\n".join(errors.strip().splitlines()[-10:])
                raise SuiteError(f"a job of the run ended with exit code {child.returncode}" + (f":\n{tail}" if tail else ""))
            records = json.loads(share.read_text(encoding="utf-8"))
            shares.append([ScenarioResult(**{**record, "clauses": tuple(record["clauses"])}) for record in records])
    return [share[position] for position in range(max(map(len, shares), default=0)) for share in shares if position < len(share)]


#: the heading of an outcome's column in the per-clause table (failed and error share one)
COLUMNS = {PASSED: "passed", FAILED: "failed", ERROR: "failed", NOT_APPLICABLE: "not applicable", UNSUPPORTED: "not supported",
           EXPECTED_FAILURE: "expected failure", NOW_PASSES: "now passes", **{fault: label(fault) for fault in FAULT_OUTCOMES}}


def report(results: list[ScenarioResult], console: Console | None = None) -> None:
    """Print the per-clause table, the failing scenarios, the expected failures, the unsupported
    scenarios grouped by why, and the summary line."""
    console = console or Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    sources = load_sources()
    present = {UNSUPPORTED if result.outcome == SKIPPED else result.outcome for result in results}
    headings = ["passed", "failed"] + [COLUMNS[outcome] for outcome in (NOT_APPLICABLE, UNSUPPORTED, *FAULT_OUTCOMES,
                                                                       NOW_PASSES, EXPECTED_FAILURE) if outcome in present]
    counts: dict[str, dict[str, int]] = {}
    for result in results:
        for clause in result.clauses:
            column = COLUMNS.get(result.outcome, COLUMNS[UNSUPPORTED])  # skipped: with the unsupported
            tally = counts.setdefault(clause, dict.fromkeys(headings, 0))
            tally[column] += 1
    order = {clause_id: position for position, clause_id in enumerate(sources)}
    table = Table(title="Conformance by clause", title_justify="left")
    table.add_column("clause", no_wrap=True)
    table.add_column("text")
    for heading in headings:
        table.add_column(heading, justify="right")
    alarming = {"failed", "now passes", *(label(fault) for fault in FAULT_OUTCOMES)}
    for clause in sorted(counts, key=lambda clause_id: (order.get(clause_id, len(order)), clause_id)):
        tally = counts[clause]
        source = sources.get(clause)
        quote = _quote(source.text) if source else "(not in spec/sources)"
        table.add_row(Text(clause), Text(quote), *(Text(str(tally.get(heading, 0)),
                                                        style="bold red" if heading in alarming and tally.get(heading) else "")
                                                   for heading in headings))
    if counts:
        console.print(table)
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
            _print_scenario(console, result, "✗", "red")
    expected = [result for result in results if result.outcome == EXPECTED_FAILURE]
    if expected:
        console.print(Text(f"\nExpected failures ({len(expected)}):", style="bold"))
        for result in expected:
            console.print(Text(f"~ {_name(result)} ({label(result.expected['outcome'])})"), soft_wrap=True)
            console.print(Text(f"    reason: {result.expected['reason']}"), soft_wrap=True)
    unsupported = [result for result in results if result.outcome == UNSUPPORTED]
    if unsupported:
        console.print(Text(f"\n{len(unsupported)} scenario{'s' if len(unsupported) != 1 else ''} not supported by the engine:"))
        by_reason: dict[str, list[str]] = {}
        for result in unsupported:
            by_reason.setdefault(first_line(result.message) or "(no reason given)", []).append(result.shown_id)
        for reason, ids in by_reason.items():
            console.print(Text(f"  {reason.removeprefix('not supported: ')}: {' '.join(ids)}"), soft_wrap=True)
    console.print(Text(summary_line(result.outcome for result in results)))


def _name(result: ScenarioResult) -> str:
    return f"{result.shown_id}  {result.scenario}  [{result.feature}]"


def _print_scenario(console: Console, result: ScenarioResult, mark: str, style: str) -> None:
    outcome = f" ({label(result.outcome)})" if result.outcome != FAILED else ""
    console.print(Text(f"{mark} {_name(result)}{outcome}", style=style), soft_wrap=True)
    if result.expected is not None:
        console.print(Text(f"    expected {label(result.expected['outcome'])} ({result.expected['reason']}), "
                           f"but it is {label(result.outcome)}"), soft_wrap=True)
    if result.failing_step:
        console.print(Text(f"    step: {result.failing_step}"), soft_wrap=True)
    for line in (result.message or "").splitlines() or [""]:
        console.print(Text(f"    {line}"), soft_wrap=True)


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_LENGTH else text[:QUOTE_LENGTH - 1].rstrip() + "…"


def check_writable(path: str) -> None:
    """Raise ``SelectionError`` unless a file can be written at ``path`` (a report, an expectations
    file, exported cases), before a run spends its time."""
    if not path:
        raise SelectionError("cannot write to an empty path: give a file's name")
    target = Path(path)
    if target.is_dir() or path.endswith(("/", os.sep)):
        raise SelectionError(f"cannot write to {path}: it names a folder; give a file's name")
    folder = next((parent for parent in reversed(target.parents) if not parent.is_dir()), None)
    if folder is not None:
        what = "is a file, not a folder" if folder.exists() else "does not exist"
        raise SelectionError(f"cannot write to {path}: {folder} {what}")
    existed = target.exists()
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise SelectionError(f"cannot write to {path}: {error.strerror or error}") from None
    if not existed:
        target.unlink()


def _bad_input(message: str) -> int:
    print(f"truco conform: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
