"""Searches of a hand's lines of play on forks of the engine: ``guaranteed_win`` and ``count_lines``.

Does a team's hand win whatever the opponents hold and however they play? (``guaranteed_win``)

A query the clause language offers (the builtin ``guaranteed_win(team)``); the rule files that use
it (atb-2004's ATB-MAO-DE-ONZE-6.proof, fpt-1983's FPT-MAO-DE-ONZE-6.proof) say who may ask it,
when, and what a proved win is worth. This module only answers the question, by playing the hand
out on forks of the engine — so every vaza, tie and hand result comes from the rule set's own
clauses, not from here.

The search: the team's seats play their known cards (any choice may be the winning one); each
opponent, at its turn, may hold any card nobody has seen (the cards outside the team's hands, the
vira and the table), chosen adversarially at the moment it is played; cards of equal strength are
one choice. In a blind hand (``blind_hands()``) nobody chooses a card knowingly, the team's seats
neither: every card the team holds is then a line it may have to play, not a choice. The answer is
True only if every line of play ends with the team winning the hand. The
search stops after ``budget`` positions and then answers False: a win it could not prove is not
guaranteed. An opponent's choices are grouped: unseen cards that compare alike with every card the
team holds and every card on the table lead to the same results, so one of each group is tried.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Iterable
from typing import TYPE_CHECKING

from truco_dsl.cards import Card
from truco_dsl.errors import CountTooLarge, IllegalAction

if TYPE_CHECKING:  # pragma: no cover
    from truco_dsl.engine.engine import Engine

DEFAULT_BUDGET = 1_500


class _OutOfBudget(Exception):
    pass


def guaranteed_win(engine: Engine, team: int, budget: int = DEFAULT_BUDGET) -> bool:
    """Whether ``team`` wins the current hand of ``engine`` against any cards and any play.

    ``engine``: a game with a hand in play (it is not changed); ``team``: 0 or 1; ``budget``: the
    most positions examined. Returns False when the hand is over, when a raise or decision is
    pending that the search cannot play through, or
    when the budget runs out.
    """
    hand = engine.hand
    if hand is None or hand.over:
        return False
    seen = {play.card for trick in hand.tricks for play in trick.plays}
    known = {card for seat, cards in enumerate(hand.hands) if seat % engine.teams == team for card in cards}
    # weakest first, once: every position of the search reads the unseen cards in that order
    # (_choices, _position), and taking a card out (list.remove) keeps it
    unseen = sorted((card for card in engine.ruleset.deck if card not in known and card not in seen and card != hand.vira),
                    key=hand.strengths.__getitem__)
    start = engine.fork()
    start.hand.decision_pending = None  # a pending decision would stop the search: play the hand out
    for seat in range(start.players):
        if seat % start.teams != team:
            start.hand.hands[seat] = []  # unknown: chosen as they are played
    search = _Search(team, list(engine.score), budget)
    try:
        return search.team_wins(start, unseen)
    except _OutOfBudget:
        return False


class _Search:
    """One search: the team, the scores before the hand (a win is the team scoring), the budget."""

    def __init__(self, team: int, base: list[int], budget: int):
        self.team, self.base, self.budget = team, base, budget
        self.positions = 0
        self.memo: dict[tuple, bool] = {}

    def team_wins(self, engine: Engine, unseen: list[Card]) -> bool:
        hand = engine.hand
        if hand.over:
            return engine.score[self.team] > self.base[self.team]
        self.positions += 1
        if self.positions > self.budget:
            raise _OutOfBudget
        seat = hand.turn
        if seat is None or hand.pending is not None or hand.decision_pending is not None:
            return False  # a raise, or a decision (a mão de onze is declared at the deal only): not played through
        key = _position(engine, unseen)
        if key not in self.memo:
            if seat % engine.teams == self.team:
                lines = (self.after(engine, seat, card, unseen, None)
                         for card in sorted(hand.hands[seat], key=hand.strengths.__getitem__, reverse=True))
                self.memo[key] = _team_wins(lines, hand.blind)
            else:
                self.memo[key] = all(line is not False for line in
                                     (self.after(engine, seat, card, unseen, card) for card in _choices(engine, self.team, unseen)))
        return self.memo[key]

    def after(self, engine: Engine, seat: int, card: Card, unseen: list[Card], drawn: Card | None) -> bool | None:
        """Whether the team wins once ``seat`` plays ``card`` (``drawn``: an unseen card given to an
        opponent to play); None when the rule set does not let the seat play it (a guard at play)."""
        branch = engine.fork()
        remaining = unseen
        if drawn is not None:
            branch.hand.hands[seat].append(drawn)
            remaining = list(unseen)
            remaining.remove(drawn)  # unseen holds each card once
        action = f"play_blind:{branch.hand.hands[seat].index(card) + 1}" if branch.hand.blind else f"play:{card}"
        try:
            branch.act(seat, action)
        except IllegalAction:  # forbidden by a clause (a card that may not be played face up, say)
            return None
        return self.team_wins(branch, remaining)


def _team_wins(lines: Iterable[bool | None], blind: bool) -> bool:
    """Whether the team's seat wins, given the result of each card it may play (None: a card the
    rule set forbids, no line), evaluated lazily: seeing its cards, one winning line is enough;
    blind, every line must win (it plays a card it has not seen). No line at all is no win."""
    any_line = False
    for line in lines:
        if line is None:
            continue
        any_line = True
        if line != blind:  # a win while seeing, or a loss while blind, decides
            return line
    return any_line and blind


#: the positions ``count_lines`` visits at most, unless told otherwise: a full hand's count at 2
#: players from the deal is some 40,000 lines; a deep count at 6 players would run for hours
COUNT_POSITIONS = 200_000
#: the seconds ``count_lines`` may run, unless told otherwise: below the harness's default
#: ``--timeout`` (5 s), so that ``truco serve`` says it stopped before a harness gives up on it
#: (200,000 positions at 6 players take some 20 s)
COUNT_SECONDS = 3.0


class _Budget:
    """What a count may still spend: positions (``limit`` in all) and time (``seconds`` from now)."""

    def __init__(self, limit: int, seconds: float):
        self.limit, self.seconds = limit, seconds
        self.visited = 0
        self.started = time.monotonic()

    def spend(self) -> None:
        """Count one more position. Raises ``CountTooLarge`` past the positions or the time."""
        self.visited += 1
        if self.visited > self.limit:
            raise CountTooLarge(self.limit)
        if time.monotonic() - self.started >= self.seconds:
            raise CountTooLarge(self.visited - 1, seconds=self.seconds)


def count_lines(engine: Engine, depth: int | None = None, limit: int = COUNT_POSITIONS,
                seconds: float = COUNT_SECONDS) -> tuple[int, list[tuple[int, str, int]]]:
    """How many sequences of legal actions lead on from the current position (like chess perft).

    ``engine``: the game (not changed); ``depth``: the number of actions in a sequence, or None for
    every sequence to the end of the hand; ``limit``: the positions it may visit; ``seconds``: how
    long it may run (0: it stops at its first position). An action is a
    ``(seat, action)`` pair from ``engine.legal_actions(seat)`` of any seat (a raise may be
    answered, or cards shown, out of turn); a sequence stops early where the hand ends or no seat
    has an action. Returns ``(total, divide)``: ``total`` the number of sequences, ``divide`` the
    count below each first action as ``(seat, action, count)`` in seat order then action order
    (empty when the position is a leaf: ``total`` is then 1). Raises ``ValueError`` for a negative
    depth, ``CountTooLarge`` when it would visit more than ``limit`` positions or run longer than
    ``seconds`` (its message says which).
    """
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be 0 or more, got {depth}")
    budget = _Budget(limit, seconds)
    divide = [(seat, action, _lines(_after(engine, seat, action, budget), None if depth is None else depth - 1, budget))
              for seat, action in _first_actions(engine, depth)]
    return (sum(count for _, _, count in divide) if divide else 1), divide


def _first_actions(engine: Engine, depth: int | None) -> list[tuple[int, str]]:
    if depth == 0 or engine.hand is None or engine.hand.over:
        return []
    return [(seat, action) for seat in range(engine.players) for action in engine.legal_actions(seat)]


def _after(engine: Engine, seat: int, action: str, budget: _Budget) -> Engine:
    budget.spend()
    branch = engine.fork()
    branch.act(seat, action)
    return branch


def _lines(engine: Engine, depth: int | None, budget: _Budget) -> int:
    actions = _first_actions(engine, depth)
    if not actions:
        return 1
    remaining = None if depth is None else depth - 1
    return sum(_lines(_after(engine, seat, action, budget), remaining, budget) for seat, action in actions)


def _choices(engine: Engine, team: int, unseen: list[Card]) -> list[Card]:
    """The opponent's cards worth trying, strongest first: one per group of unseen strengths that
    compare alike with every card the team still holds and every card on the table (the weakest of
    the group, which leaves the stronger ones for later)."""
    hand = engine.hand
    strengths = hand.strengths
    marks = {strengths[card] for seat, cards in enumerate(hand.hands) if seat % engine.teams == team for card in cards}
    if hand.tricks:
        marks |= {strengths[play.card] for play in hand.tricks[-1].plays if not play.covered}
    marks_sorted = sorted(marks)
    groups: dict[tuple[int, bool], Card] = {}
    for card in unseen:  # weakest first (guaranteed_win sorted them)
        power = strengths[card]
        group = (bisect_left(marks_sorted, power), power in marks)  # (how many marks it beats, ties one)
        groups.setdefault(group, card)
    return sorted(groups.values(), key=strengths.__getitem__, reverse=True)  # strongest first (reverse keeps ties in order)


def _position(engine: Engine, unseen: list[Card]) -> tuple:
    hand = engine.hand
    strengths = hand.strengths
    tricks = tuple((trick.winner, trick.tied, tuple((play.seat, strengths[play.card]) for play in trick.plays))
                   for trick in hand.tricks)
    held = tuple(tuple(sorted(map(strengths.__getitem__, cards))) for cards in hand.hands)
    pool = tuple(map(strengths.__getitem__, unseen))  # sorted: unseen is weakest first
    return tricks, held, pool, hand.turn
