"""The proof that a rule set plays (truco_dsl.engine.proof): broken-but-loading variants are refused
with the clause, its file:line, the seed and the actions; every bundled rule set proves."""

from __future__ import annotations

from pathlib import Path

import pytest

from truco_dsl.engine.proof import load_playable, prove
from truco_dsl.errors import RulesetNotPlayable
from truco_dsl.rules import available_rulesets, load_ruleset


def _variant(tmp_path: Path, then: str, on: str = "respond", when: str = 'response == "accept"') -> Path:
    path = tmp_path / "casa.yaml"
    path.write_text(f"ruleset: casa\nextends: atb-2004\ntitle: casa\nclauses:\n  - id: ATB-TRUCO-1\n    cite: truco\n"
                    f"    on: {on}\n    when: '{when}'\n    then: {then}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_every_bundled_rule_set_proves(ruleset_id):
    ruleset = load_ruleset(ruleset_id)
    assert prove(ruleset) == (0 if ruleset.abstract else 4 * len(ruleset.players))


def test_a_stake_off_the_ladder_is_refused_at_the_clause_that_set_it(tmp_path):
    path = _variant(tmp_path, "set_stake(raise.to + 1)")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    problem = refused.value.problems[0]
    assert "ATB-TRUCO-1" in problem.message and "not a step of stakes.ladder" in problem.message
    assert Path(problem.place.file).name == "casa.yaml" and problem.place.line == 9
    assert "seed=" in refused.value.replay and "truco" in refused.value.replay


def test_a_division_by_a_seat_that_can_be_0_is_refused_with_its_then_line(tmp_path):
    path = _variant(tmp_path, "award(team, actor / actor)", on="raise", when="true")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    problem = refused.value.problems[0]
    assert "ATB-TRUCO-1" in problem.message and "division by zero" in problem.message
    assert Path(problem.place.file).name == "casa.yaml" and problem.place.line == 9
    assert problem.line_text.strip().startswith("then:") and problem.line_text[problem.place.column - 1] == "/"
    assert "players=" in refused.value.replay


def test_a_negative_award_is_refused(tmp_path):
    path = _variant(tmp_path, "award(team, 0 - raise.to)")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    assert "award()" in refused.value.problems[0].message and refused.value.problems[0].place.line == 9


def test_a_hand_no_clause_decides_is_refused(tmp_path):
    path = tmp_path / "casa.yaml"
    ruleset = load_ruleset("atb-2004")
    dropped = [clause.id for clause in ruleset.clauses if clause.hook == "after_trick"]
    path.write_text("ruleset: casa\nextends: atb-2004\ntitle: casa\ndrop: [" + ", ".join(dropped) + "]\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    assert "seed=" in refused.value.replay


def test_a_guard_that_refuses_every_card_is_named_as_the_cause_of_the_stall(tmp_path):
    path = _variant(tmp_path, 'forbid("raised_last")', on="play", when="true")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    problem = refused.value.problems[0]
    assert problem.message.startswith("clause ATB-TRUCO-1 (the clause that refuses the cards of the seat to play): "
                                      "no seat has a legal action"), problem.message
    assert Path(problem.place.file).name == "casa.yaml" and problem.place.line == 9


def test_an_inherited_clause_blamed_names_the_variant_that_changed_what_it_inherits(tmp_path):
    path = tmp_path / "casa.yaml"
    path.write_text("ruleset: casa\nextends: atb-2004\ntitle: casa\nstakes: {ladder: [1, 2, 4, 8]}\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    assert Path(refused.value.problems[0].place.file).name == "atb-2004.yaml"  # the mão de onze's set_stake(3)
    assert "that clause is inherited from" in refused.value.replay and "casa.yaml changes what it inherits" in refused.value.replay


def test_a_game_no_clause_can_win_is_refused_though_infractions_could_end_the_match(tmp_path):
    path = tmp_path / "casa.yaml"
    path.write_text("ruleset: casa\nextends: atb-2004\ntitle: casa\ndrop: [ATB-ESTRUTURA-1]\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    assert "the game passed 100 hands without a winner" in refused.value.problems[0].message
