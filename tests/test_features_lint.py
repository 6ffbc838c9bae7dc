"""The bundled scenarios are well tagged, and the conformance harness tells a right engine from a
wrong one.

Lint: every scenario under features/ has exactly one ``@id:`` tag (unique across all feature
files) and at least one ``@clause:`` tag, and every clause it names exists in spec/sources.

Harness: ``run_suite`` passes the faults scenarios (shared/cases/real-engine-faults.md, F1-F12) on
the reference engine, and each one fails on an engine with that fault — a mutant rule file played
by the reference interpreter, or an adapter that misbehaves — with a message that says what was
expected and what the engine did.
"""

from __future__ import annotations

import dataclasses
import random
import json
from pathlib import Path
from typing import Any

import pytest


from truco_dsl.cli import main
from truco_dsl.conformance.engines.adapter import Outcome, ReferenceAdapter
from truco_dsl.conformance.runner import run_suite
from truco_dsl.conformance.suite.catalogue import ScenarioEntry, bundled_scenarios
from truco_dsl.errors import SetupRefused
from truco_dsl.rules import RuleSet, load_ruleset, load_sources

FAULT_IDS = [f"faults-{number:03d}" for number in range(1, 13)]


# ---------------------------------------------------------------------------------------- lint
SCENARIOS = bundled_scenarios()


def _where(entry: ScenarioEntry) -> str:
    return str(entry)


def test_there_are_scenarios():
    assert len(SCENARIOS) >= len(FAULT_IDS)


@pytest.mark.parametrize("entry", SCENARIOS, ids=_where)
def test_scenario_has_one_id_and_known_clauses(entry):
    place, tags = _where(entry), entry.tags
    ids = [tag for tag in tags if tag.startswith("@id:")]
    assert len(ids) == 1, f"{place}: needs exactly one @id: tag, has {ids or 'none'}"
    assert ids[0][len("@id:"):].rsplit("-", 1)[-1].isdigit(), f"{place}: an id is <feature>-<nnn>, not {ids[0]}"
    clauses = [tag[len("@clause:"):] for tag in tags if tag.startswith("@clause:")]
    assert clauses, f"{place}: needs at least one @clause: tag"
    unknown = [clause for clause in clauses if clause not in load_sources()]
    assert not unknown, f"{place}: clause ids not in spec/sources: {unknown}"


def test_scenario_ids_are_unique():
    seen: dict[str, str] = {}
    duplicates = []
    for entry in SCENARIOS:
        for tag in entry.tags:
            if tag.startswith("@id:"):
                if tag in seen:
                    duplicates.append(f"{tag} at {_where(entry)} and {seen[tag]}")
                seen.setdefault(tag, _where(entry))
    assert not duplicates, "duplicate scenario ids:\n" + "\n".join(duplicates)


def test_every_fault_has_its_scenario():
    ids = {tag[len("@id:"):] for entry in SCENARIOS for tag in entry.tags if tag.startswith("@id:")}
    assert set(FAULT_IDS) <= ids


# ---------------------------------------------------------------------------------------- harness
def _only(ids: list[str]) -> str:
    return " or ".join(f"@id:{scenario_id}" for scenario_id in ids)


def test_the_reference_engine_passes_the_faults_scenarios():
    results = run_suite(ruleset="atb-2004", tags=_only(FAULT_IDS))
    assert sorted(result.id for result in results) == FAULT_IDS
    failed = [(result.id, result.failing_step, result.message) for result in results if result.outcome != "passed"]
    assert not failed


class FoldScoresForTheFolder(ReferenceAdapter):
    """F1's fault: the side that folds a truco gets the points instead of the side that raised."""

    name = "fold-scores-for-the-folder"

    def act(self, seat: int, action: str) -> Outcome:
        before = list(self.engine.score)
        outcome = super().act(seat, action)
        if action == "fold" and outcome.accepted:
            gained = [after - old for after, old in zip(self.engine.score, before)]
            self.engine.score[:] = [old + gained[1 - team] for team, old in enumerate(before)]
        return outcome


def test_a_wrong_engine_fails_f1_with_a_readable_message():
    [result] = run_suite(tags="@id:faults-001", adapter_factory=FoldScoresForTheFolder)
    assert result.outcome == "failed"
    assert result.clauses == ("ATB-TRUCO-2",)
    assert result.failing_step == "And the score is 1 to 0 (line 17)"
    assert "expected the score to be 1 to 0, the engine has 0 to 1" in result.message


