"""A scenario's forced deal with a vira, dealt under a rule set that turns none (manilha velha).

When a variant without a vira is played in place of the rule set a scenario names, the scenario's
deal ``vira 5s`` cannot be dealt as written. It can be dealt without the vira, and still mean what
the scenario means, when every card dealt ranks against every card of the other seats as it does
with that vira: then every vaza the scenario plays is won, lost or tied as it says, whatever it
checks. ``deal_without_vira`` decides, and says why not when it cannot (a card the vira makes a
manilha is no manilha under the variant, say); the scenario is then not applicable, with that why.
"""

from __future__ import annotations

from itertools import combinations

from truco_dsl.cards import Card, CardError
from truco_dsl.errors import SetupRefused
from truco_dsl.rules import RuleSet


def _against(first: int, second: int) -> str:
    return "beats" if first > second else "ties" if first == second else "loses to"


def deal_without_vira(named: RuleSet, played: RuleSet, hands: list[list[str]], vira: str) -> str:
    """Whether ``hands`` (each seat's card tokens, by seat) dealt with ``vira`` under ``named`` play
    the same dealt without a vira under ``played``, a rule set that turns none.

    Returns the note a report shows for the scenario (how it was dealt, and why that is the same
    game). Raises ``SetupRefused`` saying why not: a card dealt ranks otherwise against a card of
    another seat (the first such pair), or a rule set cannot rank the cards (a card or vira that is
    not a card: the engine's own refusal of the deal says which). Cards that are not in ``played``'s
    deck are left for the engine to refuse."""
    try:
        with_vira, without = named.strengths(Card.parse(vira)), played.strengths(None)
        dealt = [(seat, Card.parse(token)) for seat, hand in enumerate(hands) for token in hand]
    except (CardError, ValueError) as problem:
        raise SetupRefused(f"the deal cannot be dealt without its vira {vira}: {problem}") from None
    for (seat, card), (other_seat, other) in combinations(dealt, 2):
        if seat == other_seat or card not in with_vira or other not in with_vira or card not in without or other not in without:
            continue
        before, after = _against(with_vira[card], with_vira[other]), _against(without[card], without[other])
        if before != after:
            raise SetupRefused(f"{played.id} turns no vira, and this deal means something else without its vira {vira}: "
                               f"under {named.id} with that vira {card} (seat {seat}) {before} {other} (seat {other_seat}), "
                               f"under {played.id} it {after} it")
    return (f"dealt without its vira {vira}: {played.id} turns none, and every card dealt ranks against the other "
            f"seats' cards as it does under {named.id} with that vira")
