"""A rule file's own scenarios (``features:``) and the parent's scenarios translated for a variant
that turns no vira: what ``truco conform --ruleset FILE`` runs and says of them."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from truco_dsl.cli import main
from truco_dsl.cards import Card
from truco_dsl.conformance.engines.adapter import ReferenceAdapter
from truco_dsl.conformance.engines.translation import ViraTranslation
from truco_dsl.conformance.runner import run_suite
from truco_dsl.engine.records import Play
from truco_dsl.errors import NotTranslatable, SelectionError, SetupRefused
from truco_dsl.rules import load_ruleset

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "variants" / "jogo-de-24"

#: a scenario of the variant's own whose check is wrong (the mão de 23 is worth 4, not 3)
WRONG = """Feature: wrong
  @id:casa-wrong-001 @clause:JOGO24-2
  Scenario: The mão de 23 said to be worth 3
    Given a game of "{id}" for 2 players
    And the score is 23 to 10
    And the deal without vira:
      | seat | cards    |
      | 0    | 3c 2c Kh |
      | 1    | 5d 6d Qs |
    When seat 0 decides to play the mão de onze
    Then the hand is worth 3

  @id:casa-wrong-002 @clause:JOGO24-1
  Scenario: A deal with a vira in a game that turns none
    Given a game of "{id}" for 2 players
    And the deal: vira 5s
      | seat | cards    |
      | 0    | 3c 2c Kh |
      | 1    | 5d 6d Qs |
    Then the hand is worth 1
"""


def _copy_fixture(folder: Path) -> Path:
    for path in FIXTURE.iterdir():
        shutil.copy(path, folder / path.name)
    return folder / "jogo-de-24.yaml"


@pytest.fixture(scope="module")
def jogo_de_24():
    """The walk-through's variant run with its own scenarios, once for the module."""
    return run_suite(str(FIXTURE / "jogo-de-24.yaml"))


def test_the_variant_s_own_scenarios_run_beside_the_parent_s_and_play_the_variant(jogo_de_24):
    own = [result for result in jogo_de_24 if result.feature.endswith("jogo-de-24.feature")]
    assert sorted(result.id for result in own) == ["jogo24-001", "jogo24-002", "jogo24-003", "jogo24-004"]
    assert {(result.outcome, result.ruleset) for result in own} == {("passed", "jogo-de-24")}
    assert any(result.feature.startswith("atb-2004/") and result.outcome == "passed" for result in jogo_de_24)


def test_a_deal_with_a_vira_is_dealt_without_it_and_judged_while_every_vaza_ranks_as_with_it(jogo_de_24):
    by_id = {result.id: result for result in jogo_de_24}
    # the variant's truco is worth 2: the parent's scenario, dealt without its vira, shows the change
    assert by_id["truco-001"].outcome == "failed" and "worth 3, the engine has it worth 2" in by_id["truco-001"].message
    assert by_id["truco-001"].translated.startswith("dealt without its vira 4s: jogo-de-24 turns none")
    # and its target of 24: 12 points are no win
    assert by_id["estrutura-007"].outcome == "failed" and by_id["estrutura-007"].translated
    # a vaza whose cards rank otherwise without the vira ends the scenario, not applicable, with the pair
    manilhas = by_id["manilhas-001"]
    assert manilhas.outcome == "not_applicable" and manilhas.translated is None
    assert "dealing this scenario without its vira, and at When the seats play: 0:6d 1:3c" in manilhas.message
    assert "under atb-2004 with that vira 6d (seat 0) beats 3c (seat 1), under jogo-de-24 it loses to it" in manilhas.message


def test_manilha_velha_is_judged_by_the_translated_scenarios_too():
    results = run_suite("manilha-velha", tags="@id:truco-001 or @id:empate-001 or @id:manilhas-001 or @id:mao_de_onze-022")
    outcomes = {result.id: (result.outcome, bool(result.translated)) for result in results}
    assert outcomes == {"truco-001": ("passed", True), "empate-001": ("passed", True),
                        "manilhas-001": ("not_applicable", False), "mao_de_onze-022": ("not_applicable", False)}
    # in a mão de onze a side's shown cards are judged by every card dealt: so is the translation
    shown = next(result for result in results if result.id == "mao_de_onze-022")
    assert "(in the deal, which a side's shown cards are judged by)" in shown.message


