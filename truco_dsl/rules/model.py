"""A loaded rule set: immutable parameters and compiled clauses.

Built by ``truco_dsl.rules.loader``; read by the interpreter. Every number and order here came from
a rule file; this module only derives from them (the deck, the manilhas for a vira, card strength).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping

from truco_dsl.cards import Card, Rank, Suit
from truco_dsl.diagnostics import Place
from truco_dsl.lang import Condition, Statements, compile_hook
from truco_dsl.lang.vocabulary import HAND_HOOKS, HOOKS
from truco_dsl.rules.sources import SourceClause

#: The most points a game may be played to (game.target, set_target()): no regulation's limit (they
#: play to 12) but a bound that keeps every game, and so the proof of play, finite and short. It
#: bounds what a hand is worth and what a clause awards too (a stake of the ladder, award(),
#: set_stake()): more would win any game, and scores stay numbers every engine can send.
MAX_TARGET = 100
#: The most games a team may need to win a match (match.wins), for the same reason.
MAX_MATCH_WINS = 10


@dataclass(frozen=True)
class Clause:
    """One rule-file clause.

    ``id``: the spec/sources clause id it encodes, optionally ``.part``; ``source_id``: the id without
    the part; ``cite``: the regulation's words; ``note``: how it reads the text where that matters;
    ``hook``: where it fires; ``when``: its compiled condition (None: always); ``then``: its compiled
    calls; ``place``: where it is written; ``ruleset``: the rule set whose file wrote it; ``also``:
    other source clause ids that state the same rule.
    """

    id: str
    cite: str
    hook: str
    then: Statements
    place: Place
    ruleset: str
    when: Condition | None = None
    note: str | None = None
    also: tuple[str, ...] = ()

    @property
    def source_id(self) -> str:
        return self.id.partition(".")[0]

    @property
    def source_ids(self) -> tuple[str, ...]:
        """The source clause ids it encodes: its own (``source_id``), then those of its ``also:``,
        each without a ``.part``."""
        return (self.source_id, *(other.partition(".")[0] for other in self.also))

    @property
    def is_guard(self) -> bool:
        """A guard decides whether an action is allowed (its ``then`` starts with forbid/foul)."""
        return self.then.guard is not None

    @property
    def reads(self) -> frozenset[str]:
        """Every path its ``when`` and ``then`` read (``"game.target"``), indexes left out."""
        return self.then.reads | self.when.reads if self.when is not None else self.then.reads

    @property
    def builtins(self) -> frozenset[str]:
        """Every builtin its ``when`` and ``then`` call, however deep."""
        return self.then.builtins | self.when.builtins if self.when is not None else self.then.builtins


def _source(when: Condition | None) -> str | None:
    return None if when is None else when.source


#: the parameter groups of a rule file that rank the cards (``RuleSet.strengths``): the manilhas
#: by ``deck.manilha`` (which rank they are, their suits' order), every other card by ``deck`` (its ranks)
MANILHA_RANKING, CARD_RANKING = "deck.manilha", "deck"


@dataclass(frozen=True)
class RuleSet:
    """A complete rule set, ``extends`` resolved.

    Parameters (all from rule files): ``players`` (allowed seat counts), ``teams``; ``ranks`` weakest
    first; ``suits``; ``manilha_rule`` ("vira" or "fixed"), ``manilha_suits`` weakest first (rule
    vira), ``manilha_cards`` weakest first (rule fixed); ``hand_size`` cards per seat; ``vira``
    whether one is turned; ``ladder`` the stake in points, first value then each raise; ``target``
    points that win the game; ``mao_de_onze_at``: the score at which a side plays the mão de onze
    (``game.mao_de_onze_at``), None when the rule set sets none. ``clauses`` in firing order. ``cites``: parameter clause id -> quote.
    ``lineage``: this rule set's id, then its parents'. ``abstract``: a core that other rule sets
    extend, not complete enough to be played by itself (the engine refuses it). ``packet``: cards a
    shuffled deal gives a seat at a time; ``match_wins``: games a team must win to win the match;
    ``infractions``: the kinds a referee may report; ``reasons``: the refusal codes its clauses
    give (``forbid``/``foul``), code -> meaning, beside the engine's own (vocabulary.REASONS); ``covered``: whether a card may be played face
    down at all; ``traces``: source clause id -> the clause or
    cited parameter id (inherited) that encodes it; ``warnings``: the coherence warnings of the
    file loaded (``rules.coherence``), which do not stop it from playing; ``house``: the house rules
    its files name (``sources:``), clause id -> its words, inherited; ``features``: the feature
    files of the scenarios its files carry (``features:``), absolute paths, the parents' first.
    """

    id: str
    title: str
    source: str | None
    lineage: tuple[str, ...]
    players: tuple[int, ...]
    teams: int
    ranks: tuple[Rank, ...]
    suits: tuple[Suit, ...]
    manilha_rule: str
    manilha_suits: tuple[Suit, ...]
    manilha_cards: tuple[Card, ...]
    hand_size: int
    vira: bool
    ladder: tuple[int, ...]
    target: int
    clauses: tuple[Clause, ...]
    cites: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    file: str = ""
    abstract: bool = False
    packet: int = 0
    match_wins: int = 1
    infractions: tuple[str, ...] = ()
    reasons: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    covered: bool = True
    traces: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    warnings: tuple = ()  # of rules.coherence.Incoherence: what the variant may not mean, found at load
    house: Mapping[str, SourceClause] = field(default_factory=lambda: MappingProxyType({}))
    features: tuple[str, ...] = ()
    mao_de_onze_at: int | None = None

    def __post_init__(self) -> None:
        guards: dict[str, tuple[Clause, ...]] = dict.fromkeys(HOOKS, ())
        effects: dict[str, tuple[Clause, ...]] = dict.fromkeys(HOOKS, ())
        for clause in self.clauses:
            target = guards if clause.is_guard else effects
            target[clause.hook] = target.get(clause.hook, ()) + (clause,)
        object.__setattr__(self, "_guards", MappingProxyType(guards))
        object.__setattr__(self, "_effects", MappingProxyType(effects))
        # each hook's clauses as one function (compile_hook): None where it has none
        object.__setattr__(self, "_guard_tests", MappingProxyType({
            hook: compile_hook(hook, tuple(_source(clause.when) for clause in clauses)) if clauses else None
            for hook, clauses in guards.items()}))
        object.__setattr__(self, "_effect_runs", MappingProxyType({
            hook: compile_hook(hook, tuple(_source(clause.when) for clause in clauses), tuple(clause.then.source for clause in clauses),
                               hook in HAND_HOOKS) if clauses else None
            for hook, clauses in effects.items()}))
        object.__setattr__(self, "_deck", tuple(Card(rank, suit) for suit in self.suits for rank in self.ranks))
        # a forced deal checks each card against the deck: a set built per deal hashes all 40 cards
        # (a Card's hash is a Python call)
        object.__setattr__(self, "_deck_set", frozenset(self._deck))  # type: ignore[attr-defined]
        # vira -> manilhas(vira), strengths(vira): every deal and every state() asks
        object.__setattr__(self, "_manilhas", {})
        object.__setattr__(self, "_strengths", {})
        ladder = self.ladder
        object.__setattr__(self, "_next_step", MappingProxyType(
            {step: next((higher for higher in ladder if higher > step), None) for step in ladder}))

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card of the deck, once (ranks × suits)."""
        return self._deck  # type: ignore[attr-defined]

    @property
    def deck_set(self) -> frozenset[Card]:
        """The deck's cards as a set, for membership tests."""
        return self._deck_set  # type: ignore[attr-defined]

    @property
    def guards_at(self) -> Mapping[str, tuple[Clause, ...]]:
        """Every hook (``vocabulary.HOOKS``) -> its guard clauses in firing order (maybe none)."""
        return self._guards  # type: ignore[attr-defined]

    @property
    def effects_at(self) -> Mapping[str, tuple[Clause, ...]]:
        """Every hook -> its effect clauses in firing order (maybe none)."""
        return self._effects  # type: ignore[attr-defined]

    @property
    def guard_tests(self) -> Mapping[str, Callable[[Any], int | None] | None]:
        """Every hook -> its guard clauses as one function (``compile_hook``): given the clause
        runtime, the index in ``guards_at[hook]`` of the first whose ``when:`` holds, or None;
        None for a hook without guards."""
        return self._guard_tests  # type: ignore[attr-defined]

    @property
    def effect_runs(self) -> Mapping[str, Callable[[Any, tuple[Clause, ...]], None] | None]:
        """Every hook -> its effect clauses as one function (``compile_hook``): given the clause
        runtime and ``effects_at[hook]``, runs the ``then:`` of each whose ``when:`` holds; None for
        a hook without effects."""
        return self._effect_runs  # type: ignore[attr-defined]

    @property
    def next_step(self) -> Mapping[int, int | None]:
        """Each step of the ladder (points) -> the next step above it, None for the top."""
        return self._next_step  # type: ignore[attr-defined]

    def guards(self, hook: str) -> tuple[Clause, ...]:
        """The guard clauses at ``hook``, in firing order."""
        return self._guards.get(hook, ())  # type: ignore[attr-defined]

    def effects(self, hook: str) -> tuple[Clause, ...]:
        """The effect (non-guard) clauses at ``hook``, in firing order."""
        return self._effects.get(hook, ())  # type: ignore[attr-defined]

    def clause(self, clause_id: str) -> Clause:
        """The clause with that id. Raises ``KeyError`` when there is none."""
        for clause in self.clauses:
            if clause.id == clause_id:
                return clause
        raise KeyError(clause_id)

    def manilhas(self, vira: Card | None) -> tuple[Card, ...]:
        """The manilhas for this vira, weakest first.

        Rule "vira": the rank after the vira's in ``ranks``, wrapping from the strongest to the
        weakest, in each of ``manilha_suits``. Rule "fixed": ``manilha_cards`` (the vira is ignored).
        Raises ``ValueError`` when rule "vira" is given no vira.
        """
        if self.manilha_rule == "fixed":
            return self.manilha_cards
        if vira is None:
            raise ValueError(f"rule set {self.id} turns a vira to find the manilhas; none was given")
        known = self._manilhas.get(vira)  # type: ignore[attr-defined]
        if known is None:
            position = self.ranks.index(vira.rank)
            manilha_rank = self.ranks[(position + 1) % len(self.ranks)]
            known = self._manilhas[vira] = tuple(Card(manilha_rank, suit) for suit in self.manilha_suits)  # type: ignore[attr-defined]
        return known

    def strengths(self, vira: Card | None) -> Mapping[Card, int]:
        """Every card's strength for this vira: higher beats lower, equal ties.

        Ordinary cards rank by ``ranks`` whatever their suit; the manilhas rank above every ordinary
        card, in their own order (ATB-BARALHO-4, ATB-MANILHAS-2, as parameters of the rule file).
        The table is computed once per vira and shared: read it, never change it.
        Raises ``ValueError`` as ``manilhas`` does.
        """
        known = self._strengths.get(vira)  # type: ignore[attr-defined]
        if known is not None:
            return known
        strengths = {card: self.ranks.index(card.rank) + 1 for card in self.deck}
        top = len(self.ranks)
        for offset, manilha in enumerate(self.manilhas(vira), start=1):
            if manilha in strengths:
                strengths[manilha] = top + offset
        self._strengths[vira] = strengths  # type: ignore[attr-defined]
        return strengths
