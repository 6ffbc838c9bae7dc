"""The conformance suite has power over every clause atb-2004 encodes: a rule set that encodes one of
them wrongly fails a scenario tagged with that clause.

What is checked. Every source clause id the atb-2004 rule set encodes, in its own file or in its
lineage (paulista): each rule-file clause's ``source_id`` and its ``also`` ids, every id of
``ruleset.cites`` (the citations of parameters), and every id of ``ruleset.traces`` (a source clause
that an inherited clause or cited parameter already encodes). For each id, mutants of the RuleSet
that encode it wrongly:

- a clause (``source_id`` or ``also`` equal to the id): the rule set without it, and, when it has a
  ``when``, the rule set with that condition negated (``not (<when>)``);
- a cited parameter: the mutators of ``PARAMETER_MUTATORS``, one table, id -> mutators (swap two
  adjacent ranks, reverse the manilha suits, a ladder step removed or changed, the target changed,
  hands of 2 or 4 cards, a player count removed, ...). A cited id without an entry fails the test,
  and so does an entry for an id no longer cited: a new citation needs a new mutator;
- a traced id: the mutants of the clause or cited parameter that encodes it (its ``by``), which the
  scenarios tagged with the traced id must kill on their own.

Each mutant is played by the reference engine in place of atb-2004 (``run_suite(ruleset="atb-2004",
tags="@clause:<id>", rulesets={"atb-2004": mutant})``) and must be *killed*: at least one scenario
tagged with the id that played the mutant ``failed`` (or broke the engine: ``error``). A scenario that
is ``not_applicable`` (the mutant cannot deal its forced deal: a hand size of 4, no vira) is no kill:
it says nothing about the clause. A scenario the engine does not support (``unsupported``) kills only
the mutants that remove a player count, since declaring it does not play 6 is all such an engine does
differently, and the report shows it (the mutator says so with ``kills``).

Variant scenarios. Scenarios of features/atb-2004 that name manilha-velha or baralho-limpo also carry
some of these ids (ATB-MANILHAS-4, ATB-BARALHO-2); they run, but play the unmutated variant files, and
never count as a kill: the kill must come from a scenario that played the mutant. Why not mutate the
variants' copies too: the mutators are written against atb-2004's parameters (a 5/6 swap or the
manilha suits mean nothing in baralho-limpo's 24 cards or manilha-velha's fixed manilhas), the
variants have their own cited clauses (ATB-VARIANTES-2, ATB-MANILHA-VELHA-1, outside atb-2004's
lineage), and a variant scenario standing in for a missing atb-2004 scenario would hide that
atb-2004 itself has no power over the clause.

Kills by ``error`` are the reference interpreter refusing to go on with a rule set that leaves a
situation unruled (``RuleSetIncomplete``: no clause ends a hand of three played vazas, none chooses
who leads); an engine that breaks there fails the suite just the same (an error counts as failed).

Not mutated, and why: a deck with fewer cards (a rank or a suit removed, ATB-BARALHO-1) — played in
place of atb-2004, it makes every scenario that deals those cards not applicable, and no step reads
the cards of a shuffled deal, so no scenario can tell (a gap of the step vocabulary, not of the
scenarios); the direction of play is not a parameter of RuleSet. The way the cards are handed out
is (``deal.packet``: three together in Tombo na Última, one at a time in Jogo Livre), and its mutant
is built (``packet:1``) but excluded (``EXCLUDED``): an engine's shuffle is its own, so no step can
say which seat should have got which card of a shuffled deal, and a forced deal names every hand
whatever the packets.

Time: each distinct mutant is run once, with the tags of every id it is tested for; a mutant that
two ids share (dropping ATB-TRUCO-2.fold is wrong for ATB-TRUCO-2 and for ATB-TRUCO-3) runs once.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pytest

from truco_dsl.cards import Card, Rank, Suit
from truco_dsl.conformance.runner import ScenarioResult, run_suite
from truco_dsl.coverage import encoded_ids
from truco_dsl.lang.compiler import compile_condition
from truco_dsl.rules import RuleSet, load_ruleset

ATB = load_ruleset("atb-2004")
KILLING = frozenset({"failed", "error"})


@dataclass(frozen=True)
class Mutant:
    """A wrong atb-2004: ``key`` names it (and its rule set id), ``label`` says what is wrong,
    ``ruleset`` is played in place of atb-2004, ``kills``: the outcomes that count as a kill."""

    key: str
    label: str
    ruleset: RuleSet
    kills: frozenset[str] = KILLING


@dataclass(frozen=True)
class Mutator:
    """How to make a parameter mutant from atb-2004."""

    key: str
    label: str
    build: Callable[[RuleSet], RuleSet]
    kills: frozenset[str] = KILLING

    def mutant(self, ruleset: RuleSet) -> Mutant:
        return Mutant(self.key, self.label, _named(self.build(ruleset), self.key), self.kills)


def _named(ruleset: RuleSet, key: str) -> RuleSet:
    mutant_id = f"{ruleset.id}~{key}"
    return dataclasses.replace(ruleset, id=mutant_id, lineage=(mutant_id,) + ruleset.lineage)


def _with_methods(ruleset: RuleSet, name: str, **methods: Callable) -> RuleSet:
    """The rule set as an instance of a RuleSet subclass overriding ``methods`` (for what no
    parameter expresses: which rank the manilha is, how strengths are derived)."""
    cls = type(name, (type(ruleset),), methods)
    return cls(**{field.name: getattr(ruleset, field.name) for field in dataclasses.fields(ruleset)})


# ---------------------------------------------------------------------------------------- mutators
def swap_ranks(rank: str) -> Mutator:
    def build(ruleset: RuleSet) -> RuleSet:
        ranks = list(ruleset.ranks)
        i = ranks.index(Rank(rank))
        ranks[i], ranks[i + 1] = ranks[i + 1], ranks[i]
        return dataclasses.replace(ruleset, ranks=tuple(ranks))

    after = ATB.ranks[ATB.ranks.index(Rank(rank)) + 1]
    return Mutator(f"ranks:{rank}<->{after}", f"ranks {rank} and {after} swapped", build)


def manilha_suits(*suits: str, why: str) -> Mutator:
    return Mutator(f"manilha-suits:{''.join(suits) or 'none'}", why,
                   lambda ruleset: dataclasses.replace(ruleset, manilha_suits=tuple(Suit(suit) for suit in suits)))


def manilha_offset(offset: int, why: str, wrap: bool = True) -> Mutator:
    """The manilha is the rank ``offset`` after the vira's (1 is right), wrapping or not."""

    def manilhas(self: RuleSet, vira: Card | None) -> tuple[Card, ...]:
        if vira is None:
            raise ValueError(f"rule set {self.id} turns a vira to find the manilhas; none was given")
        position = self.ranks.index(vira.rank) + offset
        if position >= len(self.ranks) and not wrap:
            return ()
        return tuple(Card(self.ranks[position % len(self.ranks)], suit) for suit in self.manilha_suits)

    key = f"manilha:+{offset}" + ("" if wrap else ":no-wrap")
    return Mutator(key, why, lambda ruleset: _with_methods(ruleset, "ManilhaMutant", manilhas=manilhas))