def _mutant(tmp_path: Path, name: str, body: str) -> RuleSet:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"ruleset: {name}\ntitle: mutant {name}\nextends: atb-2004\n{body}", encoding="utf-8")
    return load_ruleset(path)


def _clause(clause_id: str, hook: str, then: str, when: str | None = None) -> str:
    condition = f"    when: {when}\n" if when else ""
    cite = json.dumps(load_sources()[clause_id.partition(".")[0]].text)  # a JSON string is a YAML scalar
    return f"  - id: {clause_id}\n    cite: {cite}\n    on: {hook}\n{condition}    then: {then}\n"


#: fault -> rule-file body of a mutant of atb-2004 that has it
MUTANTS = {
    "faults-001": "clauses:\n" + _clause("ATB-TRUCO-2.fold", "respond", "award(team, raise.before); end_hand()", 'response == "fold"'),
    "faults-003": "clauses:\n" + _clause("ATB-EMPATE-TODAS", "after_trick", "win_hand(team_of(tricks[1].leader))",
                                         "trick.number == 3 and tricks[1].tied and tricks[2].tied and trick.tied"),
    "faults-004": "clauses:\n" + _clause("ATB-TRUCO-2", "respond", "set_stake(min(raise.to, 3))", '(response == "accept" or response == "raise") and raise.to != none'),
    "faults-005": "clauses:\n" + _clause("ATB-EMPATE-2.lead", "after_trick", "lead(trick.leader)", "trick.winner_seat != none"),
    "faults-007": "drop: [ATB-TRUCO-4]\n",
    "faults-008": "clauses:\n" + _clause("ATB-TRUCO-2", "respond", "set_stake(raise.to)", 'response == "accept" and raise.to != none')
                  + _clause("ATB-TRUCO-2.fold", "respond", "award(raise.team, hand.stake); end_hand()", 'response == "fold"'),
    "faults-009": "clauses:\n" + _clause("ATB-TRUCO-2.fold", "respond", "award(raise.team, raise.before); win_hand(tricks[1].winner)",
                                         'response == "fold" and tricks[1].winner != none'),
    "faults-010": "drop: [ATB-NORMAS-11]\n",
    "faults-011": "drop: [ATB-MAO-DE-11-1]\n",
}


@pytest.mark.parametrize("fault", sorted(MUTANTS))
def test_a_mutant_rule_file_fails_its_fault_scenario(tmp_path, fault):
    mutant = _mutant(tmp_path, f"mutant-{fault}", MUTANTS[fault])
    [result] = run_suite(tags=f"@id:{fault}", rulesets={"atb-2004": mutant})
    assert result.outcome == "failed", (result.outcome, result.message)
    assert result.ruleset == mutant.id
    assert result.failing_step and result.message and "expected" in result.message


class SuitsBreakTies(ReferenceAdapter):
    """F2's fault: cards of one rank are ordered by suit, so a vaza is never tied."""

    name = "suits-break-ties"

    def ruleset(self, ruleset: str) -> RuleSet:
        played = super().ruleset(ruleset)
        return _SuitOrdered(**{field.name: getattr(played, field.name) for field in dataclasses.fields(played)})


@dataclasses.dataclass(frozen=True)
class _SuitOrdered(RuleSet):
    def strengths(self, vira: Any) -> dict[Any, int]:
        return {card: power * 10 + self.suits.index(card.suit) for card, power in super().strengths(vira).items()}


class ViraFromAFreshDeck(ReferenceAdapter):
    """F6's fault: the hands come from one shuffled deck and the vira is drawn from another, full
    deck, so it is a card some seat holds whenever the draw hits a dealt card (18 of 40 with six
    players). ``salt`` seeds the vira's draw apart from the engine's own shuffle."""

    name = "vira-from-a-fresh-deck"
    salt = 0

    def __init__(self, rulesets=None):
        super().__init__(rulesets)
        self.draws = random.Random(self.salt)

    def new_game(self, ruleset, players, dealer, scores, hands, vira, seed):
        events = super().new_game(ruleset, players, dealer, scores, hands, vira, seed)
        if hands is None:
            self._turn_apart()
        return events

    def next_hand(self, hands, vira):
        events = super().next_hand(hands, vira)
        if hands is None:
            self._turn_apart()
        return events

    def _turn_apart(self):
        hand = self.engine.hand
        hand.vira = self.draws.choice(self.engine.ruleset.deck)
        hand.strengths = self.engine.ruleset.strengths(hand.vira)


