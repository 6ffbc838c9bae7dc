"""An engine's known failures: the expectations file of ``truco conform --expectations FILE``.

The file is YAML (read with a safe loader), checked against ``schema/expectations.schema.json``::

    engine: gat-games 0.0.2          # the engine's name and version, as the report names it
    ruleset: atb-2004                # optional: the --ruleset of the run it was written for
    expectations:
      - scenario: truco-003          # a scenario's @id:
        ruleset: fpt-1983            # optional: only its run under this rule set (an outline's row)
        example: {vira: Qd, seat0: 4s, seat1: 5d, winner: "1"}   # optional: only the outline row with these values
        outcome: failed              # failed, error, timeout, crash, protocol_error or unsupported
        reason: its fold after a seis is worth 3, not 6

``judge`` turns a scenario's outcome into what the run reports: the expected outcome, reached, is
``expected_failure`` (it does not make the run fail); a pass of a scenario expected not to pass is
``now_passes`` (it does: remove the entry, as pytest's strict xfail); anything else stays what it
was. ``expectations_document`` and ``expectations_text`` make a file from a run; the reasons it cannot know start with
``UNREVIEWED`` and quote the run's message, for the author to replace.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Iterable

import yaml
from jsonschema import Draft202012Validator

from truco_dsl.bundled import SCHEMA_DIR
from truco_dsl.conformance.report.outcomes import (EXPECTABLE, EXPECTED_FAILURE, FAILING, NOW_PASSES, PASSED,
                                            UNSUPPORTED, label)
from truco_dsl.conformance.suite.catalogue import bundled_ids, bundled_scenarios
from truco_dsl.diagnostics import Place, Problem, YamlFile, did_you_mean, shown, yaml_value
from truco_dsl.errors import ExpectationsError
from truco_dsl.rules import available_rulesets, load_ruleset

SCHEMA = SCHEMA_DIR / "expectations.schema.json"
#: how a reason written by ``expectations_document`` starts, until a person writes the real one
UNREVIEWED = "UNREVIEWED"
#: the longest quote of a run's message in a written reason (characters)
QUOTED_MESSAGE = 200


@dataclass(frozen=True)
class Expectation:
    """One entry: the ``scenario`` id, the ``ruleset`` it is restricted to (None: any), the
    ``example`` row it is restricted to (a Scenario Outline's ``(column, value)`` pairs, sorted;
    None: every row), the ``outcome`` expected, the ``reason``, and its ``place`` in the file."""

    scenario: str
    ruleset: str | None
    outcome: str
    reason: str
    place: Place
    example: tuple[tuple[str, str], ...] | None = None

    @property
    def unreviewed(self) -> bool:
        """Whether the reason is still the one ``expectations_document`` wrote."""
        return self.reason.startswith(UNREVIEWED)

    def as_json(self) -> dict[str, str]:
        """``{"outcome", "reason", "file", "line"}`` for a report."""
        return {"outcome": self.outcome, "reason": self.reason, "file": shown(self.place.file), "line": self.place.line}


@dataclass(frozen=True)
class Expectations:
    """A loaded expectations file: ``path``, the ``engine`` it is for, its ``ruleset`` (None when it
    names none) and its ``entries`` in file order."""

    path: Path
    engine: str
    ruleset: str | None
    entries: tuple[Expectation, ...]

    def find(self, scenario: str | None, ruleset: str | None, example: dict[str, str] | None = None) -> Expectation | None:
        """The entry for the scenario with id ``scenario`` played under ``ruleset`` (for an outline's
        row, ``example``: its values by column), or None. An entry naming the row wins over one for
        every row of the scenario."""
        row = _row(example)
        matching = [entry for entry in self.entries if entry.scenario == scenario
                    and (entry.ruleset is None or entry.ruleset == ruleset) and (entry.example is None or entry.example == row)]
        return next((entry for entry in matching if entry.example is not None), matching[0] if matching else None)


def _row(example: dict[str, Any] | None) -> tuple[tuple[str, str], ...] | None:
    """An outline row's values as an entry keeps them: ``(column, value)`` pairs, sorted, as text."""
    return None if example is None else tuple(sorted((str(column), str(value)) for column, value in example.items()))


def unmatched(expectations: Expectations, results: Iterable[Any]) -> list[tuple[Expectation, list[str]]]:
    """The entries that a run's ``results`` (``ScenarioResult``) should have used and did not: the
    entry's scenario ran, but never under the entry's ``ruleset``. Returns (entry, the rule sets the
    scenario ran under) pairs in file order. Entries for scenarios the run did not select are not
    listed: ``--ruleset`` and ``--tags`` leave them out on purpose."""
    ran: dict[str, set[str]] = {}
    used: set[int] = set()
    for result in results:
        if result.id is not None:
            ran.setdefault(result.id, set()).add(result.ruleset or "?")
        if result.expected is not None:
            used.add(result.expected["line"])
    return [(entry, sorted(ran[entry.scenario])) for entry in expectations.entries
            if entry.scenario in ran and entry.place.line not in used]


