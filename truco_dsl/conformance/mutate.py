"""Mutants of a rule set, and the suite run against each (``truco mutate``): the suite's power.

A *mutant* is a wrong copy of a rule set (a ``RuleSet`` with one thing changed) played by the
reference engine in place of the real one. The suite *kills* it when a scenario that played it
fails (or breaks the engine: ``error``). Kinds of mutant (``Mutant.kind``):

- ``drop``: a clause removed (every clause of the rule set and of its lineage);
- ``negate``: a clause's ``when:`` negated (``not (<when>)``);
- ``flip``: a clause's effect given to the other side: the first argument of ``award``,
  ``win_hand``, ``win_game``, ``win_match``, ``mao_de_onze``, ``show_partner_hands`` wrapped in
  ``opponents(…)``, of ``take_trick``, ``lead``, ``pass_deal``, ``cut_by``, ``call_raise`` in
  ``next_seat(…)`` (a tie decided for the other team, the next vaza led by the wrong seat);
- ``literal``: one whole number written in a clause moved by one (``trick.number == 3`` → ``4``,
  ``sole_team_at(11)`` → ``10``, ``tricks[1]`` → ``tricks[2]``, ``award(…, 3)`` → ``2``);
- ``points``: what a clause awards or sets as the stake, when it is computed, plus one (the fold
  value ``award(raise.team, raise.before)`` → ``raise.before + 1``);
- ``rank``: two adjacent ranks swapped; ``manilha``: two manilha suits swapped, the suit order
  reversed, the manilha a wrong rank, the manilhas' place among the cards; ``ladder``: a step of
  the truco ladder removed, added or changed (which changes that step's fold value too);
- ``parameter``: any other parameter (player counts, hand size, the vira, the target, the mão de onze's score, the
  match's wins, covered cards, the referee's infractions, two decks).

Which mutants, and which scenarios must kill them. For atb-2004, fpt-1983 and enecomp (``PLANS``)
each source clause id of the rule set's own regulation that it encodes (``coverage.encoded_ids``)
has its candidate mutants (``candidates``): the clause mutants of every rule-file clause whose
``source_id`` or ``also`` is that id, the mutants of what encodes it when it is traced (``traces``:
FPT-VALORES-ZAPE is encoded by ATB-MANILHAS-3's suit order), and, when it is cited, the parameter
mutators of the rule set's table (``ATB_MUTATORS``, ``FPT_MUTATORS``, ``ENE_MUTATORS``). The
scenarios tagged with that id must kill each of them, but those ``EXCLUDED`` for it (with why).
A cited id without mutators needs an ``UNMUTATED`` reason. What no id of the regulation reaches
is mutated too and must be killed by the rule set's whole suite: clauses of the lineage that no id
traces (fpt-1983 and enecomp play paulista's clauses, written in ATB ids) and cited parameters of
the lineage (fpt-1983 names no truco ladder: it plays paulista's).

A mutant that cannot change play (an *equivalent* mutant) is listed in ``EQUIVALENT`` with why;
``truco mutate`` still runs it and reports it apart. Every other survivor makes ``truco mutate``
exit 1.

Kills by ``error`` are the interpreter refusing a rule set that leaves a situation unruled
(``RuleSetIncomplete``). A scenario ``not_applicable`` to a mutant (it cannot deal the forced deal)
is no kill, except for a mutant that removes a player count (``Mutant.kills``): its one change is
the table, so a scenario not applicable to it is one at the player count it refuses.

Not mutated (see ``UNMUTATED`` and ``EXCLUDED``): a deck with fewer cards (every scenario dealing
those cards would be not applicable, and no step reads a shuffled deal's cards), the direction of
play and the teams (not parameters of a rule set), the packets of a shuffled deal (no step can see
them: a forced deal names every hand).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

from truco_dsl.cards import Card, Rank, Suit
from truco_dsl.conformance.coverage import encoded_ids
from truco_dsl.errors import ExpressionError
from truco_dsl.lang import compile_condition, compile_statements
from truco_dsl.rules import Clause, RuleSet, load_ruleset

KILLING = frozenset({"failed", "error"})
#: a player count the rule set does not allow only makes those games not applicable to it (or, to
#: an engine asked by id, unsupported)
TABLE_KILLS = KILLING | {"unsupported", "not_applicable"}
KINDS = ("drop", "negate", "flip", "literal", "points", "rank", "manilha", "ladder", "parameter")


@dataclass(frozen=True)
class Mutant:
    """A wrong rule set. ``key`` names it uniquely within its rule set (``drop:ATB-EMPATE-3``,
    ``ranks:4<->5``), ``kind`` is one of ``KINDS``, ``label`` says in words what was changed,
    ``ruleset`` is played in place of the real one (its id is ``<rule set>~<key>``), ``kills``: the
    scenario outcomes that count as a kill."""

    key: str
    kind: str
    label: str
    ruleset: RuleSet
    kills: frozenset[str] = KILLING


@dataclass(frozen=True)
class Mutator:
    """How to make a parameter mutant of any of the three rule sets: ``build(ruleset)`` returns the
    changed RuleSet; ``key``, ``kind``, ``label``, ``kills`` as in ``Mutant``."""

    key: str
    label: str
    build: Callable[[RuleSet], RuleSet]
    kills: frozenset[str] = KILLING
    kind: str = "parameter"

    def mutant(self, ruleset: RuleSet) -> Mutant:
        """The mutant of ``ruleset`` (named ``<id>~<key>``)."""
        return Mutant(self.key, self.kind, self.label, named(self.build(ruleset), self.key), self.kills)


def named(ruleset: RuleSet, key: str) -> RuleSet:
    """``ruleset`` renamed ``<id>~<key>`` (its lineage starts with the new id)."""
    mutant_id = f"{ruleset.id}~{key}"
    return dataclasses.replace(ruleset, id=mutant_id, lineage=(mutant_id,) + ruleset.lineage)


def _with_methods(ruleset: RuleSet, name: str, **methods: Callable) -> RuleSet:
    """The rule set as an instance of a RuleSet subclass overriding ``methods`` (for what no
    parameter expresses: which rank the manilha is, how strengths are derived)."""
    cls = type(name, (type(ruleset),), methods)
    return cls(**{item.name: getattr(ruleset, item.name) for item in dataclasses.fields(ruleset)})


# ---------------------------------------------------------------------------------------- parameter mutators
#: the ranks of the three regulations, weakest first (the same in each)
RANKS = tuple(Rank(rank) for rank in ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"))


def swap_ranks(rank: str) -> Mutator:
    """The rank ``rank`` and the next stronger one swapped."""
    def build(ruleset: RuleSet) -> RuleSet:
        ranks = list(ruleset.ranks)
        i = ranks.index(Rank(rank))
        ranks[i], ranks[i + 1] = ranks[i + 1], ranks[i]
        return dataclasses.replace(ruleset, ranks=tuple(ranks))

    after = RANKS[RANKS.index(Rank(rank)) + 1]
    return Mutator(f"ranks:{rank}<->{after}", f"ranks {rank} and {after} swapped", build, kind="rank")


def manilha_suits(*suits: str, why: str) -> Mutator:
    """The manilha suits, weakest first, set to ``suits``."""
    return Mutator(f"manilha-suits:{''.join(suits) or 'none'}", why,
                   lambda ruleset: dataclasses.replace(ruleset, manilha_suits=tuple(Suit(suit) for suit in suits)),
                   kind="manilha")


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
    return Mutator(key, why, lambda ruleset: _with_methods(ruleset, "ManilhaMutant", manilhas=manilhas), kind="manilha")


def strengths_mutator(key: str, why: str, transform: Callable[[RuleSet, dict[Card, int], tuple[Card, ...]], dict[Card, int]],
                      kind: str = "manilha") -> Mutator:
    """The card strengths ``transform(ruleset, strengths, manilhas)`` makes of the right ones."""
    def strengths(self: RuleSet, vira: Card | None) -> dict[Card, int]:
        return transform(self, RuleSet.strengths(self, vira), self.manilhas(vira))

    return Mutator(key, why, lambda ruleset: _with_methods(ruleset, "StrengthMutant", strengths=strengths), kind=kind)


def _suits_order_ordinary_cards(ruleset: RuleSet, strengths: dict[Card, int], manilhas: tuple[Card, ...]) -> dict[Card, int]:
    return {card: power * 10 + (0 if card in manilhas else ruleset.suits.index(card.suit)) for card, power in strengths.items()}


def _manilhas_equal(ruleset: RuleSet, strengths: dict[Card, int], manilhas: tuple[Card, ...]) -> dict[Card, int]:
    return {card: len(ruleset.ranks) + 1 if card in manilhas else power for card, power in strengths.items()}


def _manilhas_below_the_3(ruleset: RuleSet, strengths: dict[Card, int], manilhas: tuple[Card, ...]) -> dict[Card, int]:
    top = len(ruleset.ranks) * 10  # the 3, scaled
    return {card: top - 5 + manilhas.index(card) if card in manilhas else power * 10 for card, power in strengths.items()}


def replace(key: str, why: str, kills: frozenset[str] = KILLING, **changes: object) -> Mutator:
    """The rule set with ``changes`` (RuleSet fields); kind ``ladder`` when the ladder changes."""
    return Mutator(key, why, lambda ruleset: dataclasses.replace(ruleset, **changes), kills,
                   kind="ladder" if "ladder" in changes else "parameter")


def ladder(*steps: int, why: str) -> Mutator:
    """The truco ladder set to ``steps`` (key ``ladder:1,3,…``)."""
    return replace(f"ladder:{','.join(map(str, steps))}", why, ladder=tuple(steps))


def without_vira(ruleset: RuleSet) -> RuleSet:
    """No vira turned; the manilhas fixed (those of a vira 4) so that the rule set stays playable."""
    return dataclasses.replace(ruleset, vira=False, manilha_rule="fixed", manilha_cards=ruleset.manilhas(Card.parse("4c")))


HAND_OF_4 = replace("hand-size:4", "hands of 4 cards", hand_size=4)
HAND_OF_2 = replace("hand-size:2", "hands of 2 cards", hand_size=2)
MANILHA_IS_THE_VIRAS_RANK = manilha_offset(0, "the manilha is the vira's own rank")
MANILHA_TWO_ABOVE = manilha_offset(2, "the manilha is the rank two above the vira's")
MANILHA_NO_WRAP = manilha_offset(1, "a vira 3 makes no manilha (no wrap to the 4)", wrap=False)
NO_VIRA = Mutator("no-vira", "no vira turned (manilhas fixed)", without_vira)
PICADAS = Mutator("packet:1", "cards dealt one at a time (Jogo Livre's picadas), not three together",
                  lambda ruleset: dataclasses.replace(ruleset, packet=1))
TWO_DECKS = Mutator("two-decks", "two decks: every card twice", lambda ruleset: dataclasses.replace(ruleset, ranks=ruleset.ranks + ruleset.ranks))
RANK_SWAPS = tuple(swap_ranks(str(rank)) for rank in RANKS[:-1])
SUITS_ORDER_ORDINARY_CARDS = strengths_mutator("suits-order-ordinary-cards", "the suit orders cards of one rank",
                                               _suits_order_ordinary_cards, kind="parameter")
MANILHAS_EQUAL = strengths_mutator("manilhas-equal", "the four manilhas equal whatever their suit", _manilhas_equal)
NO_MANILHAS = manilha_suits(why="no manilhas: the card after the vira is an ordinary card")
MANILHAS_BELOW_THE_3 = strengths_mutator("manilhas-below-the-3", "the manilhas rank below the 3", _manilhas_below_the_3)
#: the suit order reversed, then every swap of two of the four suits (ouros, espadas, copas, paus)
MANILHA_SUIT_SWAPS = (manilha_suits("c", "h", "s", "d", why="manilha suits reversed"),
                      manilha_suits("s", "d", "h", "c", why="manilha suits ouros and espadas swapped"),
                      manilha_suits("d", "h", "s", "c", why="manilha suits espadas and copas swapped"),
                      manilha_suits("d", "s", "c", "h", why="manilha suits copas and paus swapped"),
                      manilha_suits("h", "s", "d", "c", why="manilha suits ouros and copas swapped"),
                      manilha_suits("c", "s", "h", "d", why="manilha suits ouros and paus swapped"),
                      manilha_suits("d", "c", "h", "s", why="manilha suits espadas and paus swapped"))
NO_COVERED_CARDS = replace("no-covered-cards", "no card may ever be played face down", covered=False)
NO_INFRACTIONS = replace("no-infractions", "no referee reports: every infraction unknown", infractions=())
# the ladder 1 3 6 9 12: each step removed, moved by one, and a step added above the top
STARTS_AT_3 = ladder(3, 6, 9, 12, why="no first step: a hand starts worth 3")
STARTS_AT_2 = ladder(2, 3, 6, 9, 12, why="a hand starts worth 2")
NO_TRUCO_STEP = (ladder(1, 6, 9, 12, why="no truco step: truco asks 6"), ladder(1, 2, 6, 9, 12, why="truco is worth 2"),
                 ladder(1, 4, 6, 9, 12, why="truco is worth 4"))
NO_SEIS_STEP = (ladder(1, 3, 9, 12, why="no seis: the second raise asks 9"), ladder(1, 3, 7, 9, 12, why="seis is worth 7"),
                ladder(1, 3, 5, 9, 12, why="seis is worth 5"))
NO_NOVE = ladder(1, 3, 6, 12, why="no nove")
NOVE_IS_10 = ladder(1, 3, 6, 10, 12, why="nove is worth 10")
NOVE_IS_8 = ladder(1, 3, 6, 8, 12, why="nove is worth 8")
NO_DOZE = ladder(1, 3, 6, 9, why="no doze")
DOZE_IS_13 = ladder(1, 3, 6, 9, 13, why="doze is worth 13")
DOZE_IS_11 = ladder(1, 3, 6, 9, 11, why="doze is worth 11")
A_QUINZE = ladder(1, 3, 6, 9, 12, 15, why="a quinze above the doze")
TARGETS = (replace("target:11", "the game is won at 11", target=11), replace("target:13", "the game is won at 13", target=13))
MAO_DE_ONZE_AT = (replace("mao-de-onze-at:10", "the mão de onze at 10", mao_de_onze_at=10),
                  replace("mao-de-onze-at:12", "the mão de onze at 12 (never: 12 wins the game)", mao_de_onze_at=12))

Mutators = dict[str, tuple[Mutator, ...]]

#: atb-2004: cited parameter id -> mutators that encode the parameter it documents wrongly
ATB_MUTATORS: Mutators = {
    # table: players [2, 4, 6] ("jogador, dupla ou trio"); deal: 3 cards, the vira turned last
    "ATB-TRUCO-4": (replace("players:2,4", "no game of 6 players (no trio)", TABLE_KILLS, players=(2, 4)),
                    replace("players:2,6", "no game of 4 players (no dupla)", TABLE_KILLS, players=(2, 6))),
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
                                                                       manilha_cards=ruleset.manilhas(Card.parse("4c"))),
                                   kind="manilha"),),
    # deal
    "ATB-ESTRUTURA-2": (HAND_OF_2, HAND_OF_4),
    # play: a card may be played face down ("cartas descartadas encobertas")
    "ATB-JOGO-LIVRE-2": (NO_COVERED_CARDS,),
    # stakes and game
    "ATB-ESTRUTURA-1": (STARTS_AT_2, STARTS_AT_3) + TARGETS,
    "ATB-MAO-DE-11-1": MAO_DE_ONZE_AT,
    "ATB-TRUCO-1": NO_TRUCO_STEP,
    "ATB-TRUCO-2": NO_SEIS_STEP,
    "ATB-TRUCO-3": (NO_NOVE, NO_DOZE, NOVE_IS_10, NOVE_IS_8, DOZE_IS_13, DOZE_IS_11, A_QUINZE),
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
    "FPT-MAO-DE-ONZE-2": MAO_DE_ONZE_AT,
    "FPT-TEMPO-e": (replace("match-wins:2", "the best of three partidas", match_wins=2),
                    replace("match-wins:4", "the best of seven partidas", match_wins=4)),
}

#: enecomp's citations (it cites no ATB id: every section it sets, it cites itself).
ENE_MUTATORS: Mutators = {
    # table
    "ENE-MESA-1": (replace("players:2", "no game of 4 players", TABLE_KILLS, players=(2,)),),
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
    "ENE-TRUCO-1": (ladder(1, why="nothing negotiated: no truco at all"),),
    "ENE-PONTUACAO-5": (STARTS_AT_2, STARTS_AT_3, NOVE_IS_10, NO_DOZE),
    "ENE-TRUCO-2": NO_TRUCO_STEP,
    "ENE-TRUCO-3-PEDIR": NO_SEIS_STEP,
    "ENE-TRUCO-6-PEDIR": (NO_NOVE, NOVE_IS_10, NOVE_IS_8),
    "ENE-TRUCO-9-PEDIR": (NO_DOZE, DOZE_IS_13, DOZE_IS_11),
    # play: "embarcar" a card, which is then worth nothing
    "ENE-OBS-1": (NO_COVERED_CARDS,),
    "ENE-OBS-2": (NO_COVERED_CARDS,),
    # game and match: séries of 12, the match to two séries
    "ENE-PONTUACAO-3": TARGETS,
    "ENE-ONZE-1": MAO_DE_ONZE_AT,
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

#: (rule set id, id, mutant key) -> why the mutant need not be killed by the scenarios of that id.
_PACKETS_UNSEEN = ("no step reads which seat got which card of a shuffled deal (an engine's shuffle is its own) "
                   "and a forced deal names every hand: dealing one card at a time cannot be told from three together")
_NO_VIRA_IS_A_VARIANT = ("a rule set played in place of one with a vira, without a vira, stands for manilha velha: "
                         "the scenarios about the vira are not applicable to it, by design; an engine that should "
                         "turn a vira and turns none fails them (tests/test_features_lint.py::"
                         "test_shuffled_deals_without_a_vira_fail_an_engine_of_a_rule_set_with_one)")
_ZAPE_STAYS = "the zape (paus) is still the strongest manilha"
_COPAS_STAYS = "the copas is still the second manilha"
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
    ("fpt-1983", "FPT-VALORES-ZAPE", "manilha-suits:sdhc"): "ouros and espadas swapped: " + _ZAPE_STAYS,
    ("fpt-1983", "FPT-VALORES-ZAPE", "manilha-suits:dhsc"): "espadas and copas swapped: " + _ZAPE_STAYS,
    ("fpt-1983", "FPT-VALORES-ZAPE", "manilha-suits:hsdc"): "ouros and copas swapped: " + _ZAPE_STAYS,
    ("fpt-1983", "FPT-VALORES-SETE-COPAS", "manilha-suits:sdhc"): "ouros and espadas swapped: " + _COPAS_STAYS,
    ("fpt-1983", "FPT-VALORES-SETE-COPAS", "manilha-suits:cshd"): "ouros and paus swapped: " + _COPAS_STAYS,
    ("fpt-1983", "FPT-VALORES-SETE-COPAS", "manilha-suits:dchs"): "espadas and paus swapped: " + _COPAS_STAYS,
}

_THIRD_VAZA = ("a third vaza is played only after two tied vazas or two won by different teams (a first vaza won and "
               "a second tied ends the hand at the second: {enders}), so at the third vaza tricks[1].tied and "
               "tricks[2].tied are equal (and so, after a first vaza won, tricks[1].winner and tricks[2].winner are "
               "both some team), and tricks[3] is the vaza itself: reading one index for the other changes nothing")
_LIMIT = ("the limit is read when a raise is called, and a second vaza tied after a first one won has ended the hand "
          "({enders}): while a raise can be called, tricks[2].tied implies tricks[1].tied, and the third vaza (tricks[3]) "
          "is never tied yet")
_ATB_ENDERS = "ATB-EMPATE-3.second without a trucada or in a mão de onze, ATB-EMPATE-1a/1b in a trucada"
_FPT_ENDERS = "ATB-EMPATE-3.second without a trucada, FPT-EMPATE-1a/1b in one, FPT-MAO-DE-ONZE-4/5 in a mão de 11"


def _equivalent(ruleset_id: str, why: str, *keys: str) -> dict[tuple[str, str], str]:
    return {(ruleset_id, key): why for key in keys}


#: (rule set id, mutant key) -> why the mutant cannot change play (an equivalent mutant).
EQUIVALENT: dict[tuple[str, str], str] = {
    **_equivalent("atb-2004", _THIRD_VAZA.format(enders=_ATB_ENDERS),
                  "literal:ATB-EMPATE-1-EX:when:3", "literal:ATB-EMPATE-1-EX:when:4", "literal:ATB-EMPATE-1a:when:3",
                  "literal:ATB-EMPATE-1b:when:3", "literal:ATB-EMPATE-3:when:3", "literal:ATB-EMPATE-3:when:4",
                  "literal:ATB-EMPATE-TODAS:when:3",
                  "literal:ATB-EMPATE-TODAS:when:4", "literal:ATB-EMPATE-TODAS:when:5", "literal:ATB-MAO-DE-ONZE-4:when:3",
                  "literal:ATB-MAO-DE-ONZE-4:when:4", "literal:ATB-MAO-DE-ONZE-4:when:5", "literal:ATB-MAO-DE-ONZE-5:when:3",
                  "literal:ATB-MAO-DE-ONZE-5:when:4", "literal:ATB-MAO-DE-ONZE-5:when:5"),
    **_equivalent("atb-2004", _LIMIT.format(enders=_ATB_ENDERS), "literal:ATB-EMPATE-1c:when:2", "literal:ATB-EMPATE-1c:when:3"),
    **_equivalent("fpt-1983", _THIRD_VAZA.format(enders=_FPT_ENDERS),
                  "literal:ATB-EMPATE-1-EX:when:3", "literal:ATB-EMPATE-1-EX:when:4", "literal:ATB-EMPATE-3:when:3",
                  "literal:ATB-EMPATE-3:when:4", "literal:FPT-EMPATE-TODAS:when:3", "literal:FPT-EMPATE-TODAS:when:4", "literal:FPT-EMPATE-TODAS:when:5"),
    **_equivalent("fpt-1983", _LIMIT.format(enders=_FPT_ENDERS), "literal:FPT-EMPATE-1c:when:2", "literal:FPT-EMPATE-1c:when:3"),
    **_equivalent("enecomp", _THIRD_VAZA.format(enders="ATB-EMPATE-3.second, truco or not"),
                  "literal:ATB-EMPATE-1-EX:when:3", "literal:ATB-EMPATE-1-EX:when:4", "literal:ATB-EMPATE-3:when:3",
                  "literal:ATB-EMPATE-3:when:4", "literal:ENE-PONTUACAO-7.all-tied:when:3", "literal:ENE-PONTUACAO-7.all-tied:when:4",
                  "literal:ENE-PONTUACAO-7.all-tied:when:5"),
}


# ---------------------------------------------------------------------------------------- clause mutants
#: effect builtins whose first argument names a side, and the query that names the other side
FLIPS = {"award": "opponents", "win_hand": "opponents", "win_game": "opponents", "win_match": "opponents",
         "mao_de_onze": "opponents", "show_partner_hands": "opponents",
         "take_trick": "next_seat", "lead": "next_seat", "pass_deal": "next_seat", "cut_by": "next_seat",
         "call_raise": "next_seat"}
#: effect builtins whose last argument is a number of points (the stake)
POINTS = {"award": 1, "set_stake": 0}
_STRING_OR_NUMBER = re.compile(r'"[^"]*"|(?<![\w.])\d+(?![\w.])')


def _arguments(text: str, name: str) -> list[tuple[int, list[tuple[int, int]]]]:
    """Every call of ``name`` in ``text``: its start, and the (start, end) of each argument (its
    blanks left out), at depth 0 of its parentheses, strings skipped."""
    calls = []
    for match in re.finditer(rf"(?<![\w.]){re.escape(name)}\(", text):
        depth, start, spans, position = 0, match.end(), [], match.end()
        while position < len(text):
            char = text[position]
            if char == '"':
                position = text.index('"', position + 1)
            elif char in "([":
                depth += 1
            elif char in ")]" and depth:
                depth -= 1
            elif char in ",)" and not depth:
                argument = text[start:position]
                if argument.strip():  # the argument without the blanks around it
                    begin = start + len(argument) - len(argument.lstrip())
                    spans.append((begin, begin + len(argument.strip())))
                start = position + 1
                if char == ")":
                    break
            position += 1
        calls.append((match.start(), spans))
    return calls


def _flipped(text: str) -> str:
    """``then`` with the first argument of each side-naming call given to the other side."""
    edits = []
    for name, other in FLIPS.items():
        for _, spans in _arguments(text, name):
            if spans:
                start, end = spans[0]
                argument = text[start:end].strip()
                edits.append((start, end, f"{other}({argument})"))
    return _edited(text, edits)


def _more_points(text: str) -> list[str]:
    """``then`` with each computed points argument (award's, set_stake's) plus one."""
    variants = []
    for name, index in POINTS.items():
        for _, spans in _arguments(text, name):
            if len(spans) > index:
                start, end = spans[index]
                argument = text[start:end].strip()
                if not argument.isdigit():  # a literal is the literal mutants' to move
                    variants.append(_edited(text, [(start, end, f"{argument} + 1")]))
    return variants


def _edited(text: str, edits: list[tuple[int, int, str]]) -> str:
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def _moved_literals(text: str) -> list[tuple[str, str]]:
    """``(new text, what changed)`` for each whole number of ``text`` moved by one each way (not
    below 0, a vaza's index not below 1)."""
    variants = []
    for match in _STRING_OR_NUMBER.finditer(text):
        if match.group().startswith('"'):
            continue
        value, index = int(match.group()), text[:match.start()].endswith("[")
        for moved in (value - 1, value + 1):
            if moved < (1 if index else 0):
                continue
            variants.append((text[:match.start()] + str(moved) + text[match.end():], f"{value} -> {moved}"))
    return variants


def _replaced(ruleset: RuleSet, position: int, clause: Clause | None, key: str) -> RuleSet:
    clauses = ruleset.clauses[:position] + ((clause,) if clause is not None else ()) + ruleset.clauses[position + 1:]
    return named(dataclasses.replace(ruleset, clauses=clauses), key)


def mutants_of_clause(ruleset: RuleSet, position: int) -> list[Mutant]:
    """Every clause mutant of ``ruleset.clauses[position]``: dropped, its ``when`` negated, its
    effect flipped, each literal moved, each computed points value plus one. A rewritten
    expression that no longer compiles at the clause's hook makes no mutant."""
    clause = ruleset.clauses[position]
    mutants = [Mutant(f"drop:{clause.id}", "drop", f"clause {clause.id} dropped", _replaced(ruleset, position, None, f"drop:{clause.id}"))]

    def rewritten(key: str, kind: str, label: str, when: str | None, then: str) -> None:
        try:
            # the then: keeps what the clause's own when: said (a negated when: says the opposite): a mutant
            # that hands a none on fails at play, and is killed there
            known = clause.when.facts if clause.when is not None else frozenset()
            changed = dataclasses.replace(clause, when=None if when is None else compile_condition(when, clause.hook),
                                          then=compile_statements(then, clause.hook, known))
        except ExpressionError:
            return
        mutants.append(Mutant(key, kind, label, _replaced(ruleset, position, changed, key)))

    when = clause.when.source if clause.when is not None else None
    then = clause.then.source
    if when is not None:
        rewritten(f"not-when:{clause.id}", "negate", f"clause {clause.id} with its when negated: not ({when})", f"not ({when})", then)
    flipped = _flipped(then)
    if flipped != then:
        rewritten(f"flip:{clause.id}", "flip", f"clause {clause.id} favours the other side: then {flipped}", when, flipped)
    for number, changed in enumerate(_more_points(then), start=1):
        rewritten(f"points:{clause.id}:{number}", "points", f"clause {clause.id} gives one point more: then {changed}", when, changed)
    for part, text in (("when", when), ("then", then)):
        if text is None:
            continue
        for number, (changed, what) in enumerate(_moved_literals(text), start=1):
            rewritten(f"literal:{clause.id}:{part}:{number}", "literal", f"clause {clause.id}, {part} {what}: {changed}",
                      changed if part == "when" else when, changed if part == "then" else then)
    return mutants


def clause_mutants(ruleset: RuleSet, clause_id: str) -> list[Mutant]:
    """The clause mutants of every clause of ``ruleset`` encoding the source id ``clause_id`` (its
    ``source_id`` or one of its ``also``)."""
    return [mutant for position, clause in enumerate(ruleset.clauses)
            if clause.source_id == clause_id or clause_id in clause.also
            for mutant in mutants_of_clause(ruleset, position)]


# ---------------------------------------------------------------------------------------- plans
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
        """The cited ids of the rule set's own regulation."""
        return {clause_id for clause_id in self.ruleset.cites if clause_id.startswith(self.prefix)}

    @property
    def ids(self) -> list[str]:
        """The own regulation's ids the rule set encodes, sorted."""
        return sorted(clause_id for clause_id in encoded_ids(self.ruleset) if clause_id.startswith(self.prefix))


#: rule set id -> (prefix of its regulation's ids, its mutators, whole_source)
_PLANS = {"atb-2004": ("ATB-", ATB_MUTATORS, True), "fpt-1983": ("FPT-", FPT_MUTATORS, False),
          "enecomp": ("ENE-", ENE_MUTATORS, False)}
MUTATED_RULESETS = tuple(_PLANS)


@cache
def plan(ruleset_id: str) -> Plan:
    """The plan of ``ruleset_id`` (one of ``MUTATED_RULESETS``). Raises ``KeyError`` for another."""
    prefix, mutators, whole_source = _PLANS[ruleset_id]
    return Plan(load_ruleset(ruleset_id), prefix, mutators, whole_source)


def encoder_mutants(plan: Plan, encoder: str) -> list[Mutant]:
    """The mutants of what a trace's ``by`` names: one rule-file clause (an id with its ``.part``),
    or a source id, as clauses and cited parameters (the plan's mutators) encode it."""
    ruleset = plan.ruleset
    if "." in encoder or (not plan.whole_source and any(clause.id == encoder for clause in ruleset.clauses)):
        return [mutant for position, clause in enumerate(ruleset.clauses) if clause.id == encoder
                for mutant in mutants_of_clause(ruleset, position)]
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
    """The candidates ``clause_id``'s scenarios must kill: all but the ``EXCLUDED`` and the ``EQUIVALENT``."""
    return [mutant for mutant in candidates(plan, clause_id) if (plan.ruleset.id, clause_id, mutant.key) not in EXCLUDED
            and (plan.ruleset.id, mutant.key) not in EQUIVALENT]


@dataclass(frozen=True)
class Target:
    """One mutant of a rule set and what must kill it: ``ids``: the source ids whose scenarios must
    each kill it (empty: the rule set's whole suite must); ``excluded``: id -> why that id's
    scenarios need not (``EXCLUDED``); ``equivalent``: why it cannot change play (``EQUIVALENT``),
    or None."""

    mutant: Mutant
    ids: tuple[str, ...] = ()
    excluded: dict[str, str] = field(default_factory=dict)
    equivalent: str | None = None

    @property
    def excused(self) -> str | None:
        """Why the mutant may survive: it is equivalent, or every id it encodes wrongly excludes it."""
        if self.equivalent is not None:
            return f"equivalent: {self.equivalent}"
        if self.excluded and not self.ids:
            reasons: dict[str, list[str]] = {}
            for clause_id, why in sorted(self.excluded.items()):
                reasons.setdefault(why, []).append(clause_id)
            return "; ".join(f"{', '.join(ids)}: {why}" for why, ids in reasons.items())
        return None


@cache
def targets(ruleset_id: str) -> tuple[Target, ...]:
    """Every mutant of ``ruleset_id`` (one of ``MUTATED_RULESETS``) with what must kill it: the
    candidates of each id of its plan, then the clause mutants of the clauses no id reaches.
    Raises ``KeyError`` for a rule set without a plan."""
    the_plan = plan(ruleset_id)
    mutants: dict[str, Mutant] = {}
    ids: dict[str, list[str]] = {}
    excluded: dict[str, dict[str, str]] = {}
    for clause_id in the_plan.ids:
        for mutant in candidates(the_plan, clause_id):
            mutants.setdefault(mutant.key, mutant)
            why = EXCLUDED.get((ruleset_id, clause_id, mutant.key))
            if why is None:
                ids.setdefault(mutant.key, []).append(clause_id)
            else:
                excluded.setdefault(mutant.key, {})[clause_id] = why
    for position in range(len(the_plan.ruleset.clauses)):
        for mutant in mutants_of_clause(the_plan.ruleset, position):
            mutants.setdefault(mutant.key, mutant)
    for cited in sorted(the_plan.ruleset.cites):  # parameters of the lineage that no own id cites (fpt-1983's ladder)
        for mutator in the_plan.mutators.get(cited, ()):
            if mutator.key not in mutants:
                mutants[mutator.key] = mutator.mutant(the_plan.ruleset)
    return tuple(Target(mutant, tuple(ids.get(key, ())), excluded.get(key, {}), EQUIVALENT.get((ruleset_id, key)))
                 for key, mutant in mutants.items())


# ---------------------------------------------------------------------------------------- running
KILLED, KILLED_ELSEWHERE, SURVIVED, EXCUSED, EQUIVALENT_OUTCOME = "killed", "killed_elsewhere", "survived", "excused", "equivalent"


@dataclass(frozen=True)
class Verdict:
    """What the suite did to one mutant (plain data: it crosses process boundaries).

    ``key``, ``kind``, ``label``, ``ids`` as in ``Mutant`` and ``Target``; ``outcome``: ``killed``
    (by a scenario of its ids), ``killed_elsewhere`` (only by another scenario of the rule set's
    suite: its ids' scenarios lack the power), ``survived``, ``equivalent`` (survived, and is listed
    in ``EQUIVALENT``: ``reason``) or ``excused`` (survived, and every id it is wrong for excludes
    it: ``reason``); ``killed_by``: the killing scenario (``<id> (<feature>)``) and its outcome;
    ``message``: why that scenario failed; ``runs``: suite runs it took (1 or 2)."""

    key: str
    kind: str
    label: str
    ids: tuple[str, ...]
    outcome: str
    killed_by: str | None = None
    message: str | None = None
    reason: str | None = None
    runs: int = 0

    def as_json(self) -> dict[str, object]:
        """The verdict as plain JSON (``ids`` a list)."""
        record = dataclasses.asdict(self)
        record["ids"] = list(self.ids)
        return record


def tags_of(ids: Iterable[str]) -> str:
    """A tag expression selecting the scenarios tagged with any of ``ids``."""
    return " or ".join(f"@clause:{clause_id}" for clause_id in sorted(ids))


@cache
def suite_tags(ruleset_id: str) -> str:
    """A tag expression selecting the rule set's whole suite: its ``features/<id>/`` scenarios and
    every ``features/desacordos/`` row (the rows of the other rule sets play those, unmutated)."""
    from truco_dsl.conformance.suite.catalogue import bundled_scenarios

    ids = sorted({scenario_id for entry in bundled_scenarios() if entry.folder in (ruleset_id, "desacordos")
                  for scenario_id in entry.ids})
    return " or ".join(f"@id:{scenario_id}" for scenario_id in ids)


def killer(mutant: Mutant, results: Iterable[object]) -> object | None:
    """The first result (``ScenarioResult``) that played ``mutant`` and killed it, or None."""
    return next((result for result in results
                 if result.ruleset == mutant.ruleset.id and result.outcome in mutant.kills), None)  # type: ignore[attr-defined]


def judge(ruleset_id: str, target: Target) -> Verdict:
    """Run the suite against one mutant: first the scenarios of its ids, stopping at the first
    kill; when they do not kill it (or it has none), the rule set's whole suite. Raises
    ``SuiteError`` when pytest cannot run the suite."""
    from truco_dsl.conformance.runner import run_suite

    mutant = target.mutant
    overrides = {ruleset_id: mutant.ruleset}
    base = dict(key=mutant.key, kind=mutant.kind, label=mutant.label, ids=target.ids)
    runs = 0
    for tags, outcome in ((tags_of(target.ids), KILLED) if target.ids else (None, KILLED),
                          (suite_tags(ruleset_id), KILLED_ELSEWHERE if target.ids else KILLED)):
        if tags is None:
            continue
        runs += 1
        found = killer(mutant, run_suite(tags=tags, rulesets=overrides, exitfirst=True, causes=False))
        if found is not None:
            return Verdict(**base, outcome=outcome, killed_by=f"{found.id} ({found.feature}): {found.outcome}",
                           message=found.message, reason=target.excused, runs=runs)
    outcome = SURVIVED if target.excused is None else EQUIVALENT_OUTCOME if target.equivalent is not None else EXCUSED
    return Verdict(**base, outcome=outcome, reason=target.excused, runs=runs)


def _judge_by_key(ruleset_id: str, key: str) -> Verdict:
    """``judge`` for the target ``key`` of ``ruleset_id`` (what a worker process is given)."""
    return judge(ruleset_id, next(target for target in targets(ruleset_id) if target.mutant.key == key))


def run_mutants(ruleset_id: str, jobs: int = 1, keys: Iterable[str] | None = None,
                progress: Callable[[Verdict], None] | None = None) -> list[Verdict]:
    """Judge every mutant of ``ruleset_id`` (or those of ``keys``), in ``jobs`` processes, and
    return the verdicts in the order of ``targets``. ``progress`` is called with each verdict as it
    comes. Raises ``KeyError`` for a rule set without a plan or an unknown key, ``SuiteError`` when
    pytest cannot run the suite."""
    import concurrent.futures
    import multiprocessing

    chosen = [target for target in targets(ruleset_id) if keys is None or target.mutant.key in set(keys)]
    if keys is not None and len(chosen) != len(set(keys)):
        raise KeyError(f"unknown mutant keys: {sorted(set(keys) - {target.mutant.key for target in chosen})}")
    verdicts: dict[str, Verdict] = {}
    if jobs <= 1:
        for target in chosen:
            verdicts[target.mutant.key] = judge(ruleset_id, target)
            if progress:
                progress(verdicts[target.mutant.key])
    else:
        # fork: the workers inherit the mutants already derived (their compiled clauses do not pickle)
        context = multiprocessing.get_context("fork")
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [pool.submit(_judge_by_key, ruleset_id, target.mutant.key) for target in chosen]
            for future in concurrent.futures.as_completed(futures):
                verdict = future.result()
                verdicts[verdict.key] = verdict
                if progress:
                    progress(verdict)
    return [verdicts[target.mutant.key] for target in chosen]


# ---------------------------------------------------------------------------------------- equivalence
def plays_alike(original: RuleSet, mutant: RuleSet, seeds: Iterable[int], players: int) -> int | None:
    """Play one seeded random game per seed with each rule set (the same seed deals the same cards
    and picks the same legal action each step while the two agree) and compare every step's legal
    actions and events. Returns the first seed whose games differ, or None when all played alike.
    Evidence for an ``EQUIVALENT`` entry, not a proof: random play reaches rare positions rarely."""
    import random

    from truco_dsl.engine import Engine

    def trace(ruleset: RuleSet, seed: int) -> Iterable[object]:
        engine = Engine(ruleset, players=players, seed=seed)
        chooser = random.Random(seed)
        for _ in range(5000):
            if engine.phase == "game_over":
                return
            if engine.phase == "deal":
                yield ("deal", _plain(engine.deal()))
                continue
            options = [(seat, action) for seat in range(players) for action in engine.legal_actions(seat)]
            yield ("legal", options)
            if not options:
                return
            seat, action = chooser.choice(options)
            yield ("act", seat, action, _plain(engine.act(seat, action)))

    for seed in seeds:
        try:
            mutant_trace = list(trace(mutant, seed))
        except Exception:  # the mutant broke (RuleSetIncomplete …) where the rule set plays on: it differs
            return seed
        if list(trace(original, seed)) != mutant_trace:
            return seed
    return None


def _plain(events: Iterable[object]) -> list[object]:
    """Events without what names a rule set (a mutant's id differs from its rule set's)."""
    return [{key: value for key, value in event.items() if key != "ruleset"} if isinstance(event, dict) else event
            for event in events]
