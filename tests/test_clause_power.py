"""The conformance suite has power over every clause the three regulations' rule sets encode: a rule
set that encodes one of them wrongly fails a scenario tagged with that clause.

The mutants, which ids they encode wrongly, and the reasons some need not be killed (``UNMUTATED``,
``EXCLUDED``, ``EQUIVALENT``) are derived in ``truco_dsl.conformance.mutate`` (``truco mutate``
runs the same mutants; its module docstring says what each kind changes and why). Here, for every
(rule set, source id) of the plans, each mutant that encodes the id wrongly is played by the
reference engine in place of its rule set (``run_suite(tags="@clause:<id> or …",
rulesets={"fpt-1983": mutant})``, every folder, so the desacordos rows of that rule set play it
too) and must be *killed* by a scenario tagged with that id: one that played the mutant and
``failed`` (or broke the engine: ``error``; ``unsupported`` only for a mutant that removes a player
count). A scenario ``not_applicable`` to the mutant is no kill. Scenarios of features/atb-2004 that
name a variant (manilha-velha, baralho-limpo) play the unmutated variant and never count.

A mutant that no id reaches (a clause of the lineage no id of the regulation traces, a cited
parameter of the lineage: fpt-1983's ladder) must be killed by the rule set's whole suite. An
``EQUIVALENT`` mutant must play seeded random games exactly as its rule set does.

Time: each distinct mutant runs once (in each pytest-xdist worker that needs it), with the tags of
every id it is tested for; stopped at its first kill when it is tested for one id.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import pytest

from truco_dsl.cards import Card
from truco_dsl.conformance.mutate import (EQUIVALENT, EXCLUDED, KILLED, MUTATED_RULESETS, UNMUTATED, Mutant, candidates, judge,
                                          mutants_for, plan, plays_alike, tags_of, targets)
from truco_dsl.conformance.runner import ScenarioResult, run_suite
from truco_dsl.rules import RuleSet

PLANS = {ruleset_id: plan(ruleset_id) for ruleset_id in MUTATED_RULESETS}

#: (rule set id, source id) -> the mutants that id's scenarios must kill
PLAN: dict[tuple[str, str], list[Mutant]] = {(ruleset_id, clause_id): mutants_for(the_plan, clause_id)
                                             for ruleset_id, the_plan in PLANS.items() for clause_id in the_plan.ids}
CASES = sorted(case for case, mutants in PLAN.items() if mutants)

#: (rule set id, mutant key) -> the ids it is tested for, and the mutant
IDS_OF: dict[tuple[str, str], set[str]] = {}
MUTANTS: dict[tuple[str, str], Mutant] = {}
for (_ruleset_id, _clause_id), _mutants in PLAN.items():
    for _mutant in _mutants:
        IDS_OF.setdefault((_ruleset_id, _mutant.key), set()).add(_clause_id)
        MUTANTS.setdefault((_ruleset_id, _mutant.key), _mutant)

#: (rule set id, mutant key) of the mutants that no id reaches: the whole suite must kill them
UNREACHED = sorted((ruleset_id, target.mutant.key) for ruleset_id in MUTATED_RULESETS for target in targets(ruleset_id)
                   if not target.ids and not target.excluded and target.equivalent is None)


@functools.cache
def results_of(ruleset_id: str, key: str) -> tuple[ScenarioResult, ...]:
    """The results of one run_suite with mutant ``key`` in place of ``ruleset_id``, over the
    scenarios (every folder's, the desacordos' rows too) of every id it is tested for (run once, when
    first asked for); stopped at the first failure when it is tested for one id only (that is a kill,
    or a scenario of a variant failing, which the variant's own test would report)."""
    ids = IDS_OF[(ruleset_id, key)]
    return tuple(run_suite(tags=tags_of(ids), rulesets={ruleset_id: MUTANTS[(ruleset_id, key)].ruleset}, exitfirst=len(ids) == 1))


# ---------------------------------------------------------------------------------------- tests
@pytest.mark.parametrize("ruleset_id", sorted(PLANS))
def test_every_cited_id_has_a_mutator_and_every_mutator_a_cited_id(ruleset_id):
    plan = PLANS[ruleset_id]
    unmutated = {clause_id for rule, clause_id in UNMUTATED if rule == ruleset_id}
    own_mutators = {clause_id for clause_id in plan.mutators if clause_id.startswith(plan.prefix)}
    missing = sorted(plan.own_cited - own_mutators - unmutated)
    stale = sorted((own_mutators | unmutated) - plan.own_cited)
    assert not missing, f"cited in {ruleset_id}'s lineage but neither mutated nor UNMUTATED: {missing}"
    assert not stale, f"mutators or UNMUTATED reasons for ids {ruleset_id} does not cite: {stale}"
    assert not own_mutators & unmutated, f"both mutated and UNMUTATED: {sorted(own_mutators & unmutated)}"
    empty = sorted(clause_id for clause_id in own_mutators if not plan.mutators[clause_id])
    assert not empty, f"cited ids with an empty mutator list: {empty}"


def test_every_encoded_id_has_a_mutant():
    bare = [case for case in PLAN if not PLAN[case] and case not in UNMUTATED
            and not any(candidate for candidate in candidates(PLANS[case[0]], case[1]))]
    assert PLAN and not bare, bare
    assert sum(1 for ruleset_id, _ in CASES if ruleset_id == "fpt-1983") >= 40
    assert sum(1 for ruleset_id, _ in CASES if ruleset_id == "enecomp") >= 40


def test_exclusions_name_real_mutants():
    known = {(ruleset_id, clause_id, mutant.key) for ruleset_id, clause_id in PLAN
             for mutant in candidates(PLANS[ruleset_id], clause_id)}
    assert set(EXCLUDED) <= known, sorted(set(EXCLUDED) - known)


@pytest.mark.parametrize("ruleset_id", sorted(PLANS))
def test_the_mutants_are_different_from_the_rule_set(ruleset_id):
    """Every parameter mutant changes what it says it changes (a mutator that builds the rule set
    again would be killed by nothing and prove nothing)."""
    ruleset = PLANS[ruleset_id].ruleset
    probe = [Card.parse(token) for token in ("4c", "7s", "Kh", "3d")]
    def signature(ruleset: RuleSet) -> tuple:
        return (ruleset.players, ruleset.ranks, ruleset.manilha_suits, ruleset.hand_size, ruleset.vira, ruleset.ladder,
                ruleset.target, ruleset.mao_de_onze_at, ruleset.manilha_rule, ruleset.covered, ruleset.packet, ruleset.match_wins,
                ruleset.infractions,
                tuple(tuple(sorted(ruleset.strengths(vira).items())) for vira in probe)
                if ruleset.vira else ruleset.manilha_cards)
    same = sorted({mutator.key for mutators in PLANS[ruleset_id].mutators.values() for mutator in mutators
                   if signature(mutator.build(ruleset)) == signature(ruleset)})
    assert not same, f"mutators that do not change {ruleset_id}: {same}"


@pytest.mark.parametrize("ruleset_id", sorted(PLANS))
def test_the_rule_set_itself_passes_every_scenario(ruleset_id):
    results = run_suite(ruleset=ruleset_id)
    wrong = [(result.id, result.outcome, result.message) for result in results if result.outcome != "passed"]
    assert results and not wrong, wrong


def survivor(mutant: Mutant, results: Iterable[ScenarioResult]) -> str | None:
    """Why ``mutant`` survived ``results`` (the scenarios tagged with its clause), or None if killed."""
    results = list(results)
    played = [result for result in results if result.ruleset == mutant.ruleset.id]
    if any(result.outcome in mutant.kills for result in played):
        return None
    ran = ", ".join(f"{result.id} ({result.ruleset}): {result.outcome}" for result in results) or "none"
    return f"mutant {mutant.key!r} ({mutant.label}) survived; scenarios run: {ran}"


@pytest.mark.parametrize("ruleset_id, clause_id", CASES, ids=[f"{ruleset_id}:{clause_id}" for ruleset_id, clause_id in CASES])
def test_every_mutant_of_the_clause_fails_a_scenario_tagged_with_it(ruleset_id, clause_id):
    survivors = [survivor(mutant, (result for result in results_of(ruleset_id, mutant.key) if clause_id in result.clauses))
                 for mutant in PLAN[(ruleset_id, clause_id)]]
    survivors = [why for why in survivors if why]
    assert not survivors, f"{ruleset_id} {clause_id}: " + "\n".join(survivors)


def test_equivalent_mutants_name_real_mutants_that_no_exclusion_covers():
    known = {(ruleset_id, target.mutant.key) for ruleset_id in MUTATED_RULESETS for target in targets(ruleset_id)}
    assert set(EQUIVALENT) <= known, sorted(set(EQUIVALENT) - known)
    assert all(why.strip() for why in EQUIVALENT.values())


@pytest.mark.parametrize("ruleset_id, key", UNREACHED, ids=[f"{ruleset_id}:{key}" for ruleset_id, key in UNREACHED])
def test_every_mutant_no_id_reaches_fails_a_scenario_of_its_rule_set(ruleset_id, key):
    target = next(target for target in targets(ruleset_id) if target.mutant.key == key)
    verdict = judge(ruleset_id, target)
    assert verdict.outcome == KILLED, f"{ruleset_id}: mutant {key!r} ({target.mutant.label}) survived its rule set's whole suite"


#: seeds of the random games an equivalent mutant must play exactly as its rule set (at its smallest table)
EQUIVALENCE_SEEDS = range(3)


@pytest.mark.parametrize("ruleset_id, key", sorted(EQUIVALENT), ids=[f"{ruleset_id}:{key}" for ruleset_id, key in sorted(EQUIVALENT)])
def test_an_equivalent_mutant_plays_random_games_as_its_rule_set_does(ruleset_id, key):
    ruleset = PLANS[ruleset_id].ruleset
    mutant = next(target.mutant for target in targets(ruleset_id) if target.mutant.key == key)
    for players in ruleset.players[:1]:
        differing = plays_alike(ruleset, mutant.ruleset, EQUIVALENCE_SEEDS, players)
        assert differing is None, (f"{ruleset_id}: {key} ({mutant.label}) is listed as equivalent, but the random game "
                                   f"of seed {differing} with {players} players goes otherwise")
