"""Searches of a hand's lines of play: ``guaranteed_win`` and ``count_lines``.

Does a team's hand win whatever the opponents hold and however they play? (``guaranteed_win``)

A query the clause language offers (the builtin ``guaranteed_win(team)``); the rule files that use
it (atb-2004's ATB-MAO-DE-ONZE-6.proof, fpt-1983's FPT-MAO-DE-ONZE-6.proof) say who may ask it,
when, and what a proved win is worth. This module only answers the question, by playing the hand
out — every vaza, tie and hand result comes from the rule set's own clauses, not from here.

The search: the team's seats play their known cards (any choice may be the winning one); each
opponent, at its turn, may hold any card nobody has seen (the cards outside the team's hands, the
vira and the table), chosen adversarially at the moment it is played; cards of equal strength are
one choice. In a blind hand (``blind_hands()``) nobody chooses a card knowingly, the team's seats
neither: every card the team holds is then a line it may have to play, not a choice. The answer is
True only if every line of play ends with the team winning the hand. The
search stops after ``budget`` positions and then answers False: a win it could not prove is not
guaranteed. An opponent's choices are grouped: unseen cards that compare alike with every card the
team holds and every card on the table lead to the same results, so one of each group is tried.

Two searches give that answer: over a lean position (``_LeanSearch``: strengths inside a vaza, the
engine asked where a guard may refuse a card and where a vaza ends), wherever the rule set lets it
stand for the other (``lean_obstacle``), and on forks of the engine at every position
(``_ForkSearch``), for the other rule sets and as the lean one's proof (tests/test_search.py).
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from truco_dsl.cards import Card
from truco_dsl.engine.vaza import top_seats
from truco_dsl.errors import CountTooLarge, IllegalAction

if TYPE_CHECKING:  # pragma: no cover
    from truco_dsl.engine.engine import Engine
    from truco_dsl.rules import RuleSet

#: the positions a search examines at most before it answers no: some 15 ms (a position costs a few
#: microseconds). In pairs and one against one no search seen reached it; in trios about one in ten
#: does, and nearly all of those answer no when let run to 400,000 positions (the rule files' notes)
DEFAULT_BUDGET = 6_000


class _OutOfBudget(Exception):
    pass


def guaranteed_win(engine: Engine, team: int, budget: int = DEFAULT_BUDGET) -> bool:
    """Whether ``team`` wins the current hand of ``engine`` against any cards and any play.

    ``engine``: a game with a hand in play (it is not changed); ``team``: 0 or 1; ``budget``: the
    most positions examined. Returns False when the hand is over, when a raise or decision is
    pending that the search cannot play through, or when the budget runs out (``search_answer``
    tells that apart). Raises ``RuleSetIncomplete`` when a clause fails on a line of play.
    """
    return search_answer(engine, team, budget) is True


def search_answer(engine: Engine, team: int, budget: int = DEFAULT_BUDGET, lean: bool | None = None) -> bool | None:
    """``guaranteed_win``'s answer, or None when the search ran out of its ``budget`` of positions.

    ``lean``: True for the search over a lean position (``_LeanSearch``), False for the search on
    forks of the engine at every position (``_ForkSearch``), None for the lean one wherever the rule
    set lets it stand for the other (``lean_obstacle``). Both give the same answers
    (tests/test_search.py proves it on seeded games of the bundled rule sets and of variants).
    Raises ``ValueError`` for ``lean=True`` under a rule set the lean search cannot stand for.
    A win is the team scoring more than it has now by the end of the hand (as the rule set's
    clauses award points), whatever the opponents hold and play.
    """
    hand = engine.hand
    if hand is None or hand.over:
        return False
    obstacle, guarded = _lean_facts(engine.ruleset)
    if lean and obstacle is not None:
        raise ValueError(f"the lean search cannot stand for the search on forks under {engine.ruleset.id}: {obstacle}")
    if lean is None:
        lean = obstacle is None
    try:
        if lean:
            # what earlier searches of this hand learnt (kept while only cards are played), at these
            # scores: a clause may award points before the hand is over
            key = tuple(engine.score)
            memory = hand.searched.get(key)
            if memory is None:
                memory = hand.searched[key] = _HandMemory(engine)
            return _LeanSearch(team, engine, budget, memory, guarded).answer()
        seen = {play.card for trick in hand.tricks for play in trick.plays}
        known = {card for seat, cards in enumerate(hand.hands) if seat % engine.teams == team for card in cards}
        # weakest first, once: every position of the search reads the unseen cards in that order
        # (_choices, the memo's keys), and taking a card out (list.remove) keeps it
        unseen = sorted((card for card in engine.ruleset.deck if card not in known and card not in seen and card != hand.vira),
                        key=hand.strengths.__getitem__)
        return _ForkSearch(team, list(engine.score), budget).answer(_as_searched(engine.fork(), team), unseen)
    except _OutOfBudget:
        return None


def _as_searched(branch: Engine, team: int) -> Engine:
    """``branch`` (a fork) made into the hand as ``team``'s search sees it: the opponents' hands
    empty (unknown: their cards are chosen as they are played) and no decision pending (it would
    stop the search: the hand is played out). Returns ``branch``."""
    hand = branch.hand
    hand.decision_pending = None
    for seat in range(branch.players):
        if seat % branch.teams != team:
            hand.hands[seat] = []
    return branch


#: the hooks whose clauses may run while a card is played: the card's, the vaza's end, and what
#: their effects run (an award runs ``points``, the hand's end ``hand_end``, ``call_raise`` ``raise``)
_PLAY_HOOKS = ("play", "trick_end", "after_trick", "points", "hand_end", "raise")
_OBSTACLES: dict[int, tuple[RuleSet, tuple[str | None, bool]]] = {}


def lean_obstacle(ruleset: RuleSet) -> str | None:
    """Why the lean search cannot stand for the search on forks under ``ruleset``, or None when it can.

    The lean search (``_LeanSearch``) keeps the engine out of the positions inside a vaza: there,
    only which seat played what strength changes, so the rule set must do nothing while a card is
    played (no effect clause at ``play``), and its guards at ``play`` must answer alike for every card
    (none reads ``action.card``) and only refuse (``forbid``, not ``foul``: a foul is played on, with
    its penalty). At the vaza's end the engine runs the rule set's clauses as always; what they
    decide is a function of the vazas' results so far, as long as no clause that may run asks for a
    search itself (``guaranteed_win`` reads the cards held). Every bundled rule set qualifies.
    """
    return _lean_facts(ruleset)[0]


def _lean_facts(ruleset: RuleSet) -> tuple[str | None, bool]:
    """``lean_obstacle(ruleset)``, and whether a guard at play may refuse a card played face up (one
    that requires ``action.covered`` may not: the lean search, which plays face up, need not ask it).
    Both read once per rule set: every search asks."""
    known = _OBSTACLES.get(id(ruleset))
    if known is not None and known[0] is ruleset:
        return known[1]
    obstacle = None
    if ruleset.effects("play"):
        obstacle = f"clause {ruleset.effects('play')[0].id} acts when a card is played"
    for clause in ruleset.guards("play"):
        if obstacle is None and clause.when is not None and clause.when.reads & {"action", "action.card"}:
            obstacle = f"guard {clause.id} reads which card is played"
        if obstacle is None and clause.then.guard == "foul":
            obstacle = f"guard {clause.id} is a foul: the card is played, with a penalty"
    for hook in _PLAY_HOOKS:
        for clause in ruleset.guards(hook) + ruleset.effects(hook):
            called = clause.then.builtins | (clause.when.builtins if clause.when is not None else frozenset())
            if obstacle is None and "guaranteed_win" in called:
                obstacle = f"clause {clause.id} at {hook} asks for a sure-win search itself"
    if len(_OBSTACLES) >= 256:  # rule sets are loaded by the hundred by truco mutate
        _OBSTACLES.clear()
    guarded = any(clause.when is None or "action.covered" not in clause.when.requires for clause in ruleset.guards("play"))
    _OBSTACLES[id(ruleset)] = ruleset, (obstacle, guarded)
    return obstacle, guarded


class _ForkSearch:
    """The search on forks: every position a fork of the engine, every card played by ``act``.

    ``team``, the scores before the hand (a win is the team scoring), the budget. What the lean
    search is proved against, and the search of a rule set the lean one cannot stand for."""

    def __init__(self, team: int, base: list[int], budget: int):
        self.team, self.base, self.budget = team, base, budget
        self.positions = 0
        self.memo: dict[tuple, bool] = {}

    def answer(self, start: Engine, unseen: list[Card]) -> bool:
        return self.team_wins(start, unseen)

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
                trick = hand.tricks[-1]
                table = [hand.strengths[play.card] for play in trick.plays if not play.covered]
                choices = _choices(hand.strengths, _team_cards(hand.hands, engine.teams, self.team), table, unseen)
                self.memo[key] = all(line is not False for line in
                                     (self.after(engine, seat, card, unseen, card) for card in choices))
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
        try:
            branch.act(seat, _play_action(branch, seat, card))
        except IllegalAction:  # forbidden by a clause (a card that may not be played face up, say)
            return None
        return self.team_wins(branch, remaining)


class _LeanSearch:
    """The search over a lean position: inside a vaza only strengths move, with no engine.

    A position is the vazas' results so far (``history``: each vaza's first top seat, whether it
    tied, whether the tie is within a team), the strengths on the table of the vaza being played
    (``table``: seat and strength, 0 for a card played face down before the search), the strengths
    each seat of the team holds, those of the unseen cards (``pool``), all sorted weakest first,
    and the seat to play. Cards of one strength are one choice: no clause reads which card is
    played (``lean_obstacle``). Where a card may be refused (the rule set's guards at ``play``) and
    where a vaza ends, the engine itself answers, on a fork that plays the line to that point with
    ``act``: what a tie, a top card or a second vaza won does to the hand is the rule set's
    clauses, run as in play. Both answers are a function of the position, so each is asked once
    per search and kept: ``refusals`` by (history, cards on the table), ``vazas`` by history (the
    engine at the start of each vaza, or the hand's end).

    The history counts from the hand's first vaza, so what one search learns holds for the next
    search of the same hand, as long as only cards have been played in between (``Engine.act``
    forgets it at any other action): ``memory``, a ``_HandMemory`` kept on the hand. The engine's
    answers are the same whichever team searches (no clause reads the cards held, ``lean_obstacle``),
    so both teams' searches share them; the answers by position are the team's own.
    """

    def __init__(self, team: int, engine: Engine, budget: int, memory: _HandMemory, guarded: bool):
        """``engine``: the game searched (never changed: the engine's answers are asked of forks);
        ``guarded``: whether a guard at play may refuse a card played face up (``_lean_facts``)."""
        self.team, self.engine, self.budget, self.guarded = team, engine, budget, guarded
        self.base = engine.score[team]
        self.players, self.teams = engine.players, engine.teams
        self.blind = engine.hand.blind
        self.team_seats = range(team, self.players, self.teams)
        # read at every position: whether a seat is the team's, and the seat after it
        self.mine = tuple(seat % self.teams == team for seat in range(self.players))
        self.following = tuple((seat + 1) % self.players for seat in range(self.players))
        self.positions = 0
        self.memo = memory.memos.setdefault(team, {})
        self.refusals, self.vazas = memory.refusals, memory.vazas
        self.results, self.cards = memory.results, memory.cards

    def answer(self) -> bool:
        hand = self.engine.hand
        self.positions += 1
        if hand.turn is None or hand.pending is not None:
            return False  # a raise waits for an answer: not played through
        strength = hand.strengths.__getitem__
        powers = [tuple((play.seat, 0 if play.covered else strength(play.card)) for play in trick.plays) for trick in hand.tricks]
        history = tuple(_result(self.teams, table) for table in powers[:-1])
        table = powers[-1]
        # where the lines start: the vaza being played, with the cards already on its table (not kept
        # for other searches: another line of this hand may have had other cards on it)
        self.root_cards = len(table)
        team_seats = self.team_seats
        held = tuple(tuple(sorted(map(strength, cards))) if seat in team_seats else () for seat, cards in enumerate(hand.hands))
        # every card the team cannot see (the opponents' hands and the rest of the deck), weakest first
        seen = {play.card for trick in hand.tricks for play in trick.plays}
        seen.update(card for seat in team_seats for card in hand.hands[seat])
        seen.add(hand.vira)
        pool = tuple(sorted(strength(card) for card in self.engine.ruleset.deck if card not in seen))
        return self.team_wins(history, table, held, pool, hand.turn)

    def team_wins(self, history: tuple, table: tuple, held: tuple, pool: tuple, seat: int) -> bool:
        """Whether the team wins from this position (``seat`` to play a card). Each line goes on
        with the next seat's position, or, the vaza complete, with ``vaza_ended``."""
        self.positions += 1
        if self.positions > self.budget:
            raise _OutOfBudget
        if not table:  # a vaza's start: the only position another line, or an earlier search, reaches again
            key = (history, held, pool, seat)
            known = self.memo.get(key)
            if known is not None:
                return known
        mine = self.mine[seat]
        if self.guarded and not self.allowed(history, table):
            result = not mine  # no card the seat may play face up: the team has no line; the opponents' refute nothing
        else:
            following = self.following[seat]
            step = self.team_wins if len(table) + 1 < self.players else self.vaza_ended
            if mine:
                rest = held[seat]
                lines = (step(history, table + ((seat, rest[index]),), held[:seat] + (rest[:index] + rest[index + 1:],) + held[seat + 1:],
                              pool, following)
                         for index in _distinct(rest))
                result = _team_wins(lines, self.blind)
            else:
                marks = [power for team_seat in self.team_seats for power in held[team_seat]]
                marks += [power for _, power in table]  # a card face down (0) is below every unseen one: no mark
                result = True
                for index in _choices_at(marks, pool):
                    if not step(history, table + ((seat, pool[index]),), held, pool[:index] + pool[index + 1:], following):
                        result = False
                        break
        if not table:
            self.memo[key] = result
        return result

    def vaza_ended(self, history: tuple, table: tuple, held: tuple, pool: tuple, _seat: int) -> bool:
        """Whether the team wins once ``table`` completes a vaza after ``history`` (``held`` and
        ``pool`` as they are then): what the rule set makes of the vaza, asked of the engine once
        per history (``vaza_end``), and the position after it."""
        result = self.results.get(table)
        if result is None:
            result = self.results[table] = _result(self.teams, table)
        ended = history + (result,)
        vaza = self.vazas.get(ended)
        if vaza is None:
            vaza = self.vazas[ended] = self.vaza_end(history, table, held)
        if vaza is _STOPPED:
            return False
        if isinstance(vaza, tuple):  # the scores at the hand's end
            return vaza[self.team] > self.base
        return self.team_wins(ended, (), held, pool, vaza.hand.turn)

    def allowed(self, history: tuple, table: tuple) -> bool:
        """Whether the rule set's guards at play let the seat to play here play a card face up.
        They answer alike for every card and every strength (``lean_obstacle``), so there is one
        answer per vaza and number of cards on its table; all of a vaza's are found at once, on one
        fork of the engine at its start that plays a card for each seat in turn (face down where
        the seat may not play one face up: a line of play may have come that way before the search)."""
        known = self.refusals.get((history, len(table)))
        if known is None:  # found once for the whole vaza
            branch, already = self.fork_at(history)
            hands = branch.hand.hands
            for depth in range(already, self.players):
                seat = branch.hand.turn
                hands[seat].append(self.cards[0][0])  # any card: the guards answer alike for every card
                action = _play_action(branch, seat, hands[seat][-1])
                self.refusals[history, depth] = allowed = branch.refusal(seat, action) is None
                if depth == self.players - 1:
                    break  # the last card would end the vaza
                if not allowed:
                    action = f"play_covered:{hands[seat][-1]}"
                    if branch.hand.blind or branch.refusal(seat, action) is not None:
                        break  # nobody plays past a seat that may not play at all
                branch.act(seat, action)
            known = self.refusals.get((history, len(table)), False)
        return known

    def fork_at(self, history: tuple) -> tuple[Engine, int]:
        """A fork of the engine at the start of the vaza after ``history``, as this search sees the
        hand (``_as_searched``), and the cards already on its table: the vaza's start kept by this
        search or an earlier one (no card), else the game searched (the cards of the search's root)."""
        kept = self.vazas.get(history)
        if kept is not None and kept is not _STOPPED and not isinstance(kept, tuple):
            return _as_searched(kept.fork(), self.team), 0
        return _as_searched(self.engine.fork(), self.team), self.root_cards

    def vaza_end(self, history: tuple, table: tuple, held: tuple) -> Engine | tuple[int, ...] | str:
        """What the rule set makes of the vaza ``table`` completes after ``history``: the engine at
        the start of the next vaza, every team's score once the hand is over, or ``_STOPPED`` when
        a clause left a raise or a decision waiting (the search does not play through it)."""
        branch = self.played(history, table, held)
        hand = branch.hand
        if hand.over:
            return tuple(branch.score)
        if hand.turn is None or hand.pending is not None or hand.decision_pending is not None:
            return _STOPPED
        return branch

    def played(self, history: tuple, table: tuple, held: tuple) -> Engine:
        """A fork of the engine at the start of the vaza after ``history`` with the cards of
        ``table`` played to it by ``act`` (those it has already excepted); ``held``: the strengths
        the team's seats hold once ``table`` is played. The engine kept for ``history`` may come
        from another line with the same vazas, or from an earlier search: the team's hands are
        dealt again from ``held``, and each strength played is given a card of the deck of that
        strength (the clauses never read which card: only the strengths decide the vaza; a card
        played face down before the search, strength 0, is played face down again)."""
        branch, already = self.fork_at(history)
        hands = branch.hand.hands
        given: dict[int, int] = {}  # strength -> cards of it given out so far

        def card_of(power: int) -> Card:
            count = given.get(power, 0)
            given[power] = count + 1
            return self.cards[power][count]

        playing = [(seat, power, card_of(power)) for seat, power in table[already:]]
        for seat in self.team_seats:
            hands[seat] = [card_of(power) for power in held[seat]] + [card for played, _, card in playing if played == seat]
        for seat, power, card in playing:
            if seat % self.teams != self.team:
                hands[seat].append(card)
            branch.act(seat, f"play_covered:{card}" if power == 0 else _play_action(branch, seat, card))
        return branch


class _HandMemory:
    """What the lean searches of one hand at one score have learnt (``_LeanSearch``): each team's
    answers by position (``memos``: team -> position -> answer), and the engine's answers, the
    same for both teams: the guards' answers inside a vaza (``refusals``), each vaza's start or
    every team's score at the hand's end (``vazas``), all keyed by the history from the hand's
    first vaza. Kept on the hand (``Hand.searched``) while only cards are played."""

    __slots__ = ("memos", "refusals", "vazas", "results", "cards")

    def __init__(self, engine: Engine) -> None:
        self.results: dict[tuple, tuple[int, bool, bool]] = {}  # a complete table -> its _result
        # strength -> the deck's cards of it: a card of each strength played on the engine's forks
        # (0, a card played face down: any)
        strengths, deck = engine.hand.strengths, engine.ruleset.deck
        self.cards: dict[int, list[Card]] = {0: list(deck)}
        for card in deck:
            self.cards.setdefault(strengths[card], []).append(card)
        self.memos: dict[int, dict[tuple, bool]] = {}
        self.refusals: dict[tuple, bool] = {}
        self.vazas: dict[tuple, Engine | tuple[int, ...] | str] = {}


_STOPPED = "stopped"  # a vaza after which a clause left a raise or a decision waiting


def _result(teams: int, table: tuple) -> tuple[int, bool, bool]:
    """A complete vaza's result before its clauses run, as the history keeps it: the seat of the
    first strongest card, whether the top is tied, and whether every tied card is one team's.
    ``table``: (seat, strength) of each card in the order played."""
    tops = top_seats(table)
    return tops[0], len(tops) > 1, len({top % teams for top in tops}) == 1


def _distinct(powers: tuple) -> list[int]:
    """The index in ``powers`` (sorted) of each strength once, strongest first: the choices of a
    seat of the team."""
    chosen, previous = [], None
    for index in range(len(powers) - 1, -1, -1):
        if powers[index] != previous:
            chosen.append(index)
            previous = powers[index]
    return chosen


def _play_action(engine: Engine, seat: int, card: Card) -> str:
    """The action of ``seat`` playing ``card`` face up: by its position in a blind hand."""
    return f"play_blind:{engine.hand.hands[seat].index(card) + 1}" if engine.hand.blind else f"play:{card}"


def _team_cards(hands, teams: int, team: int) -> list[Card]:
    return [card for seat, cards in enumerate(hands) if seat % teams == team for card in cards]


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


def _choices(strengths: Mapping[Card, int], team_cards: list[Card], table: list[int], unseen: list[Card]) -> list[Card]:
    """The opponent's cards worth trying, strongest first: the weakest unseen card of each strength
    ``_choices_at`` picks. ``team_cards``: the cards the team still holds; ``table``: the
    strengths face up on the table; ``unseen`` is weakest first."""
    first: dict[int, Card] = {}
    for card in unseen:
        first.setdefault(strengths[card], card)
    marks = {strengths[card] for card in team_cards} | set(table)
    pool = tuple(strengths[card] for card in unseen)
    return [first[pool[index]] for index in _choices_at(marks, pool)]


def _choices_at(marks: Iterable[int], pool: tuple) -> list[int]:
    """The unseen strengths worth trying, as their index in ``pool`` (sorted, weakest first),
    strongest first: one per group of ``pool`` that compares alike with every strength of ``marks``
    (the cards the team still holds and those face up on the table) — the weakest of the group,
    which leaves the stronger ones for later. A group is the strengths between two neighbouring
    marks, or those equal to a mark; as the pool is sorted, a group's first is found by bisection."""
    chosen: list[int] = []
    start, size = 0, len(pool)
    for mark in sorted(set(marks)):  # this runs at every opponent's position of the search
        if start == size:
            break
        if pool[start] < mark:  # the group between the mark below and this one
            chosen.append(start)
            start = bisect_left(pool, mark, start)
            if start == size:
                break
        if pool[start] == mark:  # the group equal to this mark
            chosen.append(start)
            start = bisect_right(pool, mark, start)
    if start < size:  # the group above every mark
        chosen.append(start)
    chosen.reverse()
    return chosen


def _position(engine: Engine, unseen: list[Card]) -> tuple:
    hand = engine.hand
    strengths = hand.strengths
    tricks = tuple((trick.winner, trick.tied, tuple((play.seat, strengths[play.card]) for play in trick.plays))
                   for trick in hand.tricks)
    held = tuple(tuple(sorted(map(strengths.__getitem__, cards))) for cards in hand.hands)
    pool = tuple(map(strengths.__getitem__, unseen))  # sorted: unseen is weakest first
    return tricks, held, pool, hand.turn