def packets_of(size: int, why: str) -> Mutator:
    return Mutator(f"packet:{size}", why, lambda ruleset: dataclasses.replace(ruleset, packet=size))


def strengths_mutator(key: str, why: str, transform: Callable[[RuleSet, dict[Card, int], tuple[Card, ...]], dict[Card, int]]) -> Mutator:
    def strengths(self: RuleSet, vira: Card | None) -> dict[Card, int]:
        return transform(self, RuleSet.strengths(self, vira), self.manilhas(vira))

    return Mutator(key, why, lambda ruleset: _with_methods(ruleset, "StrengthMutant", strengths=strengths))


def _suits_order_ordinary_cards(ruleset: RuleSet, strengths: dict[Card, int], manilhas: tuple[Card, ...]) -> dict[Card, int]:
    return {card: power * 10 + (0 if card in manilhas else ruleset.suits.index(card.suit)) for card, power in strengths.items()}


def _manilhas_equal(ruleset: RuleSet, strengths: dict[Card, int], manilhas: tuple[Card, ...]) -> dict[Card, int]:
    return {card: len(ruleset.ranks) + 1 if card in manilhas else power for card, power in strengths.items()}


def _manilhas_below_the_3(ruleset: RuleSet, strengths: dict[Card, int], manilhas: tuple[Card, ...]) -> dict[Card, int]:
    top = len(ruleset.ranks) * 10  # the 3, scaled
    return {card: top - 5 + manilhas.index(card) if card in manilhas else power * 10 for card, power in strengths.items()}