def test_a_translation_names_the_first_pair_of_cards_that_ranks_otherwise():
    atb, velha = load_ruleset("atb-2004"), load_ruleset("manilha-velha")
    translation = ViraTranslation(atb, velha, [["6d", "5c", "Kh"], ["3c", "7d", "Qs"]], "5s")
    translation.check_vaza([Play(0, Card.parse("5c"), False), Play(1, Card.parse("Qs"), False)])  # 5 loses to Q either way
    translation.check_vaza([Play(0, Card.parse("6d"), False), Play(1, Card.parse("3c"), True)])  # a covered card ranks nothing
    with pytest.raises(NotTranslatable, match=r"with that vira 6d \(seat 0\) beats 3c \(seat 1\), under manilha-velha it loses to it"):
        translation.check_vaza([Play(0, Card.parse("6d"), False), Play(1, Card.parse("3c"), False)])
    with pytest.raises(NotTranslatable, match="in the deal"):
        translation.check_deal()
    # a seat's own cards never meet in a vaza: only other seats' cards are compared
    ViraTranslation(atb, velha, [["7h", "7c"], ["5d", "4d"]], "Qs").check_deal()  # 7h ties 7c, then beats it
    with pytest.raises(SetupRefused, match="cannot be dealt without its vira 1x"):
        ViraTranslation(atb, velha, [["7h"], ["5d"]], "1x")


def test_a_failing_own_scenario_is_a_failure_never_not_applicable(tmp_path):
    rule_file = _copy_fixture(tmp_path)
    (tmp_path / "jogo-de-24.feature").write_text(WRONG.format(id="jogo-de-24"), encoding="utf-8")
    results = [result for result in run_suite(str(rule_file)) if result.feature.endswith("jogo-de-24.feature")]
    outcomes = {result.id: result.outcome for result in results}
    assert outcomes == {"casa-wrong-001": "failed", "casa-wrong-002": "failed"}
    assert "worth 3" in next(result.message for result in results if result.id == "casa-wrong-001")


def test_a_variant_of_the_variant_runs_its_parent_s_own_scenarios_playing_itself(tmp_path):
    _copy_fixture(tmp_path)
    (tmp_path / "jogo-de-24b.yaml").write_text("ruleset: jogo-de-24b\ntitle: the same, under another name\n"
                                               "extends: jogo-de-24\n", encoding="utf-8")
    results = run_suite(str(tmp_path / "jogo-de-24b.yaml"), tags="@clause:JOGO24-2 or @clause:JOGO24-3")
    assert sorted((result.id, result.ruleset, result.outcome) for result in results) == [
        ("jogo24-003", "jogo-de-24b", "passed"), ("jogo24-004", "jogo-de-24b", "passed")]


def test_a_changed_copy_of_a_bundled_rule_set_is_what_its_scenarios_play(tmp_path):
    # a new edition of atb-2004 under review: its id is the bundled one's, its file is not
    source = Path(load_ruleset("atb-2004").file).read_text(encoding="utf-8")
    condition = "when: action.covered and trick.number == 1"
    assert condition in source
    (tmp_path / "atb-2004.yaml").write_text(source.replace(condition, "when: action.covered and trick.number <= 2"),
                                            encoding="utf-8")
    results = {result.id: result for result in run_suite(str(tmp_path / "atb-2004.yaml"), tags="@clause:ATB-NORMAS-11")}
    assert results["normas-003"].outcome == "failed"  # a covered card in the second vaza, now refused
    assert str(tmp_path / "atb-2004.yaml") in results["normas-003"].explain
    assert all(result.outcome == "passed" for result in run_suite("atb-2004", tags="@clause:ATB-NORMAS-11"))


