"""The proof that a rule set plays (truco_dsl.engine.proof): broken-but-loading variants are refused
with the clause, its file:line, the seed and the actions; every bundled rule set proves."""

from __future__ import annotations

from pathlib import Path

import pytest

from truco_dsl.engine import proof
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


def test_a_parameter_the_variant_changed_is_blamed_not_the_inherited_clause_it_breaks(tmp_path):
    path = tmp_path / "casa.yaml"
    path.write_text("ruleset: casa\nextends: atb-2004\ntitle: casa\nstakes: {ladder: [1, 2, 4, 8]}\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    problem = refused.value.problems[0]
    assert Path(problem.place.file).name == "casa.yaml" and (problem.place.line, problem.place.column) == (4, 18)
    assert problem.message.startswith("its stakes.ladder makes the game fail: clause ATB-MAO-DE-11-3 (the clause that set it): "
                                      "the stake is 3, not a step of stakes.ladder (1, 2, 4, 8)"), problem.message
    assert "the failure shows at spec/rulesets/atb-2004.yaml:" in refused.value.replay  # the mão de onze's set_stake(3)
    assert "with atb-2004's stakes.ladder ([1, 3, 6, 9, 12]), the same seeded game plays to its end" in refused.value.replay


def test_an_override_that_breaks_an_inherited_clause_is_blamed_at_its_own_line(tmp_path):
    path = tmp_path / "casa.yaml"  # ATB-EMPATE-3 no longer ends a hand whose third vaza ties
    path.write_text("ruleset: casa\nextends: atb-2004\ntitle: casa\nclauses:\n  - id: ATB-EMPATE-3\n    cite: Jogada empatada na 3ª vaza\n"
                    "    on: play\n    when: action.covered and trick.number == 3\n    then: forbid(\"card_not_in_hand\")\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    problem = refused.value.problems[0]
    assert Path(problem.place.file).name == "casa.yaml" and problem.place.line == 9
    assert problem.message.startswith("its override of ATB-EMPATE-3 makes the game fail: "), problem.message
    assert "with atb-2004's ATB-EMPATE-3 instead" in refused.value.replay


def test_a_drop_that_breaks_the_game_is_blamed_at_the_drop(tmp_path):
    path = tmp_path / "casa.yaml"
    path.write_text("ruleset: casa\nextends: atb-2004\ntitle: casa\ndrop: [ATB-NORMAS-11, ATB-EMPATE-3]\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    problem = refused.value.problems[0]
    assert (Path(problem.place.file).name, problem.place.line) == ("casa.yaml", 4)
    assert problem.line_text[problem.place.column - 1:].startswith("ATB-EMPATE-3")
    assert problem.message.startswith("dropping ATB-EMPATE-3 makes the game fail"), problem.message
    assert "with ATB-EMPATE-3 kept" in refused.value.replay


def test_when_no_single_undoing_lets_the_game_play_the_one_that_takes_it_furthest_is_blamed(tmp_path):
    path = tmp_path / "casa.yaml"  # no clause at all decides a hand after its vazas
    dropped = [clause.id for clause in load_ruleset("atb-2004").clauses if clause.hook == "after_trick"]
    path.write_text("ruleset: casa\nextends: atb-2004\ntitle: casa\ndrop: [" + ", ".join(dropped) + "]\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    problem = refused.value.problems[0]
    assert problem.place.line == 4 and problem.message.startswith("dropping ")
    assert "kept, the same seeded game gets past this point" in refused.value.replay
    assert "and then fails too: " in refused.value.replay


def test_a_game_no_clause_can_win_is_refused_though_infractions_could_end_the_match(tmp_path):
    path = tmp_path / "casa.yaml"
    path.write_text("ruleset: casa\nextends: atb-2004\ntitle: casa\ndrop: [ATB-ESTRUTURA-1]\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    assert "the game passed 100 hands without a winner" in refused.value.problems[0].message


def test_every_player_count_plays_a_game_from_one_point_short_of_the_target_for_every_team(tmp_path):
    """11 a 11 is played at every player count, so a rule for it that breaks the game is found."""
    path = _variant(tmp_path, "set_stake(7)", on="deal", when="all_teams_at(11)")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    assert "the stake is 7, not a step of stakes.ladder" in refused.value.problems[0].message
    ruleset = load_ruleset("atb-2004")
    starts = {(game.players, tuple(game.scores)) for game in proof.games(ruleset)}
    assert all((players, (11, 11)) in starts for players in ruleset.players)


def test_an_award_computed_past_the_largest_target_is_refused_at_its_clause(tmp_path):
    path = _variant(tmp_path, "award(team, hand.stake * 1000)", on="raise", when="true")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    assert "award() was given 1000, not a number of points, 0 to 100" in refused.value.problems[0].message


def test_of_several_drops_that_break_the_game_the_one_that_breaks_it_first_is_blamed(tmp_path):
    path = tmp_path / "semvez.yaml"
    path.write_text("ruleset: semvez\ntitle: sem vez\nextends: atb-2004\n"
                    "drop: [ATB-JOGO-LIVRE-1, ATB-EMPATE-2.lead, ATB-EMPATE-1.lead]\n", encoding="utf-8")
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(path)
    problem = refused.value.problems[0]
    assert (problem.place.line, problem.place.column) == (4, 8)  # drop[0], not the file's first line
    assert problem.message.startswith("dropping ATB-JOGO-LIVRE-1 makes the game fail: rule set semvez: no clause chose who leads vaza 1")
    assert "with ATB-JOGO-LIVRE-1 kept, the same seeded game gets past this point" in refused.value.replay
    assert "no clause chose who leads vaza 2" in refused.value.replay
    assert "the last clause that fired" not in refused.value.replay  # no clause is to blame for a rule none gives


@pytest.mark.parametrize("on, then, said", [
    ("trick_end", "win_hand(0); win_hand(1)", "win_hand(1): the hand was already won by team 0; a hand is won once"),
    ("hand_end", "set_target(1)", "set_target(1): team "),
    ("hand_end", "reset_scores()", "reset_scores(): the game is already won by team "),  # a won game put back to 0 a 0
    ("deal", "mao_de_onze(0); mao_de_onze(1)", "mao_de_onze(1): the hand is a mão de onze already; a hand is one once"),
    ("play", "mao_de_onze(none)", "a card of the hand has been played; a hand is a mão de onze from its deal"),
])
def test_a_clause_that_makes_nonsense_of_the_score_is_refused(on, then, said, tmp_path):
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(_variant(tmp_path, then, on=on, when="true"))
    assert said in refused.value.problems[0].message


@pytest.mark.parametrize("then, said", [
    ("win_game(0); win_game(1)", "win_game(1): the game is already won by team 0; a game has one winner"),
    ("award(team, 100); award(opponents(team), 100)", "award(): the game is already won by team "),
])
def test_a_game_is_won_once_and_its_score_is_final(then, said, tmp_path):
    with pytest.raises(RulesetNotPlayable) as refused:
        load_playable(_variant(tmp_path, then, on="infraction", when='infraction == "warning"'))
    assert said in refused.value.problems[0].message  # found though the random player may never report a warning
    assert "infraction:warning" in refused.value.replay
