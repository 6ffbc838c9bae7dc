"""Coherence warnings (truco_dsl.rules.coherence): a variant that loads and plays but may not play
as its author meant is warned at the inherited literal, cite or dropped entry, with a stable code
and a hint; `truco validate --strict` makes the warnings errors. The bundled rule sets give none."""

from __future__ import annotations

from pathlib import Path

import pytest

from truco_dsl.bundled import RULESETS_DIR
from truco_dsl.cli import main
from truco_dsl.rules import available_rulesets, load_ruleset

VARIANTS = Path(__file__).parent / "fixtures" / "variants"


def _place_of(text: str, file: str = "atb-2004.yaml", after: str = "") -> tuple[int, int]:
    """The (line, column) where ``text`` first appears in a bundled rule file (after ``after``)."""
    lines = (RULESETS_DIR / file).read_text(encoding="utf-8").splitlines()
    start = next(number for number, line in enumerate(lines) if after in line) if after else 0
    for number, line in enumerate(lines[start:], start + 1):
        if text in line:
            return number, line.index(text) + 1
    raise AssertionError(f"{text} not in {file}")


def _variant(tmp_path: Path, body: str, name: str = "casa", extends: str = "atb-2004") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"ruleset: {name}\ntitle: {name}\nextends: {extends}\n{body}", encoding="utf-8")
    return path


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_the_bundled_rule_sets_give_no_warning(ruleset_id):
    assert load_ruleset(ruleset_id).warnings == ()


def test_games_to_24_raising_1_2_4_8_under_manilha_velha_are_warned_where_they_go_wrong():
    warnings = load_ruleset(VARIANTS / "casa24.yaml").warnings
    where = {(Path(w.problem.place.file).name, w.problem.place.line, w.problem.place.column): w for w in warnings}
    threshold = where[("casa24.yaml", 7, 11)]  # its game.target
    assert threshold.code == "follows-target"
    assert threshold.problem.message == ("this rule set plays to 24, but game.mao_de_onze_at stays 11, one point short of "
                                         "manilha-velha's target (12): ATB-MAO-DE-11-1, ATB-MAO-DE-11-1.both play the "
                                         "mão de onze at 11")
    assert threshold.hint == "set game.mao_de_onze_at: 23 under game: (or keep 11 and note why)"
    stake = where[("atb-2004.yaml", *_place_of("3)", after="id: ATB-MAO-DE-11-3"))]
    assert stake.code == "off-ladder" and "(set_stake) is a step of manilha-velha's ladder, not of this rule set's (1, 2, 4, 8)" in stake.problem.message
    target_cite = where[("paulista.yaml", *_place_of("ganha o jogo", "paulista.yaml", after="- id: ATB-ESTRUTURA-1"))]
    assert target_cite.code == "cite-changed-value" and '"12 pontos", manilha-velha\'s game.target' in target_cite.problem.message
    assert {w.code for w in warnings} == {"follows-target", "off-ladder", "cite-changed-value"}


def test_the_variant_fixed_as_the_hints_say_plays_its_mao_de_23_for_4_points(capsys):
    from truco_dsl.engine import Engine
    fixed = load_ruleset(VARIANTS / "casa24b.yaml")
    assert {w.code for w in fixed.warnings} == {"cite-changed-value"}  # the inherited quotes of 12 and 3 points remain
    assert main(["validate", str(VARIANTS / "casa24b.yaml")]) == 0
    assert "casa24b.yaml: ok — rule set casa24b" in capsys.readouterr().out
    engine = Engine(fixed, players=2, dealer=1, scores=[23, 20])
    engine.deal([["Qd", "4c", "5c"], ["6c", "7h", "Kc"]], None)
    assert engine.hand.mao_de_onze and engine.hand.mao_de_onze_team == 0 and engine.hand.stake == 4
    engine = Engine(fixed, players=2, dealer=1, scores=[11, 0])
    engine.deal([["Qd", "4c", "5c"], ["6c", "7h", "Kc"]], None)
    assert not engine.hand.mao_de_onze and engine.hand.stake == 1


def test_strict_makes_warnings_errors_and_without_it_they_are_printed_with_exit_0(tmp_path, capsys):
    path = _variant(tmp_path, "game:\n  target: 24\n")  # the mão de onze still at 11, now mid-game: it plays
    assert main(["validate", str(path)]) == 0
    captured = capsys.readouterr()
    assert "warning [follows-target]: this rule set plays to 24, but game.mao_de_onze_at stays 11" in captured.err
    assert "    hint: set game.mao_de_onze_at: 23 under game: (or keep 11 and note why)" in captured.err
    assert captured.out.startswith(f"{path}: ok") and "warnings" in captured.out
    assert main(["validate", "--strict", str(path)]) == 2
    captured = capsys.readouterr()
    assert "warnings (errors under --strict)" in captured.err and "ok" not in captured.out


def test_a_dropped_clause_others_read_the_flag_of_is_warned_at_the_drop(tmp_path):
    path = _variant(tmp_path, "drop: [ATB-TEMPO-e]\n")
    warnings = load_ruleset(path).warnings
    dropped = [w for w in warnings if w.code == "dropped-dependency"]
    assert len(dropped) == 1 and (dropped[0].problem.place.line, dropped[0].problem.place.column) == (4, 8)
    assert dropped[0].problem.message == ('dropping ATB-TEMPO-e leaves ATB-TEMPO-e.sem-truco, ATB-TEMPO-e.once reading '
                                          'game_flag("time_limit"), which only ATB-TEMPO-e set')
    never = {w.problem.message.split(" reads ")[0] for w in warnings if w.code == "never-fires"}
    assert never == {"inherited clause ATB-TEMPO-e.sem-truco", "inherited clause ATB-TEMPO-e.once"}