def replace(key: str, why: str, kills: frozenset[str] = KILLING, **changes: object) -> Mutator:
    return Mutator(key, why, lambda ruleset: dataclasses.replace(ruleset, **changes), kills)


def without_vira(ruleset: RuleSet) -> RuleSet:
    """No vira turned; the manilhas fixed (those of a vira 4) so that the rule set stays playable."""
    return dataclasses.replace(ruleset, vira=False, manilha_rule="fixed", manilha_cards=ruleset.manilhas(Card.parse("4c")))


#: a player count the rule set does not allow only makes the engine decline those games
UNSUPPORTED_KILLS = KILLING | {"unsupported"}
HAND_OF_4 = replace("hand-size:4", "hands of 4 cards", hand_size=4)
HAND_OF_2 = replace("hand-size:2", "hands of 2 cards", hand_size=2)
MANILHA_IS_THE_VIRAS_RANK = manilha_offset(0, "the manilha is the vira's own rank")
MANILHA_TWO_ABOVE = manilha_offset(2, "the manilha is the rank two above the vira's")
NO_VIRA = Mutator("no-vira", "no vira turned (manilhas fixed)", without_vira)
PICADAS = packets_of(1, "cards dealt one at a time (Jogo Livre's picadas), not three together")

#: cited parameter id -> mutators that encode the parameter it documents wrongly
PARAMETER_MUTATORS: dict[str, tuple[Mutator, ...]] = {
    # table: players [2, 4, 6] ("jogador, dupla ou trio"); deal: 3 cards, the vira turned last
    "ATB-TRUCO-4": (replace("players:2,4", "no game of 6 players (no trio)", UNSUPPORTED_KILLS, players=(2, 4)),
                    replace("players:2,6", "no game of 4 players (no dupla)", UNSUPPORTED_KILLS, players=(2, 6))),
    "ATB-TOMBO-1": (NO_VIRA, HAND_OF_4),
    # deal: Tombo na Última, the method by default: three together to each seat, the vira last, in every hand
    "ATB-PREAMBULO-5": (NO_VIRA, PICADAS, HAND_OF_4),
    "ATB-CARTEADA-3": (HAND_OF_2, HAND_OF_4, PICADAS),
    "ATB-MAO-DE-ONZE-1": (HAND_OF_2, HAND_OF_4, PICADAS),
    # referee: the infractions a referee may report at any moment
    "ATB-NORMAS-9": (replace("no-infractions", "no referee reports: every infraction unknown", infractions=()),),
    # deck
    "ATB-BARALHO-1": (replace("two-decks", "two decks: every card twice", ranks=ATB.ranks + ATB.ranks),),
    "ATB-BARALHO-2": tuple(swap_ranks(str(rank)) for rank in ATB.ranks[:-1]),
    "ATB-BARALHO-3": (swap_ranks("4"), swap_ranks("2"),
                      strengths_mutator("suits-order-ordinary-cards", "the suit orders cards of one rank", _suits_order_ordinary_cards)),
    "ATB-BARALHO-4": (strengths_mutator("suits-order-ordinary-cards", "the suit orders cards of one rank", _suits_order_ordinary_cards),
                      strengths_mutator("manilhas-equal", "the four manilhas equal whatever their suit", _manilhas_equal)),
    # manilhas
    "ATB-MANILHAS-1": (MANILHA_IS_THE_VIRAS_RANK, MANILHA_TWO_ABOVE,
                       manilha_suits("s", "h", "c", why="the ouros of the manilha rank is no manilha")),
    "ATB-MANILHAS-2": (manilha_suits(why="no manilhas: the card after the vira is an ordinary card"),
                       strengths_mutator("manilhas-below-the-3", "the manilhas rank below the 3", _manilhas_below_the_3)),
    "ATB-MANILHAS-3": (manilha_suits("c", "h", "s", "d", why="manilha suits reversed"),
                       manilha_suits("s", "d", "h", "c", why="manilha suits ouros and espadas swapped"),
                       manilha_suits("d", "h", "s", "c", why="manilha suits espadas and copas swapped"),
                       manilha_suits("d", "s", "c", "h", why="manilha suits copas and paus swapped")),
    "ATB-MANILHAS-4": (MANILHA_IS_THE_VIRAS_RANK, MANILHA_TWO_ABOVE,
                       manilha_offset(1, "a vira 3 makes no manilha (no wrap to the 4)", wrap=False)),
    "ATB-MANILHA-NOVA-1": (Mutator("fixed-manilhas", "the manilhas are always those of a vira 4, whatever the vira",
                                   lambda ruleset: dataclasses.replace(ruleset, manilha_rule="fixed",
                                                                       manilha_cards=ruleset.manilhas(Card.parse("4c")))),),
    # deal
    "ATB-ESTRUTURA-2": (HAND_OF_2, HAND_OF_4),
    # play: a card may be played face down ("cartas descartadas encobertas")
    "ATB-JOGO-LIVRE-2": (replace("no-covered-cards", "no card may ever be played face down", covered=False),),
    # stakes and game
    "ATB-ESTRUTURA-1": (replace("ladder:2,3,6,9,12", "a hand starts worth 2", ladder=(2, 3, 6, 9, 12)),
                        replace("target:11", "the game is won at 11", target=11),
                        replace("target:13", "the game is won at 13", target=13)),
    "ATB-TRUCO-1": (replace("ladder:1,6,9,12", "no truco step: truco asks 6", ladder=(1, 6, 9, 12)),
                    replace("ladder:1,2,6,9,12", "truco is worth 2", ladder=(1, 2, 6, 9, 12))),
    "ATB-TRUCO-2": (replace("ladder:1,3,9,12", "no seis: the second raise asks 9", ladder=(1, 3, 9, 12)),
                    replace("ladder:1,3,7,9,12", "seis is worth 7", ladder=(1, 3, 7, 9, 12))),
    "ATB-TRUCO-3": (replace("ladder:1,3,6,12", "no nove", ladder=(1, 3, 6, 12)),
                    replace("ladder:1,3,6,9", "no doze", ladder=(1, 3, 6, 9)),
                    replace("ladder:1,3,6,10,12", "nove is worth 10", ladder=(1, 3, 6, 10, 12)),
                    replace("ladder:1,3,6,9,12,15", "a quinze above the doze", ladder=(1, 3, 6, 9, 12, 15))),
}