def test_a_feature_file_that_does_not_parse_is_refused_at_features_with_its_line_in_words(tmp_path, capsys, monkeypatch):
    rule_file = _copy_fixture(tmp_path).name
    monkeypatch.chdir(tmp_path)
    (tmp_path / "jogo-de-24.feature").write_text('Feature: broken\n  Scenario: one\n    Given a game of "jogo-de-24" for 2 players\n'
                                                 '      | a | b |\n      | c |\n  Scenario two\n', encoding="utf-8")
    assert main(["validate", rule_file]) == 2
    said = capsys.readouterr().err
    assert "jogo-de-24.feature:5:7: inconsistent cell count within the table (named by features: at jogo-de-24.yaml:5)" in said
    assert "jogo-de-24.feature:6:3: expected the end of the file, a table row (| … |)" in said and "#TableRow" not in said
    (tmp_path / "jogo-de-24.feature").write_text("Feature: empty\n", encoding="utf-8")
    assert main(["validate", rule_file]) == 2
    assert "jogo-de-24.feature: the feature file holds no scenario" in capsys.readouterr().err


def test_tags_may_name_the_variant_s_own_scenarios_and_a_mistyped_one_is_refused(monkeypatch, capsys):
    monkeypatch.chdir(FIXTURE)
    assert main(["conform", "--ruleset", "jogo-de-24.yaml", "--tags", "@id:jogo24-003"]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["conform", "--ruleset", "jogo-de-24.yaml", "--tags", "@id:jogo24-030"]) == 2
    assert "no scenario has the tag @id:jogo24-030" in capsys.readouterr().err