def test_a_dropped_clause_that_alone_answered_a_fold_is_warned_at_the_drop(tmp_path):
    path = _variant(tmp_path, "drop: [ATB-TRUCO-2.fold, ATB-DECISOES-1]\n")
    unanswered = [w for w in load_ruleset(path).warnings if w.code == "unanswered"]
    assert [(w.problem.place.line, w.problem.place.column) for w in unanswered] == [(4, 8), (4, 26)]
    assert unanswered[0].problem.message == ('dropping ATB-TRUCO-2.fold leaves no clause at respond answering '
                                             'response == "fold": that answer now changes nothing')
    assert 'decision == "fold"' in unanswered[1].problem.message
    kept = _variant(tmp_path, "drop: [ATB-TRUCO-2.fold]\nclauses:\n  - id: ATB-TRUCO-2.fold\n"
                              "    cite: pode fugir, interrompendo a rodada\n    on: respond\n    when: response == \"fold\"\n"
                              "    then: award(raise.team, 1); end_hand()\n", name="casa2")
    assert not [w for w in load_ruleset(kept).warnings if w.code == "unanswered"]  # another clause answers it


def test_an_inherited_clause_answering_an_infraction_no_longer_listed_never_fires(tmp_path):
    kinds = [kind for kind in load_ruleset("atb-2004").infractions if kind != "talking"]
    path = _variant(tmp_path, "referee:\n  infractions: [" + ", ".join(kinds) + "]\n")
    never = [w for w in load_ruleset(path).warnings if w.code == "never-fires"]
    assert never and all('answers the infraction "talking"' in w.problem.message for w in never)
    assert all(Path(w.problem.place.file).name == "atb-2004.yaml" for w in never)


def test_a_clause_disabled_with_when_false_and_a_ladder_above_the_target_are_warned(tmp_path):
    path = _variant(tmp_path, "game:\n  target: 10\nclauses:\n  - id: ATB-NORMAS-11\n"
                              "    cite: Na primeira vaza não se pode encobrir cartas;\n    on: play\n    when: false\n"
                              '    then: forbid("covered_in_first_vaza")\n')
    by_code = {w.code: w for w in load_ruleset(path).warnings}
    assert by_code["never-fires"].problem.message == "clause ATB-NORMAS-11's when: is always false: it never fires"
    assert by_code["never-fires"].problem.place.line == 10
    assert by_code["ladder-above-target"].problem.message.startswith("the ladder's top, 12 points, is more than the game's target, 10")
    assert by_code["ladder-above-target"].problem.place.line == 5  # game.target, the key the file set


def test_the_mao_de_onze_score_is_one_parameter_a_variant_moves_in_one_line(tmp_path):
    from truco_dsl.engine import Engine
    path = _variant(tmp_path, "game:\n  target: 15\n  mao_de_onze_at: 14\n", extends="enecomp")
    ruleset = load_ruleset(path)
    assert ruleset.mao_de_onze_at == 14 and "follows-target" not in {w.code for w in ruleset.warnings}
    engine = Engine(ruleset, players=4, dealer=3, scores=[14, 3])
    engine.deal(None, None)
    assert engine.hand.mao_de_onze and engine.hand.mao_de_onze_team == 0
    engine = Engine(ruleset, players=4, dealer=3, scores=[11, 3])
    engine.deal(None, None)
    assert not engine.hand.mao_de_onze


def test_a_mao_de_onze_score_at_the_target_never_fires_and_a_clause_reading_an_unset_one_is_refused(tmp_path, capsys):
    by_code = {w.code: w for w in load_ruleset(_variant(tmp_path, "game:\n  target: 11\n")).warnings}
    assert by_code["never-fires"].problem.message.startswith(
        "game.mao_de_onze_at is 11 points, not below game.target (11): a side that reaches it has won the game, so "
        "ATB-MAO-DE-11-1, ATB-MAO-DE-11-1.both never fire")
    assert by_code["never-fires"].problem.place.line == 5
    alone = tmp_path / "solo.yaml"
    text = (RULESETS_DIR / "paulista.yaml").read_text(encoding="utf-8").replace("ruleset: paulista", "ruleset: solo")
    text = text.replace("abstract: true\n", "") + (
        "  - id: ATB-MAO-DE-11-1\n    cite: atinge 11 pontos na partida\n    on: deal\n"
        "    when: sole_team_at(game.mao_de_onze_at) != none\n    then: mao_de_onze(sole_team_at(game.mao_de_onze_at))\n")
    alone.write_text(text, encoding="utf-8")
    assert main(["validate", str(alone)]) == 2
    assert ("clause ATB-MAO-DE-11-1 reads game.mao_de_onze_at, which this rule set does not set: give it under game: "
            "(mao_de_onze_at: <points>)") in capsys.readouterr().err


def test_an_inherited_parameter_cite_of_a_changed_value_is_warned_where_it_is_written(tmp_path):
    warnings = load_ruleset(_variant(tmp_path, "game:\n  target: 15\n", extends="enecomp")).warnings
    cite = next(w for w in warnings if w.code == "cite-changed-value" and "ENE-PONTUACAO-3" in w.problem.message)
    assert Path(cite.problem.place.file).name == "enecomp.yaml"
    assert cite.problem.place.line == _place_of("ENE-PONTUACAO-3: Cada", "enecomp.yaml")[0]
    assert '"12 pontos", enecomp\'s game.target, which this rule set changes (12 → 15)' in cite.problem.message
    # a group the variant leaves alone is not warned for a number it quotes (the table's "pedir Seis")
    ladder = load_ruleset(_variant(tmp_path, "stakes:\n  ladder: [1, 2, 4, 8, 12]\n", name="casa2")).warnings
    assert not any(w.problem.place.path.startswith("table.") for w in ladder)