#: (id, mutant key) -> why the mutant is not required to be killed.
_PACKETS_UNSEEN = ("no step reads which seat got which card of a shuffled deal (an engine's shuffle is its own) "
                   "and a forced deal names every hand: dealing one card at a time cannot be told from three together")
_NO_VIRA_IS_A_VARIANT = ("a rule set played in place of atb-2004 without a vira stands for manilha velha: the "
                         "scenarios about the vira are not applicable to it, by design; an engine of atb-2004 that "
                         "turns no vira fails them (tests/test_features_lint.py::"
                         "test_shuffled_deals_without_a_vira_fail_an_engine_of_a_rule_set_with_one)")
EXCLUDED: dict[tuple[str, str], str] = {
    ("ATB-PREAMBULO-5", NO_VIRA.key): _NO_VIRA_IS_A_VARIANT,
    ("ATB-TOMBO-1", NO_VIRA.key): _NO_VIRA_IS_A_VARIANT,
    ("ATB-PREAMBULO-5", PICADAS.key): _PACKETS_UNSEEN,
    ("ATB-CARTEADA-3", PICADAS.key): _PACKETS_UNSEEN,
    ("ATB-MAO-DE-ONZE-1", PICADAS.key): _PACKETS_UNSEEN,
}


# ---------------------------------------------------------------------------------------- the ids
def clause_mutants(ruleset: RuleSet, clause_id: str) -> list[Mutant]:
    """The rule set without each clause encoding ``clause_id``, and with its ``when`` negated."""
    mutants = []
    for position, clause in enumerate(ruleset.clauses):
        if clause.source_id != clause_id and clause_id not in clause.also:
            continue
        others = ruleset.clauses[:position] + ruleset.clauses[position + 1:]
        key = f"drop:{clause.id}"
        mutants.append(Mutant(key, f"clause {clause.id} dropped", _named(dataclasses.replace(ruleset, clauses=others), key)))
        if clause.when is not None:
            negated = dataclasses.replace(clause, when=compile_condition(f"not ({clause.when.source})", clause.hook))
            clauses = ruleset.clauses[:position] + (negated,) + ruleset.clauses[position + 1:]
            key = f"not-when:{clause.id}"
            mutants.append(Mutant(key, f"clause {clause.id} with its when negated: not ({clause.when.source})",
                                  _named(dataclasses.replace(ruleset, clauses=clauses), key)))
    return mutants


