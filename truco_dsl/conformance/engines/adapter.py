"""The engine adapter: the only door through which the conformance steps reach an engine.

An engine under test is wrapped in an object that follows ``EngineAdapter``. The step definitions
(``steps.py``) start a game, act for seats and read the state through it and through nothing else,
so that any engine — in-process, or another program behind a protocol — can run the same scenarios.

Seats are numbered 0.. in the order of play; team = seat % 2. Actions are the canonical strings of
conformance/STEPS.md: ``play:7c``, ``play_covered:7c``, ``play_blind:2``, ``truco`` (every raise),
``accept``, ``fold``, ``mao_de_onze:play``, ``mao_de_onze:fold``, and a referee's report of an
infraction by the seat, ``infraction:<kind>``.

The canonical state
-------------------
``state(seat)`` returns plain JSON (dicts, lists, strings, numbers, booleans, null). The steps read
these fields; an adapter may return more, the steps ignore the rest::

    {
      "phase": "deal" | "play" | "game_over",   # waiting for a deal, a hand in play, match ended
                                                # (with a null winner: both teams disqualified)
      "score": [int, int],                      # points (tentos) of team 0 and team 1
      "winner": int | null,                     # the team that won the match (a single game for
                                                # rule sets without match.wins), null while it goes
                                                # on or when it ended with both disqualified
      "game_winner": int | null,                # the team that won the game being (or just) played
      "games_won": [int, int],                  # games (partidas, séries) each team has won
      "target": int,                            # the points that win the game now
      "next_dealer": int,                       # the seat that deals the next hand
      "hand": null | {                          # the current (or just finished) hand: a finished
                                                # one stays, over, until the next is dealt
        "stake": int,                           # what the hand is worth now (finished: what it
                                                # was played for; a folded raise not counted)
        "blind": bool,                          # played blind (mão de ferro): nobody sees own cards
        "turn": int | null,                     # the seat to play a card, unmoved while a raise
                                                # waits for its answer; null when none is due
        "over": bool,                           # whether the hand has ended
        "vira": str | null,                     # the card turned, null for rule sets without one
        "hands": {"<seat>": [str, ...], ...},   # cards still held, keyed by the seat as a string;
                                                # state(seat) lists only the seats that seat may
                                                # see (itself, partners when a rule shows them)
        "tricks": [                             # the vazas started in this hand, in order
          {"number": int,                       # 1, 2, 3
           "tied": bool,                        # nobody took it
           "winner_seat": int | null}, ...      # the seat that took it
        ]
      }
    }

Optional capabilities
---------------------
``features`` names what an adapter can do beyond a single hand dealt by ``new_game``:
``next_hand`` (deal further hands of the game), ``infractions`` (``infraction:<kind>`` actions),
``views`` (``state(seat)``), ``count`` (``count(depth)``). A call to a capability the engine lacks
raises ``NotSupported``, which makes the scenario *unsupported*, never passed. ``readings`` says,
per clause id, how the engine reads a clause where the regulations are silent or ambiguous:
``"rule_file"`` for the reading the bundled rule file takes; any other text is the engine's own
reading, and the scenarios checking that clause are unsupported for it.

Engine faults
-------------
An engine behind a protocol can hang, die or answer nonsense. The adapter then raises an
``EngineFault``: ``EngineTimeout``, ``EngineCrash`` or ``ProtocolViolation``; each gives the
scenario its own outcome (``timeout``, ``crash``, ``protocol_error``), never failed or passed.

``ReferenceAdapter`` plays the reference interpreter (``truco_dsl.engine``) in-process; the
subprocess adapter (``process.py``) plays any program that speaks conformance/PROTOCOL.md.
"""

from __future__ import annotations

import copy
from functools import cache
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, runtime_checkable

from truco_dsl.conformance.engines.translation import ViraTranslation
from truco_dsl.engine import Engine
from truco_dsl.engine.search import count_lines
from truco_dsl.errors import BadDeal, EngineCrash, EngineTimeout, IllegalAction, NoGame, ProtocolViolation, RulesetError, SetupRefused
from truco_dsl.rules import RuleSet, load_ruleset, load_sources

#: the optional capabilities an engine may declare (module docstring)
FEATURES = ("next_hand", "infractions", "views", "count")
#: the reading of an ambiguous clause that the bundled rule files take
RULE_FILE_READING = "rule_file"


@dataclass(frozen=True)
class Outcome:
    """What an engine did with one action.

    ``accepted``: whether it took the action; ``events``: what the action caused (plain JSON dicts,
    engine-specific, empty when refused); ``reason``: the refusal's code (``not_your_turn`` …) when
    refused, else None; ``detail``: the engine's own words about a refusal, for failure messages.
    """

    accepted: bool
    events: list[dict[str, Any]] = field(default_factory=list)
    reason: str | None = None
    detail: str | None = None


