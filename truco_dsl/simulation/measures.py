"""What one simulated game shows, counted as it is played.

A ``GameTally`` follows one engine from its first deal to the end of its match: it is given the
events of every deal and every action, with the engine as it is after them, and keeps counts
(``GameTally.counts``): plain numbers and tables of numbers, which the simulation adds up over
many games and turns into rates and means with their intervals (``statistics``).

The counts read only the engine's events and public state, never a regulation: a hand is *won*
by the team that scored more points in it (whatever clause awarded them, a fold's or a mão de
onze's too), a vaza is *tied* when the engine said ``trick_tied``, a raise is a ``stake_raised``
and its answer the event after it (``raise_accepted``, ``raise_folded``; an answer that raises
again is ``raise_accepted`` followed, in the same action's events, by the answering team's
``stake_raised``).
"""

from __future__ import annotations

from math import comb
from typing import Any

from truco_dsl.engine import Engine
from truco_dsl.rules import RuleSet

Event = dict[str, Any]

#: every count of a game that is one number, with what it counts
NUMBERS: dict[str, str] = {
    "hands": "hands dealt",
    "hands_decided": "hands in which one team scored more points than the other",
    "hands_won_by_mao": "decided hands won by the team of the seat that led the first vaza (the mão)",
    "games": "games won (a match of several games counts each)",
    "games_won_by_first_dealers_opponents": "games won by the team that did not deal the game's first hand",
    "games_won_from_behind": "games whose winner trailed at some moment of the game",
    "mao_de_onze_hands": "hands a clause made a mão de onze",
    "mao_de_onze_decisions": "mão de onze decisions taken",
    "mao_de_onze_played": "mão de onze decisions to play the hand",
    "mao_de_onze_played_won": "mão de onze hands played that the deciding team won",
    "first_vaza_won": "decided hands whose first vaza went to a team",
    "first_vaza_winner_won_hand": "of those, hands won by the team that won the first vaza",
    "hands_all_tied": "hands in which every vaza played was tied and no team scored more",
    "seat_0_dealt_manilha": "hands in which seat 0 was dealt at least one manilha",
}
#: every count of a game that is a table (key -> number), with what it counts by
TABLES: dict[str, str] = {
    "hands_per_game": "games by their number of hands",
    "lead_changes_per_game": "games by the times the lead passed from one team to the other (a level score between does not count)",
    "final_margin": "games by the points their winner finished ahead of the other side",
    "stake_at_end": "hands by what they were worth when they ended (points)",
    "stake_reached": "hands by every stake they were worth at some moment (points)",
    "raises": "raises called, by the stake asked (points)",
    "accepted": "raises accepted (raising again included), by the stake asked",
    "folded": "raises folded, by the stake asked",
    "raised_again": "raises answered by raising again, by the stake asked",
    "vazas": "vazas completed, by their number in the hand",
    "vazas_tied": "vazas tied, by their number in the hand",
}


