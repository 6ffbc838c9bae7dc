"""Readings (``hello``'s ``readings``, conformance/PROTOCOL.md): refused when they name no ambiguous
clause, applied only to the tables of the rule sets whose regulation the clause belongs to, and
every step whose expectation depends on a reading tagged with that clause.

Lint: a step ``the score is A to B`` asserting a score above the rule set's target depends on the
reading that scores are not capped (ATB-ESTRUTURA-1, ENE-PONTUACAO-3, FPT-TERMINOLOGIA-RAIO, each
marked ambiguous in spec/sources); its scenario carries the tag of that clause for the rule set
of the table (of each Examples row, in an outline).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from truco_dsl.bundled import SOURCES_DIR
from truco_dsl.cli import main
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.runner import run_suite
from truco_dsl.conformance.suite.catalogue import feature_scenarios, parsed_scenarios
from truco_dsl.conformance.suite.readings import ambiguous_clauses, check_readings, other_reading
from truco_dsl.errors import EngineStartError
from truco_dsl.rules import load_ruleset, load_sources
from truco_dsl.rules.features import parsed_feature

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features"

# the clause of each regulation whose reading "a score is not capped at the target" a score above it depends on
NOT_CAPPED = {"atb-2004": "ATB-ESTRUTURA-1", "enecomp": "ENE-PONTUACAO-3", "fpt-1983": "FPT-TERMINOLOGIA-RAIO"}


def test_not_capped_clauses_are_the_ambiguous_ones_of_their_regulations():
    sources = load_sources(SOURCES_DIR)
    for regulation, clause_id in NOT_CAPPED.items():
        clause = sources[clause_id]
        assert clause.source == regulation and clause.ambiguous is not None and "capped" in clause.ambiguous


# ---------------------------------------------------------------------------------------- lint
_GAME = re.compile(r'a game of "([^"]+)" for')
_SCORE = re.compile(r"the score is (\S+) to (\S+)")


def _scenarios(path: Path):
    """(line, tags, steps [(line, keyword, text)], rows [(line, {column: value})]) of each scenario of
    a feature file: its tags and example rows as the catalogue reads them, its steps from the
    Gherkin document."""
    steps = {scenario["location"]["line"]: [(step["location"]["line"], step["keyword"].strip(), step["text"])
                                            for step in scenario["steps"]]
             for scenario, _ in parsed_scenarios(parsed_feature(path.read_text(encoding="utf-8")))}
    return [(entry.line, entry.tags, steps[entry.line], [(line, dict(values)) for line, values in entry.rows])
            for entry in feature_scenarios(path, path.parent)]


def _filled(text: str, row: dict[str, str]) -> str:
    for column, value in row.items():
        text = text.replace(f"<{column}>", value)
    return text


def _untagged_scores(path: Path) -> list[str]:
    """``file:line`` of each Then-step (or its And) asserting a score above the target without the
    tag of the not-capped reading of its table's regulation."""
    wrong = []
    for _, tags, steps, rows in _scenarios(path):
        clauses = {tag[len("@clause:"):] for tag in tags if tag.startswith("@clause:")}
        for row_line, row in rows or [(None, {})]:
            keyword = None
            ruleset = None
            for line, word, text in steps:
                keyword = word if word not in ("And", "But") else keyword
                text = _filled(text, row)
                game = _GAME.search(text)
                if game:
                    ruleset = load_ruleset(game.group(1))
                score = _SCORE.search(text)
                if keyword != "Then" or score is None or ruleset is None:
                    continue
                first, second = (int(value) if value.isdigit() else 0 for value in score.groups())
                if max(first, second) > ruleset.target:
                    needed = {NOT_CAPPED[regulation] for regulation in ruleset.lineage if regulation in NOT_CAPPED}
                    if not needed & clauses:
                        wrong.append(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{row_line or line}: the score {first} to {second} "
                                     f"under {ruleset.id} needs @clause:{' or @clause:'.join(sorted(needed))}")
    return wrong