@dataclass(frozen=True)
class LineCount:
    """What ``count(depth)`` found: ``total`` sequences of legal actions, and ``divide``, the count
    below each first action as ``(seat, action, count)``."""

    total: int
    divide: list[tuple[int, str, int]]


#: every fault outcome, in the order reports list them
FAULT_OUTCOMES = (EngineTimeout.outcome, EngineCrash.outcome, ProtocolViolation.outcome)


@runtime_checkable
class EngineAdapter(Protocol):
    """An engine as the conformance steps see it. One adapter object plays one game at a time.

    Every method may raise ``SetupRefused`` where noted, and every one but ``new_game`` ``NoGame``
    before a game is started; any other exception is an engine crash and makes the scenario an error.
    """

    #: a short name of the engine, shown in reports ("reference", "my-truco 1.2")
    name: str
    #: the optional capabilities it has (``FEATURES``)
    features: frozenset[str]
    #: clause id -> its reading of that clause (``RULE_FILE_READING`` or its own); absent: the rule file's
    readings: Mapping[str, str]

    def supports(self, ruleset: str, players: int) -> bool:
        """Whether the engine plays rule set ``ruleset`` (an id like ``atb-2004``) with ``players``
        seats. A scenario the engine does not support is reported as not supported, never passed."""
        ...

    def new_game(self, ruleset: str, players: int, dealer: int, scores: list[int],
                 hands: list[list[str]] | None, vira: str | None, seed: int | None,
                 games_won: list[int] | None = None) -> list[dict[str, Any]]:
        """Start a game and deal its first hand.

        ``dealer``: the seat dealing the first hand; ``scores``: team 0's and team 1's points before
        it; ``hands``: per seat (index = seat) the cards in notation, or None for a deal shuffled by
        the engine from ``seed``; ``vira``: the card turned (None with a shuffled deal, or for rule
        sets that turn none); ``games_won``: games each team has won in the match before this one
        (None: none). Returns the events of the deal. Raises ``SetupRefused``.
        """
        ...

    def next_hand(self, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        """Deal the next hand of the same game (the previous one is over): forced ``hands`` and
        ``vira`` as in ``new_game``, or None for a shuffled deal. Returns the events of the deal.
        Raises ``SetupRefused``."""
        ...

    def legal_actions(self, seat: int) -> list[str]:
        """The canonical actions ``seat`` may take now (order does not matter); empty if none."""
        ...

    def act(self, seat: int, action: str) -> Outcome:
        """Take ``action`` for ``seat``. A refused action must change nothing."""
        ...

    def state(self, seat: int | None = None) -> dict[str, Any]:
        """The canonical JSON state (module docstring): the referee's view for None, else what
        ``seat`` may see."""
        ...

    def count(self, depth: int | None) -> LineCount:
        """The sequences of legal actions from the current position (any seat's), ``depth`` long or,
        for None, to the end of the hand; a sequence that ends the hand sooner counts once. Raises
        ``NotSupported`` without the ``count`` capability."""
        ...

    def close(self) -> None:
        """Release the game after a scenario (a subprocess may be kept for the next one)."""
        ...


class ReferenceAdapter:
    """The reference interpreter, in-process.

    ``rulesets``: rule set id -> the ``RuleSet`` to play when a scenario names that id (to run a
    variant or a mutant against a regulation's scenarios); ids not in it are loaded from the bundled
    spec/rulesets with ``load_ruleset``, and kept in ``loaded`` (id -> RuleSet), which the adapters
    of one run may share: a run does not look its rule files up again for every scenario.
    """

    name = "reference"
    features = frozenset(FEATURES)
    #: the interpreter played (``report/causes.py`` plays ``TracedEngine``, which also says which clause did what)
    engine_type: type[Engine] = Engine
    #: how long a ``count`` may run (seconds): in-process, no limit but its positions (a limit of time
    #: made a run's verdicts depend on the machine's load); ``truco serve`` sets ``COUNT_SECONDS``, so
    #: that it says it stopped before a harness gives up on it (PROTOCOL.md, "Limits")
    count_seconds = float("inf")

    def __init__(self, rulesets: Mapping[str, RuleSet] | None = None, loaded: dict[str, RuleSet] | None = None):
        self.rulesets: dict[str, RuleSet] = dict(rulesets or {})
        self.loaded: dict[str, RuleSet] = {} if loaded is None else loaded
        self.engine: Engine | None = None
        self.named: str | None = None  # the rule set id the game was asked for
        #: how the forced deals of this game were translated (``translation.ViraTranslation.note``)
        self.translations: list[str] = []
        self.translation: ViraTranslation | None = None  # the hand in play's, if it was dealt without its vira

    @property
    def readings(self) -> dict[str, str]:
        """Every clause spec/sources marks ambiguous: read as the rule files read it."""
        return dict(_rule_file_readings())

    def ruleset(self, ruleset: str) -> RuleSet:
        """The RuleSet played for the id ``ruleset``. Raises ``SetupRefused`` when it is unknown or
        does not load."""
        if ruleset in self.rulesets:
            return self.rulesets[ruleset]
        if ruleset in self.loaded:
            return self.loaded[ruleset]
        try:
            self.loaded[ruleset] = load_ruleset(ruleset)
            return self.loaded[ruleset]
        except (FileNotFoundError, RulesetError) as problem:
            raise SetupRefused(f"rule set {ruleset!r} cannot be loaded: {problem}") from None

    def supports(self, ruleset: str, players: int) -> bool:
        try:
            return players in self.ruleset(ruleset).players
        except SetupRefused:
            return False

    def new_game(self, ruleset: str, players: int, dealer: int, scores: list[int],
                 hands: list[list[str]] | None, vira: str | None, seed: int | None,
                 games_won: list[int] | None = None) -> list[dict[str, Any]]:
        played, previous = self.ruleset(ruleset), (self.engine, self.named, self.translations, self.translation)
        try:
            self.engine = self.engine_type(played, players=players, seed=seed, dealer=dealer, scores=list(scores), games_won=games_won)
        except ValueError as problem:
            raise SetupRefused(f"the engine refused the game: {problem}") from None
        self.named, self.translations = ruleset, []
        try:
            return self._deal(hands, vira)
        except SetupRefused:
            self.engine, self.named, self.translations, self.translation = previous  # a refused game leaves the one being played as it was
            raise

    def next_hand(self, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        return self._deal(hands, vira)

    def legal_actions(self, seat: int) -> list[str]:
        """The seat's legal actions. In a mão de onze dealt without its scenario's vira, raises
        ``NotTranslatable`` when a card dealt ranks otherwise than with the vira: whether a side may
        show its cards (a sure win) weighs every card."""
        engine = self._engine()
        if self.translation is not None and engine.hand.mao_de_onze:
            self.translation.check_deal()
        return engine.legal_actions(seat)

    def act(self, seat: int, action: str) -> Outcome:
        """The engine's answer to ``action`` from ``seat``. In a hand dealt without its scenario's vira,
        raises ``NotTranslatable`` once a card played ranks otherwise against its vaza than with the
        vira, or, in a mão de onze (where a side may show its cards), a card dealt does."""
        engine = self._engine()
        if self.translation is not None and (action == "show_cards" or engine.hand.mao_de_onze):
            self.translation.check_deal()
        try:
            events = engine.act(seat, action)
        except IllegalAction as refusal:
            return Outcome(accepted=False, events=[], reason=refusal.reason, detail=str(refusal))
        if self.translation is not None:
            for trick in engine.hand.tricks:
                self.translation.check_vaza(trick.plays)
        return Outcome(accepted=True, events=copy.deepcopy(events))

    def state(self, seat: int | None = None) -> dict[str, Any]:
        return self._engine().state(seat)

    def count(self, depth: int | None) -> LineCount:
        total, divide = count_lines(self._engine(), depth, seconds=self.count_seconds)
        return LineCount(total, divide)

    def close(self) -> None:
        self.engine = None

    def _engine(self) -> Engine:
        if self.engine is None:
            raise NoGame("no game has been started (new_game was not called)")
        return self.engine

    def _named_ruleset(self) -> RuleSet | None:
        """The rule set the game was asked for, as bundled (None when it is no bundled rule set)."""
        try:
            return load_ruleset(self.named) if self.named is not None else None
        except (FileNotFoundError, RulesetError):
            return None

    def _deal(self, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        """Deal the forced ``hands`` and ``vira`` (None: shuffle). A forced deal with a vira, for
        a rule set played in place of the named one that turns no vira, is dealt without it
        (``translation.ViraTranslation``: ``act`` checks each vaza; the note is kept in ``translations``)."""
        engine = self._engine()
        self.translation = None
        if hands is not None and vira is not None and not engine.ruleset.vira and engine.ruleset.id != self.named:
            named = self._named_ruleset()
            if named is not None and named.vira:
                translation = ViraTranslation(named, engine.ruleset, hands, vira)
                result = self._dealt(engine, hands, None)
                self.translation = translation
                self.translations.append(translation.note)
                return result
        return self._dealt(engine, hands, vira)

    @staticmethod
    def _dealt(engine: Engine, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        try:
            return engine.deal(hands, vira)
        except (BadDeal, IllegalAction) as problem:
            raise SetupRefused(f"the engine refused the deal: {problem}") from None


@cache
def _rule_file_readings() -> dict[str, str]:
    return {clause_id: RULE_FILE_READING for clause_id, source in load_sources().items() if source.ambiguous}
