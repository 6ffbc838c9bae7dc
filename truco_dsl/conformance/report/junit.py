"""The JUnit XML report of a run (``truco conform --junit-xml PATH``): one test case per scenario.

Written from the run's ``ScenarioResult`` records (``plugin.py``), so a run split over ``--jobs``
gets one too, and a CI dashboard shows what a person reads in the console:

- ``classname``: the feature file as a dotted name (``atb-2004.faults``); ``name``: the scenario's
  id (with the rule set of an outline's row, ``desacordos-001[fpt-1983]``) and name
  (``faults-001  F1 — folding a truco…``); ``file`` and ``line``: where it is written;
- properties: ``id``, ``clauses`` (comma-separated), ``ruleset`` (the rule set played);
- outcomes: ``failed`` and ``now_passes`` are a ``<failure>``; ``error``, ``timeout``, ``crash`` and
  ``protocol_error`` an ``<error>`` (its ``type`` the outcome); ``expected_failure`` a
  ``<skipped type="expected_failure">`` with its reason (as a test runner's xfail);
  ``unsupported``, ``not_applicable`` and ``skipped`` a ``<skipped>`` with why. The element's
  ``message`` is the message's first line; its text the failing step, the whole message and, for
  a scenario that did not pass, the engine's last exchanges.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable
from typing import Any

from truco_dsl.conformance.engines.transcript import showable
from truco_dsl.diagnostics import first_line
from truco_dsl.conformance.report.outcomes import (ERROR, EXPECTED_FAILURE, FAILED, FAULT_OUTCOMES, NOT_APPLICABLE, NOW_PASSES, SKIPPED,
                                            UNSUPPORTED, label)

SUITE_NAME = "truco-conformance"
_ELEMENT = {FAILED: "failure", NOW_PASSES: "failure", ERROR: "error", **{fault: "error" for fault in FAULT_OUTCOMES},
            EXPECTED_FAILURE: "skipped", UNSUPPORTED: "skipped", NOT_APPLICABLE: "skipped", SKIPPED: "skipped"}


def junit_report(results: Iterable[Any]) -> str:
    """The JUnit XML document (a ``str``, UTF-8 declared) for ``results``: ``ScenarioResult``
    records in run order."""
    results = list(results)
    suite = ElementTree.Element("testsuite", name=SUITE_NAME, tests=str(len(results)))
    tally = {"failure": 0, "error": 0, "skipped": 0}
    for result in results:
        case = ElementTree.SubElement(suite, "testcase", classname=result.feature.removesuffix(".feature").replace("/", "."),
                                      name=f"{result.shown_id}  {result.scenario}",
                                      file=result.feature_path, time=f"{result.duration:.3f}")
        if result.line is not None:
            case.set("line", str(result.line))
        properties = ElementTree.SubElement(case, "properties")
        for name, value in (("id", result.id), ("clauses", ",".join(result.clauses)), ("ruleset", result.ruleset)):
            if value:
                ElementTree.SubElement(properties, "property", name=name, value=value)
        element = _ELEMENT.get(result.outcome)
        if element is None:  # passed
            continue
        tally[element] += 1
        detail = ElementTree.SubElement(case, element, type=result.outcome, message=first_line(_why(result)))
        detail.text = _text(result)
    suite.set("failures", str(tally["failure"]))
    suite.set("errors", str(tally["error"]))
    suite.set("skipped", str(tally["skipped"]))
    suite.set("time", f"{sum(result.duration for result in results):.3f}")
    document = ElementTree.Element("testsuites")
    document.append(suite)
    ElementTree.indent(document)
    # names, messages and replies may hold characters XML cannot: written out, the whole document over
    return '<?xml version="1.0" encoding="utf-8"?>\n' + showable(ElementTree.tostring(document, encoding="unicode")) + "\n"


def _why(result: Any) -> str:
    expected = result.expected
    if result.outcome == EXPECTED_FAILURE and expected:
        return f"expected {label(expected['outcome'])}: {expected['reason']}"
    if result.outcome == NOW_PASSES and expected:
        return (f"now passes: remove it from {expected['file']} (line {expected['line']}); "
                f"expected {label(expected['outcome'])}: {expected['reason']}")
    return result.message or label(result.outcome)


def _text(result: Any) -> str:
    parts = []
    if result.failing_step:
        parts.append(f"step: {result.failing_step}")
    parts.append(_why(result))
    if result.outcome == EXPECTED_FAILURE and result.message:
        parts.append(result.message)
    for exchange in result.engine_replies:
        parts.append(f"> {exchange['request']}")
        parts.append(f"< {exchange['reply']}" if exchange["reply"] is not None else "< (no reply)")
    return "\n".join(parts)


