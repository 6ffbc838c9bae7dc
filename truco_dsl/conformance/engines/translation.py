"""A scenario's forced deal with a vira, dealt under a rule set that turns none (manilha velha).

When a variant without a vira is played in place of the rule set a scenario names, the scenario's
deal ``vira 5s`` cannot be dealt as written. It is dealt without the vira, and the scenario still
means what it says as long as every card played ranks against the other cards of its vaza as it
does with that vira: then every vaza is won, lost or tied as the scenario says. ``ViraTranslation``
keeps the two rankings and checks each vaza as it is played (and every card dealt when a side
shows its cards, whose claim of a sure win weighs them all). The first card that ranks otherwise
ends the scenario as not applicable (``NotTranslatable``), with that pair of cards as the why.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from truco_dsl.cards import Card, CardError
from truco_dsl.engine.records import Play
from truco_dsl.errors import NotTranslatable, SetupRefused
from truco_dsl.rules import RuleSet


def _against(first: int, second: int) -> str:
    return "beats" if first > second else "ties" if first == second else "loses to"


class ViraTranslation:
    """A hand dealt without its scenario's ``vira`` (a card token) under ``played``, a rule set that
    turns none, in place of ``named``, which turns one. ``hands``: each seat's card tokens, by seat.

    Raises ``SetupRefused`` when a rule set cannot rank the cards (a vira or card that is not one:
    the engine's own refusal of the deal says which)."""

    def __init__(self, named: RuleSet, played: RuleSet, hands: list[list[str]], vira: str):
        self.named, self.played, self.vira = named, played, vira
        try:
            self.with_vira, self.without = named.strengths(Card.parse(vira)), played.strengths(None)
            self.dealt = [Play(seat, Card.parse(token), False) for seat, hand in enumerate(hands) for token in hand]
        except (CardError, ValueError) as problem:
            raise SetupRefused(f"the deal cannot be dealt without its vira {vira}: {problem}") from None

    @property
    def note(self) -> str:
        """What a report says of the scenario: how it was dealt, and why that is the same game."""
        return (f"dealt without its vira {self.vira}: {self.played.id} turns none, and every card played ranked against "
                f"the other cards of its vaza as under {self.named.id} with that vira")

    def check_vaza(self, plays: Iterable[Play]) -> None:
        """Raise ``NotTranslatable`` naming the first two face-up cards of different seats in ``plays``
        (one vaza's) that rank otherwise without the vira than with it."""
        self._check([play for play in plays if not play.covered], "in a vaza")

    def check_deal(self) -> None:
        """Raise ``NotTranslatable`` naming the first two cards of different seats of the whole deal
        that rank otherwise without the vira (what a side's shown cards are judged by)."""
        self._check(self.dealt, "in the deal, which a side's shown cards are judged by")

    def _check(self, plays: list[Play], where: str) -> None:
        for first, second in combinations(plays, 2):
            if first.seat == second.seat or any(card not in ranking for card in (first.card, second.card)
                                                for ranking in (self.with_vira, self.without)):
                continue  # a card not in a deck: the engine refuses it
            before = _against(self.with_vira[first.card], self.with_vira[second.card])
            after = _against(self.without[first.card], self.without[second.card])
            if before != after:
                raise NotTranslatable(
                    f"{self.played.id} turns no vira, and this scenario means something else without its vira {self.vira} "
                    f"({where}): under {self.named.id} with that vira {first.card} (seat {first.seat}) {before} "
                    f"{second.card} (seat {second.seat}), under {self.played.id} it {after} it")