Mutators = dict[str, tuple[Mutator, ...]]


def encoder_mutants(ruleset: RuleSet, encoder: str, mutators: Mutators, whole_source: bool = True) -> list[Mutant]:
    """The mutants of what a trace's ``by`` names: one rule-file clause (an id with its ``.part``),
    or a source id, as clauses and cited parameters (``mutators``) encode it. ``whole_source``
    False: a ``by`` that is exactly the id of one rule-file clause (``ATB-TRUCO-2``, the accepting
    clause, not its ``.fold`` part) names that clause alone."""
    if "." in encoder or (not whole_source and any(clause.id == encoder for clause in ruleset.clauses)):
        return [mutant for mutant in clause_mutants(ruleset, encoder.partition(".")[0])
                if mutant.key.endswith(f":{encoder}")]
    mutants = clause_mutants(ruleset, encoder)
    if encoder in ruleset.cites:
        mutants += [mutator.mutant(ruleset) for mutator in mutators.get(encoder, ())]
    return mutants


def traced_mutants(ruleset: RuleSet, clause_id: str, mutators: Mutators, whole_source: bool = True) -> list[Mutant]:
    """The clause mutants of ``clause_id`` and, when it is traced, those of its encoder not among them."""
    mutants = clause_mutants(ruleset, clause_id)
    if clause_id in ruleset.traces:
        keys = {mutant.key for mutant in mutants}
        mutants += [mutant for mutant in encoder_mutants(ruleset, ruleset.traces[clause_id], mutators, whole_source)
                    if mutant.key not in keys]
    return mutants


def mutants_for(ruleset: RuleSet, clause_id: str) -> list[Mutant]:
    mutants = traced_mutants(ruleset, clause_id, PARAMETER_MUTATORS)
    if clause_id in ruleset.cites:
        keys = {mutant.key for mutant in mutants}
        mutants += [mutant for mutator in PARAMETER_MUTATORS.get(clause_id, ()) if (mutant := mutator.mutant(ruleset)).key not in keys]
    return [mutant for mutant in mutants if (clause_id, mutant.key) not in EXCLUDED]


IDS = sorted(encoded_ids(ATB))
PLAN: dict[str, list[Mutant]] = {clause_id: mutants_for(ATB, clause_id) for clause_id in IDS}


def _tags(ids: Iterable[str]) -> str:
    return " or ".join(f"@clause:{clause_id}" for clause_id in sorted(ids))


#: mutant key -> the ids it is tested for, and the mutant
IDS_OF: dict[str, set[str]] = {}
MUTANTS: dict[str, Mutant] = {}
for _clause_id, _mutants in PLAN.items():
    for _mutant in _mutants:
        IDS_OF.setdefault(_mutant.key, set()).add(_clause_id)
        MUTANTS.setdefault(_mutant.key, _mutant)


@functools.cache
def results_of(key: str) -> tuple[ScenarioResult, ...]:
    """The results of one run_suite with mutant ``key`` in place of atb-2004, over the scenarios of
    every id it is tested for (run once, when first asked for)."""
    return tuple(run_suite(ruleset="atb-2004", tags=_tags(IDS_OF[key]), rulesets={"atb-2004": MUTANTS[key].ruleset}))


# ---------------------------------------------------------------------------------------- tests
def test_every_cited_id_has_a_mutator_and_every_mutator_a_cited_id():
    cited = set(ATB.cites)
    missing = sorted(cited - set(PARAMETER_MUTATORS))
    stale = sorted(set(PARAMETER_MUTATORS) - cited)
    assert not missing, f"cited in atb-2004's lineage but no mutator in PARAMETER_MUTATORS: {missing}"
    assert not stale, f"PARAMETER_MUTATORS has mutators for ids atb-2004 no longer cites: {stale}"
    empty = sorted(clause_id for clause_id, mutators in PARAMETER_MUTATORS.items() if not mutators)
    assert not empty, f"cited ids with an empty mutator list: {empty}"