class GameTally:
    """The counts of one game (an engine's match), fed as it is played.

    Call ``dealt(engine, events)`` after every ``engine.deal()`` and ``acted(engine, events)`` after
    every ``engine.act(...)``, with the events each returned; then read ``counts``: every key of
    ``NUMBERS`` (an int) and of ``TABLES`` (a dict from a number, as a string, to an int: JSON keys).
    """

    def __init__(self) -> None:
        self.counts: dict[str, Any] = {name: 0 for name in NUMBERS}
        self.counts.update({name: {} for name in TABLES})
        self._game_hands = 0  # hands of the game being played
        self._first_dealer: int | None = None  # who dealt its first hand
        self._trailed: set[int] = set()  # teams behind at some moment of this game
        self._leader: int | None = None  # the team ahead now (None: level)
        self._lead_changes = 0  # in the game being played
        self._hand: _Hand | None = None

    def dealt(self, engine: Engine, events: list[Event]) -> None:
        """A hand was dealt: ``events`` are what ``deal`` returned; ``engine`` is after it."""
        hand = engine.hand
        if self._first_dealer is None:
            self._first_dealer = hand.dealer
        self._game_hands += 1
        self.counts["hands"] += 1
        self._hand = _Hand(mao_team=None if hand.mao_seat is None else hand.mao_seat % engine.teams,
                           stakes={hand.stake})
        self.counts["seat_0_dealt_manilha"] += bool(set(hand.hands[0]) & set(engine.ruleset.manilhas(hand.vira)))
        self._read(engine, events)

    def acted(self, engine: Engine, events: list[Event]) -> None:
        """An action was taken: ``events`` are what ``act`` returned; ``engine`` is after it."""
        self._read(engine, events)

    def _read(self, engine: Engine, events: list[Event]) -> None:
        counts, hand = self.counts, self._hand
        accepted: Event | None = None  # a raise accepted by this action
        for event in events:
            kind = event["type"]
            if kind == "points_awarded":
                hand.points[event["team"]] = hand.points.get(event["team"], 0) + event["points"]
                self._scored(event["score"])
            elif kind in ("trick_won", "trick_tied"):
                number = event["trick"]
                if number not in hand.vazas:
                    _add(counts["vazas"], number)
                hand.vazas[number] = event.get("team") if kind == "trick_won" else None
                if kind == "trick_tied":
                    hand.tied.add(number)
                    _add(counts["vazas_tied"], number)
            elif kind == "stake_raised":
                if accepted is not None and accepted["team"] == event["team"]:
                    _add(counts["raised_again"], accepted["to"])  # the answer was a raise: accepted, then raised
                    accepted = None
                _add(counts["raises"], event["to"])
            elif kind == "raise_accepted":
                _add(counts["accepted"], event["to"])
                accepted = event
            elif kind == "raise_folded":
                _add(counts["folded"], event["to"])
            elif kind == "stake_set":
                hand.stakes.add(event["stake"])
            elif kind == "mao_de_onze":
                counts["mao_de_onze_hands"] += 1
                hand.mao_de_onze_team = event["team"]
            elif kind == "mao_de_onze_decided":
                counts["mao_de_onze_decisions"] += 1
                if event["decision"] == "play":
                    counts["mao_de_onze_played"] += 1
                    hand.mao_de_onze_played = True
            elif kind == "hand_ended":
                self._hand_ended(engine)
            elif kind == "game_won":
                self._game_won(event["team"], event["score"], engine.teams)
        if engine.hand is not None and not engine.hand.over:
            hand.stakes.add(engine.hand.stake)

    def _scored(self, score: list[int]) -> None:
        top = max(score)
        ahead = [team for team, points in enumerate(score) if points == top]
        leader = ahead[0] if len(ahead) == 1 else None
        self._trailed.update(team for team, points in enumerate(score) if points < top)
        if leader is not None and self._leader is not None and leader != self._leader:
            self._lead_changes += 1
        if leader is not None:
            self._leader = leader

    def _hand_ended(self, engine: Engine) -> None:
        counts, hand = self.counts, self._hand
        hand.stakes.add(engine.hand.stake)
        _add(counts["stake_at_end"], engine.hand.stake)
        for stake in hand.stakes:
            _add(counts["stake_reached"], stake)
        ranked = sorted(hand.points.items(), key=lambda item: -item[1])
        winner = ranked[0][0] if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]) else None
        if winner is not None:
            counts["hands_decided"] += 1
            counts["hands_won_by_mao"] += winner == hand.mao_team
            first = hand.vazas.get(1)
            if first is not None:
                counts["first_vaza_won"] += 1
                counts["first_vaza_winner_won_hand"] += first == winner
        elif hand.vazas and len(hand.tied) == len(hand.vazas):
            counts["hands_all_tied"] += 1
        if hand.mao_de_onze_played and hand.mao_de_onze_team is not None:
            counts["mao_de_onze_played_won"] += winner == hand.mao_de_onze_team

    def _game_won(self, team: int, score: list[int], teams: int) -> None:
        counts = self.counts
        _add(counts["final_margin"], score[team] - max(points for other, points in enumerate(score) if other != team))
        counts["games"] += 1
        counts["games_won_by_first_dealers_opponents"] += team != self._first_dealer % teams
        counts["games_won_from_behind"] += team in self._trailed
        _add(counts["hands_per_game"], self._game_hands)
        _add(counts["lead_changes_per_game"], self._lead_changes)
        self._game_hands, self._first_dealer, self._trailed, self._leader, self._lead_changes = 0, None, set(), None, 0


class _Hand:
    """What the tally keeps of the hand being played."""

    __slots__ = ("mao_team", "stakes", "points", "vazas", "tied", "mao_de_onze_team", "mao_de_onze_played")

    def __init__(self, mao_team: int | None, stakes: set[int]):
        self.mao_team, self.stakes = mao_team, stakes
        self.points: dict[int, int] = {}  # team -> points scored in the hand
        self.vazas: dict[int, int | None] = {}  # vaza number -> the team it went to (None: tied)
        self.tied: set[int] = set()
        self.mao_de_onze_team: int | None = None
        self.mao_de_onze_played = False


def _add(table: dict[str, int], key: int) -> None:
    name = str(key)
    table[name] = table.get(name, 0) + 1


def dealt_manilha_chance(ruleset: RuleSet) -> float:
    """The chance that a given seat is dealt at least one manilha, exactly: the manilhas are
    ``len(ruleset.manilhas(vira))`` cards of the deck (a vira, when the rule set turns one, is none
    of them and is not dealt), and a hand is ``ruleset.hand_size`` cards drawn from the rest.
    0.2838 for a 40-card deck, 4 manilhas, a vira and hands of 3. What ``seat_0_dealt_manilha``
    counts, as a check of the simulation's own dealing."""
    deck = list(ruleset.deck)
    vira = next((card for card in deck if card not in ruleset.manilhas(card)), None) if ruleset.vira else None
    manilhas = [card for card in ruleset.manilhas(vira) if card in deck]
    unseen = len(deck) - (1 if vira is not None else 0)
    return 1 - comb(unseen - len(manilhas), ruleset.hand_size) / comb(unseen, ruleset.hand_size)
