"""``plugin.memoize_step_lookup``: the memo finds, for every step of the bundled features, the step
definition pytest-bdd's own lookup finds for it in that scenario, and the suite gives the same
verdicts, failures included, with the memo as without it.

The memo keeps pytest-bdd's answer by the step's type and text, for a run. pytest-bdd's own lookup
(``find_fixturedefs_for_step``, kept as the memo's ``__wrapped__``) asks again at every step.
``plugin.parse_features_once``: pytest-bdd builds from the Gherkin document the suite's binding
parsed the same features as from its own parse, every bundled feature file.
"""

from __future__ import annotations

import importlib

import pytest

from truco_dsl.conformance.mutate import manilha_suits
from truco_dsl.conformance.runner import run_suite
from truco_dsl.conformance.suite.cases import export_cases
from truco_dsl.rules import load_ruleset

pytest_bdd_scenario = importlib.import_module("pytest_bdd.scenario")


def _memo():
    """The memo, installed by a first run of the suite in this process."""
    run_suite(tags="@id:baralho-001", causes=False)
    memo = pytest_bdd_scenario.find_fixturedefs_for_step
    assert memo.memoized and memo.__wrapped__.__module__ == "pytest_bdd.scenario"
    return memo


def test_the_memo_finds_for_every_step_the_definition_pytest_bdd_finds(monkeypatch):
    memo = _memo()
    own = memo.__wrapped__
    lookups: dict[tuple[str, str], list[tuple[list, list]]] = {}

    def both(step, fixturemanager, node):
        kept = list(memo(step, fixturemanager, node))
        lookups.setdefault((step.type, step.name), []).append(
            ([fixturedef.func for fixturedef in kept], [fixturedef.func for fixturedef in own(step, fixturemanager, node)]))
        return kept

    both.memoized = True  # so that the run keeps this one in place (its memo still kept for the run)
    monkeypatch.setattr(pytest_bdd_scenario, "find_fixturedefs_for_step", both)
    results = run_suite(causes=False)
    assert results and all(result.outcome in ("passed", "not_applicable") for result in results)

    every_step = {(step["keyword"], step["text"]) for case in export_cases()["cases"] for step in case["steps"]}
    assert every_step <= lookups.keys(), sorted(every_step - lookups.keys())[:5]
    differ = [(key, kept, found) for key, pairs in lookups.items() for kept, found in pairs if kept != found or len(found) != 1]
    assert differ == []
    assert sum(len(pairs) - 1 for pairs in lookups.values()) > len(lookups)  # the memo answered most lookups


def test_the_suite_gives_the_same_verdicts_without_the_memo(monkeypatch):
    memo = _memo()
    ruleset = load_ruleset("atb-2004")
    mutant = {"atb-2004": manilha_suits(*"sdhc", why="ouros and espadas swapped").mutant(ruleset).ruleset}

    def verdicts():
        return [(result.id, result.row_line, result.ruleset, result.outcome, result.failing_step, result.message)
                for result in run_suite(rulesets=mutant, causes=False)]

    memoized = verdicts()

    def unmemoized(step, fixturemanager, node):
        return memo.__wrapped__(step, fixturemanager, node)

    unmemoized.memoized = True  # pytest-bdd's own lookup at every step
    monkeypatch.setattr(pytest_bdd_scenario, "find_fixturedefs_for_step", unmemoized)
    assert verdicts() == memoized
    assert any(outcome == "failed" for _, _, _, outcome, _, _ in memoized)


def _shape(feature) -> tuple:
    """What pytest-bdd binds of a feature: its name, tags, background and every scenario's name,
    line, tags, steps (type, keyword, text, line, data table, doc string) and example rows."""
    def steps(found):
        return [(step.type, step.keyword, step.name, step.line_number, step.indent,
                 None if step.datatable is None else [[cell.value for cell in row.cells] for row in step.datatable.rows],
                 step.docstring) for step in found]

    background = None if feature.background is None else steps(feature.background.steps)
    return (feature.name, sorted(feature.tags), feature.line_number, feature.description, background,
            [(name, template.line_number, sorted(template.tags), steps(template._steps), template.templated,
              [(examples.line_number, examples.name, examples.example_params, examples.examples) for examples in template.examples])
             for name, template in feature.scenarios.items()])


def test_features_built_from_the_shared_parse_are_those_pytest_bdd_builds(tmp_path):
    from truco_dsl.bundled import FEATURES_DIR

    pytest_bdd_parser = importlib.import_module("pytest_bdd.parser")
    run_suite(tags="@id:baralho-001", causes=False)  # installs the shared parse
    shared = pytest_bdd_parser.get_gherkin_document
    assert shared.shared and shared.__wrapped__.__module__ == "pytest_bdd.gherkin_parser"
    paths = sorted(FEATURES_DIR.rglob("*.feature"))
    assert len(paths) > 30
    for path in paths:
        with_shared = pytest_bdd_parser.FeatureParser(str(path.parent), path.name).parse()
        pytest_bdd_parser.get_gherkin_document = shared.__wrapped__
        try:
            own = pytest_bdd_parser.FeatureParser(str(path.parent), path.name).parse()
        finally:
            pytest_bdd_parser.get_gherkin_document = shared
        assert _shape(with_shared) == _shape(own), path
    broken = tmp_path / "broken.feature"
    broken.write_text("this is no Gherkin\nFeature: x\n", encoding="utf-8")
    with pytest.raises(Exception) as refused:  # pytest-bdd's own error for a file that does not parse
        pytest_bdd_parser.FeatureParser(str(tmp_path), broken.name).parse()
    assert type(refused.value).__module__.startswith("pytest_bdd")