class FoldAnytime(ReferenceAdapter):
    """F12's fault: a side may give up with nothing pending; the opponents score the hand."""

    name = "fold-anytime"

    def legal_actions(self, seat: int) -> list[str]:
        legal = super().legal_actions(seat)
        return legal if "fold" in legal or not legal else sorted(legal + ["fold"])

    def act(self, seat: int, action: str) -> Outcome:
        outcome = super().act(seat, action)
        if action == "fold" and outcome.reason == "no_raise_pending":
            self.engine.score[1 - seat % 2] += self.engine.hand.stake
            self.engine.hand.over = True
            return Outcome(accepted=True, events=[{"type": "gave_up", "seat": seat}])
        return outcome


@pytest.mark.parametrize("fault, adapter", [("faults-001", FoldScoresForTheFolder), ("faults-002", SuitsBreakTies),
                                            ("faults-006", ViraFromAFreshDeck), ("faults-012", FoldAnytime)],
                         ids=lambda value: value if isinstance(value, str) else value.name)
def test_a_faulty_adapter_fails_its_fault_scenario(fault, adapter):
    [result] = run_suite(tags=f"@id:{fault}", adapter_factory=adapter)
    assert result.outcome == "failed", (result.outcome, result.message)
    assert result.failing_step and "expected" in result.message


@pytest.mark.parametrize("salt", range(8))
def test_f6_catches_a_vira_drawn_apart_whatever_the_draws(salt):
    """One shuffled deal catches the fault about half the time; F6's twenty more deals catch it with
    near certainty (each misses with probability 22/40, twenty-one in a row 0.55^21 < 1e-5), so it
    fails for every seeding of the vira's draw, on the step that checks the twenty deals or before."""
    adapter = type(f"ViraApart{salt}", (ViraFromAFreshDeck,), {"salt": salt})
    [result] = run_suite(tags="@id:faults-006", adapter_factory=adapter)
    assert result.outcome == "failed", (salt, result.outcome, result.message)
    assert "the vira" in result.message and "is also in seat" in result.message, result.message


def test_f6_misses_the_fault_with_a_single_deal_about_half_the_time():
    """Why F6 checks twenty deals: with its first deal alone the fault goes unseen for some draws."""
    caught = []
    for salt in range(8):
        engine = type(f"ViraApart{salt}", (ViraFromAFreshDeck,), {"salt": salt})()
        engine.new_game("atb-2004", 6, 5, [0, 0], None, None, 2004)
        hand = engine.state()["hand"]
        caught.append(any(hand["vira"] in cards for cards in hand["hands"].values()))
    assert not all(caught)


def test_every_fault_has_a_wrong_engine_that_fails_it():
    covered = set(MUTANTS) | {"faults-001", "faults-002", "faults-006", "faults-012"}
    assert covered == set(FAULT_IDS)


def test_a_variant_file_runs_its_parents_scenarios(tmp_path):
    path = tmp_path / "fold-to-folder.yaml"
    path.write_text("ruleset: fold-to-folder\ntitle: mutant\nextends: atb-2004\n" + MUTANTS["faults-001"], encoding="utf-8")
    results = run_suite(ruleset=str(path), tags=_only(FAULT_IDS))
    assert {result.ruleset for result in results} == {"fold-to-folder"}
    assert "faults-001" in {result.id for result in results if result.outcome == "failed"}
    assert "faults-002" in {result.id for result in results if result.outcome == "passed"}


def test_an_unsupported_player_count_is_reported_not_passed():
    class OnlyFourPlayers(ReferenceAdapter):
        def supports(self, ruleset: str, players: int) -> bool:
            return players == 4

    [result] = run_suite(tags="@id:faults-001", adapter_factory=OnlyFourPlayers)
    assert result.outcome == "unsupported"


def test_conform_reports_and_exit_codes(tmp_path, capsys):
    json_path, xml_path = tmp_path / "r.json", tmp_path / "r.xml"
    assert main(["conform", "--ruleset", "atb-2004", "--tags", "@id:faults-001 or @id:faults-002", "--json", str(json_path),
                 "--junit-xml", str(xml_path)]) == 0
    printed = capsys.readouterr().out
    assert "ATB-TRUCO-2" in printed and "\n2 passed, 0 failed\n" in printed
    assert '"id": "faults-001"' in json_path.read_text(encoding="utf-8")
    assert 'tests="2"' in xml_path.read_text(encoding="utf-8")
    for arguments in (["--ruleset", "nope"], ["--tags", "(("], ["--tags", "and"], ["--tags", "clause:ATB-TRUCO-2"],
                      ["--json", str(tmp_path / "missing" / "r.json")],
                      ["--ruleset", str(tmp_path / "absent.yaml")]):
        assert main(["conform", *arguments]) == 2
        error = capsys.readouterr().err
        assert error.startswith("truco conform: ") and error.count("\n") == 1, error
        if "--tags" in arguments:
            assert "like '@clause:ATB-EMPATE-1 or @clause:ATB-TRUCO-2'" in error, error  # how to write one


