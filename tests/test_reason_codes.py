"""Refusal reason codes as part of the protocol's contract (conformance/PROTOCOL.md "Reason codes").

The table in PROTOCOL.md and ``$defs.reason_code`` of protocol.schema.json are the registry of
``truco_dsl/conformance/reason_codes.py`` (the engine's own codes and the bundled rule files'
``reasons:``), checked here so they cannot drift; a refusal with a code neither lists nor the rule set
played declares is the engine's ``protocol_error``, through a program and in-process.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

from truco_dsl.bundled import CONFORMANCE_KIT_DIR
from truco_dsl.conformance.engines.adapter import Outcome, ReferenceAdapter
from truco_dsl.conformance.engines.inprocess import TimedAdapter
from truco_dsl.conformance.reason_codes import STRUCTURAL, codes_of, protocol_table, reason_codes, schema_definition, unknown_reason
from truco_dsl.conformance.runner import engine_factory, run_suite
from truco_dsl.lang.vocabulary import REASONS
from truco_dsl.rules import load_ruleset

FAULTY = Path(__file__).with_name("engines") / "faulty_engine.py"
#: truco-017 expects not_your_turn; truco-001 refuses nothing
SCENARIOS = "@id:truco-001 or @id:truco-017"


def _section() -> str:
    text = (CONFORMANCE_KIT_DIR / "PROTOCOL.md").read_text(encoding="utf-8")
    return re.search(r"^## Reason codes\n(.*?)^## ", text, re.S | re.M).group(1)


def test_protocol_md_and_the_schema_list_exactly_the_registry_s_codes():
    table = protocol_table()
    assert table in _section(), "PROTOCOL.md's 'Reason codes' table differs from the registry; it should read:\n" + table
    schema = json.loads((CONFORMANCE_KIT_DIR / "schema" / "protocol.schema.json").read_text(encoding="utf-8"))
    assert schema["$defs"]["reason_code"] == schema_definition(), \
        "protocol.schema.json's $defs.reason_code differs from the registry; it should be:\n" + json.dumps(schema_definition(), indent=2)


def test_the_registry_has_every_structural_code_and_every_bundled_rule_file_s():
    codes = {entry.code: entry for entry in reason_codes()}
    assert set(REASONS) <= set(codes)
    for ruleset in ("atb-2004", "fpt-1983", "enecomp", "jogo-livre"):
        assert set(load_ruleset(ruleset).reasons) <= set(codes), ruleset
    assert codes["not_your_turn"].given_by == (STRUCTURAL,) and "truco-017" in codes["not_your_turn"].scenarios
    assert codes["covered_in_first_vaza"].given_by == ("atb-2004",)
    assert codes["covered_in_first_vaza"].clauses == ("ATB-NORMAS-11",)
    assert codes["beyond_tento_limit"].given_by == ("fpt-1983",) and "fpt-empate-013" in codes["beyond_tento_limit"].scenarios
    assert codes["not_a_mao_de_ferro"].given_by == ("enecomp",)
    # declared once by the common core, inherited by atb-2004, fpt-1983 and enecomp
    assert codes["raised_last"].given_by == ("paulista",) and "ene-truco-006" in codes["raised_last"].scenarios
    assert set(codes["truco_in_mao_de_onze"].given_by) == {"atb-2004", "fpt-1983", "enecomp"}


def _variant(tmp_path: Path) -> str:
    """A variant of atb-2004 refusing a covered card in the first vaza with a code of its own."""
    path = tmp_path / "casa.yaml"
    path.write_text("ruleset: casa\ntitle: Casa\nextends: atb-2004\nclauses:\n  - id: ATB-NORMAS-11\n"
                    "    cite: Na primeira vaza não se pode encobrir cartas;\n    on: play\n"
                    "    when: action.covered and trick.number == 1\n    then: forbid(\"encoberta_na_casa\")\n"
                    "reasons:\n  encoberta_na_casa: in this house no card is covered in the first vaza\n", encoding="utf-8")
    return str(path)


def test_a_code_the_rule_set_played_declares_is_accepted_and_no_other_rule_set_s(tmp_path):
    casa = load_ruleset(_variant(tmp_path))
    known = codes_of(casa)
    for code in ("encoberta_na_casa", "covered_in_first_vaza", "not_your_turn", "raised_last"):  # its own, atb-2004's, paulista's
        assert unknown_reason(code, known) is None, code
    assert set(codes_of("fpt-1983")) == set(REASONS) | set(load_ruleset("fpt-1983").reasons)
    assert unknown_reason("beyond_tento_limit", known) == \
        "unknown reason code 'beyond_tento_limit' (PROTOCOL.md 'Reason codes'; a code of fpt-1983, not of the rule set played)"
    assert unknown_reason("covered_in_first_vaza", codes_of("enecomp")).endswith("a code of atb-2004, not of the rule set played)")
    assert unknown_reason("truco_in_mao_de_onze", codes_of("fpt-1983")) is None  # declared by all three
    assert unknown_reason("encoberta_na_casa", codes_of("atb-2004")) == \
        "unknown reason code 'encoberta_na_casa' (PROTOCOL.md 'Reason codes')"
    assert unknown_reason("not_yr_turn", codes_of("enecomp")) == \
        "unknown reason code 'not_yr_turn' (PROTOCOL.md 'Reason codes'; did you mean not_your_turn?)"
    assert unknown_reason("raised_lst", codes_of("fpt-1983")).endswith("did you mean raised_last?)")
    assert codes_of("no-such-rule-set") is None and unknown_reason("anything", None) is None


def test_every_code_a_bundled_scenario_expects_is_one_of_the_rule_set_it_plays():
    from truco_dsl.conformance.suite.cases import export_cases

    expected = {(case["ruleset"], form["reason"]) for case in export_cases()["cases"]
                for step in case["steps"] for form in step["forms"] if form["step"] == "refused_with_reason"}
    assert expected and [(ruleset, code) for ruleset, code in sorted(expected) if code not in codes_of(ruleset)] == []


def test_a_program_refusing_with_an_unknown_code_is_a_protocol_error_naming_the_code_and_the_request(tmp_path):
    command = shlex.join([sys.executable, str(FAULTY), "reason,reason", str(tmp_path / "games")])
    factory, engine = engine_factory(command, timeout=5.0)
    try:
        results = {result.id: result for result in run_suite(tags=SCENARIOS, adapter_factory=factory)}
    finally:
        engine.shutdown()
    assert results["truco-001"].outcome == "passed"
    bad = results["truco-017"]
    assert bad.outcome == "protocol_error", bad.message
    assert "unknown reason code 'not_yr_turn' (PROTOCOL.md 'Reason codes'; did you mean not_your_turn?)" in bad.message
    assert '"action":"truco"' in bad.message.replace(" ", "") and '"reason":"not_yr_turn"' in bad.message.replace(" ", "")
    assert "seat 1 tries to truco" in bad.failing_step


class _Mistyping(ReferenceAdapter):
    """The reference engine refusing with a mistyped code, as an in-process engine would."""

    def act(self, seat: int, action: str) -> Outcome:
        outcome = super().act(seat, action)
        return outcome if outcome.accepted else Outcome(False, reason=outcome.reason.replace("your", "yr"), detail=outcome.detail)


def test_an_in_process_engine_refusing_with_an_unknown_code_is_a_protocol_error():
    results = {result.id: result for result in run_suite(tags=SCENARIOS, adapter_factory=lambda: TimedAdapter(_Mistyping, 5.0))}
    assert results["truco-001"].outcome == "passed"
    assert results["truco-017"].outcome == "protocol_error"
    assert "act by seat 1 of 'truco' was refused with an unknown reason code 'not_yr_turn'" in results["truco-017"].message
