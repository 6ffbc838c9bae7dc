"""The run as one HTML page (``truco conform --html PATH``).

One self-contained file: inline CSS, no JavaScript, no external URL, readable in any browser and
printable. At the top, the engine, the selection and the count of every outcome, then what needs a
person's attention (scenarios now passing against their expectation, the likely causes of the
failures largest first (``causes.groups``), the failing ones with their steps, the failing one
marked, their cause and message, the expected failures with their reasons, the unsupported ones grouped by
why). Then, for each regulation the run touched (spec/sources/*.md), each of its clauses in source
order with its id, section, place in the source, text and notes, and the scenarios that check it
with this engine's outcome for each. Everything taken from the run or the sources is escaped
(jinja2's autoescape).
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Mapping

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from truco_dsl.conformance.engines.transcript import showable
from truco_dsl.conformance.report.causes import charged, groups
from truco_dsl.diagnostics import first_line
from truco_dsl.conformance.report.outcomes import (EXPECTED_FAILURE, FAILING, NOT_APPLICABLE, NOW_PASSES, OUTCOMES, PASSED,
                                            SKIPPED, UNSUPPORTED, label, summary_line)
from truco_dsl.rules.sources import SourceClause, load_sources, regulation_titles

TEMPLATE = "report.html.j2"
TEMPLATES = Path(__file__).with_name("templates")

#: the CSS class of each outcome's colour: good, bad, known (an expected failure), aside (not played)
TONE = {PASSED: "good", EXPECTED_FAILURE: "known", UNSUPPORTED: "aside", NOT_APPLICABLE: "aside", SKIPPED: "aside",
        **{outcome: "bad" for outcome in FAILING}}


def _environment() -> Environment:
    environment = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True, undefined=StrictUndefined,
                              trim_blocks=True, lstrip_blocks=True)
    environment.filters["label"] = label
    environment.filters["tone"] = lambda outcome: TONE.get(outcome, "aside")
    # the id of a failing scenario's block, which its rows in the clause tables link to
    environment.filters["anchor"] = lambda result: "scenario-" + re.sub(r"[^A-Za-z0-9]+", "-", f"{result.id}-{result.ruleset}")
    environment.filters["first_line"] = first_line
    return environment


def render_html(results: Iterable[Any], engine: str, ruleset: str | None = None, tags: str | None = None,
                expectations: str | None = None, generated: datetime | None = None,
                house: Mapping[str, SourceClause] | None = None) -> str:
    """The HTML page of a run.

    ``results``: ``ScenarioResult`` objects (plugin.py), in run order; ``engine``: the engine's
    name; ``ruleset`` / ``tags``: the run's selection (None: all); ``expectations``: the
    expectations file applied (None: none); ``generated``: the time shown (default: now, UTC);
    ``house``: the house rules of the rule set played (``RuleSet.house``), shown after the
    regulations, each file as one more source.
    Returns the whole document as text. Raises ``jinja2.TemplateError`` only for a broken template.
    """
    results = list(results)
    house = dict(house or {})
    sources = {**load_sources(), **house}
    titles = {**regulation_titles(), **{clause.source: f"House rules ({Path(clause.file).name})" for clause in house.values()}}
    by_clause: dict[str, list[Any]] = {}
    for result in results:
        for clause in result.clauses:
            by_clause.setdefault(clause, []).append(result)
    touched = {sources[clause].source for clause in by_clause if clause in sources}
    regulations = []
    for regulation, title in titles.items():
        if regulation not in touched:
            continue
        clauses = [clause for clause in sources.values() if clause.source == regulation]
        played = {id(result): result for clause in clauses for result in by_clause.get(clause.id, [])}
        tallies = Counter(result.outcome for result in played.values())
        regulations.append({
            "id": regulation, "title": title, "total": len(clauses),
            "clauses": [{"source": clause, "results": by_clause[clause.id], "tone": _clause_tone(clause.id, by_clause[clause.id])}
                        for clause in clauses if clause.id in by_clause],
            "unchecked": [clause for clause in clauses if clause.id not in by_clause],
            "tallies": [(outcome, tallies[outcome]) for outcome in OUTCOMES if tallies[outcome]],
        })
    unknown = sorted(clause for clause in by_clause if clause not in sources)
    counts = Counter(result.outcome for result in results)
    unsupported: dict[str, list[Any]] = {}
    for result in results:
        if result.outcome == UNSUPPORTED:
            unsupported.setdefault((first_line(result.message) or "no reason given").removeprefix("not supported: "), []).append(result)
    return showable(_environment().get_template(TEMPLATE).render(
        engine=engine, ruleset=ruleset, tags=tags, expectations=expectations,
        generated=(generated or datetime.now(timezone.utc)).strftime("%Y-%m-%d %H:%M UTC"),
        total=len(results), counts=[(outcome, counts[outcome]) for outcome in OUTCOMES if counts[outcome]],
        summary=summary_line(result.outcome for result in results),
        verdict="passes" if not any(result.outcome in FAILING for result in results) else "fails",
        now_passing=[result for result in results if result.outcome == NOW_PASSES],
        causes=groups(results),
        failing=[result for result in results if result.outcome in FAILING and result.outcome != NOW_PASSES],
        expected=[result for result in results if result.outcome == EXPECTED_FAILURE],
        unsupported=sorted(unsupported.items()),
        regulations=regulations,
        unknown=[(clause, by_clause[clause]) for clause in unknown],
        unclaused=[result for result in results if not result.clauses],
    ))  # an engine's words may hold control characters (ANSI colours): written out


def _clause_tone(clause: str, results: list[Any]) -> str:
    """Clause ``clause``'s colour, given its scenarios' ``results``: bad if any fails the run at or
    after its check (one that failed before it is charged only to the clauses its cause breaks,
    ``causes.charged``), known if any is an expected failure, good if any passed, aside otherwise
    (none played, or no scenario)."""
    outcomes = {result.outcome for result in results if clause in charged(result)}
    if outcomes & set(FAILING):
        return "bad"
    if EXPECTED_FAILURE in outcomes:
        return "known"
    return "good" if PASSED in outcomes else "aside"