def test_conform_fails_on_a_mutant_file(tmp_path, capsys):
    path = tmp_path / "fold-to-folder.yaml"
    path.write_text("ruleset: fold-to-folder\ntitle: mutant\nextends: atb-2004\n" + MUTANTS["faults-001"], encoding="utf-8")
    assert main(["conform", "--ruleset", str(path), "--tags", "@id:faults-001"]) == 1
    printed = capsys.readouterr().out
    assert "faults-001" in printed and "expected the score to be 1 to 0" in printed and "\n0 passed, 1 failed\n" in printed


def test_a_malformed_rule_file_is_bad_input(tmp_path, capsys):
    path = tmp_path / "broken.yaml"
    path.write_text("ruleset: broken\ntitle: broken\nextends: atb-2004\nstakes: {ladder: [1, 3, 2]}\n", encoding="utf-8")
    assert main(["conform", "--ruleset", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("truco conform: bad rule file:\n"), error
    assert "broken.yaml:4:" in error and "\n    stakes: {ladder: [1, 3, 2]}\n" in error and "^" in error, error


# ---------------------------------------------------------------------------------------- not applicable
class RefusesForcedDeals(ReferenceAdapter):
    """An engine that deals only from its own shuffle: every forced deal is refused."""

    name = "refuses-forced-deals"

    def new_game(self, ruleset, players, dealer, scores, hands, vira, seed):
        if hands is not None:
            raise SetupRefused("this engine deals only from its own shuffle")
        return super().new_game(ruleset, players, dealer, scores, hands, vira, seed)


def test_a_deal_a_variant_cannot_make_is_not_applicable_not_failed():
    [result] = run_suite(ruleset="baralho-limpo", tags="@id:faults-001")
    assert result.outcome == "not_applicable"
    assert result.ruleset == "baralho-limpo"
    assert result.failing_step == "And the deal: vira 7s (line 10)"
    assert result.message.startswith("not applicable: baralho-limpo is played in place of atb-2004")
    assert "4c is not in the baralho-limpo deck" in result.message
    # manilha velha deals it without its vira, until a vaza's cards rank otherwise than with it
    [result] = run_suite(ruleset="manilha-velha", tags="@id:manilhas-001")
    assert (result.outcome, result.ruleset) == ("not_applicable", "manilha-velha")
    assert result.failing_step.startswith("When the seats play: 0:6d 1:3c")
    assert "turns no vira, and this scenario means something else without its vira 5s" in result.message


def test_a_refused_deal_without_an_override_is_a_failure():
    [result] = run_suite(tags="@id:faults-001", adapter_factory=RefusesForcedDeals)
    assert result.outcome == "failed"
    assert "deals only from its own shuffle" in result.message
    [result] = run_suite(ruleset="atb-2004", tags="@id:variantes-001", rulesets={"atb-2004": load_ruleset("baralho-limpo")})
    assert result.outcome == "not_applicable"  # it names manilha-velha, outside the lineage of what is played
    assert "it plays manilha-velha, which baralho-limpo neither is nor extends" in result.message


def test_a_next_deal_a_variant_cannot_make_is_not_applicable():
    [result] = run_suite(ruleset="baralho-limpo", tags="@id:estrutura-011")
    assert result.outcome == "not_applicable", (result.outcome, result.message)


class HidesTheVira(ReferenceAdapter):
    """An engine whose state never shows a vira: to the steps, every deal turns none."""

    name = "hides-the-vira"

    def state(self, seat=None):
        view = super().state(seat)
        if view["hand"] is not None:
            view["hand"]["vira"] = None
        return view


def test_shuffled_deals_without_a_vira_are_not_applicable_to_a_variant_without_one():
    [result] = run_suite(ruleset="manilha-velha", tags="@id:faults-006")
    assert result.outcome == "not_applicable", (result.outcome, result.message)
    assert "none of the 20 shuffled deals turned one" in result.message


def test_shuffled_deals_without_a_vira_fail_an_engine_of_a_rule_set_with_one():
    results = run_suite(tags="@id:faults-006 or @id:carteada-007", adapter_factory=HidesTheVira)
    assert [result.id for result in results] == ["carteada-007", "faults-006"]
    for result in results:
        assert result.outcome == "failed"
        assert "none of the 20 shuffled deals turned one" in result.message


def test_conform_shows_not_applicable_apart(tmp_path, capsys):
    xml_path = tmp_path / "r.xml"
    assert main(["conform", "--ruleset", "manilha-velha", "--tags", "@id:manilhas-001 or @id:variantes-001",
                 "--junit-xml", str(xml_path)]) == 0
    printed = capsys.readouterr().out
    assert "\n1 passed, 0 failed, 1 not applicable\n" in printed
    assert ("1 not applicable (counted apart, never as passed): 1 dealt without the vira until a card ranked otherwise; "
            "--json or --html gives each one's why") in printed
    assert "not applicable" in printed.split("Conformance by clause", 1)[1].splitlines()[2]  # a column of the table
    assert "Failing scenarios" not in printed
    assert 'skipped="1"' in xml_path.read_text(encoding="utf-8")
    assert main(["conform", "--ruleset", "atb-2004", "--tags", "@id:faults-001"]) == 0
    assert "not applicable" not in capsys.readouterr().out


def test_a_variant_for_another_player_count_is_not_applicable_and_a_run_that_checks_nothing_fails(tmp_path, capsys):
    variant = tmp_path / "dois.yaml"
    variant.write_text("ruleset: dois\ntitle: Enecomp a dois\nextends: enecomp\ntable:\n  players: [2]\n", encoding="utf-8")
    results = run_suite(ruleset=str(variant), tags="@id:ene-truco-001 or @id:ene-onze-001")
    assert [result.outcome for result in results] == ["not_applicable", "not_applicable"]
    for result in results:
        assert result.message == ("not applicable: dois is played in place of enecomp and is played by 2 players "
                                  "(table.players), not 4")
    assert main(["conform", "--ruleset", str(variant), "--tags", "@id:ene-truco-001"]) == 1
    captured = capsys.readouterr()
    assert "0 passed, 0 failed, 1 not applicable" in captured.out
    assert "nothing was checked: each of the 1 scenarios selected is not applicable or not supported" in captured.err


def test_a_selection_that_matches_no_scenario_is_bad_input(capsys):
    assert main(["conform", "--ruleset", "fpt-1983", "--tags", "@id:faults-001"]) == 2  # an atb-2004 scenario
    assert "no scenario matches the selection" in capsys.readouterr().err


@pytest.mark.parametrize(("tags", "said"), [
    ("@clause:ATB-NOPE-1", "no scenario has the tag @clause:ATB-NOPE-1;"),
    # joined by or, a mistyped tag would silently narrow the run
    ("@clause:ATB-EMPATE-3 or @clause:ATB-EMPATE3", "no scenario has the tag @clause:ATB-EMPATE3 (did you mean @clause:ATB-EMPATE-3?)"),
    ("not @id:faults-0001", "no scenario has the tag @id:faults-0001 (did you mean @id:faults-001?)"),
    ("empate-003", "like @id:empate-003;"),  # a bare scenario id: the tag it must have meant
    ("ATB-EMPATE-3", "like @clause:ATB-EMPATE-3;"),
])
def test_a_tag_no_scenario_carries_is_refused_with_the_closest(tags, said, capsys):
    assert main(["conform", "--tags", tags]) == 2
    assert said in capsys.readouterr().err


def test_every_refusal_a_scenario_expects_is_a_code_its_rule_sets_know():
    """A step ``refused with reason "code"`` names one of the engine's own codes or one that the
    rule set of its folder (any bundled rule set, for desacordos/) declares under ``reasons:``."""
    import re
    from truco_dsl.bundled import FEATURES_DIR
    from truco_dsl.lang.vocabulary import REASONS
    from truco_dsl.rules import available_rulesets
    declared = {name: set(load_ruleset(name).reasons) for name in available_rulesets() if not load_ruleset(name).abstract}
    every = set().union(*declared.values())
    unknown = []
    for feature in sorted(Path(FEATURES_DIR).rglob("*.feature")):
        known = set(REASONS) | declared.get(feature.parent.name, every)
        for number, line in enumerate(feature.read_text(encoding="utf-8").splitlines(), 1):
            for code in re.findall(r'refused with reason "([a-z_]+)"', line):
                if code not in known:
                    unknown.append(f"{feature.relative_to(FEATURES_DIR)}:{number}: {code}")
    assert not unknown
    assert len(every) > 10  # the rule sets declare their codes
