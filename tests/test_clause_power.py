"""The conformance suite has power over every clause the three regulations' rule sets encode: a rule
set that encodes one of them wrongly fails a scenario tagged with that clause.

What is checked. For atb-2004, fpt-1983 and enecomp (``PLANS``), every source clause id of the rule
set's own regulation that it encodes, in its own file or in its lineage (paulista, written in ATB
ids): each rule-file clause's ``source_id`` and its ``also`` ids, every id of ``ruleset.cites`` (the
citations of parameters), and every id of ``ruleset.traces`` (a source clause that an inherited
clause or cited parameter already encodes). For each id, mutants of the RuleSet that encode it
wrongly:

- a clause (``source_id`` or ``also`` equal to the id): the rule set without it, and, when it has a
  ``when``, the rule set with that condition negated (``not (<when>)``);
- a cited parameter: the mutators of the rule set's table (``ATB_MUTATORS``, ``FPT_MUTATORS``,
  ``ENE_MUTATORS``; id -> mutators: swap two adjacent ranks, reverse the manilha suits, a ladder
  step removed or changed, the target changed, hands of 2 or 4 cards, a player count removed, the
  match's wins changed, ...). A cited id of the regulation with neither an entry nor an ``UNMUTATED``
  reason (what it documents is no parameter of a rule set) fails the test, and so does an entry for
  an id no longer cited: a new citation needs a new mutator;
- a traced id: the mutants of the clause or cited parameter that encodes it (its ``by``), which the
  scenarios tagged with the traced id must kill on their own (FPT's FPT-VALORES-ZAPE is encoded by
  ATB-MANILHAS-3's suit order: its scenarios must kill the suit swaps that move the zape).

Each mutant is played by the reference engine in place of its rule set (``run_suite(tags=
"@clause:<id>", rulesets={"fpt-1983": mutant})``, every folder, so the desacordos rows of that rule
set play it too) and must be *killed*: at least one scenario tagged with the id that played the
mutant ``failed`` (or broke the engine: ``error``). A scenario that is ``not_applicable`` (the
mutant cannot deal its forced deal: a hand size of 4, no vira) is no kill: it says nothing about the
clause. A scenario the engine does not support (``unsupported``) kills only the mutants that remove
a player count, since declaring it does not play 6 is all such an engine does differently, and the
report shows it (the mutator says so with ``kills``). ``EXCLUDED`` lists, with why, the (rule set,
id, mutant) that need not be killed.

Variant scenarios. Scenarios of features/atb-2004 that name manilha-velha or baralho-limpo also carry
some of these ids (ATB-MANILHAS-4, ATB-BARALHO-2); they run, but play the unmutated variant files, and
never count as a kill: the kill must come from a scenario that played the mutant. Why not mutate the
variants' copies too: the mutators are written against the regulations' parameters (a 5/6 swap or the
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
scenarios); the direction of play and the teams are not parameters of RuleSet (seats are numbered in
the order of play, teams alternate). The way the cards are handed out is (``deal.packet``: three
together in Tombo na Última, one at a time in Jogo Livre), and its mutant is built (``packet:1``) but
excluded: an engine's shuffle is its own, so no step can say which seat should have got which card
of a shuffled deal, and a forced deal names every hand whatever the packets.

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
    """A wrong rule set: ``key`` names it (and its rule set id), ``label`` says what is wrong,
    ``ruleset`` is played in place of the rule set, ``kills``: the outcomes that count as a kill."""

    key: str
    label: str
    ruleset: RuleSet
    kills: frozenset[str] = KILLING


@dataclass(frozen=True)
class Mutator:
    """How to make a parameter mutant from a rule set."""

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
    """The rank ``rank`` and the next stronger one swapped (the three regulations' ranks are the same)."""
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

#: a player count the rule set does not allow only makes the engine decline those games
UNSUPPORTED_KILLS = KILLING | {"unsupported"}
HAND_OF_4 = replace("hand-size:4", "hands of 4 cards", hand_size=4)
HAND_OF_2 = replace("hand-size:2", "hands of 2 cards", hand_size=2)
MANILHA_IS_THE_VIRAS_RANK = manilha_offset(0, "the manilha is the vira's own rank")
MANILHA_TWO_ABOVE = manilha_offset(2, "the manilha is the rank two above the vira's")
MANILHA_NO_WRAP = manilha_offset(1, "a vira 3 makes no manilha (no wrap to the 4)", wrap=False)
NO_VIRA = Mutator("no-vira", "no vira turned (manilhas fixed)", without_vira)
PICADAS = packets_of(1, "cards dealt one at a time (Jogo Livre's picadas), not three together")
TWO_DECKS = Mutator("two-decks", "two decks: every card twice", lambda ruleset: dataclasses.replace(ruleset, ranks=ruleset.ranks + ruleset.ranks))
RANK_SWAPS = tuple(swap_ranks(str(rank)) for rank in ATB.ranks[:-1])
SUITS_ORDER_ORDINARY_CARDS = strengths_mutator("suits-order-ordinary-cards", "the suit orders cards of one rank", _suits_order_ordinary_cards)
MANILHAS_EQUAL = strengths_mutator("manilhas-equal", "the four manilhas equal whatever their suit", _manilhas_equal)
NO_MANILHAS = manilha_suits(why="no manilhas: the card after the vira is an ordinary card")
MANILHAS_BELOW_THE_3 = strengths_mutator("manilhas-below-the-3", "the manilhas rank below the 3", _manilhas_below_the_3)
MANILHA_SUIT_SWAPS = (manilha_suits("c", "h", "s", "d", why="manilha suits reversed"),
                      manilha_suits("s", "d", "h", "c", why="manilha suits ouros and espadas swapped"),
                      manilha_suits("d", "h", "s", "c", why="manilha suits espadas and copas swapped"),
                      manilha_suits("d", "s", "c", "h", why="manilha suits copas and paus swapped"))
NO_COVERED_CARDS = replace("no-covered-cards", "no card may ever be played face down", covered=False)
NO_INFRACTIONS = replace("no-infractions", "no referee reports: every infraction unknown", infractions=())
NO_TRUCO_STEP = (replace("ladder:1,6,9,12", "no truco step: truco asks 6", ladder=(1, 6, 9, 12)),
                 replace("ladder:1,2,6,9,12", "truco is worth 2", ladder=(1, 2, 6, 9, 12)))
NO_SEIS_STEP = (replace("ladder:1,3,9,12", "no seis: the second raise asks 9", ladder=(1, 3, 9, 12)),
                replace("ladder:1,3,7,9,12", "seis is worth 7", ladder=(1, 3, 7, 9, 12)))
NO_NOVE = replace("ladder:1,3,6,12", "no nove", ladder=(1, 3, 6, 12))
NOVE_IS_10 = replace("ladder:1,3,6,10,12", "nove is worth 10", ladder=(1, 3, 6, 10, 12))
NO_DOZE = replace("ladder:1,3,6,9", "no doze", ladder=(1, 3, 6, 9))
A_QUINZE = replace("ladder:1,3,6,9,12,15", "a quinze above the doze", ladder=(1, 3, 6, 9, 12, 15))
STARTS_AT_2 = replace("ladder:2,3,6,9,12", "a hand starts worth 2", ladder=(2, 3, 6, 9, 12))
TARGETS = (replace("target:11", "the game is won at 11", target=11), replace("target:13", "the game is won at 13", target=13))

Mutators = dict[str, tuple[Mutator, ...]]

#: atb-2004: cited parameter id -> mutators that encode the parameter it documents wrongly
ATB_MUTATORS: Mutators = {
    # table: players [2, 4, 6] ("jogador, dupla ou trio"); deal: 3 cards, the vira turned last
    "ATB-TRUCO-4": (replace("players:2,4", "no game of 6 players (no trio)", UNSUPPORTED_KILLS, players=(2, 4)),
                    replace("players:2,6", "no game of 4 players (no dupla)", UNSUPPORTED_KILLS, players=(2, 6))),
    "ATB-TOMBO-1": (NO_VIRA, HAND_OF_4),
    # deal: Tombo na Última, the method by default: three together to each seat, the vira last, in every hand
    "ATB-PREAMBULO-5": (NO_VIRA, PICADAS, HAND_OF_4),
    "ATB-CARTEADA-3": (HAND_OF_2, HAND_OF_4, PICADAS),
    "ATB-MAO-DE-ONZE-1": (HAND_OF_2, HAND_OF_4, PICADAS),
    # referee: the infractions a referee may report at any moment
    "ATB-NORMAS-9": (NO_INFRACTIONS,),
    # deck
    "ATB-BARALHO-1": (TWO_DECKS,),
    "ATB-BARALHO-2": RANK_SWAPS,
    "ATB-BARALHO-3": (swap_ranks("4"), swap_ranks("2"), SUITS_ORDER_ORDINARY_CARDS),
    "ATB-BARALHO-4": (SUITS_ORDER_ORDINARY_CARDS, MANILHAS_EQUAL),
    # manilhas
    "ATB-MANILHAS-1": (MANILHA_IS_THE_VIRAS_RANK, MANILHA_TWO_ABOVE,
                       manilha_suits("s", "h", "c", why="the ouros of the manilha rank is no manilha")),
    "ATB-MANILHAS-2": (NO_MANILHAS, MANILHAS_BELOW_THE_3),
    "ATB-MANILHAS-3": MANILHA_SUIT_SWAPS,
    "ATB-MANILHAS-4": (MANILHA_IS_THE_VIRAS_RANK, MANILHA_TWO_ABOVE, MANILHA_NO_WRAP),
    "ATB-MANILHA-NOVA-1": (Mutator("fixed-manilhas", "the manilhas are always those of a vira 4, whatever the vira",
                                   lambda ruleset: dataclasses.replace(ruleset, manilha_rule="fixed",
                                                                       manilha_cards=ruleset.manilhas(Card.parse("4c")))),),
    # deal
    "ATB-ESTRUTURA-2": (HAND_OF_2, HAND_OF_4),
    # play: a card may be played face down ("cartas descartadas encobertas")
    "ATB-JOGO-LIVRE-2": (NO_COVERED_CARDS,),
    # stakes and game
    "ATB-ESTRUTURA-1": (STARTS_AT_2,) + TARGETS,
    "ATB-TRUCO-1": NO_TRUCO_STEP,
    "ATB-TRUCO-2": NO_SEIS_STEP,
    "ATB-TRUCO-3": (NO_NOVE, NO_DOZE, NOVE_IS_10, A_QUINZE),
}

#: fpt-1983's own citations. It inherits paulista's (ATB ids, mutated as for atb-2004): they serve
#: its traced ids (FPT-VALORES-ZAPE is encoded by ATB-MANILHAS-3, so the FPT scenarios tagged
#: FPT-VALORES-ZAPE must kill the manilha-suit mutants).
FPT_MUTATORS: Mutators = ATB_MUTATORS | {
    # deal: the three cards of a mão, in packets of three, the vira last, Tombo na Última by default
    "FPT-TERMINOLOGIA-A-MAO": (HAND_OF_2, HAND_OF_4),
    "FPT-PREAMBULO-5": (NO_VIRA, PICADAS, HAND_OF_4),
    "FPT-TOMBO-1": (NO_VIRA, PICADAS, HAND_OF_4),
    "FPT-CARTEADA-3": (HAND_OF_2, HAND_OF_4, PICADAS),
    "FPT-CARTEADA-CANTADA-3": (HAND_OF_2, HAND_OF_4, PICADAS),
    # match: the best of five partidas
    "FPT-TEMPO-e": (replace("match-wins:2", "the best of three partidas", match_wins=2),
                    replace("match-wins:4", "the best of seven partidas", match_wins=4)),
}

#: enecomp's citations (it cites no ATB id: every section it sets, it cites itself).
ENE_MUTATORS: Mutators = {
    # table
    "ENE-MESA-1": (replace("players:2", "no game of 4 players", UNSUPPORTED_KILLS, players=(2,)),),
    # deck
    "ENE-CARTAS-1": (TWO_DECKS,),
    "ENE-CARTAS-2": RANK_SWAPS,
    # manilha
    "ENE-MANILHA-1": (MANILHA_IS_THE_VIRAS_RANK, MANILHA_TWO_ABOVE),
    "ENE-MANILHA-2": (MANILHA_IS_THE_VIRAS_RANK, MANILHA_TWO_ABOVE),
    "ENE-MANILHA-3": (NO_MANILHAS, MANILHAS_BELOW_THE_3),
    "ENE-MANILHA-4": (SUITS_ORDER_ORDINARY_CARDS, MANILHAS_EQUAL),
    "ENE-MANILHA-5": MANILHA_SUIT_SWAPS,
    "ENE-MANILHA-6": (MANILHA_IS_THE_VIRAS_RANK, MANILHA_TWO_ABOVE, MANILHA_SUIT_SWAPS[0]),
    "ENE-MANILHA-7": (MANILHA_NO_WRAP, MANILHA_IS_THE_VIRAS_RANK),
    # deal: player 1 shuffles and deals three cards to each player, and turns one
    "ENE-MESA-5": (HAND_OF_2, HAND_OF_4),
    "ENE-MESA-7": (HAND_OF_2, HAND_OF_4, NO_VIRA),
    "ENE-DISTRIBUICAO-2": (HAND_OF_2, HAND_OF_4),
    # stakes: the partida is worth 1, 3, 6, 9 or 12, and only its value is negotiated
    "ENE-TRUCO-1": (replace("ladder:1", "nothing negotiated: no truco at all", ladder=(1,)),),
    "ENE-PONTUACAO-5": (STARTS_AT_2, NOVE_IS_10, NO_DOZE),
    "ENE-TRUCO-2": NO_TRUCO_STEP,
    "ENE-TRUCO-3-PEDIR": NO_SEIS_STEP,
    "ENE-TRUCO-6-PEDIR": (NO_NOVE, NOVE_IS_10),
    "ENE-TRUCO-9-PEDIR": (NO_DOZE, replace("ladder:1,3,6,9,13", "doze is worth 13", ladder=(1, 3, 6, 9, 13))),
    # play: "embarcar" a card, which is then worth nothing
    "ENE-OBS-1": (NO_COVERED_CARDS,),
    "ENE-OBS-2": (NO_COVERED_CARDS,),
    # game and match: séries of 12, the match to two séries
    "ENE-PONTUACAO-3": TARGETS,
    "ENE-PONTUACAO-2": (replace("match-wins:1", "one série is the match", match_wins=1),
                        replace("match-wins:3", "the match to three séries", match_wins=3)),
    # referee: the mão de ferro's cards looked at
    "ENE-FERRO-2": (NO_INFRACTIONS,),
}

#: (rule set id, cited id) -> why no parameter mutant can encode what the id documents wrongly.
_NO_PARAMETER = ("is not a parameter of a rule set: seats are numbered in the order of play and the teams "
                 "alternate round it (spec/schema/ruleset.schema.json: table.teams is 2, table.direction only "
                 "names how the seats sit at a physical table), so no rule file can say otherwise")
UNMUTATED: dict[tuple[str, str], str] = {
    ("enecomp", "ENE-MESA-2"): "who partners whom " + _NO_PARAMETER + "; ene-abertura-003/004 fail an engine "
                                "that pairs the seats otherwise",
    ("enecomp", "ENE-MESA-3"): "the direction of play " + _NO_PARAMETER + "; every scenario that plays a "
                                "vaza fails an engine whose next seat is not the next number",
    ("enecomp", "ENE-DISTRIBUICAO-3"): "the vira dealt last: no step sees the order in which a shuffled deal's "
                                        "cards came off the deck, and a forced deal names every card; what can be "
                                        "seen, a turned card that is in no hand, ene-distribuicao-001/002 check",
}

#: (rule set id, id, mutant key) -> why the mutant is not required to be killed.
_PACKETS_UNSEEN = ("no step reads which seat got which card of a shuffled deal (an engine's shuffle is its own) "
                   "and a forced deal names every hand: dealing one card at a time cannot be told from three together")
_NO_VIRA_IS_A_VARIANT = ("a rule set played in place of one with a vira, without a vira, stands for manilha velha: "
                         "the scenarios about the vira are not applicable to it, by design; an engine that should "
                         "turn a vira and turns none fails them (tests/test_features_lint.py::"
                         "test_shuffled_deals_without_a_vira_fail_an_engine_of_a_rule_set_with_one)")
EXCLUDED: dict[tuple[str, str, str], str] = {
    ("atb-2004", "ATB-PREAMBULO-5", NO_VIRA.key): _NO_VIRA_IS_A_VARIANT,
    ("atb-2004", "ATB-TOMBO-1", NO_VIRA.key): _NO_VIRA_IS_A_VARIANT,
    ("atb-2004", "ATB-PREAMBULO-5", PICADAS.key): _PACKETS_UNSEEN,
    ("atb-2004", "ATB-CARTEADA-3", PICADAS.key): _PACKETS_UNSEEN,
    ("atb-2004", "ATB-MAO-DE-ONZE-1", PICADAS.key): _PACKETS_UNSEEN,
    ("fpt-1983", "FPT-PREAMBULO-5", NO_VIRA.key): _NO_VIRA_IS_A_VARIANT,
    ("fpt-1983", "FPT-TOMBO-1", NO_VIRA.key): _NO_VIRA_IS_A_VARIANT,
    ("fpt-1983", "FPT-PREAMBULO-5", PICADAS.key): _PACKETS_UNSEEN,
    ("fpt-1983", "FPT-TOMBO-1", PICADAS.key): _PACKETS_UNSEEN,
    ("fpt-1983", "FPT-CARTEADA-3", PICADAS.key): _PACKETS_UNSEEN,
    ("fpt-1983", "FPT-CARTEADA-CANTADA-3", PICADAS.key): _PACKETS_UNSEEN,
    ("enecomp", "ENE-MESA-7", NO_VIRA.key): _NO_VIRA_IS_A_VARIANT,
    # FPT names each manilha in its own clause (traced to ATB-MANILHAS-3, the whole order): a swap
    # of two other suits leaves that manilha where it was, so it does not encode that clause wrongly
    ("fpt-1983", "FPT-VALORES-ZAPE", "manilha-suits:sdhc"): "ouros and espadas swapped: the zape (paus) is still the strongest",
    ("fpt-1983", "FPT-VALORES-ZAPE", "manilha-suits:dhsc"): "espadas and copas swapped: the zape (paus) is still the strongest",
    ("fpt-1983", "FPT-VALORES-SETE-COPAS", "manilha-suits:sdhc"): "ouros and espadas swapped: the copas is still second",
}


@dataclass(frozen=True)
class Plan:
    """What is mutated for one rule set: the source ids starting with ``prefix`` that it encodes
    (its own regulation's), with ``mutators`` for the cited ids of its lineage. ``whole_source``:
    whether a trace's ``by`` naming one rule-file clause by its bare id stands for every clause of
    that source id (atb-2004's traces are written so) or for that clause alone (FPT's and
    Enecomp's, which trace to one clause of the core)."""

    ruleset: RuleSet
    prefix: str
    mutators: Mutators
    whole_source: bool

    @property
    def own_cited(self) -> set[str]:
        return {clause_id for clause_id in self.ruleset.cites if clause_id.startswith(self.prefix)}


PLANS = {
    "atb-2004": Plan(ATB, "ATB-", ATB_MUTATORS, whole_source=True),
    "fpt-1983": Plan(load_ruleset("fpt-1983"), "FPT-", FPT_MUTATORS, whole_source=False),
    "enecomp": Plan(load_ruleset("enecomp"), "ENE-", ENE_MUTATORS, whole_source=False),
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


def encoder_mutants(plan: Plan, encoder: str) -> list[Mutant]:
    """The mutants of what a trace's ``by`` names: one rule-file clause (an id with its ``.part``),
    or a source id, as clauses and cited parameters (the plan's mutators) encode it."""
    ruleset = plan.ruleset
    if "." in encoder or (not plan.whole_source and any(clause.id == encoder for clause in ruleset.clauses)):
        return [mutant for mutant in clause_mutants(ruleset, encoder.partition(".")[0])
                if mutant.key.endswith(f":{encoder}")]
    mutants = clause_mutants(ruleset, encoder)
    if encoder in ruleset.cites:
        mutants += [mutator.mutant(ruleset) for mutator in plan.mutators.get(encoder, ())]
    return mutants


def candidates(plan: Plan, clause_id: str) -> list[Mutant]:
    """The mutants that encode ``clause_id`` wrongly in ``plan``'s rule set, one per key: its clause
    mutants, those of its encoder when it is traced, its parameter mutants when it is cited."""
    ruleset = plan.ruleset
    mutants = clause_mutants(ruleset, clause_id)
    if clause_id in ruleset.traces:
        mutants += encoder_mutants(plan, ruleset.traces[clause_id])
    if clause_id in ruleset.cites:
        mutants += [mutator.mutant(ruleset) for mutator in plan.mutators.get(clause_id, ())]
    unique: dict[str, Mutant] = {}
    for mutant in mutants:
        unique.setdefault(mutant.key, mutant)
    return list(unique.values())


def mutants_for(plan: Plan, clause_id: str) -> list[Mutant]:
    """The candidates ``clause_id``'s scenarios must kill: all but the ``EXCLUDED``."""
    return [mutant for mutant in candidates(plan, clause_id) if (plan.ruleset.id, clause_id, mutant.key) not in EXCLUDED]


def _ids(plan: Plan) -> list[str]:
    return sorted(clause_id for clause_id in encoded_ids(plan.ruleset) if clause_id.startswith(plan.prefix))


#: (rule set id, source id) -> the mutants that id's scenarios must kill
PLAN: dict[tuple[str, str], list[Mutant]] = {(ruleset_id, clause_id): mutants_for(plan, clause_id)
                                             for ruleset_id, plan in PLANS.items() for clause_id in _ids(plan)}
CASES = sorted(case for case, mutants in PLAN.items() if mutants)


def _tags(ids: Iterable[str]) -> str:
    return " or ".join(f"@clause:{clause_id}" for clause_id in sorted(ids))


#: (rule set id, mutant key) -> the ids it is tested for, and the mutant
IDS_OF: dict[tuple[str, str], set[str]] = {}
MUTANTS: dict[tuple[str, str], Mutant] = {}
for (_ruleset_id, _clause_id), _mutants in PLAN.items():
    for _mutant in _mutants:
        IDS_OF.setdefault((_ruleset_id, _mutant.key), set()).add(_clause_id)
        MUTANTS.setdefault((_ruleset_id, _mutant.key), _mutant)


@functools.cache
def results_of(ruleset_id: str, key: str) -> tuple[ScenarioResult, ...]:
    """The results of one run_suite with mutant ``key`` in place of ``ruleset_id``, over the
    scenarios (every folder's, the desacordos' rows too) of every id it is tested for (run once, when
    first asked for)."""
    return tuple(run_suite(tags=_tags(IDS_OF[(ruleset_id, key)]), rulesets={ruleset_id: MUTANTS[(ruleset_id, key)].ruleset}))


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
    bare = [case for case in PLAN if not PLAN[case] and case not in UNMUTATED]
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
                ruleset.target, ruleset.manilha_rule, ruleset.covered, ruleset.packet, ruleset.match_wins, ruleset.infractions,
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