def test_the_clause_table_quotes_the_house_rules_and_coverage_counts_the_own_scenarios(monkeypatch, capsys):
    monkeypatch.chdir(FIXTURE)
    main(["conform", "--ruleset", "jogo-de-24.yaml", "--tags", "@clause:JOGO24-3"])
    assert "Na mão de 23 não se truca" in capsys.readouterr().out
    assert main(["coverage", "--ruleset", "jogo-de-24.yaml"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("jogo-de-24"))
    assert row.split()[1:] == ["3", "3", "0", "0", "3", "0", "0"]


def _outcomes(path: Path) -> dict[tuple, tuple]:
    return {(record["id"], record["ruleset"], record["row_line"]): (record["outcome"], record["feature"])
            for record in json.loads(path.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("variant", ["baralho-limpo", "melhor-de-tres"])
def test_an_engine_is_asked_for_a_variant_by_its_id_and_judged_as_the_reference_engine_in_process(variant, tmp_path, capsys):
    """``--ruleset VARIANT --engine PROGRAM`` runs the parent's scenarios and the variant's own with the
    engine asked for the variant where they name the parent: the same outcomes as in-process."""
    serve = f"{shlex.quote(sys.executable)} -m truco_dsl.cli serve"
    assert main(["conform", "--ruleset", variant, "--json", str(tmp_path / "here.json")]) == 0
    here = capsys.readouterr().out.splitlines()[-1]
    assert main(["conform", "--ruleset", variant, "--engine", serve, "--json", str(tmp_path / "engine.json")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == here
    outcomes = _outcomes(tmp_path / "engine.json")
    assert outcomes == _outcomes(tmp_path / "here.json")
    passed = {key for key, (outcome, _) in outcomes.items() if outcome == "passed"}
    assert passed and {key[1] for key in passed} == {variant}
    if variant == "baralho-limpo":  # the parent's scenarios it can deal, and those of variantes.feature that name it
        assert {feature for outcome, feature in outcomes.values() if outcome == "passed"} >= {
            "atb-2004/estrutura.feature", "atb-2004/variantes.feature"}
        assert re.fullmatch(r"[1-9]\d* passed, 0 failed, \d+ not applicable", here), here


def test_an_engine_runs_a_rule_file_s_own_scenarios_asked_by_the_file_s_id(tmp_path, capsys):
    serve = f"{shlex.quote(sys.executable)} -m truco_dsl.cli serve --ruleset {shlex.quote(str(FIXTURE / 'jogo-de-24.yaml'))}"
    code = main(["conform", "--ruleset", str(FIXTURE / "jogo-de-24.yaml"), "--engine", serve, "--tags", "@clause:JOGO24-1",
                 "--json", str(tmp_path / "run.json")])
    assert code == 0, capsys.readouterr()
    records = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    own = [record for record in records if record["feature"].endswith("jogo-de-24.feature")]
    assert own and {(record["outcome"], record["ruleset"]) for record in own} == {("passed", "jogo-de-24")}


class _RefusesEveryForcedDeal(ReferenceAdapter):
    """The reference engine refusing every forced deal: an engine's fault, whatever the variant."""

    name = "refuses-deals"

    def new_game(self, ruleset, players, dealer, scores, hands, vira, seed, games_won=None):
        if hands is not None:
            raise SetupRefused("no forced deals here")
        return super().new_game(ruleset, players, dealer, scores, hands, vira, seed, games_won)


def test_a_deal_the_variant_can_make_and_the_engine_refuses_fails_and_one_it_cannot_make_is_not_applicable():
    # baralho-001 deals a vira Ks and low cards: melhor de três deals it, baralho limpo (no 4 5 6 7) cannot
    made = run_suite("melhor-de-tres", tags="@id:baralho-001", adapter_factory=_RefusesEveryForcedDeal)
    assert [(result.outcome, result.ruleset) for result in made] == [("failed", "melhor-de-tres")]  # the engine's fault
    assert "refuses-deals could not start the game" in made[0].message
    unmade = run_suite("baralho-limpo", tags="@id:baralho-001", adapter_factory=_RefusesEveryForcedDeal)
    assert [(result.outcome, result.ruleset) for result in unmade] == [("not_applicable", "baralho-limpo")]
    assert "the reference engine playing baralho-limpo" in unmade[0].message


def test_an_engine_that_does_not_offer_the_variant_checks_nothing_and_says_which_id_it_lacks(capsys):
    engine = f"{shlex.quote(sys.executable)} -m truco_dsl.cli serve --ruleset atb-2004"
    assert main(["conform", "--ruleset", "baralho-limpo", "--engine", engine, "--tags", "@id:estrutura-001"]) == 1
    captured = capsys.readouterr()
    assert "does not play 'baralho-limpo' with" in captured.out
    assert "nothing was checked" in captured.err


def test_an_own_scenario_for_a_game_the_run_cannot_play_fails_saying_why(tmp_path):
    rule_file = _copy_fixture(tmp_path)
    feature = tmp_path / "jogo-de-24.feature"
    text = feature.read_text(encoding="utf-8")
    text = text.replace('Given a game of "jogo-de-24" for 2 players', 'Given a game of "jogo-de-42" for 2 players', 1)
    feature.write_text(text.replace('Given a game of "jogo-de-24" for 2 players', 'Given a game of "jogo-de-24" for 3 players', 1),
                       encoding="utf-8")
    results = {result.id: result for result in run_suite(str(rule_file), tags="@clause:JOGO24-1")}
    assert results["jogo24-001"].outcome == "failed"
    assert "a game of 'jogo-de-42', which this run does not play (did you mean jogo-de-24?)" in results["jogo24-001"].message
    assert results["jogo24-002"].outcome == "failed"
    assert results["jogo24-002"].message == "the scenario asks for 3 players; jogo-de-24 is played by 2, 4, 6 (table.players)"


def test_own_scenarios_need_an_id_and_a_name_of_their_own_clause_tags_that_name_clauses_and_a_then(tmp_path, capsys,
                                                                                                     monkeypatch):
    rule_file = _copy_fixture(tmp_path).name
    monkeypatch.chdir(tmp_path)
    feature = tmp_path / "jogo-de-24.feature"
    text = feature.read_text(encoding="utf-8")
    text = text.replace("@id:jogo24-001 @clause:JOGO24-1", "@id:jogo24-001 @clause:JOGO24-33")
    text = text.replace("@id:jogo24-002 @clause:JOGO24-1", "@clause:JOGO24-1").replace("@id:jogo24-004", "@id:jogo24-003")
    text = text.replace("Scenario: At 23 a side has not won: the game goes to 24",
                        "Scenario: A truco raises the hand from 1 to 2, and a seis from 2 to 4")
    text += '\n  @id:jogo24-006 @clause:JOGO24-1\n  Scenario: Nothing checked\n    Given a game of "jogo-de-24" for 2 players\n'
    feature.write_text(text, encoding="utf-8")
    assert main(["validate", rule_file]) == 2
    said = capsys.readouterr().err
    assert "jogo-de-24.feature:6:3: scenario 'A truco raises the hand from 1 to 2, and a seis from 2 to 4': " \
           "@clause:JOGO24-33 names no clause of spec/sources nor of the house rules" in said
    assert "jogo-de-24.feature:21:3: scenario 'A truco raises the hand from 1 to 2, and a seis from 2 to 4': it has no @id: tag" in said
    assert "another scenario has this name (line 6): each needs a name of its own" in said
    assert "@id:jogo24-003 is the id of the scenario at line 33 too" in said
    assert "scenario 'Nothing checked': it checks nothing: it has no Then step" in said
    assert "jogo-de-24.yaml: 5 problems" in said


def test_an_own_scenario_with_a_bundled_scenario_s_id_is_an_error_of_the_run(tmp_path):
    rule_file = _copy_fixture(tmp_path)
    feature = tmp_path / "jogo-de-24.feature"
    feature.write_text(feature.read_text(encoding="utf-8").replace("@id:jogo24-001", "@id:truco-001"), encoding="utf-8")
    [result] = [result for result in run_suite(str(rule_file), tags="@clause:JOGO24-1")
                if result.feature.endswith("jogo-de-24.feature") and result.id == "truco-001"]
    assert result.outcome == "error" and "@id:truco-001 is a bundled scenario's id too" in result.message


def test_cases_export_of_the_variant_file_carries_its_own_scenarios_in_the_schema_s_shape(monkeypatch, capsys):
    import json

    import jsonschema

    from truco_dsl.bundled import SCHEMA_DIR
    monkeypatch.chdir(FIXTURE)
    assert main(["cases", "export", "--ruleset", "jogo-de-24.yaml"]) == 0
    exported = json.loads(capsys.readouterr().out)
    jsonschema.validate(exported, json.loads((SCHEMA_DIR / "cases.schema.json").read_text(encoding="utf-8")))
    own = [case for case in exported["cases"] if case["feature"] == "jogo-de-24.feature"]
    assert [case["id"] for case in own] == ["jogo24-001", "jogo24-002", "jogo24-003", "jogo24-004"]
    assert {case["ruleset"] for case in own} == {"jogo-de-24"}
    assert len(exported["cases"]) > len(own) + 180  # the parent's too


def test_a_feature_file_too_large_or_not_utf8_is_refused_at_load(tmp_path, capsys):
    rule_file = _copy_fixture(tmp_path)
    feature = tmp_path / "jogo-de-24.feature"
    feature.write_text("Feature: big\n" + "# a comment line of the same few words\n" * 30_000, encoding="utf-8")
    assert main(["validate", str(rule_file)]) == 2
    assert "jogo-de-24.feature is 1,170,013 bytes; a feature file may have at most 1,000,000" in capsys.readouterr().err
    feature.write_bytes(b"\xff\xfeFeature: x\n")
    assert main(["validate", str(rule_file)]) == 2
    assert "jogo-de-24.feature: the feature file is not UTF-8 text (byte 0xff at offset 0)" in capsys.readouterr().err



def test_an_own_scenario_outline_is_one_scenario_whose_rows_share_its_id(tmp_path):
    rule_file = _copy_fixture(tmp_path)
    feature = tmp_path / "jogo-de-24.feature"
    feature.write_text(feature.read_text(encoding="utf-8") + (
        "\n  @id:jogo24-005 @clause:JOGO24-1\n  Scenario Outline: A hand starts worth 1 at any score below 23\n"
        '    Given a game of "jogo-de-24" for 2 players\n    And the score is <a> to <b>\n'
        "    And a shuffled deal with seed 1\n    Then the hand is worth 1\n\n    Examples:\n"
        "      | a  | b  |\n      | 0  | 0  |\n      | 22 | 21 |\n"), encoding="utf-8")
    rows = run_suite(str(rule_file), tags="@id:jogo24-005")
    assert [(row.id, row.outcome) for row in rows] == [("jogo24-005", "passed"), ("jogo24-005", "passed")]


def test_a_variant_of_manilha_velha_is_played_where_a_scenario_names_manilha_velha(tmp_path):
    variant = tmp_path / "espadilha.yaml"  # the A of espadas above the 7 of copas: what variantes-002 checks
    variant.write_text("ruleset: espadilha\ntitle: espadilha\nextends: manilha-velha\ndeck:\n  manilha:\n"
                       "    cards: [7d, 7h, As, 4c]\n", encoding="utf-8")
    results = {result.id: result for result in run_suite(str(variant), tags="@id:variantes-002 or @id:variantes-008")}
    assert (results["variantes-002"].outcome, results["variantes-002"].ruleset) == ("failed", "espadilha")
    # a scenario about another variant of atb-2004 judges nothing of this one
    assert results["variantes-008"].outcome == "not_applicable"
    assert "it plays baralho-limpo, which espadilha neither is nor extends" in results["variantes-008"].message


def test_an_own_scenario_that_plays_another_rule_set_is_not_a_pass(tmp_path):
    rule_file = _copy_fixture(tmp_path)
    feature = tmp_path / "jogo-de-24.feature"
    feature.write_text(feature.read_text(encoding="utf-8") + (
        '\n  @id:jogo24-007 @clause:JOGO24-1\n  Scenario: Another rule set\n'
        '    Given a game of "fpt-1983" for 2 players\n    And a shuffled deal with seed 1\n    Then the hand is worth 1\n'),
        encoding="utf-8")
    [result] = run_suite(str(rule_file), tags="@id:jogo24-007")
    assert result.outcome == "failed"
    assert result.message.startswith("the scenario plays fpt-1983, which jogo-de-24 neither is nor extends")
    # also when its deal fails on the way: the why is the rule set it plays, not the deal (in a folder of
    # its own: pytest-bdd keeps a feature file it has read once, by its path, for the process)
    (tmp_path / "again").mkdir()
    rule_file = _copy_fixture(tmp_path / "again")
    feature.replace(tmp_path / "again" / "jogo-de-24.feature")
    feature = tmp_path / "again" / "jogo-de-24.feature"
    feature.write_text(feature.read_text(encoding="utf-8").replace(
        'Given a game of "fpt-1983" for 2 players\n    And a shuffled deal with seed 1',
        'Given a game of "baralho-limpo" for 2 players\n    And the deal: vira 3s\n      | seat | cards    |\n'
        '      | 0    | 5d 2c Kh |\n      | 1    | 3c 2d Qs |'), encoding="utf-8")
    [result] = run_suite(str(rule_file), tags="@id:jogo24-007")
    assert result.outcome == "failed" and result.message.startswith("the scenario plays baralho-limpo, which jogo-de-24")


def test_validate_given_a_feature_file_says_it_is_one(capsys):
    assert main(["validate", str(FIXTURE / "jogo-de-24.feature"), str(FIXTURE / "jogo-de-24.yaml")]) == 2
    captured = capsys.readouterr()
    assert ("jogo-de-24.feature:1:1: this holds scenarios (a feature file), not a rule file: a rule file (YAML) names it "
            "under features:") in captured.err
    assert "jogo-de-24.yaml: ok" in captured.out  # the other file still checked


