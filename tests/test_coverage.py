"""Traceability: every clause id a rule file or a scenario names exists in spec/sources, and
`truco coverage` counts what is encoded, informative, ambiguous and covered."""

from __future__ import annotations

import json

from truco_dsl.cli import main
from truco_dsl.conformance.coverage import coverage, encoded_ids
from truco_dsl.conformance.suite.catalogue import bundled_scenarios
from truco_dsl.rules import available_rulesets, load_ruleset, load_sources


def test_every_id_a_rule_file_encodes_exists_in_spec_sources():
    sources = load_sources()
    for ruleset_id in available_rulesets():
        missing = encoded_ids(load_ruleset(ruleset_id)) - set(sources)
        assert not missing, f"{ruleset_id} names clause ids that spec/sources does not have: {sorted(missing)}"


def test_every_clause_is_encoded_or_informative():
    for report in coverage():
        assert not report.unclassified, (
            f"{report.regulation}: clauses neither encoded by a rule file nor marked informative: {report.unclassified}")


def test_every_encoded_clause_has_a_scenario():
    for report in coverage():
        assert not report.encoded_without_scenario, (
            f"{report.regulation}: encoded clauses no scenario checks: {report.encoded_without_scenario}")


def test_the_counts_add_up_and_follow_the_sources():
    sources = load_sources()
    reports = {report.regulation: report for report in coverage()}
    assert set(reports) == {clause.source for clause in sources.values()}
    for report in reports.values():
        assert len(report.clauses) == sum(1 for clause in sources.values() if clause.source == report.regulation)
        assert set(report.informative) == {i for i in report.clauses if sources[i].informative}
        assert set(report.unclassified) == set(report.clauses) - set(report.encoded) - set(report.informative)
    tagged = {clause for entry in bundled_scenarios() for clause in entry.clauses}
    assert set(reports["atb-2004"].covered) == {i for i in reports["atb-2004"].clauses if i in tagged}


def test_coverage_of_one_rule_set_counts_only_what_it_encodes():
    [report] = coverage("manilha-velha")
    assert report.regulation == "atb-2004"
    assert "ATB-MANILHA-VELHA-1" in report.encoded
    assert "ATB-VARIANTES-2" not in report.encoded  # baralho limpo's clause, not manilha velha's


def test_truco_coverage_json(capsys):
    code = main(["coverage", "--json"])
    reports = json.loads(capsys.readouterr().out)
    by_name = {report["regulation"]: report for report in reports}
    assert by_name["atb-2004"]["counts"]["encoded_without_scenario"] == 0
    assert all(report["counts"]["unclassified"] == 0 for report in reports)
    assert code == 0


def test_coverage_of_each_regulation_rule_set_is_its_own_regulation_and_complete(capsys):
    for ruleset_id in ("atb-2004", "fpt-1983", "enecomp"):
        [report] = coverage(ruleset_id)
        assert report.regulation == ruleset_id
        assert not report.encoded_without_scenario, (ruleset_id, report.encoded_without_scenario)
        assert main(["coverage", "--ruleset", ruleset_id]) == 0
    # atb-2004 alone leaves the variants' clauses to them: listed, not a failure
    assert "ATB-MANILHA-VELHA-1" in coverage("atb-2004")[0].unclassified
    assert "not encoded by this rule set, nor informative: " in capsys.readouterr().out