def judge(outcome: str, expectation: Expectation | None) -> str:
    """The outcome a run reports for a scenario whose own ``outcome`` is given, under ``expectation``
    (None: no entry): ``now_passes`` for ``passed``; ``expected_failure`` when ``outcome`` is the
    expected one and would fail the run; ``outcome`` itself otherwise (an expected ``unsupported``
    stays ``unsupported``; an outcome other than the expected one is reported as it is)."""
    if expectation is None:
        return outcome
    if outcome == PASSED:
        return NOW_PASSES
    if outcome == expectation.outcome and outcome in FAILING:
        return EXPECTED_FAILURE
    return outcome


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def load_expectations(path: str | Path, scenario_ids: Iterable[str] | None = None,
                      played: Iterable[str] = ()) -> Expectations:
    """Read and check an expectations file.

    ``scenario_ids``: the ids an entry may name (default: every bundled scenario's ``@id:``);
    ``played``: rule set ids the run plays besides the bundled ones (a variant file's id, which an
    entry's ``ruleset`` may then name).
    Raises ``ExpectationsError`` with every problem and its place: a file that cannot be read, is
    not UTF-8 or not YAML, uses aliases, has duplicate keys, breaks the schema, names a scenario
    that does not exist, an ``example`` row a bundled scenario does not have, or the same scenario
    (rule set and row) twice.
    """
    path = Path(path)
    reader = YamlFile.read(path, "expectations file", instead_of_aliases="write the entry out")
    if reader.problems:
        raise ExpectationsError(reader.problems)
    document = reader.document
    reader.report_schema(_validator().iter_errors(document))
    if not isinstance(document, dict) or not isinstance(document.get("expectations"), list):
        raise ExpectationsError(_in_file_order(reader.problems))  # nothing more to check
    # the entries the schema let through are checked too, so one run reports every problem
    known = set(scenario_ids) if scenario_ids is not None else bundled_ids()
    rulesets = available_rulesets()  # an entry that names no real rule set could never match: a stale entry
    if document.get("ruleset") is not None and document["ruleset"] not in rulesets and not str(document["ruleset"]).endswith(".yaml"):
        hint = did_you_mean(str(document["ruleset"]), _playable(rulesets))
        reader.report(("ruleset",), f"{yaml_value(document['ruleset'])} is not a rule set id{hint}; it is one of: {', '.join(_playable(rulesets))} "
                                    f"(or, for a variant, its rule file's path as --ruleset took it; or leave it out)")
    entries, seen, playable = [], {}, _playable(rulesets) + [ruleset_id for ruleset_id in played if ruleset_id not in rulesets]
    for index, entry in enumerate(document["expectations"]):
        if not (isinstance(entry, dict) and isinstance(entry.get("scenario"), str)
                and ("ruleset" not in entry or isinstance(entry["ruleset"], str) or entry["ruleset"] is None)):
            continue  # the schema's messages say what is wrong with it
        example = _row(entry["example"]) if isinstance(entry.get("example"), dict) else None
        key = (entry["scenario"], entry.get("ruleset"), example)
        rows = _rows_of(entry["scenario"])
        if entry["scenario"] not in known:
            reader.report(("expectations", index, "scenario"),
                          f"no scenario has the id {yaml_value(entry['scenario'])}{did_you_mean(entry['scenario'], known)}")
        elif key in seen:
            reader.report(("expectations", index, "scenario"), f"{entry['scenario']} is expected twice (also at line {seen[key]})")
        elif example is not None and rows is not None and example not in [_row(dict(row)) for row in rows]:
            reader.report(("expectations", index, "example"),
                          f"{entry['scenario']} has no row with these values; its rows: "
                          + "; ".join(", ".join(f"{column}: {value}" for column, value in row) for row in rows[:6])
                          + (f"; … ({len(rows)} rows)" if len(rows) > 6 else "") if rows else f"{entry['scenario']} is not a Scenario Outline: leave example out")
        if entry.get("ruleset") is not None and entry["ruleset"] not in playable:
            reader.report(("expectations", index, "ruleset"), f"{yaml_value(entry['ruleset'])} is not a rule set id"
                                                              f"{did_you_mean(entry['ruleset'], playable)}; an entry's ruleset "
                                                              f"is one of: {', '.join(playable)} (or leave it out)")
        place = reader.place(("expectations", index))
        seen.setdefault(key, place.line)
        entries.append(Expectation(entry["scenario"], entry.get("ruleset"), entry.get("outcome", ""), entry.get("reason", ""), place,
                                   example))
    if reader.problems:
        raise ExpectationsError(_in_file_order(reader.problems))
    return Expectations(path, document["engine"], document.get("ruleset"), tuple(entries))


