"""`truco mutate`: it judges mutants, reports the score and the survivors, and refuses bad input.

The kill requirement itself (every mutant that changes play killed) is tests/test_clause_power.py's;
here two real mutants are judged (one killed, one equivalent) and the report of a survivor is
checked with a judge that lets everything survive.
"""

from __future__ import annotations

import json

import pytest

from truco_dsl.cli import main
from truco_dsl.conformance import mutate


def test_a_killed_and_an_equivalent_mutant_are_reported_with_the_score(tmp_path, capsys):
    report = tmp_path / "mutants.json"
    code = main(["mutate", "--ruleset", "enecomp", "--mutant", "drop:ENE-ONZE-5", "--mutant", "literal:ATB-EMPATE-3:when:3",
                 "--json", str(report)])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "enecomp: 1/2 mutants killed, 1 equivalent, 0 excused, 0 survived" in printed
    assert "literal:ATB-EMPATE-3:when:3" in printed and "a third vaza is played only after" in printed
    record = json.loads(report.read_text(encoding="utf-8"))
    verdicts = {verdict["key"]: verdict for verdict in record["mutants"]}
    assert record["score"]["killed"] == 1 and record["score"]["equivalent"] == 1
    assert verdicts["drop:ENE-ONZE-5"]["outcome"] == "killed" and verdicts["drop:ENE-ONZE-5"]["ids"] == ["ENE-ONZE-5"]
    assert verdicts["drop:ENE-ONZE-5"]["killed_by"].startswith("ene-onze-")
    assert verdicts["literal:ATB-EMPATE-3:when:3"]["outcome"] == "equivalent"


def test_a_survivor_is_listed_with_what_it_changed_and_makes_the_exit_code_1(monkeypatch, capsys):
    def survives(ruleset_id, target):
        return mutate.Verdict(target.mutant.key, target.mutant.kind, target.mutant.label, target.ids, mutate.SURVIVED, runs=2)

    monkeypatch.setattr(mutate, "judge", survives)
    assert main(["mutate", "--ruleset", "atb-2004", "--mutant", "flip:ATB-EMPATE-3"]) == 1
    printed = capsys.readouterr().out
    assert "Survivors (1):" in printed
    assert "flip:ATB-EMPATE-3: clause ATB-EMPATE-3 favours the other side: then win_hand(opponents(tricks[1].winner))" in printed
    assert "atb-2004: 0/1 mutants killed, 0 equivalent, 0 excused, 1 survived" in printed


@pytest.mark.parametrize("arguments, message", [
    (["--ruleset", "manilha-velha"], "no mutants are derived for rule set 'manilha-velha'"),
    (["--ruleset", "atb2004"], "no mutants are derived for rule set 'atb2004' (did you mean atb-2004?)"),
    (["--ruleset", "atb-2004", "--mutant", "drop:ATB-NOPE-1"], "atb-2004 has no mutant drop:ATB-NOPE-1"),
    (["--ruleset", "atb-2004", "--json", "/no/such/directory/m.json"], "cannot write to /no/such/directory/m.json: /no does not exist"),
])
def test_bad_input_is_a_message_and_exit_code_2(capsys, arguments, message):
    assert main(["mutate", *arguments]) == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error


def test_clause_mutants_rewrite_the_expression_and_still_compile():
    ruleset = mutate.plan("atb-2004").ruleset
    position = next(index for index, clause in enumerate(ruleset.clauses) if clause.id == "ATB-TRUCO-2.fold")
    mutants = {mutant.key: mutant for mutant in mutate.mutants_of_clause(ruleset, position)}
    assert set(mutants) == {"drop:ATB-TRUCO-2.fold", "not-when:ATB-TRUCO-2.fold", "flip:ATB-TRUCO-2.fold",
                            "points:ATB-TRUCO-2.fold:1"}
    changed = mutants["points:ATB-TRUCO-2.fold:1"].ruleset.clause("ATB-TRUCO-2.fold")
    assert changed.then.source == "award(raise.team, raise.before + 1); end_hand()"
    assert mutants["flip:ATB-TRUCO-2.fold"].ruleset.clause("ATB-TRUCO-2.fold").then.source == \
        "award(opponents(raise.team), raise.before); end_hand()"
    assert all(mutant.ruleset.id == f"atb-2004~{key}" for key, mutant in mutants.items())
