"""The order of the cards, every wrong order of it failing several scenarios of its own clause.

Before the head-to-head outlines, a copy of the example engine whose manilha order swapped copas
and paus failed 2 of the 193 atb-2004 scenarios, and one that swapped ouros and espadas 1. Now,
for each regulation that ranks the manilha suits (ATB-MANILHAS-3; FPT-VALORES-ZAPE, -SETE-COPAS,
-ESPADILHA, -SETE-OUROS; ENE-MANILHA-5; and ATB-MANILHA-VELHA-1, whose fixed manilhas rank by suit
in the same order), every order of the four suits but the right one, played by the reference engine
in place of the rule set, fails at least ``AT_LEAST`` scenarios tagged with that clause (an
outline's example row counts as a scenario). A swap of two neighbouring suits fails
a head-to-head row with the stronger manilha played first and one with it played second, at each
player count the outlines play (2 and 4; Enecomp plays 4 only). Likewise every swap of two
neighbouring ranks of the ordinary cards (ATB-BARALHO-2, FPT-VALORES-CARTAS, ENE-CARTAS-2; the
manilhas left as they are), and each such swap planted in a copy of the example engine (atb-2004,
the rule set it plays), run through the protocol.
"""

from __future__ import annotations

import dataclasses
import itertools
import sys
from pathlib import Path

import pytest

from truco_dsl.cards import Card
from truco_dsl.conformance.mutate import Mutator, manilha_suits, strengths_mutator
from truco_dsl.conformance.report.outcomes import FAILED, NOT_APPLICABLE, PASSED
from truco_dsl.conformance.runner import run_suite
from truco_dsl.rules import RuleSet, load_ruleset

sys.path.insert(0, str(Path(__file__).with_name("engines")))
from example_faults import Fault, faulty_copy  # noqa: E402
from test_examples import run_against  # noqa: E402

#: the fewest scenarios of its clause each wrong order must fail
AT_LEAST = 3
#: the clauses that rank the manilha suits, and those that order the ordinary cards, per rule set
SUIT_CLAUSES = {"atb-2004": ("ATB-MANILHAS-3",),
                "fpt-1983": ("FPT-VALORES-ZAPE", "FPT-VALORES-SETE-COPAS", "FPT-VALORES-ESPADILHA", "FPT-VALORES-SETE-OUROS"),
                "enecomp": ("ENE-MANILHA-5",)}
RANK_CLAUSES = {"atb-2004": ("ATB-BARALHO-2",), "fpt-1983": ("FPT-VALORES-CARTAS",), "enecomp": ("ENE-CARTAS-2",)}
RULESETS = tuple(SUIT_CLAUSES)
#: the manilha suits, weakest first, as all three regulations rank them: ouros, espadas, copas, paus
RIGHT = "dshc"
WRONG_ORDERS = tuple("".join(order) for order in itertools.permutations(RIGHT) if "".join(order) != RIGHT)
NEIGHBOURS_SWAPPED = tuple(RIGHT[:i] + RIGHT[i + 1] + RIGHT[i] + RIGHT[i + 2:] for i in range(len(RIGHT) - 1))


def _tags(clauses) -> str:
    return " or ".join(f"@clause:{clause}" for clause in clauses)


def _failures(results, ruleset: str) -> list:
    """The results that failed; each must be a plain failure of a scenario of ``ruleset``'s folder.
    Scenarios of a variant (variantes-009 plays baralho-limpo) are not applicable to a mutant of
    its parent, and left out."""
    failed = [result for result in results if result.outcome not in (PASSED, NOT_APPLICABLE)]
    assert all(result.outcome == FAILED and result.feature.startswith(f"{ruleset}/") for result in failed), failed
    return failed


def _players(ruleset: RuleSet) -> set[int]:
    """The player counts the head-to-head outlines play under ``ruleset``: 2 and 4 where allowed."""
    return set(ruleset.players) & {2, 4}


def _head_to_head(ruleset: RuleSet, result) -> tuple[int, bool]:
    """Of a head-to-head outline's row: its player count, and whether the stronger manilha (the
    winner's card) was played before the other."""
    vira = Card.parse(result.example["vira"]) if "vira" in result.example else None  # none in manilha velha
    cards = {int(column[len("seat"):]): Card.parse(value) for column, value in result.example.items() if column.startswith("seat")}
    holders = sorted(seat for seat, card in cards.items() if card in ruleset.manilhas(vira))
    assert len(holders) == 2, result.example
    return len(cards), int(result.example["winner"]) == holders[0]


def test_the_rule_sets_rank_the_suits_and_cards_as_these_tests_take_them():
    for ruleset_id in RULESETS:
        ruleset = load_ruleset(ruleset_id)
        assert "".join(ruleset.manilha_suits) == RIGHT and "".join(ruleset.ranks) == "4567QJKA23", ruleset_id


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_reference_engine_passes_them(ruleset_id):
    results = run_suite(tags=_tags(SUIT_CLAUSES[ruleset_id] + RANK_CLAUSES[ruleset_id]), causes=False)
    assert len(results) > 2 * AT_LEAST and all(result.outcome == PASSED for result in results)


@pytest.mark.parametrize("order", WRONG_ORDERS)
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_wrong_order_of_the_manilha_suits_fails_scenarios_of_its_clause(ruleset_id, order):
    ruleset = load_ruleset(ruleset_id)
    mutant = manilha_suits(*order, why=f"manilha suits {order}, weakest first").mutant(ruleset).ruleset
    failed = _failures(run_suite(tags=_tags(SUIT_CLAUSES[ruleset_id]), rulesets={ruleset_id: mutant}, causes=False), ruleset_id)
    assert len(failed) >= AT_LEAST, [result.id for result in failed]
    if order in NEIGHBOURS_SWAPPED:
        seen = {_head_to_head(ruleset, result) for result in failed if result.example}
        assert seen == {(players, first) for players in _players(ruleset) for first in (True, False)}, seen


