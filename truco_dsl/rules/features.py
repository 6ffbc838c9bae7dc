"""The feature files a rule file names (``features:``): whether each can be read and parsed, each
problem at its ``file:line:col`` in a person's words (Gherkin's own speak of tokens translated).

The loader refuses a rule file whose feature files have problems (``loader._own_features``), so a
variant that validates carries scenarios the suite can bind; the suite reports a file that broke
since with the same words (``conformance.suite.scenarios``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from truco_dsl.diagnostics import Place, Problem, did_you_mean, read_regular

#: Gherkin's token names, in a drafter's words
_TOKENS = {"#EOF": "the end of the file", "#TableRow": "a table row (| … |)", "#DocStringSeparator": 'a """ block',
           "#StepLine": "a step (Given, When, Then, And)", "#TagLine": "a tag (@…)", "#ExamplesLine": "Examples:",
           "#ScenarioLine": "Scenario:", "#RuleLine": "Rule:", "#FeatureLine": "Feature:",
           "#BackgroundLine": "Background:", "#Language": "a # language: line", "#Other": "a description"}


def _phrase(message: str) -> str:
    """A Gherkin parser message without its ``(line:col):`` and with its tokens in words."""
    message = re.sub(r"^\(\d+:\d+\):\s*", "", message)
    expected = re.match(r"expected: (.*), got (.*)$", message)
    if not expected:
        return message
    words = [_TOKENS.get(token.strip(), token.strip()) for token in expected.group(1).split(",")
             if token.strip() not in ("#Comment", "#Empty")]
    got = expected.group(2).strip()
    return f"expected {', '.join(dict.fromkeys(words))}; found {got}"


@lru_cache(maxsize=128)
def parsed_feature(text: str) -> dict:
    """The Gherkin document of a feature file's ``text`` (the parser pytest-bdd uses), kept for the
    next caller of the same text: binding the suite reads each file for its problems and for its
    scenarios. Callers must not change it. Raises the parser's ``CompositeParserException`` when
    ``text`` does not parse."""
    from gherkin.parser import Parser
    from gherkin.token_scanner import TokenScanner

    return Parser().parse(TokenScanner(text))


def feature_problems(path: str | Path, clause_ids: Iterable[str] | None = None) -> list[Problem]:
    """What keeps the feature file at ``path`` from being bound as scenarios: it cannot be read
    (``diagnostics.read_regular``: not a regular file, larger than the limit), it is not UTF-8, it
    does not parse (each of the parser's errors, at its line and column), it holds no scenario, or
    a scenario of it lacks what every scenario has: a name of its own in the file, one ``@id:`` of
    its own, ``@clause:`` tags naming ids of ``clause_ids`` (the regulations' and the house rules';
    None: not checked), a ``Then`` step. Returns the problems, in the file's order; empty when it is
    fine. Raises nothing."""
    file = str(path)
    try:
        data = read_regular(path)
    except OSError as problem:
        return [Problem.of_file(file, f"the feature file cannot be read: {problem.strerror or problem}")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as problem:
        return [Problem.of_file(file, f"the feature file is not UTF-8 text (byte 0x{data[problem.start]:02x} at offset "
                                      f"{problem.start})")]
    lines = text.splitlines()
    try:
        document = parsed_feature(text)
    except Exception as failure:  # noqa: BLE001 - the parser's CompositeParserException and its kin
        found = []
        for error in getattr(failure, "errors", None) or [failure]:
            location = getattr(error, "location", None) or {}
            line, column = location.get("line") or 1, location.get("column") or 1
            shown_line = lines[line - 1] if 0 < line <= len(lines) else ""
            found.append(Problem(Place(file, line, column), _phrase(str(error)), shown_line))
        return sorted(found, key=lambda problem: (problem.place.line, problem.place.column))
    feature = document.get("feature") or {}
    children = feature.get("children", [])
    scenarios = [child for child in children if "scenario" in child] + [
        grandchild for child in children for grandchild in (child.get("rule") or {}).get("children", []) if "scenario" in grandchild]
    if not scenarios:
        return [Problem.of_file(file, "the feature file holds no scenario (Feature: and at least one Scenario:)")]
    known = None if clause_ids is None else set(clause_ids)
    feature_tags = [tag["name"] for tag in feature.get("tags", [])]
    found, names, ids = [], {}, {}
    for child in scenarios:
        scenario = child["scenario"]
        line, column = scenario["location"]["line"], scenario["location"]["column"]
        shown_line = lines[line - 1] if 0 < line <= len(lines) else ""

        def problem(message: str) -> None:
            found.append(Problem(Place(file, line, column), f"scenario {scenario['name']!r}: {message}", shown_line))

        if scenario["name"] in names:
            problem(f"another scenario has this name (line {names[scenario['name']]}): each needs a name of its own")
        names.setdefault(scenario["name"], line)
        tags = feature_tags + [tag["name"] for tag in scenario.get("tags", [])]
        own_ids = [tag[len("@id:"):] for tag in tags if tag.startswith("@id:")]
        if len(own_ids) != 1:
            problem("it has no @id: tag" if not own_ids else f"it has {len(own_ids)} @id: tags; a scenario has one")
        elif own_ids[0] in ids:
            problem(f"@id:{own_ids[0]} is the id of the scenario at line {ids[own_ids[0]]} too")
        else:
            ids[own_ids[0]] = line
        clauses = [tag[len("@clause:"):] for tag in tags if tag.startswith("@clause:")]
        if not clauses:
            problem("it has no @clause: tag naming the clause it checks")
        for clause in clauses if known is not None else ():
            if clause.partition(".")[0] not in known:
                problem(f"@clause:{clause} names no clause of spec/sources nor of the house rules{did_you_mean(clause, known)}")
        if not any(step.get("keyword", "").strip() == "Then" for step in scenario.get("steps", [])):
            problem("it checks nothing: it has no Then step")
    return found
