"""`truco cases export`: every scenario as JSON data, valid against conformance/schema/cases.schema.json."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from truco_dsl.cli import main
from truco_dsl.conformance.suite.cases import SCHEMA_PATH, export_cases, step_names
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.runner import run_suite
from truco_dsl.conformance.suite.catalogue import bundled_scenarios
from truco_dsl.errors import NotSupported

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict:
    """A real export, through the command, read back from its file."""
    path = tmp_path_factory.mktemp("cases") / "cases.json"
    assert main(["cases", "export", "--output", str(path)]) == 0
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_export_is_valid_against_its_schema(exported):
    Draft202012Validator.check_schema(SCHEMA)
    problems = [f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
                for error in Draft202012Validator(SCHEMA).iter_errors(exported)]
    assert not problems, problems[:5]


def test_the_schema_names_every_form_of_the_vocabulary():
    in_schema = {form["properties"]["step"]["const"] for form in SCHEMA["$defs"]["form"]["oneOf"]}
    assert in_schema == set(step_names())


def test_every_scenario_is_a_case_and_each_outline_row_a_case_of_its_own(exported):
    scenarios = bundled_scenarios()
    outline_rows = [case for case in exported["cases"] if "example" in case]
    assert len(exported["cases"]) == len(scenarios) - len({case["id"] for case in outline_rows}) + len(outline_rows)
    assert {case["id"] for case in exported["cases"]} == {entry.ids[0] for entry in scenarios}


def test_a_known_scenario_is_exported_step_by_step(exported):
    case = next(case for case in exported["cases"] if case["id"] == "empate-016")
    assert case["feature"] == "atb-2004/empate.feature" and case["clauses"] == ["ATB-EMPATE-1a", "ATB-EMPATE-1b"]
    assert (case["ruleset"], case["players"]) == ("atb-2004", 2)
    entry = next(entry for entry in bundled_scenarios() if entry.ids == ["empate-016"])
    assert case["line"] == entry.line
    forms = [form for step in case["steps"] for form in step["forms"]]
    assert forms == [
        {"step": "game", "ruleset": "atb-2004", "players": 2},
        {"step": "seat_deals", "seat": 0},
        {"step": "deal", "vira": "4s", "hands": [["3c", "2c", "Kd"], ["3h", "2h", "Ks"]]},
        {"step": "act", "seat": 1, "action": "truco"},
        {"step": "act", "seat": 0, "action": "truco"},
        {"step": "act", "seat": 1, "action": "accept"},
        {"step": "worth", "stake": 6},
        *({"step": "act", "seat": seat, "action": f"play:{card}"}
          for seat, card in ((1, "3h"), (0, "3c"), (1, "2h"), (0, "2c"), (1, "Ks"), (0, "Kd"))),
        {"step": "hand_over"},
        {"step": "score_is", "first": 6, "second": 0},
    ]
    phases = [(step["keyword"], step["phase"]) for step in case["steps"]]
    assert phases[0] == ("given", "setup") and ("when", "action") in phases and phases[-1] == ("then", "expectation")
    assert case["steps"][0]["line"] == entry.line + 1


def test_an_outline_row_has_its_placeholders_filled_and_its_row(exported):
    rows = [case for case in exported["cases"] if case["id"] == "desacordos-001"]
    assert [case["example"]["ruleset"] for case in rows] == ["atb-2004", "fpt-1983", "enecomp"]
    atb = rows[0]
    assert atb["ruleset"] == "atb-2004" and atb["steps"][-1]["forms"] == [{"step": "refused_with_reason", "reason": "covered_in_first_vaza"}]
    assert len({case["line"] for case in rows}) == 3


def test_one_rule_set_keeps_its_folder_and_the_desacordos_rows_that_play_it():
    cases = export_cases("fpt-1983")["cases"]
    assert cases and all(case["feature"].startswith("fpt-1983/") or
                         (case["feature"].startswith("desacordos/") and case["ruleset"] == "fpt-1983") for case in cases)
    assert any(case["feature"].startswith("desacordos/") for case in cases)


@pytest.mark.parametrize("arguments, message", [
    (["--ruleset", "no-such-rules"], "unknown rule set 'no-such-rules'"),
    (["--output", "/no/such/directory/cases.json"], "cannot write to /no/such/directory/cases.json: /no does not exist"),
])
def test_bad_input_is_a_message_and_exit_code_2(capsys, arguments, message):
    assert main(["cases", "export", *arguments]) == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error and len(error.strip().splitlines()) == 1


def test_each_case_states_its_set_up_with_the_defaults_filled_in(exported):
    cases = {case["id"]: case for case in exported["cases"] if "example" not in case}
    assert cases["empate-016"]["setup"] == {"dealer": 0, "scores": [0, 0], "games_won": [0, 0], "target": 12}  # seat 0 deals
    assert cases["truco-017"]["setup"] == {"dealer": 1, "scores": [0, 0], "games_won": [0, 0], "target": 12}  # the last seat
    assert cases["tempo-020"]["setup"] == {"dealer": 1, "scores": [5, 7], "games_won": [2, 1], "target": 12}
    enecomp = next(case for case in exported["cases"] if case["ruleset"] == "enecomp" and case["players"] == 4)
    assert enecomp["setup"]["dealer"] == 3 and enecomp["setup"]["target"] == 12
    fpt = next(case for case in exported["cases"] if case["ruleset"] == "fpt-1983")
    from truco_dsl.rules import load_ruleset
    assert fpt["setup"]["target"] == load_ruleset("fpt-1983").target


class _Bare(ReferenceAdapter):
    """The reference engine without any optional capability, refusing as a program's adapter does."""

    features = frozenset()

    def next_hand(self, hands, vira):
        raise NotSupported("not supported: no 'next_hand' capability")

    def state(self, seat=None):
        if seat is not None:
            raise NotSupported("not supported: no 'views' capability")
        return super().state()

    def act(self, seat, action):
        if action.startswith("infraction:"):
            raise NotSupported("not supported: no 'infractions' capability")
        return super().act(seat, action)


def test_the_capabilities_a_case_needs_are_those_without_which_it_is_unsupported(exported):
    """Run every scenario on an engine with no optional capability: exactly the cases that list a
    need are unsupported, each for a capability it lists."""
    needs = {case["id"]: set(case["needs"]) for case in exported["cases"]}
    assert {"next_hand", "views", "infractions"} <= set().union(*needs.values())
    results = run_suite(adapter_factory=_Bare)
    unsupported = {result.id: result.message for result in results if result.outcome == "unsupported"}
    assert set(unsupported) == {case_id for case_id, needed in needs.items() if needed}
    for case_id, message in unsupported.items():
        assert any(f"'{capability}'" in message for capability in needs[case_id]), (case_id, message)
    assert all(result.outcome == "passed" for result in results if not needs[result.id])
