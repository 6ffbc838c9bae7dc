"""One whole game played by bots (``play_game``), recorded so that it can be replayed (``replay``).

At each step the seat asked is the one ``view.seat_to_act`` names (the first seat, in the order of
play from the one that must answer first, with a legal action): its bot is given its ``SeatView``
and its legal actions, and its answer is taken with ``Engine.act``. Every hand's deal (the cards of
each seat and the vira, as the engine dealt them) and every (seat, action) are recorded with the
events the engine returned, so a runner can count what it wants (hands, raises, folds, points)
without playing again, and ``replay`` can play the game again with forced deals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from truco_dsl.engine import Engine, Event
from truco_dsl.errors import BotError
from truco_dsl.rules import RuleSet
from truco_dsl.simulation.view import seat_to_act, seat_view

if TYPE_CHECKING:  # pragma: no cover
    from truco_dsl.simulation.bots import Bot


@dataclass
class HandRecord:
    """One hand of a game: ``dealer`` (a seat); ``hands`` (each seat's cards as dealt, notations);
    ``vira`` (its notation, or None); ``actions`` ((seat, action) in the order taken); ``events``
    (what the deal and each action returned, in order); ``score`` (each team's points after it)."""

    dealer: int
    hands: list[list[str]]
    vira: str | None
    actions: list[tuple[int, str]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    score: list[int] = field(default_factory=list)


@dataclass
class GameRecord:
    """A game played by bots: ``ruleset`` (its id), ``players``, ``seed`` (the engine's), ``dealer``
    (the first hand's dealer), ``bots`` (each seat's bot name), ``hands`` (``HandRecord`` in order),
    ``winner`` (the team that won the game, None when none did: both sides disqualified) and
    ``score`` (each team's points at its end)."""

    ruleset: str
    players: int
    seed: int | None
    dealer: int
    bots: list[str]
    hands: list[HandRecord] = field(default_factory=list)
    winner: int | None = None
    score: list[int] = field(default_factory=list)

    @property
    def events(self) -> list[Event]:
        """Every event of the game, in order (each hand's ``events`` one after the other)."""
        return [event for hand in self.hands for event in hand.events]


def play_game(ruleset: RuleSet | str, players: int, seed: int | None, bots: list[Bot],
              dealer: int | None = None) -> GameRecord:
    """Play one game (up to its ``game_won``, or the match's end) of ``ruleset`` with ``players``
    seats, ``bots[seat]`` choosing for each seat; ``seed`` seeds the engine's deals; ``dealer``: the
    first hand's dealer (default: the last seat, so seat 0 is the mão).

    Returns the ``GameRecord``. Raises ``ValueError`` when ``bots`` does not give one bot a seat
    (or as ``Engine`` does), ``BotError`` when a bot answers an action that is not legal (or, as a
    program, breaks the bot protocol), ``RuntimeError`` when the engine offers no seat an action in
    a hand in play (a rule set that stalls; ``truco validate`` proves the bundled ones do not).
    The bots are not closed.
    """
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, one a seat; got {len(bots)}")
    engine = Engine(ruleset, players, seed=seed, dealer=dealer)
    record = GameRecord(engine.ruleset.id, players, seed, engine.next_dealer, [bot.name for bot in bots])
    while engine.phase == "deal" and engine.game_winner is None:
        hand = _deal(engine)
        record.hands.append(hand)
        while (asked := seat_to_act(engine)) is not None:
            seat, legal = asked
            action = bots[seat].choose(seat_view(engine, seat, hand.actions), legal)
            if action not in legal:
                raise BotError(f"bot {bots[seat].name} (seat {seat}) chose {action!r}, which is not among its legal "
                               f"actions {legal}")
            hand.events += engine.act(seat, action)
            hand.actions.append((seat, action))
        if engine.phase == "play":
            raise RuntimeError(f"{engine.ruleset.id}: no seat has a legal action in hand {len(record.hands)}, "
                               f"though the hand is not over")
        hand.score = list(engine.score)
    record.winner = engine.game_winner
    record.score = list(engine.score)
    return record


def replay(record: GameRecord, ruleset: RuleSet | str | None = None) -> Engine:
    """Play ``record`` again: each hand dealt as recorded (a forced deal), then its actions.

    ``ruleset``: the rule set (default: ``record.ruleset`` loaded by id). Returns the engine at the
    game's end. Raises ``IllegalAction`` or ``BadDeal`` when the record is not a game of that rule set.
    """
    engine = Engine(record.ruleset if ruleset is None else ruleset, record.players, seed=record.seed,
                    dealer=record.dealer)
    for hand in record.hands:
        engine.deal(hand.hands, hand.vira)
        for seat, action in hand.actions:
            engine.act(seat, action)
    return engine


def _deal(engine: Engine) -> HandRecord:
    """Deal the next hand of ``engine`` (shuffled by its seed) and record what was dealt."""
    events = engine.deal()
    dealt: dict[str, Any] = engine.state()["hand"]
    hand = HandRecord(dealt["dealer"], [dealt["hands"][str(seat)] for seat in range(engine.players)], dealt["vira"])
    hand.events += events
    return hand
