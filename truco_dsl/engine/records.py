"""The interpreter's state records: a vaza (``Trick``), a raise (``Raise``), a hand (``Hand``), a
game (``Game``) and the points just awarded (``Points``).

Their attribute names are the fields the clause language reads (``truco_dsl.lang.vocabulary``):
``trick.tied``, ``hand.stake``, ``raise.before``, ``game.target``, ``points.value`` … No rule lives
here; the records only hold what happened.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from operator import attrgetter

from truco_dsl.cards import Card


@dataclass(slots=True)
class Play:
    """One card on the table: who played it, which card, and whether face down."""

    seat: int
    card: Card
    covered: bool


@dataclass(slots=True)
class Trick:
    """A vaza. ``number`` from 1; ``leader`` the seat that played first; ``plays`` in order.

    Once complete: ``winner_seat`` / ``winner`` (team) of the strongest card, or ``tied`` when the
    strongest cards are equal; ``tied_within_team`` when all those tied cards are one team's;
    ``first_top_seat`` the seat of the first strongest card played.
    """

    number: int
    leader: int | None = None
    plays: list[Play] = field(default_factory=list)
    winner_seat: int | None = None
    winner: int | None = None
    tied: bool = False
    tied_within_team: bool = False
    first_top_seat: int | None = None

    @property
    def cards_played(self) -> int:
        return len(self.plays)

    def copy(self) -> Trick:
        """An independent copy (the plays list is new; a ``Play`` is never changed once made)."""
        twin = Trick(*_TRICK_FIELDS(self))
        twin.plays = list(self.plays)
        return twin


class TrickBook(dict):
    """``tricks[n]`` for expressions: the hand's vazas by number from 1; a vaza not yet played reads
    as an empty ``Trick`` of that number.

    A dict (number -> vaza), so that reading one is a C lookup: ``TrickBook(tricks, size)`` holds
    ``tricks`` and an empty vaza for each number up to ``size`` not played yet; ``started(trick)``
    puts a vaza in when it begins. Any other number is no vaza of the hand: reading it raises
    ``KeyError`` (a clause that computes ``tricks[trick.number + 5]`` fails at its place)."""

    def __init__(self, tricks: list[Trick], size: int = 0):
        empty = _EMPTY_TRICKS.get(size)
        if empty is None:  # shared by every book of that size: an empty vaza is never changed (expressions only read)
            empty = _EMPTY_TRICKS[size] = {number: Trick(number) for number in range(1, size + 1)}
        super().__init__(empty)
        for trick in tricks:
            self[trick.number] = trick

    def started(self, trick: Trick) -> None:
        self[trick.number] = trick



_EMPTY_TRICKS: dict[int, dict[int, Trick]] = {}  # hand size -> an empty vaza for each number


@dataclass(frozen=True, slots=True)
class Raise:
    """A raise of the stake: by ``seat`` of ``team``, from ``before`` to ``to`` points (``to`` is
    None when the ladder has no higher step); ``exposed`` when called with an opponent's card face
    up in the vaza (em carta exposta), else in the dark (no escuro)."""

    team: int
    seat: int
    before: int
    to: int | None
    exposed: bool = False


@dataclass
class Hand:
    """One hand (mão): the deal and everything played since. Points are in tentos.

    Not slotted: a fork copies its attributes' dict at once (``copy``)."""

    number: int
    dealer: int
    hands: list[list[Card]]
    vira: Card | None
    strengths: Mapping[Card, int]  # shared by every hand with this vira (RuleSet.strengths): never changed
    stake: int
    mao_seat: int | None = None
    cutter: int | None = None
    turn: int | None = None
    tricks: list[Trick] = field(default_factory=list)
    raised_by: int | None = None
    raise_exposed: bool = False
    pending: Raise | None = None
    mao_de_onze: bool = False
    mao_de_onze_team: int | None = None
    decision_pending: int | None = None
    partners_see: set[int] = field(default_factory=set)
    next_leader: int | None = None
    blind: bool = False
    flags: set[str] = field(default_factory=set)
    guarantees: dict[tuple[int, int], bool] = field(default_factory=dict)  # guaranteed_win() answers
    # the scores -> what the sure-win searches of this hand have learnt at them (search._HandMemory):
    # shared with forks, and valid while only cards are played (Engine.act forgets it at any other action)
    searched: dict = field(default_factory=dict)
    shuffled: tuple[Card, ...] | None = None  # the deck order a shuffled deal was dealt from (None: forced)
    over: bool = False
    won_by: int | None = None  # the team win_hand() gave the hand to: a hand is won once
    closed: bool = False  # the hand_end clauses have run

    def copy(self) -> Hand:
        """An independent copy of everything play changes; the strengths table is shared (it is
        fixed for the hand)."""
        twin = object.__new__(Hand)
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(cards) for cards in self.hands]
        # a vaza no longer changes once the next has begun (only the current one is played to, taken
        # or tied), so the copy shares them and copies the current one
        twin.tricks = self.tricks[:-1] + [self.tricks[-1].copy()] if self.tricks else []
        twin.partners_see, twin.flags, twin.guarantees = set(self.partners_see), set(self.flags), dict(self.guarantees)
        return twin

    @property
    def raise_pending(self) -> bool:
        return self.pending is not None

    @property
    def tricks_played(self) -> int:
        return sum(1 for trick in self.tricks if trick.winner is not None or trick.tied)


class Game:
    """One game (partida, série) of the match: its ``number`` from 1, its ``target`` in points (which
    a clause may change), ``mao_de_onze_at`` (the rule file's score at which a side plays the mão de
    onze, None when it sets none), its ``flags``, the infractions reported in it ((team, kind) ->
    reports), and whether it is ``won`` while the match goes on (the next deal starts the next game)."""

    __slots__ = ("target", "number", "mao_de_onze_at", "flags", "infractions", "won")

    def __init__(self, target: int, number: int = 1, mao_de_onze_at: int | None = None):
        self.target = target
        self.number = number
        self.mao_de_onze_at = mao_de_onze_at
        self.flags: set[str] = set()
        self.infractions: dict[tuple[int, str], int] = {}
        self.won = False

    def copy(self) -> Game:
        """An independent copy (new flags and infractions)."""
        twin = Game(self.target, self.number, self.mao_de_onze_at)
        twin.flags, twin.infractions, twin.won = set(self.flags), dict(self.infractions), self.won
        return twin


class Points:
    """Points just awarded (the ``points`` hook's root): ``value`` points to ``team``."""

    __slots__ = ("team", "value")

    def __init__(self, team: int, value: int):
        self.team, self.value = team, value


# Every field's value, in the order of the constructor's arguments: ``Trick(*_TRICK_FIELDS(trick))``
# is a shallow copy, several times faster than dataclasses.replace (the sure-win search forks a
# game at every position it examines).
_TRICK_FIELDS = attrgetter(*(each.name for each in fields(Trick)))