def test_every_encoded_id_has_a_mutant():
    assert IDS and all(PLAN[clause_id] for clause_id in IDS), [clause_id for clause_id in IDS if not PLAN[clause_id]]


def test_exclusions_name_real_mutants():
    known = {(clause_id, mutant.key) for clause_id in IDS for mutant in clause_mutants(ATB, clause_id)}
    known |= {(clause_id, mutator.key) for clause_id, mutators in PARAMETER_MUTATORS.items() for mutator in mutators}
    assert set(EXCLUDED) <= known, sorted(set(EXCLUDED) - known)


def test_the_mutants_are_different_from_atb_2004():
    """Every parameter mutant changes what it says it changes (a mutator that builds atb-2004 again
    would be killed by nothing and prove nothing)."""
    probe = [Card.parse(token) for token in ("4c", "7s", "Kh", "3d")]
    def signature(ruleset: RuleSet) -> tuple:
        return (ruleset.players, ruleset.ranks, ruleset.manilha_suits, ruleset.hand_size, ruleset.vira, ruleset.ladder,
                ruleset.target, ruleset.manilha_rule, ruleset.covered, ruleset.packet, ruleset.match_wins, ruleset.infractions,
                tuple(tuple(sorted(ruleset.strengths(vira).items())) for vira in probe)
                if ruleset.vira else ruleset.manilha_cards)
    same = sorted({mutator.key for mutators in PARAMETER_MUTATORS.values() for mutator in mutators
                   if signature(mutator.build(ATB)) == signature(ATB)})
    assert not same, f"mutators that do not change atb-2004: {same}"


def test_atb_2004_itself_passes_every_scenario():
    results = run_suite(ruleset="atb-2004")
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


@pytest.mark.parametrize("clause_id", IDS)
def test_every_mutant_of_the_clause_fails_a_scenario_tagged_with_it(clause_id):
    survivors = [survivor(mutant, (result for result in results_of(mutant.key) if clause_id in result.clauses))
                 for mutant in PLAN[clause_id]]
    survivors = [why for why in survivors if why]
    assert not survivors, f"{clause_id}: " + "\n".join(survivors)


# ---------------------------------------------------------------------------------------- FPT 1983 and Enecomp
# Their own clauses (ids of their own regulation, in their own rule file, or traced to an inherited
# clause) get the same clause mutants — dropped, ``when`` negated — each played in place of the rule
# set against the scenarios tagged with the id. Their cited parameters are not mutated here (the
# mutators of PARAMETER_MUTATORS are written for atb-2004's citations); the core they share with
# atb-2004 is proved by the atb-2004 plan above.
OWN = {"fpt-1983": "FPT-", "enecomp": "ENE-"}
REGULATION_RULESETS = {ruleset_id: load_ruleset(ruleset_id) for ruleset_id in OWN}


OWN_PLAN: dict[tuple[str, str], list[Mutant]] = {}
for _ruleset_id, _prefix in OWN.items():
    _ruleset = REGULATION_RULESETS[_ruleset_id]
    for _clause_id in sorted(clause_id for clause_id in encoded_ids(_ruleset) if clause_id.startswith(_prefix)):
        _found = traced_mutants(_ruleset, _clause_id, {}, whole_source=False)  # clause mutants only
        if _found:
            OWN_PLAN[(_ruleset_id, _clause_id)] = _found


def test_fpt_and_enecomp_clauses_have_mutants():
    assert sum(1 for ruleset_id, _ in OWN_PLAN if ruleset_id == "fpt-1983") >= 20
    assert sum(1 for ruleset_id, _ in OWN_PLAN if ruleset_id == "enecomp") >= 10


@pytest.mark.parametrize("ruleset_id, clause_id", sorted(OWN_PLAN), ids=[f"{r}:{c}" for r, c in sorted(OWN_PLAN)])
def test_every_mutant_of_an_fpt_or_enecomp_clause_fails_a_scenario_tagged_with_it(ruleset_id, clause_id):
    survivors = [survivor(mutant, run_suite(ruleset=ruleset_id, tags=f"@clause:{clause_id}", rulesets={ruleset_id: mutant.ruleset}))
                 for mutant in OWN_PLAN[(ruleset_id, clause_id)]]
    survivors = [why for why in survivors if why]
    assert not survivors, f"{ruleset_id} {clause_id}: " + "\n".join(survivors)