def _fixed_manilhas(order: str) -> Mutator:
    """The mutator whose fixed manilhas (manilha velha's) rank by suit as ``order``, weakest first."""
    def build(ruleset: RuleSet) -> RuleSet:
        return dataclasses.replace(ruleset, manilha_cards=tuple(sorted(ruleset.manilha_cards, key=lambda card: order.index(str(card.suit)))))

    return Mutator(f"manilha-cards:{order}", f"the fixed manilhas ranked by suit as {order}, weakest first", build, kind="manilha")


@pytest.mark.parametrize("order", WRONG_ORDERS)
def test_every_wrong_order_of_manilha_velha_s_fixed_manilhas_fails_scenarios_of_its_clause(order):
    # ATB-MANILHA-VELHA-1: "Da mais forte para a mais fraca: 4 de Paus / 7 de Copas / A de Espadas/ 7 de Ouros"
    ruleset = load_ruleset("manilha-velha")
    assert "".join(str(card.suit) for card in ruleset.manilha_cards) == RIGHT
    mutant = _fixed_manilhas(order).mutant(ruleset).ruleset
    failed = _failures(run_suite(tags="@clause:ATB-MANILHA-VELHA-1", rulesets={"manilha-velha": mutant}, causes=False), "atb-2004")
    assert len(failed) >= AT_LEAST, [result.id for result in failed]
    if order in NEIGHBOURS_SWAPPED:
        seen = {_head_to_head(ruleset, result) for result in failed if result.example}
        assert seen == {(players, first) for players in _players(ruleset) for first in (True, False)}, seen


def _ordinary_ranks_swapped(weaker: str, stronger: str):
    """The mutator whose ordinary cards of ranks ``weaker`` and ``stronger`` change places; the
    manilhas (and so the rank after the vira's) are left as they are."""
    def transform(ruleset: RuleSet, strengths: dict[Card, int], manilhas: tuple[Card, ...]) -> dict[Card, int]:
        ordinary = {str(card.rank): value for card, value in strengths.items() if card not in manilhas}
        if weaker not in ordinary or stronger not in ordinary:  # one rank is the manilhas': the others keep their order
            return dict(strengths)
        power = {weaker: ordinary[stronger], stronger: ordinary[weaker]}
        return {card: value if card in manilhas else power.get(str(card.rank), value) for card, value in strengths.items()}

    return strengths_mutator(f"ordinary:{weaker}<->{stronger}", f"ordinary {weaker} and {stronger} swapped", transform, kind="rank")


@pytest.mark.parametrize("place", range(9))
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_swap_of_two_neighbouring_ranks_fails_scenarios_of_its_clause(ruleset_id, place):
    ruleset = load_ruleset(ruleset_id)
    weaker, stronger = str(ruleset.ranks[place]), str(ruleset.ranks[place + 1])
    mutant = _ordinary_ranks_swapped(weaker, stronger).mutant(ruleset).ruleset
    failed = _failures(run_suite(tags=_tags(RANK_CLAUSES[ruleset_id]), rulesets={ruleset_id: mutant}, causes=False), ruleset_id)
    assert len(failed) >= AT_LEAST, [result.id for result in failed]
    rows = [result for result in failed if result.example]
    assert {sum(column.startswith("seat") for column in result.example) for result in rows} == _players(ruleset)


# ---------------------------------------------------------------------------------------- the example engine
MANILHA_SUITS = 'MANILHA_SUITS = "dshc"  # weakest first\n'
STRENGTHS = "    strength = {card: rules.ranks.index(card[0]) + 1 for card in deck(rules)}\n"


@pytest.mark.parametrize("order", NEIGHBOURS_SWAPPED)
def test_an_example_with_two_neighbouring_manilha_suits_swapped_fails_several_scenarios(tmp_path, order):
    fault = Fault(f"suits-{order}", f"the manilha suits, weakest first, are {order}",
                  MANILHA_SUITS, MANILHA_SUITS.replace(RIGHT, order), SUIT_CLAUSES["atb-2004"])
    results = run_against(faulty_copy(fault, tmp_path), _tags(SUIT_CLAUSES["atb-2004"]))
    failed = _failures(results, "atb-2004")
    assert len(failed) >= AT_LEAST, [result.id for result in failed]
    ruleset = load_ruleset("atb-2004")
    assert {_head_to_head(ruleset, result) for result in failed if result.example} == {(2, True), (2, False), (4, True), (4, False)}


@pytest.mark.parametrize("place", range(9))
def test_an_example_with_two_neighbouring_ranks_swapped_fails_several_scenarios(tmp_path, place):
    pair = "4567QJKA23"[place:place + 2]
    fault = Fault(f"ranks-{pair}", f"the ordinary {pair[0]} and {pair[1]} change places (the manilhas as they are)", STRENGTHS,
                  STRENGTHS.replace("rules.ranks.index", f'rules.ranks.replace("{pair}", "{pair[::-1]}").index'), RANK_CLAUSES["atb-2004"])
    failed = _failures(run_against(faulty_copy(fault, tmp_path), _tags(RANK_CLAUSES["atb-2004"])), "atb-2004")
    assert len(failed) >= AT_LEAST, [result.id for result in failed]
