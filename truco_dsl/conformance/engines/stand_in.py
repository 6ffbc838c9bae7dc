"""An engine under test playing a variant where a scenario names the rule set it stands in for.

``truco conform --ruleset baralho-limpo --engine PROGRAM`` runs features/atb-2004 with the engine
asked for ``baralho-limpo`` wherever a scenario asks for ``atb-2004``, as the in-process run plays
the variant there on the reference engine (``selection.stand_ins``). Which of the parent's forced
deals the variant can deal is the reference engine's to say, before the engine under test is asked:
a deal it refuses, or would have to deal without its vira (a variant that turns none, ``translation.py``:
only the reference engine can be checked card by card against the vira), is ``VariantCannotDeal``,
which makes the scenario *not applicable*, never passed. A deal the variant can make and the engine
under test refuses stays the engine's failure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from truco_dsl.conformance.engines.adapter import EngineAdapter, ReferenceAdapter
from truco_dsl.errors import SetupRefused, VariantCannotDeal
from truco_dsl.rules import RuleSet


class StandInAdapter:
    """``engine`` (an ``EngineAdapter``) asked for ``rulesets[named].id`` wherever a scenario asks for
    ``named`` (rule set id -> the ``RuleSet`` played in its place); every other call is the engine's.

    ``new_game`` and ``next_hand`` raise ``VariantCannotDeal`` when the reference engine playing that
    rule set refuses the forced deal or would deal it without its vira, and otherwise what the
    engine raises."""

    def __init__(self, engine: EngineAdapter, rulesets: Mapping[str, RuleSet]):
        self.engine = engine
        self.rulesets = dict(rulesets)
        self._named: str | None = None  # what the game being played was asked for
        self._players = 0

    def __getattr__(self, member: str) -> Any:  # name, features, readings, transcript, legal_actions, act, state…
        return getattr(self.engine, member)

    def asked(self, named: str) -> str:
        """The rule set id the engine is asked for when a scenario names ``named``."""
        played = self.played_in_place(named)
        return named if played is None else played.id

    def played_in_place(self, named: str) -> RuleSet | None:
        """The rule set the engine is asked to play where a scenario names ``named``; None when the
        engine is asked for ``named`` itself."""
        played = self.rulesets.get(named)
        return played if played is not None and played.id != named else None

    def supports(self, ruleset: str, players: int) -> bool:
        return self.engine.supports(self.asked(ruleset), players)

    def new_game(self, ruleset: str, players: int, dealer: int, scores: list[int], hands: list[list[str]] | None,
                 vira: str | None, seed: int | None, games_won: list[int] | None = None) -> list[dict[str, Any]]:
        self._named, self._players = ruleset, players
        self._check(hands, vira)
        if games_won is None:  # call the engine as the steps did (an adapter may not take games_won)
            return self.engine.new_game(self.asked(ruleset), players, dealer, scores, hands, vira, seed)
        return self.engine.new_game(self.asked(ruleset), players, dealer, scores, hands, vira, seed, games_won=games_won)

    def next_hand(self, hands: list[list[str]] | None, vira: str | None) -> list[dict[str, Any]]:
        self._check(hands, vira)
        return self.engine.next_hand(hands, vira)

    def _check(self, hands: list[list[str]] | None, vira: str | None) -> None:
        """Raise ``VariantCannotDeal`` when the forced deal ``hands``/``vira`` of the game asked for is
        one the rule set played in its place cannot deal as written (a fresh game of the reference
        engine is dealt it: whether a deal can be made depends on the cards, not on the score)."""
        played = None if self._named is None else self.played_in_place(self._named)
        if hands is None or played is None:
            return
        reference = ReferenceAdapter(self.rulesets)
        try:
            reference.new_game(self._named, self._players, 0, [0, 0], hands, vira, None)
        except SetupRefused as refusal:
            raise VariantCannotDeal(f"the reference engine playing {played.id}: {refusal}") from None
        if reference.translation is not None:
            raise VariantCannotDeal(f"{played.id} turns no vira: the deal would be dealt without its vira {vira}, which "
                                    f"only a run without --engine checks, card by card (the reference engine playing it)")

    def close(self) -> None:
        self._named = None
        self.engine.close()