def test_every_score_above_the_target_carries_the_not_capped_clause():
    wrong = [place for path in sorted(FEATURES.rglob("*.feature")) for place in _untagged_scores(path)]
    assert not wrong, "\n".join(wrong)


def test_the_lint_finds_an_untagged_score(tmp_path):
    feature = tmp_path / "x.feature"
    feature.write_text('Feature: x\n  @id:x-001 @clause:ATB-TRUCO-1\n  Scenario Outline: s\n'
                       '    Given a game of "<ruleset>" for 4 players\n    Then the score is <score>\n\n'
                       '    Examples:\n      | ruleset  | score   |\n      | atb-2004 | 19 to 3 |\n'
                       '      | enecomp  | 12 to 3 |\n', encoding="utf-8")
    wrong = _untagged_scores(feature)
    assert len(wrong) == 1 and ":9:" in wrong[0] and "ATB-ESTRUTURA-1" in wrong[0]


# ---------------------------------------------------------------------------------------- refusal
def test_a_reading_of_a_clause_not_ambiguous_or_unknown_is_refused_with_the_list():
    with pytest.raises(EngineStartError) as caught:
        check_readings("mine", {"ATB-EMPATE-1a": "rule_file", "ATB-NORMAS-11": "x", "ATB-ESTRUTURA-9": "y"})
    message = str(caught.value)
    assert "'mine'" in message and "ATB-NORMAS-11 is not marked ambiguous" in message
    assert "ATB-ESTRUTURA-9 is no clause" in message and "(did you mean ATB-ESTRUTURA-1?)" in message
    assert all(clause in message for clause in ambiguous_clauses())
    check_readings("mine", {"ATB-EMPATE-1a": "rule_file", "ENE-PONTUACAO-3": "capped at 12"})  # raises nothing
    with pytest.raises(EngineStartError, match="not clause id -> reading .list.*ATB-ESTRUTURA-1"):
        check_readings("mine", ["ATB-ESTRUTURA-1"])


class _ReadsAtb(ReferenceAdapter):
    """The reference engine, reading two ATB clauses its own way."""
    readings = {"ATB-ESTRUTURA-1": "a score is capped at 12", "ATB-MAO-DE-ONZE-3": "the caller's score goes down by 3"}


class _ReadsNothing(ReferenceAdapter):
    readings = {"ATB-NORMAS-11": "mine", "ATB-EMPATE-1z": "mine"}


def test_conform_refuses_a_python_engine_with_bad_readings(capsys):
    code = main(["conform", "--engine", f"python:{__name__}:_ReadsNothing", "--tags", "@id:desacordos-001"])
    err = capsys.readouterr().err
    assert code == 2 and "ATB-NORMAS-11 is not marked ambiguous" in err and "ATB-EMPATE-1z is no clause" in err
    assert "ATB-ESTRUTURA-1" in err and "Traceback" not in err


def test_conform_refuses_a_program_with_bad_readings(capsys, tmp_path):
    engine = tmp_path / "engine.py"
    engine.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    request = json.loads(line)\n"
        "    reply = {'seq': request['seq'], 'ok': True, 'name': 'liar', 'version': '1', 'protocol': 1,\n"
        "             'rulesets': [{'id': 'atb-2004', 'players': [2, 4]}], 'features': [],\n"
        "             'readings': {'ATB-TRUCO-1': 'mine'}}\n"
        "    print(json.dumps(reply), flush=True)\n"
        "    if request.get('command') != 'hello': break\n", encoding="utf-8")
    code = main(["conform", "--engine", f"{sys.executable} {engine}", "--tags", "@id:desacordos-001"])
    err = capsys.readouterr().err
    assert code == 2 and "'liar 1'" in err and "ATB-TRUCO-1 is not marked ambiguous" in err


