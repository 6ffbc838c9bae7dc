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
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from truco_dsl.conformance.adapter import EngineAdapter
from truco_dsl.conformance.plugin import (ERROR, FAILED, NOT_APPLICABLE, PASSED, SUITE_PATH, UNSUPPORTED, ConformancePlugin,
                                          ScenarioResult, SelectionError, parse_tags, resolve_ruleset)
from truco_dsl.rules import RuleSet, RulesetError, load_sources

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2
QUOTE_LENGTH = 60

__all__ = ["ScenarioResult", "SelectionError", "SuiteError", "run_conformance", "run_suite"]


class SuiteError(RuntimeError):
    """pytest could not run the suite at all (an internal error, a usage error). The message
    carries the end of pytest's output."""


def run_suite(ruleset: str | None = None, tags: str | None = None, adapter_factory: Callable[[], EngineAdapter] | None = None,
              rulesets: Mapping[str, RuleSet] | None = None, junit_xml: str | None = None, quiet: bool = True) -> list[ScenarioResult]:
    """Run the bundled scenarios against an engine and return what each scenario did.

    ``ruleset``: a rule set id or a rule file path; runs the ``features/<id>/`` scenarios of the
    nearest rule set in its lineage that has some, playing the loaded rule set wherever they name
    that id (a variant of atb-2004 runs features/atb-2004 with the variant played). None: every
    folder. ``tags``: a Cucumber tag expression (``"@clause:ATB-TRUCO-2 or @id:faults-001"``).
    ``adapter_factory``: makes a fresh ``EngineAdapter`` for each scenario (default: the reference
    engine). ``rulesets``: rule set id -> RuleSet played in its place by the reference engine.
    A scenario whose forced deal a rule set played in place of the named one cannot deal is
    ``not_applicable``, never passed; with no override a refused deal is a failure.
    ``junit_xml``: also write pytest's JUnit XML report there. ``quiet``: hide pytest's output.

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
        raise ValueError("rule-set overrides (a variant or mutant played in place of a rule set) only apply to the "
                         "reference engine; they cannot be combined with a custom adapter factory")
    plugin = ConformancePlugin(adapter_factory, rulesets=overrides or None, folders=folders, tags=tags)
    arguments = [str(SUITE_PATH), "-p", "no:cacheprovider", "-c", os.devnull,
                 "--rootdir", str(SUITE_PATH.parent), "-o", "junit_suite_name=truco-conformance"]
    if junit_xml is not None:
        arguments.append(f"--junit-xml={junit_xml}")
    if quiet:
        arguments += ["-q", "--no-header"]
    output = io.StringIO()
    with contextlib.ExitStack() as stack:
        if quiet:
            stack.enter_context(contextlib.redirect_stdout(output))
            stack.enter_context(contextlib.redirect_stderr(output))
        code = pytest.main(arguments, plugins=[plugin])
    if code in (pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERRUPTED):
        tail = "\n".join(output.getvalue().strip().splitlines()[-15:])
        raise SuiteError(f"pytest could not run the conformance suite (exit code {int(code)})" + (f":\n{tail}" if tail else ""))
    return plugin.results


def run_conformance(ruleset: str | None = None, tags: str | None = None, junit_xml: str | None = None,
                    json_path: str | None = None) -> int:
    """``truco conform``: run the suite against the reference engine and print the report.

    Prints a per-clause table (clause, a short quote of its text, passed, failed, and not applicable
    / not supported when there are any), then the failing scenarios (id, name, first failing step,
    message), then ``N passed, M failed`` on a line of its own, with ``, K not applicable`` appended
    when K > 0 (a variant played in place of the rule set cannot deal K scenarios). Writes ``json_path`` (one JSON record per scenario) and ``junit_xml`` when given.
    Returns 0 if every scenario the engine supports passed, 1 if any failed, 2 for bad input
    (unknown rule set, malformed rule file, bad tag expression, unwritable report path), after a
    one-line message on stderr.
    """
    try:
        parse_tags(tags)
        if ruleset is not None:
            resolve_ruleset(ruleset)
        for path in (junit_xml, json_path):
            if path is not None:
                _check_writable(path)
        results = run_suite(ruleset=ruleset, tags=tags, junit_xml=junit_xml)
    except RulesetError as error:  # every problem, each with its place, line and caret (as truco validate)
        return _bad_input(f"bad rule file:\n{error}")
    except (FileNotFoundError, SelectionError, SuiteError, ValueError) as error:
        return _bad_input(str(error).splitlines()[0] if str(error) else type(error).__name__)
    if json_path is not None:
        try:
            Path(json_path).write_text(json.dumps([result.as_json() for result in results], indent=2, ensure_ascii=False) + "\n",
                                       encoding="utf-8")
        except OSError as error:
            return _bad_input(f"cannot write the JSON report to {json_path}: {error.strerror or error}")
    if not results:
        print("truco conform: no scenario matches the selection (check --ruleset and --tags)", file=sys.stderr)
        return EXIT_BAD_INPUT
    report(results)
    return EXIT_FAILED if any(result.outcome in (FAILED, ERROR) for result in results) else EXIT_OK


def report(results: list[ScenarioResult], console: Console | None = None) -> None:
    """Print the per-clause table, the failing scenarios and the summary line."""
    console = console or Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    sources = load_sources()
    counts: dict[str, dict[str, int]] = {}
    for result in results:
        for clause in result.clauses:
            tally = counts.setdefault(clause, {PASSED: 0, FAILED: 0, NOT_APPLICABLE: 0, UNSUPPORTED: 0})
            column = {PASSED: PASSED, FAILED: FAILED, ERROR: FAILED, NOT_APPLICABLE: NOT_APPLICABLE}.get(result.outcome, UNSUPPORTED)
            tally[column] += 1
    order = {clause_id: position for position, clause_id in enumerate(sources)}
    not_applicable = sum(1 for result in results if result.outcome == NOT_APPLICABLE)
    unsupported = any(tally[UNSUPPORTED] for tally in counts.values())
    table = Table(title="Conformance by clause", title_justify="left")
    table.add_column("clause", no_wrap=True)
    table.add_column("text")
    table.add_column("passed", justify="right")
    table.add_column("failed", justify="right")
    if not_applicable:
        table.add_column("not applicable", justify="right")
    if unsupported:
        table.add_column("not supported", justify="right")
    for clause in sorted(counts, key=lambda clause_id: (order.get(clause_id, len(order)), clause_id)):
        tally = counts[clause]
        source = sources.get(clause)
        quote = _quote(source.text) if source else "(not in spec/sources)"
        row = [Text(clause), Text(quote), str(tally[PASSED]), Text(str(tally[FAILED]), style="bold red" if tally[FAILED] else "")]
        if not_applicable:
            row.append(str(tally[NOT_APPLICABLE]))
        if unsupported:
            row.append(str(tally[UNSUPPORTED]))
        table.add_row(*row)
    if counts:
        console.print(table)
    failing = [result for result in results if result.outcome in (FAILED, ERROR)]
    if failing:
        console.print(Text(f"\nFailing scenarios ({len(failing)}):", style="bold"))
        for result in failing:
            name = f"{result.id or '(no id)'}  {result.scenario}  [{result.feature}]" + (" (error)" if result.outcome == ERROR else "")
            console.print(Text(f"✗ {name}", style="red"), soft_wrap=True)
            if result.failing_step:
                console.print(Text(f"    step: {result.failing_step}"), soft_wrap=True)
            for line in (result.message or "").splitlines() or [""]:
                console.print(Text(f"    {line}"), soft_wrap=True)
    skipped = sum(1 for result in results if result.outcome == UNSUPPORTED)
    if skipped:
        console.print(Text(f"{skipped} scenario{'s' if skipped != 1 else ''} not supported by the engine"))
    passed = sum(1 for result in results if result.outcome == PASSED)
    console.print(Text(f"{passed} passed, {len(failing)} failed" + (f", {not_applicable} not applicable" if not_applicable else "")))


def _quote(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= QUOTE_LENGTH else text[:QUOTE_LENGTH - 1].rstrip() + "…"


def _check_writable(path: str) -> None:
    """Raise ``SelectionError`` unless a report can be written at ``path``."""
    target = Path(path)
    if target.is_dir():
        raise SelectionError(f"cannot write a report to {path}: it is a directory")
    if not target.parent.is_dir():
        raise SelectionError(f"cannot write a report to {path}: no directory {target.parent}")
    existed = target.exists()
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as error:
        raise SelectionError(f"cannot write a report to {path}: {error.strerror or error}") from None
    if not existed:
        target.unlink()


def _bad_input(message: str) -> int:
    print(f"truco conform: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT
