"""The scenarios issue 16 found missing, each caught by an engine whose only fault it is.

Who leads the first vaza at 2 players, for each dealer (ATB-JOGO-LIVRE-1, FPT-JOGO-LIVRE-1: the
seat after the dealer), checked by the turn and the legal actions alone; and a folded seis that
pays 3, checked by the score alone (ATB-TRUCO-3, ENE-TRUCO-6-FUGIR). The reference engine passes
them; a copy of the example engine, or a mutant rule file played by the reference interpreter,
with only that fault fails each at its own check.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from truco_dsl.conformance.report.outcomes import FAILED, PASSED
from truco_dsl.conformance.runner import run_suite
from truco_dsl.rules import load_ruleset, load_sources

sys.path.insert(0, str(Path(__file__).with_name("engines")))
from example_faults import Fault, faulty_copy  # noqa: E402
from test_examples import run_against  # noqa: E402

LEAD = ("estrutura-017", "estrutura-018", "fpt-jogo-livre-006", "fpt-jogo-livre-007")
SEIS = ("truco-021", "truco-022", "ene-truco-022")


def _tags(ids) -> str:
    return " or ".join(f"@id:{scenario}" for scenario in ids)


def test_the_reference_engine_passes_them():
    results = run_suite(tags=_tags(LEAD + SEIS))
    assert sorted((result.id, result.outcome) for result in results) == sorted((scenario, PASSED) for scenario in LEAD + SEIS)


#: the example engine with the leader of the first vaza off by one at 2 players: the dealer leads
LEADER_IS_THE_DEALER = Fault("lead", "at 2 players the dealer leads the first vaza",
                             "        self._start_vaza(leader=(dealer + 1) % self.players)\n",
                             "        self._start_vaza(leader=(dealer + (0 if self.players == 2 else 1)) % self.players)\n", ())
#: the example engine whose fold pays what was asked, not what the hand was worth before the raise
FOLD_PAYS_THE_RAISE = Fault("fold", "a fold pays the raised stake",
                            '            self._award(pending.team, pending.before, "ATB-TRUCO-2.fold")\n',
                            '            self._award(pending.team, pending.to, "ATB-TRUCO-2.fold")\n', ())


def test_an_example_whose_dealer_leads_at_two_players_fails_the_lead_scenarios_at_their_check(tmp_path):
    results = {result.id: result for result in run_against(faulty_copy(LEADER_IS_THE_DEALER, tmp_path), _tags(LEAD + SEIS))}
    for scenario in ("estrutura-017", "estrutura-018"):
        assert results[scenario].outcome == FAILED, results[scenario]
        assert results[scenario].failing_step.startswith("Then it is seat "), results[scenario].failing_step
    assert results["truco-022"].outcome == PASSED  # at 4 players: untouched by it (run_against runs atb-2004's only)


def test_an_example_whose_fold_pays_the_raise_fails_the_seis_scenarios_by_the_score(tmp_path):
    results = {result.id: result for result in run_against(faulty_copy(FOLD_PAYS_THE_RAISE, tmp_path), _tags(LEAD + SEIS))}
    for scenario in ("truco-021", "truco-022"):
        assert results[scenario].outcome == FAILED, results[scenario]
        assert "expected the score to be 0 to 3, the engine has 0 to 6" in results[scenario].message
    assert results["estrutura-017"].outcome == results["estrutura-018"].outcome == PASSED


def _mutant(tmp_path: Path, parent: str, clause_id: str, hook: str, then: str, when: str | None = None):
    """A rule file that extends ``parent`` with its clause ``clause_id`` written anew."""
    cite = json.dumps(load_sources()[clause_id.partition(".")[0]].text)
    condition = f"    when: {when}\n" if when else ""
    path = tmp_path / f"mutant-{parent}.yaml"
    path.write_text(f"ruleset: mutant-{parent}\ntitle: mutant\nextends: {parent}\nclauses:\n"
                    f"  - id: {clause_id}\n    cite: {cite}\n    on: {hook}\n{condition}    then: {then}\n", encoding="utf-8")
    return load_ruleset(path)


@pytest.mark.parametrize("parent, scenarios", [("fpt-1983", ("fpt-jogo-livre-006", "fpt-jogo-livre-007")),
                                               ("atb-2004", ("estrutura-017", "estrutura-018"))])
def test_a_rule_set_whose_dealer_leads_fails_the_lead_scenarios(tmp_path, parent, scenarios):
    mutant = _mutant(tmp_path, parent, "ATB-JOGO-LIVRE-1", "deal", "lead(hand.dealer)")
    results = run_suite(tags=_tags(scenarios), rulesets={parent: mutant})
    assert [(result.id, result.outcome) for result in results] == [(scenario, FAILED) for scenario in scenarios]
    assert all(result.failing_step.startswith("Then it is seat ") for result in results)


def test_an_enecomp_whose_fold_pays_the_raise_fails_its_seis_scenario(tmp_path):
    mutant = _mutant(tmp_path, "enecomp", "ATB-TRUCO-2.fold", "respond", "award(raise.team, raise.to); end_hand()",
                     'response == "fold" and raise.to != none')
    [result] = run_suite(tags="@id:ene-truco-022", rulesets={"enecomp": mutant})
    assert result.outcome == FAILED and "expected the score to be 0 to 3, the engine has 0 to 6" in result.message