# ---------------------------------------------------------------------------------------- application
def test_other_reading_counts_only_for_the_clause_regulation():
    readings = {"ATB-ESTRUTURA-1": "capped"}
    assert other_reading(readings, ["ATB-ESTRUTURA-1", "ENE-PONTUACAO-3"], "atb-2004") == ("ATB-ESTRUTURA-1", "capped")
    assert other_reading(readings, ["ATB-ESTRUTURA-1", "ENE-PONTUACAO-3"], "enecomp") is None
    assert other_reading(readings, ["ATB-ESTRUTURA-1"], "fpt-1983") is None
    assert other_reading({"ATB-ESTRUTURA-1": "rule_file"}, ["ATB-ESTRUTURA-1"], "atb-2004") is None


def _outcomes(results):
    return {(result.id, result.ruleset, result.line, result.row_line): result.outcome for result in results}


def test_a_reading_of_atb_makes_atb_tables_unsupported_and_leaves_the_others(tmp_path):
    tags = "@clause:ATB-ESTRUTURA-1 or @clause:ENE-PONTUACAO-3 or @clause:FPT-TERMINOLOGIA-RAIO or @id:desacordos-002"
    plain = run_suite(tags=tags)
    read = run_suite(tags=tags, adapter_factory=_ReadsAtb)
    assert plain and all(result.outcome == "passed" for result in plain)
    assert _outcomes(plain).keys() == _outcomes(read).keys()  # rule set and row line kept
    unsupported = [result for result in read if result.outcome == "unsupported"]
    assert unsupported and all(result.ruleset == "atb-2004" and set(_ReadsAtb.readings) & set(result.clauses)
                                and result.line is not None for result in unsupported)
    others = [result for result in read if result.ruleset != "atb-2004"]
    assert others and all(result.outcome == "passed" for result in others)
    rows = {result.ruleset: (result.row_line, result.outcome, result.example) for result in read if result.id == "desacordos-002"}
    # each row keeps its rule set, its values and its own line in the feature file (the record's line is the outline's)
    lines = (ROOT / "features" / "desacordos" / "desacordos.feature").read_text(encoding="utf-8").splitlines()
    assert rows.keys() == {"atb-2004", "fpt-1983", "enecomp"}
    for ruleset, (row_line, _, example) in rows.items():
        assert example["ruleset"] == ruleset and lines[row_line - 1].strip().startswith(f"| {ruleset}")
    assert rows["atb-2004"][1] == "unsupported" and rows["fpt-1983"][1] == rows["enecomp"][1] == "passed"


class _ReadsAsTheRuleFiles(ReferenceAdapter):
    readings = {clause_id: "rule_file" for clause_id in ambiguous_clauses()}


def test_every_reading_rule_file_is_the_plain_run():
    tags = "@clause:ATB-ESTRUTURA-1 or @clause:ATB-EMPATE-1a or @clause:ENE-PONTUACAO-3"
    assert _outcomes(run_suite(tags=tags, adapter_factory=_ReadsAsTheRuleFiles)) == _outcomes(run_suite(tags=tags))


def test_the_json_record_of_a_row_unsupported_by_a_reading_keeps_its_rule_set_and_line(tmp_path, capsys):
    report_path = tmp_path / "r.json"
    code = main(["conform", "--engine", f"python:{__name__}:_ReadsAtb", "--tags", "@id:desacordos-002", "--json", str(report_path)])
    records = json.loads(report_path.read_text(encoding="utf-8"))
    schema = json.loads((ROOT / "conformance" / "schema" / "report.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator(schema).validate(records)
    rows = {record["ruleset"]: record for record in records}
    assert code == 0 and rows.keys() == {"atb-2004", "fpt-1983", "enecomp"}, capsys.readouterr().out
    unsupported = rows["atb-2004"]
    assert unsupported["outcome"] == "unsupported" and "ATB-MAO-DE-ONZE-3" in unsupported["message"]
    assert unsupported["line"] == rows["enecomp"]["line"] == 26 and unsupported["feature"] == "desacordos/desacordos.feature"
    assert rows["fpt-1983"]["outcome"] == rows["enecomp"]["outcome"] == "passed"
