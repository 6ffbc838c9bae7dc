"""The ``heuristic`` bot: it plays by the strength of its hand, read from the rule set.

Everything it knows of truco is "the stronger card takes the vaza": each card's strength comes
from ``RuleSet.strengths(vira)`` (ranks and manilhas as the rule file sets them), and a card's
*odds* are the share of the deck it beats, raised to the number of opponents who play to the vaza
(the chance, roughly, that no one of them holds better). A hand's *power* is its best card's odds
plus half its second's, plus ``VAZA_WEIGHT`` for each vaza its side has won and minus as much for
each lost. With it the bot:

- shows its cards whenever that is offered (the engine offers it only on a proved sure win);
- raises (``truco``) holding a manilha when its power reaches ``RAISE_POWER``;
- answers a raise by raising again from ``RERAISE_POWER``, accepting from ``ACCEPT_POWER``,
  folding below;
- plays a mão de onze (``mao_de_onze:play``) when the cards its side can see reach
  ``ACCEPT_POWER``, and folds it below;
- leads its strongest card; on a vaza its side already holds, or one it cannot take, plays its
  weakest; else the weakest card that takes it (saving the better ones).

The thresholds are this bot's character, not rules of the game: chosen by hand, and checked by
playing it against the ``random`` bot (README's figures).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from truco_dsl.cards import Card
from truco_dsl.rules import RuleSet
from truco_dsl.simulation.view import SeatView, settled

#: power from which the bot raises, holding a manilha
RAISE_POWER = 1.1
#: power from which the bot answers a raise by raising again
RERAISE_POWER = 1.5
#: power from which the bot accepts a raise, or plays a mão de onze
ACCEPT_POWER = 0.9
#: power added for each vaza the side has won (and taken off for each it has lost)
VAZA_WEIGHT = 0.4


class HeuristicBot:
    """The ``heuristic`` bot (the module's docstring says how it plays). ``seed`` breaks the only
    choice strength cannot: which unseen card of a blind hand to play."""

    def __init__(self, seed: int = 0):
        self.name = "heuristic"
        self.random = random.Random(seed)

    def choose(self, view: SeatView, legal: list[str]) -> str:
        """One of ``legal`` (the seat's legal actions, not empty) for the position ``view`` shows."""
        return heuristic_action(view.state, view.ruleset, view.seat, legal, self.random)

    def close(self) -> None:
        """Nothing to end."""


def heuristic_action(state: dict[str, Any], ruleset: RuleSet, seat: int, legal: list[str], rng: random.Random) -> str:
    """The heuristic bot's choice among ``legal`` (not empty) for ``seat``, from ``state``
    (``Engine.state(seat)`` of a hand in play) and ``ruleset``; ``rng`` picks a blind card. Also the
    policy the ``mcts`` bot plays its playouts with."""
    choice = settled(legal)
    if choice is not None:
        return choice
    hand = state["hand"]
    team = seat % ruleset.teams
    odds = _odds(ruleset, hand["vira"], state["players"])
    held = [Card.parse(card) for card in hand["hands"].get(str(seat), ())]
    won = sum(1 for trick in hand["tricks"] if trick["winner"] == team)
    lost = sum(1 for trick in hand["tricks"] if trick["winner"] not in (None, team))
    if "mao_de_onze:play" in legal:
        seen = [Card.parse(card) for other, cards in hand["hands"].items() if int(other) % ruleset.teams == team
                for card in cards]
        return "mao_de_onze:play" if _power(seen, odds, won, lost) >= ACCEPT_POWER else "mao_de_onze:fold"
    power = _power(held, odds, won, lost)
    if "accept" in legal:
        if "truco" in legal and power >= RERAISE_POWER:
            return "truco"
        return "accept" if power >= ACCEPT_POWER else "fold"
    manilhas = set(hand["manilhas"])
    if "truco" in legal and power >= RAISE_POWER and any(str(card) in manilhas for card in held):
        return "truco"
    return _card_to_play(hand, ruleset, seat, legal, rng)


def _card_to_play(hand: dict[str, Any], ruleset: RuleSet, seat: int, legal: list[str], rng: random.Random) -> str:
    """A card action of ``legal``: face up where offered, else face down, else blind (at random)."""
    for kind in ("play:", "play_covered:"):
        options = {Card.parse(action[len(kind):]): action for action in legal if action.startswith(kind)}
        if options:
            break
    else:
        cards = [action for action in legal if action.startswith("play_blind:")]
        return rng.choice(cards) if cards else legal[0]
    strengths = ruleset.strengths(Card.parse(hand["vira"]) if hand["vira"] else None)
    by_strength = sorted(options, key=lambda card: (strengths[card], str(card)))
    table = [(play["seat"], strengths[Card.parse(play["card"])]) for play in hand["tricks"][-1]["cards"]
             if play["card"] is not None and not play["covered"]] if hand["tricks"] else []
    if not table:
        return options[by_strength[-1]]
    top = max(strength for _, strength in table)
    top_teams = {other % ruleset.teams for other, strength in table if strength == top}
    if top_teams == {seat % ruleset.teams}:
        return options[by_strength[0]]  # the vaza is the side's already: keep the better cards
    taking = [card for card in by_strength if strengths[card] > top]
    return options[taking[0] if taking else by_strength[0]]


def _power(cards: list[Card], odds: Mapping[Card, float], won: int, lost: int) -> float:
    """The power of a hand (the module's docstring): best odds + half the second's + vazas."""
    ranked = sorted((odds[card] for card in cards), reverse=True)
    return sum(ranked[:1]) + 0.5 * sum(ranked[1:2]) + VAZA_WEIGHT * (won - lost)


#: (id of the rule set, vira, players) -> (the rule set, kept so that its id is not reused; the odds)
_ODDS: dict[tuple[int, str | None, int], tuple[RuleSet, dict[Card, float]]] = {}


def _odds(ruleset: RuleSet, vira: str | None, players: int) -> Mapping[Card, float]:
    """Card -> the share of the deck's other cards it beats, to the power of the opponents at a vaza
    (``players`` less one's own side). Kept per rule set, vira and player count."""
    key = (id(ruleset), vira, players)
    known = _ODDS.get(key)
    if known is not None:
        return known[1]
    strengths = ruleset.strengths(Card.parse(vira) if vira else None)
    ordered = sorted(strengths.values())
    opponents = players - players // ruleset.teams
    others = len(ordered) - 1
    odds = {card: (sum(1 for other in ordered if other < strength) / others) ** opponents
            for card, strength in strengths.items()}
    _ODDS[key] = (ruleset, odds)
    return odds