def _rows_of(scenario: str) -> list[tuple[tuple[str, str], ...]] | None:
    """The example rows of the bundled scenario ``scenario``, each its ``(column, value)`` pairs in
    the table's order (``[]`` for a plain scenario), None when no bundled scenario has that id (a
    variant file's own)."""
    entry = next((found for found in bundled_scenarios() if scenario in found.ids), None)
    return None if entry is None else [values for _, values in entry.rows]


def _in_file_order(problems: list[Problem]) -> list[Problem]:
    """``problems`` sorted by their line and column, as a person reads the file."""
    return sorted(problems, key=lambda problem: (problem.place.line, problem.place.column))


def _playable(rulesets: Iterable[str]) -> list[str]:
    """The ids of the bundled rule sets a run can play (not an abstract common core)."""
    return [ruleset_id for ruleset_id in rulesets if not load_ruleset(ruleset_id).abstract]


def expectations_document(results: Iterable[Any], engine: str, ruleset: str | None) -> dict[str, Any]:
    """The expectations of a run as the file's document: every scenario whose outcome is not
    ``passed`` or ``not_applicable`` nor ``skipped`` (``FAILING`` ones and ``unsupported``, but not
    ``now_passes``), with the outcome it had. An ``expected_failure`` keeps its entry's outcome and
    reason; any other gets ``UNREVIEWED: <outcome> at <step>: <message's first line>``, followed by
    `` (likely cause: <key>, breaks <clauses>)`` when a departure from the reference was found. An entry
    names its rule set when the scenario ran under more than one (a row of an outline), and its row's
    ``example`` values when the scenario ran more than one row under that rule set.
    ``results``: ``ScenarioResult`` objects (``id``, ``ruleset``, ``outcome``, ``expected``,
    ``failing_step``, ``message``, ``cause``); those without an id are left out."""
    results = [result for result in results if result.id is not None]
    rulesets: dict[str, set[str | None]] = {}
    runs: dict[tuple[str, str | None], int] = {}  # how many runs (rows) a scenario had under one rule set
    for result in results:
        rulesets.setdefault(result.id, set()).add(result.ruleset)
        runs[(result.id, result.ruleset)] = runs.get((result.id, result.ruleset), 0) + 1
    entries = []
    for result in results:
        if result.outcome == EXPECTED_FAILURE:
            outcome, reason = result.expected["outcome"], result.expected["reason"]
        elif (result.outcome in FAILING and result.outcome != NOW_PASSES) or result.outcome == UNSUPPORTED:
            outcome, reason = result.outcome, _unreviewed(result)
        else:
            continue
        entry = {"scenario": result.id}
        if len(rulesets[result.id]) > 1 and result.ruleset is not None:
            entry["ruleset"] = result.ruleset
        if runs[(result.id, result.ruleset)] > 1 and getattr(result, "example", None):
            entry["example"] = dict(result.example)
        entry.update(outcome=outcome, reason=reason)
        entries.append(entry)
    document: dict[str, Any] = {"engine": engine}
    if ruleset is not None:
        document["ruleset"] = ruleset
    document["expectations"] = entries
    return document


def _unreviewed(result: Any) -> str:
    message = next((line.strip() for line in (result.message or "").splitlines() if line.strip()), "no message")
    if len(message) > QUOTED_MESSAGE:
        message = message[:QUOTED_MESSAGE - 1] + "…"
    step = re.sub(r"\s+", " ", result.failing_step) if result.failing_step else None
    cause = getattr(result, "cause", None)
    found = f" (likely cause: {cause['key']}{', breaks ' + ', '.join(cause['clauses']) if cause.get('clauses') else ''})" \
        if cause and cause.get("command") else ""  # a departure found, not only a step and its message
    return f"{UNREVIEWED}: {label(result.outcome)}{' at ' + step if step else ''}: {message}{found}"


HEADER = """\
# Known failures of {engine}, written by `truco conform --write-expectations` from a run
# ({count} scenario{s}). Use it with `truco conform --expectations {name}`: these outcomes are
# then reported as expected failures (with the reason) and do not fail the run; a scenario listed
# here that passes fails it, until its entry is removed.
# A reason that starts with {unreviewed} is the run's message, not a reason: replace it with one
# line saying why the engine does this (a bug, a reading of the regulation, a missing feature).
"""


def expectations_text(document: dict[str, Any], path: str | Path) -> str:
    """``document`` (``expectations_document``) as the YAML text of an expectations file to be
    written at ``path`` (named in its header comment, which says how to use and review it)."""
    count = len(document["expectations"])
    header = HEADER.format(engine=document["engine"], count=count, s="s" if count != 1 else "", name=shown(path),
                           unreviewed=UNREVIEWED)
    return header + yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=10_000, default_flow_style=False)


__all__ = ["EXPECTABLE", "Expectation", "Expectations", "ExpectationsError", "UNREVIEWED", "expectations_document",
           "expectations_text", "judge", "load_expectations"]
